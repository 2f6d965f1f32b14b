//===- schedsan_flags.cpp - Runtime options -------------------------------===//
//
// FILE:
//    runtime/schedsan_flags.cpp
//
// DESCRIPTION:
//    Parses the options in schedsan_flags.inc, sanitizer style: defaults,
//    the binary's default strategy, __schedsan_default_options(), then
//    SCHEDSAN_OPTIONS; then range checks. Errors name the key and what it
//    accepts, and stop the program (exit 2) before anything runs.
//===----------------------------------------------------------------------===//
#include "schedsan_flags.h"
#include "schedsan_report.h"
#include "schedsan/schedsan_protocol.h"

#include <ctype.h>
#include <errno.h>
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

struct FlagInfo {
  const char *Name;
  FlagType Type;
  void *Value;
  const char *Default;
  const char *Runner; // see schedsan_flags.inc
  const char *Desc;
};

#define SCHEDSAN_FLAG_TYPE_bool FlagType::Bool
#define SCHEDSAN_FLAG_TYPE_int FlagType::Int
#define SCHEDSAN_FLAG_TYPE_u64 FlagType::U64
#define SCHEDSAN_FLAG_TYPE_str FlagType::Str

const FlagInfo AllFlags[] = {
#define SCHEDSAN_FLAG(Type, Name, Default, Runner, Desc)                       \
  {#Name, SCHEDSAN_FLAG_TYPE_##Type, &flags.Name, #Default, Runner, Desc},
#include "schedsan_flags.inc"
#undef SCHEDSAN_FLAG
};

[[noreturn]] void flagError(const char *Source, const char *Fmt,
                            const char *A, const char *B) {
  char Msg[512];
  snprintf(Msg, sizeof(Msg), Fmt, A, B);
  rawPrintf("==%d==" SCHEDSAN_REPORT_ERROR "%s in %s\n", (int)getpid(), Msg,
            Source);
  dieNow(2);
}

void setDefaults() {
#define SCHEDSAN_FLAG(Type, Name, Default, Runner, Desc) flags.Name = Default;
#include "schedsan_flags.inc"
#undef SCHEDSAN_FLAG
}

void parseValue(const FlagInfo &F, const char *V, const char *Source) {
  char *End = nullptr;
  errno = 0;
  switch (F.Type) {
  case FlagType::Bool:
    if (!strcmp(V, "1") || !strcmp(V, "true"))
      *(bool *)F.Value = true;
    else if (!strcmp(V, "0") || !strcmp(V, "false"))
      *(bool *)F.Value = false;
    else
      flagError(Source, "bad value '%s' for option '%s' (accepted: 0, 1, "
                        "false, true)", V, F.Name);
    return;
  case FlagType::Int: {
    // Decimal only: no sign but '-', no spaces, no octal or hex.
    const bool Digits = isdigit((unsigned char)V[V[0] == '-']);
    long L = strtol(V, &End, 10);
    if (!Digits || *End || errno || L < -(1L << 31) || L >= (1L << 31))
      flagError(Source, "bad value '%s' for option '%s' (accepted: an "
                        "integer)", V, F.Name);
    *(int *)F.Value = (int)L;
    return;
  }
  case FlagType::U64: {
    // Decimal only: 010 is ten, not eight; no sign, no hex, no overflow.
    unsigned long long U = strtoull(V, &End, 10);
    if (!isdigit((unsigned char)*V) || *End || errno)
      flagError(Source, "bad value '%s' for option '%s' (accepted: a "
                        "decimal integer from 0 to 18446744073709551615)",
                  V, F.Name);
    *(uint64_t *)F.Value = U;
    return;
  }
  case FlagType::Str:
    *(const char **)F.Value = V;
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
      const FlagInfo *Found = nullptr;
      for (const FlagInfo &F : AllFlags)
        if (!strcmp(F.Name, S))
          Found = &F;
      if (!Found)
        flagError(Source, "unknown option '%s'%s (" SCHEDSAN_ENV_OPTIONS
                          "=help=1 lists them)", S, "");
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

void checkRange(const char *Name, long V, long Lo, long Hi) {
  if (V >= Lo && V <= Hi)
    return;
  char Val[32], Range[64];
  snprintf(Val, sizeof(Val), "%ld", V);
  snprintf(Range, sizeof(Range), "%ld..%ld", Lo, Hi);
  char Msg[96];
  snprintf(Msg, sizeof(Msg), "bad value '%s' for option '%%s' (accepted: %s)",
           Val, Range);
  flagError(SCHEDSAN_ENV_OPTIONS, Msg, Name, "");
}

bool sameValue(bool A, bool B) { return A == B; }
bool sameValue(int A, int B) { return A == B; }
bool sameValue(uint64_t A, uint64_t B) { return A == B; }
bool sameValue(const char *A, const char *B) { return !strcmp(A, B); }
const char *toText(bool X, char *, unsigned) { return X ? "1" : "0"; }
const char *toText(int X, char *Buf, unsigned N) {
  snprintf(Buf, N, "%d", X);
  return Buf;
}
const char *toText(uint64_t X, char *Buf, unsigned N) {
  snprintf(Buf, N, "%llu", (unsigned long long)X);
  return Buf;
}
const char *toText(const char *X, char *, unsigned) { return X; }
constexpr bool setByRunner(const char *Runner) { return Runner != nullptr; }

// The strategies in Strategies.def, as "random, pct, ...": what strategy=
// accepts. (Replaying is not one: replay= follows a trace, then goes on
// with the strategy named here.)
const char *strategyList() {
  static const char List[] =
#define SCHEDSAN_STRATEGY(Name, Class) ", " #Name
#include "strategy/Strategies.def"
#undef SCHEDSAN_STRATEGY
      ;
  return List + 2;
}

// The one check of a strategy= value.
void checkStrategy(const char *Name) {
#define SCHEDSAN_STRATEGY(N, Class)                                            \
  if (!strcmp(Name, #N))                                                       \
    return;
#include "strategy/Strategies.def"
#undef SCHEDSAN_STRATEGY
  flagError(SCHEDSAN_ENV_OPTIONS, "bad value '%s' for option 'strategy' "
                                  "(accepted: %s)",
            Name, strategyList());
}

void printHelp() {
  rawPrintf(SCHEDSAN_REPORT_HELP " (" SCHEDSAN_ENV_OPTIONS
            "=key=value:...):\n");
  for (const FlagInfo &F : AllFlags)
    rawPrintf("  %-18s default %-12s %s\n", F.Name, F.Default, F.Desc);
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
  setDefaults();
  if (DefaultStrategy && *DefaultStrategy)
    flags.strategy = DefaultStrategy;
  parseString(Copies[0] = copyString(__schedsan_default_options()),
              "__schedsan_default_options()");
  // A set-user-ID or set-group-ID program ignores the environment.
  if (const char *Env = secure_getenv(SCHEDSAN_ENV_OPTIONS))
    parseString(Copies[1] = copyString(Env), SCHEDSAN_ENV_OPTIONS);
  if (!*flags.strategy)
    flags.strategy = "random";
  checkStrategy(flags.strategy);
  checkRange("depth", flags.depth, 1, 1000);
  checkRange("swarm_wmin", flags.swarm_wmin, 1, 1 << 30);
  checkRange("swarm_wmax", flags.swarm_wmax, flags.swarm_wmin, 1 << 30);
  checkRange("swarm_reuse", flags.swarm_reuse, 1, 1 << 30);
  checkRange("pos_reset_yields", flags.pos_reset_yields, 1, 1 << 30);
  checkRange("yield_bound", flags.yield_bound, 1, 1 << 30);
  if (strcmp(flags.time, "virtual") && strcmp(flags.time, "yield"))
    flagError(SCHEDSAN_ENV_OPTIONS, "bad value '%s' for option 'time' "
                                    "(accepted: virtual, yield)",
              flags.time, "");
  if (!flags.fair_slice)
    flagError(SCHEDSAN_ENV_OPTIONS, "bad value '%s' for option '%s' "
                                    "(accepted: 1 and more)",
              "0", "fair_slice");
  checkRange("watchdog_ms", flags.watchdog_ms, 0, 1 << 30);
  checkRange("cpu", flags.cpu, -2, 4095);
  checkRange("verbosity", flags.verbosity, 0, 3);
  checkRange("exitcode", flags.exitcode, 0, 255);
  if (flags.help) {
    printHelp();
    dieNow(0);
  }
}

void escapeOptionValue(const char *In, char *Out, size_t Size) {
  size_t Len = 0;
  for (; *In && Len + 2 < Size; ++In) {
    if (*In == ':' || *In == '\\')
      Out[Len++] = '\\';
    Out[Len++] = *In;
  }
  Out[Size ? Len : 0] = 0;
}

void formatChangedFlags(char *Buf, unsigned Size) {
  Flags Defaults = flags;
#define SCHEDSAN_FLAG(Type, Name, Default, Runner, Desc)                       \
  Defaults.Name = Default;
#include "schedsan_flags.inc"
#undef SCHEDSAN_FLAG
  unsigned Len = 0;
  Buf[0] = 0;
  auto Append = [&](const char *Name, const char *Value) {
    char Escaped[1024];
    escapeOptionValue(Value, Escaped, sizeof(Escaped));
    int N = snprintf(Buf + Len, Size - Len, "%s%s=%s", Len ? ":" : "", Name,
                     Escaped);
    if (N > 0 && Len + N < Size)
      Len += N;
  };
  char V[32];
  Append("strategy", flags.strategy);
  snprintf(V, sizeof(V), "%llu", (unsigned long long)flags.seed);
  Append("seed", V);
#define SCHEDSAN_FLAG(Type, Name, Default, Runner, Desc)                       \
  if (strcmp(#Name, "strategy") && !setByRunner(Runner) &&                     \
      !sameValue(flags.Name, Defaults.Name))                                   \
    Append(#Name, toText(flags.Name, V, sizeof(V)));
#include "schedsan_flags.inc"
#undef SCHEDSAN_FLAG
}

} // namespace schedsan
