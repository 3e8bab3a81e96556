#!/usr/bin/env bash
# Prints what the engine costs in instructions (callgrind), which do not
# depend on the machine or on what else runs on it:
#   - a battle of each mode: `fcrel odds` of the 8-against-8 scenarios on one
#     thread, 300 trials minus 30 trials, divided by 270 (start-up cancels);
#   - a Seven Days game in each mode: `fcrel simulate`, 110 games minus 10,
#     divided by 100.
# Usage: tools/instructions.sh [FCREL] [WHAT…]
#   FCREL defaults to target/release/fcrel (build it with
#   `cargo build --release`); WHAT is any of basic, advanced, quick,
#   very-quick, campaigns (default: all of them).
# Figures and their history: docs/performance.md.
set -euo pipefail
B="${1:-target/release/fcrel}"
shift || true
what=("$@")
[ ${#what[@]} -gt 0 ] || what=(basic advanced quick very-quick campaigns)
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# Instructions callgrind counts for one run of FCREL with the given arguments.
count() {
  valgrind --tool=callgrind --callgrind-out-file="$tmp/out" "$B" "$@" >/dev/null 2>"$tmp/err" ||
    { cat "$tmp/err" >&2; exit 1; }
  grep -o 'Collected : [0-9]*' "$tmp/err" | awk '{print $3}'
}

# Instructions a battle: odds of SCENARIO [ARGS…], 300 trials minus 30.
battle() {
  local name="$1"
  shift
  local a b
  a=$(count odds --trials 300 --threads 1 --json "$@")
  b=$(count odds --trials 30 --threads 1 --json "$@")
  printf '%-32s %10d instructions a battle\n' "$name" $(((a - b) / 270))
}

# Instructions a game: a Seven Days campaign in MODE, 110 games minus 10.
game() {
  local a b
  a=$(count simulate --campaign seven-days --games 110 --battles "$1" --json)
  b=$(count simulate --campaign seven-days --games 10 --battles "$1" --json)
  printf '%-32s %10d instructions a game\n' "seven-days $1" $(((a - b) / 100))
}

for w in "${what[@]}"; do
  case "$w" in
  basic) battle "basic 8v8" --scenario scenarios/odds-basic-8v8.json ;;
  advanced) battle "advanced 8v8" --scenario scenarios/odds-advanced-8v8.json --battles advanced ;;
  quick) battle "quick 8v8" --scenario scenarios/odds-basic-8v8.json --battles quick ;;
  very-quick) battle "very-quick 8v8" --scenario scenarios/odds-basic-8v8.json --battles very-quick ;;
  campaigns) for m in basic advanced quick very-quick; do game "$m"; done ;;
  *)
    echo "tools/instructions.sh: unknown figure '$w' (basic, advanced, quick, very-quick, campaigns)" >&2
    exit 2
    ;;
  esac
done
