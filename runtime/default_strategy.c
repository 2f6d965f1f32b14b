/*===- default_strategy.c - The strategy a binary was built for ----------===*
 *
 * FILE:
 *    runtime/default_strategy.c
 *
 * DESCRIPTION:
 *    Compiled once per strategy (-DSCHEDSAN_STRATEGY="pct") into
 *    lib/schedsan/default-<strategy>.o. The wrappers link the object named by
 *    -fsanitize-schedule=<strategy>; its strong definition overrides the
 *    runtime's weak empty one, so the binary remembers its strategy.
 *===----------------------------------------------------------------------===*/
const char __schedsan_default_strategy[] = SCHEDSAN_STRATEGY;
