//===- schedsan_interceptors_io.cpp - Reads that wait for input -----------===//
//
// FILE:
//    runtime/interceptors/schedsan_interceptors_io.cpp
//
// DESCRIPTION:
//    read, readv, recv, recvfrom, recvmsg, accept and accept4 (and the
//    checked forms of read, recv and recvfrom that _FORTIFY_SOURCE builds
//    call) on a descriptor that blocks and has nothing to give yet (a pipe, a
//    socket, an eventfd or a timerfd that another thread of the run is to make
//    ready) wait as poll does (waitLooking, schedsan_interceptors.h): they
//    look in slices of virtual time while another controlled thread may
//    act, so that thread runs and the call goes on once the input is
//    there; when none may, they wait for real. (Such a call used to block
//    holding the turn until the watchdog released it: a second of each
//    run, and the run not exactly replayable.) As the kernel's wait would,
//    a handler of the program installed without SA_RESTART that runs
//    meanwhile ends the wait with EINTR, and a socket's SO_RCVTIMEO ends it
//    with EAGAIN. A descriptor that is ready, non-blocking, or one poll
//    cannot look at: the real call, at once (a call that then blocks all
//    the same, MSG_WAITALL's rest, is the watchdog's again).
//===----------------------------------------------------------------------===//
#include "interceptors/schedsan_interceptors.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>

using namespace schedsan;

namespace {

// How a wait for input ended.
enum class Input { Ready, TimedOut, Interrupted };

// Fd's SO_RCVTIMEO (kForever: none, or not a socket).
uint64_t receiveTimeoutNs(int Fd) {
  struct timeval Tv = {};
  socklen_t Len = sizeof(Tv);
  if (getsockopt(Fd, SOL_SOCKET, SO_RCVTIMEO, &Tv, &Len) != 0 ||
      (Tv.tv_sec <= 0 && Tv.tv_usec <= 0))
    return kForever;
  return (uint64_t)Tv.tv_sec * kNsPerSec + (uint64_t)Tv.tv_usec * 1000ull;
}

// Waits until reading Fd would not block (see the top of the file).
Input awaitInput(const InterceptedCall &Call, int Fd) {
  struct pollfd P = {Fd, POLLIN, 0};
  if (SCHEDSAN_REAL(poll)(&P, 1, 0) != 0)
    return Input::Ready; // input, end of file, an error, or a bad Fd
  const int Flags = fcntl(Fd, F_GETFL);
  if (Flags < 0 || (Flags & O_NONBLOCK))
    return Input::Ready;
  ThreadState *T = Call.thread();
  const uint32_t Interrupts =
      T->handler_interrupts.load(std::memory_order_acquire);
  auto Interrupted = [&] {
    return T->handler_interrupts.load(std::memory_order_acquire) != Interrupts;
  };
  const uint64_t Timeout = receiveTimeoutNs(Fd);
  for (;;) {
    const int R = waitLooking(Call, Timeout, [&](uint64_t WaitNs) {
      if (Interrupted()) {
        errno = EINTR;
        return -1;
      }
      P.revents = 0;
      return SCHEDSAN_REAL(poll)(&P, 1, pollMs(WaitNs));
    });
    if (Interrupted())
      return Input::Interrupted;
    if (R > 0 || (R < 0 && errno != EINTR))
      return Input::Ready; // the real call reports the error
    if (R == 0)
      return Input::TimedOut;
    // A handler of the program with SA_RESTART ended the wait (waitLooking
    // ends it at any handler, as poll ends; the runtime's own signals are
    // waitForReal's): wait on.
  }
}

// The real call Real once Fd has input (or at once: Wait false, or the
// thread not controlled); -1 with EAGAIN or EINTR as the kernel's wait
// would end.
template <typename RealFn>
auto afterInput(const InterceptedCall &Call, int Fd, bool Wait, RealFn Real)
    -> decltype(Real()) {
  if (Call && Wait) {
    switch (awaitInput(Call, Fd)) {
    case Input::Ready:
      break;
    case Input::TimedOut:
      errno = EAGAIN;
      return -1;
    case Input::Interrupted:
      errno = EINTR;
      return -1;
    }
  }
  return Real();
}

} // namespace

