// Fixed twin of ../compressor_teardown.c: main joins the consumers before
// it tears the FIFO down (include/compressor.h).
#define COMPRESSOR_FIXED 1
#include "../include/compressor.h"
