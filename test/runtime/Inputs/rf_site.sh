#!/usr/bin/env bash
# usage: rf_site.sh LINE FILE...
# Prints the id of the site at source line LINE that the rf_file= files
# FILE... name in their "# site <id> <file>:<line>:<col> in <fn>" comments
# (the first one, if several sites share the line); fails if none does.
set -eu
line=$1; shift
awk -v L="$line" '$1 == "#" && $2 == "site" { split($4, W, ":");
  if (W[2] == L) { print $3; found = 1; exit } }
  END { exit !found }' "$@"
