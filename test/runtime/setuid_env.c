// A set-user-ID program ignores SCHEDSAN_OPTIONS (and the fork-server
// variable): the runtime reads them with secure_getenv. Here the program
// is made set-user-ID to nobody and run by root, so it runs in secure mode:
// an option that would stop any other program is not even read.
// REQUIRES: root
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: env SCHEDSAN_OPTIONS=bogus=1 not %t 2>&1 | FileCheck --check-prefix=PLAIN %s
// PLAIN: unknown option 'bogus'
// RUN: cp %t %t.suid && chown nobody %t.suid && chmod u+s %t.suid
// RUN: env SCHEDSAN_OPTIONS=bogus=1 %t.suid | FileCheck --check-prefix=SUID %s
// SUID: secure mode, ran
#include <stdio.h>
#include <sys/auxv.h>

int main(void) {
  printf("%s, ran\n", getauxval(AT_SECURE) ? "secure mode" : "plain mode");
  return 0;
}
