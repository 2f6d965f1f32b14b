; Every hook passes a site: the address of an entry of the module's private
; table @__schedsan_sites of { function, file, line, column }. With debug
; info the entry has the access's line, column and file (joined to its
; directory when relative to it); code inlined from
; another function is named after that function (its linkage name).
; RUN: %opt -passes="schedsan,verify" -S %s | FileCheck %s
; RUN: %opt -passes="schedsan,verify" -schedsan-func-events -S %s | FileCheck --check-prefix=FUNC %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@g = global i32 0
@h = global i32 0

define void @worker() !dbg !5 {
  %v = load i32, ptr @g, !dbg !8
  store i32 1, ptr @h, !dbg !9
  store i32 2, ptr @g, !dbg !12
  ret void, !dbg !9
}

; CHECK-DAG: @[[FN:__schedsan_str[.0-9]*]] = private unnamed_addr constant [7 x i8] c"worker\00"
; CHECK-DAG: @[[FILE:__schedsan_str[.0-9]*]] = private unnamed_addr constant [14 x i8] c"/src/worker.c\00"
; CHECK-DAG: @[[INL:__schedsan_str[.0-9]*]] = private unnamed_addr constant [11 x i8] c"_Z6helperv\00"
; CHECK-DAG: @[[HFILE:__schedsan_str[.0-9]*]] = private unnamed_addr constant [14 x i8] c"/src/helper.h\00"
; CHECK:     @__schedsan_sites = private constant [3 x %schedsan.site] [
; CHECK-SAME:  %schedsan.site { ptr @[[FN]], ptr @[[FILE]], i32 12, i32 7 },
; CHECK-SAME:  %schedsan.site { ptr @[[FN]], ptr @[[FILE]], i32 13, i32 9 },
; CHECK-SAME:  %schedsan.site { ptr @[[INL]], ptr @[[HFILE]], i32 4, i32 3 }]

; The hooks point into the table, in program order, and carry the access's
; debug location.
; CHECK-LABEL: define void @worker()
; CHECK-NEXT:    call void @__schedsan_read4(ptr @g, ptr @__schedsan_sites), !dbg [[L8:![0-9]+]]
; CHECK-NEXT:    load i32, ptr @g, align 4, !dbg [[L8]]
; CHECK-NEXT:    call void @__schedsan_write4(ptr @h, ptr getelementptr (%schedsan.site, ptr @__schedsan_sites, i64 1)), !dbg [[L9:![0-9]+]]
; CHECK-NEXT:    store i32 1, ptr @h, align 4, !dbg [[L9]]
; CHECK-NEXT:    call void @__schedsan_write4(ptr @g, ptr getelementptr (%schedsan.site, ptr @__schedsan_sites, i64 2)), !dbg [[L12:![0-9]+]]

; Function events (entry and exits share one site) use the subprogram's
; line, column 0.
; FUNC: @__schedsan_sites = private constant [4 x %schedsan.site] [
; FUNC-SAME: %schedsan.site { ptr @{{.+}}, ptr @{{.+}}, i32 10, i32 0 }]

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "worker.c", directory: "/src")
!2 = !DIFile(filename: "helper.h", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "worker", scope: !1, file: !1, line: 10, type: !6, scopeLine: 10, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!8 = !DILocation(line: 12, column: 7, scope: !5)
!9 = !DILocation(line: 13, column: 9, scope: !5)
!10 = distinct !DISubprogram(name: "helper", linkageName: "_Z6helperv", scope: !2, file: !2, line: 2, type: !6, scopeLine: 2, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!11 = distinct !DILocation(line: 14, column: 3, scope: !5)
!12 = !DILocation(line: 4, column: 3, scope: !10, inlinedAt: !11)
