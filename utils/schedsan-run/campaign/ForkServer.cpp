//===- ForkServer.cpp - Runs through the runtime's fork server ------------===//
//
// FILE:
//    utils/schedsan-run/campaign/ForkServer.cpp
//
// DESCRIPTION:
//    See ForkServer.h. The program's ends of the two pipes are placed at
//    fds 198 and 199 (the runner's own ends are close-on-exec and kept above
//    200, so the dup2 never hits an fd onto itself).
//===----------------------------------------------------------------------===//
#include "campaign/ForkServer.h"
#include "cli/Diag.h"
#include "schedsan/schedsan_protocol.h"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace schedsan::run {

namespace {

constexpr int kCtlFd = 198, kStFd = 199;

// A pipe whose ends are close-on-exec and numbered above 200.
bool highPipe(int Fds[2]) {
  int P[2];
  if (pipe2(P, O_CLOEXEC) != 0)
    return false;
  for (int I = 0; I != 2; ++I) {
    Fds[I] = fcntl(P[I], F_DUPFD_CLOEXEC, 200);
    close(P[I]);
  }
  return Fds[0] >= 0 && Fds[1] >= 0;
}

bool writeAll(int Fd, const std::string &S) {
  size_t Done = 0;
  while (Done < S.size()) {
    ssize_t N = write(Fd, S.data() + Done, S.size() - Done);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return false;
    Done += N;
  }
  return true;
}

std::string firstLine(const std::string &Text) {
  size_t Start = 0;
  while (Start < Text.size()) {
    size_t End = Text.find('\n', Start);
    std::string Line = Text.substr(Start, End - Start);
    if (!Line.empty())
      return Line;
    if (End == std::string::npos)
      break;
    Start = End + 1;
  }
  return "";
}

} // namespace

ForkServerLauncher::ForkServerLauncher(std::string Path,
                                       std::vector<std::string> Argv,
                                       std::vector<std::string> Env,
                                       std::string BaseOptions, Capture &Out)
    : Path(std::move(Path)), Argv(std::move(Argv)), Env(std::move(Env)),
      Base(std::move(BaseOptions)), Out(Out) {}

ForkServerLauncher::~ForkServerLauncher() { stop(); }

bool ForkServerLauncher::start(double HelloSeconds, std::string &Why) {
  stop();
  if (LosesRuns) {
    Why = "its fork server could not read its runs' status (\"lost\")";
    return false;
  }
  int Ctl[2], St[2];
  if (!highPipe(Ctl) || !highPipe(St)) {
    Why = "pipe: " + lastError();
    return false;
  }
  Spawn S;
  S.Path = Path;
  S.Argv = Argv;
  S.Env = Env;
  S.Env.push_back(SCHEDSAN_ENV_FORKSERVER "=" + std::to_string(kCtlFd) + "," +
                  std::to_string(kStFd));
  S.Env.push_back(SCHEDSAN_ENV_OPTIONS "=" + Base);
  S.Dup2 = {{Out.outWriteFd(), 1},
            {Out.errWriteFd(), 2},
            {Ctl[0], kCtlFd},
            {St[1], kStFd}};
  Out.reset();
  std::string Error;
  ServerPid = spawnProcess(S, Error);
  close(Ctl[0]);
  close(St[1]);
  CtlFd = Ctl[1];
  StFd = St[0];
  Buffer.clear();
  if (ServerPid < 0) {
    Why = Error;
    stop();
    return false;
  }
  std::string Hello;
  Read R = readLine(Hello, now() + HelloSeconds, Interrupt());
  const std::string Greeting = SCHEDSAN_FORKSERVER_HELLO " ";
  const std::string Version = std::to_string(SCHEDSAN_FORKSERVER_VERSION);
  if (R == Read::Line && Hello == Greeting + Version)
    return true;
  if (R == Read::Line && Hello.compare(0, Greeting.size(), Greeting) == 0)
    Why = "its runtime speaks fork-server protocol " +
          Hello.substr(Greeting.size()) + ", this runner " + Version +
          "; rebuild it with this schedsan";
  else if (R == Read::Line)
    Why = "unexpected greeting '" + Hello + "'";
  else if (R == Read::Timeout)
    Why = "no hello within " + std::to_string((int)HelloSeconds) + " s";
  else
    Why = "it exited without a hello";
  stop();
  Out.drain();
  std::string Log = firstLine(Out.err());
  if (!Log.empty())
    Why += " (" + Log + ")";
  return false;
}

void ForkServerLauncher::stop() {
  if (CtlFd >= 0)
    close(CtlFd);
  if (StFd >= 0)
    close(StFd);
  CtlFd = StFd = -1;
  if (ServerPid > 0) {
    // End of file on ctl_fd ends the server; do not wait long for it.
    for (int I = 0; I != 200; ++I) {
      int Status;
      pid_t R = waitpid(ServerPid, &Status, WNOHANG);
      if (R == ServerPid || (R < 0 && errno != EINTR)) {
        ServerPid = -1;
        return;
      }
      usleep(I < 20 ? 100 : 5000);
    }
    kill(ServerPid, SIGKILL);
    while (waitpid(ServerPid, nullptr, 0) < 0 && errno == EINTR) {
    }
    ServerPid = -1;
  }
}

