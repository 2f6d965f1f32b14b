//===- schedsan_aslr.h - One address-space layout for every run -*- C++ -*-===//
//
// FILE:
//    runtime/schedsan_aslr.h
//
// DESCRIPTION:
//    Programs whose choices depend on addresses (hash tables keyed by
//    pointers, libstdc++'s std::barrier, which places each thread by the
//    hash of its pthread_t) run differently under another address-space
//    layout, so the same seed would give another schedule and a replay
//    would diverge. With aslr=0 (the default) the runtime re-executes the
//    program once, at its first initialization, with address-space
//    randomization off (personality(ADDR_NO_RANDOMIZE), as `setarch -R`
//    does): every run, served or exec'd, then has the same layout.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_ASLR_H
#define SCHEDSAN_ASLR_H

namespace schedsan {

// Called first thing at initialization, after the options are read: does
// not return when it re-executes the program.
void reexecWithoutAslr();

} // namespace schedsan

#endif // SCHEDSAN_ASLR_H
