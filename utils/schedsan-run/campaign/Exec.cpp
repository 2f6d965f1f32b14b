//===- Exec.cpp - Starting and waiting for processes ----------------------===//
//
// FILE:
//    utils/schedsan-run/campaign/Exec.cpp
//
// DESCRIPTION:
//    See Exec.h. A run's end is observed through a pidfd (Linux >= 5.3), so
//    one poll() covers the child, the deadline and the worker's wake-up pipe;
//    without pidfds it falls back to polling waitpid every 0.2 ms.
//===----------------------------------------------------------------------===//
#include "campaign/Exec.h"
#include "campaign/Files.h"
#include "cli/Diag.h"
#include "schedsan/schedsan_protocol.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace schedsan::run {

void abortAtTimeout(pid_t Pid) {
  union sigval V;
  V.sival_int = SCHEDSAN_TIMEOUT_SIGVAL;
  sigqueue(Pid, SIGABRT, V);
}

double now() {
  struct timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return T.tv_sec + T.tv_nsec * 1e-9;
}

std::string joinOptions(const std::vector<std::string> &Parts) {
  std::string Out;
  for (const std::string &P : Parts) {
    if (P.empty())
      continue;
    if (!Out.empty())
      Out += ':';
    Out += P;
  }
  return Out;
}

std::vector<std::string>
environmentWithout(const std::vector<std::string> &Names) {
  std::vector<std::string> Env;
  for (char **E = environ; *E; ++E) {
    std::string Var = *E;
    bool Drop = false;
    for (const std::string &N : Names)
      Drop |= Var.compare(0, N.size() + 1, N + "=") == 0;
    if (!Drop)
      Env.push_back(Var);
  }
  return Env;
}

pid_t spawnProcess(const Spawn &S, std::string &Error) {
  posix_spawn_file_actions_t FA;
  posix_spawn_file_actions_init(&FA);
  posix_spawn_file_actions_addopen(&FA, 0, "/dev/null", O_RDONLY, 0);
  const int OutFlags = O_WRONLY | O_CREAT | O_TRUNC;
  if (!S.Stdout.empty())
    posix_spawn_file_actions_addopen(&FA, 1, S.Stdout.c_str(), OutFlags, 0644);
  if (!S.Stderr.empty())
    posix_spawn_file_actions_addopen(&FA, 2, S.Stderr.c_str(), OutFlags, 0644);
  for (const auto &D : S.Dup2)
    posix_spawn_file_actions_adddup2(&FA, D.first, D.second);

  posix_spawnattr_t Attr;
  posix_spawnattr_init(&Attr);
  sigset_t Default, Empty;
  sigemptyset(&Default);
  sigaddset(&Default, SIGPIPE);
  sigaddset(&Default, SIGINT);
  sigaddset(&Default, SIGTERM);
  sigemptyset(&Empty);
  posix_spawnattr_setsigdefault(&Attr, &Default);
  posix_spawnattr_setsigmask(&Attr, &Empty);
  posix_spawnattr_setflags(&Attr,
                           POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);

  std::vector<char *> Argv, Env;
  for (const std::string &A : S.Argv)
    Argv.push_back(const_cast<char *>(A.c_str()));
  Argv.push_back(nullptr);
  for (const std::string &E : S.Env)
    Env.push_back(const_cast<char *>(E.c_str()));
  Env.push_back(nullptr);

  pid_t Pid = -1;
  int Rc;
  {
    UnpinnedThread Unpinned;
    Rc = posix_spawn(&Pid, S.Path.c_str(), &FA, &Attr, Argv.data(), Env.data());
  }
  posix_spawn_file_actions_destroy(&FA);
  posix_spawnattr_destroy(&Attr);
  if (Rc != 0) {
    Error = S.Path + ": " + std::strerror(Rc);
    return -1;
  }
  return Pid;
}

