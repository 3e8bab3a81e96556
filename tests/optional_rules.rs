//! The Optional rules (issue 20) with scripted dice: O11.4 Shock Attacks
//! on the Battlefield Sheet and the Squares, O13.0 Optional Union Tactics
//! Tables, Counter-Battery Fire in a Quick battle.

use fcrel::rules::battle::turns::resolve;
use std::sync::Arc;

use fcrel::campaign::{self, Skill};
use fcrel::rules::battle::ground::{Region, Square};
use fcrel::rules::battle::terms::{Formation, Tactics};
use fcrel::rules::battle::turns::shock::{checks_by_skill, shock_activation};
use fcrel::rules::board::{Board, PieceIx};
use fcrel::rules::components::Strength;
use fcrel::rules::decision::{Decision, DefaultPlan, FormationChange, SecondMove};

mod common;
use common::*;

fn board(optional: &str, ids: &[&str]) -> Board {
    let c = Arc::new(campaign::load_bundled("seven-days").unwrap());
    let mut b = empty_board(c);
    b.options = b.options.with_optional(optional).unwrap();
    at(&mut b, "glendale", ids);
    b
}

/// O11.4: Conscript and Poor Line 3 checks, Line and Veteran 2, Elite 1.
#[test]
fn shock_attack_checks_by_skill_level() {
    use Skill::*;
    let n = [Conscript, PoorLine, Line, Veteran, Elite].map(checks_by_skill);
    assert_eq!(n, [3, 3, 2, 2, 1]);
}

/// O11.4 on the Battlefield Sheet: Veteran Longstreet, in Column, Marches
/// into the Union Front: no March check in Column (12.4.1), then two
/// Shock attack checks; the second fails (9 > 7) and he Holds where he is.
#[test]
fn a_confederate_shock_attack_needs_its_checks_basic() {
    use fcrel::rules::battle::basic::field::{Field, Unit};
    let b = board("shock-checks", &["longstreet", "kearny"]);
    let mut f = Field::new("glendale", false, 4);
    for (id, region) in [
        ("longstreet", Region::ConfederateFront),
        ("kearny", Region::UnionFront),
    ] {
        let pid = b.index(id).unwrap();
        let side = b.pieces[pid].force.side;
        f.units
            .push(Unit::new(&b, pid, side, region, Formation::Column));
    }
    let march = DefaultPlan::March {
        change: FormationChange::None,
        then: SecondMove::None,
    };
    let mut run = Run::answering(
        b,
        &[3, 9],
        vec![Decision::Act {
            force: "longstreet".into(),
            plan: Some(march),
        }],
    );
    resolve::confederate(&mut run.ctx(), &mut f, false).unwrap();
    let text = run.text();
    assert!(text.contains("Shock attack, check 2 of 2"), "{text}");
    assert_eq!(run.dice.scripted_left(), Some(0), "{text}");
    let k = f.unit_of(run.board.index("longstreet").unwrap()).unwrap();
    assert_eq!(f.units[k].at(), Region::ConfederateFront);
    assert_eq!(run.strength("kearny"), Strength::Full);
}

/// O11.4 on the Squares, through the one check the engine makes: a
/// Conscript needs three, an Elite one; without the rule one.
#[test]
fn shock_activation_counts_its_checks_advanced() {
    use fcrel::rules::battle::advanced::field::{Field, Unit};
    for (optional, dice, passes) in [
        ("shock-checks", vec![1, 2, 3], true),
        ("shock-checks", vec![1, 10], false),
        ("", vec![2], true),
    ] {
        let b = board(optional, &["slocum", "longstreet"]);
        let mut f = Field::new("glendale", false, 4);
        let pid = b.index("slocum").unwrap();
        f.units.push(Unit::new(
            &b,
            pid,
            fcrel::campaign::Side::Union,
            Square::named("C4").unwrap(),
            Formation::Column,
        ));
        let mut run = Run::new(b, &dice);
        let ok = shock_activation(&mut run.ctx(), &f, pid, "A11.4").unwrap();
        assert_eq!(ok, passes, "{optional} {dice:?}");
        assert_eq!(run.dice.scripted_left(), Some(0), "{optional} {dice:?}");
    }
}

