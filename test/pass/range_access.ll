; Accesses whose size is not 1, 2, 4, 8 or 16 bytes (odd integers, larger
; vectors, aggregates) get the range hooks with the store size in bytes.
; RUN: %opt -passes="schedsan,verify" -S %s | FileCheck %s
; RUN: %opt -passes="schedsan,verify" -schedsan-compound-updates -S %s | FileCheck --check-prefix=COMPOUND %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.three = type { i32, i32, i32 }

define void @odd_sizes(ptr %p) {
  %a = load i24, ptr %p
  store i48 0, ptr %p
  %v = load <3 x i32>, ptr %p
  store i256 0, ptr %p
  ret void
}
; CHECK-LABEL: define void @odd_sizes(
; CHECK-NEXT:    call void @__schedsan_read_range(ptr %p, i64 3, ptr {{.+}})
; CHECK-NEXT:    load i24
; CHECK-NEXT:    call void @__schedsan_write_range(ptr %p, i64 6, ptr {{.+}})
; CHECK-NEXT:    store i48
; CHECK-NEXT:    call void @__schedsan_read_range(ptr %p, i64 12, ptr {{.+}})
; CHECK-NEXT:    load <3 x i32>
; CHECK-NEXT:    call void @__schedsan_write_range(ptr %p, i64 32, ptr {{.+}})
; CHECK-NEXT:    store i256

define void @aggregates(ptr %p, ptr %q) {
  %s = load %struct.three, ptr %p
  store %struct.three %s, ptr %q
  %a = load [5 x i8], ptr %p
  store [5 x i8] %a, ptr %q
  ret void
}
; CHECK-LABEL: define void @aggregates(
; CHECK-NEXT:    call void @__schedsan_read_range(ptr %p, i64 12, ptr {{.+}})
; CHECK-NEXT:    load %struct.three
; CHECK-NEXT:    call void @__schedsan_write_range(ptr %q, i64 12, ptr {{.+}})
; CHECK-NEXT:    store %struct.three
; CHECK-NEXT:    call void @__schedsan_read_range(ptr %p, i64 5, ptr {{.+}})
; CHECK-NEXT:    load [5 x i8]
; CHECK-NEXT:    call void @__schedsan_write_range(ptr %q, i64 5, ptr {{.+}})
; CHECK-NEXT:    store [5 x i8]

; A read-modify-write of an odd size: a read_range and a write_range event,
; or one update_range event with -schedsan-compound-updates.
define void @update_odd(ptr %p) {
  %a = load i24, ptr %p
  %b = add i24 %a, 1
  store i24 %b, ptr %p
  ret void
}
; CHECK-LABEL: define void @update_odd(
; CHECK-NEXT:    call void @__schedsan_read_range(ptr %p, i64 3, ptr {{.+}})
; CHECK-NEXT:    load i24
; CHECK-NEXT:    add
; CHECK-NEXT:    call void @__schedsan_write_range(ptr %p, i64 3, ptr {{.+}})
; CHECK-NEXT:    store i24
; COMPOUND-LABEL: define void @update_odd(
; COMPOUND-NEXT:    call void @__schedsan_update_range(ptr %p, i64 3, ptr {{.+}})
; COMPOUND-NEXT:    load i24
; COMPOUND-NEXT:    add
; COMPOUND-NEXT:    store i24

; A scalable vector's size is a multiple of vscale, computed at run time.
define void @scalable(ptr %p) {
  %v = load <vscale x 4 x i32>, ptr %p
  ret void
}
; CHECK-LABEL: define void @scalable(
; CHECK:         [[VSCALE:%.+]] = call i64 @llvm.vscale.i64()
; CHECK-NEXT:    [[SIZE:%.+]] = mul {{(nuw )?}}i64 [[VSCALE]], 16
; CHECK-NEXT:    call void @__schedsan_read_range(ptr %p, i64 [[SIZE]], ptr {{.+}})
; CHECK-NEXT:    load <vscale x 4 x i32>

; CHECK: declare void @__schedsan_read_range(ptr, i64, ptr)
