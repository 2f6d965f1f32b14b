# Helper of real-swarm-reuse.c (not a test).
# mode=share, on a schedule trace: the share of the steps between the first
# and the last switch that thread 1 ran (each `p <step> <tid>` line starts a
# run of tid that lasts until the next line).
# mode=groups, on lines "<seed> <share>": groups seeds by seed / group and
# prints the number of groups, the largest range of shares within a group,
# the range over all seeds, and whether within <= within_max and
# spread > spread_min.
mode == "share" && $1 == "p" {
  if (prev != "")
    len[prev] += $2 - start
  prev = $3
  start = $2
}
mode == "groups" {
  g = int($1 / group)
  if (!(g in lo)) { lo[g] = $2; hi[g] = $2; groups++ }
  if ($2 < lo[g]) lo[g] = $2
  if ($2 > hi[g]) hi[g] = $2
  if (n == 0 || $2 < all_lo) all_lo = $2
  if (n == 0 || $2 > all_hi) all_hi = $2
  n++
}
END {
  if (mode == "share") {
    printf "%.4f\n", len[1] / (len[1] + len[2])
    exit
  }
  within = 0
  for (g in lo)
    if (hi[g] - lo[g] > within)
      within = hi[g] - lo[g]
  spread = all_hi - all_lo
  printf "groups=%d seeds=%d max-group-range=%.4f spread=%.4f", groups, n, within, spread
  ok_within = within <= within_max ? "yes" : "no"
  ok_spread = spread > spread_min ? "yes" : "no"
  printf " within<=%s:%s spread>%s:%s\n", within_max, ok_within, spread_min, ok_spread
}
