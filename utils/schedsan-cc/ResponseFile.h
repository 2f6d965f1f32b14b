//===- ResponseFile.h - @file arguments -------------------------*- C++ -*-===//
//
// FILE:
//    utils/schedsan-cc/ResponseFile.h
//
// DESCRIPTION:
//    Build systems pass long argument lists in response files
//    (`clang @objects.rsp -o app`). The wrapper reads them so its facts are
//    right (an object list hidden in @objects.rsp is still an input, so the
//    runtime is still linked). Tokenized like GNU tools and clang on Linux:
//    whitespace separates, '...' and "..." quote, backslash escapes.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_CC_RESPONSE_FILE_H
#define SCHEDSAN_CC_RESPONSE_FILE_H

#include <string>
#include <vector>

namespace schedsan::cc {

// If Arg is "@<file>" and <file> can be read, stores its arguments
// (response files inside it expanded too) in Out and returns true.
bool readResponseFile(const std::string &Arg, std::vector<std::string> &Out);

// Args with every readable @file replaced by its contents. Unreadable ones
// stay as they are (clang then reports them).
std::vector<std::string>
expandResponseFiles(const std::vector<std::string> &Args);

} // namespace schedsan::cc

#endif
