// A read-modify-write of plain memory (`x++`, `x += v`) is two scheduling
// points by default, at -O0 and -O2, on globals, struct fields, array
// elements and memory reached through a pointer: the read's point before
// the load and the write's point before the store, so another thread may
// run between them. With -schedsan-compound-updates it is one update event
// before the load.
// RUN: %clang -O0 -fpass-plugin=%plugin -S -emit-llvm -o - %s | FileCheck --check-prefix=SPLIT %s
// RUN: %clang -O2 -fpass-plugin=%plugin -S -emit-llvm -o - %s | FileCheck --check-prefix=SPLIT %s
// RUN: %clang -O0 -fpass-plugin=%plugin -Xclang -load -Xclang %plugin -mllvm -schedsan-compound-updates -S -emit-llvm -o - %s | FileCheck --check-prefix=COMPOUND %s
// RUN: %clang -O2 -fpass-plugin=%plugin -Xclang -load -Xclang %plugin -mllvm -schedsan-compound-updates -S -emit-llvm -o - %s | FileCheck --check-prefix=COMPOUND %s

struct stats {
  long hits;
  int bytes;
};

int counter;
struct stats totals;
int table[16];

void global_inc(void) { counter++; }
// SPLIT-LABEL: define{{.*}} void @global_inc()
// SPLIT:         call void @__schedsan_read4(ptr @counter,
// SPLIT-NEXT:    load i32, ptr @counter
// SPLIT-NEXT:    add
// SPLIT-NEXT:    call void @__schedsan_write4(ptr @counter,
// SPLIT-NEXT:    store i32 {{.*}}, ptr @counter
// COMPOUND-LABEL: define{{.*}} void @global_inc()
// COMPOUND:       call void @__schedsan_update4(ptr @counter,
// COMPOUND-NEXT:  load i32, ptr @counter
// COMPOUND-NOT:   call void @__schedsan_
// COMPOUND:       ret void

void field_add(int v) { totals.bytes += v; }
// SPLIT-LABEL: define{{.*}} void @field_add(
// SPLIT:         call void @__schedsan_read4(ptr [[F:getelementptr [^)]*@totals[^)]*\)]],
// SPLIT-NEXT:    load i32, ptr [[F]]
// SPLIT-NEXT:    add
// SPLIT-NEXT:    call void @__schedsan_write4(ptr [[F]],
// SPLIT-NEXT:    store i32 {{.*}}, ptr [[F]]
// COMPOUND-LABEL: define{{.*}} void @field_add(
// COMPOUND:       call void @__schedsan_update4(ptr getelementptr {{.*}}@totals
// COMPOUND-NOT:   call void @__schedsan_
// COMPOUND:       ret void

void array_inc(int i) { table[i & 15]++; }
// SPLIT-LABEL: define{{.*}} void @array_inc(
// SPLIT:         call void @__schedsan_read4(ptr [[A:%[0-9]+]],
// SPLIT-NEXT:    load i32, ptr [[A]]
// SPLIT-NEXT:    add
// SPLIT-NEXT:    call void @__schedsan_write4(ptr [[A]],
// SPLIT-NEXT:    store i32 {{.*}}, ptr [[A]]
// COMPOUND-LABEL: define{{.*}} void @array_inc(
// COMPOUND:       call void @__schedsan_update4(ptr [[A:%[0-9]+]],
// COMPOUND-NEXT:  load i32, ptr [[A]]
// COMPOUND-NOT:   call void @__schedsan_
// COMPOUND:       ret void

void heap_field_inc(struct stats *s) { s->hits++; }
// SPLIT-LABEL: define{{.*}} void @heap_field_inc(
// SPLIT:         call void @__schedsan_read8(ptr [[H:%[0-9]+]],
// SPLIT-NEXT:    load i64, ptr [[H]]
// SPLIT-NEXT:    add
// SPLIT-NEXT:    call void @__schedsan_write8(ptr [[H]],
// SPLIT-NEXT:    store i64 {{.*}}, ptr [[H]]
// COMPOUND-LABEL: define{{.*}} void @heap_field_inc(
// COMPOUND:       call void @__schedsan_update8(ptr [[H:%[0-9]+]],
// COMPOUND-NEXT:  load i64, ptr [[H]]
// COMPOUND-NOT:   call void @__schedsan_
// COMPOUND:       ret void

void heap_add(int *p, int v) { *p += v; }
// SPLIT-LABEL: define{{.*}} void @heap_add(
// SPLIT:         call void @__schedsan_read4(ptr [[P:%[0-9]+]],
// SPLIT-NEXT:    load i32, ptr [[P]]
// SPLIT-NEXT:    add
// SPLIT-NEXT:    call void @__schedsan_write4(ptr [[P]],
// SPLIT-NEXT:    store i32 {{.*}}, ptr [[P]]
// COMPOUND-LABEL: define{{.*}} void @heap_add(
// COMPOUND:       call void @__schedsan_update4(ptr [[P:%[0-9]+]],
// COMPOUND-NEXT:  load i32, ptr [[P]]
// COMPOUND-NOT:   call void @__schedsan_
// COMPOUND:       ret void
