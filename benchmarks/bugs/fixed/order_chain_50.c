// Fixed twin of ../order_chain_50.c: the last setter completes the chain
// only after the checker has looked (benchmarks/bugs/include/order_chain.h).
#define ORDER_CHAIN_N 50
#define ORDER_CHAIN_FIXED 1
#include "../include/order_chain.h"
