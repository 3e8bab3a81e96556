//! The Optional rules (issue 20) with scripted dice: O11.4 Shock Attacks
//! on the Battlefield Sheet and the Squares, O13.0 Optional Union Tactics
//! Tables, Counter-Battery Fire in a Quick battle.

use std::sync::Arc;

use fcrel::campaign::{self, Skill};
use fcrel::rules::battle::ground::{Region, Square};
use fcrel::rules::battle::terms::{Formation, Tactics};
use fcrel::rules::battle::turns::shock::{checks_by_skill, shock_activation};
use fcrel::rules::board::Board;
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
    use fcrel::rules::battle::basic::confederate;
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
    confederate::resolve(&mut run.ctx(), &mut f, false).unwrap();
    let text = run.text();
    assert!(text.contains("Shock attack, check 2 of 2"), "{text}");
    assert_eq!(run.dice.scripted_left(), Some(0), "{text}");
    let k = f.unit_of(run.board.index("longstreet").unwrap()).unwrap();
    assert_eq!(f.units[k].at, Region::ConfederateFront);
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
