#!/usr/bin/env python3
"""The balance tables of docs/balance.md: `fcrel simulate` over every
campaign x battle mode x policy x Union level (and the player's Easy and
Hard levels), printed as Markdown.

Usage (from the repository root, after `cargo build --release`):
    python3 tools/balance.py target/release/fcrel 300 > /tmp/tables.md
"""
import json, subprocess, sys
B = sys.argv[1]
GAMES = int(sys.argv[2]) if len(sys.argv) > 2 else 300
camps = ["seven-days", "second-manassas", "antietam", "chancellorsville", "gettysburg"]
modes = ["basic", "advanced", "quick", "very-quick"]
def run(c, m, pol, union="regular", player="regular"):
    out = subprocess.run([B, "simulate", "--campaign", c, "--games", str(GAMES), "--battles", m,
                          "--policy", pol, "--union", union, "--player", player, "--json"],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)
res = {}
for c in camps:
    for m in modes:
        for pol in ["objective", "cautious"]:
            for u in ["regular", "hard", "veteran"]:
                res[(c, m, pol, u, "regular")] = run(c, m, pol, u)
        for p in ["easy", "hard"]:
            res[(c, m, "objective", "regular", p)] = run(c, m, "objective", "regular", p)
pct = lambda s: f"{100*s['victory_rate']:.1f}%"
print(f"Each cell: victory rate over {GAMES} games (seed 1); player Regular unless stated.\n")
for c in camps:
    print(f"### {c}\n")
    print("| Battles | Policy | Union Regular | Union Hard | Union Veteran | Player Easy | Player Hard | Mean VP (Regular) | Decided on Turn 1 (Regular) |")
    print("|---|---|---|---|---|---|---|---|---|")
    for m in modes:
        for pol in ["objective", "cautious"]:
            r = res[(c, m, pol, "regular", "regular")]
            row = [m, pol, pct(r), pct(res[(c, m, pol, "hard", "regular")]), pct(res[(c, m, pol, "veteran", "regular")])]
            if pol == "objective":
                row += [pct(res[(c, m, pol, "regular", "easy")]), pct(res[(c, m, pol, "regular", "hard")])]
            else:
                row += ["", ""]
            row += [f"{r['mean_vp']:.2f}", f"{100*r['decided_turn_1']/r['games']:.1f}%"]
            print("| " + " | ".join(row) + " |")
    print()
    # objectives for objective policy, quick, regular
    r = res[(c, "quick", "objective", "regular", "regular")]
    obj = ", ".join(f"{k} {100*v/r['games']:.0f}%" for k, v in r["objectives_achieved"].items())
    print(f"Objectives achieved (objective policy, Quick, Regular): {obj}.\n")
