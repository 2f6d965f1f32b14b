//===- check.h - Many schedules of one callable in a test -------*- C++ -*-===//
//
// FILE:
//    include/schedsan/check.h
//
// DESCRIPTION:
//    schedsan::check(body, options) runs body under many schedules, each in
//    a child process forked at the call (so every run starts from the
//    state the program had at the call), and returns a Result that is true
//    when no run failed. On the first failure it prints the failing run's
//    report and a command that replays just that check and seed:
//
//      TEST(Queue, PushPop) {
//        EXPECT_TRUE(schedsan::check([] {
//          Queue Q;
//          std::thread T([&] { Q.push(1); });
//          assert(Q.pop() == 1);
//          T.join();
//        }));
//      }
//
//    A program that includes this header starts uncontrolled: its threads
//    run natively outside check(), and only a check's children are
//    scheduled. Effects of the body stay in its child: assertions belong
//    inside the body; what the program did before the call is seen by
//    every run. docs/checks.md, "<schedsan/check.h>", says it all.
//
//    SCHEDSAN_EXPECT_NO_BUG(body[, options]) is the test framework's
//    non-fatal assertion on check() when GoogleTest (<gtest/gtest.h>) or
//    Catch2 v2 (<catch2/catch.hpp>) was included before this header; with
//    GoogleTest it also replays with --gtest_filter=<the current test> and
//    counts a failed EXPECT/ASSERT inside the body as a failed run.
//
//    In a program built without schedsan (no runtime linked) check() runs
//    the body once, natively.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_CHECK_HEADER_H
#define SCHEDSAN_CHECK_HEADER_H

#include "schedsan/schedsan_check_abi.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ostream>
#include <sstream>
#include <string>
#include <type_traits>

extern "C" {
// The runtime's, weak: null in a program built without schedsan.
__attribute__((weak)) void
__schedsan_check(const struct schedsan_check_options *options,
                 void (*body)(void *), void *arg,
                 struct schedsan_check_result *result);
// Tells the runtime, at start-up, to defer the run (schedsan_check_abi.h).
extern char __schedsan_check_used;
__attribute__((weak, used)) char __schedsan_check_used = 1;
} // extern "C"

namespace schedsan {

// What a check runs; zero or null fields take the defaults:
//   name        the check's name in reports and replays (default: the
//               call's file:line, the file without its directory)
//   runs        schedules to run (default: $SCHEDSAN_CHECK_RUNS, else 100)
//   strategy    a strategy name, or "portfolio" (default: seed s runs
//               member s mod 6 of pct d=1, 2, 3, pos, random, swarm)
//   seed_base   run i has seed seed_base + i
//   depth       PCT's and swarm's depth (with a strategy only)
//   timeout_ms  a run that takes longer is killed: a timeout (default 10 s)
//   replay_arg  one more argument for the replay command (a filter)
// C++20: schedsan::check(body, {.runs = 500, .strategy = "pct"}).
using Options = ::schedsan_check_options;

// Where check() was called: the default name.
struct Location {
  const char *file;
  unsigned line;
  constexpr Location(const char *File = __builtin_FILE(),
                     unsigned Line = __builtin_LINE())
      : file(File), line(Line) {}
};

// What a check found: true when no run failed.
class Result {
public:
  explicit Result(const ::schedsan_check_result &R)
      : outcome(R.outcome), runs(R.runs), seed(R.seed), strategy(R.strategy),
        message(R.message), replay(R.replay) {}

  int outcome;          // SCHEDSAN_CHECK_* (schedsan_check_abi.h)
  uint64_t runs;        // runs done
  uint64_t seed;        // the failing run's seed
  std::string strategy; // its strategy ("pct d=2")
  std::string message;  // one line: what happened
  std::string replay;   // the command that replays the failing seed

  bool failed() const {
    return outcome == SCHEDSAN_CHECK_BUG || outcome == SCHEDSAN_CHECK_TIMEOUT ||
           outcome == SCHEDSAN_CHECK_REFUSED;
  }
  explicit operator bool() const { return !failed(); }

