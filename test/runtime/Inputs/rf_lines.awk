# usage: awk -f rf_lines.awk FILE FILE   (an rf_file= file, given twice)
# Prints FILE's reads-from pairs with each site id replaced by its source
# line (from the file's "# site" comments; 0, no write, stays 0), then its
# "# held" lines, so that a test can check pairs by line.
NR == FNR {
  if ($1 == "#" && $2 == "site") {
    split($4, Where, ":")
    Line[$3] = Where[2]
  }
  next
}
/^# held / { print; next }
/^#/ { next }
{ print ($1 ? Line[$1] : 0), ($2 ? Line[$2] : 0) }
