/*===- control.h - Control points for test scripts ------------------------===*
 *
 * FILE:
 *    include/schedsan/control.h
 *
 * DESCRIPTION:
 *    SCHEDSAN_CONTROL_POINT(label) marks a place in the program under test
 *    that a test script (<schedsan/script.h>) can wait for with
 *    AtControl(label): the thread that reaches it blocks there, before going
 *    on, as at any other event. Labels are the program's own integers.
 *
 *    C and C++. The runtime's entry point is declared weak: in a program
 *    built without schedsan (no runtime linked) the macro tests a null
 *    address and does nothing else.
 *===----------------------------------------------------------------------===*/
#ifndef SCHEDSAN_CONTROL_H
#define SCHEDSAN_CONTROL_H

#ifdef __cplusplus
extern "C" {
#endif

/* The runtime's: a control-point event with this label. */
void __schedsan_control_point(int label) __attribute__((weak));

#ifdef __cplusplus
} /* extern "C" */
#endif

#define SCHEDSAN_CONTROL_POINT(label)                                          \
  do {                                                                         \
    if (__schedsan_control_point)                                              \
      __schedsan_control_point(label);                                         \
  } while (0)

#endif /* SCHEDSAN_CONTROL_H */
