//===- Vec.h - A growable array without the C++ library ---------*- C++ -*-===//
//
// FILE:
//    common/Vec.h
//
// DESCRIPTION:
//    The part of std::vector the strategies use, for trivially copyable
//    element types, on malloc/realloc/free. The runtime links into C
//    programs too: with no reference to operator new or libstdc++'s
//    exceptions, such a program does not load libstdc++ (nor the libm and
//    libgcc_s it brings), which makes every process start, fork and exit
//    cheaper (benchmarks/RESULTS.md, "Runner throughput").
//    Invariant: Data holds Cap elements, the first Size of them live.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_STRATEGY_VEC_H
#define SCHEDSAN_STRATEGY_VEC_H

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <type_traits>

namespace schedsan {

template <typename T> class Vec {
  static_assert(std::is_trivially_copyable<T>::value,
                "Vec moves its elements as bytes (realloc)");

public:
  Vec() = default;
  Vec(const Vec &) = delete;
  Vec &operator=(const Vec &) = delete;
  ~Vec() { free(Data); }

  size_t size() const { return Size; }
  bool empty() const { return Size == 0; }
  T *begin() { return Data; }
  T *end() { return Data + Size; }
  const T *begin() const { return Data; }
  const T *end() const { return Data + Size; }
  T &operator[](size_t I) { return Data[I]; }
  const T &operator[](size_t I) const { return Data[I]; }

  void clear() { Size = 0; }
  void push_back(const T &V) { insert(end(), V); }
  // Grows with copies of V, or shrinks, to N elements.
  __attribute__((no_builtin)) void resize(size_t N, const T &V = T()) {
    reserve(N);
    for (size_t I = Size; I < N; ++I)
      Data[I] = V;
    Size = N;
  }
  // Elements are written one by one, never through the C library's
  // memmove or memset: a ThreadSanitizer linked into the program intercepts
  // those, and the strategies' arrays, which the scheduler's threads touch
  // in turn (a hand-over TSan cannot see), would look racy (no_builtin
  // keeps the compiler from turning the loops into such calls).
  __attribute__((no_builtin)) T *insert(T *Pos, const T &V) {
    size_t I = Pos - Data;
    T Copy = V; // V may live in this array
    reserve(Size + 1);
    for (size_t J = Size; J > I; --J)
      Data[J] = Data[J - 1];
    Data[I] = Copy;
    ++Size;
    return Data + I;
  }
  __attribute__((no_builtin)) T *erase(T *Pos) {
    size_t I = Pos - Data;
    for (size_t J = I; J + 1 < Size; ++J)
      Data[J] = Data[J + 1];
    --Size;
    return Data + I;
  }

private:
  void reserve(size_t N) {
    if (N <= Cap)
      return;
    size_t NewCap = Cap ? Cap * 2 : 8;
    if (NewCap < N)
      NewCap = N;
    T *New = static_cast<T *>(realloc(Data, NewCap * sizeof(T)));
    if (!New)
      abort(); // out of memory inside the scheduler: nothing sane to do
    Data = New;
    Cap = NewCap;
  }

  T *Data = nullptr;
  size_t Size = 0, Cap = 0;
};

} // namespace schedsan

#endif // SCHEDSAN_STRATEGY_VEC_H