std::string signalName(int Sig) {
  const char *Abbrev = sigabbrev_np(Sig);
  return Abbrev ? std::string("SIG") + Abbrev : "signal " + std::to_string(Sig);
}

std::string describe(const ProcessEnd &E) {
  switch (E.How) {
  case ProcessEnd::Exited:
    return "exit status " + std::to_string(E.Code);
  case ProcessEnd::Signaled:
    return "killed by " + signalName(E.Signal);
  case ProcessEnd::TimedOut:
    return "timeout";
  case ProcessEnd::Cancelled:
    return "cancelled";
  case ProcessEnd::Lost:
    return "fork server lost";
  case ProcessEnd::SpawnFailed:
    return "could not start";
  }
  return "?";
}

WaitResult waitReadable(int Fd, double Deadline, const Interrupt &I,
                        Capture *C) {
  const double DrainFrom = C ? now() + kDrainDelay : 0;
  for (;;) {
    const double Now = now();
    const bool Drain = C && Now >= DrainFrom;
    struct pollfd P[4] = {{Fd, POLLIN, 0},
                          {I.Fd, POLLIN, 0},
                          {Drain ? C->outReadFd() : -1, POLLIN, 0},
                          {Drain ? C->errReadFd() : -1, POLLIN, 0}};
    double Wait = -1; // seconds; negative: no limit
    if (Deadline > 0) {
      Wait = Deadline - Now;
      if (Wait <= 0)
        return WaitResult::Timeout;
    }
    if (C && !Drain && (Wait < 0 || Wait > DrainFrom - Now))
      Wait = DrainFrom - Now;
    int N = poll(P, 4, Wait < 0 ? -1 : (int)(Wait * 1000) + 1);
    if (N < 0 && errno != EINTR)
      return WaitResult::Ready; // let the caller's read report it
    if (N <= 0)
      continue;
    if (P[2].revents || P[3].revents)
      C->drain();
    if (P[0].revents)
      return WaitResult::Ready;
    if (P[1].revents) {
      char Buf[64];
      while (read(I.Fd, Buf, sizeof(Buf)) > 0) {
      }
      if (I.Requested && I.Requested())
        return WaitResult::Cancel;
    }
  }
}

namespace {

int pidfdOpen(pid_t Pid) {
#ifdef SYS_pidfd_open
  return (int)syscall(SYS_pidfd_open, Pid, 0);
#else
  (void)Pid;
  errno = ENOSYS;
  return -1;
#endif
}

ProcessEnd reap(pid_t Pid, ProcessEnd::Kind Override) {
  ProcessEnd E;
  E.Pid = Pid;
  int Status = 0;
  while (waitpid(Pid, &Status, 0) < 0 && errno == EINTR) {
  }
  if (WIFSIGNALED(Status)) {
    E.How = ProcessEnd::Signaled;
    E.Signal = WTERMSIG(Status);
  } else {
    E.Code = WEXITSTATUS(Status);
  }
  if (Override != ProcessEnd::Exited)
    E.How = Override;
  return E;
}

// Waits for Pid (a child of ours) until Deadline, draining C; kills it on
// timeout or cancellation.
ProcessEnd waitChild(pid_t Pid, double Deadline, const Interrupt &I,
                     Capture *C) {
  int PidFd = pidfdOpen(Pid);
  if (PidFd >= 0) {
    WaitResult W = waitReadable(PidFd, Deadline, I, C);
    if (W == WaitResult::Timeout) {
      // SIGABRT first: the runtime reports where each thread is and writes
      // the schedule so far. Not yet reaped: the pid is still ours.
      abortAtTimeout(Pid);
      if (waitReadable(PidFd, now() + kTimeoutGrace, Interrupt(), C) !=
          WaitResult::Ready)
        kill(Pid, SIGKILL);
    } else if (W == WaitResult::Cancel) {
      kill(Pid, SIGKILL);
    }
    close(PidFd);
    return reap(Pid, W == WaitResult::Timeout  ? ProcessEnd::TimedOut
                     : W == WaitResult::Cancel ? ProcessEnd::Cancelled
                                               : ProcessEnd::Exited);
  }
  bool Aborted = false;
  for (;;) { // no pidfd: poll waitpid
    if (C)
      C->drain();
    int Status = 0;
    pid_t R = waitpid(Pid, &Status, WNOHANG);
    if (R == Pid) {
      ProcessEnd E;
      E.Pid = Pid;
      if (WIFSIGNALED(Status)) {
        E.How = ProcessEnd::Signaled;
        E.Signal = WTERMSIG(Status);
      } else {
        E.Code = WEXITSTATUS(Status);
      }
      return E;
    }
    bool Cancel = false;
    if (I.Fd >= 0) {
      struct pollfd P = {I.Fd, POLLIN, 0};
      if (poll(&P, 1, 0) > 0) {
        char Buf[64];
        while (read(I.Fd, Buf, sizeof(Buf)) > 0) {
        }
        Cancel = I.Requested && I.Requested();
      }
    }
    bool Late = Deadline > 0 && now() >= Deadline;
    if (Late && !Aborted) { // as above: SIGABRT, then SIGKILL
      abortAtTimeout(Pid);
      Aborted = true;
      Deadline = now() + kTimeoutGrace;
      continue;
    }
    if (Cancel || Late) {
      kill(Pid, SIGKILL);
      return reap(Pid, Late || Aborted ? ProcessEnd::TimedOut
                                       : ProcessEnd::Cancelled);
    }
    usleep(200);
  }
}

} // namespace

