//! `fcrel validate` and the campaign loader against broken copies of the
//! real Seven Days file: precise messages, every problem, never a panic.

mod common;
use common::{Scratch, fcrel};

use std::path::{Path, PathBuf};

use fcrel::campaign::{self, Place, Problem};
use serde_json::{Value, json};

fn seven_days_text() -> String {
    std::fs::read_to_string(campaign::bundled_dir().join("seven-days.json")).unwrap()
}

fn seven_days() -> Value {
    serde_json::from_str(&seven_days_text()).unwrap()
}

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> Scratch {
    Scratch::new(&format!("test-{name}"))
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

fn problems_of(v: &Value, name: &str) -> Vec<Problem> {
    let dir = scratch(name);
    let p = write(
        &dir,
        "seven-days.json",
        serde_json::to_string_pretty(v).unwrap().as_bytes(),
    );
    campaign::load_campaign_file(&p).expect_err("the broken copy must be refused")
}

fn lines(ps: &[Problem]) -> Vec<String> {
    ps.iter().map(|p| p.to_string()).collect()
}

fn has(ps: &[Problem], path: &str, needle: &str) -> bool {
    ps.iter()
        .any(|p| p.place == Place::Field(path.to_string()) && p.message.contains(needle))
}

fn area_index(v: &Value, id: &str) -> usize {
    v["map"]["areas"]
        .as_array()
        .unwrap()
        .iter()
        .position(|a| a["id"] == id)
        .unwrap()
}

#[test]
fn bundled_campaigns_are_valid() {
    for f in campaign::load::campaign_files_in(&campaign::bundled_dir()).unwrap() {
        if let Err(ps) = campaign::load_campaign_file(&f) {
            panic!("{}", lines(&ps).join("\n"));
        }
    }
}

#[test]
fn truncated_file_gives_line_and_column() {
    let text = seven_days_text();
    let dir = scratch("truncated");
    // Cut inside a line (mid-way through the file, back over any newline).
    let cut = text[..text.len() / 2].trim_end_matches('\n');
    let p = write(&dir, "seven-days.json", cut.as_bytes());
    let ps = campaign::load_campaign_file(&p).unwrap_err();
    assert_eq!(ps.len(), 1);
    let expected_line = cut.lines().count();
    match ps[0].place {
        Place::LineCol(l, c) => {
            assert_eq!(l, expected_line);
            assert!(c >= 1);
        }
        ref other => panic!("expected a line and column, got {other:?}"),
    }
    assert!(ps[0].message.contains("cut short"), "{}", ps[0]);
    let line = ps[0].to_string();
    assert!(
        line.starts_with(&format!("{}:{expected_line}:", p.display())),
        "{line}"
    );
}

#[test]
fn syntax_error_in_the_middle_points_at_it() {
    let text = "{\n  \"format_version\": 1,\n  \"id\": \"x\",,\n}\n";
    let dir = scratch("syntax");
    let p = write(&dir, "x.json", text.as_bytes());
    let ps = campaign::load_campaign_file(&p).unwrap_err();
    // The second comma of `  "id": "x",,` is column 13.
    assert_eq!(ps[0].place, Place::LineCol(3, 13));
}

#[test]
fn empty_binary_directory_and_huge_files_are_refused_cleanly() {
    let dir = scratch("odd-files");
    let empty = write(&dir, "empty.json", b"");
    let ps = campaign::load_campaign_file(&empty).unwrap_err();
    assert!(ps[0].message.contains("empty"), "{}", ps[0]);

    let binary = write(&dir, "binary.json", &[0x7b, 0x0a, 0xff, 0xfe, 0x00, 0x01]);
    let ps = campaign::load_campaign_file(&binary).unwrap_err();
    assert_eq!(ps[0].place, Place::LineCol(2, 1));
    assert!(ps[0].message.contains("binary"), "{}", ps[0]);

    let sub = dir.join("looks-like-a-file.json");
    std::fs::create_dir_all(&sub).unwrap();
    let ps = campaign::load_campaign_file(&sub).unwrap_err();
    assert!(ps[0].message.contains("directory"), "{}", ps[0]);

    let huge = dir.join("huge.json");
    let f = std::fs::File::create(&huge).unwrap();
    f.set_len(50 * 1024 * 1024).unwrap();
    let ps = campaign::load_campaign_file(&huge).unwrap_err();
    assert!(ps[0].message.contains("52428800 bytes"), "{}", ps[0]);

    let missing = dir.join("nope.json");
    let ps = campaign::load_campaign_file(&missing).unwrap_err();
    assert!(ps[0].message.contains("cannot be read"), "{}", ps[0]);

    let deep = "[".repeat(100_000);
    let p = write(&dir, "deep.json", deep.as_bytes());
    let ps = campaign::load_campaign_file(&p).unwrap_err();
    assert!(matches!(ps[0].place, Place::LineCol(1, _)), "{}", ps[0]);

    let not_object = write(&dir, "list.json", b"[1, 2, 3]");
    assert!(campaign::load_campaign_file(&not_object).is_err());
}

#[test]
fn adjacency_to_a_missing_area_and_one_way_adjacency() {
    let mut v = seven_days();
    let a = area_index(&v, "glendale");
    v["map"]["areas"][a]["adjacent"]
        .as_array_mut()
        .unwrap()
        .push(json!("atlantis"));
    // One-way: Malvern Hill forgets one neighbour that still lists it.
    let m = area_index(&v, "malvern-hill");
    let dropped = v["map"]["areas"][m]["adjacent"]
        .as_array_mut()
        .unwrap()
        .remove(0);
    let d = area_index(&v, dropped.as_str().unwrap());
    let ps = problems_of(&v, "adjacency");
    let n = v["map"]["areas"][a]["adjacent"].as_array().unwrap().len() - 1;
    assert!(
        has(
            &ps,
            &format!("map.areas[{a}].adjacent[{n}]"),
            "\"atlantis\" is not in map.areas"
        ),
        "{:#?}",
        lines(&ps)
    );
    let k = v["map"]["areas"][d]["adjacent"]
        .as_array()
        .unwrap()
        .iter()
        .position(|x| x == "malvern-hill")
        .unwrap();
    assert!(
        has(
            &ps,
            &format!("map.areas[{d}].adjacent[{k}]"),
            "not symmetric"
        ),
        "{:#?}",
        lines(&ps)
    );
}

#[test]
fn tables_must_cover_one_to_ten_exactly_once() {
    let mut v = seven_days();
    // Orders: roll 10 twice, nothing for roll 1.
    v["union_orders"]["campaign_map"]["regular"]["rows"][0]["rolls"] = json!([10]);
    // Withdrawal: drop a row.
    v["withdrawal"].as_array_mut().unwrap().remove(0);
    // Resupply: an impossible roll.
    v["union_resupply"]["table"][0]["rolls"] = json!([0, 1]);
    // Battle resolution: a row with a missing cell.
    v["battle_resolution"]["rows"][3]["cells"]
        .as_array_mut()
        .unwrap()
        .pop();
    let ps = problems_of(&v, "tables");
    let p = "union_orders.campaign_map.regular.rows";
    assert!(has(&ps, p, "does not cover roll 1;"), "{:#?}", lines(&ps));
    assert!(
        has(&ps, p, "roll 10 appears in more than one row"),
        "{:#?}",
        lines(&ps)
    );
    assert!(
        has(&ps, "withdrawal", "does not cover roll"),
        "{:#?}",
        lines(&ps)
    );
    assert!(
        has(
            &ps,
            "union_resupply.table[0].rolls",
            "roll 0 is not a d10 result"
        ),
        "{:#?}",
        lines(&ps)
    );
    assert!(
        has(
            &ps,
            "battle_resolution.rows[3].cells",
            "8 cells for 9 columns"
        ),
        "{:#?}",
        lines(&ps)
    );
}

#[test]
fn references_that_do_not_resolve() {
    let mut v = seven_days();
    v["setup"]["placements"][0]["forces"]
        .as_array_mut()
        .unwrap()
        .push(json!("napoleon"));
    let union_force = v["forces"]
        .as_array()
        .unwrap()
        .iter()
        .position(|f| f["side"] == "union" && f["corps"].is_string())
        .unwrap();
    v["forces"][union_force]["corps"] = json!("XXIII");
    v["setup"]["objective_markers"]
        .as_array_mut()
        .unwrap()
        .push(json!("paris"));
    v["victory"]["objectives"][0]["condition"]["area"] = json!("nowhere");
    v["union_orders"]["battle_area"]["hard"]["rows"][0]["order"] =
        json!({"kind": "move_toward", "area": "lost-river", "steps": 1});
    let ps = problems_of(&v, "references");
    let n = v["setup"]["placements"][0]["forces"]
        .as_array()
        .unwrap()
        .len()
        - 1;
    assert!(has(
        &ps,
        &format!("setup.placements[0].forces[{n}]"),
        "\"napoleon\" is not in forces"
    ));
    assert!(has(
        &ps,
        &format!("forces[{union_force}].corps"),
        "\"XXIII\" is not in corps"
    ));
    let m = v["setup"]["objective_markers"].as_array().unwrap().len() - 1;
    assert!(has(
        &ps,
        &format!("setup.objective_markers[{m}]"),
        "\"paris\""
    ));
    assert!(has(
        &ps,
        "victory.objectives[0].condition.area",
        "\"nowhere\""
    ));
    assert!(
        has(
            &ps,
            "union_orders.battle_area.hard.rows[0].order.area",
            "\"lost-river\""
        ),
        "{:#?}",
        lines(&ps)
    );
}

#[test]
fn late_arrival_without_turn_or_condition() {
    let mut v = seven_days();
    v["late_arrivals"][0]
        .as_object_mut()
        .unwrap()
        .remove("when");
    let ps = problems_of(&v, "late-arrival");
    assert!(
        has(&ps, "late_arrivals[0]", "missing field `when`"),
        "{:#?}",
        lines(&ps)
    );
}

#[test]
fn negative_and_impossible_values() {
    let mut v = seven_days();
    v["forces"][0]["full"]["combat"] = json!(-1);
    v["forces"][1]["full"]["activation"] = json!(11);
    v["lee"]["command_rating"] = json!(0);
    v["union_group_maximum"] = json!(0);
    let ps = problems_of(&v, "values");
    assert!(
        has(&ps, "forces[0].full.combat", "invalid value: integer `-1`"),
        "{:#?}",
        lines(&ps)
    );
    // Structural problems come first; the rest are found once those are fixed.
    let mut v = seven_days();
    v["forces"][1]["full"]["activation"] = json!(11);
    v["lee"]["command_rating"] = json!(0);
    v["union_group_maximum"] = json!(0);
    v["union_cavalry_saving_throw"] = json!(11);
    let ps = problems_of(&v, "values2");
    assert!(has(
        &ps,
        "forces[1].full.activation",
        "Activation 11 is impossible"
    ));
    assert!(has(&ps, "lee.command_rating", "impossible"));
    assert!(has(&ps, "union_group_maximum", "at least 1"));
    assert!(has(
        &ps,
        "union_cavalry_saving_throw",
        "Saving Throw 11 is impossible"
    ));
}

#[test]
fn turn_track_shorter_than_a_referenced_turn() {
    let mut v = seven_days();
    v["turns"] = json!(4);
    let ps = problems_of(&v, "short-track");
    let past: Vec<&Problem> = ps
        .iter()
        .filter(|p| p.message.contains("past the end of the 4-turn Turn Track"))
        .collect();
    // Glendale by turn 5, Malvern Hill by turn 9, the three areas at turn 9.
    assert!(past.len() >= 3, "{:#?}", lines(&ps));
}

#[test]
fn every_structural_problem_is_reported_at_its_place_in_the_file() {
    let mut v = seven_days();
    v["map"]["areas"][2]["adjcent"] = json!([]);
    v["map"]["areas"][5]["colour"] = json!("red");
    v["forces"][1]["type"] = json!("dragoons");
    v["forces"][4]["skill"] = json!("heroic");
    v["surprise"] = json!(true);
    let ps = problems_of(&v, "structure");
    let l = lines(&ps);
    assert!(
        has(&ps, "map.areas[2].adjcent", "unknown field `adjcent`"),
        "{l:#?}"
    );
    assert!(
        has(&ps, "map.areas[5].colour", "unknown field `colour`"),
        "{l:#?}"
    );
    assert!(has(&ps, "forces[1].type", "dragoons"), "{l:#?}");
    // forces[1] was taken out to get past it; forces[4] is still reported
    // under its own index.
    assert!(has(&ps, "forces[4].skill", "heroic"), "{l:#?}");
    assert!(has(&ps, "surprise", "unknown field `surprise`"), "{l:#?}");
}

#[test]
fn many_semantic_problems_in_one_file_are_all_reported() {
    let mut v = seven_days();
    v["id"] = json!("seven-nights");
    v["setup"]["lee"] = json!("moon");
    v["withdrawal"][0]["rolls"] = json!([]);
    v["battle_resolution"]["columns"][1]["min"] = json!(-20);
    v["victory"]["lee_historical_vp"] = json!(99);
    let ps = problems_of(&v, "semantic");
    let l = lines(&ps);
    assert!(has(&ps, "id", "does not match the file name"), "{l:#?}");
    assert!(has(&ps, "setup.lee", "\"moon\""), "{l:#?}");
    assert!(has(&ps, "withdrawal[0].rolls", "no rolls"), "{l:#?}");
    assert!(
        has(&ps, "battle_resolution.columns[1].min", "without gaps"),
        "{l:#?}"
    );
    assert!(has(&ps, "victory.lee_historical_vp", "more than"), "{l:#?}");
    assert!(ps.len() >= 5);
    for line in &l {
        assert!(line.contains("seven-days.json: "), "{line}");
    }
}

#[test]
fn newer_format_version_is_refused_with_advice() {
    let mut v = seven_days();
    v["format_version"] = json!(7);
    let ps = problems_of(&v, "newer");
    assert!(
        has(&ps, "format_version", "newer than this fcrel reads"),
        "{:#?}",
        lines(&ps)
    );
}

#[test]
fn cli_validate_bundled_campaigns_exits_zero() {
    let (code, out, err) = fcrel(&["validate"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("seven-days.json: ok"), "{out}");
    let (code, out, _) = fcrel(&["validate", "campaigns"]);
    assert_eq!(code, 0);
    assert!(out.contains("campaign files valid"), "{out}");
}

#[test]
fn cli_validate_broken_copies_exits_one_with_one_line_per_problem() {
    let dir = scratch("cli");
    let mut v = seven_days();
    v["map"]["areas"][0]["adjacent"]
        .as_array_mut()
        .unwrap()
        .push(json!("atlantis"));
    v["withdrawal"].as_array_mut().unwrap().pop();
    let broken = write(
        &dir,
        "seven-days.json",
        serde_json::to_string(&v).unwrap().as_bytes(),
    );
    let truncated = write(&dir, "cut.json", b"{\"format_version\": 1, \"id\": ");
    let (code, out, err) = fcrel(&[
        "validate",
        broken.to_str().unwrap(),
        truncated.to_str().unwrap(),
        dir.join("missing.json").to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{out}{err}");
    let b = broken.display().to_string();
    assert!(
        err.contains(&format!("{b}: map.areas[0].adjacent[")),
        "{err}"
    );
    assert!(
        err.contains(&format!("{b}: withdrawal: table does not cover")),
        "{err}"
    );
    assert!(
        err.contains(&format!("{}:1:", truncated.display())),
        "{err}"
    );
    assert!(err.contains("missing.json: cannot be read"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    let empty_dir = scratch("cli-empty");
    let (code, _, err) = fcrel(&["validate", empty_dir.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("no campaign files"), "{err}");
}

#[test]
fn stray_keys_on_field_less_variants_and_shape_checks() {
    let mut v = seven_days();
    v["union_orders"]["campaign_map"]["regular"]["rows"][1]["order"] =
        json!({"kind": "hold", "steps": 2});
    let ps = problems_of(&v, "stray");
    assert!(
        has(
            &ps,
            "union_orders.campaign_map.regular.rows[1].order",
            "unknown field `steps`"
        ),
        "{:#?}",
        lines(&ps)
    );

    // A non-monotone Battle Resolution row, a cut-off area, a river off the map.
    let mut v = seven_days();
    v["battle_resolution"]["rows"][0]["cells"][5] = json!([4, 0]);
    let lonely = area_index(&v, "malvern-hill");
    let neighbours: Vec<String> = v["map"]["areas"][lonely]["adjacent"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_string())
        .collect();
    v["map"]["areas"][lonely]["adjacent"] = json!([]);
    for n in &neighbours {
        let i = area_index(&v, n);
        v["map"]["areas"][i]["adjacent"]
            .as_array_mut()
            .unwrap()
            .retain(|x| x != "malvern-hill");
    }
    // Drop river pairs that named the removed adjacencies.
    for r in v["map"]["rivers"].as_array_mut().unwrap() {
        if let Some(s) = r.get_mut("separates").and_then(Value::as_array_mut) {
            s.retain(|p| !p.as_array().unwrap().iter().any(|x| x == "malvern-hill"));
        }
        if let Some(c) = r.get_mut("crossings").and_then(Value::as_array_mut) {
            c.retain(|x| {
                !x["areas"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|a| a == "malvern-hill")
            });
        }
    }
    v["map"]["rivers"][0]["path"][0] = json!([-50.0, 10.0]);
    let ps = problems_of(&v, "shape");
    let l = lines(&ps);
    assert!(
        has(&ps, "battle_resolution.rows[0].cells[5]", "not monotone"),
        "{l:#?}"
    );
    assert!(
        has(&ps, "map.areas", "not connected: malvern-hill"),
        "{l:#?}"
    );
    assert!(has(&ps, "map.rivers[0].path[0]", "outside"), "{l:#?}");
}

/// A campaign id with no file names the bundled ones.
#[test]
fn simulate_names_the_campaigns_for_an_unknown_id() {
    let (code, _, err) = fcrel(&["simulate", "--campaign", "sevendays", "--games", "1"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains(
            "no bundled campaign \"sevendays\"; the campaigns are: seven-days, second-manassas, antietam, chancellorsville, gettysburg"
        ),
        "{err}"
    );
}
