//===- schedsan_log.cpp - Output and death --------------------------------===//
//
// FILE:
//    runtime/core/schedsan_log.cpp
//
// DESCRIPTION:
//    rawPrintf formats into a stack buffer and writes it with write(2); the
//    log descriptor is opened at the first print. See schedsan_log.h.
//===----------------------------------------------------------------------===//
#include "core/schedsan_log.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace schedsan {

namespace {

int LogFd = -1;
const char *LogPath = nullptr;
char CommandLine[4096];
void (*BeforeDie)(int Code) = nullptr;

int logFd() {
  if (LogFd >= 0)
    return LogFd;
  LogFd = 2;
  if (LogPath && *LogPath) {
    char Path[1024];
    snprintf(Path, sizeof(Path), "%s.%d", LogPath, (int)getpid());
    int Fd = open(Path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (Fd >= 0)
      LogFd = Fd;
  }
  return LogFd;
}

} // namespace

void rawPrintf(const char *Fmt, ...) {
  char Buf[2048];
  va_list Args;
  va_start(Args, Fmt);
  int N = vsnprintf(Buf, sizeof(Buf), Fmt, Args);
  va_end(Args);
  if (N <= 0)
    return;
  rawWrite(Buf, N < (int)sizeof(Buf) ? N : sizeof(Buf) - 1);
}

void rawWrite(const char *Text, size_t Len) {
  while (Len > 0) {
    ssize_t W = write(logFd(), Text, Len);
    if (W <= 0)
      return;
    Text += W;
    Len -= W;
  }
}

void setLogPath(const char *Path) { LogPath = Path; }

void RawWriter::flush() {
  for (size_t Done = 0; Done < Len && Ok;) {
    ssize_t W = write(Fd, Buf + Done, Len - Done);
    if (W < 0 && errno == EINTR)
      continue;
    if (W <= 0)
      Ok = false;
    else
      Done += W;
  }
  Len = 0;
}

void RawWriter::putText(const char *Text) {
  for (size_t N = strlen(Text); N;) {
    if (Len == Size)
      flush();
    const size_t Part = N < Size - Len ? N : Size - Len;
    memcpy(Buf + Len, Text, Part);
    Len += Part;
    Text += Part;
    N -= Part;
  }
}

void RawWriter::put(const char *Fmt, ...) {
  if (Len + Reserve > Size)
    flush();
  va_list Args;
  va_start(Args, Fmt);
  int N = vsnprintf(Buf + Len, Size - Len, Fmt, Args);
  va_end(Args);
  if (N > 0)
    Len += (size_t)N < Size - Len ? (size_t)N : Size - Len - 1;
}

void setBeforeDie(void (*Hook)(int Code)) { BeforeDie = Hook; }

void dieNow(int Code) {
  if (void (*Hook)(int) = BeforeDie) {
    BeforeDie = nullptr;
    Hook(Code);
  }
  syscall(SYS_exit_group, Code);
  __builtin_unreachable();
}

void shellQuoteInside(const char *S, char *Out, size_t Size) {
  size_t Len = 0;
  for (; *S && Len + 5 < Size; ++S) {
    if (*S == '\'') {
      memcpy(Out + Len, "'\\''", 4);
      Len += 4;
    } else {
      Out[Len++] = *S;
    }
  }
  Out[Len] = 0;
}

void appendShellWord(char *&Out, char *End, const char *Begin,
                     const char *Arg) {
  bool Plain = *Arg;
  for (const char *P = Arg; *P; ++P)
    if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                "0123456789_-./=:,+@%",
                *P))
      Plain = false;
  auto Put = [&](char C) {
    if (Out < End - 1)
      *Out++ = C;
  };
  if (Out != Begin)
    Put(' ');
  if (!Plain)
    Put('\'');
  for (const char *P = Arg; *P; ++P) {
    if (*P == '\'' && !Plain) {
      Put('\'');
      Put('\\');
      Put('\'');
    }
    Put(*P);
  }
  if (!Plain)
    Put('\'');
  *Out = 0;
}

void initCommandLine() {
  int Fd = open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC);
  if (Fd < 0)
    return;
  char Raw[4096];
  ssize_t N = read(Fd, Raw, sizeof(Raw) - 1);
  close(Fd);
  if (N <= 0)
    return;
  Raw[N] = 0;
  char *Out = CommandLine;
  for (char *A = Raw; A < Raw + N; A += strlen(A) + 1)
    appendShellWord(Out, CommandLine + sizeof(CommandLine), CommandLine, A);
}

const char *commandLine() { return CommandLine; }

} // namespace schedsan
