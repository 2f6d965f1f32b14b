//===- schedsan_runfile.cpp - A file a run writes at its end --------------===//
//
// FILE:
//    runtime/core/schedsan_runfile.cpp
//
// DESCRIPTION:
//    See schedsan_runfile.h.
//===----------------------------------------------------------------------===//
#include "core/schedsan_runfile.h"
#include "core/schedsan_log.h"
#include "schedsan/schedsan_protocol.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

namespace schedsan {

void RunFile::cannotWrite(const char *Path, const char *Why) const {
  rawPrintf("==%d==" SCHEDSAN_REPORT_ERROR "cannot write %s=%s: "
            "%s" SCHEDSAN_REPORT_IN_OPTIONS "\n",
            (int)getpid(), Flag, Path, Why);
  dieNow(2);
}

void RunFile::beginRun(const char *Path) {
  Written = false;
  if (!strcmp(CheckedPath, Path))
    return;
  int Fd = open(Path);
  if (Fd < 0)
    cannotWrite(Path, strerror(errno));
  close(Fd);
  snprintf(CheckedPath, sizeof(CheckedPath), "%s", Path);
}

int RunFile::open(const char *Path) {
  return ::open(Path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
}

bool RunFile::finish(const char *Path, int Fd, const RawWriter &Out) const {
  if (Fd >= 0)
    close(Fd);
  if (Fd >= 0 && Out.ok())
    return true;
  rawPrintf("==%d==" SCHEDSAN_REPORT_WARNING "cannot write %s=%s\n",
            (int)getpid(), Flag, Path);
  return false;
}

} // namespace schedsan
