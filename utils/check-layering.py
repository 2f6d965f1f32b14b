#!/usr/bin/env python3
#===============================================================================
# FILE:
#    utils/check-layering.py
#
# DESCRIPTION:
#    The module graph of a source tree (its folders included), from its
#    #include lines. A module is a header and the .cpp files named after it
#    in its folder (schedsan_foo.h with schedsan_foo.cpp, or
#    schedsan_foo_*.cpp when no header of that longer name exists); A
#    depends on B when a file of A includes B's header, by its path from
#    the root ("core/schedsan_rt.h") or from A's own folder ("Strategy.h").
#    Fails, naming them, when
#      - two modules depend on each other (directly or through others: any
#        cycle);
#      - a file includes a header of a folder above its own, when the root
#        holds layers.txt: one line a layer, lowest first, each naming its
#        folders ("." is the root's own files); a folder may include its own
#        headers and those of the layers below, not those of a folder
#        beside it or above; a folder layers.txt does not name is an error;
#      - with --max-lines=N, a file is over N lines.
#
#      utils/check-layering.py <dir> [--graph] [--folders] [--max-lines=N]
#
#    --graph prints each module's dependencies, --folders each folder's.
#===============================================================================
import os
import re
import sys


def module_of(rel, headers):
    folder, name = os.path.split(rel)
    stem = os.path.splitext(name)[0]
    key = os.path.join(folder, stem)
    if key in headers:
        return key
    # schedsan_interceptors_sync.cpp -> schedsan_interceptors
    parts = stem.split('_')
    while len(parts) > 1:
        parts.pop()
        k = os.path.join(folder, '_'.join(parts))
        if k in headers:
            return k
    return key


def folder_of(module):
    return os.path.dirname(module) or '.'


def read_layers(root, errors):
    path = os.path.join(root, 'layers.txt')
    if not os.path.exists(path):
        return None
    level = {}
    n = 0
    for line in open(path):
        line = line.split('#')[0].split()
        if not line:
            continue
        for f in line:
            if f in level:
                errors.append('layers.txt: %s named twice' % f)
            level[f] = n
        n += 1
    return level


def main(argv):
    root = argv[1]
    max_lines = None
    for a in argv:
        if a.startswith('--max-lines='):
            max_lines = int(a.split('=')[1])
    files = []
    for d, dirs, fs in os.walk(root):
        dirs.sort()
        for f in sorted(fs):
            if f.endswith(('.h', '.cpp', '.inc')):
                files.append(os.path.relpath(os.path.join(d, f), root))
    headers = {os.path.splitext(f)[0] for f in files if f.endswith('.h')}
    errors = []
    layers = read_layers(root, errors)
    deps = {}
    folder_deps = {}
    for f in files:
        text = open(os.path.join(root, f)).read()
        n = text.count('\n')
        if max_lines is not None and n > max_lines:
            errors.append('%s: %d lines (limit %d)' % (f, n, max_lines))
        m = module_of(f, headers)
        deps.setdefault(m, set())
        here = folder_of(m)
        if layers is not None and here not in layers:
            errors.append('%s: folder %s is in no layer of layers.txt'
                          % (f, here))
        for inc in re.findall(r'^#include "([^"]+)\.h"', text, re.M):
            local = os.path.normpath(os.path.join(os.path.dirname(f), inc))
            target = local if local in headers else (
                inc if inc in headers else None)
            if target is None or target == m:
                continue
            deps[m].add(target)
            there = folder_of(target)
            if there != here:
                folder_deps.setdefault(here, set()).add(there)
                if (layers is not None and here in layers and
                        there in layers and layers[there] >= layers[here]):
                    errors.append('%s includes %s.h: folder %s is not below '
                                  'folder %s (layers.txt)'
                                  % (f, target, there, here))
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
    if '--graph' in argv:
        for m in sorted(deps):
            print('%s -> %s' % (m, ' '.join(sorted(deps[m])) or '(none)'))
    if '--folders' in argv:
        for f in sorted(set(folder_of(m) for m in deps)):
            print('%s/ -> %s' % (f, ' '.join(
                sorted(x + '/' for x in folder_deps.get(f, ()))) or '(none)'))
    for e in errors:
        print('error: ' + e)
    return 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
