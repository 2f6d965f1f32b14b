# -*- Python -*-
# lit configuration for schedsan. Test kinds:
#   pass/      IR tests: opt -load-pass-plugin ... | FileCheck
#   driver/    the compiler wrappers (schedsan-clang, schedsan-clang++)
#   cmake/     the CMake toolchain file on a small project
#   runtime/   end-to-end programs built with the wrappers and run
import os
import shutil
import platform

import lit.formats
import lit.llvm

lit.llvm.initialize(lit_config, config)
from lit.llvm import llvm_config

config.name = "schedsan"
# RUN lines run in bash: the runtime tests loop over seeds.
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".ll", ".c", ".cpp", ".test"]
# unit/ holds the sources of the unit tests that strategies/ runs.
config.excludes = ["Inputs", "CMakeLists.txt", "README.md", "unit"]
config.test_source_root = config.schedsan_test_src_dir
config.test_exec_root = config.schedsan_test_obj_dir

bindir = os.path.join(config.schedsan_obj_root, "bin")
libdir = os.path.join(config.schedsan_obj_root, "lib")

# FileCheck, not, count come from LLVM's tools directory; our tools first.
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", bindir, append_path=True)
# Tests must not inherit a developer's runtime options or wrapper settings.
for var in ["SCHEDSAN_OPTIONS", "SCHEDSAN_CC", "SCHEDSAN_CXX",
            "SCHEDSAN_WRAPPER_VERBOSE"]:
    config.environment.pop(var, None)

plugin = os.path.join(libdir, "SchedSanPass" + config.plugin_suffix)
config.substitutions.append(("%shlibdir", libdir))
config.substitutions.append(("%bindir", bindir))
config.substitutions.append(("%plugin", plugin))
config.substitutions.append(
    ("%opt", os.path.join(config.llvm_tools_dir, "opt") +
     " -load-pass-plugin=" + plugin))
config.substitutions.append(("%clangxx", config.schedsan_clangxx))
config.substitutions.append(("%clang", config.schedsan_clang))
config.substitutions.append(("%schedsan_cxx", os.path.join(bindir, "schedsan-clang++")))
config.substitutions.append(("%schedsan_cc", os.path.join(bindir, "schedsan-clang")))
# A program with test scripts (<schedsan/script.h>): every event kind a
# script may wait for, and the script library.
config.substitutions.append(("%script_cxx", os.path.join(bindir, "schedsan-clang++") +
    " -fsanitize-schedule=script"))
config.substitutions.append(("%schedsan_config", os.path.join(bindir, "schedsan-config")))
# %seeds N prog args: runs prog under seeds 1..N (SEEDS_OPTIONS adds options);
# fails at the first run that exits non-zero or prints a report.
# %hits N prog args: prints how many of seeds 1..N failed.
inputs = os.path.join(config.schedsan_test_src_dir, "runtime", "Inputs")
config.substitutions.append(("%seeds", "bash " + os.path.join(inputs, "seeds.sh")))
config.substitutions.append(("%hits", "bash " + os.path.join(inputs, "hits.sh")))
config.substitutions.append(("%cmake_generator", config.cmake_generator))
config.substitutions.append(("%cmake", config.cmake_command))
config.substitutions.append(("%src_root", config.schedsan_src_root))
config.substitutions.append(("%obj_root", config.schedsan_obj_root))

config.available_features.add("llvm-" + config.llvm_version_major)
# %llvm_major: the major version of the LLVM the build uses (19, 22).
config.substitutions.append(("%llvm_major", config.llvm_version_major))
# The style check pins clang-format 19 (utils/check-format.sh).
if shutil.which("clang-format-19"):
    config.available_features.add("clang-format-19")
# The timeline's browser test (utils/setup.sh test installs chromium when
# it can).
if shutil.which("chromium"):
    config.available_features.add("chromium")
if os.geteuid() == 0:
    config.available_features.add("root")
# OpenMP tests need the compiler's libomp (utils/setup.sh installs it).
import subprocess
if subprocess.run([config.schedsan_clang, "-fopenmp", "-x", "c", "-", "-o",
                   os.devnull], input=b"#include <omp.h>\nint main(void)"
                  b"{return omp_get_max_threads() < 1;}\n",
                  stdout=subprocess.DEVNULL,
                  stderr=subprocess.DEVNULL).returncode == 0:
    config.available_features.add("openmp")
# GoogleTest and Catch2 v2 (utils/setup.sh installs both) for
# test/frameworks: a feature each when its header is there, and the
# libraries a GoogleTest binary links.
for feature, header in (("gtest", "gtest/gtest.h"),
                        ("catch2", "catch2/catch.hpp")):
    if subprocess.run([config.schedsan_clangxx, "-E", "-x", "c++", "-",
                       "-o", os.devnull],
                      input=("#include <%s>\n" % header).encode(),
                      stdout=subprocess.DEVNULL,
                      stderr=subprocess.DEVNULL).returncode == 0:
        config.available_features.add(feature)
config.substitutions.append(("%gtest_libs", "-lgtest -lgtest_main -pthread"))
if platform.machine() in ("x86_64", "AMD64"):
    config.available_features.add("x86_64")
