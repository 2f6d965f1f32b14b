/*===- schedsan_interface.h - The pass/runtime ABI ------------------------===*
 *
 * FILE:
 *    include/schedsan/schedsan_interface.h
 *
 * DESCRIPTION:
 *    C declarations of every callback listed in schedsan_interface.def, the
 *    site-table entry the pass emits, and the constants the hooks carry.
 *    Included by the runtime; usable from C and C++.
 *===----------------------------------------------------------------------===*/
#ifndef SCHEDSAN_INTERFACE_H
#define SCHEDSAN_INTERFACE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One entry of a module's site table; the pass emits an array of these. */
struct schedsan_site {
  const char *function; /* linkage name of the enclosing function */
  const char *file;     /* source file (debug info) or the module's name */
  uint32_t line;        /* 0 when the instruction has no debug location */
  uint32_t column;
};

/* C11 memory orders as carried by the atomic hooks. */
enum {
  SCHEDSAN_MO_RELAXED = 0,
  SCHEDSAN_MO_CONSUME = 1,
  SCHEDSAN_MO_ACQUIRE = 2,
  SCHEDSAN_MO_RELEASE = 3,
  SCHEDSAN_MO_ACQ_REL = 4,
  SCHEDSAN_MO_SEQ_CST = 5
};

/* Read-modify-write operations as carried by __schedsan_atomic_rmw. */
enum {
  SCHEDSAN_RMW_XCHG = 0,
  SCHEDSAN_RMW_ADD = 1,
  SCHEDSAN_RMW_SUB = 2,
  SCHEDSAN_RMW_AND = 3,
  SCHEDSAN_RMW_NAND = 4,
  SCHEDSAN_RMW_OR = 5,
  SCHEDSAN_RMW_XOR = 6,
  SCHEDSAN_RMW_MAX = 7,
  SCHEDSAN_RMW_MIN = 8,
  SCHEDSAN_RMW_UMAX = 9,
  SCHEDSAN_RMW_UMIN = 10,
  SCHEDSAN_RMW_OTHER = 11 /* floating-point and target-specific operations */
};

#define SCHEDSAN_TAG_PTR void *
#define SCHEDSAN_TAG_SIZE uintptr_t
#define SCHEDSAN_TAG_U32 uint32_t
#define SCHEDSAN_TAG_SITE const struct schedsan_site *

#define PTR SCHEDSAN_TAG_PTR
#define SIZE SCHEDSAN_TAG_SIZE
#define U32 SCHEDSAN_TAG_U32
#define SITE SCHEDSAN_TAG_SITE
#define SCHEDSAN_HOOK(Name, ...) void __schedsan_##Name(__VA_ARGS__);
#include "schedsan_interface.def"
#undef SCHEDSAN_HOOK
#undef PTR
#undef SIZE
#undef U32
#undef SITE

/* Strategy a binary runs under when SCHEDSAN_OPTIONS names none: defined by
 * the object the wrapper links for -fsanitize-schedule=<strategy>. */
extern const char __schedsan_default_strategy[];

/* Options a program may compile in (sanitizer style): weak, overridden by
 * SCHEDSAN_OPTIONS. */
const char *__schedsan_default_options(void);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* SCHEDSAN_INTERFACE_H */
