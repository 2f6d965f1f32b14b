// Shared C++ library of the example project.
#include "greet.h"

static int calls;

std::string greeting(int total) {
  ++calls;
  return "total=" + std::to_string(total) + " calls=" + std::to_string(calls);
}
