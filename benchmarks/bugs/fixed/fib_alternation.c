// Fixed twin of ../fib_alternation.c: the limit check allows the value a
// strict alternation reaches (include/fib_alternation.h).
#define FIB_FIXED 1
#include "../include/fib_alternation.h"