extern "C" {

ssize_t read(int Fd, void *Buf, size_t N) {
  resolveEarly(SCHEDSAN_REAL(read));
  InterceptedCall Call(SCHEDSAN_PC());
  return afterInput(Call, Fd, N != 0,
                    [&] { return SCHEDSAN_REAL(read)(Fd, Buf, N); });
}

ssize_t readv(int Fd, const struct iovec *Iov, int Count) {
  resolveEarly(SCHEDSAN_REAL(readv));
  InterceptedCall Call(SCHEDSAN_PC());
  return afterInput(Call, Fd, Count > 0,
                    [&] { return SCHEDSAN_REAL(readv)(Fd, Iov, Count); });
}

ssize_t recv(int Fd, void *Buf, size_t N, int Flags) {
  resolveEarly(SCHEDSAN_REAL(recv));
  InterceptedCall Call(SCHEDSAN_PC());
  return afterInput(Call, Fd, !(Flags & MSG_DONTWAIT),
                    [&] { return SCHEDSAN_REAL(recv)(Fd, Buf, N, Flags); });
}

ssize_t recvfrom(int Fd, void *Buf, size_t N, int Flags, struct sockaddr *From,
                 socklen_t *Len) {
  resolveEarly(SCHEDSAN_REAL(recvfrom));
  InterceptedCall Call(SCHEDSAN_PC());
  return afterInput(Call, Fd, !(Flags & MSG_DONTWAIT), [&] {
    return SCHEDSAN_REAL(recvfrom)(Fd, Buf, N, Flags, From, Len);
  });
}

ssize_t recvmsg(int Fd, struct msghdr *Msg, int Flags) {
  resolveEarly(SCHEDSAN_REAL(recvmsg));
  InterceptedCall Call(SCHEDSAN_PC());
  return afterInput(Call, Fd, !(Flags & MSG_DONTWAIT),
                    [&] { return SCHEDSAN_REAL(recvmsg)(Fd, Msg, Flags); });
}

int accept(int Fd, struct sockaddr *Addr, socklen_t *Len) {
  resolveEarly(SCHEDSAN_REAL(accept));
  InterceptedCall Call(SCHEDSAN_PC());
  return afterInput(Call, Fd, true,
                    [&] { return SCHEDSAN_REAL(accept)(Fd, Addr, Len); });
}

int accept4(int Fd, struct sockaddr *Addr, socklen_t *Len, int Flags) {
  resolveEarly(SCHEDSAN_REAL(accept4));
  InterceptedCall Call(SCHEDSAN_PC());
  return afterInput(Call, Fd, true, [&] {
    return SCHEDSAN_REAL(accept4)(Fd, Addr, Len, Flags);
  });
}

// The checked forms: a read past the buffer goes straight to the real call
// (the C library reports it), else they wait as the plain ones do.
ssize_t __read_chk(int Fd, void *Buf, size_t N, size_t BufLen) {
  resolveEarly(SCHEDSAN_REAL(__read_chk));
  InterceptedCall Call(SCHEDSAN_PC());
  return afterInput(Call, Fd, N != 0 && N <= BufLen, [&] {
    return SCHEDSAN_REAL(__read_chk)(Fd, Buf, N, BufLen);
  });
}

ssize_t __recv_chk(int Fd, void *Buf, size_t N, size_t BufLen, int Flags) {
  resolveEarly(SCHEDSAN_REAL(__recv_chk));
  InterceptedCall Call(SCHEDSAN_PC());
  return afterInput(Call, Fd, !(Flags & MSG_DONTWAIT) && N <= BufLen, [&] {
    return SCHEDSAN_REAL(__recv_chk)(Fd, Buf, N, BufLen, Flags);
  });
}

ssize_t __recvfrom_chk(int Fd, void *Buf, size_t N, size_t BufLen, int Flags,
                       struct sockaddr *From, socklen_t *Len) {
  resolveEarly(SCHEDSAN_REAL(__recvfrom_chk));
  InterceptedCall Call(SCHEDSAN_PC());
  return afterInput(Call, Fd, !(Flags & MSG_DONTWAIT) && N <= BufLen, [&] {
    return SCHEDSAN_REAL(__recvfrom_chk)(Fd, Buf, N, BufLen, Flags, From, Len);
  });
}

} // extern "C"
