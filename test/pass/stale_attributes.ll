; Attributes inferred from the uninstrumented code (memory effects, nosync,
; willreturn, speculatable) are false once hooks, which block, synchronize and
; may end the process, are called: the pass drops them from the module's
; function definitions and from calls to them, so that codegen or an LTO link
; cannot delete, hoist or merge those calls. Declarations keep theirs.
; RUN: %opt -passes="schedsan,verify" -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@g = global i32 0

define i32 @reader() #0 {
  %v = load i32, ptr @g
  ret i32 %v
}
; CHECK-LABEL: define i32 @reader()
; CHECK-SAME:    #[[CLEAN:[0-9]+]]

define i32 @caller() #0 {
  %a = call i32 @reader() #0
  %b = call i32 @strlen_like(ptr @g) #1
  %c = add i32 %a, %b
  ret i32 %c
}
; CHECK-LABEL: define i32 @caller()
; CHECK-SAME:    #[[CLEAN]]
; CHECK-NEXT:    call i32 @reader() #[[CLEAN]]
; CHECK-NEXT:    call i32 @strlen_like(ptr @g) #[[DECL:[0-9]+]]

declare i32 @strlen_like(ptr) #1

; CHECK: attributes #[[CLEAN]] = { nofree norecurse nounwind }
; CHECK: attributes #[[DECL]] = { nounwind willreturn memory(argmem: read) }

attributes #0 = { nofree norecurse nosync nounwind willreturn speculatable memory(read) }
attributes #1 = { nounwind willreturn memory(argmem: read) }
