//! Advanced battles on the Squares (A10.0–A15.0) with scripted dice and
//! decisions: the Battle Plan Counters' Advanced wording (A12.3), Cavalry's
//! two Squares (A12.4), Charge! on the Squares (A14.1), and a whole battle
//! with the Union's bonus Special Battle Plan (A10.2).

use fcrel::campaign;
use fcrel::rules::battle::advanced::field::{Field, Unit};
use fcrel::rules::battle::advanced::union;
use fcrel::rules::battle::ground::Square;
use fcrel::rules::battle::terms::{Formation, PlanCounter, Tactics};
use fcrel::rules::battle::turns::resolve;
use fcrel::rules::board::PieceIx;
use fcrel::rules::components::{SpecialBattlePlan, Strength};
use fcrel::rules::ctx::Ctx;
use fcrel::rules::decision::{Decision, DefaultPlan, FormationChange, Recorded, SecondMove};

use Formation::{Column, Line};

mod common;
use common::*;

fn sq(name: &str) -> Square {
    Square::named(name).unwrap()
}

/// A battle at Glendale on the Advanced Battlefield Sheet.
struct T {
    game: Run,
    f: Field,
}

impl T {
    fn new(units: &[(&str, &str, Formation)]) -> T {
        let c = std::sync::Arc::new(campaign::load_bundled("seven-days").unwrap());
        let mut board = empty_board(c);
        let mut f = Field::new("glendale", false, 4);
        for (id, square, formation) in units {
            at(&mut board, "glendale", &[id]);
            let pid = board.index(id).unwrap();
            let side = board.pieces[pid].force.side;
            f.units
                .push(Unit::new(&board, pid, side, sq(square), *formation));
        }
        T {
            game: Run::new(board, &[]),
            f,
        }
    }

    fn run<X>(
        &mut self,
        dice: &[u32],
        decisions: Vec<Decision>,
        go: impl FnOnce(&mut Ctx, &mut Field) -> Result<X, fcrel::rules::decision::Interrupt>,
    ) -> X {
        self.game.dice = fcrel::dice::Dice::scripted(dice.iter().copied());
        self.game.decider = Recorded::new(decisions);
        let out = go(&mut self.game.ctx(), &mut self.f);
        let text = self.game.text();
        let out = out.unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(
            self.game.dice.scripted_left(),
            Some(0),
            "every scripted die used:\n{text}"
        );
        out
    }

    fn pid(&self, id: &str) -> PieceIx {
        self.game.board.index(id).unwrap()
    }

    fn square(&self, id: &str) -> Square {
        let k = self
            .f
            .unit_of(self.pid(id))
            .unwrap_or_else(|| panic!("{id} is not on the sheet\n{}", self.game.text()));
        self.f.units[k].at()
    }

    fn unit(&mut self, id: &str) -> &mut Unit {
        let k = self.f.unit_of(self.pid(id)).unwrap();
        &mut self.f.units[k]
    }
}

/// A12.3 Flank: exactly 2 Squares from its declared target, in Column no
/// Activation roll; Advance 1 Square, then into the target with the Flank
/// −3 (and Column against Line −2) on its Shock check; the target fails,
/// is Hit and Retreats; an attack at −2/−2 in Column on the Force at range 1.
#[test]
fn flank_goes_two_squares_into_its_declared_target() {
    let mut t = T::new(&[("longstreet", "E4", Column), ("kearny", "C4", Line)]);
    let kearny = t.pid("kearny");
    t.unit("longstreet").counter = Some(PlanCounter::Flank);
    t.unit("longstreet").target = Some(kearny);
    // Kearny's Defensive Fire fails to Activate (9 > 5); his Shock check
    // 5 −2 −3 = 0 fails (5); Longstreet's attack 8 −2 = 6 hits (3).
    t.run(
        &[9, 5, 3],
        vec![Decision::MarchInto { square: sq("D4") }],
        |ctx, f| resolve::confederate(ctx, f, false),
    );
    assert_eq!(t.square("longstreet"), sq("C4"));
    assert!(t.f.unit_of(kearny).is_none(), "Hit twice: destroyed");
    assert!(t.game.text().contains("-3 (Flank, 12.3.6)"));
    assert_ne!(t.game.loc("kearny"), area("glendale"));
}

