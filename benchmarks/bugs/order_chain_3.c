// Bug: an order violation that needs a whole chain of orderings: 3 setter
//        threads each advance a shared stage only when they find their
//        predecessor's stage done, and a checker assumes the chain is never
//        complete when it looks (benchmarks/bugs/include/order_chain.h).
//        One of the order-chain family (N = 3, 10, 50, 100), written for
//        schedsan: a bug whose depth (Burckhardt et al., ASPLOS 2010, §2)
//        grows with the number of threads.
// Depth: 3 (setter i reads the stage after setter i-1 stored it, for
//        i = 1..2, and the checker reads it after setter 2 stored 3).
// Threads: 5 (main, the checker, 3 setters created in the reverse of
//        the order they must act in).
// Manifests: the checker's assertion fails ("the whole chain ran before
//        the checker").
//        PCT finds it even with d = 1: the chain's orderings all agree with
//        one order of the threads' initial priorities (setter 0 > 1 > 2 >
//        the checker, main above setters 1 and 2), which 2 of the 5! orders
//        are: 1/60 (measured 0.019; test/bugs/order_chain_3.test).
#define ORDER_CHAIN_N 3
#include "include/order_chain.h"
