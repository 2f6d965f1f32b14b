//===- Timeline.cpp - Reading a run's event log and report ----------------===//
//
// FILE:
//    utils/schedsan-run/replay/Timeline.cpp
//
// DESCRIPTION:
//    See Timeline.h. The log's records are tab-separated lines (T, E, B, U,
//    X: runtime/observe/schedsan_events.h); B and U pairs become blocked
//    intervals. The report's thread lines ("  T<n> (created by T<m>) ..." and
//    the more deeply indented lines under it, the stacks among them) go with
//    their thread, for the page to show when an event is clicked.
//===----------------------------------------------------------------------===//
#include "replay/Timeline.h"
#include "cli/Diag.h"
#include "schedsan/schedsan_protocol.h"

#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>

namespace schedsan::run {

namespace {

std::vector<std::string> split(const std::string &Line) {
  std::vector<std::string> F;
  size_t Start = 0;
  for (;;) {
    size_t Tab = Line.find('\t', Start);
    F.push_back(Line.substr(Start, Tab - Start));
    if (Tab == std::string::npos)
      return F;
    Start = Tab + 1;
  }
}

uint64_t number(const std::string &S) { return strtoull(S.c_str(), 0, 10); }

// "  T<n> ..." and the lines under it indented deeper, for each thread;
// the whole report from its fence on.
void readReport(const std::string &Stderr, Timeline &T) {
  size_t Fence = Stderr.find("==================\n");
  std::string Text = Fence == std::string::npos ? "" : Stderr.substr(Fence);
  T.Report = Text;
  std::istringstream In(Text);
  std::string Line;
  std::map<unsigned, std::string> Lines;
  int Tid = -1;
  while (std::getline(In, Line)) {
    if (Line.size() > 3 && Line.compare(0, 3, "  T") == 0 &&
        isdigit((unsigned char)Line[3])) {
      Tid = atoi(Line.c_str() + 3);
      Lines[Tid] += Line.substr(2) + "\n";
    } else if (Tid >= 0 && Line.compare(0, 3, "   ") == 0) {
      Lines[Tid] += Line.substr(2) + "\n";
    } else {
      Tid = -1;
    }
  }
  for (Timeline::Thread &Th : T.Threads)
    Th.Report = Lines[Th.Tid];
}

} // namespace

namespace {

// The index of S in Names (added if new).
int intern(std::vector<std::string> &Names, std::map<std::string, int> &Index,
           const std::string &S) {
  auto [It, New] = Index.emplace(S, (int)Names.size());
  if (New)
    Names.push_back(S);
  return It->second;
}

// Keeps the last kMaxSteps events (and the waits that end after the
// first one kept).
void dropFront(Timeline &T) {
  if (T.Steps.size() <= Timeline::kMaxSteps)
    return;
  const size_t N = T.Steps.size() - Timeline::kMaxSteps;
  T.Dropped = N;
  T.Steps.erase(T.Steps.begin(), T.Steps.begin() + N);
  const uint64_t First = T.Steps.front().Step;
  std::vector<Timeline::Blocked> Kept;
  for (const Timeline::Blocked &B : T.Blocks)
    if (B.To > First)
      Kept.push_back(B);
  T.Blocks = std::move(Kept);
}

} // namespace

Timeline readTimeline(const std::string &Path, const std::string &Stderr,
                      const std::string &Failure, const std::string &Title) {
  std::ifstream In(Path);
  if (!In)
    fatal("cannot read the run's event log '" + Path + "'");
  Timeline T;
  T.Failure = Failure;
  T.Title = Title;
  std::map<std::string, int> KindIndex, PlaceIndex;
  auto Place = [&](const std::string &S) {
    return S.empty() || S == "-" ? -1 : intern(T.Places, PlaceIndex, S);
  };
  std::map<unsigned, size_t> Open; // tid -> index in Blocks
  std::string Line;
  uint64_t Last = 0;
  while (std::getline(In, Line)) {
    std::vector<std::string> F = split(Line);
    if (F[0] == "T" && F.size() >= 3) {
      Timeline::Thread Th;
      Th.Tid = (unsigned)number(F[1]);
      Th.Parent = F[2] == "-" ? -1 : (int)number(F[2]);
      T.Threads.push_back(Th);
    } else if (F[0] == "E" && F.size() >= 7) {
      Timeline::Step S;
      S.Step = Last = number(F[1]);
      S.Tid = (unsigned)number(F[2]);
      S.Kind = intern(T.Kinds, KindIndex, F[3]);
      S.How = F[4].empty() ? '-' : F[4][0];
      S.Where = Place(F[5]);
      S.After = Place(F[6]);
      T.Steps.push_back(S);
    } else if ((F[0] == "B" || F[0] == "U") && F.size() >= 3) {
      const unsigned Tid = (unsigned)number(F[2]);
      const uint64_t Step = Last = number(F[1]);
      auto It = Open.find(Tid);
      if (It != Open.end()) { // a wait ends, or what it waits for changes
        T.Blocks[It->second].To = Step;
        Open.erase(It);
      }
      if (F[0] == "B" && F.size() >= 4) {
        Open[Tid] = T.Blocks.size();
        T.Blocks.push_back({Tid, Step, Step, F[3]});
      }
    } else if (F[0] == "X" && F.size() >= 7) {
      T.EndStep = Last = number(F[1]);
      T.EndHow = F[2];
      T.EndCode = atoi(F[3].c_str());
      T.EndTid = F[4] == "-" ? -1 : (int)number(F[4]);
      T.EndKind = F[5];
      T.EndWhere = F[6] == "-" ? "" : F[6];
    }
  }
  if (T.EndHow.empty())
    T.EndStep = Last;
  for (auto &[Tid, I] : Open)
    T.Blocks[I].To = T.EndStep + 1; // blocked through the last step
  // The failing event: the one the thread running at the report performed
  // at the last step; or, if it performed none there (a deadlock: it
  // reached a point and could not go on), the event it reached, drawn as
  // not performed (`x`). A run that only exited non-zero: its last event.
  if (!Failure.empty() && T.EndTid >= 0 && T.EndHow == "die") {
    int Last = -1;
    for (size_t I = T.Steps.size(); I-- > 0 && Last < 0;)
      if ((int)T.Steps[I].Tid == T.EndTid)
        Last = (int)I;
    if (Last < 0 || T.Steps[Last].Step != T.EndStep) {
      Timeline::Step S;
      S.Step = T.EndStep;
      S.Tid = (unsigned)T.EndTid;
      S.Kind = intern(T.Kinds, KindIndex, T.EndKind);
      S.How = 'x';
      S.Where = Place(T.EndWhere);
      T.Steps.push_back(S);
    }
  }
  dropFront(T);
  symbolizePlaces(T.Places);
  if (!Failure.empty() && !T.Steps.empty()) {
    T.Failing = (int)T.Steps.size() - 1;
    if (T.EndTid >= 0)
      while (T.Failing > 0 && (int)T.Steps[T.Failing].Tid != T.EndTid)
        --T.Failing;
  }
  readReport(Stderr, T);
  return T;
}

Json timelineJson(const Timeline &T) {
  Json J = Json::object();
  J.set("format", "schedsan-timeline-v1");
  J.set("title", T.Title);
  J.set("failure", T.Failure);
  Json Threads = Json::array();
  for (const Timeline::Thread &Th : T.Threads) {
    Json O = Json::object();
    O.set("tid", Th.Tid);
    O.set("parent", Th.Parent < 0 ? Json() : Json(Th.Parent));
    O.set("report", Th.Report);
    Threads.push(std::move(O));
  }
  J.set("threads", std::move(Threads));
  Json Kinds = Json::array(), Places = Json::array();
  for (const std::string &K : T.Kinds)
    Kinds.push(K);
  for (const std::string &P : T.Places)
    Places.push(P);
  J.set("kinds", std::move(Kinds));
  J.set("places", std::move(Places));
  J.set("dropped", T.Dropped);
  // Steps as rows [step, tid, kind, how, where, after], kind an index into
  // kinds, where and after into places (-1: none).
  Json Steps = Json::array();
  for (const Timeline::Step &S : T.Steps) {
    Json R = Json::array();
    R.push(S.Step);
    R.push(S.Tid);
    R.push(S.Kind);
    R.push(std::string(1, S.How));
    R.push(S.Where);
    R.push(S.After);
    Steps.push(std::move(R));
  }
  J.set("steps", std::move(Steps));
  Json Blocks = Json::array();
  for (const Timeline::Blocked &B : T.Blocks) {
    Json O = Json::object();
    O.set("tid", B.Tid);
    O.set("from", B.From);
    O.set("to", B.To);
    O.set("what", B.What);
    Blocks.push(std::move(O));
  }
  J.set("blocked", std::move(Blocks));
  Json End = Json::object();
  End.set("how", T.EndHow);
  End.set("code", T.EndCode);
  End.set("step", T.EndStep);
  End.set("tid", T.EndTid < 0 ? Json() : Json(T.EndTid));
  End.set("kind", T.EndKind);
  End.set("where", T.EndWhere);
  End.set("failing", T.Failing);
  J.set("end", std::move(End));
  J.set("report", T.Report);
  return J;
}

namespace {

void writeCompact(const Json &J, unsigned Lines, std::string &Out) {
  switch (J.kind()) {
  case Json::Kind::Array:
  case Json::Kind::Object: {
    const bool Array = J.kind() == Json::Kind::Array;
    const size_t N = Array ? J.items().size() : J.members().size();
    Out += Array ? '[' : '{';
    for (size_t I = 0; I != N; ++I) {
      if (I)
        Out += ',';
      if (Lines)
        Out += '\n';
      if (Array) {
        writeCompact(J.items()[I], Lines ? Lines - 1 : 0, Out);
        continue;
      }
      writeCompact(Json(J.members()[I].first), 0, Out);
      Out += ':';
      writeCompact(J.members()[I].second, Lines ? Lines - 1 : 0, Out);
    }
    if (Lines && N)
      Out += '\n';
    Out += Array ? ']' : '}';
    return;
  }
  default: { // a scalar: as dump() writes it, less its newline
    std::string S = J.dump();
    S.pop_back();
    Out += S;
  }
  }
}

} // namespace

std::string compactJson(const Json &J, unsigned Lines) {
  std::string Out;
  writeCompact(J, Lines, Out);
  return Out + "\n";
}

} // namespace schedsan::run
