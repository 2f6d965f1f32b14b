#!/bin/bash
#===============================================================================
# FILE:
#    utils/check-format.sh
#
# DESCRIPTION:
#    Checks (or, with --fix, applies) the project's C and C++ style
#    (.clang-format: LLVM) on its own sources: pass/, runtime/, utils/,
#    include/, clang-plugin/, test/unit/ and benchmarks/sim/. The bug
#    programs and the lit tests' programs keep their layout (tests name
#    their lines). The style is clang-format 19's; CLANG_FORMAT overrides.
#
#      utils/check-format.sh [--fix]
#===============================================================================
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
CF=${CLANG_FORMAT:-clang-format-19}
if ! command -v "$CF" >/dev/null; then
  echo "check-format: $CF not found (utils/setup.sh installs it)" >&2
  exit 2
fi
cd "$ROOT" || exit 2
mapfile -t Files < <(find pass runtime common utils include clang-plugin test/unit \
  benchmarks/sim -type f \( -name '*.cpp' -o -name '*.h' -o -name '*.c' \) |
  sort)
if [ "${1:-}" = --fix ]; then
  exec "$CF" -i "${Files[@]}"
fi
Bad=0
for F in "${Files[@]}"; do
  if ! "$CF" --dry-run -Werror "$F" >/dev/null 2>&1; then
    echo "check-format: $F is not formatted (utils/check-format.sh --fix)"
    Bad=1
  fi
done
[ $Bad = 0 ] && echo "check-format: ${#Files[@]} files formatted"
exit $Bad
