//===- Program.cpp - Find the program and check it is instrumented --------===//
//
// FILE:
//    utils/schedsan-run/cli/Program.cpp
//
// DESCRIPTION:
//    See Program.h. The instrumentation check maps the file and searches it
//    for the two names: cheap, needs no ELF parsing, and works on stripped
//    binaries.
//===----------------------------------------------------------------------===//
#include "cli/Program.h"
#include "SearchPath.h"
#include "campaign/Exec.h"
#include "campaign/Outcome.h"
#include "cli/Diag.h"
#include "schedsan/schedsan_protocol.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <elf.h>
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
  bool StrategyKnown = false;
  std::string Strategy;
};

// The string a defined symbol Name points to in an ELF64 file mapped at
// Map (Size bytes), looked up in .dynsym and .symtab; false if not found.
bool elfString(const char *Map, size_t Size, const char *Name,
               std::string &Out) {
  if (Size < sizeof(Elf64_Ehdr) || std::memcmp(Map, ELFMAG, SELFMAG) != 0 ||
      Map[EI_CLASS] != ELFCLASS64)
    return false;
  const auto *Eh = (const Elf64_Ehdr *)Map;
  if (Eh->e_shoff == 0 || Eh->e_shentsize != sizeof(Elf64_Shdr) ||
      Eh->e_shoff + (uint64_t)Eh->e_shnum * sizeof(Elf64_Shdr) > Size)
    return false;
  const auto *Sh = (const Elf64_Shdr *)(Map + Eh->e_shoff);
  auto Inside = [&](uint64_t Off, uint64_t Len) {
    return Off <= Size && Len <= Size - Off;
  };
  for (unsigned I = 0; I != Eh->e_shnum; ++I) {
    if ((Sh[I].sh_type != SHT_DYNSYM && Sh[I].sh_type != SHT_SYMTAB) ||
        Sh[I].sh_link >= Eh->e_shnum || !Inside(Sh[I].sh_offset, Sh[I].sh_size))
      continue;
    const Elf64_Shdr &Str = Sh[Sh[I].sh_link];
    if (!Inside(Str.sh_offset, Str.sh_size))
      continue;
    const auto *Syms = (const Elf64_Sym *)(Map + Sh[I].sh_offset);
    for (size_t J = 0, N = Sh[I].sh_size / sizeof(Elf64_Sym); J != N; ++J) {
      const Elf64_Sym &Sym = Syms[J];
      if (Sym.st_name >= Str.sh_size || Sym.st_shndx == SHN_UNDEF ||
          Sym.st_shndx >= Eh->e_shnum ||
          std::strncmp(Map + Str.sh_offset + Sym.st_name, Name,
                       Str.sh_size - Sym.st_name) != 0)
        continue;
      const Elf64_Shdr &Sec = Sh[Sym.st_shndx];
      if (Sec.sh_type == SHT_NOBITS || Sym.st_value < Sec.sh_addr)
        continue;
      uint64_t Off = Sec.sh_offset + (Sym.st_value - Sec.sh_addr);
      if (!Inside(Off, 1) || Sym.st_value - Sec.sh_addr >= Sec.sh_size)
        continue;
      size_t Max = std::min<uint64_t>(64, Size - Off);
      const char *P = Map + Off;
      const char *End = (const char *)std::memchr(P, 0, Max);
      if (!End)
        continue;
      Out.assign(P, End);
      return true;
    }
  }
  return false;
}

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
  C.Runtime = Has(SCHEDSAN_SYMBOL_DEFAULT_STRATEGY);
  C.Module = Has(SCHEDSAN_SYMBOL_INIT_MODULE);
  C.ForkServer = Has(SCHEDSAN_ENV_FORKSERVER);
  C.Script = St.st_size >= 2 && std::memcmp(Map, "#!", 2) == 0;
  C.StrategyKnown = elfString((const char *)Map, St.st_size,
                              SCHEDSAN_SYMBOL_DEFAULT_STRATEGY, C.Strategy);
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
          (C.Script
               ? std::string("(it is a script; run the instrumented "
                             "executable itself)")
               : std::string("(no ") +
                     (C.Runtime ? "instrumented code" : "schedsan runtime") +
                     " in it): build it with schedsan-clang or "
                     "schedsan-clang++ -fsanitize-schedule=<strategy>"));
  P.HasForkServer = C.ForkServer;
  P.DefaultKnown = C.StrategyKnown;
  P.DefaultStrategy = C.Strategy;
  return P;
}

void probeRuntime(Program &P, const std::vector<std::string> &Env,
                  const std::string &Options) {
  Spawn S;
  S.Path = P.Path;
  S.Argv = P.Argv;
  S.Env = Env;
  S.Env.push_back(SCHEDSAN_ENV_OPTIONS "=" + Options +
                  (Options.empty() ? "" : ":") + "help=1");
  std::string Output;
  ProcessEnd E = runCaptured(S, 30, Output);
  std::string First = Output.substr(0, Output.find('\n'));
  if (E.How == ProcessEnd::SpawnFailed)
    fatal("cannot run '" + P.Argv[0] + "': " + Output);
  if (E.How == ProcessEnd::TimedOut)
    fatal("'" + P.Argv[0] +
          "' did not answer " SCHEDSAN_ENV_OPTIONS
          "=help=1 within 30 s (is it built with schedsan?)");
  if (Output.find(SCHEDSAN_REPORT_ERROR) != std::string::npos)
    fatal("the program's runtime refused the options: " + runtimeError(Output));
  if (E.How != ProcessEnd::Exited || E.Code != 0 ||
      Output.find(SCHEDSAN_REPORT_HELP) == std::string::npos)
    fatal("'" + P.Argv[0] + "' did not start as a schedsan program (" +
          describe(E) + (First.empty() ? "" : ": " + First) + ")");
  P.HasTraceDir = Output.find("trace_dir") != std::string::npos;
  P.HasCoverage = Output.find("coverage_file") != std::string::npos;
  P.HasRf = Output.find("rf_file") != std::string::npos;
  P.HasSharedSites = Output.find("decision_sites") != std::string::npos;
}

void resolveStrategy(RunOptions &O, const Program &P, const std::string &Env) {
  if (O.Strategy) {
    O.Effective = O.Strategy;
    return;
  }
  // The runtime's order: SCHEDSAN_OPTIONS's strategy= over the binary's.
  const std::string FromEnv = optionValue(splitOptions(Env), "strategy");
  if (!FromEnv.empty())
    O.Effective = findStrategy(FromEnv.c_str(), InRuntime); // probe: checked
  else if (P.DefaultKnown)
    O.Effective = P.DefaultStrategy.empty()
                      ? &defaultStrategy()
                      : findStrategy(P.DefaultStrategy.c_str(), InRuntime);
  else
    O.Effective = nullptr;
}

} // namespace schedsan::run
