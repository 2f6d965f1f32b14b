// OpenMP (Debian's libomp): parallel loops, reductions, critical sections,
// barriers and tasks run to completion under every strategy, and libomp's
// shutdown, an exit handler registered before the runtime started, joins
// its workers (the run stays controlled after its summary).
// REQUIRES: openmp
// RUN: %schedsan_cc -g -O1 -fopenmp %s -o %t
// RUN: env SEEDS_OPTIONS=strategy=pct:depth=1 %seeds 20 timeout 30 %t | FileCheck %s
// RUN: env SEEDS_OPTIONS=strategy=pct:depth=3 %seeds 20 timeout 30 %t | FileCheck %s
// RUN: env SEEDS_OPTIONS=strategy=random %seeds 20 timeout 30 %t | FileCheck %s
// RUN: env SEEDS_OPTIONS=strategy=pos %seeds 20 timeout 30 %t | FileCheck %s
// RUN: env SEEDS_OPTIONS=strategy=pos_strict %seeds 20 timeout 30 %t | FileCheck %s
// RUN: env SEEDS_OPTIONS=strategy=basic_pos %seeds 20 timeout 30 %t | FileCheck %s
// RUN: env SEEDS_OPTIONS=strategy=swarm %seeds 20 timeout 30 %t | FileCheck %s
// RUN: %schedsan_cc -g -O2 -fopenmp %s -o %t.o2
// RUN: env SEEDS_OPTIONS=strategy=pct %seeds 20 timeout 30 %t.o2 | FileCheck %s
// CHECK: 20 seeds passed
#include <assert.h>
#include <omp.h>

int main(void) {
  long sum = 0;
  int crit = 0;
#pragma omp parallel num_threads(3)
  {
#pragma omp for reduction(+ : sum)
    for (int i = 0; i < 300; i++)
      sum += i;
#pragma omp critical
    crit++;
#pragma omp barrier
#pragma omp single
    {
#pragma omp task
      crit += 10;
#pragma omp taskwait
    }
  }
  assert(sum == 44850 && crit == 13);
  return 0;
}
