//===- Event.cpp - Event names and the race relation ---------------------===//
//
// FILE:
//    common/Event.cpp
//===----------------------------------------------------------------------===//
#include "Event.h"

namespace schedsan {

const char *eventKindName(EventKind K) {
  static const char *const Names[] = {
#define SCHEDSAN_EVENT_KIND(Kind, Name, Group) Name,
#include "EventKinds.def"
#undef SCHEDSAN_EVENT_KIND
  };
  static_assert(sizeof(Names) / sizeof(Names[0]) ==
                    static_cast<size_t>(EventKind::NumKinds),
                "one name per EventKind");
  return Names[static_cast<size_t>(K)];
}

static bool overlaps(uintptr_t A, uintptr_t ASize, uintptr_t B,
                     uintptr_t BSize) {
  if (!A || !B)
    return false;
  ASize = ASize ? ASize : 1;
  BSize = BSize ? BSize : 1;
  return A < B + BSize && B < A + ASize;
}

static bool isThreadEndKind(EventKind K) {
  return K == EventKind::ThreadJoin || K == EventKind::ThreadExit;
}

bool eventsRace(const Event &A, const Event &B, bool ReadsRace) {
  if (A.tid == B.tid)
    return false;
  if (isSyncKind(A.kind) && isSyncKind(B.kind))
    return A.addr && A.addr == B.addr;
  // A join and the joinee's exit name the same thread object.
  if (isThreadEndKind(A.kind) && isThreadEndKind(B.kind))
    return A.addr && A.addr == B.addr;
  if (!isMemoryKind(A.kind) || !isMemoryKind(B.kind))
    return false;
  if (!ReadsRace && !A.is_write && !B.is_write)
    return false;
  // A fence orders against every other memory event of another thread.
  if (A.kind == EventKind::Fence || B.kind == EventKind::Fence)
    return true;
  bool Touch = overlaps(A.addr, A.size, B.addr, B.size) ||
               overlaps(A.addr2, A.size, B.addr, B.size) ||
               overlaps(A.addr, A.size, B.addr2, B.size);
  // Two memcpy sources only read each other.
  return Touch;
}

} // namespace schedsan