/// A12.3: Flank at another distance than 2 from its target Holds, and
/// Rapid Advance needs exactly 3.
#[test]
fn flank_and_rapid_advance_need_their_exact_distance() {
    let mut t = T::new(&[("longstreet", "F4", Column), ("kearny", "C4", Line)]);
    let kearny = t.pid("kearny");
    t.unit("longstreet").counter = Some(PlanCounter::Flank);
    t.unit("longstreet").target = Some(kearny);
    t.run(&[], vec![], |ctx, f| resolve::confederate(ctx, f, false));
    assert_eq!(t.square("longstreet"), sq("F4"));
    assert!(
        t.game
            .text()
            .contains("not exactly 2 Squares from its declared target")
    );

    // Rapid Advance from F4, 3 Squares from Kearny: in Column no −2;
    // Activation 7 (4), E4, D4, then no attack in Column toward C4.
    let mut t = T::new(&[("longstreet", "F4", Column), ("kearny", "C4", Line)]);
    let kearny = t.pid("kearny");
    t.unit("longstreet").counter = Some(PlanCounter::RapidAdvance);
    t.unit("longstreet").target = Some(kearny);
    t.run(
        &[4],
        vec![
            Decision::MarchInto { square: sq("E4") },
            Decision::MarchInto { square: sq("D4") },
        ],
        |ctx, f| resolve::confederate(ctx, f, false),
    );
    assert_eq!(t.square("longstreet"), sq("D4"));
    assert_eq!(t.game.strength("kearny"), Strength::Full);
}

/// A12.3 Fighting Retreat: exactly 1 Square from the nearest Union Force;
/// in Line −2 to Activate and −1/−1 to fire; then two Squares back.
#[test]
fn fighting_retreat_fires_and_goes_back_two_squares() {
    let mut t = T::new(&[("longstreet", "D4", Line), ("kearny", "C4", Line)]);
    t.unit("longstreet").counter = Some(PlanCounter::FightingRetreat);
    // Activation 7 −2 = 5 (3), attack 8 −1 = 7 (2): a Hit.
    t.run(&[3, 2], vec![], |ctx, f| {
        resolve::confederate(ctx, f, false)
    });
    assert_eq!(t.game.strength("kearny"), Strength::Reduced);
    assert_eq!(t.square("longstreet"), sq("F4"));
}

/// A12.4: Cavalry Marches two Squares; in Column toward the first (the Row
/// ahead) no Activation check, in Line toward the second (its own Row) one.
#[test]
fn cavalry_marches_two_squares_checking_each() {
    let mut t = T::new(&[("stuart", "F4", Column), ("kearny", "A1", Line)]);
    let march = DefaultPlan::March {
        change: FormationChange::None,
        then: SecondMove::Another,
    };
    let act = Decision::Act {
        force: "stuart".into(),
        plan: Some(march),
    };
    // One Activation roll (6: 2 passes), for the second Square only.
    t.run(
        &[2],
        vec![
            act,
            Decision::MarchInto { square: sq("E4") },
            Decision::MarchInto { square: sq("E5") },
        ],
        |ctx, f| resolve::confederate(ctx, f, false),
    );
    assert_eq!(t.square("stuart"), sq("E5"));
    let text = t.game.text();
    assert_eq!(text.matches("March: Stuart").count(), 1, "{text}");
}

