//===- SchedSanPlugin.cpp - Register the schedsan passes ------------------===//
//
// FILE:
//    pass/SchedSanPlugin.cpp
//
// DESCRIPTION:
//    The entry point of the plugin SchedSanPass.so: registers its two passes
//    with the new pass manager, by name for opt and at two extension points
//    of clang's pipeline:
//      schedsan-mark-ignored (SchedSanMarkIgnoredPass) runs first
//        (PipelineStart, before inlining) and tags the code of ignored
//        functions before the inliner copies it;
//      schedsan (SchedSanPass) runs last (OptimizerLast) and instruments.
//    Both extension points are reached at every -O level, -O0 included.
//
// USAGE:
//    opt -load-pass-plugin=build/lib/SchedSanPass.so
//        -passes="schedsan-mark-ignored,schedsan,verify" -S input.ll
//    clang -fpass-plugin=build/lib/SchedSanPass.so -O2 -c x.c
//===----------------------------------------------------------------------===//
#include "SchedSanMarkIgnoredPass.h"
#include "SchedSanPass.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Passes/PassBuilder.h"
#if LLVM_VERSION_MAJOR >= 22
#include "llvm/Plugins/PassPlugin.h" // moved out of llvm/Passes in LLVM 22
#else
#include "llvm/Passes/PassPlugin.h"
#endif

using namespace llvm;
using namespace schedsan;

//===----------------------------------------------------------------------===//
// New PM registration
//===----------------------------------------------------------------------===//
static PassPluginLibraryInfo getSchedSanPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "SchedSan", LLVM_VERSION_STRING,
          [](PassBuilder &PB) {
            // opt -passes=schedsan
            PB.registerPipelineParsingCallback(
                [](StringRef Name, ModulePassManager &MPM,
                   ArrayRef<PassBuilder::PipelineElement>) {
                  if (Name == "schedsan") {
                    MPM.addPass(SchedSanPass());
                    return true;
                  }
                  if (Name == "schedsan-mark-ignored") {
                    MPM.addPass(SchedSanMarkIgnoredPass());
                    return true;
                  }
                  return false;
                });
            // clang -fpass-plugin=: before inlining, tag the code of ignored
            // functions (runs at -O0 too).
            PB.registerPipelineStartEPCallback(
                [](ModulePassManager &MPM, OptimizationLevel) {
                  MPM.addPass(SchedSanMarkIgnoredPass());
                });
            // clang -fpass-plugin=: last in the optimization pipeline, at
            // every -O level (the -O0 pipeline runs these callbacks too).
            PB.registerOptimizerLastEPCallback(
                [](ModulePassManager &MPM, OptimizationLevel
#if LLVM_VERSION_MAJOR >= 20
                   ,
                   ThinOrFullLTOPhase
#endif
                ) { MPM.addPass(SchedSanPass()); });
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return getSchedSanPluginInfo();
}
