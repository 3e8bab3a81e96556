#!/usr/bin/env bash
# Prints every engine result a restructuring must keep byte for byte:
# `fcrel simulate --json` of each campaign x battle mode (Basic, Quick,
# Very Quick, Advanced) x policy, without and with every Optional rule the
# mode is used with (`--optional all`); full chronicles of two games per
# campaign, mode and Optional set; `fcrel battle` of every bundled scenario;
# `fcrel odds --json` of a Basic, a Quick and an Advanced battle, each also
# with every Optional rule. Timings are stripped. Usage:
# tools/same-games.sh FCREL > OUT; compare the OUT of two builds with cmp.
set -euo pipefail
B="$1"
strip_sim='s/"ms_per_game":[0-9.e+-]*//; s/"seconds":[0-9.e+-]*//'
strip_odds='s/"seconds":[0-9.e+-]*//; s/"ms[a-z_]*":[0-9.e+-]*//g'
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

for c in seven-days second-manassas antietam chancellorsville gettysburg; do
  for m in basic quick very-quick advanced; do
    for o in "" all; do
      echo "# $c $m optional=${o:-none}"
      for p in objective cautious; do
        "$B" simulate --campaign "$c" --games 60 --seed 7 --battles "$m" --policy "$p" --optional "$o" --json | sed "$strip_sim"
        echo
      done
      "$B" simulate --campaign "$c" --games 2 --seed 3 --battles "$m" --optional "$o" --chronicle | grep -v 'ms per game\|ms a game'
    done
  done
done

for s in scenarios/*.json; do
  echo "# battle $s"
  "$B" battle --scenario "$s"
done

# The same scenario with every Optional rule its mode is used with.
with_all() {
  sed 's/"format_version": 1,/"format_version": 1, "optional": ["all"],/' "$1" > "$tmp/$(basename "$1")"
  echo "$tmp/$(basename "$1")"
}
for s in scenarios/odds-basic-8v8.json scenarios/quick-glendale.json scenarios/odds-advanced-8v8.json; do
  for f in "$s" "$(with_all "$s")"; do
    if [ "$f" = "$s" ]; then o=none; else o=all; fi
    echo "# odds $(basename "$f") optional=$o"
    "$B" odds --scenario "$f" --trials 3000 --json | sed "$strip_odds; s|$tmp/||"
  done
done
