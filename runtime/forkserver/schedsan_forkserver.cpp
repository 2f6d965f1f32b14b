//===- schedsan_forkserver.cpp - Many runs from one exec ------------------===//
//
// FILE:
//    runtime/forkserver/schedsan_forkserver.cpp
//
// DESCRIPTION:
//    When `schedsan run` starts a program with
//    SCHEDSAN_FORKSERVER=<ctl_fd>,<st_fd>, the runtime stops before main
//    (constructors done) and serves runs: a run costs a fork, not an exec.
//    A program with threads still running by then (started by its
//    constructors) cannot serve, as a fork copies only one: it says why on
//    stderr and exits with status 2 before the hello, and the runner runs
//    one exec per run. (The runtime's own watchdog thread is stopped first;
//    runs start their own where needed.) The protocol, one line each, is
//    in include/schedsan/schedsan_protocol.h (its words and version):
//      program -> runner (st_fd):  hello schedsan-forkserver <version>
//      runner -> program (ctl_fd): run <seed> <stdout> <stderr> <options>
//      runner -> program:          kill <signo>   (while a run is going on)
//      program -> runner:          exit <code> <pid>  |  signal <signo> <pid>
//                                  |  lost <pid>  (something else reaped it)
//    Paths may be "-" (inherit); <options> ("k=v:k=v" or "-") come after
//    SCHEDSAN_OPTIONS. The child reopens stdout/stderr, re-reads its options
//    with the run's seed, starts its run (beginRun) and returns to main.
//    `kill` sends the signal to the run (a runner's timeout or
//    cancellation); a `kill` that comes after the run has ended is ignored.
//    The run's pid comes with its end (the runner tells the run's own lines
//    on stderr from those of processes the program started).
//    End of file on ctl_fd ends the server with status 0 (a run still going
//    on is killed first); a run ends when its server does (PDEATHSIG).
//
//    What makes a run cheap (benchmarks/RESULTS.md, "Runner throughput"):
//    - The runner is woken once a run, by its end: it needs no pid before,
//      as the server sends its signals.
//    - The server learns of a run's end from SIGCHLD, through a signalfd
//      made once (a pidfd a run costs an fd to make and close), and polls it
//      with ctl_fd.
//    - The server watches each run itself (the watchdog's samples, read with
//      process_vm_readv while it waits for the run to end), so a run
//      creates no watchdog thread. Where the system does not allow reading
//      a child's memory, each run starts its own watchdog thread as usual.
//    - PCT's k goes from run to run through a shared page, not a file.
//    - The code and read-only data pages runs use come mapped into every
//      run, and only those (schedsan_forkserver_pages.h).
//    - After a fork the server writes as little memory as it can: every
//      page it writes while the run lives is copied.
//===----------------------------------------------------------------------===//
#include "forkserver/schedsan_forkserver.h"
#include "core/schedsan_flags.h"
#include "core/schedsan_forkserver_link.h"
#include "core/schedsan_forkserver_pages.h"
#include "core/schedsan_interception.h"
#include "core/schedsan_log.h"
#include "core/schedsan_rt.h"
#include "core/schedsan_run.h"
#include "core/schedsan_watchdog.h"
#include "forkserver/schedsan_forkserver_probe.h"
#include "schedsan/schedsan_protocol.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <new>