/// A14.1 Charge!: two Union Forces next to two Confederate Forces. Kearny
/// fails to Activate and fires (Combat, Line toward its target, the highest
/// Skill Level); Sykes passes and charges: Holmes in Line (priority 3,
/// Union Column against Confederate Line) before Longstreet in Column
/// (priority 4); Holmes fails his Shock check and Retreats; Sykes enters
/// his Square, the Union's first entry into Row D (18.4).
#[test]
fn charge_on_the_squares_by_its_priority_table() {
    let mut t = T::new(&[
        ("sykes", "C3", Column),
        ("kearny", "C4", Column),
        ("longstreet", "D4", Column),
        ("holmes", "D3", Line),
    ]);
    t.f.tactics = Tactics::Aggressive;
    let cp = t.game.board.cp.union;
    // Sykes Activates (2), Kearny not (9); Kearny's Combat 5 hits
    // Longstreet (4); Holmes's Defensive Fire fails to Activate (8); his
    // Shock check 4 −2 = 2 fails (7).
    let counts = t.run(&[2, 9, 4, 8, 7], vec![], |ctx, f| {
        union::resolve_drawn(ctx, f, SpecialBattlePlan::Charge)
    });
    assert!(counts);
    assert_eq!(t.game.strength("longstreet"), Strength::Reduced);
    assert_eq!(t.unit("kearny").formation, Line);
    assert_eq!(t.square("sykes"), sq("D3"));
    assert_eq!(t.square("holmes"), sq("E3"));
    assert_eq!(t.game.strength("holmes"), Strength::Reduced);
    assert_eq!(t.game.board.cp.union, cp + 1);
    assert!(t.unit("sykes").acted && t.unit("kearny").acted);
}

/// A14.1: with fewer than two Union Forces next to Confederates, Charge!
/// is ignored, and counts against the draw.
#[test]
fn charge_needs_two_union_forces_next_to_two_confederates() {
    let mut t = T::new(&[
        ("sykes", "C3", Column),
        ("kearny", "A6", Column),
        ("longstreet", "D4", Column),
        ("holmes", "D3", Line),
    ]);
    let counts = t.run(&[], vec![], |ctx, f| {
        union::resolve_drawn(ctx, f, SpecialBattlePlan::Charge)
    });
    assert!(counts);
    assert_eq!(t.square("sykes"), sq("C3"));
    assert!(!t.unit("sykes").acted);
}

/// A14.1: the Union Force in Line toward a Confederate Force in Column
/// toward it (its Flank, from the same Row) uses Combat instead; from
/// behind it is a Rear attack (priority 1).
#[test]
fn charge_priority_table() {
    let t = T::new(&[("longstreet", "D4", Line), ("holmes", "D2", Column)]);
    let k = |id: &str| t.f.unit_of(t.pid(id)).unwrap();
    // From D3, beside Longstreet in Line (Column toward D3): none.
    assert_eq!(
        union::charge_priority(&t.f, sq("D3"), k("longstreet")),
        None
    );
    // Beside Holmes in Column (Line toward D3): his Flank.
    assert_eq!(union::charge_priority(&t.f, sq("D3"), k("holmes")), Some(2));
    // From E4, behind Longstreet: his Rear.
    assert_eq!(
        union::charge_priority(&t.f, sq("E4"), k("longstreet")),
        Some(1)
    );
    // From C4 in front: Column against Line.
    assert_eq!(
        union::charge_priority(&t.f, sq("C4"), k("longstreet")),
        Some(3)
    );
    assert_eq!(union::charge_priority(&t.f, sq("C2"), k("holmes")), Some(4));
}

