//===- SchedSanAttrs.cpp - schedsan's source attributes for Clang ---------===//
//
// FILE:
//    clang-plugin/SchedSanAttrs.cpp
//
// DESCRIPTION:
//    Teaches the front end schedsan's function attributes:
//
//      [[schedsan::ignore]] void f();                  C++11 and C23 syntax
//      void f() __attribute__((schedsan_ignore));      GNU syntax
//        "Don't put scheduling points in this function."
//      [[schedsan::atomic]] void g();
//      void g() __attribute__((schedsan_atomic));
//        "A call of this function is one event": one scheduling point before
//        its body runs, none in its body (what it calls keeps its own).
//
//    Each is implemented as an AnnotateAttr on the FunctionDecl (the strings
//    of schedsan_annotations.h); CodeGen emits it into
//    llvm.global.annotations, where the pass (SchedSanMarkIgnoredPass.cpp,
//    markAnnotatedFunctions) turns it into a function attribute, exactly as
//    for a hand-written __attribute__((annotate("schedsan_ignore"))). On
//    anything but a function the attribute is ignored with a
//    -Wignored-attributes warning. Clang 19's plugin interface has no hook
//    that attaches a plugin attribute to a statement, so there is no
//    statement (block) form.
//
//    The plugin also runs the thread-safety analysis that lets the pass drop
//    the points of accesses made under their GUARDED_BY lock
//    (GuardedAccesses.cpp).
//
// USAGE:
//    clang -fplugin=build/lib/SchedSanAttrs.so
//          -fpass-plugin=build/lib/SchedSanPass.so -O2 -c x.c
//    (the schedsan-clang wrappers add -fplugin= when the library exists)
//===----------------------------------------------------------------------===//
#include "schedsan/schedsan_annotations.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/ParsedAttrInfo.h"
#include "clang/Sema/ParsedAttr.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaDiagnostic.h"

using namespace clang;

namespace {

// A function attribute without arguments that becomes the annotation Note.
struct FunctionAnnotationInfo : public ParsedAttrInfo {
  FunctionAnnotationInfo(ArrayRef<Spelling> S, const char *Note) : Note(Note) {
    // No arguments (NumArgs and OptArgs stay 0: clang rejects any).
    Spellings = S;
  }

  // Functions only (methods, templates and their instantiations included);
  // elsewhere: warn and drop the attribute, like clang's own attributes.
  bool diagAppertainsToDecl(Sema &S, const ParsedAttr &Attr,
                            const Decl *D) const override {
    if (isa<FunctionDecl>(D))
      return true;
    // Named with its scope ('schedsan::ignore'): streaming Attr itself
    // would print the bare 'ignore'.
    S.Diag(Attr.getLoc(), diag::warn_attribute_wrong_decl_type_str)
        << ("'" + Attr.getNormalizedFullName() + "'")
        << Attr.isRegularKeywordAttribute() << "functions";
    return false;
  }

  AttrHandling handleDeclAttribute(Sema &S, Decl *D,
                                   const ParsedAttr &Attr) const override {
    for (const auto *A : D->specific_attrs<AnnotateAttr>())
      if (A->getAnnotation() == Note)
        return AttributeApplied; // both spellings, or repeated
    D->addAttr(
        AnnotateAttr::Create(S.Context, Note, nullptr, 0, Attr.getRange()));
    return AttributeApplied;
  }

  const char *Note;
};

struct IgnoreAttrInfo : FunctionAnnotationInfo {
  static constexpr Spelling S[] = {{ParsedAttr::AS_GNU, "schedsan_ignore"},
                                   {ParsedAttr::AS_CXX11, "schedsan::ignore"},
                                   {ParsedAttr::AS_C23, "schedsan::ignore"}};
  IgnoreAttrInfo() : FunctionAnnotationInfo(S, SCHEDSAN_ANNOTATION_IGNORE) {}
};

struct AtomicAttrInfo : FunctionAnnotationInfo {
  static constexpr Spelling S[] = {{ParsedAttr::AS_GNU, "schedsan_atomic"},
                                   {ParsedAttr::AS_CXX11, "schedsan::atomic"},
                                   {ParsedAttr::AS_C23, "schedsan::atomic"}};
  AtomicAttrInfo() : FunctionAnnotationInfo(S, SCHEDSAN_ANNOTATION_ATOMIC) {}
};

} // namespace

static ParsedAttrInfoRegistry::Add<IgnoreAttrInfo>
    X("schedsan_ignore", "[[schedsan::ignore]]: no scheduling points in this "
                         "function");
static ParsedAttrInfoRegistry::Add<AtomicAttrInfo>
    Y("schedsan_atomic", "[[schedsan::atomic]]: a call of this function is "
                         "one scheduling point");
