//===- schedsan_flags.cpp - Runtime options -------------------------------===//
//
// FILE:
//    runtime/core/schedsan_flags.cpp
//
// DESCRIPTION:
//    Parses the options in schedsan_flags.inc, sanitizer style: defaults,
//    the binary's default strategy, __schedsan_default_options(), then
//    SCHEDSAN_OPTIONS; then the checks: the strategy name, each number
//    against the range the list gives it, the cross-checks. Errors name the
//    key and what it accepts, and stop the program (exit 2) before anything
//    runs.
//===----------------------------------------------------------------------===//
#include "core/schedsan_flags.h"
#include "PortfolioTable.h" // portfolio_member='s range
#include "ReadsFrom.h"
#include "StrategyTable.h"
#include "core/schedsan_log.h"
#include "schedsan/schedsan_interface.h"
#include "schedsan/schedsan_protocol.h"
#include "strategy/Strategy.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern "C" __attribute__((weak)) const char *__schedsan_default_options() {
  return "";
}

namespace schedsan {

Flags flags;

namespace {

enum class FlagType { Bool, Int, U64, Str };

// One entry of schedsan_flags.inc. Min and Max hold an int's bounds as
// their two's-complement bits (read back as long long), a u64's as they are.
struct FlagInfo {
  const char *Name;
  FlagType Type;
  size_t Offset; // of the value in Flags
  unsigned long long Min, Max;
  const char *Runner;
  const char *Desc;
};

#define SCHEDSAN_FLAG_TYPE_bool FlagType::Bool
#define SCHEDSAN_FLAG_TYPE_int FlagType::Int
#define SCHEDSAN_FLAG_TYPE_u64 FlagType::U64
#define SCHEDSAN_FLAG_TYPE_str FlagType::Str

const FlagInfo AllFlags[] = {
#define SCHEDSAN_FLAG(Type, Name, Default, Min, Max, Runner, Desc)             \
  {#Name,                                                                      \
   SCHEDSAN_FLAG_TYPE_##Type,                                                  \
   offsetof(Flags, Name),                                                      \
   (unsigned long long)(Min),                                                  \
   (unsigned long long)(Max),                                                  \
   Runner,                                                                     \
   Desc},
#include "schedsan_flags.inc"
#undef SCHEDSAN_FLAG
};

// Each entry's range is one its type can hold, and holds its default.
constexpr bool rangeHolds_bool(bool, int Min, int Max) {
  return Min == 0 && Max == 1;
}
constexpr bool rangeHolds_int(long long Default, long long Min, long long Max) {
  return INT_MIN <= Min && Min <= Default && Default <= Max && Max <= INT_MAX;
}
constexpr bool rangeHolds_u64(unsigned long long Default,
                              unsigned long long Min, unsigned long long Max) {
  return Min <= Default && Default <= Max;
}
constexpr bool rangeHolds_str(const char *, int Min, int Max) {
  return Min == 0 && Max == 0;
}
#define SCHEDSAN_FLAG(Type, Name, Default, Min, Max, Runner, Desc)             \
  static_assert(rangeHolds_##Type(Default, Min, Max),                          \
                "schedsan_flags.inc: bad range for " #Name);
#include "schedsan_flags.inc"
#undef SCHEDSAN_FLAG

void *valueIn(Flags &In, const FlagInfo &F) { return (char *)&In + F.Offset; }

const FlagInfo *findFlag(const char *Name) {
  for (const FlagInfo &F : AllFlags)
    if (!strcmp(F.Name, Name))
      return &F;
  return nullptr;
}

[[noreturn]] void flagError(const char *Source, const char *Fmt, const char *A,
                            const char *B) {
  char Msg[512];
  snprintf(Msg, sizeof(Msg), Fmt, A, B);
  rawPrintf("==%d==" SCHEDSAN_REPORT_ERROR "%s in %s\n", (int)getpid(), Msg,
            Source);
  dieNow(2);
}

Flags defaultFlags() {
  Flags D;
#define SCHEDSAN_FLAG(Type, Name, Default, Min, Max, Runner, Desc)             \
  D.Name = Default;
#include "schedsan_flags.inc"
#undef SCHEDSAN_FLAG
  return D;
}

void parseValue(const FlagInfo &F, const char *V, const char *Source) {
  void *Value = valueIn(flags, F);
  char *End = nullptr;
  errno = 0;
  switch (F.Type) {
  case FlagType::Bool:
    if (!strcmp(V, "1") || !strcmp(V, "true"))
      *(bool *)Value = true;
    else if (!strcmp(V, "0") || !strcmp(V, "false"))
      *(bool *)Value = false;
    else
      flagError(Source,
                "bad value '%s' for option '%s' (accepted: 0, 1, "
                "false, true)",
                V, F.Name);
    return;
  case FlagType::Int: {
    // Decimal only: no sign but '-', no spaces, no octal or hex.
    const bool Digits = isdigit((unsigned char)V[V[0] == '-']);
    long L = strtol(V, &End, 10);
    if (!Digits || *End || errno || L < -(1L << 31) || L >= (1L << 31))
      flagError(Source,
                "bad value '%s' for option '%s' (accepted: an "
                "integer)",
                V, F.Name);
    *(int *)Value = (int)L;
    return;
  }
  case FlagType::U64: {
    // Decimal only: 010 is ten, not eight; no sign, no hex, no overflow.
    unsigned long long U = strtoull(V, &End, 10);
    if (!isdigit((unsigned char)*V) || *End || errno)
      flagError(Source,
                "bad value '%s' for option '%s' (accepted: a "
                "decimal integer from 0 to 18446744073709551615)",
                V, F.Name);
    *(uint64_t *)Value = U;
    return;
  }
  case FlagType::Str:
    *(const char **)Value = V;
    return;
  }
}

// Splits a writable "k=v:k=v" string in place. A backslash takes the next
// character as it is, so a value may hold ':' (replay=/a\:b) or '\\'.
void parseString(char *S, const char *Source) {
  while (S && *S) {
    char *Out = S, *P = S;
    for (; *P && *P != ':'; ++P) {
      if (*P == '\\' && P[1])
        ++P;
      *Out++ = *P;
    }
    char *Next = *P ? P + 1 : nullptr;
    *Out = 0;
    if (*S) {
      char *Eq = strchr(S, '=');
      if (!Eq)
        flagError(Source, "option '%s' has no value (expected %s=<value>)", S,
                  S);
      *Eq = 0;
      const FlagInfo *Found = findFlag(S);
      if (!Found)
        flagError(Source,
                  "unknown option '%s'%s (" SCHEDSAN_ENV_OPTIONS
                  "=help=1 lists them)",
                  S, "");
      parseValue(*Found, Eq + 1, Source);
    }
    S = Next;
  }
}

char *copyString(const char *S) {
  size_t N = strlen(S) + 1;
  char *C = (char *)malloc(N);
  memcpy(C, S, N);
  return C;
}

// F's value in In as SCHEDSAN_OPTIONS takes it (a string: itself; else
// written into Buf).
const char *valueText(const FlagInfo &F, Flags &In, char *Buf, size_t Size) {
  const void *V = valueIn(In, F);
  switch (F.Type) {
  case FlagType::Bool:
    return *(const bool *)V ? "1" : "0";
  case FlagType::Int:
    snprintf(Buf, Size, "%d", *(const int *)V);
    return Buf;
  case FlagType::U64:
    snprintf(Buf, Size, "%llu", (unsigned long long)*(const uint64_t *)V);
    return Buf;
  case FlagType::Str:
    return *(const char *const *)V;
  }
  return "";
}

// Min..F.Max as an error or help=1 shows it: "1..1000", "1 and more"; ""
// for a bool or a string, or a u64 that takes any value.
void rangeText(const FlagInfo &F, unsigned long long Min, char *Buf,
               size_t Size) {
  Buf[0] = 0;
  if (F.Type == FlagType::Int)
    snprintf(Buf, Size, "%lld..%lld", (long long)Min, (long long)F.Max);
  else if (F.Type == FlagType::U64 && F.Max != UINT64_MAX)
    snprintf(Buf, Size, "%llu..%llu", Min, F.Max);
  else if (F.Type == FlagType::U64 && Min)
    snprintf(Buf, Size, "%llu and more", Min);
}

bool inRange(const FlagInfo &F) {
  const void *V = valueIn(flags, F);
  if (F.Type == FlagType::Int)
    return (long long)F.Min <= *(const int *)V &&
           *(const int *)V <= (long long)F.Max;
  if (F.Type == FlagType::U64)
    return F.Min <= *(const uint64_t *)V && *(const uint64_t *)V <= F.Max;
  return true;
}

// F's value is not in Min..F.Max.
[[noreturn]] void rangeError(const FlagInfo &F, unsigned long long Min) {
  char Value[32], Range[64], Msg[160];
  rangeText(F, Min, Range, sizeof(Range));
  snprintf(Msg, sizeof(Msg), "bad value '%s' for option '%%s' (accepted: %s)",
           valueText(F, flags, Value, sizeof(Value)), Range);
  flagError(SCHEDSAN_ENV_OPTIONS, Msg, F.Name, "");
}

void checkRanges() {
  for (const FlagInfo &F : AllFlags)
    if (!inRange(F))
      rangeError(F, F.Min);
  // Cross-checks, with each option in its own range.
  if (flags.swarm_wmax < flags.swarm_wmin)
    rangeError(*findFlag("swarm_wmax"), flags.swarm_wmin);
}

// The one check of a strategy= value.
void checkStrategy(const char *Name) {
  if (findStrategy(Name, InRuntime))
    return;
  flagError(SCHEDSAN_ENV_OPTIONS,
            "bad value '%s' for option 'strategy' "
            "(accepted: %s)",
            Name, strategyList());
}

// Each entry of rf_constraints= is R<W or R!W (ReadsFrom.h).
void checkRfConstraints() {
  static RfConstraint Parsed[kMaxRfConstraints];
  char Bad[128], Accepted[256];
  if (parseRfConstraints(flags.rf_constraints, Parsed, kMaxRfConstraints, Bad,
                         sizeof(Bad)) >= 0)
    return;
  snprintf(Accepted, sizeof(Accepted),
           "comma-separated R<W or R!W, R and W event keys S@T (site id S "
           "below %u in thread T at most %u) or sites S in any thread, R not "
           "0, at most %u entries",
           kRfSiteMask + 1, (unsigned)kRfMaxThread, kMaxRfConstraints);
  flagError(SCHEDSAN_ENV_OPTIONS,
            "bad entry '%s' in option 'rf_constraints' (accepted: %s)", Bad,
            Accepted);
}

// Each option with its default (as SCHEDSAN_OPTIONS takes it; "" for an
// empty string) and range, and the strategies.
void printHelp() {
  rawPrintf(SCHEDSAN_REPORT_HELP " (" SCHEDSAN_ENV_OPTIONS
                                 "=key=value:...):\n");
  Flags Defaults = defaultFlags();
  for (const FlagInfo &F : AllFlags) {
    char Value[32], Range[64];
    const char *Default = valueText(F, Defaults, Value, sizeof(Value));
    rangeText(F, F.Min, Range, sizeof(Range));
    rawPrintf("  %-18s default %-9s %-13s %s\n", F.Name,
              *Default ? Default : "\"\"", Range, F.Desc);
  }
  rawPrintf("Strategies: %s\n", strategyList());
}

} // namespace

void initFlags(const char *DefaultStrategy) {
  // The copies the option strings point into: kept (and reachable, for
  // LeakSanitizer) until the next parse, in a fork server's child.
  static char *Copies[2];
  for (char *&C : Copies) {
    free(C);
    C = nullptr;
  }
  flags = defaultFlags();
  if (DefaultStrategy && *DefaultStrategy)
    flags.strategy = DefaultStrategy;
  parseString(Copies[0] = copyString(__schedsan_default_options()),
              "__schedsan_default_options()");
  // A set-user-ID or set-group-ID program ignores the environment.
  if (const char *Env = secure_getenv(SCHEDSAN_ENV_OPTIONS))
    parseString(Copies[1] = copyString(Env), SCHEDSAN_ENV_OPTIONS);
  if (!*flags.strategy)
    flags.strategy = defaultStrategy().name;
  checkStrategy(flags.strategy);
  checkRanges();
  if (strcmp(flags.time, "virtual") && strcmp(flags.time, "yield"))
    flagError(SCHEDSAN_ENV_OPTIONS,
              "bad value '%s' for option 'time' "
              "(accepted: virtual, yield)",
              flags.time, "");
  if (strcmp(flags.replay_then, "strategy") &&
      strcmp(flags.replay_then, "run_on"))
    flagError(SCHEDSAN_ENV_OPTIONS,
              "bad value '%s' for option 'replay_then' "
              "(accepted: strategy, run_on)",
              flags.replay_then, "");
  if (!findSearchOrder(flags.search)) {
    char Orders[128];
    size_t N =
        strlen(strategyNames(Systematic | InRuntime, Orders, sizeof(Orders)));
    snprintf(Orders + N, sizeof(Orders) - N, ", %s", defaultStrategy().name);
    flagError(SCHEDSAN_ENV_OPTIONS,
              "bad value '%s' for option 'search' "
              "(accepted: %s)",
              flags.search, Orders);
  }
  if (strcmp(flags.reduction, "none") && strcmp(flags.reduction, "sleep"))
    flagError(SCHEDSAN_ENV_OPTIONS,
              "bad value '%s' for option 'reduction' "
              "(accepted: none, sleep)",
              flags.reduction, "");
  checkRfConstraints();
  if (!isRffBase(flags.rf_base)) {
    char Bases[256];
    size_t N = strlen(strategyNames(RffBase, Bases, sizeof(Bases)));
    snprintf(Bases + N, sizeof(Bases) - N, ", %s", kRffAutoBase);
    flagError(SCHEDSAN_ENV_OPTIONS,
              "bad value '%s' for option 'rf_base' (accepted: %s)",
              flags.rf_base, Bases);
  }
  // Sleep sets assume every schedule a sleeper stands for is explored.
  if (!strcmp(flags.reduction, "sleep") && flags.preemption_bound >= 0)
    flagError(SCHEDSAN_ENV_OPTIONS,
              "option 'reduction=%s' cannot go with 'preemption_bound': "
              "sleep sets are not sound with a bound%s",
              flags.reduction, "");
  if (flags.help) {
    printHelp();
    dieNow(0);
  }
}

void addRunOptions(const char *Options) {
  const char *Base = secure_getenv(SCHEDSAN_ENV_OPTIONS);
  if (!Base)
    Base = "";
  const size_t B = strlen(Base), O = strlen(Options);
  char *All = static_cast<char *>(mallocOrDie(B + O + 2));
  memcpy(All, Base, B);
  All[B] = ':';
  memcpy(All + B + 1, Options, O + 1);
  setenv(SCHEDSAN_ENV_OPTIONS, All, 1);
  free(All);
  initFlags(__schedsan_default_strategy);
}

// The runtime strategies of the table (StrategyTable.h), as "random, pct, ...":
// what strategy= accepts. (Replaying is not one: replay= follows a trace, then
// goes on with the strategy named here.)
const char *strategyList() {
  static char List[256];
  if (!List[0])
    strategyNames(InRuntime, List, sizeof(List));
  return List;
}

bool escapeOptionValue(const char *In, char *Out, size_t Size) {
  size_t Len = 0;
  for (; *In && Len + 2 < Size; ++In) {
    if (*In == ':' || *In == '\\')
      Out[Len++] = '\\';
    Out[Len++] = *In;
  }
  if (Size)
    Out[Len] = 0;
  return !*In;
}

void formatChangedFlags(char *Buf, unsigned Size) {
  Flags Defaults = defaultFlags();
  unsigned Len = 0;
  Buf[0] = 0;
  // An option that does not fit whole is left out.
  auto Append = [&](const char *Name, const char *Value) {
    int N = snprintf(Buf + Len, Size - Len, "%s%s=", Len ? ":" : "", Name);
    if (N > 0 && Len + N < Size &&
        escapeOptionValue(Value, Buf + Len + N, Size - Len - N))
      Len += N + strlen(Buf + Len + N);
    Buf[Len] = 0;
  };
  char V[32], D[32];
  Append("strategy", flags.strategy);
  snprintf(V, sizeof(V), "%llu", (unsigned long long)flags.seed);
  Append("seed", V);
  for (const FlagInfo &F : AllFlags) {
    const char *Value = valueText(F, flags, V, sizeof(V));
    if (strcmp(F.Name, "strategy") && !F.Runner &&
        strcmp(Value, valueText(F, Defaults, D, sizeof(D))))
      Append(F.Name, Value);
  }
}

} // namespace schedsan
