// Bug: atomicity violation in a lock-free work-stealing deque (owner and
//        thieves synchronize with compare-and-swap only, no lock;
//        benchmarks/bugs/include/cas_deque.h): the owner's pop of the last
//        item moves the head without a compare-and-swap, so a thief that
//        read the tail before the owner published its decrement steals the
//        same item. The pop/steal race on the last item is the bug of the
//        work-stealing queue of the CHESS case study (Musuvathi et al.,
//        OSDI 2008), which the PCT paper (ASPLOS 2010, §5.3) measures as a
//        bug of depth 2. Unlike work_stealing.c (the THE protocol, thieves
//        under a lock), every operation here is lock-free.
// Depth: 2 (a thief's read of the tail before the owner's store of the
//        decremented tail, and the owner's read of the head before the
//        thief's compare-and-swap).
// Threads: 2 + S (main, the owner, S thieves, S = argv[1], default 2,
//        1..16, two steal attempts each; the owner pushes ITEMS = argv[2]
//        items, default 4, popping one after every second push and the rest
//        at the end).
// Manifests: the assertion in `claim` fails ("item taken twice: pop and
//        steal raced").
#include "include/cas_deque.h"
