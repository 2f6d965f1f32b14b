# usage: awk -f rf_lines.awk FILE FILE   (an rf_file= file, given twice)
# Prints FILE's reads-from pairs with each event key's site id replaced by
# its source line (from the file's "# site" comments): S@T becomes LINE@T;
# 0, no write, stays 0. Then its "# held" lines, so that a test can check
# pairs by line and thread.
NR == FNR {
  if ($1 == "#" && $2 == "site") {
    split($4, Where, ":")
    Line[$3] = Where[2]
  }
  next
}
/^# held / { print; next }
/^#/ { next }
function byLine(Key,    P) {
  if (Key == "0")
    return 0
  split(Key, P, "@")
  return Line[P[1]] "@" P[2]
}
{ print byLine($1), byLine($2) }