namespace schedsan {

namespace {

int CtlFd = -1, StFd = -1;
int SigFd = -1; // SIGCHLD, blocked in the server (not in its runs)
pid_t ServerPid = 0;
sigset_t RunMask; // the signal mask a run starts with (the program's)

// What the server reads and writes while a run lives, in the shared
// mapping with the Link: a shared page is never copied on write, so reading
// the next request costs no fault. The request line comes first, on the
// Link's page, which a run touches anyway (it reads its seed and options
// there).
constexpr size_t kRequestMax = 8192;
struct ServerIo {
  ForkServerLink Link;
  char Line[kRequestMax];   // the request being served
  char Buffer[kRequestMax]; // what ctl_fd gave beyond it
  size_t Buffered = 0;
  PagesRunsUse Pages;
};
ServerIo *Io = nullptr;
ForkServerLink *Link = nullptr;

// Appends " <Value>" to Line at *N.
void appendNumber(char *Line, size_t &N, long Value) {
  Line[N++] = ' ';
  if (Value < 0) {
    Line[N++] = '-';
    Value = -Value;
  }
  char Digits[24];
  int D = 0;
  do
    Digits[D++] = (char)('0' + Value % 10);
  while ((Value /= 10) != 0);
  while (D)
    Line[N++] = Digits[--D];
}

// Says "<Word> <Value> [<Value2>]\n" to the runner (no stdio: little
// stack). Value2 < 0: none. False if the runner is gone.
bool say(const char *Word, long Value, long Value2 = -1) {
  char Line[80];
  size_t N = strlen(Word);
  memcpy(Line, Word, N);
  appendNumber(Line, N, Value);
  if (Value2 >= 0)
    appendNumber(Line, N, Value2);
  Line[N++] = '\n';
  return write(StFd, Line, N) == (ssize_t)N;
}

[[noreturn]] void badRequest(const char *Line) {
  rawPrintf("==%d==" SCHEDSAN_REPORT_ERROR "fork server: bad request "
            "'%s'\n",
            (int)getpid(), Line);
  dieNow(2);
}

// Reads what ctl_fd holds into the buffer; false at end of file (or a line
// longer than the buffer).
bool fillBuffer() {
  if (Io->Buffered >= kRequestMax) // (a run may have written here)
    return false;
  ssize_t N;
  do
    N = read(CtlFd, Io->Buffer + Io->Buffered, kRequestMax - Io->Buffered);
  while (N < 0 && errno == EINTR);
  if (N <= 0)
    return false;
  Io->Buffered += N;
  return true;
}

// The next complete line (in Io->Line, without '\n'), or null.
char *takeLine() {
  if (Io->Buffered > kRequestMax) // (a run may have written here)
    Io->Buffered = 0;
  char *NL = (char *)memchr(Io->Buffer, '\n', Io->Buffered);
  if (!NL)
    return nullptr;
  size_t Len = NL - Io->Buffer;
  memcpy(Io->Line, Io->Buffer, Len);
  Io->Line[Len] = 0;
  Io->Buffered -= Len + 1;
  memmove(Io->Buffer, NL + 1, Io->Buffered);
  return Io->Line;
}

// The next request line, or null at end of file.
char *readLine() {
  for (;;) {
    if (char *Line = takeLine())
      return Line;
    if (!fillBuffer())
      return nullptr;
  }
}

// The field at *P up to the next space (ended there), or null if there is
// none; Last: the rest of the line.
char *field(char *&P, bool Last = false) {
  if (!P || !*P)
    return nullptr;
  char *Start = P;
  char *Space = Last ? nullptr : strchr(P, ' ');
  if (Space)
    *Space = 0;
  P = Space ? Space + 1 : nullptr;
  return Start;
}

// A `kill <signo>` line: its signal, else 0.
int killRequest(const char *Line) {
  const size_t Verb = sizeof(SCHEDSAN_FORKSERVER_KILL) - 1;
  if (strncmp(Line, SCHEDSAN_FORKSERVER_KILL, Verb) != 0 || Line[Verb] != ' ')
    return 0;
  char *End;
  long Sig = strtol(Line + Verb + 1, &End, 10);
  return *End || Sig <= 0 || Sig >= NSIG ? 0 : (int)Sig;
}

void redirect(int Fd, const char *Path) {
  if (!strcmp(Path, SCHEDSAN_FORKSERVER_NONE))
    return;
  int F = open(Path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (F < 0) {
    rawPrintf("==%d==" SCHEDSAN_REPORT_ERROR "fork server: cannot open %s: "
              "%s\n",
              (int)getpid(), Path, strerror(errno));
    dieNow(2);
  }
  dup2(F, Fd);
  close(F);
}

// In the child: this run's options are SCHEDSAN_OPTIONS + Options + seed.
void startChildRun(const char *Seed, const char *Options) {
  if (!strcmp(Options, SCHEDSAN_FORKSERVER_NONE))
    Options = "";
  const size_t O = strlen(Options), S = strlen(Seed);
  char *All = static_cast<char *>(mallocOrDie(O + S + 7));
  memcpy(All, Options, O);
  memcpy(All + O, ":seed=", 6);
  memcpy(All + O + 6, Seed, S + 1);
  addRunOptions(All);
  free(All);
  ThreadState *Main = cur_thread;
  rt.server_run = Main->ktid = gettid(); // before options_read (sampleRun)
  Link->watchdog_ms.store(flags.watchdog_ms, std::memory_order_relaxed);
  Link->options_read.store(1, std::memory_order_release);
  // A run exec'd with the same options counts the points before main
  // (static initializers) and reads the clock there too: so does this one,
  // or every step of its trace would be off in an exec'd replay.
  const uint64_t StepsBeforeMain = rt.steps, NowBeforeMain = rt.now_ns;
  beginRun();
  rt.steps = StepsBeforeMain;
  rt.now_ns = NowBeforeMain;
}

// The server learns of its runs' ends through SIGCHLD, blocked and read
// from a signalfd (it is the process's only thread: runForkServer checks);
// runs get the program's mask and disposition back.
struct sigaction ProgramChld;
bool ChldChanged = false;

void catchRunEnds() {
  sigset_t Chld, Blocked;
  sigemptyset(&Chld);
  sigaddset(&Chld, SIGCHLD);
  // SIGPIPE too: a runner that hangs up makes say() fail, not kill us.
  Blocked = Chld;
  sigaddset(&Blocked, SIGPIPE);
  sigprocmask(SIG_BLOCK, &Blocked, &RunMask);
  // SIGCHLD ignored (inherited from whoever started us) would reap runs
  // before the server could read their status.
  realSigaction(SIGCHLD, nullptr, &ProgramChld);
  if (ProgramChld.sa_handler == SIG_IGN ||
      (ProgramChld.sa_flags & SA_NOCLDWAIT)) {
    struct sigaction Default = {};
    Default.sa_handler = SIG_DFL;
    realSigaction(SIGCHLD, &Default, nullptr);
    ChldChanged = true;
  }
  SigFd = signalfd(-1, &Chld, SFD_NONBLOCK | SFD_CLOEXEC);
  if (SigFd < 0) {
    rawPrintf("==%d==" SCHEDSAN_REPORT_ERROR "fork server: signalfd: %s\n",
              (int)getpid(), strerror(errno));
    dieNow(2);
  }
}

// In a run: what the server changed for itself is undone; and the run
// ends with the server (a run nobody waits for would go on writing into
// the runner's pipes).
void leaveServer() {
  close(CtlFd);
  close(StFd);
  close(SigFd);
  if (ChldChanged)
    realSigaction(SIGCHLD, &ProgramChld, nullptr);
  sigprocmask(SIG_SETMASK, &RunMask, nullptr);
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != ServerPid) // it died before the line above
    dieNow(0);
}

// Handles the runner's requests while run Pid goes on: `kill <signo>`.
// False once ctl_fd is at end of file (the runner is gone).
bool serveDuringRun(pid_t Pid) {
  if (!fillBuffer())
    return false;
  while (char *Line = takeLine()) {
    int Sig = killRequest(Line);
    if (!Sig)
      badRequest(Line);
    // The runner sends a kill only to stop a run: SIGABRT at its timeout.
    union sigval V;
    V.sival_int = SCHEDSAN_TIMEOUT_SIGVAL;
    sigqueue(Pid, Sig, V);
  }
  return true;
}

// How a run ended: its wait status, or none (Lost: something else reaped
// it); RunnerGone: the runner hung up meanwhile (the run was killed).
struct RunEnd {
  int Status = 0;
  bool Lost = false;
  bool RunnerGone = false;
};

// Whether run Pid has ended (then reaped into *E).
bool reaped(pid_t Pid, RunEnd *E) {
  pid_t W;
  while ((W = waitpid(Pid, &E->Status, WNOHANG)) < 0 && errno == EINTR) {
  }
  E->Lost = W < 0;
  return W != 0;
}

// Waits for run Pid to end, acting as its watchdog when Watch is set, and
// serving the runner's `kill` requests.
RunEnd waitForRun(pid_t Pid, bool Watch) {
  // Without samples to take, a poll a second all the same: a lost SIGCHLD
  // must not hang the server.
  constexpr int kCheckMs = 1000;
  RunEnd E;
  QuietCounter Quiet;
  // 1 ms until the run has read its options.
  int PeriodMs = Watch ? 1 : kCheckMs;
  for (;;) {
    pollfd P[2] = {{SigFd, POLLIN, 0}, {E.RunnerGone ? -1 : CtlFd, POLLIN, 0}};
    int R = poll(P, 2, PeriodMs);
    if (R < 0 && errno != EINTR) {
      rawPrintf("==%d==" SCHEDSAN_REPORT_ERROR "fork server: poll: %s\n",
                (int)getpid(), strerror(errno));
      dieNow(2);
    }
    if (R > 0 && P[0].revents) {
      signalfd_siginfo Info; // one SIGCHLD at most is pending
      if (read(SigFd, &Info, sizeof(Info)) < 0 && errno != EAGAIN)
        dieNow(2);
    }
    if (R >= 0 && (R == 0 || P[0].revents) && reaped(Pid, &E))
      return E;
    if (R > 0 && P[1].revents && !serveDuringRun(Pid)) {
      E.RunnerGone = true; // no one wants the run any more
      kill(Pid, SIGKILL);
    }
    if (R != 0 || !Watch || !Link->options_read.load(std::memory_order_acquire))
      continue;
    uint32_t Ms = Link->watchdog_ms.load(std::memory_order_relaxed);
    PeriodMs = Ms ? (Ms / 4 ? (int)(Ms / 4) : 1) : kCheckMs;
    WatchdogSample S;
    pid_t Ktid = 0;
    if (!Ms)
      continue;
    if (!sampleRun(Pid, S, &Ktid))
      PeriodMs = kCheckMs; // not ours to watch any more: just wait
    else if (Quiet.tick(S) && Ktid > 0)
      syscall(SYS_tgkill, Pid, Ktid, watchdogSignal());
  }
}

} // namespace

void runForkServerIfRequested() {
  const char *Spec = secure_getenv(SCHEDSAN_ENV_FORKSERVER);
  if (!Spec)
    return;
  const bool Valid = sscanf(Spec, "%d,%d", &CtlFd, &StFd) == 2;
  unsetenv(SCHEDSAN_ENV_FORKSERVER); // not for the program's own children
  // A child a constructor forked (it runs uncontrolled: atForkChild) is
  // not the program the runner started: only that one serves.
  if (!Valid || !rt.active)
    return;
  void *Shared = mmap(nullptr, sizeof(ServerIo), PROT_READ | PROT_WRITE,
                      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (Shared == MAP_FAILED) {
    rawPrintf("==%d==" SCHEDSAN_REPORT_ERROR "fork server: mmap: %s\n",
              (int)getpid(), strerror(errno));
    dieNow(2);
  }
  Io = new (Shared) ServerIo();
  Link = &Io->Link;
  setForkServerLink(Link);
  Link->k.store(loadedStateK(), std::memory_order_relaxed); // state_file's
  // Runs would lack any thread the program started before main (a fork
  // copies only the calling thread), and such a thread could take the
  // server's SIGCHLD: one exec per run instead.
  if (int Others = otherThreads()) {
    rawPrintf("==%d==" SCHEDSAN_REPORT_ERROR "fork server: %d thread%s the "
              "program started before main still run%s; a fork would copy "
              "only this one\n",
              (int)getpid(), Others, Others == 1 ? "" : "s",
              Others == 1 ? "s" : "");
    dieNow(2);
  }
  // First the hello: it fails (and the server ends) if the program closed
  // our pipes; the runner's first request waits in the pipe meanwhile.
  if (!say(SCHEDSAN_FORKSERVER_HELLO, SCHEDSAN_FORKSERVER_VERSION))
    dieNow(0);
  // Every child of the server, the probe too, starts a run of its own
  // (atForkChild); set once, so the server writes nothing after a fork.
  rt.fork_server_child = true;
  const bool Watch = canWatchRuns();
  if (Watch) {
    installWatchdogHandler(); // inherited by every run
    rt.watched_by_server = true;
  }
  prepareFileMappings(&Io->Pages);
  catchRunEnds();
  ServerPid = getpid();
  while (char *Line = readLine()) {
    if (killRequest(Line))
      continue; // for a run that has ended meanwhile
    char *P = Line;
    char *Verb = field(P), *Seed = field(P), *Out = field(P), *Err = field(P);
    char *Options = field(P, /*Last=*/true);
    if (!Options || strcmp(Verb, SCHEDSAN_FORKSERVER_RUN) != 0)
      badRequest(Line);
    Link->options_read.store(0, std::memory_order_relaxed);
    pid_t Pid = fork();
    if (Pid == 0) {
      rt.fork_server_child = false;
      leaveServer();
      startRunPages();
      redirect(1, Out);
      redirect(2, Err);
      startChildRun(Seed, Options);
      return; // on to main
    }
    if (Pid < 0) {
      rawPrintf("==%d==" SCHEDSAN_REPORT_ERROR "fork server: fork: %s\n",
                (int)getpid(), strerror(errno));
      dieNow(2);
    }
    RunEnd E = waitForRun(Pid, Watch);
    afterServedRun();
    if (E.RunnerGone ||
        !(E.Lost ? say(SCHEDSAN_FORKSERVER_LOST, Pid)
          : WIFSIGNALED(E.Status)
              ? say(SCHEDSAN_FORKSERVER_SIGNAL, WTERMSIG(E.Status), Pid)
              : say(SCHEDSAN_FORKSERVER_EXIT, WEXITSTATUS(E.Status), Pid)))
      break; // the runner is gone
  }
  // k goes on to whatever runs the program next (a restarted server, exec).
  if (uint64_t K = Link->k.load(std::memory_order_relaxed))
    if (K != loadedStateK())
      writeStateFile(K);
  dieNow(0);
}

} // namespace schedsan
