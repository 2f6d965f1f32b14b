//===- schedsan_search.cpp - The choices a systematic search follows ------===//
//
// FILE:
//    runtime/observe/schedsan_search.cpp
//
// DESCRIPTION:
//    See schedsan_search.h. A fork server's runs each read the file again
//    (beginRun runs in each child), so the searcher rewrites it between
//    runs and needs nothing else. Choices made after the record was
//    written (by exit handlers that still schedule threads) are not in the
//    file: the search takes the first alternative there in every run.
//===----------------------------------------------------------------------===//
#include "observe/schedsan_search.h"
#include "core/schedsan_flags.h"
#include "core/schedsan_log.h"
#include "schedsan/schedsan_protocol.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

namespace schedsan {

namespace {

// Constant-initialized and never destroyed: the record is written at
// process exit, after the program's static destructors have run.
union NeverDestroyed {
  ChoiceLog Log;
  constexpr NeverDestroyed() : Log() {}
  ~NeverDestroyed() {}
} Storage;
ChoiceLog &Log = Storage.Log;
bool Written; // this run's record is in the file

// The whole of Path, NUL-terminated (malloc'd), or nullptr if it does not
// exist; Error set if it exists and cannot be read.
char *readWhole(const char *Path, bool &Error) {
  Error = false;
  int Fd = open(Path, O_RDONLY | O_CLOEXEC);
  if (Fd < 0) {
    Error = errno != ENOENT;
    return nullptr;
  }
  size_t Len = 0, Cap = 256;
  char *Buf = (char *)malloc(Cap);
  if (!Buf)
    abort();
  for (;;) {
    if (Len + 1 == Cap) {
      Buf = (char *)realloc(Buf, Cap *= 2);
      if (!Buf)
        abort();
    }
    ssize_t N = read(Fd, Buf + Len, Cap - 1 - Len);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0) {
      Error = N < 0;
      break;
    }
    Len += (size_t)N;
  }
  close(Fd);
  Buf[Len] = 0;
  return Buf;
}

} // namespace

ChoiceLog &searchLog() { return Log; }

bool searchFreshIsDfs() {
  const StrategyInfo *S = findSearchOrder(flags.search); // checked: not null
  return S && S->has(Systematic);
}

void searchBeginRun() {
  Written = false;
  Vec<Choice> Prefix;
  if (*flags.search_file) {
    bool Error;
    char *Text = readWhole(flags.search_file, Error);
    if (Error || (Text && !parseChoices(Text, Prefix))) {
      rawPrintf("==%d==" SCHEDSAN_REPORT_ERROR
                "cannot read search_file=%s: %s\n",
                (int)getpid(), flags.search_file,
                Error ? strerror(errno)
                      : "not a list of value/count choices (e.g. 1/2 0/3)");
      dieNow(2);
    }
    free(Text);
  }
  Log.setPrefix(Prefix.begin(), Prefix.size());
  Log.beginRun();
}

void searchEndRun() {
  if (!*flags.search_file || Written)
    return;
  Written = true;
  const int Pid = (int)getpid();
  int Fd =
      open(flags.search_file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  // The text form in pieces of at most kPiece bytes (a record has one
  // entry per choice: no buffer for the whole of it).
  constexpr size_t kPiece = 256;
  static char Buf[4096];
  RawWriter W(Fd, Buf, sizeof(Buf), kPiece + 1);
  if (Fd >= 0) {
    char Piece[kPiece];
    size_t Used = 0;
    writeChoices(Log.data(), Log.size(), Log.blocked(), [&](char Ch) {
      Piece[Used++] = Ch;
      if (Used == kPiece) {
        W.put("%.*s", (int)Used, Piece);
        Used = 0;
      }
    });
    W.put("%.*s\n", (int)Used, Piece);
    W.flush();
    close(Fd);
  }
  if (Fd < 0 || !W.ok())
    rawPrintf("==%d==" SCHEDSAN_REPORT_WARNING "cannot write search_file=%s\n",
              Pid, flags.search_file);
  // A prefix the run did not follow to its end, or whose numbers of
  // alternatives differ from the run's: the program did not repeat the
  // run the prefix came from.
  if (Log.diverged() || Log.inPrefix())
    rawPrintf("==%d==" SCHEDSAN_REPORT_WARNING SCHEDSAN_REPORT_SEARCH_DIVERGED
              "%s (%zu of them, %zu made): the program does not repeat a "
              "schedule, so the search may miss or repeat some\n",
              Pid, flags.search_file, Log.prefixSize(), Log.size());
}

namespace {
void searchPrepare(StrategyOptions &O) {
  O.choices = &searchLog();
  searchBeginRun();
}
} // namespace

const Observer kSearchObserver = {"search",     searchPrepare, nullptr,
                                  false,        nullptr,       nullptr,
                                  searchEndRun, nullptr,       nullptr};

} // namespace schedsan
