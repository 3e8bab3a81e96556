#!/usr/bin/env python3
"""Victory rate of the better scripted commander with each Optional rule
alone and with every rule its battle mode is used with ("all"), player and
Union at Regular. Usage: tools/optional_balance.py FCREL [GAMES]; prints
the Markdown tables of docs/balance.md's Optional rules section."""
import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

fcrel = sys.argv[1]
games = sys.argv[2] if len(sys.argv) > 2 else "300"
campaigns = ["seven-days", "second-manassas", "antietam", "chancellorsville", "gettysburg"]
modes = ["basic", "advanced", "quick", "very-quick"]
rules = ["union-cavalry-corps", "resupply-availability", "scout-counters", "scouts-and-orders",
         "shock-checks", "union-tactics-tables", "counter-battery-fire", "battle-continues",
         "officers-confused", "confederate-groups"]
sheet_only = {"shock-checks", "union-tactics-tables", "officers-confused"}


def applies(rule, mode):
    if rule in sheet_only:
        return mode in ("basic", "advanced")
    if rule == "battle-continues":
        return mode != "very-quick"
    return True


def rate(campaign, mode, optional, policy):
    args = [fcrel, "simulate", "--campaign", campaign, "--games", games, "--seed", "1",
            "--battles", mode, "--policy", policy, "--json"]
    if optional:
        args += ["--optional", optional]
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    return json.loads(out)["victory_rate"]


jobs = {}
with ThreadPoolExecutor(max_workers=2) as pool:
    for mode in modes:
        sets = [("none", "")] + [(r, r) for r in rules if applies(r, mode)]
        sets.append(("all", ",".join(r for r in rules if applies(r, mode))))
        for name, optional in sets:
            for c in campaigns:
                for p in ("objective", "cautious"):
                    jobs[(mode, name, c, p)] = pool.submit(rate, c, mode, optional, p)
    for mode in modes:
        print(f"#### {mode}")
        print("| Optional rules | " + " | ".join(campaigns) + " |")
        print("|---|" + "---|" * len(campaigns))
        names = ["none"] + [r for r in rules if applies(r, mode)] + ["all"]
        for name in names:
            cells = []
            for c in campaigns:
                best = max(jobs[(mode, name, c, p)].result() for p in ("objective", "cautious"))
                cells.append(f"{round(best * 100)} %")
            print(f"| {name} | " + " | ".join(cells) + " |")
