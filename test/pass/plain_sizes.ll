; Plain loads and stores of 1, 2, 4, 8 and 16 bytes get the sized hooks,
; placed right before the access, with the access's address.
; RUN: %opt -passes="schedsan,verify" -S %s | FileCheck %s
; RUN: %opt -passes=schedsan -stats -disable-output %s 2>&1 | FileCheck --check-prefix=STATS %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @reads(ptr %p) {
  %a = load i8, ptr %p
  %b = load i16, ptr %p
  %c = load i32, ptr %p
  %d = load i64, ptr %p
  %e = load i128, ptr %p
  ret void
}
; CHECK-LABEL: define void @reads(
; CHECK-NEXT:    call void @__schedsan_read1(ptr %p, ptr {{.+}})
; CHECK-NEXT:    %a = load i8, ptr %p
; CHECK-NEXT:    call void @__schedsan_read2(ptr %p, ptr {{.+}})
; CHECK-NEXT:    %b = load i16, ptr %p
; CHECK-NEXT:    call void @__schedsan_read4(ptr %p, ptr {{.+}})
; CHECK-NEXT:    %c = load i32, ptr %p
; CHECK-NEXT:    call void @__schedsan_read8(ptr %p, ptr {{.+}})
; CHECK-NEXT:    %d = load i64, ptr %p
; CHECK-NEXT:    call void @__schedsan_read16(ptr %p, ptr {{.+}})
; CHECK-NEXT:    %e = load i128, ptr %p
; CHECK-NEXT:    ret void

define void @writes(ptr %p) {
  store i8 1, ptr %p
  store i16 2, ptr %p
  store i32 3, ptr %p
  store i64 4, ptr %p
  store i128 5, ptr %p
  ret void
}
; CHECK-LABEL: define void @writes(
; CHECK-NEXT:    call void @__schedsan_write1(ptr %p, ptr {{.+}})
; CHECK-NEXT:    store i8 1, ptr %p
; CHECK-NEXT:    call void @__schedsan_write2(ptr %p, ptr {{.+}})
; CHECK-NEXT:    store i16 2, ptr %p
; CHECK-NEXT:    call void @__schedsan_write4(ptr %p, ptr {{.+}})
; CHECK-NEXT:    store i32 3, ptr %p
; CHECK-NEXT:    call void @__schedsan_write8(ptr %p, ptr {{.+}})
; CHECK-NEXT:    store i64 4, ptr %p
; CHECK-NEXT:    call void @__schedsan_write16(ptr %p, ptr {{.+}})
; CHECK-NEXT:    store i128 5, ptr %p
; CHECK-NEXT:    ret void

; The size is the type's store size, whatever the type.
define void @other_types(ptr %p, ptr %q) {
  %f = load float, ptr %p
  %d = load double, ptr %p
  %ptr = load ptr, ptr %p
  store <4 x i32> zeroinitializer, ptr %q
  store <2 x half> zeroinitializer, ptr %q
  store i1 true, ptr %q
  ret void
}
; CHECK-LABEL: define void @other_types(
; CHECK:         call void @__schedsan_read4(ptr %p,
; CHECK-NEXT:    load float
; CHECK:         call void @__schedsan_read8(ptr %p,
; CHECK-NEXT:    load double
; CHECK:         call void @__schedsan_read8(ptr %p,
; CHECK-NEXT:    load ptr
; CHECK:         call void @__schedsan_write16(ptr %q,
; CHECK-NEXT:    store <4 x i32>
; CHECK:         call void @__schedsan_write4(ptr %q,
; CHECK-NEXT:    store <2 x half>
; CHECK:         call void @__schedsan_write1(ptr %q,
; CHECK-NEXT:    store i1 true

; The hooks are declared once, nounwind, taking (address, site).
; CHECK: declare void @__schedsan_read1(ptr, ptr) [[ATTR:#[0-9]+]]
; CHECK: attributes [[ATTR]] = { nounwind }

; STATS: {{ }}8 schedsan - Plain reads instrumented
; STATS: {{ }}8 schedsan - Plain writes instrumented
