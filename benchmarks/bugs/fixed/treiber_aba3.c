// Fixed twin of ../treiber_aba3.c: the top of the stack carries a version
// that every successful pop and push increments, so a compare-and-swap
// against a top that was popped and pushed back fails
// (include/treiber3.h).
#define TREIBER3_FIXED 1
#include "../include/treiber3.h"