ForkServerLauncher::Read ForkServerLauncher::readLine(std::string &Line,
                                                      double Deadline,
                                                      const Interrupt &I) {
  for (;;) {
    size_t NL = Buffer.find('\n');
    if (NL != std::string::npos) {
      Line = Buffer.substr(0, NL);
      Buffer.erase(0, NL + 1);
      return Read::Line;
    }
    WaitResult W = waitReadable(StFd, Deadline, I, &Out);
    if (W == WaitResult::Timeout)
      return Read::Timeout;
    if (W == WaitResult::Cancel)
      return Read::Cancel;
    char Buf[256];
    ssize_t N = read(StFd, Buf, sizeof(Buf));
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return Read::Eof;
    Buffer.append(Buf, N);
  }
}

ProcessEnd ForkServerLauncher::run(const RunSpec &R, double Timeout,
                                   const Interrupt &I) {
  // `lost`: the server could not read the run's status (something in it
  // reaped the run); it serves on, and the same seed runs again, unless
  // the run had timed out or was cancelled (then that is its end). A
  // server that loses kTries runs in a row is given up (start() refuses).
  constexpr int kTries = 3;
  for (int Try = 1;; ++Try) {
    bool Lost = false;
    ProcessEnd E = runOnce(R, Timeout, I, Lost);
    if (!Lost)
      return E;
    if (E.How == ProcessEnd::TimedOut || E.How == ProcessEnd::Cancelled)
      return E;
    if (Try == kTries) {
      LosesRuns = true;
      stop();
      E.How = ProcessEnd::Lost;
      return E;
    }
    Out.reset();
  }
}

ProcessEnd ForkServerLauncher::runOnce(const RunSpec &R, double Timeout,
                                       const Interrupt &I, bool &Lost) {
  ProcessEnd E;
  E.How = ProcessEnd::Lost;
  const double Start = now();
  const double Deadline = Timeout > 0 ? Start + Timeout : 0;
  const std::string None = SCHEDSAN_FORKSERVER_NONE;
  std::string Request = SCHEDSAN_FORKSERVER_RUN " " + std::to_string(R.Seed) +
                        " " + None + " " + None + " " +
                        (R.Options.empty() ? None : R.Options) + "\n";
  if (!alive() || !writeAll(CtlFd, Request)) {
    stop();
    return E;
  }
  // The server sends the run its signals (it has not reaped the run: a
  // `kill` after the run's end is ignored).
  auto Kill = [&](int Sig) {
    return writeAll(CtlFd,
                    SCHEDSAN_FORKSERVER_KILL " " + std::to_string(Sig) + "\n");
  };
  std::string Line;
  ProcessEnd::Kind Override = ProcessEnd::Exited;
  Read Rd = readLine(Line, Deadline, I);
  if (Rd == Read::Timeout) {
    Override = ProcessEnd::TimedOut;
    Kill(SIGABRT); // a report first (Exec.h, kTimeoutGrace)
    Rd = readLine(Line, now() + kTimeoutGrace, Interrupt());
    if (Rd == Read::Timeout)
      Kill(SIGKILL);
  } else if (Rd == Read::Cancel) {
    Override = ProcessEnd::Cancelled;
    Kill(SIGKILL);
  }
  if (Rd == Read::Timeout || Rd == Read::Cancel)
    Rd = readLine(Line, now() + 10, Interrupt());
  E.Seconds = now() - Start;
  Out.drain(); // the run has ended: all it wrote is in the pipes
  int Value = 0;
  if (Rd == Read::Line &&
      std::sscanf(Line.c_str(), SCHEDSAN_FORKSERVER_EXIT " %d %d", &Value,
                  &E.Pid) == 2) {
    E.How = ProcessEnd::Exited;
    E.Code = Value;
  } else if (Rd == Read::Line &&
             std::sscanf(Line.c_str(), SCHEDSAN_FORKSERVER_SIGNAL " %d %d",
                         &Value, &E.Pid) == 2) {
    E.How = ProcessEnd::Signaled;
    E.Signal = Value;
  } else if (Rd == Read::Line &&
             std::sscanf(Line.c_str(), SCHEDSAN_FORKSERVER_LOST " %d",
                         &E.Pid) == 1) {
    Lost = true;
    E.How = Override; // TimedOut or Cancelled are kept; else Exited (unused)
    return E;
  } else {
    // The server died or does not answer; closing its pipe ends its run.
    stop();
    E.How = ProcessEnd::Lost;
    return E;
  }
  if (Override != ProcessEnd::Exited)
    E.How = Override;
  return E;
}

} // namespace schedsan::run
