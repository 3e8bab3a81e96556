//! `fcrel battle --scenario`: the bundled example runs; bad scenario files
//! give clear errors and never a panic.

mod common;
use common::{Scratch, fcrel};

use std::path::Path;

fn scratch(name: &str) -> Scratch {
    Scratch::new(&format!("scn-{name}"))
}

fn example() -> serde_json::Value {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/quick-glendale.json"),
    )
    .unwrap();
    serde_json::from_str(&text).unwrap()
}

fn run_with(v: &serde_json::Value, name: &str, json: bool) -> (i32, String, String) {
    let dir = scratch(name);
    let p = dir.join("s.json");
    std::fs::write(&p, serde_json::to_string_pretty(v).unwrap()).unwrap();
    let mut args = vec!["battle", "--scenario", p.to_str().unwrap()];
    if json {
        args.push("--json");
    }
    fcrel(&args)
}

#[test]
fn bundled_scenario_runs_and_is_reproducible() {
    let (code, out, err) = fcrel(&["battle", "--scenario", "scenarios/quick-glendale.json"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("final column \"0\""), "{out}");
    assert!(
        out.contains("Battle turn 3: Union 6, Confederate 5: the Union attacks."),
        "{out}"
    );
    assert!(out.contains("Ending: Union Retreat (14.8)"), "{out}");
    let (_, again, _) = fcrel(&["battle", "--scenario", "scenarios/quick-glendale.json"]);
    assert_eq!(out, again);
    let (code, out, _) = fcrel(&[
        "battle",
        "--scenario",
        "scenarios/quick-glendale.json",
        "--json",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["outcome"]["ending"]["kind"], "retreat");
    assert_eq!(v["outcome"]["ending"]["side"], "union");
    assert_eq!(v["dice_rolled"], 7);
    assert!(v["chronicle"].as_array().unwrap().len() > 10);
}

#[test]
fn a_missing_decision_names_the_legal_ones() {
    let mut v = example();
    v.as_object_mut().unwrap().remove("policy");
    let (code, _, err) = run_with(&v, "no-policy", false);
    assert_eq!(code, 1);
    assert!(err.contains("decision needed (11.9)"), "{err}");
    assert!(
        err.contains("{\"kind\":\"hit_union_force\",\"force\":\"peck\"}"),
        "{err}"
    );
    // An illegal decision is refused with the legal ones.
    let mut v = example();
    v["decisions"][0] = serde_json::json!({"kind": "hit_union_force", "force": "hooker"});
    let (code, _, err) = run_with(&v, "illegal", false);
    assert_eq!(code, 1);
    assert!(err.contains("is not a legal answer"), "{err}");
    // Issue 45 item 5: both the answer and the legal ones in the file's
    // JSON form, not Rust's debug form.
    assert!(
        err.contains("{\"kind\":\"hit_union_force\",\"force\":\"hooker\"} is not"),
        "{err}"
    );
    assert!(
        err.contains("legal: [{\"kind\":\"hit_union_force\","),
        "{err}"
    );
    assert!(!err.contains("HitUnionForce"), "{err}");
    // Scripted dice that run out say which roll needed a die.
    let mut v = example();
    v["dice"] = serde_json::json!([3]);
    let (code, _, err) = run_with(&v, "dice", false);
    assert_eq!(code, 1);
    assert!(
        err.contains("scripted dice ran out at \"12.0 Battle Resolution Table"),
        "{err}"
    );
}

#[test]
fn bad_scenarios_are_refused_with_their_places() {
    let mut v = example();
    v["forces"][0]["id"] = serde_json::json!("napoleon");
    v["forces"][1]["area"] = serde_json::json!("atlantis");
    v["forces"][4]["strength"] = serde_json::json!("reduced");
    v["forces"][4]["id"] = serde_json::json!("us-battery-2-1");
    v["scouts"] = serde_json::json!(99);
    v["dice"][0] = serde_json::json!(12);
    let (code, out, err) = run_with(&v, "refs", false);
    assert_eq!(code, 1, "{out}");
    for needle in [
        "forces[0].id: no counter \"napoleon\"",
        "forces[1].area: area \"atlantis\"",
        "forces[4].strength: \"us-battery-2-1\" has no reduced side",
        "scouts: only 10 Scout counters",
        "dice[0]: 12 is not a d10 face",
    ] {
        assert!(err.contains(needle), "{needle}\n{err}");
    }
    assert!(!err.contains("panicked"));

    let mut v = example();
    v["forces"] = serde_json::json!([{ "id": "ewell", "area": "glendale" }]);
    let (code, _, err) = run_with(&v, "one-side", false);
    assert_eq!(code, 1);
    assert!(
        err.contains("forces: a battle needs Forces of both sides"),
        "{err}"
    );

    let mut v = example();
    v["mode"] = serde_json::json!("hexes");
    v["colour"] = serde_json::json!("red");
    let (code, _, err) = run_with(&v, "structure", false);
    assert_eq!(code, 1);
    assert!(err.contains("mode: unknown variant `hexes`"), "{err}");
    assert!(err.contains("colour: unknown field `colour`"), "{err}");

    let mut v = example();
    v["campaign"] = serde_json::json!("waterloo");
    let (code, _, err) = run_with(&v, "campaign", false);
    assert_eq!(code, 1);
    assert!(
        err.contains("campaign: campaign \"waterloo\" cannot be loaded"),
        "{err}"
    );

    let dir = scratch("files");
    let empty = dir.join("empty.json");
    std::fs::write(&empty, b"").unwrap();
    let (code, _, err) = fcrel(&["battle", "--scenario", empty.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        err.contains("is empty; expected a JSON battle scenario object"),
        "{err}"
    );
    let truncated = dir.join("cut.json");
    std::fs::write(&truncated, b"{\"format_version\": 1, \"campaign\": \"seven").unwrap();
    let (code, _, err) = fcrel(&["battle", "--scenario", truncated.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("cut.json:1:"), "{err}");
    let (code, _, err) = fcrel(&["battle", "--scenario", dir.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        err.contains("is a directory, not a battle scenario"),
        "{err}"
    );
}

/// A stand-alone battle's terms are checked with their places: the sheet's
/// width, Squares off it or taken twice, Artillery not in Line, Forces
/// without a Square, Objectives needed that are not there, a bad Square.
#[test]
fn bad_stand_alone_battles_are_refused_with_their_places() {
    let text = std::fs::read_to_string("scenarios/battle-cornfield.json").unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let sa = &mut v["stand_alone"];
    sa["columns"] = serde_json::json!(9);
    sa["placement"][0]["square"] = serde_json::json!("B12");
    sa["placement"][1]["square"] = serde_json::json!("B5");
    sa["placement"].as_array_mut().unwrap().pop();
    sa["victory"]["needed"] = serde_json::json!(3);
    let (code, out, err) = run_with(&v, "stand-alone", false);
    assert_eq!(code, 1, "{out}");
    for needle in [
        "stand_alone.columns: 9 Columns: the Advanced Battlefield Sheet has 6, the modified sheet 11 or 12",
        "stand_alone.placement[0].square: B12 is off a sheet of 9 Columns",
        "stand_alone.placement[2].square: a second Union Force in B5",
        "stand_alone.placement: \"stuart\" is in \"cornfield\" but has no Square",
        "stand_alone.victory.needed: 3 Objectives needed, 2 on the sheet",
    ] {
        assert!(err.contains(needle), "{needle}\n{err}");
    }
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["stand_alone"]["objectives"][1] = serde_json::json!("F5");
    let (code, _, err) = run_with(&v, "objective", false);
    assert_eq!(code, 1);
    assert!(
        err.contains("stand_alone.objectives[1]: F5 is taken by \"hood\""),
        "{err}"
    );
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["stand_alone"]["objectives"][0] = serde_json::json!("Z9");
    let (code, _, err) = run_with(&v, "square", false);
    assert_eq!(code, 1);
    assert!(err.contains("\"Z9\" is not a Square"), "{err}");
}
