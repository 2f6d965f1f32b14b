//===- Files.h - A campaign's directories and files -------------*- C++ -*-===//
//
// FILE:
//    utils/schedsan-run/campaign/Files.h
//
// DESCRIPTION:
//    The file-system side of a campaign: the output directory (--out, or a
//    fresh one in $TMPDIR), the scratch directory (the traces of
//    failing runs before they are kept), moving and writing the files of a
//    failing run, the result files (--json, --junit: opened before the
//    campaign, so a path that cannot be written stops it at once, and
//    checked when closed), and the CPUs the workers may use.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RUN_FILES_H
#define SCHEDSAN_RUN_FILES_H

#include <cstddef>
#include <cstdio>
#include <sched.h>

#include <string>
#include <sys/types.h>
#include <vector>

namespace schedsan::run {

std::string absolutePath(const std::string &P);

// mkdir -p; exits 2 if it cannot, or if Dir is not a directory.
void makeDirs(const std::string &Dir);

// A new directory $TMPDIR/<Name>.XXXXXX (/tmp if $TMPDIR is unset or has
// spaces); exits 2 if it cannot.
std::string tempDir(const char *Name);

// A new scratch directory: on tmpfs (/dev/shm) when possible.
std::string scratchDir();

// rm -rf Dir.
void removeTree(const std::string &Dir);

// The trace the runtime wrote into TraceDir (trace_dir=) for the run Pid,
// if any: schedsan.<pid>.trace, whether or not its report named it.
std::string traceOf(const std::string &TraceDir, pid_t Pid);

// A run's output file (coverage, reads-from pairs) into Text, with plain
// read(2): it is read after every run, so its cost counts. False if it
// cannot be opened.
bool readRunFile(const std::string &Path, std::string &Text);

// rename(), or copy and unlink across file systems.
bool moveFile(const std::string &From, const std::string &To);

// Replaces every Old in Text by New.
void replaceAll(std::string &Text, const std::string &Old,
                const std::string &New);

// Writes a kept run's stdout or stderr, with a first line saying how many
// bytes were dropped from its front, if any.
bool writeOutput(const std::string &Path, const std::string &Text,
                 size_t Dropped);

// A result file. Every error exits 2 naming the file ("cannot write JSON
// results 'r.json': ..."): when it is opened, flushed or closed. Writes in
// between are buffered; a failed one is noticed by the next flush() or
// close() (ferror), so a full disk never leaves a silently short file.
class OutputFile {
public:
  OutputFile() = default;
  OutputFile(const OutputFile &) = delete;
  OutputFile &operator=(const OutputFile &) = delete;
  ~OutputFile();

  void open(const std::string &Path, const char *What);
  bool isOpen() const { return F != nullptr; }
  const std::string &path() const { return Path; }
  void write(const std::string &Text);
  void flush();
  void close();
  // Closes and deletes a regular file (a campaign that stopped on an
  // error leaves no half-written results).
  void discard();

private:
  [[noreturn]] void fail();

  FILE *F = nullptr;
  std::string Path, What;
};

// The CPUs this process may run on (sched_getaffinity, as it started).
std::vector<int> availableCpus();
// Runs the calling thread (and what it starts later) on Cpu only.
bool pinThisThread(int Cpu);
// While it lives, the calling thread runs on the CPUs the process started
// with: a program spawned then starts with them (its runtime pins itself
// with cpu=, and shows the program the mask it had before: a thread pool
// sized from the mask gets its workers), not with its worker's one CPU.
class UnpinnedThread {
public:
  UnpinnedThread();
  ~UnpinnedThread();
  UnpinnedThread(const UnpinnedThread &) = delete;
  UnpinnedThread &operator=(const UnpinnedThread &) = delete;

private:
  cpu_set_t Mask;
  bool Saved;
};

} // namespace schedsan::run

#endif
