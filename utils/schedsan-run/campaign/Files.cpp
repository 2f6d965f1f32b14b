//===- Files.cpp - A campaign's directories and files ---------------------===//
//
// FILE:
//    utils/schedsan-run/campaign/Files.cpp
//
// DESCRIPTION:
//    See Files.h.
//===----------------------------------------------------------------------===//
#include "campaign/Files.h"
#include "cli/Diag.h"

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <fstream>
#include <ftw.h>
#include <linux/magic.h>
#include <sched.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

namespace schedsan::run {

namespace {

int removeEntry(const char *Path, const struct stat *, int, struct FTW *) {
  remove(Path);
  return 0;
}

} // namespace

std::string absolutePath(const std::string &P) {
  char Buf[PATH_MAX];
  if (realpath(P.c_str(), Buf))
    return Buf;
  return P;
}

void makeDirs(const std::string &Dir) {
  std::string Prefix;
  size_t Pos = 0;
  while (Pos != std::string::npos) {
    Pos = Dir.find('/', Pos + 1);
    Prefix = Dir.substr(0, Pos);
    if (!Prefix.empty() && mkdir(Prefix.c_str(), 0755) != 0 && errno != EEXIST)
      fatal("cannot create directory '" + Prefix + "': " + lastError());
  }
  struct stat St;
  if (stat(Dir.c_str(), &St) != 0)
    fatal("cannot create directory '" + Dir + "': " + lastError());
  if (!S_ISDIR(St.st_mode))
    fatal("'" + Dir + "' is not a directory (it exists as a file)");
  if (access(Dir.c_str(), W_OK | X_OK) != 0)
    fatal("cannot write in directory '" + Dir + "': " + lastError());
}

OutputFile::~OutputFile() {
  if (F)
    std::fclose(F);
}

void OutputFile::fail() {
  std::string Why = errno ? lastError() : "write error";
  if (F)
    std::fclose(F);
  F = nullptr;
  fatal("cannot write " + What + " '" + Path + "': " + Why);
}

void OutputFile::open(const std::string &P, const char *W) {
  Path = P;
  What = W;
  errno = 0;
  F = std::fopen(Path.c_str(), "w");
  if (!F)
    fail();
}

void OutputFile::write(const std::string &Text) {
  if (F && !Text.empty())
    std::fwrite(Text.data(), 1, Text.size(), F);
}

void OutputFile::flush() {
  if (!F)
    return;
  errno = 0;
  if (std::fflush(F) != 0 || std::ferror(F))
    fail();
}

void OutputFile::close() {
  if (!F)
    return;
  errno = 0;
  bool Ok = std::fflush(F) == 0 && !std::ferror(F);
  if (!Ok)
    fail();
  FILE *G = F;
  F = nullptr;
  if (std::fclose(G) != 0)
    fatal("cannot write " + What + " '" + Path + "': " + lastError());
}

void OutputFile::discard() {
  if (!F)
    return;
  std::fclose(F);
  F = nullptr;
  struct stat St;
  if (stat(Path.c_str(), &St) == 0 && S_ISREG(St.st_mode))
    unlink(Path.c_str());
}

std::string tempDir(const char *Name) {
  const char *T = std::getenv("TMPDIR");
  std::string Base = T && *T ? T : "/tmp";
  if (Base.find_first_of(" \t\n") != std::string::npos)
    Base = "/tmp";
  std::string Template = Base + "/" + Name + ".XXXXXX";
  std::vector<char> Buf(Template.begin(), Template.end());
  Buf.push_back(0);
  if (!mkdtemp(Buf.data()))
    fatal("cannot create a directory in " + Base + ": " + lastError());
  return Buf.data();
}

// Failing runs write their traces here (trace_dir=): creating a file
// costs much less on tmpfs than on ext4 (stdout and stderr go through
// pipes, Capture.h). So the scratch area is in /dev/shm when it can be,
// else in $TMPDIR (tempDir: without spaces, which runtime options cannot
// hold).
std::string scratchDir() {
  struct statfs Fs;
  if (access("/dev/shm", W_OK | X_OK) == 0 && statfs("/dev/shm", &Fs) == 0 &&
      Fs.f_type == TMPFS_MAGIC) {
    char Template[] = "/dev/shm/schedsan-work.XXXXXX";
    if (mkdtemp(Template))
      return Template;
  }
  return tempDir("schedsan-work");
}

void removeTree(const std::string &Dir) {
  nftw(Dir.c_str(), removeEntry, 16, FTW_DEPTH | FTW_PHYS);
}

// The CPUs the runner may use, as the process started (its first call,
// before a worker pins its thread).
const cpu_set_t &startMask() {
  static const cpu_set_t Mask = [] {
    cpu_set_t Set;
    if (sched_getaffinity(0, sizeof(Set), &Set) != 0)
      CPU_ZERO(&Set);
    return Set;
  }();
  return Mask;
}

std::vector<int> availableCpus() {
  std::vector<int> Cpus;
  const cpu_set_t &Set = startMask();
  for (int C = 0; C < CPU_SETSIZE; ++C)
    if (CPU_ISSET(C, &Set))
      Cpus.push_back(C);
  if (Cpus.empty())
    Cpus.push_back(0);
  return Cpus;
}

UnpinnedThread::UnpinnedThread() {
  Saved = sched_getaffinity(0, sizeof(Mask), &Mask) == 0 &&
          CPU_COUNT(&startMask()) != 0 &&
          sched_setaffinity(0, sizeof(cpu_set_t), &startMask()) == 0;
}

UnpinnedThread::~UnpinnedThread() {
  if (Saved)
    sched_setaffinity(0, sizeof(Mask), &Mask);
}

bool pinThisThread(int Cpu) {
  cpu_set_t Set;
  CPU_ZERO(&Set);
  CPU_SET(Cpu, &Set);
  return sched_setaffinity(0, sizeof(Set), &Set) == 0; // 0: this thread
}

bool readRunFile(const std::string &Path, std::string &Text) {
  int Fd = open(Path.c_str(), O_RDONLY | O_CLOEXEC);
  if (Fd < 0)
    return false;
  char Buf[16384];
  ssize_t N;
  while ((N = read(Fd, Buf, sizeof(Buf))) > 0)
    Text.append(Buf, (size_t)N);
  close(Fd);
  return true;
}

bool moveFile(const std::string &From, const std::string &To) {
  if (rename(From.c_str(), To.c_str()) == 0)
    return true;
  std::ifstream In(From, std::ios::binary);
  std::ofstream Out(To, std::ios::binary);
  if (!In || !Out)
    return false;
  Out << In.rdbuf();
  unlink(From.c_str());
  return bool(Out);
}

void replaceAll(std::string &Text, const std::string &Old,
                const std::string &New) {
  for (size_t P = Text.find(Old); P != std::string::npos;
       P = Text.find(Old, P + New.size()))
    Text.replace(P, Old.size(), New);
}

// A kept run's stdout or stderr (the trace path in its report rewritten to
// the kept trace), with a first line saying what was dropped, if anything.
bool writeOutput(const std::string &Path, const std::string &Text,
                 size_t Dropped) {
  std::ofstream F(Path, std::ios::binary | std::ios::trunc);
  if (Dropped)
    F << "[schedsan: the first " << Dropped << " bytes were not kept]\n";
  F << Text;
  return bool(F);
}

// The trace the runtime wrote into TraceDir for the run Pid, if any:
// schedsan.<pid>.trace, whether or not its report named it.
std::string traceOf(const std::string &TraceDir, pid_t Pid) {
  if (TraceDir.empty() || Pid <= 0)
    return "";
  std::string P = TraceDir + "/schedsan." + std::to_string(Pid) + ".trace";
  return access(P.c_str(), F_OK) == 0 ? P : "";
}

} // namespace schedsan::run
