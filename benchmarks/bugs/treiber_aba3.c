// Bug: ABA in a lock-free stack (Treiber, IBM RJ 5118, 1986) that needs
//        three threads (the classic case: T1 reads top A and next B, T2
//        pops A, T3 pops B, T2 pushes A, T1's compare-and-swap succeeds and
//        makes B, which T3 owns, the top;
//        benchmarks/bugs/include/treiber3.h). In
//        treiber_aba.c one worker pops A and B and pushes A back, so two
//        workers suffice; here each worker holds at most one buffer between
//        its pops and pushes, so the removal of B and the return of A must
//        come from two different threads.
// Depth: 4 (T1's reads before T2's pop of A; T3's pop after it, while B is
//        the top; T2's push of A after T3's pop; T1's compare-and-swap
//        after T2's push).
// Threads: 4 (main, three workers).
// Manifests: the assertion in `take` fails ("buffer handed out twice
//        (ABA)") when a later pop returns B, or main's walk of the stack
//        after the joins fails ("a kept buffer is on the stack (ABA)").
#include "include/treiber3.h"
