//===- Flags.cpp - The flags schedsan adds to a compiler command ----------===//
//
// FILE:
//    utils/schedsan-cc/Flags.cpp
//
// DESCRIPTION:
//    See Flags.h.
//===----------------------------------------------------------------------===//
#include "Flags.h"
#include "Strategies.h"
#include "schedsan/schedsan_protocol.h"

namespace schedsan::cc {

std::vector<std::string> compileFlags(const Layout &L, bool Codegen,
                                      bool Frontend) {
  std::vector<std::string> Out;
  std::string Plugin;
  if (Codegen) {
    Plugin = requireFile(L.plugin(), "pass plugin");
    Out.push_back("-fpass-plugin=" + Plugin);
  }
  if (Frontend && fileExists(L.attrsPlugin()))
    Out.push_back("-fplugin=" + L.attrsPlugin());
  // -fpass-plugin loads the plugin only after clang parsed -mllvm, so its
  // -schedsan-* options would be unknown: load it early too (same file,
  // one copy in the process).
  if (Codegen)
    Out.insert(Out.end(), {"-Xclang", "-load", "-Xclang", Plugin});
  return Out;
}

std::vector<std::string> eventFlags(const std::string &Strategy,
                                    const std::string &Funcs) {
  std::vector<std::string> Out;
  if (wantsScriptEvents(Strategy))
    Out = {"-mllvm", "-schedsan-func-events", "-mllvm",
           "-schedsan-call-events"};
  if (!Funcs.empty())
    Out.insert(Out.end(), {"-mllvm", "-schedsan-func-filter=" + Funcs});
  return Out;
}

std::vector<std::string> linkFlags(const Layout &L, const std::string &Strategy,
                                   bool Static, bool CxxLib,
                                   bool WeakInterceptors) {
  std::string Runtime = WeakInterceptors && fileExists(L.weakRuntime())
                            ? L.weakRuntime()
                            : requireFile(L.runtime(), "runtime");
  std::vector<std::string> Out;
  // Before the runtime: a script's objects refer to the runtime, never the
  // other way round (the runtime finds scripts at run time).
  if (fileExists(L.scriptLibrary()))
    Out.push_back(L.scriptLibrary());
  Out.insert(Out.end(),
             {"-Wl,--whole-archive", Runtime, "-Wl,--no-whole-archive"});
  // Hooks called from an instrumented shared library (linked or dlopen()ed)
  // must resolve to the executable's runtime, so they go in its dynamic
  // symbol table. The runtime ships the list; without it, export by pattern.
  if (!Static) {
    if (fileExists(L.dynamicList()))
      Out.push_back("-Wl,--dynamic-list=" + L.dynamicList());
    else
      Out.push_back("-Wl,--export-dynamic-symbol=" SCHEDSAN_SYMBOL_PREFIX "*");
  }
  if (!Strategy.empty())
    Out.push_back(requireFile(L.defaultObject(runtimeStrategy(Strategy)),
                              "default-strategy object"));
  // Bind every symbol at start-up: a fork server binds once, before it
  // forks, instead of each run binding again (about a tenth of a small
  // run's cost).
  Out.push_back("-Wl,-z,now");
  if (CxxLib) {
    Out.push_back("-Wl,--push-state,--as-needed");
    Out.push_back("-lstdc++");
    Out.push_back("-Wl,--pop-state");
  }
  Out.push_back("-lpthread");
  Out.push_back("-ldl");
  return Out;
}

} // namespace schedsan::cc
