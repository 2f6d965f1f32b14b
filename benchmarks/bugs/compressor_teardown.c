// Bug: order violation at teardown in a parallel compressor, after pbzip2
//        0.9.4 (the PCT paper's Fig. 2, Burckhardt et al., ASPLOS 2010;
//        RADBench): main joins the producer, then destroys the FIFO (its
//        buffer, condition variables and mutex) while consumers may still
//        use it (benchmarks/bugs/include/compressor.h). Unlike
//        concurrit/pbzip2.c, where main first waits for every block to be
//        compressed, here main waits for the producer only.
// Depth: 1 (a consumer's next look at the FIFO after main's teardown; a
//        consumer always comes back once more to see the FIFO done).
// Threads: 4 (main, the producer, two consumers; 4 blocks through a FIFO
//        of 2 slots).
// Manifests: a consumer's assertion fails ("FIFO used after main deleted
//        it").
#include "include/compressor.h"
