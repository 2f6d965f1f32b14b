//===- TestList.cpp - A test binary's cases -------------------------------===//
//
// FILE:
//    utils/schedsan-run/campaign/TestList.cpp
//
// DESCRIPTION:
//    See TestList.h. Sections: 1. the listing; 2. --cases; 3. a failing
//    run's framework message.
//===----------------------------------------------------------------------===//
#include "campaign/TestList.h"
#include "campaign/Exec.h"
#include "campaign/Files.h"
#include "cli/Diag.h"
#include "schedsan/schedsan_protocol.h"

#include <algorithm>
#include <sstream>

namespace schedsan::run {

namespace {

//===----------------------------------------------------------------------===//
// 1. The listing
//===----------------------------------------------------------------------===//

std::vector<std::string> lines(const std::string &Text) {
  std::vector<std::string> Out;
  std::istringstream In(Text);
  for (std::string L; std::getline(In, L);) {
    if (!L.empty() && L.back() == '\r')
      L.pop_back();
    Out.push_back(L);
  }
  return Out;
}

// Text up to a "  # ..." comment, without trailing blanks.
std::string withoutComment(const std::string &L) {
  std::string S = L.substr(0, L.find("  #"));
  while (!S.empty() && (S.back() == ' ' || S.back() == '\t'))
    S.pop_back();
  return S;
}

bool disabled(const std::string &Name) {
  return Name.compare(0, 9, "DISABLED_") == 0;
}

std::vector<TestCase> parseGTest(const std::string &Text) {
  std::vector<TestCase> Cases;
  std::string Suite;
  for (const std::string &Line : lines(Text)) {
    std::string L = withoutComment(Line);
    if (L.empty())
      continue;
    if (L[0] != ' ') {
      // "Suite." (typed: "Prefix/Suite/0.", parameterized:
      // "Prefix/Suite."); other lines (gtest_main's "Running main() from
      // ...") have blanks.
      bool IsSuite = L.back() == '.' && L.find(' ') == std::string::npos;
      Suite = IsSuite ? L.substr(0, L.size() - 1) : "";
      continue;
    }
    std::string Case = L.substr(L.find_first_not_of(' '));
    if (Suite.empty() || Case.find(' ') != std::string::npos)
      continue;
    size_t Slash = Suite.rfind('/');
    std::string Base = Suite.substr(Slash == std::string::npos ? 0 : Slash + 1);
    if (disabled(Case) || disabled(Suite) || disabled(Base))
      continue;
    TestCase T;
    T.Name = Suite + "." + Case;
    T.Suite = Suite;
    T.Case = Case;
    Cases.push_back(T);
  }
  return Cases;
}

// The trace directory of the listing run, removed with what is in it.
struct ScratchDir {
  std::string Path = scratchDir();
  ~ScratchDir() { removeTree(Path); }
};

} // namespace

const char *frameworkName(TestFramework F) {
  return F == TestFramework::Catch2 ? "Catch2" : "GoogleTest";
}

std::vector<TestCase> parseTestList(TestFramework F, const std::string &Text,
                                    const std::string &Binary) {
  std::vector<TestCase> Cases;
  if (F == TestFramework::GoogleTest)
    Cases = parseGTest(Text);
  else
    for (const std::string &L : lines(Text))
      if (!L.empty())
        Cases.push_back({L, Binary, L, ""});
  for (TestCase &T : Cases)
    T.Arg = caseArgument(F, T.Name);
  return Cases;
}

std::string caseArgument(TestFramework F, const std::string &Name) {
  if (F == TestFramework::GoogleTest)
    return "--gtest_filter=" + Name;
  std::string Spec;
  for (char C : Name) {
    if (std::string("\\,[]\"~").find(C) != std::string::npos)
      Spec += '\\';
    Spec += C;
  }
  return Spec;
}

std::vector<TestCase> listTestCases(TestFramework F, const Program &P,
                                    double Timeout) {
  const std::string List = F == TestFramework::GoogleTest
                               ? "--gtest_list_tests"
                               : "--list-test-names-only";
  std::vector<std::string> Argv = P.Argv;
  Argv.push_back(List);
  ScratchDir Traces;
  Capture Out;
  if (!Out.open())
    fatal("pipe: " + lastError());
  ExecLauncher L(
      P.Path, Argv,
      environmentWithout({SCHEDSAN_ENV_OPTIONS, SCHEDSAN_ENV_FORKSERVER}),
      joinOptions({"strategy=random",
                   P.HasTraceDir ? "trace_dir=" + Traces.Path : ""}));
  RunSpec Spec;
  Spec.Seed = 1;
  Spec.Out = &Out;
  ProcessEnd E = L.run(Spec, Timeout, Interrupt());
  const std::string What = "'" + shellJoin(Argv) + "'";
  std::string Name = P.Argv[0].substr(P.Argv[0].rfind('/') + 1);
  std::vector<TestCase> Cases = parseTestList(F, Out.out(), Name);
  // Catch2 v2 exits with the number of tests it listed (at most 255); a
  // program that does not know the option (another framework) exits
  // otherwise.
  int Expected =
      F == TestFramework::Catch2 ? (int)std::min<size_t>(255, Cases.size()) : 0;
  if (E.How != ProcessEnd::Exited || E.Code != Expected) {
    std::string Err = Out.err();
    std::string Why = F == TestFramework::Catch2
                          ? " (a Catch2 v2 listing exits with the number of "
                            "names it lists, here " +
                                std::to_string(Cases.size()) + ")"
                          : "";
    fatal("listing the test cases failed: " + What + " ended with " +
          describe(E) + Why + (Err.empty() ? "" : ":\n" + Err));
  }
  if (Out.outDropped())
    fatal("the listing of " + What + " is longer than 1 MiB");
  if (Cases.empty())
    fatal(What + " lists no " + frameworkName(F) + " test case (is it a " +
          frameworkName(F) + " binary?)");
  return Cases;
}

//===----------------------------------------------------------------------===//
// 2. --cases
//===----------------------------------------------------------------------===//

bool globMatch(const std::string &Pattern, const std::string &Name) {
  // Iterative glob with backtracking to the last '*'.
  size_t P = 0, N = 0, StarP = std::string::npos, StarN = 0;
  while (N < Name.size()) {
    if (P < Pattern.size() && Pattern[P] == '*') {
      StarP = P++;
      StarN = N;
      continue;
    }
    if (P < Pattern.size()) {
      bool Escaped = Pattern[P] == '\\' && P + 1 < Pattern.size();
      char C = Pattern[Escaped ? P + 1 : P];
      if ((!Escaped && C == '?') || C == Name[N]) {
        P += Escaped ? 2 : 1;
        ++N;
        continue;
      }
    }
    if (StarP == std::string::npos)
      return false;
    P = StarP + 1;
    N = ++StarN;
  }
  while (P < Pattern.size() && Pattern[P] == '*')
    ++P;
  return P == Pattern.size();
}

namespace {

// Splits at each unescaped Sep (escapes kept for globMatch).
std::vector<std::string> splitUnescaped(const std::string &S, char Sep) {
  std::vector<std::string> Parts(1);
  for (size_t I = 0; I < S.size(); ++I) {
    if (S[I] == '\\' && I + 1 < S.size()) {
      Parts.back() += S.substr(I++, 2);
      continue;
    }
    if (S[I] == Sep)
      Parts.emplace_back();
    else
      Parts.back() += S[I];
  }
  return Parts;
}

bool anyMatch(const std::vector<std::string> &Patterns,
              const std::string &Name) {
  for (const std::string &P : Patterns)
    if (globMatch(P, Name))
      return true;
  return false;
}

} // namespace

std::vector<TestCase> selectCases(const std::vector<TestCase> &All,
                                  const std::string &Pattern) {
  if (Pattern.empty())
    return All;
  // POS-NEG: the first unescaped '-' starts the negative patterns.
  std::vector<std::string> Halves = splitUnescaped(Pattern, '-');
  std::string Neg;
  for (size_t I = 1; I < Halves.size(); ++I)
    Neg += (I > 1 ? "-" : "") + Halves[I];
  std::vector<std::string> Pos = splitUnescaped(Halves[0], ':');
  std::vector<std::string> Negs =
      Neg.empty() ? std::vector<std::string>() : splitUnescaped(Neg, ':');
  if (Halves[0].empty())
    Pos = {"*"}; // "-NEG": everything but NEG
  for (const std::vector<std::string> *List : {&Pos, &Negs})
    for (const std::string &P : *List) {
      if (P.empty())
        usageError("option '--cases " + Pattern + "': an empty pattern");
      bool Matched = false;
      for (const TestCase &T : All)
        Matched = Matched || globMatch(P, T.Name);
      if (!Matched)
        usageError("option '--cases': '" + P + "' matches no test case");
    }
  std::vector<TestCase> Out;
  for (const TestCase &T : All)
    if (anyMatch(Pos, T.Name) && !anyMatch(Negs, T.Name))
      Out.push_back(T);
  if (Out.empty())
    usageError("option '--cases " + Pattern + "' leaves no test case");
  return Out;
}

//===----------------------------------------------------------------------===//
// 3. A failing run's framework message
//===----------------------------------------------------------------------===//

namespace {

// "FILE:LINE" if L is "FILE:LINE<Tail>" (GoogleTest: ": Failure", Catch2:
// ": FAILED:"), else "".
std::string failureLocation(const std::string &L, const std::string &Tail) {
  if (L.size() <= Tail.size() ||
      L.compare(L.size() - Tail.size(), Tail.size(), Tail) != 0)
    return "";
  std::string Loc = L.substr(0, L.size() - Tail.size());
  size_t Colon = Loc.rfind(':');
  if (Colon == std::string::npos || Colon == 0 || Colon + 1 == Loc.size() ||
      Loc.find_first_not_of("0123456789", Colon + 1) != std::string::npos)
    return "";
  return Loc;
}

const char *failureTail(TestFramework F) {
  return F == TestFramework::GoogleTest ? ": Failure" : ": FAILED:";
}

} // namespace

void frameworkSignature(TestFramework F, const std::string &Stdout,
                        RunRecord &R) {
  if (F == TestFramework::None || R.Status != RunStatus::Fail || R.Signal ||
      R.Kind != "exit status " + std::to_string(R.ExitCode))
    return;
  for (const std::string &L : lines(Stdout)) {
    std::string Loc = failureLocation(L, failureTail(F));
    if (!Loc.empty()) {
      R.Kind = std::string(frameworkName(F)) + " failure";
      R.Location = Loc;
      return;
    }
  }
}

std::string frameworkMessage(TestFramework F, const std::string &Stdout,
                             size_t MaxLines) {
  std::string Out;
  size_t Taken = 0;
  bool In = false;
  for (const std::string &L : lines(Stdout)) {
    if (!In && failureLocation(L, failureTail(F)).empty())
      continue;
    // The end: GoogleTest's "[  FAILED  ] Suite.Case", Catch2's "====".
    if (In &&
        (L.compare(0, 12, "[  FAILED  ]") == 0 || L.compare(0, 4, "====") == 0))
      break;
    In = true;
    if (Taken++ == MaxLines) {
      Out += "...\n";
      break;
    }
    Out += L + "\n";
  }
  while (Out.size() >= 2 && Out.compare(Out.size() - 2, 2, "\n\n") == 0)
    Out.pop_back();
  return Out;
}

} // namespace schedsan::run
