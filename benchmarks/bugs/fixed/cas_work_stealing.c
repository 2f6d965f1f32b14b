// Fixed twin of ../cas_work_stealing.c: the owner claims the last item with
// a compare-and-swap on the head, as the Chase-Lev deque does, and gives it
// up when a thief's compare-and-swap won (include/cas_deque.h).
#define CAS_DEQUE_FIXED 1
#include "../include/cas_deque.h"
