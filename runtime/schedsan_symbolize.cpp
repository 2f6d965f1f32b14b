//===- schedsan_symbolize.cpp - sanitizer_common's symbolizer, set up -----===//
//
// FILE:
//    runtime/schedsan_symbolize.cpp
//
// DESCRIPTION:
//    libschedsan_symbolize.a: this object plus compiler-rt's
//    sanitizer_common with its symbolizer, taken from the clang runtime
//    archive that has them and no interceptors (libclang_rt.stats; see
//    runtime/CMakeLists.txt). The wrappers link it when the program links
//    no sanitizer runtime of its own (one that does provides
//    __sanitizer_symbolize_pc already set up): the runtime's reports
//    (schedsan_stack.cpp) then symbolize through __sanitizer_symbolize_pc,
//    which runs llvm-symbolizer (found on PATH) as every sanitizer does.
//
//    Nothing here runs unless a run reports. sanitizer_common's options
//    start all zero (symbolize=0); __schedsan_symbolizer_init gives them
//    their defaults (symbolize, demangle and inline frames on), as a
//    sanitizer's start-up would. That is sanitizer_common's internal
//    CommonFlags::SetDefaults, declared here by its linkage name: the
//    archive is the one this runtime was configured with.
//===----------------------------------------------------------------------===//

namespace __sanitizer {
struct CommonFlags {
  void SetDefaults();
};
extern CommonFlags common_flags_dont_use;
} // namespace __sanitizer

extern "C" {
void __sanitizer_symbolize_pc(void *Pc, const char *Fmt, char *Out,
                              unsigned long Size);

// Called once by the runtime (weakly) before its first symbolization.
void __schedsan_symbolizer_init() {
  static bool Done;
  if (Done)
    return;
  Done = true;
  __sanitizer::common_flags_dont_use.SetDefaults();
  // A strong reference: the runtime's own is weak, and would not pull the
  // symbolizer out of the archive.
  void (*volatile Keep)(void *, const char *, char *, unsigned long) =
      __sanitizer_symbolize_pc;
  (void)Keep;
}
} // extern "C"