  friend std::ostream &operator<<(std::ostream &OS, const Result &R) {
    OS << R.message;
    if (R.failed() && !R.replay.empty())
      OS << "\n  replay: " << R.replay;
    return OS;
  }

#if defined(GOOGLETEST_INCLUDE_GTEST_GTEST_H_) ||                              \
    defined(GTEST_INCLUDE_GTEST_GTEST_H_)
  // EXPECT_TRUE(schedsan::check(...)) shows the message and the replay.
  operator ::testing::AssertionResult() const {
    if (!failed())
      return ::testing::AssertionSuccess() << message;
    std::ostringstream OS;
    OS << *this;
    return ::testing::AssertionFailure() << OS.str();
  }
#endif
};

namespace detail {

inline std::string defaultName(const Location &L) {
  const char *Slash = std::strrchr(L.file, '/');
  return std::string(Slash ? Slash + 1 : L.file) + ":" + std::to_string(L.line);
}

// The body, called through a C function pointer: an exception that leaves
// it fails the run (as an abort, reported with its schedule).
template <class F> void callBody(void *P) {
#if defined(__cpp_exceptions) || defined(__EXCEPTIONS)
  try {
    (*static_cast<F *>(P))();
  } catch (const std::exception &E) {
    std::fprintf(stderr, "schedsan::check: the body threw: %s\n", E.what());
    std::abort();
  } catch (...) {
    std::fprintf(stderr, "schedsan::check: the body threw an exception\n");
    std::abort();
  }
#else
  (*static_cast<F *>(P))();
#endif
}

} // namespace detail

// Runs Body under Opts' schedules (see Options); see the file's header.
template <class F>
Result check(F &&Body, Options Opts = Options(), Location Where = Location()) {
  const std::string Name = Opts.name && *Opts.name ? std::string(Opts.name)
                                                   : detail::defaultName(Where);
  Opts.name = Name.c_str();
  ::schedsan_check_result R;
  std::memset(&R, 0, sizeof(R));
  if (!&__schedsan_check) { // no runtime: once, natively
    Body();
    R.outcome = SCHEDSAN_CHECK_IN_RUN;
    R.runs = 1;
    std::snprintf(R.message, sizeof(R.message),
                  "check '%s': ran once, natively (no schedsan runtime)",
                  Name.c_str());
    return Result(R);
  }
  auto Call = [&Body] { Body(); }; // a function or any callable
  __schedsan_check(&Opts, &detail::callBody<decltype(Call)>, &Call, &R);
  return Result(R);
}

} // namespace schedsan

//===----------------------------------------------------------------------===//
// Test-framework helpers: SCHEDSAN_EXPECT_NO_BUG(body[, options]).
//===----------------------------------------------------------------------===//
#if defined(GOOGLETEST_INCLUDE_GTEST_GTEST_H_) ||                              \
    defined(GTEST_INCLUDE_GTEST_GTEST_H_)
namespace schedsan {
namespace gtest {

// check() inside a GoogleTest test: replays with --gtest_filter=<test>, and
// a failed EXPECT/ASSERT in the body fails its run.
template <class F>
Result check(F &&Body, Options Opts = Options(), Location Where = Location()) {
  std::string Filter;
  if (const ::testing::TestInfo *T =
          ::testing::UnitTest::GetInstance()->current_test_info())
    Filter =
        std::string("--gtest_filter=") + T->test_suite_name() + "." + T->name();
  if (!Opts.replay_arg && !Filter.empty())
    Opts.replay_arg = Filter.c_str();
  const bool FailedBefore = ::testing::Test::HasFailure();
  auto Run = [&Body, FailedBefore] {
    Body();
    if (!FailedBefore && ::testing::Test::HasFailure()) {
      std::fprintf(stderr, "schedsan::check: an assertion in the body "
                           "failed (see above)\n");
      std::abort();
    }
  };
  return ::schedsan::check(Run, Opts, Where);
}

} // namespace gtest
} // namespace schedsan

#define SCHEDSAN_EXPECT_NO_BUG(...)                                            \
  EXPECT_TRUE(::schedsan::gtest::check(__VA_ARGS__))

#elif defined(CATCH_VERSION_MAJOR)

// In Catch2 the replay runs every test case again (the other checks are
// skipped): a test-case filter changes what Catch2 does before the test
// (its parsing initializes the C++ library's locale), and so the steps of
// the replayed run. A failed REQUIRE in the body fails its run (it
// throws); a failed CHECK is not seen.
#ifdef CATCH_CONFIG_PREFIX_ALL
#define SCHEDSAN_EXPECT_NO_BUG(...) CATCH_CHECK(::schedsan::check(__VA_ARGS__))
#else
#define SCHEDSAN_EXPECT_NO_BUG(...) CHECK(::schedsan::check(__VA_ARGS__))
#endif

#endif // test frameworks

#endif // SCHEDSAN_CHECK_HEADER_H
