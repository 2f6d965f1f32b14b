//===- schedsan_runfile.h - A file a run writes at its end ------*- C++ -*-===//
//
// FILE:
//    runtime/core/schedsan_runfile.h
//
// DESCRIPTION:
//    coverage_file=, rf_file= and shared_sites_file= each name a file that
//    a run writes at its end (exit, report, script timeout), once a run.
//    Its path is checked when the run begins: the file is emptied, or the
//    program stops with exit status 2 naming the option and the path. A
//    fork server's runs do not check again the path their server checked
//    (`schedsan run` removes the file before each run). A file that cannot
//    be written at the end is a warning: the run's outcome stands.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RUNFILE_H
#define SCHEDSAN_RUNFILE_H

namespace schedsan {

class RawWriter;

class RunFile {
public:
  // Flag: the option's name, for messages.
  explicit constexpr RunFile(const char *Flag) : Flag(Flag) {}

  // Stops the program with exit status 2: Path cannot be written (Why).
  [[noreturn]] void cannotWrite(const char *Path, const char *Why) const;

  // The run begins: it has not written the file yet; Path is checked
  // (emptied) unless this process checked it already.
  void beginRun(const char *Path);

  // The run ends: true the first time a run asks (it writes the file now).
  bool endRun() {
    if (Written)
      return false;
    Written = true;
    return true;
  }

  // Opens Path, emptied, for writing (-1: it cannot be opened).
  static int open(const char *Path);

  // Closes Fd (from open, after Out flushed everything into it); warns
  // that Path could not be written if Fd < 0 or Out failed. Returns
  // whether the file was written.
  bool finish(const char *Path, int Fd, const RawWriter &Out) const;

private:
  const char *Flag;
  bool Written = false;
  char CheckedPath[4096] = {};
};

} // namespace schedsan

#endif // SCHEDSAN_RUNFILE_H