/// O13.0 through the Union's tactics at placement: Union Superiority
/// (8 against 5); an even d10 picks Table #1, whose row 4 is Aggressive;
/// an odd one Table #2, whose row 4 is Defensive.
#[test]
fn optional_union_tactics_tables_decide_the_tactics() {
    use fcrel::rules::battle::advanced::field::Field;
    use fcrel::rules::battle::turns::tactics::tactics_for;
    for (dice, want) in [([2, 4], Tactics::Aggressive), ([3, 4], Tactics::Defensive)] {
        let b = board("union-tactics-tables", &[]);
        let mut f = Field::new("glendale", false, 4);
        let mut run = Run::new(b, &dice);
        tactics_for(&mut run.ctx(), &mut f, 8, 5).unwrap();
        assert_eq!(f.tactics, want, "{dice:?}\n{}", run.text());
        assert!(run.text().contains("Optional Union Tactics Table #"));
    }
}

/// Counter-Battery Fire in a Quick battle: Pendleton (Combat Value 4: a
/// Hit on 1), Hunt (6: on 2 or less) and Union Battery 3-1 fire together
/// after the Fog of War; Pendleton and Hunt hit. Pendleton's Hit destroys
/// the Union Artillery of the lowest Skill Level, Hunt's Pendleton, before
/// the first resolution.
#[test]
fn counter_battery_fire_before_a_quick_battle() {
    let text = std::fs::read_to_string("scenarios/quick-glendale.json").unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let forces = v["forces"].as_array_mut().unwrap();
    forces.push(serde_json::json!({ "id": "pendleton", "area": "glendale" }));
    forces.push(serde_json::json!({ "id": "hunt", "area": "glendale" }));
    v["optional"] = serde_json::json!(["counter-battery-fire"]);
    let given: Vec<u32> = v["dice"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_u64().unwrap() as u32)
        .collect();
    let mut dice = vec![given[0], 1, 2, 10];
    dice.extend(&given[1..]);
    v["dice"] = serde_json::json!(dice);
    let dir = std::env::temp_dir().join(format!("fcrel-cbf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("cbf.json");
    std::fs::write(&path, serde_json::to_string(&v).unwrap()).unwrap();
    let (_, out, err) = fcrel(&["battle", "--scenario", path.to_str().unwrap()]);
    let _ = std::fs::remove_dir_all(&dir);
    let all = format!("{out}{err}");
    assert!(
        all.contains("Counter-Battery Fire: 1 Confederate and 2 Union"),
        "{all}"
    );
    assert!(
        all.contains("Combat Value 4: d10 = 1 vs 1 (Hit number 1) → success"),
        "{all}"
    );
    assert!(
        all.contains("The Union counter-battery fire destroys Pendleton"),
        "{all}"
    );
    assert_eq!(
        all.matches("The Confederate counter-battery fire destroys")
            .count(),
        1,
        "{all}"
    );
}

// ---------------------------------------------------------------------------
// Confederate Groups and Area Group Limit (R-Opt-CG)
// ---------------------------------------------------------------------------

/// Answers Moves (and anything else) with the last option, keeping every
/// request it was asked.
struct Keep(Vec<fcrel::rules::decision::Request>, Vec<Decision>);

impl fcrel::rules::decision::Decider for Keep {
    fn decide(
        &mut self,
        _: &Board,
        request: &fcrel::rules::decision::Request,
    ) -> Result<Decision, fcrel::rules::decision::Interrupt> {
        self.0.push(request.clone());
        let scripted = self
            .1
            .iter()
            .position(|d| request.options.contains(d))
            .map(|k| self.1.remove(k));
        Ok(scripted.unwrap_or_else(|| *request.options.last().unwrap()))
    }
}

fn gettysburg(optional: &str) -> Board {
    let c = Arc::new(campaign::load_bundled("gettysburg").unwrap());
    let mut b = empty_board(c);
    b.options = b.options.with_optional(optional).unwrap();
    b
}

fn offered(r: &fcrel::rules::decision::Request, force: &str, to: &str) -> bool {
    r.options.contains(&Decision::MoveForce {
        force: force.into(),
        to: to.into(),
    })
}

fn refusal<'a>(r: &'a fcrel::rules::decision::Request, force: &str, to: &str) -> Option<&'a str> {
    let d = Decision::MoveForce {
        force: force.into(),
        to: to.into(),
    };
    r.refused
        .iter()
        .find(|(x, _)| *x == d)
        .map(|(_, why)| why.as_str())
}

