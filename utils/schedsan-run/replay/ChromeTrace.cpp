//===- ChromeTrace.cpp - A failing schedule in the Trace Event Format -----===//
//
// FILE:
//    utils/schedsan-run/replay/ChromeTrace.cpp
//
// DESCRIPTION:
//    The timeline (Timeline.h) as a Trace Event Format file, which Perfetto
//    (ui.perfetto.dev) and chrome://tracing open: one process, one track
//    per thread (tid = schedsan's thread id, named by thread_name metadata),
//    time in microseconds = scheduling steps. Each executed event is a
//    complete event ("X", 1 us) named by its kind, category "event", plus
//    "switch" or "preemption"; args carry the step and source location.
//    The event a deadlocked run's failing thread reached but could not
//    perform has args.performed = false. A blocked interval is a complete event
//    of category "blocked" named "blocked: <what>". The failing event has
//    args.failing = true and an instant event "failure: <signature>" (category
//    "failure") marks it.
//===----------------------------------------------------------------------===//
#include "replay/Timeline.h"

#include <cstdio>

namespace schedsan::run {

namespace {

constexpr int kPid = 1;

// {Key: Value}.
Json one(const std::string &Key, Json Value) {
  Json O = Json::object();
  O.set(Key, std::move(Value));
  return O;
}

Json traceEvent(const char *Ph, const std::string &Name, const char *Cat,
                unsigned Tid, uint64_t Ts) {
  Json E = Json::object();
  E.set("name", Name);
  E.set("cat", Cat);
  E.set("ph", Ph);
  E.set("pid", kPid);
  E.set("tid", Tid);
  E.set("ts", Ts);
  return E;
}

} // namespace

bool writeChromeTrace(const Timeline &T, const std::string &Path) {
  Json Events = Json::array();
  Json Proc = traceEvent("M", "process_name", "", 0, 0);
  Proc.set("args", one("name", "schedsan: " + T.Title));
  Events.push(std::move(Proc));
  for (const Timeline::Thread &Th : T.Threads) {
    Json M = traceEvent("M", "thread_name", "", Th.Tid, 0);
    std::string Name = "T" + std::to_string(Th.Tid);
    Name += Th.Parent < 0 ? " (main thread)"
                          : " (created by T" + std::to_string(Th.Parent) + ")";
    M.set("args", one("name", Name));
    Events.push(std::move(M));
  }
  for (size_t I = 0; I != T.Steps.size(); ++I) {
    const Timeline::Step &S = T.Steps[I];
    const char *Cat = S.How == 'p'   ? "event,preemption"
                      : S.How == 's' ? "event,switch"
                                     : "event";
    Json E = traceEvent("X", T.kind(S), Cat, S.Tid, S.Step);
    E.set("dur", 1);
    Json Args = Json::object();
    Args.set("step", S.Step);
    if (S.Where >= 0)
      Args.set("where", T.place(S.Where));
    if (S.After >= 0)
      Args.set("after", T.place(S.After));
    if (S.How == 'y')
      Args.set("yield", true);
    if (S.How == 'x')
      Args.set("performed", false);
    if ((int)I == T.Failing)
      Args.set("failing", true);
    E.set("args", std::move(Args));
    Events.push(std::move(E));
  }
  for (const Timeline::Blocked &B : T.Blocks) {
    Json E = traceEvent("X", "blocked: " + B.What, "blocked", B.Tid, B.From);
    E.set("dur", B.To - B.From);
    E.set("args", one("what", B.What));
    Events.push(std::move(E));
  }
  if (T.Failing >= 0) {
    const Timeline::Step &S = T.Steps[T.Failing];
    Json E = traceEvent("i", "failure: " + T.Failure, "failure", S.Tid, S.Step);
    E.set("s", "t");
    E.set("args", one("report", T.Report));
    Events.push(std::move(E));
  }
  Json Root = Json::object();
  Root.set("traceEvents", std::move(Events));
  Root.set("displayTimeUnit", "ns");
  Json Other = Json::object();
  Other.set("tool", "schedsan");
  Other.set("time", "1 us = 1 scheduling step");
  Other.set("failure", T.Failure);
  Other.set("events_left_out_at_the_front", T.Dropped);
  Root.set("otherData", std::move(Other));
  FILE *F = fopen(Path.c_str(), "w");
  if (!F)
    return false;
  const std::string Text = compactJson(Root, 2); // an event a line
  bool Ok = fwrite(Text.data(), 1, Text.size(), F) == Text.size();
  return fclose(F) == 0 && Ok;
}

} // namespace schedsan::run
