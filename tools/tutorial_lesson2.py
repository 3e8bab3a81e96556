#!/usr/bin/env python3
"""Write campaigns/tutorial/lesson-2.json from its cards (below) and the
decisions of its story (tools/tutorial-lesson-2.tsv: rule, answer JSON),
played on campaigns/tutorial/tutorial.json with Quick battles and seed 1.

Seed 1 was chosen with src/app/tutorial/explore.rs (CAMPAIGN=
campaigns/tutorial/tutorial.json MODE=quick SCRIPT=tools/tutorial-lesson-2.tsv):
Lesson 1's battle at Beaver Dam Creek fought Quick, with the same Fog of War
roll as Lesson 1 (a 10: four turns, two in Quick, and the Union's Special
Battle Plans turned into two column shifts a turn); Lee is absent (one column
more against you); two battle turns, each with a choice of the Union Force
hit (McCall and Morell are both Poor Line) and between them the choice to
fight on at 8 against 7; the battle ends on a Withdrawal roll (5 against 5)
that sends the Union back, and the campaign is won. Played Very Quick
(MODE=very-quick), the first roll of 3 alone, doubled, destroys both your
Forces: the card "very-quick" says so, and
src/app/tutorial/story_tests.rs checks it."""
import sys

sys.path.insert(0, "tools")
from tutorial_lesson import A, E, P, Story  # noqa: E402

SEED = 1
story = Story("tools/tutorial-lesson-2.tsv")
info, ask, rows = story.info, story.ask, story.rows

cards = [
    ("modes", "Four ways to fight a battle", "Quick Battle Rules", P("chronicle"),
     "You choose how battles are fought on the set-up screen, under Battles. Basic fights them on the Battlefield Sheet, as in Lesson 1; Advanced on the Sheet's Squares. Quick and Very Quick fight them on the map with the campaign's Battle Resolution Table. This game is set to Quick: the Chronicle's first lines, under 7.14, say so."),
    ("why-quick", "Why fight Quick?", "Quick Battle Rules", P("chronicle"),
     "A Quick battle takes a minute, a Basic one many: choose Quick or Very Quick to play a whole campaign in an evening, or to learn the campaign game before the battles. Quick shows each battle turn and lets you retreat between them; Very Quick settles the battle with one roll."),
    ("approach", "The march of Lesson 1", "9.2", A("mechanicsville"),
     "The same battle as Lesson 1. Move A.P. Hill, then Longstreet, from Richmond (North) to Mechanicsville, and end the Moves step in the decision panel."),
    ("forced-march", "Into Beaver Dam Creek", "15.1", A("beaver-dam-creek"),
     "Forced March A.P. Hill, then Longstreet, into Beaver Dam Creek, and end the step: the battle follows at once."),
    ("on-the-map", "A battle on the map", "Quick Battle Rules", E("battle.panel"),
     "No Battlefield Sheet, no placing and no Battle Plans: the Forces stay in their area and this panel holds the battle. Each battle turn is one roll on the Battle Resolution Table, and the first turn's roll is already made."),
    ("fog", "Fog of War, Quick", "Quick Battle Rules", P("chronicle"),
     "The Fog of War roll is the 10 of Lesson 1: four battle turns, and more Union Special Battle Plans. A Quick battle lasts two turns fewer, here two, and has no Battle Plans: the Union gets two column shifts in its favour each turn instead. The Chronicle below has each line."),
    ("table", "The Battle Resolution Table", "Quick Battle Rules", E("battle.table"),
     "The attacker's Combat Value less the defender's picks a column: you attacked, 16 against 9, +7. Shifts move it: one left as Lee is not here, two left for the Union's Fog of War, to column 0. A d10 of 3 read there: 2 Hits on you, 1 on the Union."),
    ("hits", "Where the Hits fall", "11.9", P("decision"),
     "Hits go to Infantry and Cavalry first, the lowest Skill Level first: both of yours fell on A.P. Hill (Line, below Longstreet's Veteran), flipped, then destroyed. Between Union Forces of equal Skill Level you choose: McCall and Morell are both Poor Line. Give the Hit to McCall."),
    ("fight-on", "Fight on, or retreat", "14.5.1", P("decision"),
     "After each battle turn comes a Rout check (none at 8 against 7); then, while a turn remains, your choice: retreat now, or fight the next turn. The odds advisor below the choice (on or off in Settings) rates fighting on a gamble; but a retreat leaves Beaver Dam Creek to the Union and loses your first Victory Condition. Fight on."),
    ("turn-2", "The second turn", "Quick Battle Rules", E("battle.table"),
     "From the second turn the army with the larger Combat Value attacks (the Union on a tie): still you, 8 against 7. +1, then the same shifts, gives column -4 to -6; a d10 of 6 there: 1 Hit each. Longstreet is flipped."),
    ("destroy", "A Force destroyed", "11.11", P("decision"),
     "McCall again: a reduced Force that takes a Hit is destroyed. A destroyed Union Force with a commander's name goes to the Reinforcement cup; the Union may draw it from there and buy it back at its Resupply."),
    ("withdrawal", "The Withdrawal", "14.8", P("chronicle"),
     "After the last battle turn, the Withdrawal: an army outweighed 2 to 1 retreats at once; here 5 against 5, so a d10 on the campaign's Withdrawal table. A 6: the Union retreats to Gaines' Mill, and Beaver Dam Creek is clear."),
    ("very-quick", "Very Quick: one roll", "Very Quick Battle Rules", P("chronicle"),
     "Very Quick fights a battle with one roll: here the first turn's 3 in column 0, its Hits multiplied by the two battle turns, 4 on you and 2 on the Union. Both armies take all their Hits, with no Rout check and no choice to retreat: A.P. Hill and Longstreet would both be gone. Quick takes longer and lets you stop."),
    ("rest", "The rest of the turn", "15.3", P("decision"),
     "The turn ends as in Lesson 1. End your Resupply step; then, at the Union's Orders, keep the roll."),
    ("victory", "Victory, Quick", "3.1", E("situation.victory"),
     "Beaver Dam Creek cleared in your phase and Richmond held: the campaign is won. Quick or Very Quick, the campaign is the same game; only the battles are shorter. Choose them on the set-up screen."),
]

info("modes", "9.2"); info("why-quick", "9.2")
ask("approach", 0); ask("approach", 1); ask("approach", 2)
ask("forced-march", 3); ask("forced-march", 4); ask("forced-march", 5)
info("on-the-map", "11.9"); info("fog", "11.9"); info("table", "11.9")
ask("hits", 6)
ask("fight-on", 7)
info("turn-2", "11.9")
ask("destroy", 8)
info("withdrawal", "15.3"); info("very-quick", "15.3")
ask("rest", 9); ask("rest", 10)
info("victory", None)
assert len(rows) == 11

story.write(
    2,
    cards,
    id="quick-battles",
    title="Lesson 2: Quick and Very Quick battles",
    summary="The battle modes and when to choose them; Lesson 1's battle fought Quick, turn by turn on the Battle Resolution Table, with your Hit and retreat choices and the Withdrawal; what Very Quick would have made of it.",
    minutes=6,
    campaign="tutorial",
    battles="quick",
    seed=SEED,
)
