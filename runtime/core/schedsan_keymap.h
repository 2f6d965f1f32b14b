//===- schedsan_keymap.h - A map from 64-bit keys, without malloc -*- C++
//-*-===//
//
// FILE:
//    runtime/core/schedsan_keymap.h
//
// DESCRIPTION:
//    KeyMap: 64-bit keys to 64-bit values, for tables the hooks fill while
//    a program runs (no malloc on their path). The entries are kept densely
//    in first-inserted order; an index of 32-bit slots (0: empty, else the
//    entry's position + 1) finds them, and is rebuilt twice as large when
//    half full. Both arrays live in one mapping reserved once (reserve():
//    MAP_NORESERVE, so a page costs something only once an entry lands on
//    it); a fork server's runs inherit it. Arrays are written element by
//    element, never through memset or memcpy: a ThreadSanitizer in the
//    program intercepts those, and the run's threads write the map in turn
//    (a hand-over it cannot see).
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_KEYMAP_H
#define SCHEDSAN_KEYMAP_H

#include <stddef.h>
#include <stdint.h>

namespace schedsan {

class KeyMap {
public:
  struct Entry {
    uint64_t Key, Value;
  };

  // Reserves room for MaxEntries (a power of two) once; false if mmap
  // failed. Later calls do nothing.
  bool reserve(uint32_t MaxEntries);
  bool reserved() const { return Entries != nullptr; }

  // Key's value, or nullptr.
  uint64_t *find(uint64_t Key) const;
  // Key's value, inserted as Value if Key is new; nullptr (and one more
  // dropped()) when the map is full.
  uint64_t *insert(uint64_t Key, uint64_t Value);
  // Forgets every entry (the pages touched stay touched).
  void clear();

  uint32_t size() const { return NumEntries; }
  const Entry &operator[](uint32_t I) const { return Entries[I]; }
  uint32_t dropped() const { return Dropped; }
  uint32_t capacity() const { return MaxEntries; }

private:
  void rebuildIndex(uint32_t NewSlots);
  uint32_t slotOf(uint64_t Key) const;

  Entry *Entries = nullptr;  // MaxEntries, the first NumEntries used
  uint32_t *Slots = nullptr; // NumSlots (a power of two)
  uint32_t MaxEntries = 0, NumEntries = 0, NumSlots = 0, Dropped = 0;
};

} // namespace schedsan

#endif // SCHEDSAN_KEYMAP_H
