//===- schedsan_keymap.cpp - A map from 64-bit keys, without malloc -------===//
//
// FILE:
//    runtime/core/schedsan_keymap.cpp
//
// DESCRIPTION:
//    See schedsan_keymap.h.
//===----------------------------------------------------------------------===//
#include "core/schedsan_keymap.h"

#include <sys/mman.h>

namespace schedsan {

namespace {

constexpr uint32_t kFirstSlots = 1u << 10; // 4 KiB: one page

uint32_t hashKey(uint64_t K) {
  K ^= K >> 33;
  K *= 0xFF51AFD7ED558CCDull;
  K ^= K >> 33;
  K *= 0xC4CEB9FE1A85EC53ull;
  return (uint32_t)(K ^ (K >> 33));
}

} // namespace

bool KeyMap::reserve(uint32_t Max) {
  if (Entries)
    return true;
  const size_t EntryBytes = sizeof(Entry) * (size_t)Max;
  void *M = mmap(nullptr, EntryBytes + sizeof(uint32_t) * 2 * (size_t)Max,
                 PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (M == MAP_FAILED)
    return false;
  Entries = static_cast<Entry *>(M);
  Slots = reinterpret_cast<uint32_t *>(static_cast<char *>(M) + EntryBytes);
  MaxEntries = Max;
  NumSlots = kFirstSlots < 2 * Max ? kFirstSlots : 2 * Max;
  return true;
}

uint32_t KeyMap::slotOf(uint64_t Key) const {
  uint32_t I = hashKey(Key) & (NumSlots - 1);
  while (Slots[I] && Entries[Slots[I] - 1].Key != Key)
    I = (I + 1) & (NumSlots - 1);
  return I;
}

uint64_t *KeyMap::find(uint64_t Key) const {
  if (!NumEntries)
    return nullptr;
  uint32_t I = slotOf(Key);
  return Slots[I] ? &Entries[Slots[I] - 1].Value : nullptr;
}

uint64_t *KeyMap::insert(uint64_t Key, uint64_t Value) {
  uint32_t I = slotOf(Key);
  if (Slots[I])
    return &Entries[Slots[I] - 1].Value;
  if (NumEntries == MaxEntries) {
    ++Dropped;
    return nullptr;
  }
  Entry &E = Entries[NumEntries];
  E.Key = Key;
  E.Value = Value;
  Slots[I] = ++NumEntries;
  if (2 * NumEntries > NumSlots && NumSlots < 2 * MaxEntries)
    rebuildIndex(2 * NumSlots);
  return &E.Value;
}

__attribute__((no_builtin)) void KeyMap::rebuildIndex(uint32_t NewSlots) {
  for (uint32_t I = 0; I != NumSlots; ++I) // the rest is still untouched
    Slots[I] = 0;
  NumSlots = NewSlots;
  for (uint32_t P = 0; P != NumEntries; ++P) {
    uint32_t I = hashKey(Entries[P].Key) & (NumSlots - 1);
    while (Slots[I])
      I = (I + 1) & (NumSlots - 1);
    Slots[I] = P + 1;
  }
}

__attribute__((no_builtin)) void KeyMap::clear() {
  if (!NumEntries && !Dropped)
    return; // touches no page
  for (uint32_t I = 0; I != NumSlots; ++I)
    Slots[I] = 0;
  NumEntries = Dropped = 0;
}

} // namespace schedsan
