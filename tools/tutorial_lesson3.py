#!/usr/bin/env python3
"""Write campaigns/tutorial/lesson-3.json (Advanced battles) from its cards
(below) and the decisions of its story (tools/tutorial-lesson-3.tsv: rule,
answer JSON), played on campaigns/tutorial/tutorial-advanced.json
(tools/tutorial_campaign_advanced.py) with Advanced battles and seed 20.

Seed 20 was chosen with src/app/tutorial/explore.rs (CAMPAIGN=...
MODE=advanced SCRIPT=tools/tutorial-lesson-3.tsv SEEDS=1..100) among the
seeds where the campaign is won by a Union Rout: the Fog of War gives the
battle 5 turns but it is over in 2, so it stops before it drags; no Special
Battle Plan strikes Pendleton's guns (one Hit destroys them); turn 1 shows
Rapid Advance with its named target, a March with its Activation roll and
artillery firing at a range modifier; turn 2 shows a Union Force attacking
(A14.2.2), the Flank counter's Shock attack with Defensive Fire and a failed
Shock check, a Force in Column toward its target, two Hits destroying a
Force, and the Rout check the Union fails."""
import sys

sys.path.insert(0, "tools")
from tutorial_lesson import A, E, P, SQ, Story  # noqa: E402

SEED = 20
story = Story("tools/tutorial-lesson-3.tsv")
info, ask, rows = story.info, story.ask, story.rows

