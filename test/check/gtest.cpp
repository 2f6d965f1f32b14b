// schedsan::check inside GoogleTest: SCHEDSAN_EXPECT_NO_BUG passes the
// correct body and fails the racy one (a failed EXPECT_EQ inside the body
// fails its run), naming the test case; the failure shows the child's
// report, and the replay command (with --gtest_filter=<that test>)
// reproduces it. EXPECT_TRUE(schedsan::check(...)) shows the same.
//
// RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
// RUN: %schedsan_cxx -I%src_root/include -g -O1 %s -o %t -lgtest -lgtest_main
// RUN: not %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
//
// CHECK: [ RUN      ] Check.Passing
// CHECK-NEXT: [       OK ] Check.Passing
//
// The lost update at seed 1, PCT d=2 (portfolio member 1 mod 6), from the
// k the first seed's run measured.
// CHECK: [ RUN      ] Check.Buggy
// CHECK-NEXT: gtest.cpp:[[#]]: Failure
// CHECK: lost update
// CHECK-NEXT: schedsan::check: an assertion in the body failed (see above)
// CHECK: ERROR: ScheduleSanitizer: abort
// CHECK: strategy=pct seed=1 k={{[0-9]+}}
// CHECK: [[SUMMARY:SUMMARY: ScheduleSanitizer: abort .*]]
// CHECK: ==[[#]]==Replay: SCHEDSAN_CHECK_REPLAY='gtest.cpp:[[#]] seed=1' {{.*}}gtest.cpp.tmp --gtest_filter=Check.Buggy
// CHECK: ERROR: ScheduleSanitizer: check 'gtest.cpp:[[#]]': run 2 of 100, seed=1 (pct d=2), exited with status 66 (a report)
// CHECK-NEXT: Replay the check: SCHEDSAN_CHECK_REPLAY='gtest.cpp:[[#]] seed=1' {{.*}}gtest.cpp.tmp --gtest_filter=Check.Buggy
// CHECK: gtest.cpp:[[#]]: Failure
// CHECK-NEXT: Value of: ::schedsan::gtest::check(
// CHECK-NEXT: Actual: false (check 'gtest.cpp:[[#]]': run 2 of 100, seed=1 (pct d=2), exited with status 66 (a report)
// CHECK-NEXT: replay: SCHEDSAN_CHECK_REPLAY='gtest.cpp:[[#]] seed=1' {{.*}} --gtest_filter=Check.Buggy)
// CHECK: [  FAILED  ] Check.Buggy
//
// CHECK: [ RUN      ] Check.PlainExpect
// CHECK: ERROR: ScheduleSanitizer: assertion failure
// CHECK: Actual: false (check 'gtest.cpp:[[#]]': run 2 of 50, seed=1 (pct d=2), exited with status 66 (a report)
// CHECK: [  FAILED  ] Check.PlainExpect
//
// The replay runs only that test, and only that seed: the same report.
// RUN: bash -c "$(sed -n 's/.*Replay the check: //p' %t.out | head -1)" > %t.replay 2>&1 || true
// RUN: FileCheck --check-prefix=REPLAY %s < %t.replay
// REPLAY: Note: Google Test filter = Check.Buggy
// REPLAY-NOT: Check.Passing
// REPLAY: ERROR: ScheduleSanitizer: abort
// REPLAY: ERROR: ScheduleSanitizer: check 'gtest.cpp:[[#]]': run 1 of 1, seed=1 (pct d=2)
// REPLAY: 1 FAILED TEST
// RUN: grep "^SUMMARY\|strategy=pct seed=1 " %t.out | head -2 > %t.out.lines
// RUN: grep "^SUMMARY\|strategy=pct seed=1 " %t.replay > %t.replay.lines
// RUN: diff %t.out.lines %t.replay.lines
#include <gtest/gtest.h>
#include <schedsan/check.h>

#include <assert.h>
#include <mutex>
#include <thread>

#include "Inputs/counter.h"

TEST(Check, Passing) {
  SCHEDSAN_EXPECT_NO_BUG([] {
    std::thread T([] { increment(true); });
    increment(true);
    T.join();
    EXPECT_EQ(Counter, 2);
  });
}

TEST(Check, Buggy) {
  SCHEDSAN_EXPECT_NO_BUG([] {
    std::thread T([] { increment(false); });
    increment(false);
    T.join();
    EXPECT_EQ(Counter, 2) << "lost update";
  });
}

TEST(Check, PlainExpect) {
  schedsan::Options O{};
  O.runs = 50;
  EXPECT_TRUE(schedsan::check(
      [] {
        std::thread T([] { increment(false); });
        increment(false);
        T.join();
        assert(Counter == 2 && "lost update");
      },
      O));
}
