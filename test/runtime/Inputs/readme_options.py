#!/usr/bin/env python3
"""Checks the README's runtime options table against help=1.

usage: readme_options.py README.md HELP_OUTPUT

HELP_OUTPUT is what `SCHEDSAN_OPTIONS=help=1 <program>` printed: one line
per option ("  <name>  default <value>  ...", "" for an empty string) and
"Strategies: a, b, ...". The table is the first one after the README's
"## The runtime" heading: | option | default | meaning |, a row may name
several options (`a`, `b`) with as many defaults (1, 50).

Every option must have exactly one row, and no row may name an option the
runtime does not have. A default must read as help=1 prints it (backquotes
aside); an empty string's may say what empty means (stderr, the binary's
default, -). The `strategy` row's meaning lists the strategies in the
Strategies line's order. Prints each difference and exits 1, else prints
a one-line agreement.
"""
import re
import sys


def help_options(text):
    options, strategies = {}, None
    for line in text.splitlines():
        m = re.match(r"^  (\w+) +default (\S+)", line)
        if m:
            options[m.group(1)] = "" if m.group(2) == '""' else m.group(2)
        elif line.startswith("Strategies: "):
            strategies = line[len("Strategies: "):].split(", ")
    return options, strategies


def readme_rows(text):
    lines = text.splitlines()
    start = lines.index("## The runtime")
    head = next(i for i in range(start, len(lines))
                if lines[i].startswith("| option | default |"))
    rows = []
    for line in lines[head + 2:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip("|").split("|")]
        rows.append(cells)
    return rows


def main():
    readme_path, help_path = sys.argv[1], sys.argv[2]
    options, strategies = help_options(open(help_path).read())
    if not options or not strategies:
        print("error: no options or no Strategies line in " + help_path)
        return 1
    errors, seen = [], {}
    for cells in readme_rows(open(readme_path).read()):
        names = re.findall(r"`(\w+)`", cells[0])
        defaults = [cells[1]] if len(names) == 1 else cells[1].split(", ")
        if not names or len(defaults) != len(names):
            errors.append("row '%s': %d names, %d defaults"
                          % (cells[0], len(names), len(defaults)))
            continue
        for name, default in zip(names, defaults):
            default = default.replace("`", "")
            if name in seen:
                errors.append("'%s' has two rows" % name)
            seen[name] = default
            if name not in options:
                errors.append("'%s' is in the README, not in help=1" % name)
            elif options[name] and default != options[name]:
                errors.append("'%s': README default '%s', help=1 '%s'"
                              % (name, default, options[name]))
        if names == ["strategy"]:
            listed = re.findall(r"`(\w+)`", cells[2])
            if listed != strategies:
                errors.append("strategy: README lists %s, help=1 %s"
                              % (", ".join(listed), ", ".join(strategies)))
    for name in options:
        if name not in seen:
            errors.append("'%s' is in help=1, not in the README" % name)
    for e in errors:
        print("error: " + e)
    if errors:
        return 1
    print("README options table matches help=1: %d options, %d strategies"
          % (len(options), len(strategies)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
