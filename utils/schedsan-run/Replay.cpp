//===- Replay.cpp - schedsan replay ---------------------------------------===//
//
// FILE:
//    utils/schedsan-run/Replay.cpp
//
// DESCRIPTION:
//    See Replay.h.
//===----------------------------------------------------------------------===//
#include "Replay.h"
#include "Diag.h"
#include "Exec.h"
#include "Options.h"
#include "Program.h"
#include "Results.h"

#include <fstream>

namespace schedsan::run {

namespace {

struct TraceHeader {
  std::string Strategy, Seed;
  bool Replayable = true;
};

std::string token(const std::string &Line, const std::string &Key) {
  size_t P = (" " + Line).find(" " + Key + "=");
  if (P == std::string::npos)
    return "";
  P += Key.size() + 1;
  return Line.substr(P, Line.find(' ', P) - P);
}

TraceHeader readHeader(const std::string &Path) {
  std::ifstream In(Path);
  if (!In)
    fatal("cannot read trace '" + Path + "'");
  TraceHeader H;
  std::string Line;
  while (std::getline(In, Line) && !Line.empty() && Line[0] == '#') {
    std::string Body = Line.substr(1);
    if (!token(Body, "strategy").empty()) {
      H.Strategy = token(Body, "strategy");
      H.Seed = token(Body, "seed");
      H.Replayable = token(Body, "replayable") != "0";
    }
  }
  if (H.Strategy.empty() || H.Seed.empty())
    fatal("'" + Path + "' is not a schedsan trace (no '# strategy=... "
          "seed=...' header line)");
  return H;
}

} // namespace

int replayMain(const std::vector<std::string> &Args) {
  ReplayOptions O = parseReplayArgs(Args);
  TraceHeader H = readHeader(O.Trace);
  Program P = findProgram(O.Command);
  if (!H.Replayable)
    warning("the recorded run was not exactly replayable (the watchdog "
            "released a blocked thread): the replay may diverge");
  std::vector<std::string> Parts = {environmentOptions(),
                                    "strategy=" + H.Strategy};
  if (O.Depth)
    Parts.push_back("depth=" + std::to_string(O.Depth));
  Parts.insert(Parts.end(), O.Options.begin(), O.Options.end());
  Parts.push_back("replay=" + O.Trace);
  std::string Options = joinOptions(Parts);
  note("SCHEDSAN_OPTIONS=" +
       shellQuote(joinOptions({Options, "seed=" + H.Seed})) + " " +
       shellJoin(O.Command));

  ExecLauncher L(P.Path, P.Argv,
                 environmentWithout({"SCHEDSAN_OPTIONS", "SCHEDSAN_FORKSERVER"}),
                 Options);
  RunSpec R;
  R.Seed = std::stoull(H.Seed);
  ProcessEnd E = L.run(R, 0, Interrupt());
  if (E.How == ProcessEnd::SpawnFailed)
    fatal("cannot start '" + O.Command[0] + "'");
  bool Failed = !(E.How == ProcessEnd::Exited && E.Code == 0);
  note(Failed ? "the replayed run failed (" + describe(E) + ")"
              : "the replayed run did not fail: the bug was not reproduced");
  return Failed ? 1 : 0;
}

} // namespace schedsan::run
