// Catch2's main, in a file of its own: built once per test without
// instrumentation (the header is slow to compile).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
