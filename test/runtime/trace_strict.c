// Traces are read strictly: numbers are unsigned decimal that fit, each
// error names the file and the line and stops the run with exit 2;
// comment lines may be of any length. A replay that ends with recorded
// decisions unused, or at another step than the header says, diverged.
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %schedsan_cc -g -O1 %S/Inputs/two_counters.c -o %t
// RUN: env SCHEDSAN_OPTIONS=seed=3:trace=%t.d/good %t
// RUN: grep -c '^p ' %t.d/good | FileCheck --check-prefix=SOME %s
// SOME: {{[1-9][0-9]*}}
//
// RUN: printf '# x\np 010 1\n' > %t.d/octal
// RUN: env SCHEDSAN_OPTIONS=seed=3:replay=%t.d/octal %t 2> %t.err; test $? = 2
// RUN: FileCheck --check-prefix=OCTAL %s < %t.err
// OCTAL: ERROR: ScheduleSanitizer: replay={{.*}}octal: line 2 is not a schedule decision: p 010 1
// RUN: printf 'p -1 1\n' > %t.d/neg
// RUN: env SCHEDSAN_OPTIONS=seed=3:replay=%t.d/neg %t 2> %t.err; test $? = 2
// RUN: FileCheck --check-prefix=NEG %s < %t.err
// NEG: line 1 is not a schedule decision: p -1 1
// RUN: printf 'p 18446744073709551616 1\n' > %t.d/big
// RUN: env SCHEDSAN_OPTIONS=seed=3:replay=%t.d/big %t 2> %t.err; test $? = 2
// RUN: FileCheck --check-prefix=BIG %s < %t.err
// BIG: line 1 is not a schedule decision: p 18446744073709551616 1
// RUN: printf 'p 5 1 junk\n' > %t.d/junk
// RUN: env SCHEDSAN_OPTIONS=seed=3:replay=%t.d/junk %t 2> %t.err; test $? = 2
// RUN: FileCheck --check-prefix=JUNK %s < %t.err
// JUNK: line 1 is not a schedule decision: p 5 1 junk
// RUN: printf 'c 5 3 3\n' > %t.d/choice
// RUN: env SCHEDSAN_OPTIONS=seed=3:replay=%t.d/choice %t 2> %t.err; test $? = 2
// RUN: FileCheck --check-prefix=CHOICE %s < %t.err
// CHOICE: line 1 is not a schedule decision: c 5 3 3
// RUN: printf 'p 9 1\np 5 0\n' > %t.d/back
// RUN: env SCHEDSAN_OPTIONS=seed=3:replay=%t.d/back %t 2> %t.err; test $? = 2
// RUN: FileCheck --check-prefix=BACK %s < %t.err
// BACK: line 2 goes back to an earlier step: p 5 0
//
// A 10,000-character comment line is a comment; the good trace replays
// exactly.
// RUN: printf '#%%010000d\n' 0 > %t.d/long
// RUN: cat %t.d/good >> %t.d/long
// RUN: env SCHEDSAN_OPTIONS=seed=3:replay=%t.d/long %t 2>&1 | count 0
//
// Decisions left over at exit, and another step count, are divergences.
// RUN: cp %t.d/good %t.d/extra && echo 'p 999999 1' >> %t.d/extra
// RUN: env SCHEDSAN_OPTIONS=seed=3:replay=%t.d/extra %t 2>&1 | FileCheck --check-prefix=EXTRA %s
// EXTRA: WARNING: ScheduleSanitizer: replay of {{.*}}extra diverged at step {{[0-9]+}} (decision {{[0-9]+}} of {{[0-9]+}}): the run ended with 1 recorded decision(s) unused
// RUN: sed 's/ steps=[0-9]*/ steps=7/' %t.d/good > %t.d/steps
// RUN: env SCHEDSAN_OPTIONS=seed=3:replay=%t.d/steps %t 2>&1 | FileCheck --check-prefix=STEPS %s
// STEPS: diverged {{.*}}the run ended at another step than the recording (7)