/// The rule's example: at Gettysburg the Union group maximum, 6, limits
/// the Confederate groups too. Cashtown holds Heth, Pender, R.H. Anderson
/// (III Corps, "H") and three Additional Forces — six Mobile Forces, a
/// Garrison beside them not counted. From Greenwood, McLaws (I Corps, "L")
/// may not join them (another Corps), nor may Stuart or Pendleton (no
/// Corps, but a seventh Force); McLaws may go to empty Fairfield. Without
/// the rule every move is offered.
#[test]
fn confederate_groups_of_one_corps_at_most_the_group_maximum() {
    let mut b = gettysburg("confederate-groups");
    at(
        &mut b,
        "cashtown",
        &[
            "heth",
            "pender",
            "rh-anderson",
            "cs-inf-brigade-1",
            "cs-inf-brigade-2",
            "cs-inf-regiment-1",
            "cs-garrison-1",
        ],
    );
    at(&mut b, "greenwood", &["mclaws", "stuart", "pendleton"]);
    b.lee = fcrel::rules::components::Location::Area("greenwood".into());
    let without = {
        let mut b = b.clone();
        b.options.confederate_groups = false;
        b
    };
    let mut keep = Keep(Vec::new(), vec![Decision::EndMoves]);
    let mut run = Run::new(b, &[]);
    run.step(fcrel::rules::turn::Step::ConfederateMoves, &mut keep)
        .unwrap();
    let r = &keep.0[0];
    for force in ["mclaws", "stuart", "pendleton"] {
        assert!(!offered(r, force, "cashtown"), "{force}: {:?}", r.options);
    }
    let why = refusal(r, "mclaws", "cashtown").expect("refused with its reason");
    assert!(why.contains("H Corps and L Corps"), "{why}");
    let why = refusal(r, "stuart", "cashtown").expect("refused with its reason");
    assert!(
        why.contains("group of 7 Forces, over the campaign's group maximum of 6"),
        "{why}"
    );
    assert!(offered(r, "mclaws", "fairfield"), "{:?}", r.options);
    // Heth may not leave for Greenwood either: H and L Corps.
    assert!(!offered(r, "heth", "greenwood"), "{:?}", r.options);

    let mut keep = Keep(Vec::new(), vec![Decision::EndMoves]);
    let mut run = Run::new(without, &[]);
    run.step(fcrel::rules::turn::Step::ConfederateMoves, &mut keep)
        .unwrap();
    let r = &keep.0[0];
    assert!(offered(r, "mclaws", "cashtown") && offered(r, "stuart", "cashtown"));
    assert!(r.refused.is_empty());
}

/// Named Forces without a Corps join any one group (R-Opt-CG): Stuart may
/// go to a group of III Corps below the maximum; two Corps never share an
/// area even when both are small.
#[test]
fn a_named_force_without_a_corps_joins_any_group() {
    use fcrel::rules::group_limit::problem;
    let mut b = gettysburg("confederate-groups");
    at(
        &mut b,
        "cashtown",
        &["heth", "stuart", "pendleton", "cs-inf-brigade-1"],
    );
    at(&mut b, "greenwood", &["early", "mclaws"]);
    let ids = |b: &Board, a: &str| b.side_in_area(a, campaign::Side::Confederate);
    assert_eq!(
        problem(&b, campaign::Side::Confederate, &ids(&b, "cashtown")),
        None
    );
    let why = problem(&b, campaign::Side::Confederate, &ids(&b, "greenwood")).unwrap();
    assert!(why.contains("E Corps and L Corps"), "{why}");
}

