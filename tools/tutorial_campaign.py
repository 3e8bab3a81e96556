#!/usr/bin/env python3
"""Write campaigns/tutorial/tutorial.json, the tutorial's campaign: the
Seven Days cut down to the ground north of the Chickahominy on 26 June 1862
(a few areas, three Forces a side, one Campaign Turn). Run from the
repository's root; the lesson (campaigns/tutorial/lesson-1.json) is written
by hand against it."""
import json

src = json.load(open("campaigns/seven-days.json"))
keep = ["richmond-north", "atlees-station", "mechanicsville", "hundleys-corner",
        "beaver-dam-creek", "cold-harbor", "gaines-mill"]
areas = [a for a in src["map"]["areas"] if a["id"] in keep]
xs = [a["position"][0] for a in areas]
ys = [a["position"][1] for a in areas]
margin = 110
ox, oy = min(xs) - margin, min(ys) - margin
w, h = max(xs) - ox + margin, max(ys) - oy + margin


def inside(p):
    return 0 <= p[0] - ox <= w and 0 <= p[1] - oy <= h


def moved(p):
    return [p[0] - ox, p[1] - oy]


for a in areas:
    a["position"] = moved(a["position"])
    a["adjacent"] = [x for x in a["adjacent"] if x in keep]
    a.pop("outline", None)

rivers = []
for r in src["map"].get("rivers", []):
    path = [moved(p) for p in r["path"] if inside(p)]
    sep = [s for s in r.get("separates", []) if s[0] in keep and s[1] in keep]
    cross = [c for c in r.get("crossings", []) if all(x in keep for x in c["areas"])]
    if len(path) >= 2 and (sep or cross):
        rivers.append(dict(r, path=path, separates=sep, crossings=cross))
roads = []
for r in src["map"].get("roads", []):
    path = [moved(p) for p in r["path"] if inside(p)]
    if len(path) >= 2:
        roads.append(dict(r, path=path))

confederates = ["longstreet", "ap-hill", "dh-hill"]
union = ["mccall", "morell", "sykes"]
forces = [f for f in src["forces"] if f["id"] in confederates + union]
corps = [c for c in src["corps"] if c["id"] == "V"]


def orders(chart):
    # Every order toward an area off this map goes toward Cold Harbor.
    rows = []
    for row in chart["rows"]:
        o = dict(row["order"])
        if "area" in o and o["area"] not in keep:
            o["area"] = "cold-harbor"
            steps = o.get("steps", 1)
            text = "Move toward Cold Harbor." if steps == 1 else f"Move {steps} spaces toward Cold Harbor."
            row = dict(row, text=text)
        rows.append(dict(row, order=o))
    return dict(chart, rows=rows)


def resupply(table):
    # Static counters go to areas of this map.
    rows = []
    for row in table["table"]:
        r = row["result"]
        if r["kind"] == "static_by_roll":
            if r["counter"] == "fortification":
                fu = [{"rolls": [1, 2, 3, 4, 5], "area": "gaines-mill"}, {"rolls": [6, 7, 8, 9, 10], "area": "cold-harbor"}]
                text = "1 Fortification. Roll again for its Area: 1-5 Gaines' Mill; 6-10 Cold Harbor."
            else:
                fu = [{"rolls": list(range(1, 11)), "area": "cold-harbor"}]
                text = "1 Garrison, in Cold Harbor."
            row = dict(row, text=text, result=dict(r, follow_up=fu))
        rows.append(row)
    return dict(table, table=rows)


uo = src["union_orders"]
union_orders = dict(uo)
for kind in ("campaign_map", "battle_area"):
    union_orders[kind] = {lvl: orders(chart) for lvl, chart in uo[kind].items()}

out = {
    "format_version": src["format_version"],
    "id": "tutorial",
    "name": "Learn to play: Beaver Dam Creek",
    "dates": "26 June 1862",
    "grand_campaign_order": 1,
    "introduction": "The tutorial's campaign: the Seven Days cut down to the ground north of the Chickahominy, "
                    "three Confederate Forces against three Union ones, one Campaign Turn. Played only from "
                    "Learn to play, with fixed dice.",
    "summary": "Drive the Union from Beaver Dam Creek and keep Richmond.",
    "sources": src["sources"],
    "turns": 1,
    "lee": src["lee"],
    "map": {"width": w, "height": h, "areas": areas, "rivers": rivers, "roads": roads},
    "corps": corps,
    "forces": forces,
    "counter_mix": src["counter_mix"],
    "setup": {
        "lee": "richmond-north",
        "placements": [
            {"area": "richmond-north", "forces": confederates},
            {"area": "beaver-dam-creek", "forces": ["mccall", "morell"]},
            {"area": "gaines-mill", "forces": ["sykes"]},
        ],
        "counters": [],
        "objective_markers": ["richmond-north", "beaver-dam-creek"],
        "confederate_command_points": 2,
        "union_command_points": 0,
        "scouts": 0,
    },
    "late_arrivals": [],
    "battle_plans": src["battle_plans"],
    "confederate_resupply": src["confederate_resupply"],
    "union_resupply": resupply(src["union_resupply"]),
    "union_orders": union_orders,
    "union_group_maximum": src["union_group_maximum"],
    "union_cavalry_saving_throw": src["union_cavalry_saving_throw"],
    "withdrawal": src["withdrawal"],
    "battle_resolution": src["battle_resolution"],
    "victory": {
        "objectives": [
            {"id": "beaver-dam-creek", "vp": 1,
             "text": "Clear the Beaver Dam Creek Area of all Union Forces by the end of the Confederate Phase of Turn 1.",
             "condition": {"kind": "clear_area", "area": "beaver-dam-creek", "by": {"turn": 1, "phase": "confederate"}}},
            {"id": "richmond", "vp": 1,
             "text": "Hold Richmond (North) throughout the Campaign.",
             "condition": {"kind": "hold_throughout", "areas": ["richmond-north"]}},
        ],
        "defeat": [],
        "lee_historical_vp": 2,
    },
    "special_rules": [],
}
for k in src:
    if k not in out:
        print("not copied:", k)
json.dump(out, open("campaigns/tutorial/tutorial.json", "w"), indent=2, ensure_ascii=False)
print("map", w, h)
