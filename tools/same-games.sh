#!/usr/bin/env bash
# Prints every engine result a restructuring must keep byte for byte:
# `fcrel simulate --json` of each campaign x battle mode x policy, full
# chronicles of two games per campaign and mode, `fcrel odds --json` of a
# Basic and a Quick battle. Usage: tools/same-games.sh FCREL > OUT; compare
# the OUT of two builds with cmp.
set -euo pipefail
B="$1"
for c in seven-days second-manassas antietam chancellorsville gettysburg; do
  for m in basic quick very-quick; do
    for p in objective cautious; do
      "$B" simulate --campaign "$c" --games 60 --seed 7 --battles "$m" --policy "$p" --json | sed 's/"ms_per_game":[0-9.e+-]*//; s/"seconds":[0-9.e+-]*//'
      echo
    done
    "$B" simulate --campaign "$c" --games 2 --seed 3 --battles "$m" --chronicle | grep -v 'ms per game\|ms a game'
  done
done
"$B" odds --scenario scenarios/odds-basic-8v8.json --trials 3000 --json | sed 's/"seconds":[0-9.e+-]*//; s/"ms[a-z_]*":[0-9.e+-]*//g'
"$B" odds --scenario scenarios/quick-glendale.json --trials 3000 --json | sed 's/"seconds":[0-9.e+-]*//; s/"ms[a-z_]*":[0-9.e+-]*//g'
