//===- Program.cpp - Find the program and check it is instrumented --------===//
//
// FILE:
//    utils/schedsan-run/Program.cpp
//
// DESCRIPTION:
//    See Program.h. The instrumentation check maps the file and searches it
//    for the two names: cheap, needs no ELF parsing, and works on stripped
//    binaries.
//===----------------------------------------------------------------------===//
#include "Program.h"
#include "Diag.h"
#include "Exec.h"
#include "SearchPath.h"

#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace schedsan::run {

namespace {

std::string resolve(const std::string &Name) {
  std::string Found = searchPath(Name);
  if (Found.empty())
    fatal("program '" + Name + "' not found in PATH");
  return Found;
}

struct Contents {
  bool Runtime = false, Module = false, ForkServer = false, Script = false;
};

Contents scan(const std::string &Path) {
  Contents C;
  int Fd = open(Path.c_str(), O_RDONLY | O_CLOEXEC);
  struct stat St;
  if (Fd < 0 || fstat(Fd, &St) != 0)
    fatal("cannot read program '" + Path + "': " + lastError());
  if (St.st_size == 0) {
    close(Fd);
    return C;
  }
  void *Map = mmap(nullptr, St.st_size, PROT_READ, MAP_PRIVATE, Fd, 0);
  close(Fd);
  if (Map == MAP_FAILED)
    fatal("cannot read program '" + Path + "': " + lastError());
  auto Has = [&](const char *Name) {
    return memmem(Map, St.st_size, Name, std::strlen(Name)) != nullptr;
  };
  C.Runtime = Has("__schedsan_default_strategy");
  C.Module = Has("__schedsan_init_module");
  C.ForkServer = Has("SCHEDSAN_FORKSERVER");
  C.Script = St.st_size >= 2 && std::memcmp(Map, "#!", 2) == 0;
  munmap(Map, St.st_size);
  return C;
}

} // namespace

Program findProgram(const std::vector<std::string> &Argv) {
  Program P;
  P.Argv = Argv;
  const std::string &Name = Argv[0];
  P.Path = resolve(Name);
  struct stat St;
  if (stat(P.Path.c_str(), &St) != 0)
    fatal("program '" + Name + "' not found: " + lastError());
  if (!S_ISREG(St.st_mode))
    fatal("program '" + Name + "' is not a regular file");
  if (access(P.Path.c_str(), X_OK) != 0)
    fatal("program '" + Name + "' is not executable: " + lastError());
  Contents C = scan(P.Path);
  if (!C.Runtime || !C.Module)
    fatal("program '" + Name + "' is not built with schedsan " +
          (C.Script ? std::string("(it is a script; run the instrumented "
                                  "executable itself)")
                    : std::string("(no ") +
                          (C.Runtime ? "instrumented code"
                                     : "schedsan runtime") +
                          " in it): build it with schedsan-clang or "
                          "schedsan-clang++ -fsanitize-schedule=<strategy>"));
  P.HasForkServer = C.ForkServer;
  return P;
}

void probeRuntime(Program &P, const std::vector<std::string> &Env,
                  const std::string &Options) {
  Spawn S;
  S.Path = P.Path;
  S.Argv = P.Argv;
  S.Env = Env;
  S.Env.push_back("SCHEDSAN_OPTIONS=" + Options +
                  (Options.empty() ? "" : ":") + "help=1");
  std::string Output;
  ProcessEnd E = runCaptured(S, 30, Output);
  std::string First = Output.substr(0, Output.find('\n'));
  if (E.How == ProcessEnd::SpawnFailed)
    fatal("cannot run '" + P.Argv[0] + "': " + Output);
  if (E.How == ProcessEnd::TimedOut)
    fatal("'" + P.Argv[0] + "' did not answer SCHEDSAN_OPTIONS=help=1 within "
          "30 s (is it built with schedsan?)");
  size_t Err = Output.find("ERROR: ScheduleSanitizer: ");
  if (Err != std::string::npos) {
    std::string Line = Output.substr(Err + 26);
    fatal("the program's runtime refused the options: " +
          Line.substr(0, Line.find('\n')));
  }
  if (E.How != ProcessEnd::Exited || E.Code != 0 ||
      Output.find("ScheduleSanitizer options") == std::string::npos)
    fatal("'" + P.Argv[0] + "' did not start as a schedsan program (" +
          describe(E) + (First.empty() ? "" : ": " + First) + ")");
  P.HasTraceDir = Output.find("trace_dir") != std::string::npos;
}

} // namespace schedsan::run
