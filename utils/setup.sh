#!/usr/bin/env bash
#===============================================================================
# FILE:
#    utils/setup.sh
#
# DESCRIPTION:
#    Sets schedsan up on a Debian 12 machine and runs one job:
#      utils/setup.sh build   install what is missing, configure, build
#      utils/setup.sh test    ... then run the whole test suite (ctest)
#      utils/setup.sh demo    ... then instrument a bundled bug and find it
#    Installing is idempotent: only packages that are not installed are
#    fetched (apt-get; needs root or sudo).
#
#    Environment: SCHEDSAN_BUILD_DIR (default: <repo>/build),
#                 SCHEDSAN_LLVM_VERSION (default: 19; 22 also builds).
#===============================================================================
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${SCHEDSAN_BUILD_DIR:-$root/build}
llvm=${SCHEDSAN_LLVM_VERSION:-19}
job=${1:-build}

case "$job" in
  build|test|demo) ;;
  *) echo "usage: utils/setup.sh [build|test|demo] (got '$job')" >&2; exit 2 ;;
esac

#--- 1. Debian packages -------------------------------------------------------
packages=(cmake ninja-build python3 "llvm-$llvm-dev" "clang-$llvm"
          "libclang-$llvm-dev" "libclang-rt-$llvm-dev" "llvm-$llvm-tools"
          "lld-$llvm" "libomp-$llvm-dev"
          pkgconf            # test/cmake/pkgconfig.test
          libgtest-dev catch2 # the test-framework integration tests
          make               # test/cmake/makefile.test
          clang-format-19) # the style check's clang-format, whatever $llvm
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "schedsan: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q \
    --no-install-recommends "${missing[@]}"
fi

# The test job's browser check of the timeline page wants Debian's chromium;
# a machine that cannot install it still sets up (that test is skipped).
if [ "$job" = test ] && ! command -v chromium > /dev/null; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  echo "schedsan: installing chromium (optional: the timeline's browser test)"
  { $sudo apt-get update -q &&
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q \
      --no-install-recommends chromium; } ||
    echo "schedsan: chromium could not be installed; its test is skipped"
fi

#--- 2. Configure and build ---------------------------------------------------
if [ ! -f "$build/build.ninja" ]; then
  cmake -G Ninja -S "$root" -B "$build" \
    -DSCHEDSAN_LLVM_VERSION="$llvm" \
    -DCMAKE_C_COMPILER="clang-$llvm" -DCMAKE_CXX_COMPILER="clang++-$llvm"
fi
ninja -C "$build" -j2

#--- 3. The job -----------------------------------------------------------------
case "$job" in
  build) ;;
  test) exec ctest --test-dir "$build" --output-on-failure -j2 ;;
  demo) exec "$root/utils/demo.sh" "$build" ;;
esac
