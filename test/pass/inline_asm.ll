; Inline assembly's memory operands (elementtype pointers: Concurrency Kit's
; ck_pr_* and hand-written spin locks) are atomic events before the call:
; an input is a load, an output a store, an address that is both (xchg,
; lock inc, cmpxchg) one read-modify-write (SCHEDSAN_RMW_OTHER, 11); all
; sequentially consistent (5). Register operands and assembly without
; memory operands get nothing; -schedsan-inline-asm=false turns it off.
; RUN: %opt -passes="schedsan,verify" -S %s | FileCheck %s
; RUN: %opt -passes="schedsan,verify" -schedsan-inline-asm=false -S %s | FileCheck --check-prefix=OFF %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@x = global i32 0
@y = global i64 0

define i32 @ops(ptr %p) {
  ; ck_pr_load_int
  %l = call i32 asm sideeffect "movl $1, $0", "=q,*m,~{memory}"(ptr elementtype(i32) @x)
  ; ck_pr_store_int
  call void asm sideeffect "movl $1, $0", "=*m,eq,~{memory}"(ptr elementtype(i32) @x, i32 1)
  ; ck_pr_inc_64 through a pointer
  call void asm sideeffect "lock incq $0", "=*m,*m,~{memory},~{cc}"(ptr elementtype(i64) %p, ptr elementtype(i64) %p)
  ; a spin lock's xchg ("+m": an output and a tied input)
  %v = call i32 asm sideeffect "xchgl $0, $1", "=r,=*m,0,*m,~{memory}"(ptr elementtype(i32) @x, i32 1, ptr elementtype(i32) @x)
  ; two addresses: one read, one written
  call void asm sideeffect "", "=*m,*m"(ptr elementtype(i64) @y, ptr elementtype(i32) @x)
  ; no memory operand
  call void asm sideeffect "pause", "~{memory}"()
  %r = call i32 asm "addl $1, $0", "=r,r,0"(i32 %l, i32 %v)
  ret i32 %r
}
; CHECK-LABEL: define i32 @ops(
; CHECK-NEXT:    call void @__schedsan_atomic_load(ptr @x, i32 4, i32 5, ptr {{.+}})
; CHECK-NEXT:    %l = call i32 asm sideeffect
; CHECK-NEXT:    call void @__schedsan_atomic_store(ptr @x, i32 4, i32 5, ptr {{.+}})
; CHECK-NEXT:    call void asm sideeffect "movl
; CHECK-NEXT:    call void @__schedsan_atomic_rmw(ptr %p, i32 8, i32 11, i32 5, ptr {{.+}})
; CHECK-NEXT:    call void asm sideeffect "lock incq
; CHECK-NEXT:    call void @__schedsan_atomic_rmw(ptr @x, i32 4, i32 11, i32 5, ptr {{.+}})
; CHECK-NEXT:    %v = call i32 asm sideeffect "xchgl
; CHECK-NEXT:    call void @__schedsan_atomic_store(ptr @y, i32 8, i32 5, ptr {{.+}})
; CHECK-NEXT:    call void @__schedsan_atomic_load(ptr @x, i32 4, i32 5, ptr {{.+}})
; CHECK-NEXT:    call void asm sideeffect ""
; CHECK-NEXT:    call void asm sideeffect "pause"
; CHECK-NEXT:    %r = call i32 asm "addl
; CHECK-NEXT:    ret i32 %r

; OFF-LABEL: define i32 @ops(
; OFF-NOT:     __schedsan_atomic
; OFF:         ret i32 %r

; An ignored function's assembly keeps no event.
define void @ignored(ptr %p) "schedsan-ignore" {
  call void asm sideeffect "lock incl $0", "=*m,*m,~{memory}"(ptr elementtype(i32) %p, ptr elementtype(i32) %p)
  ret void
}
; CHECK-LABEL: define void @ignored(
; CHECK-NEXT:    call void asm sideeffect "lock incl
