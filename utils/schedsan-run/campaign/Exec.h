//===- Exec.h - Starting and waiting for processes --------------*- C++ -*-===//
//
// FILE:
//    utils/schedsan-run/campaign/Exec.h
//
// DESCRIPTION:
//    Process plumbing shared by the two ways of running one seed:
//      - Spawn / spawnProcess: posix_spawn with stdin from /dev/null, stdout
//        and stderr to files, extra descriptors, and default signal
//        dispositions (the runner ignores SIGPIPE; its programs must not);
//      - waitReadable: waits for a descriptor (a pidfd, a fork server's
//        status pipe) until a deadline, draining the run's output pipes
//        (Capture.h) meanwhile, and waking early when the campaign wants
//        the run cancelled (first bug found, Ctrl-C);
//      - Launcher: "run this seed, tell me how it ended", implemented by
//        ExecLauncher (one posix_spawn per run, below) and ForkServerLauncher
//        (ForkServer.h).
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RUN_EXEC_H
#define SCHEDSAN_RUN_EXEC_H

#include "campaign/Capture.h"

#include <cstdint>
#include <functional>
#include <string>
#include <sys/types.h>
#include <utility>
#include <vector>

namespace schedsan::run {

// Seconds on the monotonic clock.
double now();

// A run past its deadline gets SIGABRT (the runtime then reports where its
// threads are and writes the schedule so far) and, if it has not ended
// this many seconds later, SIGKILL.
constexpr double kTimeoutGrace = 0.5;
// Sends Pid that SIGABRT, with SCHEDSAN_TIMEOUT_SIGVAL: its report then
// names a timeout.
void abortAtTimeout(pid_t Pid);

struct Spawn {
  std::string Path;                      // executable
  std::vector<std::string> Argv;         // argv, argv[0] included
  std::vector<std::string> Env;          // complete environment, "K=V"
  std::string Stdout, Stderr;            // files (truncated); "" = inherit
  std::vector<std::pair<int, int>> Dup2; // extra fds: from -> to
};

// Starts S; returns the pid, or -1 with Error set.
pid_t spawnProcess(const Spawn &S, std::string &Error);

// The environment of this process without the given variables.
std::vector<std::string>
environmentWithout(const std::vector<std::string> &Names);

struct ProcessEnd {
  enum Kind { Exited, Signaled, TimedOut, Cancelled, Lost, SpawnFailed };
  Kind How = Exited;
  int Code = 0;   // Exited: the exit status
  int Signal = 0; // Signaled: the signal
  pid_t Pid = 0;
  double Seconds = 0;
};

// "exit status 66", "signal SIGSEGV", "timeout", ...
std::string describe(const ProcessEnd &E);
std::string signalName(int Sig); // "SIGSEGV"

// Wakes a waiting worker: Fd becomes readable (it is drained here), then
// Requested() says whether the current run is to be cancelled.
struct Interrupt {
  int Fd = -1;
  std::function<bool()> Requested;
};

enum class WaitResult { Ready, Timeout, Cancel };

// Waits until Fd is readable, the monotonic Deadline passes (0: never), or
// the interrupt asks to cancel; drains C (if any) while it waits, from
// kDrainDelay seconds on: a short run's output waits in the pipes (1 MiB)
// until it ends, so that it does not wake the worker (a chatty run may
// have to wait that long once for its pipe to be drained).
constexpr double kDrainDelay = 0.01;
WaitResult waitReadable(int Fd, double Deadline, const Interrupt &I,
                        Capture *C = nullptr);

// Runs S to completion with stdout and stderr captured together into
// Output (up to 1 MiB), killing it after TimeoutSeconds.
ProcessEnd runCaptured(Spawn S, double TimeoutSeconds, std::string &Output);

// One run of the program with the given seed.
struct RunSpec {
  uint64_t Seed = 0;
  std::string Options;    // this run's extra runtime options, "" for none
  Capture *Out = nullptr; // its stdout and stderr; null: inherit ours
};

class Launcher {
public:
  virtual ~Launcher() = default;
  virtual ProcessEnd run(const RunSpec &R, double Timeout,
                         const Interrupt &I) = 0;
};

// One posix_spawn per run: SCHEDSAN_OPTIONS=<Base>:<R.Options>:seed=<seed>.
class ExecLauncher final : public Launcher {
public:
  ExecLauncher(std::string Path, std::vector<std::string> Argv,
               std::vector<std::string> Env, std::string BaseOptions)
      : Path(std::move(Path)), Argv(std::move(Argv)), Env(std::move(Env)),
        Base(std::move(BaseOptions)) {}
  ProcessEnd run(const RunSpec &R, double Timeout, const Interrupt &I) override;

private:
  std::string Path;
  std::vector<std::string> Argv, Env;
  std::string Base;
};

// Joins runtime options with ':' (empty parts skipped).
std::string joinOptions(const std::vector<std::string> &Parts);

} // namespace schedsan::run

#endif
