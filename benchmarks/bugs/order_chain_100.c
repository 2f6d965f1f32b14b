// Bug: an order violation that needs a whole chain of orderings: 100 setter
//        threads each advance a shared stage only when they find their
//        predecessor's stage done, and a checker assumes the chain is never
//        complete when it looks (benchmarks/bugs/include/order_chain.h).
//        One of the order-chain family (N = 3, 10, 50, 100), written for
//        schedsan: a bug whose depth (Burckhardt et al., ASPLOS 2010, §2)
//        grows with the number of threads.
// Depth: 100 (setter i reads the stage after setter i-1 stored it, for
//        i = 1..99, and the checker reads it after setter 99 stored 100).
// Threads: 102 (main, the checker, 100 setters created in the reverse of
//        the order they must act in).
// Manifests: the checker's assertion fails ("the whole chain ran before
//        the checker").
//        Only the learning strategy rff finds it (test/bugs/order_chain_100.test
//        says with how many runs); the script ExactChain
//        (benchmarks/bugs/scripts/order_chain_scripts.cpp) drives the
//        failing schedule.
#define ORDER_CHAIN_N 100
#include "include/order_chain.h"
