//===- schedsan_location.cpp - Where a thread is, in words ----------------===//
//
// FILE:
//    runtime/report/schedsan_location.cpp
//
// DESCRIPTION:
//    describeLocation and describeSpin (schedsan_location.h).
//===----------------------------------------------------------------------===//
#include "report/schedsan_location.h"
#include "report/schedsan_stack.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

namespace schedsan {

namespace {

// Site S as "file:line:col in function"; "file in function" when the
// program has no line information (built without -g: line 0).
void formatSite(const schedsan_site *S, char *Buf, size_t Size) {
  char Name[512];
  const char *Function = demangle(S->function, Name, sizeof(Name));
  if (S->line)
    snprintf(Buf, Size, "%s:%u:%u in %s", S->file, S->line, S->column,
             Function);
  else
    snprintf(Buf, Size, "%s in %s", S->file, Function);
}

} // namespace

void describeLocation(const ThreadState *T, char *Buf, unsigned Size) {
  char Name[512];
  if (const schedsan_site *S = T->site) {
    formatSite(S, Buf, Size);
    return;
  }
  describePc(T->pc, Buf, Size);
  if (*Buf)
    return;
  Dl_info Info;
  if (T->pc && dladdr(T->pc, &Info) && Info.dli_sname) {
    snprintf(Buf, Size, "%s+0x%zx (%s)",
             demangle(Info.dli_sname, Name, sizeof(Name)),
             (size_t)((const char *)T->pc - (const char *)Info.dli_saddr),
             Info.dli_fname);
  } else if (T->pc) {
    snprintf(Buf, Size, "pc %p", T->pc);
  } else {
    snprintf(Buf, Size, "(no location)");
  }
  if (T->last_site) {
    char Site[1024];
    formatSite(T->last_site, Site, sizeof(Site));
    size_t Len = strlen(Buf);
    snprintf(Buf + Len, Size - Len, ", after %s", Site);
  }
}

bool describeSpin(const ThreadState *T, char *Buf, unsigned Size,
                  bool *InStdLib) {
  *Buf = 0;
  *InStdLib = false;
  const int W = T->spin_site[0] || T->spin_pc[0] ? 0 : 1;
  if (const schedsan_site *S = T->spin_site[W]) {
    formatSite(S, Buf, Size);
    *InStdLib = isStdLibFile(S->file);
  } else if (T->spin_pc[W])
    describePc(T->spin_pc[W], Buf, Size);
  if (!*Buf && T->spin_pc[W])
    snprintf(Buf, Size, "pc %p", T->spin_pc[W]);
  return *Buf;
}

} // namespace schedsan
