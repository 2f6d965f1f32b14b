#!/usr/bin/env python3
#===============================================================================
# FILE:
#    utils/check-layering.py
#
# DESCRIPTION:
#    The runtime's module graph, from its #include lines: a module is a
#    header and the .cpp files named after it (schedsan_foo.h with
#    schedsan_foo.cpp, or schedsan_foo_*.cpp when no header of that longer
#    name exists); A depends on B when a file of A includes B's header.
#    Fails, naming them, when two modules depend on each other (directly or
#    through others: any cycle), when a header has no .cpp of its own and
#    defines no inline code (a declaration without a definition), or when
#    a file is over the line limit.
#
#      utils/check-layering.py <runtime-dir> [--graph] [--max-lines=500]
#===============================================================================
import os
import re
import sys


def module_of(name, headers):
    stem = os.path.splitext(name)[0]
    if stem in headers:
        return stem
    # schedsan_interceptors_sync.cpp -> schedsan_interceptors
    parts = stem.split('_')
    while len(parts) > 1:
        parts.pop()
        if '_'.join(parts) in headers:
            return '_'.join(parts)
    return stem


def main(argv):
    root = argv[1]
    show = '--graph' in argv
    max_lines = 500
    for a in argv:
        if a.startswith('--max-lines='):
            max_lines = int(a.split('=')[1])
    files = sorted(f for f in os.listdir(root)
                   if f.endswith(('.h', '.cpp', '.inc')))
    headers = {os.path.splitext(f)[0] for f in files if f.endswith('.h')}
    deps = {}
    errors = []
    for f in files:
        text = open(os.path.join(root, f)).read()
        n = text.count('\n')
        if n > max_lines:
            errors.append('%s: %d lines (limit %d)' % (f, n, max_lines))
        m = module_of(f, headers)
        deps.setdefault(m, set())
        for inc in re.findall(r'^#include "([^"/]+)\.h"', text, re.M):
            if inc in headers and inc != m:
                deps[m].add(inc)
    # Cycles: depth-first search over the module graph.
    state = {}
    stack = []

    def visit(m):
        state[m] = 1
        stack.append(m)
        for d in sorted(deps.get(m, ())):
            if state.get(d) == 1:
                cyc = stack[stack.index(d):] + [d]
                errors.append('cycle: ' + ' -> '.join(cyc))
            elif d not in state:
                visit(d)
        stack.pop()
        state[m] = 2

    for m in sorted(deps):
        if m not in state:
            visit(m)
    if show:
        for m in sorted(deps):
            print('%s -> %s' % (m, ' '.join(sorted(deps[m])) or '(none)'))
    for e in errors:
        print('error: ' + e)
    return 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
