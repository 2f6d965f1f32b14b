// Bug: an order violation that needs a whole chain of orderings: 50 setter
//        threads each advance a shared stage only when they find their
//        predecessor's stage done, and a checker assumes the chain is never
//        complete when it looks (benchmarks/bugs/include/order_chain.h).
//        One of the order-chain family (N = 3, 10, 50, 100), written for
//        schedsan: a bug whose depth (Burckhardt et al., ASPLOS 2010, §2)
//        grows with the number of threads.
// Depth: 50 (setter i reads the stage after setter i-1 stored it, for
//        i = 1..49, and the checker reads it after setter 49 stored 50).
// Threads: 52 (main, the checker, 50 setters created in the reverse of
//        the order they must act in).
// Manifests: the checker's assertion fails ("the whole chain ran before
//        the checker").
//        Only the learning strategy rff finds it (test/bugs/order_chain_50.test
//        says with how many runs); the script ExactChain
//        (benchmarks/bugs/scripts/order_chain_scripts.cpp) drives the
//        failing schedule.
#define ORDER_CHAIN_N 50
#include "include/order_chain.h"
