//===- Paths.h - Where the plugin and the runtime are -----------*- C++ -*-===//
//
// FILE:
//    utils/schedsan-cc/Paths.h
//
// DESCRIPTION:
//    The wrapper finds everything relative to its own executable
//    (/proc/self/exe, so symlinks to it anywhere still work):
//        <prefix>/bin/schedsan-clang            (this program)
//        <prefix>/libexec/schedsan/bin/clang    links to it: the masquerade
//                                               names (main.cpp)
//        <prefix>/lib/SchedSanPass.so           the pass plugin
//        <prefix>/lib/SchedSanAttrs.so          the Clang attribute plugin
//                                               (optional)
//        <prefix>/lib/libschedsan_rt.a          the runtime
//        <prefix>/lib/libschedsan_script.a      test scripts (optional)
//        <prefix>/lib/schedsan/schedsan_rt.syms hooks to export (optional)
//        <prefix>/lib/schedsan/default-<s>.o    records strategy <s>
//    The same layout holds in the build tree (build/bin, build/lib) and in an
//    install prefix. If <prefix>/lib has no pass plugin, the configured
//    CMAKE_INSTALL_LIBDIR (e.g. lib/x86_64-linux-gnu for a /usr prefix on
//    Debian) is tried as well.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_CC_PATHS_H
#define SCHEDSAN_CC_PATHS_H

#include <string>

namespace schedsan::cc {

struct Layout {
  std::string Self;   // this executable, symlinks resolved
  std::string BinDir; // its directory
  std::string Prefix; // BinDir/..
  std::string LibDir; // Prefix/lib (or the configured libdir)

  std::string plugin() const;        // the pass plugin
  std::string attrsPlugin() const;   // the Clang attribute plugin
  std::string runtime() const;       // the runtime archive
  std::string weakRuntime() const;   // the same, interceptors weak
  std::string scriptLibrary() const; // the test-script library
  std::string dynamicList() const;   // exported hooks (linker dynamic list)
  std::string includeDir() const;    // Prefix/include (schedsan/*.h)
  std::string defaultObject(const std::string &Strategy) const;
};

// The layout around the running executable; exits with an error if
// /proc/self/exe cannot be read.
Layout findLayout();

bool fileExists(const std::string &Path);

// `Path` if it exists, otherwise exits with "<What> not found: <Path>".
const std::string &requireFile(const std::string &Path, const char *What);

// The last path component ("a/b/c" -> "c").
std::string baseName(const std::string &Path);

} // namespace schedsan::cc

#endif
