//===- Random.h - Small deterministic PRNG for strategies -------*- C++ -*-===//
//
// FILE:
//    common/Random.h
//
// DESCRIPTION:
//    xoshiro256** seeded through splitmix64: fast, good quality, identical on
//    every platform, so a (strategy, seed) pair always gives one schedule.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_STRATEGY_RANDOM_H
#define SCHEDSAN_STRATEGY_RANDOM_H

#include <stdint.h>

namespace schedsan {

class Rng {
public:
  explicit Rng(uint64_t Seed = 0) { seed(Seed); }

  void seed(uint64_t Seed) {
    for (uint64_t &W : S) {
      Seed += 0x9e3779b97f4a7c15ull;
      uint64_t Z = Seed;
      Z = (Z ^ (Z >> 30)) * 0xbf58476d1ce4e5b9ull;
      Z = (Z ^ (Z >> 27)) * 0x94d049bb133111ebull;
      W = Z ^ (Z >> 31);
    }
  }

  uint64_t next() {
    const uint64_t Result = rotl(S[1] * 5, 7) * 9;
    const uint64_t T = S[1] << 17;
    S[2] ^= S[0];
    S[3] ^= S[1];
    S[1] ^= S[2];
    S[0] ^= S[3];
    S[2] ^= T;
    S[3] = rotl(S[3], 45);
    return Result;
  }

  // Uniform in [0, N), N > 0 (Lemire's multiply-shift with rejection).
  uint64_t below(uint64_t N) {
    unsigned __int128 M = (unsigned __int128)next() * N;
    uint64_t Low = (uint64_t)M;
    if (Low < N) {
      const uint64_t Threshold = -N % N;
      while (Low < Threshold) {
        M = (unsigned __int128)next() * N;
        Low = (uint64_t)M;
      }
    }
    return (uint64_t)(M >> 64);
  }

  // Uniform in [Lo, Hi], Lo <= Hi.
  uint64_t range(uint64_t Lo, uint64_t Hi) { return Lo + below(Hi - Lo + 1); }

  // Uniform in [0, 1) with 53 random bits.
  double unit() { return (next() >> 11) * 0x1.0p-53; }

private:
  static uint64_t rotl(uint64_t X, int K) { return (X << K) | (X >> (64 - K)); }
  uint64_t S[4];
};

} // namespace schedsan

#endif // SCHEDSAN_STRATEGY_RANDOM_H
