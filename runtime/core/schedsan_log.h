//===- schedsan_log.h - Output and death, below everything else -*- C++ -*-===//
//
// FILE:
//    runtime/core/schedsan_log.h
//
// DESCRIPTION:
//    The bottom of the runtime, as sanitizer_common's Printf/Report/Die sit
//    below tsan: printing without malloc or stdio buffers (safe in signal
//    handlers and between fork and exec), where the output goes (stderr or
//    log_path), the process's command line for replay lines, and the exit
//    that runs nothing (no exit handlers, no destructors). Depends on no
//    other runtime module.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_LOG_H
#define SCHEDSAN_LOG_H

#include <stddef.h>

namespace schedsan {

// printf to the log (stderr, or <log_path>.<pid>): one write() per call, at
// most 2 KB.
void rawPrintf(const char *Fmt, ...) __attribute__((format(printf, 1, 2)));
// Text[0, Len) to the log, in one write() as far as the kernel takes it.
void rawWrite(const char *Text, size_t Len);

// Where rawPrintf writes from now on: <Path>.<pid>, opened at the first
// print; null or empty: stderr. Output printed before stays where it went.
void setLogPath(const char *Path);

// Ends the process at once with Code: no exit handlers, no destructors, no
// other thread runs another instruction (exit_group).
[[noreturn]] void dieNow(int Code);

// Hook dieNow calls once, first (a module above this one ends its output:
// the event log). At most one; null removes it.
void setBeforeDie(void (*Hook)(int Code));

// Buffered printf to a descriptor, on a buffer the caller owns (a stack
// array, or a static one: constant-initialized): no stdio and no malloc, so
// it may write from a report in a process whose heap is corrupt. put()
// writes the buffer out first when less than Reserve bytes are free; a
// record is cut only where it does not fit in the rest of the buffer.
// After a failed write nothing more is written (ok() is false).
class RawWriter {
public:
  constexpr RawWriter(int Fd, char *Buf, size_t Size, size_t Reserve)
      : Fd(Fd), Buf(Buf), Size(Size), Reserve(Reserve) {}
  void put(const char *Fmt, ...) __attribute__((format(printf, 2, 3)));
  // Text of any length, as it is.
  void putText(const char *Text);
  void flush();
  bool ok() const { return Ok; }
  void setFd(int NewFd) { Fd = NewFd; }

private:
  int Fd;
  char *Buf;
  size_t Size, Reserve;
  size_t Len = 0;
  bool Ok = true;
};

// S for the inside of single quotes in a POSIX shell: each ' becomes '\''
// (stops short of Size, ended by a NUL).
void shellQuoteInside(const char *S, char *Out, size_t Size);
// Appends Arg at Out (a space first unless Out is Begin), quoted for a
// POSIX shell where it holds anything but plain characters; stops short of
// End, and leaves the text ended by a NUL.
void appendShellWord(char *&Out, char *End, const char *Begin, const char *Arg);
// Reads /proc/self/cmdline once, quoted for a POSIX shell; commandLine()
// returns it ("" before, or if it cannot be read).
void initCommandLine();
const char *commandLine();

} // namespace schedsan

#endif // SCHEDSAN_LOG_H
