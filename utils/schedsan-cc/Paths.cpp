//===- Paths.cpp - Where the plugin and the runtime are -------------------===//
//
// FILE:
//    utils/schedsan-cc/Paths.cpp
//
// DESCRIPTION:
//    See Paths.h. SCHEDSAN_INSTALL_LIBDIR is CMAKE_INSTALL_LIBDIR, baked in
//    at configure time (utils/schedsan-cc/CMakeLists.txt).
//===----------------------------------------------------------------------===//
#include "Paths.h"
#include "Diag.h"

#include <cerrno>
#include <cstring>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef SCHEDSAN_INSTALL_LIBDIR
#define SCHEDSAN_INSTALL_LIBDIR "lib"
#endif

namespace schedsan::cc {

static std::string dirName(const std::string &Path) {
  size_t Slash = Path.find_last_of('/');
  if (Slash == std::string::npos)
    return ".";
  return Slash == 0 ? "/" : Path.substr(0, Slash);
}

std::string baseName(const std::string &Path) {
  size_t Slash = Path.find_last_of('/');
  return Slash == std::string::npos ? Path : Path.substr(Slash + 1);
}

bool fileExists(const std::string &Path) {
  struct stat St;
  return stat(Path.c_str(), &St) == 0 && S_ISREG(St.st_mode);
}

const std::string &requireFile(const std::string &Path, const char *What) {
  if (!fileExists(Path))
    fatal(std::string(What) + " not found: " + Path);
  return Path;
}

Layout findLayout() {
  char Buf[PATH_MAX];
  ssize_t N = readlink("/proc/self/exe", Buf, sizeof(Buf) - 1);
  if (N <= 0)
    fatal(std::string("cannot read /proc/self/exe: ") + std::strerror(errno));
  Buf[N] = '\0';

  Layout L;
  L.Self = Buf;
  L.BinDir = dirName(L.Self);
  L.Prefix = dirName(L.BinDir);
  L.LibDir = L.Prefix + "/lib";
  std::string Configured = L.Prefix + "/" SCHEDSAN_INSTALL_LIBDIR;
  if (!fileExists(L.plugin()) && Configured != L.LibDir &&
      fileExists(Configured + "/SchedSanPass.so"))
    L.LibDir = Configured;
  return L;
}

std::string Layout::plugin() const { return LibDir + "/SchedSanPass.so"; }
std::string Layout::attrsPlugin() const { return LibDir + "/SchedSanAttrs.so"; }
std::string Layout::runtime() const { return LibDir + "/libschedsan_rt.a"; }
std::string Layout::weakRuntime() const {
  return LibDir + "/libschedsan_rt_weak.a";
}
std::string Layout::scriptLibrary() const {
  return LibDir + "/libschedsan_script.a";
}
std::string Layout::includeDir() const { return Prefix + "/include"; }
std::string Layout::dynamicList() const {
  return LibDir + "/schedsan/schedsan_rt.syms";
}
std::string Layout::defaultObject(const std::string &Strategy) const {
  return LibDir + "/schedsan/default-" + Strategy + ".o";
}

} // namespace schedsan::cc