cards = [
    ("goal", "One battle, on Squares", "A10.0", A("beaver-dam-creek"),
     "This lesson fights one battle with the Advanced rules: the same turn as lesson 1, but the battle is played on a sheet of Squares where place, distance and Formation count. Your goal is lesson 1's: clear the Union from Beaver Dam Creek this turn and keep Richmond."),
    ("into-battle", "Into Beaver Dam Creek", "9.2", A("beaver-dam-creek"),
     "A.P. Hill, Longstreet and Pendleton's guns stand in Mechanicsville, next to the Union. Move each of them into Beaver Dam Creek (select the counter, then the lit area), then end the Moves step in the decision panel: the battle is fought next."),
    ("sheet", "The Advanced Battlefield Sheet", "A10.2.14", E("sheet.confederate-front"),
     "The Fog of War and the Envelopment check came first, as in lesson 1 (see the Chronicle). The sheet has six Rows of six Squares: A to C are the Union's Reserve, Approach and Front, D (ringed) to F your Front, Approach and Reserve. A Square holds one Force of each side; both sides in one Square are in Melee."),
    ("place", "Set up in Row E", "A10.2.14", E("sheet.confederate-approach"),
     "You choose each Force's Square: Mobile Forces go in Rows E and F. Put A.P. Hill in E3 and Longstreet in E4, both in Line. A Force in Line marching forward needs an Activation roll, one in Column none (sideways it is the other way round); but Rapid Advance, Longstreet's plan, attacks only in Line."),
    ("place-guns", "The guns behind", "A11.7", SQ("F4"),
     "Pendleton is Artillery: it fires at one Square or more, never in Melee, so it can stay back. Put it in F4, behind Longstreet."),
    ("union-setup", "The Union sets itself up", "A10.2.14", E("sheet.union-approach"),
     "The program places the Union: its Infantry in Row B, from the centre outward. Morell in B3 and McCall in B4 face your two divisions across Rows C and D."),
    ("plans", "Counting range in Squares", "A11.0.1", SQ("E4"),
     "Range is the larger of the Rows and the Columns between two Squares, diagonals counting one: Longstreet in E4 is 3 from McCall in B4. Rapid Advance needs exactly 3, so it fits. Without Lee you place one counter a turn: select Longstreet, then give him Rapid Advance."),
    ("target", "Name the target", "A12.3", SQ("B4"),
     "On the Squares, Flank and Rapid Advance name their target when placed, and must still be exactly their distance from it when the Force acts, or the Force Holds. Aim at McCall."),
    ("union-first", "The Union acts first", "A14.3", E("sheet.union-approach"),
     "The Union drew its Special Battle Plans (Smoke: your Forces -1/-1 this turn), then its Forces acted, Row F back to Row A. Outweighed, it fights on Defensive tactics (13.0): a Force two Squares or more from yours Holds. Each draw and each Hold is in the Chronicle."),
    ("rapid-advance", "Rapid Advance", "12.3.9", SQ("D4"),
     "Now your Forces, in the order you choose. Longstreet carries out his counter: an Activation roll at -2 in Line, then two steps, each one Square nearer McCall; you pick the Squares. Act with Longstreet, then step into D4."),
    ("advance-2", "Close and fire", "12.3.9", SQ("C4"),
     "The second step: into C4, next to McCall. Rapid Advance ends with an attack at -1/-1 on a Union Force one Square away: choose McCall."),
    ("artillery", "The guns fire", "A11.7.2", SQ("F4"),
     "Pendleton has no counter: it Fires as its Default Battle Plan at the Union Force you choose. Range costs guns: at 4 Squares -2/-2. Fire at McCall."),
    ("march", "March a Square", "A12.4", SQ("D3"),
     "A.P. Hill has no counter either. March goes into any adjacent Square without a friend; in Line, a March forward takes an Activation roll. March him into D3, two Squares from Morell."),
    ("flank", "Flank", "A12.3", SQ("D3"),
     "Turn 2. Flank needs its target exactly two Squares away: A.P. Hill in D3 and Morell in B3. It steps through a Square next to both and into the target's: a Shock attack where the target checks at -3. Give A.P. Hill Flank, aimed at Morell."),
    ("union-combat", "The Union attacks", "A14.2.2", SQ("C4"),
     "Union Forces a Square or less from yours roll to Activate and attack. Morell hit Longstreet: a Hit falls on the Force attacked (A11.9) and flips it to its reduced side; a second destroys it. McCall failed its roll and Holds."),
    ("shock", "The Shock attack", "A11.4", SQ("B3"),
     "Act with A.P. Hill: through C3 into Morell's Square. Morell may fire first (Defensive Fire), then makes a Shock check; failing, it takes a Hit and retreats a Square. From Morell's own Row (its flank) or from behind, its check would be harder still (A11.4.2.2, A11.4.2.3)."),
    ("flank-attack", "Beside the enemy", "A10.3", P("decision"),
     "Morell failed and fell back to A3; the Union's Close Ranks plan, drawn this turn, cancelled its Hit. A.P. Hill took B3. Flank ends with an attack one Square away: McCall, beside him in Row B. A Force in Line is in Column toward a Force in its own Row: -2/-2. Attack McCall."),
    ("fire", "Fire", "A11.6", P("decision"),
     "Infantry attacks in its own Square or the next, at its Combat Value: 5 for Longstreet now he is reduced. Fire with Longstreet at McCall, then with Pendleton at Morell, 5 Squares off (-3/-3)."),
    ("rout", "The Union Routs", "A14.5", E("sheet.combat-totals"),
     "McCall took a second Hit and was destroyed. At the end of turn 2 the Rout check: Union 5 against your 17, a third or less, so the Union Routed. Its Forces retreat a Square a turn until they leave the sheet. No counter is needed now: end the assignment."),
    ("after", "After the battle", "A15.0", P("decision"),
     "Morell left the sheet and the battle ended, won. The turn goes on as in lesson 1: end the Forced March, end Resupply, then keep the Union's orders."),
    ("victory", "Victory", "3.1", E("situation.victory"),
     "Beaver Dam Creek was cleared in your phase and Richmond held: the campaign is won. Every Advanced battle is fought this way: Squares and range in Squares, Formation toward the enemy, named targets for Flank and Rapid Advance, and a Rout check at each turn's end."),
]

info("goal", "9.2")
for i in range(0, 4):
    ask("into-battle", i)
info("sheet", "A10.2.14")
ask("place", 4); ask("place", 5); ask("place-guns", 6)
info("union-setup", "12.2")
ask("plans", 7); ask("target", 8)
info("union-first", "A14.4")
ask("rapid-advance", 9); ask("rapid-advance", 10)
ask("advance-2", 11); ask("advance-2", 12)
ask("artillery", 13); ask("artillery", 14)
ask("march", 15); ask("march", 16)
ask("flank", 17); ask("flank", 18)
info("union-combat", "A14.4")
ask("shock", 19); ask("shock", 20)
ask("flank-attack", 21)
ask("fire", 22); ask("fire", 23)
ask("rout", 24)
ask("after", 25); ask("after", 26); ask("after", 27)
info("victory", None)
assert len(rows) == 28

story.write(
    3,
    cards,
    id="advanced-battles",
    title="Lesson 3: Advanced battles",
    summary="One battle on the Advanced sheet's Squares: set-up, range in Squares, counters with named targets, a March, guns, a Shock attack, Hits and the Rout.",
    minutes=10,
    campaign="tutorial-advanced",
    battles="advanced",
    seed=SEED,
)
