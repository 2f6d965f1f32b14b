// Fixed twin of ../two_stage_100.c: a stage worker keeps stage one's lock
// until stage two is derived (benchmarks/bugs/include/two_stage.h).
#define TWO_STAGE_N 100
#define TWO_STAGE_FIXED 1
#include "../include/two_stage.h"
