// Catch2 v2's main and implementation, compiled once without schedsan:
// the test cases (counter_catch2.cpp) are what the campaigns schedule.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
