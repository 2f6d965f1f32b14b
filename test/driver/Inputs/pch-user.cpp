// Uses the header that precompiled-header.test precompiles (-include-pch).
#include <cstdio>
int main() {
  Point p{3, 4};
  std::printf("distance=%d\n", manhattan(p));
  return 0;
}