/// A whole Advanced battle from a scenario: every counter ends on the map,
/// in a pile or a cup, and the Union draws one more Special Battle Plan a
/// turn than in a Basic battle (A10.2).
#[test]
fn an_advanced_battle_from_a_scenario() {
    let (code, out, err) = fcrel(&["battle", "--scenario", "scenarios/odds-advanced-8v8.json"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("[A10.2] Union Bonus Special Battle Plan"),
        "{out}"
    );
    let draws = |text: &str| -> u32 {
        let at = text.find("the Union draws ").expect("the quantity") + "the Union draws ".len();
        text[at..].split(' ').next().unwrap().parse().unwrap()
    };
    let (_, basic, _) = fcrel(&["battle", "--scenario", "scenarios/odds-basic-8v8.json"]);
    // The same scenario with `--battles advanced` is the Advanced battle.
    let (code, again, err) = fcrel(&[
        "battle",
        "--scenario",
        "scenarios/odds-basic-8v8.json",
        "--battles",
        "advanced",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(again.contains("[A10.2] Union Bonus Special Battle Plan"));
    assert_eq!(draws(&out), draws(&basic) + 1);
    assert!(out.contains("Ending:"));
}

/// A10.2.12 Screen on the Squares: the Screen's Hits fall on the lowest
/// Skill Level in Row A first (then B, then C), not on a Force in front.
#[test]
fn the_screen_strikes_row_a_first() {
    use fcrel::campaign::Insight;
    use fcrel::rules::battle::field::InsightState;
    let mut t = T::new(&[
        ("sykes", "A3", Line),
        ("slocum", "A4", Line),
        ("peck", "B4", Line),
        ("longstreet", "E4", Line),
    ]);
    at(&mut t.game.board, "glendale", &["stuart", "jackson"]);
    t.f.turn = 2;
    t.f.insights.push(InsightState {
        insight: Insight::Screen,
        spent: false,
    });
    t.f.screen = Some((t.pid("stuart"), t.pid("jackson")));
    // The Insight roll passes (1); Jackson's three attacks at 7: two Hits.
    t.run(&[1, 1, 2, 10], vec![Decision::TryScreen], |ctx, f| {
        fcrel::rules::battle::turns::insights::insights_step(ctx, f)
    });
    assert!(
        t.f.unit_of(t.pid("slocum")).is_none(),
        "both Hits on Slocum"
    );
    assert_eq!(t.game.strength("sykes"), Strength::Full);
    assert_eq!(
        t.game.strength("peck"),
        Strength::Full,
        "Peck in Row B is spared"
    );
}

/// "Union Objective Markers and the Advance Default Battle Plan", the
/// rulebook's example: Slocum in C6, Longstreet in D4, Objectives in E5 and
/// E7. An even d10: toward Longstreet (into D5, his Flank, R-A14.2.1); an
/// odd one (5): toward the closest Objective, the two equally close chosen
/// by a second d10.
#[test]
fn union_objective_markers_and_the_advance() {
    use fcrel::rules::battle::advanced::movement::union_advance;
    let setup = || {
        let mut t = T::new(&[("slocum", "C6", Column), ("longstreet", "D4", Line)]);
        t.f.columns = 12;
        t.f.objectives = vec![sq("E5"), sq("E7")];
        t.f.tactics = Tactics::Aggressive;
        t
    };
    let mut t = setup();
    let k = t.f.unit_of(t.pid("slocum")).unwrap();
    let to = t.run(&[4], vec![], |ctx, f| union_advance(ctx, f, k));
    assert_eq!(to, Some(sq("D5")));
    assert!(
        t.game
            .text()
            .contains("even: the closest Confederate Force")
    );

    let mut t = setup();
    let k = t.f.unit_of(t.pid("slocum")).unwrap();
    // 5: odd; 1: of E5 and E7 the first; then D5 or D6, both a step from
    // E5: 10, the second.
    let to = t.run(&[5, 1, 10], vec![], |ctx, f| union_advance(ctx, f, k));
    let text = t.game.text();
    assert!(text.contains("odd: the closest Union Objective"), "{text}");
    let to = to.expect("a step");
    assert_eq!(
        fcrel::rules::battle::ground::Ground::distance(to, sq("E5")),
        1
    );

    // A Union Force on an Objective Holds; the next goes to the Objective
    // no Union Force holds.
    let mut t = setup();
    at(&mut t.game.board, "glendale", &["kearny"]);
    let kearny = t.pid("kearny");
    t.f.units.push(Unit::new(
        &t.game.board,
        kearny,
        fcrel::campaign::Side::Union,
        sq("E5"),
        Column,
    ));
    let kearny = t.f.unit_of(t.pid("kearny")).unwrap();
    assert_eq!(
        union::union_default(&t.f, kearny),
        union::UnionDefault::Combat,
        "next to Longstreet: Combat, not Advance"
    );
    t.f.units.set_at(kearny, sq("E9"));
    t.f.objectives = vec![sq("E9"), sq("E7")];
    assert_eq!(
        union::union_default(&t.f, kearny),
        union::UnionDefault::Hold
    );
    let k = t.f.unit_of(t.pid("slocum")).unwrap();
    let to = t.run(&[7, 10], vec![], |ctx, f| union_advance(ctx, f, k));
    assert!(
        to.is_some_and(|s| fcrel::rules::battle::ground::Ground::distance(s, sq("E7")) == 1),
        "toward E7, E9 being held: {to:?}\n{}",
        t.game.text()
    );
}

/// "Charge! and Union Objective Markers": one Union Force next to one
/// Confederate Force at the start of the draw: Charge! at once.
#[test]
fn charge_is_drawn_at_once_next_to_the_enemy_with_objectives() {
    let mut t = T::new(&[("sykes", "C4", Column), ("holmes", "D4", Line)]);
    t.f.objectives = vec![sq("E4")];
    t.f.tactics = Tactics::Aggressive;
    t.f.union_quantity = 1;
    // Sykes Activates (2); Holmes's Defensive Fire fails to Activate (8);
    // his Shock check 4 −2 = 2 fails (7): he retreats to E4.
    t.run(&[2, 8, 7], vec![], |ctx, f| {
        fcrel::rules::battle::turns::cup::draw_special_plans(ctx, f)
    });
    let text = t.game.text();
    assert!(text.contains("Charge! is drawn at once"), "{text}");
    assert_eq!(t.square("sykes"), sq("D4"));
    assert_eq!(t.square("holmes"), sq("E4"));
    assert!(
        !text.contains("Union Special Battle Plan drawn from the cup"),
        "Charge! counted against the one plan a turn"
    );
}

/// The two stand-alone battles of `scenarios/` play to a result, and the
/// same seed gives the same battle.
#[test]
fn stand_alone_battles_play_to_a_result() {
    for s in [
        "scenarios/battle-malvern-hill.json",
        "scenarios/battle-cornfield.json",
    ] {
        let (code, out, err) = fcrel(&["battle", "--scenario", s]);
        assert_eq!(code, 0, "{s}: {err}");
        assert!(out.contains("\nResult: "), "{s}: {out}");
        assert!(out.contains("modified Advanced Battlefield Sheet"), "{s}");
        assert!(
            !out.contains("[A10.2] Union Bonus"),
            "no bonus plan (A10.2)"
        );
        let (_, again, _) = fcrel(&["battle", "--scenario", s]);
        assert_eq!(out, again);
        // R-A-stand-alone: no Withdrawal roll, so never "Encamp".
        assert!(!out.contains("Encamp (14.8.4)"), "{s}: {out}");
    }
    // The Cornfield lasts its turns: its terms decide.
    let (_, out, _) = fcrel(&["battle", "--scenario", "scenarios/battle-cornfield.json"]);
    assert!(
        out.contains("Ending: its last battle turn is over and the scenario's terms decide"),
        "{out}"
    );
}

/// A10.2.14: "A Friendly Force may move through a Square containing
/// another Friendly Force, but may not move through a Square containing an
/// Enemy Force." A12.3 Fighting Retreat ("Retreat 2 Squares") from D2 with
/// friends in E1, E2 and E3 and Row F empty: through E2 into F2.
#[test]
fn fighting_retreat_passes_through_a_friend() {
    let mut t = T::new(&[
        ("longstreet", "D2", Line),
        ("kearny", "C2", Line),
        ("ap-hill", "E1", Line),
        ("magruder", "E2", Line),
        ("huger", "E3", Line),
    ]);
    t.unit("longstreet").counter = Some(PlanCounter::FightingRetreat);
    for id in ["ap-hill", "magruder", "huger"] {
        t.unit(id).acted = true;
    }
    // Activation 7 −2 = 5 (3), attack 8 −1 = 7 (2): a Hit.
    t.run(&[3, 2], vec![], |ctx, f| {
        resolve::confederate(ctx, f, false)
    });
    let text = t.game.text();
    assert_eq!(t.square("longstreet"), sq("F2"), "{text}");
    assert_eq!(t.square("magruder"), sq("E2"));
    assert!(text.contains("passes through Square E2"), "{text}");
    assert!(!text.contains("stays where it is"), "{text}");
}

/// Stuart in Column at E4, Longstreet (who has acted) in D4 ahead of him;
/// the order to March two Squares.
fn stuart_behind_longstreet() -> (T, Decision) {
    let mut t = T::new(&[
        ("stuart", "E4", Column),
        ("longstreet", "D4", Line),
        ("kearny", "A1", Line),
    ]);
    t.unit("longstreet").acted = true;
    let act = Decision::Act {
        force: "stuart".into(),
        plan: Some(DefaultPlan::March {
            change: FormationChange::None,
            then: SecondMove::Another,
        }),
    };
    (t, act)
}

/// A10.2.14 with A12.4 ("Cavalry Forces may move 2 Squares"): Stuart in
/// Column at E4 Marches through Longstreet in D4 into the empty C4; in
/// Column toward both Squares, no Activation check.
#[test]
fn cavalry_marches_through_a_friend() {
    let (mut t, act) = stuart_behind_longstreet();
    t.run(
        &[],
        vec![
            act,
            Decision::MarchInto { square: sq("D4") },
            Decision::MarchInto { square: sq("C4") },
        ],
        |ctx, f| resolve::confederate(ctx, f, false),
    );
    let text = t.game.text();
    assert_eq!(t.square("stuart"), sq("C4"), "{text}");
    assert_eq!(t.square("longstreet"), sq("D4"));
    assert!(text.contains("passes through Square D4"), "{text}");
}

/// R-A10.2.14-through: a Cavalry Force passing through a friend makes both
/// Activation checks before it sets out; in Line toward the second Square
/// (D5, beside D4) it must roll, and failing it Holds where it began. A
/// Force never ends a move in a friend's Square (A11.0).
#[test]
fn cavalry_failing_its_second_check_never_stops_on_a_friend() {
    let (mut t, act) = stuart_behind_longstreet();
    // Stuart's Activation number 6: 9 fails.
    t.run(
        &[9],
        vec![
            act,
            Decision::MarchInto { square: sq("D4") },
            Decision::MarchInto { square: sq("D5") },
        ],
        |ctx, f| resolve::confederate(ctx, f, false),
    );
    assert_eq!(t.square("stuart"), sq("E4"), "{}", t.game.text());
    assert_eq!(t.square("longstreet"), sq("D4"));
}

/// A10.2.14 "may not move through a Square containing an Enemy Force": a
/// Square with a Union Force (in Melee with a friend too) is never passed
/// through; the Cavalry's two Squares are offered through friends only.
#[test]
fn no_move_passes_through_an_enemy() {
    use fcrel::rules::battle::advanced::movement::{retreat_through, through_squares};
    let t = T::new(&[
        ("stuart", "E4", Column),
        ("longstreet", "D4", Line),
        ("sykes", "D4", Line),
        ("holmes", "D3", Line),
        ("kearny", "D5", Line),
    ]);
    let k = t.f.unit_of(t.pid("stuart")).unwrap();
    assert_eq!(through_squares(&t.f, k), vec![sq("D3")]);
    // Fighting Retreat from D2: E1–E3 friends but E2 in Melee, F1–F3 free.
    let t = T::new(&[
        ("longstreet", "D2", Line),
        ("ap-hill", "E1", Line),
        ("magruder", "E2", Line),
        ("sykes", "E2", Line),
        ("huger", "E3", Line),
    ]);
    let k = t.f.unit_of(t.pid("longstreet")).unwrap();
    assert_eq!(retreat_through(&t.f, k), vec![sq("E1"), sq("E3")]);
}

/// Longstreet in Column at `from` with `plan` aimed at Kearny in C4, A.P.
/// Hill (who has acted) in `friend` on the way; Kearny's counter.
fn flanking_through(plan: PlanCounter, from: &str, friend: &str) -> (T, PieceIx) {
    let mut t = T::new(&[
        ("longstreet", from, Column),
        ("kearny", "C4", Line),
        ("ap-hill", friend, Line),
    ]);
    let kearny = t.pid("kearny");
    t.unit("longstreet").counter = Some(plan);
    t.unit("longstreet").target = Some(kearny);
    t.unit("ap-hill").acted = true;
    (t, kearny)
}

/// A12.3 Flank through a friend: Longstreet in Column at E4, his target
/// Kearny in C4, A.P. Hill in D4. Through D4 into Kearny's Square: Kearny's
/// Defensive Fire fails to Activate (9), his Shock check 5 −2 −3 = 0 fails
/// (5): Hit and Retreat; Longstreet's attack at −2/−2 (3) destroys him.
#[test]
fn flank_passes_through_a_friend_into_its_target() {
    let (mut t, kearny) = flanking_through(PlanCounter::Flank, "E4", "D4");
    t.run(
        &[9, 5, 3],
        vec![Decision::MarchInto { square: sq("D4") }],
        |ctx, f| resolve::confederate(ctx, f, false),
    );
    let text = t.game.text();
    assert_eq!(t.square("longstreet"), sq("C4"), "{text}");
    assert_eq!(t.square("ap-hill"), sq("D4"));
    assert!(t.f.unit_of(kearny).is_none(), "{text}");
    assert!(text.contains("passes through Square D4"), "{text}");
}

/// R-A10.2.14-through: repulsed by Defensive Fire while passing through a
/// friend's Square, the Flank Force goes back to the Square it set out
/// from: Kearny Activates (1) and hits (1).
#[test]
fn a_repulsed_flank_goes_back_from_a_friends_square() {
    let (mut t, _) = flanking_through(PlanCounter::Flank, "E4", "D4");
    t.run(
        &[1, 1],
        vec![Decision::MarchInto { square: sq("D4") }],
        |ctx, f| resolve::confederate(ctx, f, false),
    );
    let text = t.game.text();
    assert_eq!(t.square("longstreet"), sq("E4"), "{text}");
    assert_eq!(t.game.strength("longstreet"), Strength::Reduced);
    assert!(text.contains("goes back to Square E4"), "{text}");
}

/// A12.3 Rapid Advance through a friend: from F4, 3 Squares from Kearny in
/// C4, through A.P. Hill in E4 into D4 (Activation 7 in Column: 4).
#[test]
fn rapid_advance_passes_through_a_friend() {
    let (mut t, _) = flanking_through(PlanCounter::RapidAdvance, "F4", "E4");
    t.run(
        &[4],
        vec![
            Decision::MarchInto { square: sq("E4") },
            Decision::MarchInto { square: sq("D4") },
        ],
        |ctx, f| resolve::confederate(ctx, f, false),
    );
    assert_eq!(t.square("longstreet"), sq("D4"), "{}", t.game.text());
    assert_eq!(t.square("ap-hill"), sq("E4"));
}

/// "Union Objective Markers and the Advance Default Battle Plan": "After
/// making that roll, in cases where there are two or more Confederate
/// Forces or two or more Union Objectives an equal distance away, roll d10
/// again to randomly determine which". An even roll (2), Longstreet
/// (Veteran) and Holmes (Poor Line) both 2 Squares off: a d10 (2) picks,
/// not the lower Skill Level, and its faces are chronicled.
#[test]
fn with_objectives_equal_distances_are_random() {
    use fcrel::rules::battle::advanced::movement::union_advance;
    let mut t = T::new(&[
        ("slocum", "C4", Column),
        ("longstreet", "E3", Line),
        ("holmes", "E5", Line),
    ]);
    t.f.objectives = vec![sq("A1")];
    t.f.tactics = Tactics::Aggressive;
    let k = t.f.unit_of(t.pid("slocum")).unwrap();
    // 2: even, a Confederate Force; 2: the first named, Longstreet; then
    // D3 or D4 toward E3, both in his front: 1, the second.
    let to = t.run(&[2, 2, 1], vec![], |ctx, f| union_advance(ctx, f, k));
    let text = t.game.text();
    assert!(
        text.contains("2, 4, 6, 8, 10 → Longstreet") && text.contains("1, 3, 5, 7, 9 → Holmes"),
        "{text}"
    );
    let to = to.expect("a step");
    assert_eq!(
        fcrel::rules::battle::ground::Ground::distance(to, sq("E3")),
        1,
        "toward Longstreet, not the Poor Line Holmes: {text}"
    );
}

/// Whether the chronicle has a line under `rule` ending in `end`.
fn has_line(t: &T, rule: &str, end: &str) -> bool {
    t.game
        .text()
        .lines()
        .any(|l| l.starts_with(&format!("[{rule}]")) && l.ends_with(end))
}

/// A11.5 March back and A12.4 March off, one procedure on both sheets
/// (`turns::defaults`) under the Advanced rule numbers: in Line each rolls
/// to Activate, and a failure Holds where it stands; March back goes one
/// Square back out of the Melee, March off leaves the sheet (14.5.1).
#[test]
fn march_back_and_off_roll_under_the_advanced_rules() {
    use fcrel::rules::battle::advanced::confederate::run_default;
    let mut t = T::new(&[("longstreet", "D4", Line), ("kearny", "D4", Line)]);
    let longstreet = t.pid("longstreet");
    t.run(&[10], vec![], |ctx, f| {
        run_default(ctx, f, longstreet, DefaultPlan::MarchBack)
    });
    assert_eq!(t.square("longstreet"), sq("D4"), "failed: Holds");
    assert!(
        t.game.text().contains("[A11.5] March (back)"),
        "{}",
        t.game.text()
    );
    t.run(&[1], vec![], |ctx, f| {
        run_default(ctx, f, longstreet, DefaultPlan::MarchBack)
    });
    assert_eq!(t.square("longstreet"), sq("E4"), "{}", t.game.text());

    let mut t = T::new(&[("longstreet", "F4", Line), ("kearny", "C4", Line)]);
    let longstreet = t.pid("longstreet");
    t.run(&[10], vec![], |ctx, f| {
        run_default(ctx, f, longstreet, DefaultPlan::MarchOff)
    });
    assert_eq!(t.square("longstreet"), sq("F4"), "failed: Holds");
    assert!(t.game.text().contains("[A12.4] March"), "{}", t.game.text());
    let mut t = T::new(&[("longstreet", "F4", Column), ("kearny", "C4", Line)]);
    let longstreet = t.pid("longstreet");
    t.run(
        &[],
        vec![Decision::RetreatTo {
            force: "longstreet".into(),
            area: "long-bridge".into(),
        }],
        |ctx, f| run_default(ctx, f, longstreet, DefaultPlan::MarchOff),
    );
    assert!(t.f.unit_of(longstreet).is_none(), "{}", t.game.text());
    assert_eq!(t.game.loc("longstreet"), area("long-bridge"));
}

/// A14.2.2: a Union Infantry Force that fails to Activate for Combat
/// Holds (the check both sheets share, under the sheet's rule number).
#[test]
fn union_combat_that_fails_to_activate_holds() {
    let mut t = T::new(&[("longstreet", "D4", Line), ("kearny", "C4", Line)]);
    t.f.tactics = Tactics::Defensive;
    let kearny = t.pid("kearny");
    t.run(&[10], vec![], |ctx, f| union::run_default(ctx, f, kearny));
    assert!(
        has_line(&t, "A14.2.2", "fails to Activate: Hold."),
        "{}",
        t.game.text()
    );
    assert_eq!(t.game.strength("longstreet"), Strength::Full);
    assert_eq!(t.square("kearny"), sq("C4"));
}