ProcessEnd runCaptured(Spawn S, double TimeoutSeconds, std::string &Output) {
  int Pipe[2];
  ProcessEnd E;
  if (pipe2(Pipe, O_CLOEXEC) != 0) {
    E.How = ProcessEnd::SpawnFailed;
    Output = lastError();
    return E;
  }
  S.Dup2 = {{Pipe[1], 1}, {Pipe[1], 2}};
  std::string Error;
  pid_t Pid = spawnProcess(S, Error);
  close(Pipe[1]);
  if (Pid < 0) {
    close(Pipe[0]);
    E.How = ProcessEnd::SpawnFailed;
    Output = Error;
    return E;
  }
  double Deadline = now() + TimeoutSeconds;
  Interrupt None;
  bool Late = false;
  for (;;) {
    if (waitReadable(Pipe[0], Deadline, None) != WaitResult::Ready) {
      Late = true;
      kill(Pid, SIGKILL);
      break;
    }
    char Buf[4096];
    ssize_t N = read(Pipe[0], Buf, sizeof(Buf));
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      break;
    if (Output.size() < (1u << 20))
      Output.append(Buf, N);
  }
  close(Pipe[0]);
  return reap(Pid, Late ? ProcessEnd::TimedOut : ProcessEnd::Exited);
}

ProcessEnd ExecLauncher::run(const RunSpec &R, double Timeout,
                             const Interrupt &I) {
  Spawn S;
  S.Path = Path;
  S.Argv = Argv;
  S.Env = Env;
  S.Env.push_back(
      SCHEDSAN_ENV_OPTIONS "=" +
      joinOptions({Base, R.Options, "seed=" + std::to_string(R.Seed)}));
  if (R.Out)
    S.Dup2 = {{R.Out->outWriteFd(), 1}, {R.Out->errWriteFd(), 2}};
  double Start = now();
  std::string Error;
  pid_t Pid = spawnProcess(S, Error);
  if (Pid < 0) {
    ProcessEnd E;
    E.How = ProcessEnd::SpawnFailed;
    return E;
  }
  ProcessEnd E = waitChild(Pid, Timeout > 0 ? Start + Timeout : 0, I, R.Out);
  if (R.Out)
    R.Out->drain(); // it has exited: everything it wrote is in the pipes
  E.Seconds = now() - Start;
  return E;
}

} // namespace schedsan::run
