// Bug: an order violation between the stages of a two-stage pipeline of
//        20 threads (19 stage worker(s), one reader): the reader finds
//        stage one published and stage two not yet derived from it
//        (benchmarks/bugs/include/two_stage.h). After the twostage family
//        of the ESBMC/SCTBench benchmarks (twostage_bad, twostage_20_bad,
//        twostage_100_bad; Thomson, Donaldson, Betts, PPoPP 2014), written
//        for schedsan.
// Depth: 2 (the reader's stage-one read after a worker's stage-one write,
//        its stage-two read before any worker's stage-two write).
// Threads: 21 (main, 19 stage worker(s), the reader, created last).
// Manifests: the reader's assertion fails ("stage two read before it was
//        derived").
#define TWO_STAGE_N 20
#include "include/two_stage.h"
