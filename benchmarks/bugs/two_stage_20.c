// Bug: an order violation between the stages of a two-stage pipeline of
//        20 threads (19 stage workers, one reader): the reader finds
//        stage one published and stage two not yet derived from it
//        (benchmarks/bugs/include/two_stage.h). After the twostage
//        programs of the benchmarks collected in SCTBench (Thomson,
//        Donaldson, Betts, PPoPP 2014), written for schedsan.
// Depth: 2 (the reader's stage-one read after a worker's stage-one write,
//        its stage-two read before any worker's stage-two write).
// Threads: 21 (main, 19 stage workers, the reader, created last).
// Manifests: the reader's assertion fails ("stage two read before it was
//        derived").
#define TWO_STAGE_N 20
#include "include/two_stage.h"
