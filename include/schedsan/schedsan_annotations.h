/*===- schedsan_annotations.h - What the front end tells the pass ---------===*
 *
 * FILE:
 *    include/schedsan/schedsan_annotations.h
 *
 * DESCRIPTION:
 *    The annotation strings by which the Clang plugin (clang-plugin/) tells
 *    the pass (pass/) what only the source knows. The plugin attaches them
 *    as AnnotateAttr; CodeGen emits an annotation on a function or a global
 *    variable into llvm.global.annotations and one on a field as a call of
 *    llvm.ptr.annotation around every address of that field it computes.
 *    A user may also write the first two by hand
 *    (__attribute__((annotate("schedsan_ignore")))).
 *===----------------------------------------------------------------------===*/
#ifndef SCHEDSAN_ANNOTATIONS_H
#define SCHEDSAN_ANNOTATIONS_H

/* Function: no scheduling points in its body ([[schedsan::ignore]]). */
#define SCHEDSAN_ANNOTATION_IGNORE "schedsan_ignore"

/* Function: its body is not instrumented and one scheduling point goes
 * before it runs ([[schedsan::atomic]]). */
#define SCHEDSAN_ANNOTATION_ATOMIC "schedsan_atomic"

/* Field or global variable with GUARDED_BY (guarded_by): reading or
 * writing it needs its lock. Bit-fields are never annotated (their storage
 * unit holds unguarded neighbours). */
#define SCHEDSAN_ANNOTATION_GUARDED "schedsan_guarded"

/* Field or global pointer with PT_GUARDED_BY (pt_guarded_by): what it
 * points to needs the lock. */
#define SCHEDSAN_ANNOTATION_PT_GUARDED "schedsan_pt_guarded"

/* Function: Clang's thread-safety analysis proved that every access of a
 * guarded field or variable written in its body is made with the guarding
 * lock held (the conditions are in clang-plugin/GuardedAccesses.cpp). */
#define SCHEDSAN_ANNOTATION_LOCKS_PROVED "schedsan_locks_proved"

#endif /* SCHEDSAN_ANNOTATIONS_H */
