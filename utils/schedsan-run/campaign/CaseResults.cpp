//===- CaseResults.cpp - Per-test-case results as JUnit and JSON ----------===//
//
// FILE:
//    utils/schedsan-run/campaign/CaseResults.cpp
//
// DESCRIPTION:
//    See CaseResults.h.
//===----------------------------------------------------------------------===//
#include "campaign/CaseResults.h"
#include "campaign/Outcome.h"
#include "cli/Diag.h"
#include "results/JUnit.h"
#include "results/Json.h"

#include <map>

namespace schedsan::run {

const char *CaseResult::status() const {
  return failed() ? "fail" : C.Info.Interrupted ? "interrupted" : "pass";
}

namespace {

std::string ratio(const FailureGroup &G, const Totals &T) {
  return std::to_string(G.Hits) + " of " + std::to_string(T.Runs) +
         " runs, first seed " + std::to_string(G.First.Seed);
}

std::string replayOf(const CampaignInfo &I, const FailureGroup &G) {
  return G.First.Trace.empty() ? "(no schedule)" : replayCommand(I, G.First);
}

// The <testcase> of one case.
std::string testcase(const CaseResult &R) {
  const Totals &T = R.C.Tot;
  std::string Head = "    <testcase classname=\"" + xml(R.Case.Suite) +
                     "\" name=\"" + xml(R.Case.Case) + "\" time=\"" +
                     xmlSeconds(R.C.Info.Seconds) + "\"";
  if (!R.failed() && !R.C.Info.Interrupted)
    return Head + "/>\n";
  std::string Body;
  if (R.failed()) {
    const FailureGroup &G = T.Groups.front();
    std::string Message = G.Signature + " (" + ratio(G, T) +
                          "); replay: " + replayOf(R.C.Info, G);
    if (T.Groups.size() > 1)
      Message +=
          " (and " + std::to_string(T.Groups.size() - 1) + " more signatures)";
    std::string Text;
    for (size_t I = 0; I != T.Groups.size(); ++I) {
      const FailureGroup &F = T.Groups[I];
      Text += F.Signature + " (" + ratio(F, T) +
              ")\n  replay: " + replayOf(R.C.Info, F) + "\n";
      if (I < R.Messages.size() && !R.Messages[I].empty())
        Text += R.Messages[I];
      Text += "\n";
    }
    if (!G.First.StderrPath.empty())
      Text += "report of seed " + std::to_string(G.First.Seed) + ":\n" +
              readTail(G.First.StderrPath, 64 << 10);
    Body = "      <failure type=\"" + xml(G.Kind) + "\" message=\"" +
           xml(Message) + "\">" + xml(Text) + "</failure>\n";
  } else {
    std::string Msg = "interrupted after " + std::to_string(T.Runs) + " runs";
    Body = "      <error type=\"interrupted\" message=\"" + xml(Msg) + "\">" +
           xml(Msg + " (Ctrl-C or SIGTERM)") + "</error>\n";
  }
  return Head + ">\n" + Body + "    </testcase>\n";
}

struct Suite {
  std::string Cases;
  size_t Tests = 0, Failures = 0, Errors = 0, Skipped = 0;
  double Seconds = 0;
};

} // namespace

std::string casesToJUnit(TestFramework F, const std::vector<CaseResult> &Done,
                         const std::vector<TestCase> &NotRun) {
  // The suites in the order their first case was listed.
  std::vector<std::string> Order;
  std::map<std::string, Suite> Suites;
  auto SuiteOf = [&](const std::string &Name) -> Suite & {
    if (!Suites.count(Name))
      Order.push_back(Name);
    return Suites[Name];
  };
  Suite All;
  for (const CaseResult &R : Done) {
    Suite &S = SuiteOf(R.Case.Suite);
    S.Cases += testcase(R);
    ++S.Tests;
    S.Failures += R.failed();
    S.Errors += !R.failed() && R.C.Info.Interrupted;
    S.Seconds += R.C.Info.Seconds;
  }
  for (const TestCase &T : NotRun) {
    Suite &S = SuiteOf(T.Suite);
    S.Cases += "    <testcase classname=\"" + xml(T.Suite) + "\" name=\"" +
               xml(T.Case) +
               "\" time=\"0.000\">\n      <skipped message=\"not run: the "
               "campaign was interrupted\"/>\n    </testcase>\n";
    ++S.Tests;
    ++S.Skipped;
  }
  std::string Suites_;
  for (const std::string &Name : Order) {
    const Suite &S = Suites[Name];
    Suites_ += "  <testsuite name=\"" + xml(Name) + "\" tests=\"" +
               std::to_string(S.Tests) + "\" failures=\"" +
               std::to_string(S.Failures) + "\" errors=\"" +
               std::to_string(S.Errors) + "\" skipped=\"" +
               std::to_string(S.Skipped) + "\" time=\"" +
               xmlSeconds(S.Seconds) + "\">\n" + S.Cases + "  </testsuite>\n";
    All.Tests += S.Tests;
    All.Failures += S.Failures;
    All.Errors += S.Errors;
    All.Seconds += S.Seconds;
  }
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<testsuites name=\"schedsan run --" +
         std::string(F == TestFramework::Catch2 ? "catch2" : "gtest") +
         "\" tests=\"" + std::to_string(All.Tests) + "\" failures=\"" +
         std::to_string(All.Failures) + "\" errors=\"" +
         std::to_string(All.Errors) + "\" time=\"" + xmlSeconds(All.Seconds) +
         "\">\n" + Suites_ + "</testsuites>\n";
}

namespace {

// A JSON value as one member or array item, indented by Indent spaces.
std::string indented(const Json &V, const std::string &Indent) {
  std::string S = V.dump();
  S.pop_back(); // the newline
  std::string Out = Indent;
  for (char C : S) {
    Out += C;
    if (C == '\n')
      Out += Indent;
  }
  return Out;
}

Json strings(const std::vector<std::string> &V) {
  Json A = Json::array();
  for (const std::string &S : V)
    A.push(S);
  return A;
}

} // namespace

void CasesJsonFile::open(const std::string &Path) {
  Out.open(Path, "JSON results");
}

void CasesJsonFile::begin(TestFramework F,
                          const std::vector<std::string> &Command) {
  if (!isOpen())
    return;
  Json Head = Json::object();
  Head.set("format", "schedsan-run-cases");
  Head.set("version", 1);
  Head.set("framework", frameworkName(F));
  Head.set("command", strings(Command));
  std::string S = Head.dump(); // "{ ... \n}\n": reopen it for "cases"
  S.erase(S.size() - 3);
  Out.write(S + ",\n  \"cases\": [");
  Out.flush(); // a bad path or a full disk shows now
}

void CasesJsonFile::add(const CaseResult &R, const std::string &CampaignJson) {
  if (!isOpen())
    return;
  Json Campaign;
  std::string Error;
  if (!parseJson(CampaignJson, Campaign, Error))
    fatal("the JSON results of case '" + R.Case.Name + "': " + Error);
  Json E = Json::object();
  E.set("name", R.Case.Name);
  E.set("suite", R.Case.Suite);
  E.set("case", R.Case.Case);
  E.set("argument", R.Case.Arg);
  E.set("status", R.status());
  E.set("runs", R.C.Tot.Runs);
  E.set("hits", R.C.Tot.Failed + R.C.Tot.Timeouts);
  Json Sigs = Json::array();
  for (const FailureGroup &G : R.C.Tot.Groups)
    Sigs.push(G.Signature);
  E.set("signatures", std::move(Sigs));
  E.set("campaign", std::move(Campaign));
  Out.write((First ? "\n" : ",\n") + indented(E, "    "));
  First = false;
}

void CasesJsonFile::finish(size_t Passed, size_t Failed, size_t NotRun) {
  if (!isOpen())
    return;
  Json Tot = Json::object();
  Tot.set("cases", (uint64_t)(Passed + Failed + NotRun));
  Tot.set("passed", (uint64_t)Passed);
  Tot.set("failed", (uint64_t)Failed);
  Tot.set("not_run", (uint64_t)NotRun);
  std::string T = indented(Tot, "  ");
  Out.write(std::string(First ? "]" : "\n  ]") +
            ",\n  \"totals\": " + T.substr(2) + "\n}\n");
  Out.close();
}

} // namespace schedsan::run
