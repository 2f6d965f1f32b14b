// -mllvm -stats prints the per-reason counts (the plugin prints them itself:
// Debian's LLVM compiles its own statistics printer out).
// RUN: %clang -O0 -fpass-plugin=%plugin -mllvm -stats -c -o /dev/null %s 2>&1 | FileCheck --check-prefix=O0 %s
// RUN: %clang -O2 -fpass-plugin=%plugin -mllvm -stats -c -o /dev/null %s 2>&1 | FileCheck --check-prefix=O2 %s
// RUN: %clang -O2 -fpass-plugin=%plugin -Xclang -load -Xclang %plugin -mllvm -schedsan-compound-updates -mllvm -stats -c -o /dev/null %s 2>&1 | FileCheck --check-prefix=COMPOUND %s
// RUN: %clang -O2 -fpass-plugin=%plugin -c -o /dev/null %s 2>&1 | count 0

static const int table[4] = {1, 2, 3, 5};
_Thread_local int per_thread;
int shared;

int lookup(int i) { return table[i & 3]; }
void count(void) { per_thread++; }
void update(int v) {
  int tmp = v * 2;
  shared += tmp;
}

// O0: ... schedsan Statistics Collected ...
// O0-DAG: {{ }}1 schedsan - Plain reads instrumented
// O0-DAG: {{ }}1 schedsan - Plain writes instrumented
// O0-DAG: {{ }}1 schedsan - Skipped: read of constant global
// O0-DAG: {{ }}2 schedsan - Skipped: thread_local global
// O0-DAG: schedsan - Skipped: non-escaping alloca
// O0-NOT: Read-before-write

// O2: ... schedsan Statistics Collected ...
// O2-DAG: {{ }}1 schedsan - Plain reads instrumented
// O2-DAG: {{ }}1 schedsan - Plain writes instrumented
// O2-DAG: {{ }}1 schedsan - Skipped: read of constant global
// O2-DAG: {{ }}2 schedsan - Skipped: thread_local global
// O2-NOT: non-escaping alloca
// O2-NOT: Read-before-write

// -schedsan-compound-updates: `shared += tmp` is one update event.
// COMPOUND: ... schedsan Statistics Collected ...
// COMPOUND-NOT: Plain {{reads|writes}} instrumented
// COMPOUND: {{ }}1 schedsan - Read-before-write pairs made one event
// COMPOUND: {{ }}1 schedsan - Skipped: read merged into a following write
