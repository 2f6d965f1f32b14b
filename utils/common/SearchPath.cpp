//===- SearchPath.cpp - Finding a program like execvp does ----------------===//
//
// FILE:
//    utils/common/SearchPath.cpp
//
// DESCRIPTION:
//    See SearchPath.h.
//===----------------------------------------------------------------------===//
#include "SearchPath.h"

#include <climits>
#include <cstdlib>
#include <unistd.h>

namespace schedsan {

static bool resolvesTo(const std::string &Path, const std::string &Real) {
  char Buf[PATH_MAX];
  return !Real.empty() && realpath(Path.c_str(), Buf) && Real == Buf;
}

std::string searchPath(const std::string &Name, const std::string &Skip) {
  if (Name.find('/') != std::string::npos)
    return Name;
  const char *Path = std::getenv("PATH");
  const std::string Dirs = Path ? Path : "/usr/local/bin:/usr/bin:/bin";
  size_t Start = 0;
  while (Start <= Dirs.size()) {
    size_t Colon = Dirs.find(':', Start);
    if (Colon == std::string::npos)
      Colon = Dirs.size();
    std::string Dir = Dirs.substr(Start, Colon - Start);
    std::string Candidate = (Dir.empty() ? "." : Dir) + "/" + Name;
    if (access(Candidate.c_str(), X_OK) == 0 && !resolvesTo(Candidate, Skip))
      return Candidate;
    Start = Colon + 1;
  }
  return "";
}

} // namespace schedsan
