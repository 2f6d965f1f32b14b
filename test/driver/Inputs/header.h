// A header to precompile.
#pragma once
struct Point {
  int x, y;
};
static inline int manhattan(struct Point p) { return p.x + p.y; }
