// Bug: a limit check that only a long strict alternation of two threads
//        violates (benchmarks/bugs/include/fib_alternation.h): two threads
//        each make five updates `i = i + j` and `j = j + i` (an atomic load
//        of both counters, then an atomic store), and the counters reach
//        144 only when the ten updates alternate strictly, each reading
//        the other thread's latest store. After fib_bench of SV-COMP's
//        pthread benchmarks, written for schedsan.
// Depth: 9 (the ten updates alternate: each of the last nine comes after
//        the other thread's previous update, so reads its store).
// Threads: 3 (main, the two accumulators).
// Manifests: main's assertion after the joins fails ("the counters reached
//        the limit").
#include "include/fib_alternation.h"