/// One Union group an area: a Union group that would march into an area
/// holding a group of another Corps stops short of it (R-Opt-CG). Gettysburg
/// row 1, "Move toward Gettysburg (Center)", for I Corps at Emmitsburg
/// with XI Corps in the way.
#[test]
fn a_union_group_does_not_enter_an_area_with_another_group() {
    let c = Arc::new(campaign::load_bundled("gettysburg").unwrap());
    let corps = |corps: &str| -> Vec<String> {
        c.forces
            .iter()
            .filter(|f| f.corps.as_deref() == Some(corps))
            .map(|f| f.id.clone())
            .collect()
    };
    let (i, xi) = (corps("I"), corps("XI"));
    let from = "moritz-tavern";
    // The next area on the way to Gettysburg, found by the map.
    let mut b = gettysburg("confederate-groups");
    let ids: Vec<&str> = i.iter().map(String::as_str).collect();
    at(&mut b, from, &ids);
    let mut probe = Run::new(b.clone(), &[1, 1, 1, 1]);
    probe
        .step(
            fcrel::rules::turn::Step::UnionOrders,
            &mut Keep(Vec::new(), vec![]),
        )
        .unwrap();
    let next = probe.loc(&i[0]);
    let next = next.area().expect("moved").to_string();
    assert_ne!(next, from, "{}", probe.text());
    // XI Corps there: I Corps does not enter.
    let xi_ids: Vec<&str> = xi.iter().map(String::as_str).collect();
    at(&mut b, &next, &xi_ids);
    let orders = |b: Board| {
        let mut run = Run::new(b, &[1, 1, 1, 1]);
        let first = Decision::OrdersFor {
            area: from.into(),
            group: "I".into(),
        };
        let mut keep = Keep(Vec::new(), vec![first]);
        run.step(fcrel::rules::turn::Step::UnionOrders, &mut keep)
            .unwrap();
        run
    };
    let run = orders(b.clone());
    let t = run.text();
    assert_eq!(run.loc(&i[0]), area(from), "{t}");
    assert!(t.contains("The group stops short of"), "{t}");
    // Without the rule it goes in.
    b.options.confederate_groups = false;
    let run = orders(b);
    assert_eq!(run.loc(&i[0]), area(&next), "{}", run.text());
}

/// One Union group an area also binds Union Resupply (R-Opt-CG): an
/// Additional Force may not be placed where the area's group is full, nor
/// a Named Force where another Corps stands; into an empty area any may.
#[test]
fn union_placements_join_the_areas_one_group() {
    use fcrel::rules::group_limit::refuses;
    let mut b = gettysburg("confederate-groups");
    at(
        &mut b,
        "moritz-tavern",
        &[
            "wadsworth",
            "robinson",
            "doubleday",
            "wainwright",
            "us-inf-brigade-1",
            "us-inf-brigade-2",
        ],
    );
    let brigade = b.index("us-inf-brigade-3").unwrap();
    let why = refuses(&b, brigade, "moritz-tavern").expect("the group is full");
    assert!(why.contains("group of 7 Forces"), "{why}");
    assert_eq!(refuses(&b, brigade, "emmitsburg"), None);
    let xi: Vec<PieceIx> = b
        .pieces
        .indices()
        .filter(|&i| b.pieces[i].force.corps.as_deref() == Some("XI"))
        .collect();
    let why = refuses(&b, xi[0], "moritz-tavern").expect("another Corps");
    assert!(why.contains("I Corps and XI Corps"), "{why}");
    b.options.confederate_groups = false;
    assert_eq!(refuses(&b, brigade, "moritz-tavern"), None);
}

/// Issue 32 item 6, O13.0: "roll d10 to determine if the Union will use the
/// Optional Union Tactics Table #1 or #2 (even numbers on d10 for #1, odd
/// numbers on d10 for #2)". The roll's words name the table it picks, and
/// that table is the one read: a 7 is odd, Table #2, whose row 4 with Union
/// Superiority is Defensive; a 10 (even, 4.5) Table #1, row 4 Aggressive.
#[test]
fn the_o13_table_roll_names_the_table_it_picks() {
    use fcrel::rules::battle::advanced::field::Field;
    use fcrel::rules::battle::turns::tactics::tactics_for;
    for (dice, parity, table, want) in [
        ([7, 4], "odd", 2, Tactics::Defensive),
        ([10, 4], "even", 1, Tactics::Aggressive),
        ([2, 4], "even", 1, Tactics::Aggressive),
        ([1, 4], "odd", 2, Tactics::Defensive),
    ] {
        let b = board("union-tactics-tables", &[]);
        let mut f = Field::new("glendale", false, 4);
        let mut run = Run::new(b, &dice);
        tactics_for(&mut run.ctx(), &mut f, 8, 5).unwrap();
        let text = run.text();
        assert!(
            text.contains(&format!(
                "[O13.0] Optional Union Tactics Table: d10 = {} → {parity}: Table #{table}",
                dice[0]
            )),
            "{text}"
        );
        assert!(
            text.contains(&format!(
                "[O13.0] Optional Union Tactics Table #{table}, Union Superiority (8 against 5): d10 = 4 → {want:?}"
            )),
            "{text}"
        );
        assert_eq!(f.tactics, want, "{text}");
    }
}

