; The hooks take address-space-0 pointers. Accesses in other address spaces
; (GPU memories, x86 %fs/%gs-relative accesses) are skipped, atomics and
; volatile ones included: the module must still verify.
; RUN: %opt -passes="schedsan,verify" -S %s | FileCheck %s
; RUN: %opt -passes=schedsan -stats -disable-output %s 2>&1 | FileCheck --check-prefix=STATS %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @other_address_spaces(ptr addrspace(1) %p, ptr addrspace(256) %gs, ptr %q) {
  %a = load i32, ptr addrspace(1) %p
  store i32 %a, ptr addrspace(1) %p
  %b = load atomic i32, ptr addrspace(1) %p seq_cst, align 4
  %c = atomicrmw add ptr addrspace(1) %p, i32 1 seq_cst
  %d = cmpxchg ptr addrspace(1) %p, i32 0, i32 1 seq_cst seq_cst
  %e = load volatile i64, ptr addrspace(256) %gs
  call void @llvm.memcpy.p0.p1.i64(ptr %q, ptr addrspace(1) %p, i64 8, i1 true)
  ret void
}
; CHECK-LABEL: define void @other_address_spaces(
; CHECK-NOT:     call void @__schedsan_
; CHECK:         ret void

; Only the address counts: storing a pointer into another address space is a
; plain 8-byte write of address-space-0 memory.
define void @address_space_zero(ptr %p, ptr addrspace(1) %v) {
  store i32 0, ptr %p
  store ptr addrspace(1) %v, ptr %p
  ret void
}
; CHECK-LABEL: define void @address_space_zero(
; CHECK-NEXT:    call void @__schedsan_write4(ptr %p,
; CHECK-NEXT:    store i32 0, ptr %p
; CHECK-NEXT:    call void @__schedsan_write8(ptr %p,
; CHECK-NEXT:    store ptr addrspace(1) %v, ptr %p

declare void @llvm.memcpy.p0.p1.i64(ptr, ptr addrspace(1), i64, i1)

; STATS: {{ }}7 schedsan - Skipped: access outside address space 0
