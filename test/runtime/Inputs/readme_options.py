#!/usr/bin/env python3
"""Checks the runtime options table of docs/options.md against help=1 and
against the runtime's list of options.

usage: readme_options.py OPTIONS_MD HELP_OUTPUT [SOURCE_DIR...]

HELP_OUTPUT is what `SCHEDSAN_OPTIONS=help=1 <program>` printed: one line
per option ("  <name>  default <value>  ...", "" for an empty string) and
"Strategies: a, b, ...". The table is the first one after OPTIONS_MD's
"## Runtime options" heading: | option | default | meaning |, a row may name
several options (`a`, `b`) with as many defaults (1, 50).

Every option must have exactly one row, and no row may name an option the
runtime does not have. A default must read as help=1 prints it (backquotes
aside); an empty string's may say what empty means (stderr, the binary's
default, -). The `strategy` row's meaning lists the strategies in the
Strategies line's order.

With SOURCE_DIRs, the list of options, schedsan_flags.inc, is looked for
in them and their subfolders (it must be found exactly once), and every
option it declares (a line `SCHEDSAN_FLAG(type, name, default, ...`) must
have its row too.

Prints each difference and exits 1, else prints a one-line agreement.
"""
import glob
import os
import re
import sys

HEADING = "## Runtime options"
FLAGS_FILE = "schedsan_flags.inc"


def help_options(text):
    options, strategies = {}, None
    for line in text.splitlines():
        m = re.match(r"^  (\w+) +default (\S+)", line)
        if m:
            options[m.group(1)] = "" if m.group(2) == '""' else m.group(2)
        elif line.startswith("Strategies: "):
            strategies = line[len("Strategies: "):].split(", ")
    return options, strategies


def table_rows(text):
    lines = text.splitlines()
    if HEADING not in lines:
        return None
    start = lines.index(HEADING)
    head = next((i for i in range(start, len(lines))
                 if lines[i].startswith("| option | default |")), None)
    if head is None:
        return None
    rows = []
    for line in lines[head + 2:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip("|").split("|")]
        rows.append(cells)
    return rows


def find_flags_files(dirs):
    found = []
    for d in dirs:
        found += glob.glob(os.path.join(d, "**", FLAGS_FILE), recursive=True)
    return sorted(set(os.path.normpath(f) for f in found))


def flags_names(text):
    # An entry starts a line; the comment that describes the macro does not.
    return re.findall(r"^[ \t]*SCHEDSAN_FLAG\(\s*\w+\s*,\s*(\w+)\s*,",
                      text, re.M)


def main():
    if len(sys.argv) < 3:
        print("usage: readme_options.py OPTIONS_MD HELP_OUTPUT [SOURCE_DIR...]")
        return 2
    table_path, help_path, source_dirs = sys.argv[1], sys.argv[2], sys.argv[3:]
    options, strategies = help_options(open(help_path).read())
    if not options or not strategies:
        print("error: no options or no Strategies line in " + help_path)
        return 1
    rows = table_rows(open(table_path).read())
    if rows is None:
        print("error: no '| option | default |' table after '%s' in %s"
              % (HEADING, table_path))
        return 1
    errors, seen = [], {}
    for cells in rows:
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
                errors.append("'%s' is in the options table, not in help=1"
                              % name)
            elif options[name] and default != options[name]:
                errors.append("'%s': table default '%s', help=1 '%s'"
                              % (name, default, options[name]))
        if names == ["strategy"]:
            listed = re.findall(r"`(\w+)`", cells[2])
            if listed != strategies:
                errors.append("strategy: the table lists %s, help=1 %s"
                              % (", ".join(listed), ", ".join(strategies)))
    for name in options:
        if name not in seen:
            errors.append("'%s' is in help=1, not in the options table" % name)
    if source_dirs:
        files = find_flags_files(source_dirs)
        if len(files) != 1:
            errors.append("%d files named %s under %s, one expected%s"
                          % (len(files), FLAGS_FILE, ", ".join(source_dirs),
                             ": " + ", ".join(files) if files else ""))
        else:
            declared = flags_names(open(files[0]).read())
            if not declared:
                errors.append("no SCHEDSAN_FLAG entry in " + files[0])
            for name in declared:
                if name not in seen:
                    errors.append("'%s' is in %s, not in the options table"
                                  % (name, files[0]))
    for e in errors:
        print("error: " + e)
    if errors:
        return 1
    print("options table matches help=1: %d options, %d strategies"
          % (len(options), len(strategies)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
