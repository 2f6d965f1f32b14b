// swarm_reuse=4: seeds 4k..4k+3 share their weights (the weight stream is
// seeded by seed / 4), while the choices differ; with swarm_reuse=1 every
// seed draws its own weights.
//
// Weights are not printed anywhere (neither the trace nor the verbosity=1
// summary names them), but they are observable in a schedule: two threads
// that are always enabled and each run N = 3000 events are picked with
// probabilities w1/(w1+w2) and w2/(w1+w2). The trace records every switch
// (`p <step> <tid>`: tid runs from that step to the next line), so the
// share of the steps between the first and the last switch that thread 1
// ran, f, estimates w1/(w1+w2) (swarm with depth=1: no weight change points).
//
// Noise: given the weights, f is the share of >= 3000 independent weighted
// picks, sd <= sqrt(1/(4*3000)) = 0.0091 (measured over 40 seeds with one
// weight pair: sd 0.0037-0.0067); two runs with the same weights differ by
// more than 0.08 with probability <= P(|Z| > 0.08/0.0129 = 6.2) = 5.6e-10.
// Spread: weights are uniform in [1, 50], p = w1/(w1+w2); 16 independent
// draws of p all fall in a window of width 0.23 (0.15 plus twice the noise
// allowance) with probability 1.5e-6 (exact sum over the 2500 weight pairs).
//
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d
//
// swarm_reuse=4, seeds 4..67 (16 groups of 4): within every group the
// shares agree within 0.08 (P(false failure) <= 16 groups x 6 pairs x
// 5.6e-10 = 5.4e-8), and the 16 groups do not all agree: the range of all
// shares exceeds 0.15 (P(false failure) <= 1.5e-6).
// RUN: cd %t.d && for s in $(seq 4 67); do env SCHEDSAN_OPTIONS=strategy=swarm:depth=1:swarm_reuse=4:seed=$s:trace=r4.$s %t || exit 1; echo "$s $(awk -v mode=share -f %S/real-swarm-reuse.awk r4.$s)"; done > %t.reuse4
// RUN: awk -v mode=groups -v group=4 -v within_max=0.08 -v spread_min=0.15 -f %S/real-swarm-reuse.awk %t.reuse4 | FileCheck --check-prefix=REUSE4 %s
// REUSE4: groups=16 seeds=64 max-group-range={{.*}} within<=0.08:yes spread>0.15:yes
//
// swarm_reuse=1 (the default), seeds 4..19: every seed has its own weights;
// the shares spread over more than 0.15 (P(false failure) <= 1.5e-6), so the
// agreement above comes from the reuse, not from the program.
// RUN: cd %t.d && for s in $(seq 4 19); do env SCHEDSAN_OPTIONS=strategy=swarm:depth=1:seed=$s:trace=r1.$s %t || exit 1; echo "$s $(awk -v mode=share -f %S/real-swarm-reuse.awk r1.$s)"; done > %t.reuse1
// RUN: awk -v mode=groups -v group=1000 -v within_max=1 -v spread_min=0.15 -f %S/real-swarm-reuse.awk %t.reuse1 | FileCheck --check-prefix=REUSE1 %s
// REUSE1: groups=1 seeds=16 max-group-range={{.*}} spread>0.15:yes
#include <pthread.h>

enum { N = 3000 };
long v[2];

static void *work(void *arg) {
  long id = (long)arg;
  for (long i = 0; i < N; ++i)
    __atomic_store_n(&v[id], i, __ATOMIC_RELAXED);
  return 0;
}

int main() {
  pthread_t t[2];
  for (long i = 0; i < 2; ++i)
    pthread_create(&t[i], 0, work, (void *)i);
  for (int i = 0; i < 2; ++i)
    pthread_join(t[i], 0);
  return 0;
}
