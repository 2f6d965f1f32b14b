// schedsan::check inside Catch2: SCHEDSAN_EXPECT_NO_BUG passes the correct
// body and fails the racy one (a failed REQUIRE inside the body fails its
// run) in the right test case, with the child's report; the replay
// command (every test case again, the other checks skipped) reproduces it.
//
// RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
// RUN: %clangxx -O0 -c %S/Inputs/catch_main.cpp -o %t.main.o
// RUN: %schedsan_cxx -I%src_root/include -g -O1 %s %t.main.o -o %t
// RUN: not %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
//
// The lost update at seed 1, PCT d=2 (portfolio member 1 mod 6), from the
// k the first seed's run measured.
// CHECK: ERROR: ScheduleSanitizer: abort
// CHECK: strategy=pct seed=1 k={{[0-9]+}}
// CHECK: ==[[#]]==Replay: SCHEDSAN_CHECK_REPLAY='catch2.cpp:[[#]] seed=1' {{.*}}catch2.cpp.tmp{{$}}
// CHECK: ERROR: ScheduleSanitizer: check 'catch2.cpp:[[#]]': run 2 of 100, seed=1 (pct d=2), exited with status 66 (a report)
// CHECK-NEXT: Replay the check: SCHEDSAN_CHECK_REPLAY='catch2.cpp:[[#]] seed=1' {{.*}}catch2.cpp.tmp{{$}}
// CHECK: racy counter
// CHECK: catch2.cpp:[[#]]: FAILED:
// CHECK-NEXT: CHECK( ::schedsan::check(
// CHECK-NEXT: with expansion:
// CHECK-NEXT: check 'catch2.cpp:[[#]]': run 2 of 100, seed=1 (pct d=2), exited with status 66
// CHECK: replay: SCHEDSAN_CHECK_REPLAY='catch2.cpp:[[#]] seed=1'
// CHECK: test cases: 2 | 1 passed | 1 failed
//
// RUN: bash -c "$(sed -n 's/.*Replay the check: //p' %t.out | head -1)" > %t.replay 2>&1 || true
// RUN: FileCheck --check-prefix=REPLAY %s < %t.replay
// REPLAY: ERROR: ScheduleSanitizer: abort
// REPLAY: ERROR: ScheduleSanitizer: check 'catch2.cpp:[[#]]': run 1 of 1, seed=1 (pct d=2)
// REPLAY: test cases: 2 | 1 passed | 1 failed
// RUN: grep "^SUMMARY\|strategy=pct seed=1 " %t.out > %t.out.lines
// RUN: grep "^SUMMARY\|strategy=pct seed=1 " %t.replay > %t.replay.lines
// RUN: diff %t.out.lines %t.replay.lines
#include <catch2/catch.hpp>
#include <schedsan/check.h>

#include <mutex>
#include <thread>

#include "Inputs/counter.h"

TEST_CASE("joined counter") {
  SCHEDSAN_EXPECT_NO_BUG([] {
    std::thread T([] { increment(true); });
    increment(true);
    T.join();
    REQUIRE(Counter == 2);
  });
}

TEST_CASE("racy counter") {
  SCHEDSAN_EXPECT_NO_BUG([] {
    std::thread T([] { increment(false); });
    increment(false);
    T.join();
    REQUIRE(Counter == 2);
  });
}
