// Minimal recording runtime (the controlled runtime replaces it).
#include "schedsan/schedsan_interface.h"
#include <stdio.h>
#include <stdlib.h>

extern "C" __attribute__((weak)) const char __schedsan_default_strategy[] = "";
static unsigned long long NumEvents;

__attribute__((destructor)) static void report() {
  if (getenv("SCHEDSAN_OPTIONS"))
    fprintf(stderr, "schedsan: strategy=%s events=%llu\n",
            __schedsan_default_strategy[0] ? __schedsan_default_strategy
                                           : "random",
            NumEvents);
}

#define PTR SCHEDSAN_TAG_PTR
#define SIZE SCHEDSAN_TAG_SIZE
#define U32 SCHEDSAN_TAG_U32
#define SITE SCHEDSAN_TAG_SITE
#define SCHEDSAN_HOOK(Name, ...)                                               \
  extern "C" void __schedsan_##Name(__VA_ARGS__) { ++NumEvents; }
#include "schedsan/schedsan_interface.def"
