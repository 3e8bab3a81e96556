#!/usr/bin/env python3
"""Write campaigns/tutorial/lesson-1.json from its cards (below) and the
decisions of its story (tools/tutorial-lesson-1.tsv: rule, answer JSON),
played on campaigns/tutorial/tutorial.json with seed 53 (chosen by
src/app/tutorial/explore.rs: the battle is won by a Union Rout, a Rout check
comes first without one, Resupply has Command Points for a purchase)."""
import sys

sys.path.insert(0, "tools")
from tutorial_lesson import A, E, P, Story  # noqa: E402

SEED = 53
story = Story("tools/tutorial-lesson-1.tsv")
info, ask, rows = story.info, story.ask, story.rows

cards = [
    ("goal", "Your army, your goal", "3.1", E("situation.victory"),
     "You command Lee's Army of Northern Virginia; fcrel plays the Union and rolls every die. You win a campaign by achieving every Victory Condition listed on the left: here, clear Beaver Dam Creek of the Union in your phase of Turn 1, and keep Richmond (North)."),
    ("sequence", "The order of play", "8.0", E("status.phase"),
     "Every Campaign Turn runs in the same order: your Moves, then a Forced March, each followed by the battles it starts, then your Resupply; then the Union's Orders, battles and Resupply. The bar at the top says where you are."),
    ("command-points", "Command Points", "4.9", E("status.command-points"),
     "Command Points pay for extras: 1 for each Force on a Forced March, a purchase at its Combat Value, 1 for a Scout. You start this lesson with 2."),
    ("move", "A move", "9.2", A("mechanicsville"),
     "In the Moves step each Force may move once, free, to an adjacent area. Click A.P. Hill's counter in Richmond (North), then the lit Mechanicsville."),
    ("move-2", "Move Longstreet too", "9.2", A("mechanicsville"),
     "The same for Longstreet: select his counter in Richmond (North), then Mechanicsville. D.H. Hill stays to hold Richmond."),
    ("end-moves", "End the Moves step", "9.2", P("decision"),
     "Your Forces stand next to the Union at Beaver Dam Creek. End the step in the decision panel: no Force entered a Union area, so no battle follows."),
    ("forced-march", "Forced March into the enemy", "15.1", A("beaver-dam-creek"),
     "A Forced March is a second move that costs 1 Command Point a Force. Moving into Beaver Dam Creek, held by the Union, starts a battle there. Select A.P. Hill: beside his move the decision panel shows both armies' Combat Values before you commit. Then click Beaver Dam Creek."),
    ("forced-march-2", "Longstreet follows", "15.1", E("status.command-points"),
     "Move Longstreet into Beaver Dam Creek as well, and watch your Command Points at the top fall to 0."),
    ("end-forced-march", "To battle", "15.1", P("decision"),
     "End the Forced March: the battle at Beaver Dam Creek is fought in the step that follows."),
    ("fog", "Fog of War", "10.2.2", P("chronicle"),
     "Before every battle a Fog of War roll sets how many battle turns it lasts and brings one event, good or bad for you: here four battle turns, and more Union Special Battle Plans each turn. The roll is in the Chronicle below."),
    ("envelopment", "Envelopment", "10.2.9", P("chronicle"),
     "Then the Envelopment check: an army outweighed 3 to 1 in Combat Value is destroyed before a shot is fired. Not here, so the battle is fought on the sheet."),
    ("place", "The Battlefield Sheet", "10.2.16", E("sheet.confederate-approach"),
     "Six Regions in rows: your Reserve, Approach and Front at the bottom, the Union's at the top. Place A.P. Hill, then Longstreet, in your Approach, in Line, as the decision panel offers."),
    ("plans", "Battle Plan Counters", "12.2", P("decision"),
     "Each battle turn starts with your Battle Plan Counters: orders you attach to Forces. Without Lee you have one. The Union is out of reach now, so end the assignment without one."),
    ("act", "Your Forces act", "14.4", P("decision"),
     "You choose which Force acts next and, without a counter, its Default Battle Plan. March A.P. Hill, then Longstreet: a Force in Line must pass an Activation roll to move one Region toward the enemy."),
    ("rout-check", "The Rout check", "14.5", E("sheet.combat-totals"),
     "Each battle turn ends with a Rout check on the armies' Combat Values, shown here: one outweighed 3 to 1 Routs and the battle ends. Not yet."),
    ("again", "Close in", "14.4", P("decision"),
     "The same again: no counter yet, then March A.P. Hill and Longstreet."),
    ("volley", "Attach a counter", "12.3.11", P("decision"),
     "The Union is in reach now. Attach the Volley counter to Longstreet: an infantry attack at +2 when the enemy is at range 1."),
    ("fight", "Fight it out", "14.4", P("decision"),
     "Play the battle out with the answer the lesson opens each time: Longstreet acts on his counter, A.P. Hill Fires or Marches, a counter each turn. Each roll is in the Chronicle."),
    ("rout", "The Union Routs", "14.5", P("chronicle"),
     "At a Rout check the Union was outweighed 3 to 1: its army Routed and left Beaver Dam Creek. The Chronicle tells the whole battle, roll by roll."),
    ("resupply", "Resupply", "15.3", E("status.command-points"),
     "In your Resupply step Command Points come in, with any the battle earned. Buy a Scout first (1 CP): a Scout can make the Union roll its orders again."),
    ("purchase", "A purchase", "15.5", P("decision"),
     "Purchase a Cavalry Regiment for Richmond (North), an area with your Forces: it costs its Combat Value: 1 Command Point."),
    ("end-resupply", "End your turn", "15.3", P("decision"),
     "End the Resupply step: the Union Turn begins."),
    ("orders", "Union Orders", "16.3", P("decision"),
     "The Union moves by Orders: each group of Union Forces rolls on its Orders table. With a Scout you may have the roll made again or changed; here, keep it."),
    ("victory", "Victory", "3.1", E("situation.victory"),
     "Both Victory Conditions are achieved: Beaver Dam Creek was cleared in your phase and Richmond held to the end, so the campaign is won. A full campaign is the same, turn after turn: that is the whole game."),
]

info("goal", "9.2"); info("sequence", "9.2"); info("command-points", "9.2")
ask("move", 0); ask("move-2", 1); ask("end-moves", 2)
ask("forced-march", 3); ask("forced-march-2", 4); ask("end-forced-march", 5)
info("fog", "10.2.16"); info("envelopment", "10.2.16")
ask("place", 6); ask("place", 7)
ask("plans", 8); ask("act", 9); ask("act", 10)
info("rout-check", "12.2")
ask("again", 11); ask("again", 12); ask("again", 13)
ask("volley", 14)
for i in range(15, 24):
    ask("fight", i)
info("rout", "15.3")
ask("resupply", 24); ask("purchase", 25); ask("end-resupply", 26)
ask("orders", 27)
info("victory", None)
assert len(rows) == 28

story.write(
    1,
    cards,
    id="campaign-basics",
    title="Lesson 1: The campaign",
    summary="Lee's goal, the turn's order, moves and a Forced March, one Basic battle to its Rout, Resupply, the Union's Orders, victory.",
    minutes=10,
    campaign="tutorial",
    battles="basic",
    seed=SEED,
)
