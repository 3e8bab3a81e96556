#!/usr/bin/env python3
"""Write campaigns/tutorial/tutorial-advanced.json, lesson 3's campaign
(Advanced battles): the tutorial's ground (campaigns/tutorial/tutorial.json,
written by tools/tutorial_campaign.py) with A.P. Hill, Longstreet and
Pendleton's Reserve Artillery already in Mechanicsville, next to the Union at
Beaver Dam Creek, so that the lesson's first moves start the battle: the
campaign turn is lesson 1's, this lesson is the battle on the Squares. Run
from the repository's root."""
import json

base = json.load(open("campaigns/tutorial/tutorial.json"))
src = json.load(open("campaigns/seven-days.json"))

confederates = ["longstreet", "ap-hill", "pendleton"]
forces = base["forces"] + [f for f in src["forces"] if f["id"] == "pendleton"]

out = dict(base)
out.update({
    "id": "tutorial-advanced",
    "name": "Learn to play: Beaver Dam Creek on the Squares",
    "introduction": "Lesson 3's campaign: the tutorial's ground north of the Chickahominy, with A.P. Hill, "
                    "Longstreet and Pendleton's guns already next to the Union at Beaver Dam Creek, one Campaign "
                    "Turn. Played only from Learn to play, with fixed dice and Advanced battles.",
    "forces": forces,
    # No Command Points to start: no purchase of Battle Plans before the
    # battle (10.2.11), the lesson goes straight to the sheet.
    "setup": dict(base["setup"], confederate_command_points=0, placements=[
        {"area": "richmond-north", "forces": ["dh-hill"]},
        {"area": "mechanicsville", "forces": confederates},
        {"area": "beaver-dam-creek", "forces": ["mccall", "morell"]},
        {"area": "gaines-mill", "forces": ["sykes"]},
    ]),
})
json.dump(out, open("campaigns/tutorial/tutorial-advanced.json", "w"), indent=2, ensure_ascii=False)
print(len(forces), "forces")
