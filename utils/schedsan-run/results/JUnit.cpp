//===- JUnit.cpp - Campaign results as JUnit XML --------------------------===//
//
// FILE:
//    utils/schedsan-run/results/JUnit.cpp
//
// DESCRIPTION:
//    See JUnit.h.
//===----------------------------------------------------------------------===//
#include "results/JUnit.h"
#include "campaign/Campaign.h"
#include "campaign/Outcome.h"
#include "results/Json.h"
#include "results/Summary.h"

#include <cstdio>

namespace schedsan::run {

std::string xml(const std::string &Raw) {
  std::string Out;
  for (char Ch : toValidUtf8(Raw)) {
    unsigned char C = Ch;
    switch (C) {
    case '&':
      Out += "&amp;";
      break;
    case '<':
      Out += "&lt;";
      break;
    case '>':
      Out += "&gt;";
      break;
    case '"':
      Out += "&quot;";
      break;
    case '\'':
      Out += "&apos;";
      break;
    default:
      if (C < 0x20 && C != '\t' && C != '\n' && C != '\r')
        Out += '?'; // not allowed in XML 1.0
      else
        Out += Ch;
    }
  }
  return Out;
}

std::string xmlSeconds(double S) {
  char Buf[32];
  std::snprintf(Buf, sizeof(Buf), "%.3f", S);
  return Buf;
}

namespace {

std::string property(const std::string &Name, const std::string &Value) {
  return "      <property name=\"" + xml(Name) + "\" value=\"" + xml(Value) +
         "\"/>\n";
}

} // namespace

std::string campaignToJUnit(const Campaign &C, const Totals &T) {
  const CampaignInfo &I = C.Info;
  std::string Program = I.Command.empty() ? "program" : I.Command[0];
  size_t Slash = Program.find_last_of('/');
  std::string Suite =
      "schedsan." +
      (Slash == std::string::npos ? Program : Program.substr(Slash + 1));
  const size_t Errors = I.Interrupted ? 1 : 0;
  const size_t Cases = T.Groups.size() + 1 + Errors;
  std::string Out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  Out += "<testsuites name=\"schedsan run\" tests=\"" + std::to_string(Cases) +
         "\" failures=\"" + std::to_string(T.Groups.size()) + "\" errors=\"" +
         std::to_string(Errors) + "\" time=\"" + xmlSeconds(I.Seconds) +
         "\">\n";
  Out += "  <testsuite name=\"" + xml(Suite) + "\" tests=\"" +
         std::to_string(Cases) + "\" failures=\"" +
         std::to_string(T.Groups.size()) + "\" errors=\"" +
         std::to_string(Errors) + "\" skipped=\"0\" time=\"" +
         xmlSeconds(I.Seconds) + "\">\n";
  Out += "    <properties>\n";
  Out += property("command", shellJoin(I.Command));
  Out += property("strategy", T.Strategy.empty() ? I.Strategy : T.Strategy);
  Out += property("depth", std::to_string(T.Depth));
  Out += property("seeds", seedText(I, T));
  Out += property("runs", std::to_string(T.Runs));
  Out += property("failed", std::to_string(T.Failed));
  Out += property("timeouts", std::to_string(T.Timeouts));
  if (T.Reported && T.Reported->has(UsesK) && T.KMax && T.ThreadsMax)
    for (int D = 1; D <= 3; ++D) {
      char Buf[64];
      std::snprintf(Buf, sizeof(Buf), "%.3g",
                    pctMissBound(T.ThreadsMax, T.KMax, D, T.Passed));
      Out += property("pct_missed_d" + std::to_string(D), Buf);
    }
  Out += "    </properties>\n";

  double PassTime = T.PassSeconds;
  Out += "    <testcase classname=\"" + xml(Suite) + "\" name=\"" +
         xml(std::to_string(T.Passed) + " clean runs") + "\" time=\"" +
         xmlSeconds(PassTime) + "\"/>\n";

  for (const FailureGroup &G : T.Groups) {
    const RunRecord &R = G.First;
    char Ratio[160];
    std::snprintf(Ratio, sizeof(Ratio), "%llu of %llu runs, first seed %llu",
                  (unsigned long long)G.Hits, (unsigned long long)T.Runs,
                  (unsigned long long)R.Seed);
    std::string Message = std::string(Ratio);
    if (!R.Trace.empty())
      Message += "; replay: " + replayCommand(I, R);
    std::string Report =
        R.StderrPath.empty() ? std::string() : readTail(R.StderrPath, 64 << 10);
    Out += "    <testcase classname=\"" + xml(Suite) + "\" name=\"" +
           xml(G.Signature) + "\" time=\"" + xmlSeconds(R.Seconds) + "\">\n";
    Out += "      <failure type=\"" + xml(G.Kind) + "\" message=\"" +
           xml(Message) + "\">" + xml(Report) + "</failure>\n";
    Out += "    </testcase>\n";
  }
  if (I.Interrupted) {
    uint64_t Planned = 0;
    for (unsigned S : I.Shards)
      Planned += shardRuns(I.Runs, S, I.ShardCount);
    std::string Msg = "the campaign was interrupted after " +
                      std::to_string(T.Runs) + " of " +
                      std::to_string(Planned) + " runs";
    Out += "    <testcase classname=\"" + xml(Suite) +
           "\" name=\"campaign\" time=\"" + xmlSeconds(I.Seconds) + "\">\n";
    Out += "      <error type=\"interrupted\" message=\"" + xml(Msg) + "\">" +
           xml(Msg + " (Ctrl-C or SIGTERM): its results cover only those") +
           "</error>\n";
    Out += "    </testcase>\n";
  }
  Out += "  </testsuite>\n</testsuites>\n";
  return Out;
}

} // namespace schedsan::run
