// Two member functions to filter on (sanitize-schedule-funcs.test).
struct Counter {
  int n = 0;
  __attribute__((noinline)) void bump(int by);
  __attribute__((noinline)) void drop(int by);
};
void Counter::bump(int by) { n += by; }
void Counter::drop(int by) { n -= by; }
