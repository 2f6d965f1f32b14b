//===- Rewrite.cpp - The compiler command the wrapper runs ----------------===//
//
// FILE:
//    utils/schedsan-cc/Rewrite.cpp
//
// DESCRIPTION:
//    See Rewrite.h.
//
//    Why -shared links lose "no undefined symbols" checks: an instrumented
//    shared library calls the __schedsan_* hooks but must not contain the
//    runtime (one runtime per process, in the executable; two copies would
//    each think they own the schedule). The hooks are therefore undefined in
//    the library by design and resolve from the executable at load time, so
//    -Wl,--no-undefined / -Wl,-z,defs (Meson adds them by default) would
//    fail every instrumented library. AFL++'s afl-cc drops them for the same
//    reason. Only those linker options are removed; the rest of a -Wl list
//    is kept.
//===----------------------------------------------------------------------===//
#include "Rewrite.h"
#include "Flags.h"
#include "ResponseFile.h"

namespace schedsan::cc {

namespace {

bool isNoUndefined(const std::string &Opt) {
  return Opt == "--no-undefined" || Opt == "-no-undefined" || Opt == "-zdefs";
}

// The options of "-Wl,a,b,c".
std::vector<std::string> splitLinkerList(const std::string &Arg) {
  std::vector<std::string> Opts;
  size_t Start = 4; // after "-Wl,"
  for (size_t Comma; (Comma = Arg.find(',', Start)) != std::string::npos;
       Start = Comma + 1)
    Opts.push_back(Arg.substr(Start, Comma - Start));
  Opts.push_back(Arg.substr(Start));
  return Opts;
}

// -Wl,<list> without the no-undefined options; "" if nothing is left.
std::string filterLinkerList(const std::string &Arg) {
  std::vector<std::string> Opts = splitLinkerList(Arg);
  std::string Out;
  for (size_t I = 0; I < Opts.size(); ++I) {
    if (isNoUndefined(Opts[I]))
      continue;
    if (Opts[I] == "-z" && I + 1 < Opts.size() && Opts[I + 1] == "defs") {
      ++I;
      continue;
    }
    Out += "," + Opts[I];
  }
  return Out.empty() ? "" : "-Wl" + Out;
}

// The user's arguments minus -fsanitize-schedule= and
// -fsanitize-schedule-funcs= and, if DropNoUndefined,
// the no-undefined linker options.
std::vector<std::string> filterArgs(const std::vector<std::string> &Args,
                                    bool DropNoUndefined) {
  std::vector<std::string> Out;
  auto at = [&](size_t I) { return I < Args.size() ? Args[I] : ""; };
  for (size_t I = 0; I < Args.size(); ++I) {
    const std::string &A = Args[I];
    std::vector<std::string> Expanded;
    if (!A.empty() && A[0] == '@' && readResponseFile(A, Expanded)) {
      // Keep the response file unless something in it must change.
      std::vector<std::string> Filtered = filterArgs(Expanded, DropNoUndefined);
      if (Filtered == Expanded)
        Out.push_back(A);
      else
        Out.insert(Out.end(), Filtered.begin(), Filtered.end());
      continue;
    }
    if (isStrategyFlag(A) || isFuncsFlag(A))
      continue;
    if (DropNoUndefined) {
      if (A.compare(0, 4, "-Wl,") == 0) {
        std::string Kept = filterLinkerList(A);
        if (!Kept.empty())
          Out.push_back(Kept);
        continue;
      }
      if (A == "-Xlinker" && isNoUndefined(at(I + 1))) {
        ++I;
        continue;
      }
      if (A == "-Xlinker" && at(I + 1) == "-z" && at(I + 2) == "-Xlinker" &&
          at(I + 3) == "defs") {
        I += 3;
        continue;
      }
      if (A == "-z" && at(I + 1) == "defs") {
        ++I;
        continue;
      }
    }
    Out.push_back(A);
    if (takesSeparateValue(A) && I + 1 < Args.size())
      Out.push_back(Args[++I]);
  }
  return Out;
}

} // namespace

std::vector<std::string> rewriteArgs(const std::vector<std::string> &Args,
                                     const ArgFacts &F, const Layout &L,
                                     bool CxxDriver) {
  bool Off = F.HasStrategy && F.Strategy == "none";
  std::vector<std::string> User = filterArgs(Args, F.Shared && !Off);
  if (Off)
    return User;

  // The attribute plugin goes wherever Clang parses C-family code, also
  // without code generation (-fsyntax-only, header precompilation), so
  // [[schedsan::...]] attributes are known there too.
  std::vector<std::string> Out =
      compileFlags(L, F.runsPass(), F.FrontendInput && !F.PreprocessOnly);
  // <schedsan/script.h> and <schedsan/control.h>: after every other
  // directory, so a program's own headers win.
  if (F.FrontendInput && fileExists(L.includeDir() + "/schedsan/script.h") &&
      L.includeDir() != "/usr/include" &&
      L.includeDir() != "/usr/local/include") {
    Out.push_back("-idirafter");
    Out.push_back(L.includeDir());
  }
  if (F.runsPass()) {
    std::vector<std::string> Events = eventFlags(F.Strategy, F.Funcs);
    Out.insert(Out.end(), Events.begin(), Events.end());
  }
  Out.insert(Out.end(), User.begin(), User.end());
  if (F.linksExecutable()) {
    // After `-x c++ y.cpp`, clang would read the runtime archive as C++.
    if (F.LanguageAtEnd) {
      Out.push_back("-x");
      Out.push_back("none");
    }
    std::vector<std::string> Link =
        linkFlags(L, F.HasStrategy ? F.Strategy : "", F.Static, !CxxDriver,
                  /*WeakInterceptors=*/!F.OtherSanitizer);
    Out.insert(Out.end(), Link.begin(), Link.end());
  }
  return Out;
}

} // namespace schedsan::cc
