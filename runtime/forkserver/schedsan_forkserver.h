//===- schedsan_forkserver.h - Runs forked before main ----------*- C++ -*-===//
//
// FILE:
//    runtime/forkserver/schedsan_forkserver.h
//
// DESCRIPTION:
//    The fork server `schedsan run` asks for: the program stops before main
//    and forks one child per run (protocol: schedsan_forkserver.cpp).
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_FORKSERVER_H
#define SCHEDSAN_FORKSERVER_H

namespace schedsan {

// With SCHEDSAN_FORKSERVER set, serve runs until the runner hangs up;
// returns only in a child, which then runs main.
void runForkServerIfRequested();

} // namespace schedsan

#endif // SCHEDSAN_FORKSERVER_H