/// A scenario file with one change, written to a scratch folder.
/// The folder goes when the returned `Scratch` is dropped.
fn scenario_with(name: &str, edit: impl FnOnce(&mut serde_json::Value)) -> (Scratch, String) {
    let text = std::fs::read_to_string("scenarios/basic-glendale.json").unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    edit(&mut v);
    let dir = Scratch::new(&format!("optional-{name}"));
    let path = dir.join(name);
    std::fs::write(&path, serde_json::to_string_pretty(&v).unwrap()).unwrap();
    let path = path.to_string_lossy().into_owned();
    (dir, path)
}

/// Issue 32 item 7, O13.0 "Used with: Basic and Advanced Battle Rules.":
/// a Basic scenario with the Optional Union Tactics Tables is refused by
/// `fcrel battle` and `fcrel odds` alike with `--battles quick`, each naming
/// the rule and its place in the file; in its own mode both fight it.
#[test]
fn battle_and_odds_refuse_a_rule_the_mode_is_not_used_with() {
    let (_dir, path) = scenario_with("tables.json", |v| {
        v["optional"] = serde_json::json!(["counter-battery-fire", "union-tactics-tables"]);
    });
    let (code, out, err) = fcrel(&["battle", "--scenario", &path, "--battles", "quick"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains(&format!("{path}: optional[1]: ")), "{err}");
    assert!(
        err.contains("Optional Union Tactics Tables (O13.0)")
            && err.contains("not used with Quick battles")
            && err.contains("Basic and Advanced"),
        "{err}"
    );
    assert!(!err.contains("optional[0]"), "{err}");
    let (code, out, err) = fcrel(&[
        "odds",
        "--scenario",
        &path,
        "--battles",
        "quick",
        "--trials",
        "20",
    ]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.contains(&format!("{path}: optional[1]: ")), "{err}");
    assert!(
        err.contains("Optional Union Tactics Tables (O13.0)")
            && err.contains("not used with Quick battles"),
        "{err}"
    );
    assert!(out.is_empty(), "no odds are given: {out}");
    // In its own (Basic) mode, and in Advanced, the rules are played.
    for mode in ["basic", "advanced"] {
        let (code, out, err) = fcrel(&[
            "odds",
            "--scenario",
            &path,
            "--battles",
            mode,
            "--trials",
            "20",
        ]);
        assert_eq!(code, 0, "{mode}: {out}{err}");
    }
}

/// Issue 32 item 7, The Battle Continues "Used with: Basic, Advanced and
/// Quick Battle Rules.": a Very Quick scenario holding it is refused when
/// loaded, at its entry in `optional`.
#[test]
fn a_scenario_names_the_optional_entry_its_mode_is_not_used_with() {
    let (_dir, path) = scenario_with("very-quick.json", |v| {
        v["mode"] = serde_json::json!("very-quick");
        v["optional"] = serde_json::json!(["counter-battery-fire", "battle-continues"]);
    });
    let (code, out, err) = fcrel(&["battle", "--scenario", &path]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        err.contains(&format!("{path}: optional[1]: The Battle Continues")),
        "{err}"
    );
    assert!(err.contains("not used with Very Quick battles"), "{err}");
    assert!(!err.contains("optional[0]"), "{err}");
}

/// Issue 32 item 8 (DESIGN.md, Command line: "`--optional all` selecting
/// every Optional rule that the chosen battle mode allows"), with each
/// rule's "Used with" line as the rulebook prints it: Shock Attacks,
/// Officers Confused and O13.0 "Basic and Advanced"; The Battle Continues
/// "Basic, Advanced and Quick"; every other rule every mode.
#[test]
fn simulate_optional_all_plays_every_rule_the_mode_is_used_with() {
    let every = [
        "union-cavalry-corps",
        "resupply-availability",
        "scout-counters",
        "scouts-and-orders",
        "counter-battery-fire",
        "confederate-groups",
    ];
    for (mode, more) in [
        (
            "basic",
            &[
                "shock-checks",
                "union-tactics-tables",
                "battle-continues",
                "officers-confused",
            ][..],
        ),
        (
            "advanced",
            &[
                "shock-checks",
                "union-tactics-tables",
                "battle-continues",
                "officers-confused",
            ][..],
        ),
        ("quick", &["battle-continues"][..]),
        ("very-quick", &[][..]),
    ] {
        let (code, out, err) = fcrel(&[
            "simulate",
            "--campaign",
            "seven-days",
            "--games",
            "2",
            "--battles",
            mode,
            "--optional",
            "all",
            "--json",
        ]);
        assert_eq!(code, 0, "{mode}: {out}{err}");
        let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        let mut got: Vec<String> = v["optional"]
            .as_array()
            .unwrap_or_else(|| panic!("{mode}: {out}"))
            .iter()
            .map(|r| r.as_str().unwrap().to_string())
            .collect();
        got.sort();
        let mut want: Vec<String> = every.iter().chain(more).map(|s| s.to_string()).collect();
        want.sort();
        assert_eq!(got, want, "{mode}");
    }
    let (code, out, _) = fcrel(&["simulate", "--help"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("`all`: every Optional rule the --battles mode is used with"),
        "{out}"
    );
}

/// `fcrel simulate` names the rule a mode is not used with.
#[test]
fn simulate_refuses_a_rule_the_mode_is_not_used_with() {
    let (code, out, err) = fcrel(&[
        "simulate",
        "--campaign",
        "seven-days",
        "--games",
        "1",
        "--battles",
        "very-quick",
        "--optional",
        "scout-counters,battle-continues",
    ]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains(
            "The Battle Continues (\"battle-continues\") is not used with Very Quick battles"
        ),
        "{err}"
    );
}

/// Issue 32 item 9, O16.3.1: "You can discard multiple Scout counters to
/// modify the result of a Union Orders die roll by the cumulative number,
/// plus or minus." With the rule and three Scouts the question offers ±1
/// to ±3 and says so; without it, the 16.3.1 question offers ±1.
#[test]
fn the_union_orders_question_says_how_far_the_scouts_move_the_roll() {
    use fcrel::rules::decision::{Interrupt, Recorded};
    use fcrel::rules::turn::Step;
    for (optional, reach) in [("scouts-and-orders", 3), ("", 1)] {
        let mut b = board(optional, &[]);
        at(&mut b, "west-house", &["hooker", "kearny"]);
        b.scouts.available = 3;
        let mut run = Run::new(b, &[5]);
        let r = match run.step(Step::UnionOrders, &mut Recorded::new(vec![])) {
            Err(Interrupt::Decide(r)) => r,
            other => panic!("{other:?}\n{}", run.text()),
        };
        let most = r
            .options
            .iter()
            .filter_map(|d| match d {
                Decision::ModifyOrders { by } => Some(by.abs()),
                _ => None,
            })
            .max();
        assert_eq!(most, Some(reach), "{optional}: {:?}", r.options);
        if reach > 1 {
            assert!(
                r.prompt
                    .contains("1 to 3 to change it by as many (O16.3.1)"),
                "{}",
                r.prompt
            );
            assert!(!r.prompt.contains("change it by 1?"), "{}", r.prompt);
        } else {
            assert!(r.prompt.contains("change it by 1?"), "{}", r.prompt);
        }
        assert!(r.prompt.contains("You hold 3 Scouts"), "{}", r.prompt);
    }
}

/// Issue 32 item 9, 14.5 Rout: each Union Force of a Routed army retreats
/// to an adjacent area, the dice choosing; the chronicle names the
/// Force as everywhere else, never by its id.
#[test]
fn a_routed_force_is_named_in_its_retreat() {
    use fcrel::campaign::Side;
    let b = board("", &["slocum", "kearny"]);
    let mut run = Run::new(b, &[1, 1, 1, 1]);
    fcrel::rules::battle::endings::leave_area(
        &mut run.ctx(),
        "glendale",
        Side::Union,
        "14.5",
        false,
    )
    .unwrap();
    let text = run.text();
    assert!(text.contains("Slocum (Union "), "{text}");
    assert!(text.contains("retreats to"), "{text}");
    for id in ["slocum", "kearny"] {
        assert!(!text.contains(id), "the id {id} in:\n{text}");
    }
}
