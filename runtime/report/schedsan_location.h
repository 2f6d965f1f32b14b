//===- schedsan_location.h - Where a thread is, in words -----*- C++ -*-===//
//
// FILE:
//    runtime/report/schedsan_location.h
//
// DESCRIPTION:
//    The location reports give a thread: "file:line:col in function" of its
//    pending event's pass site ("file in function" for a program built
//    without -g), else its interceptor's caller symbolized; without a
//    symbolizer the caller's symbol and the last site the thread passed.
//    And where a thread spins, which a livelock's signature names.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_LOCATION_H
#define SCHEDSAN_LOCATION_H

#include "core/schedsan_rt.h"

namespace schedsan {

void describeLocation(const ThreadState *T, char *Buf, unsigned Size);

// Where T spins (ThreadState::spin_site): its loop's first site in source
// order, else its lowest interceptor PC symbolized. False (Buf empty) when
// T had no no-progress event in the fair phase. *InStdLib: the site is in
// the C++ library's headers (code of theirs inlined into the program).
bool describeSpin(const ThreadState *T, char *Buf, unsigned Size,
                  bool *InStdLib);

} // namespace schedsan

#endif // SCHEDSAN_LOCATION_H
