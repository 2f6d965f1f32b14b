/*===- schedsan_script_abi.h - What a test script asks the runtime -------===*
 *
 * FILE:
 *    include/schedsan/schedsan_script_abi.h
 *
 * DESCRIPTION:
 *    The C functions by which the script library (runtime/script/, the
 *    C++ API of <schedsan/script.h>) controls a run: the core commands of
 *    the Concurrit paper (select, release, choose) and the facts a
 *    predicate needs. All but __schedsan_script_register are called only
 *    from the script's own thread, while the run's threads wait for it.
 *===----------------------------------------------------------------------===*/
#ifndef SCHEDSAN_SCRIPT_ABI_H
#define SCHEDSAN_SCRIPT_ABI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct schedsan_site;

/* What kind of event a thread is blocked before. */
enum {
  SCHEDSAN_SEV_MEMORY = 0,       /* a load, store, atomic, memcpy, memset */
  SCHEDSAN_SEV_FUNC_ENTRY = 1,   /* entering a function */
  SCHEDSAN_SEV_FUNC_EXIT = 2,    /* returning from a function */
  SCHEDSAN_SEV_CALL = 3,         /* calling a function */
  SCHEDSAN_SEV_CONTROL = 4,      /* SCHEDSAN_CONTROL_POINT(label) */
  SCHEDSAN_SEV_THREAD_START = 5, /* the thread's first event */
  SCHEDSAN_SEV_THREAD_END = 6,   /* the thread's last event */
  SCHEDSAN_SEV_OTHER = 7         /* synchronization, create, join, sleep */
};

/* An event as a script sees it. */
struct schedsan_script_event {
  uint32_t tid;
  uint32_t kind;        /* SCHEDSAN_SEV_* */
  const char *name;     /* the runtime's name of the event ("read", ...) */
  uintptr_t addr;       /* memory: the object; functions, calls: the
                           function (0 if unknown); control: the label */
  uintptr_t size;       /* memory: bytes */
  uintptr_t addr2;      /* memcpy: the source */
  int reads;            /* memory: reads addr (memcpy: reads addr2) */
  int writes;           /* memory: writes addr */
  const char *function; /* the function the event is in (linkage name),
                           for entry and exit the function itself; null
                           if unknown */
  const struct schedsan_site *site; /* null for intercepted calls */
  int enabled; /* the thread could perform it now (not a lock another
                  thread holds, a condition not yet signaled, ...) */
};

/* SCHEDSAN_SCRIPT(Name)'s static constructor. */
void __schedsan_script_register(const char *name, void (*fn)(void));

/* select: waits until a thread of the set is blocked before an event it was
 * not released from, and describes that event (the earliest such event).
 * The set is the threads in tids[0, n), or, with all != 0, every thread
 * but those. Does not return when the select cannot be satisfied: the run
 * ends as a script timeout. */
void __schedsan_script_select(int all, const uint32_t *tids, size_t n,
                              struct schedsan_script_event *out);
/* release: the threads of the set (as for select) that are blocked before
 * an event may perform it. */
void __schedsan_script_release(int all, const uint32_t *tids, size_t n);
/* choose: the oracle's value in [0, n). */
uint32_t __schedsan_script_choose(uint32_t n);
/* ChooseThread: the index in tids[0, n) of the thread the oracle picks,
 * among those that have not ended, within the context bound. */
size_t __schedsan_script_choose_thread(const uint32_t *tids, size_t n);
/* Whether the thread is blocked at, or past, its thread-end event. */
int __schedsan_script_has_ended(uint32_t tid);
/* The functions the thread is in, innermost first: at most max of them
 * into fns (addresses, 0 if unknown) and names (linkage names, null if
 * unknown); returns how many it is in. */
size_t __schedsan_script_stack(uint32_t tid, const void **fns,
                               const char **names, size_t max);
/* A library command that waits (WaitForThread, RunThreadsUntil) begins or
 * ends: the script timeout bounds the steps of the whole command, what
 * names it in the timeout message. */
void __schedsan_script_wait_begin(const char *what);
void __schedsan_script_wait_end(void);
/* Ends the run as a script timeout with this message. */
void __schedsan_script_fail(const char *what) __attribute__((noreturn));

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* SCHEDSAN_SCRIPT_ABI_H */
