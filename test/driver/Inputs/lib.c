// An instrumented shared library: its accesses call hooks that it does not
// define; they resolve from the executable's runtime.
int lib_counter;

int lib_bump(void) {
  lib_counter = lib_counter + 1;
  return lib_counter;
}
