//===- SchedSanAttrs.cpp - [[schedsan::ignore]] for Clang -----------------===//
//
// FILE:
//    clang-plugin/SchedSanAttrs.cpp
//
// DESCRIPTION:
//    A Clang plugin that teaches the front end schedsan's source attributes:
//
//      [[schedsan::ignore]] void f();                  C++11 and C23 syntax
//      void f() __attribute__((schedsan_ignore));      GNU syntax
//
//    "Don't put scheduling points in this function." The attribute is
//    implemented as AnnotateAttr("schedsan_ignore") on the FunctionDecl;
//    CodeGen emits it into llvm.global.annotations, where the pass
//    (SchedSanMarkIgnoredPass.cpp, markAnnotatedIgnores) turns it into the
//    `schedsan-ignore` function attribute, exactly as for a hand-written
//    __attribute__((annotate("schedsan_ignore"))). On anything but a
//    function the attribute is ignored with a -Wignored-attributes warning.
//
// USAGE:
//    clang -fplugin=build/lib/SchedSanAttrs.so
//          -fpass-plugin=build/lib/SchedSanPass.so -O2 -c x.c
//    (the schedsan-clang wrappers add -fplugin= when the library exists)
//===----------------------------------------------------------------------===//
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/ParsedAttrInfo.h"
#include "clang/Sema/ParsedAttr.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaDiagnostic.h"

using namespace clang;

namespace {

// The annotation the pass looks for (SchedSanMarkIgnoredPass.cpp).
constexpr llvm::StringLiteral IgnoreAnnotation = "schedsan_ignore";

struct IgnoreAttrInfo : public ParsedAttrInfo {
  IgnoreAttrInfo() {
    // No arguments (NumArgs and OptArgs stay 0: clang rejects any).
    static constexpr Spelling S[] = {{ParsedAttr::AS_GNU, "schedsan_ignore"},
                                     {ParsedAttr::AS_CXX11, "schedsan::ignore"},
                                     {ParsedAttr::AS_C23, "schedsan::ignore"}};
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
      if (A->getAnnotation() == IgnoreAnnotation)
        return AttributeApplied; // both spellings, or repeated
    D->addAttr(AnnotateAttr::Create(S.Context, IgnoreAnnotation, nullptr, 0,
                                    Attr.getRange()));
    return AttributeApplied;
  }
};

} // namespace

static ParsedAttrInfoRegistry::Add<IgnoreAttrInfo>
    X("schedsan_ignore", "[[schedsan::ignore]]: no scheduling points in this "
                         "function");
