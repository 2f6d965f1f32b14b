//===- ForkServer.h - Runs through the runtime's fork server ----*- C++ -*-===//
//
// FILE:
//    utils/schedsan-run/campaign/ForkServer.h
//
// DESCRIPTION:
//    The runner side of the fork server
//    (runtime/forkserver/schedsan_forkserver.cpp). The program is started once
//    per worker with SCHEDSAN_FORKSERVER=<ctl_fd>,<st_fd>; before main its
//    runtime says `hello schedsan-forkserver <version>` on st_fd and then
//    serves requests, one line each (the words and version:
//    include/schedsan/schedsan_protocol.h):
//        runner -> program (ctl_fd): run <seed> <stdout> <stderr> <options>
//        runner -> program (ctl_fd): kill <signo>   (while the run goes on)
//        program -> runner (st_fd):  exit <code> <pid> | signal <signo> <pid>
//                                    | lost <pid>
//    (`lost`: something in the server reaped the run; the runner asks for
//    the same seed again, thrice at most, then runs one exec per run; a
//    run that had timed out or was cancelled is not run again.)
//    The server forks one child per request; the child takes the run's
//    seed and options (added after SCHEDSAN_OPTIONS) and runs main. A run
//    then costs a fork instead of an exec. (The runner passes no state
//    from run to run: PCT's k is the same k= option for every run.)
//    The runner asks for stdout and stderr "-" (inherit): the server's own
//    are the worker's capture pipes (Capture.h), so no file is opened or
//    truncated per run.
//    On a timeout the runner asks the server to send the run SIGABRT, then
//    SIGKILL, and the server reports `signal 6` or `signal 9`; the runner
//    needs the pid only at the end (to tell the run's stderr lines from
//    those of processes it started), and the worker is woken once a run,
//    by its end. Closing ctl_fd ends the server (and kills a run still
//    going on).
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RUN_FORKSERVER_H
#define SCHEDSAN_RUN_FORKSERVER_H

#include "campaign/Exec.h"

namespace schedsan::run {

class ForkServerLauncher final : public Launcher {
public:
  // The server's stdout and stderr, and so its runs', go to Out.
  ForkServerLauncher(std::string Path, std::vector<std::string> Argv,
                     std::vector<std::string> Env, std::string BaseOptions,
                     Capture &Out);
  ~ForkServerLauncher() override;

  // Starts the server and waits up to HelloSeconds for its hello. On
  // failure returns false with a one-line reason.
  bool start(double HelloSeconds, std::string &Why);
  bool alive() const { return CtlFd >= 0; }

  // A run (its output goes to the Capture given above, whatever R.Out
  // says); ProcessEnd::Lost if the server died (it is then stopped, and
  // start() may be called again).
  ProcessEnd run(const RunSpec &R, double Timeout, const Interrupt &I) override;

private:
  enum class Read { Line, Eof, Timeout, Cancel };
  // One request; Lost: the server answered `lost` (E.How is Lost).
  ProcessEnd runOnce(const RunSpec &R, double Timeout, const Interrupt &I,
                     bool &Lost);
  Read readLine(std::string &Line, double Deadline, const Interrupt &I);
  void stop();

  std::string Path;
  std::vector<std::string> Argv, Env;
  std::string Base;
  Capture &Out;
  pid_t ServerPid = -1;
  int CtlFd = -1, StFd = -1;
  std::string Buffer;
  bool LosesRuns = false; // answered `lost` to every try of a run
};

} // namespace schedsan::run

#endif
