//! Every number of the campaign, scenario and save formats is bounded
//! (`campaign::bounds`, docs/campaign-format.md "Bounds"): one past a bound
//! is refused at its field path with a clear message, the bound itself is
//! accepted, and a campaign at the bound plays whole games in every battle
//! mode. A seeded fuzz test mutates the bundled campaigns' numbers within
//! and beyond their bounds: whatever `validate` accepts plays. No test here
//! has a timeout: a hang is prevented by the engine's own bounds.

mod common;
use common::fcrel;

use std::path::PathBuf;
use std::sync::Arc;

use fcrel::campaign::{self, Campaign, Place, bounds::*};
use fcrel::chronicle::Chronicle;
use fcrel::rules::commander::Policy;
use fcrel::rules::difficulty::{BattleMode, GameOptions};
use fcrel::rules::setup::new_campaign;
use serde_json::{Value, json};

const MODES: [BattleMode; 4] = [
    BattleMode::Basic,
    BattleMode::Advanced,
    BattleMode::Quick,
    BattleMode::VeryQuick,
];

fn bundled(id: &str) -> Value {
    let text = std::fs::read_to_string(campaign::bundled_dir().join(format!("{id}.json"))).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn parse(v: &Value, id: &str) -> Result<Campaign, Vec<(Place, String)>> {
    campaign::parse_campaign(serde_json::to_string(v).unwrap().as_bytes(), Some(id))
}

fn listed(ps: &[(Place, String)]) -> String {
    ps.iter()
        .map(|(p, m)| format!("{p:?}: {m}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The JSON at a pointer ("/victory/objectives/0/vp").
fn at<'a>(v: &'a mut Value, pointer: &str) -> &'a mut Value {
    v.pointer_mut(pointer)
        .unwrap_or_else(|| panic!("no {pointer} in the file"))
}

/// Set the value at a pointer; a missing key of an object is added.
fn set(v: &mut Value, pointer: &str, x: Value) {
    let (parent, key) = pointer.rsplit_once('/').unwrap();
    match at(v, parent) {
        Value::Object(m) => {
            m.insert(key.to_string(), x);
        }
        other => other[key.parse::<usize>().unwrap()] = x,
    }
}

fn array<'a>(v: &'a mut Value, pointer: &str) -> &'a mut Vec<Value> {
    at(v, pointer).as_array_mut().unwrap()
}

/// Play `games` whole campaigns in every battle mode, alternating the two
/// policies; each must end with a result.
fn plays(c: Campaign, games: u64, seed: u64) {
    let c = Arc::new(c);
    for mode in MODES {
        let options = GameOptions {
            battles: mode,
            ..GameOptions::default()
        };
        let start = new_campaign(c.clone(), options, &mut Chronicle::quiet());
        for n in 0..games {
            let policy = if n % 2 == 0 {
                Policy::Objective
            } else {
                Policy::Cautious
            };
            let game_seed = fcrel::sim::game_seed(seed, n);
            let game = fcrel::sim::play_from(&start, game_seed, policy)
                .unwrap_or_else(|e| panic!("{} {mode:?} seed {game_seed}: {e}", c.id));
            assert!(
                game.board.progress.result.is_some(),
                "{} {mode:?}: no result",
                c.id
            );
        }
    }
}

/// One bound: the file at the bound is valid and plays a whole campaign in
/// every battle mode; one past it is refused at `path` with `needle` in the
/// message.
fn bound(
    id: &str,
    at_bound: impl Fn(&mut Value),
    past: impl Fn(&mut Value),
    path: &str,
    needle: &str,
) {
    let mut v = bundled(id);
    at_bound(&mut v);
    let c = parse(&v, id).unwrap_or_else(|ps| panic!("the bound is refused:\n{}", listed(&ps)));
    let mut w = bundled(id);
    past(&mut w);
    let ps = parse(&w, id).expect_err("one past the bound must be refused");
    assert!(
        ps.iter()
            .any(|(p, m)| *p == Place::Field(path.to_string()) && m.contains(needle)),
        "expected {path}: …{needle}…, got:\n{}",
        listed(&ps)
    );
    plays(c, 1, 22);
}

// ---- map, forces and counters, grown to a size -------------------------

/// Grow the map to `total` areas: a chain of new land areas hung on the
/// first area.
fn areas(v: &mut Value, total: usize) {
    let first = v["map"]["areas"][0]["id"].as_str().unwrap().to_string();
    let have = v["map"]["areas"].as_array().unwrap().len();
    let mut prev = first.clone();
    for n in 0..total - have {
        let id = format!("extra-{n}");
        let next = format!("extra-{}", n + 1);
        let mut adjacent = vec![json!(prev)];
        if n + 1 < total - have {
            adjacent.push(json!(next));
        }
        array(v, "/map/areas").push(json!({
            "id": id,
            "name": format!("Extra {n}"),
            "position": [10 + (n % 50) * 20, 10 + (n / 50) * 20],
            "adjacent": adjacent,
        }));
        prev = id;
    }
    array(v, "/map/areas/0/adjacent").push(json!("extra-0"));
}

/// `total` named Forces: copies of the campaign's, each set up (or
/// arriving) with its original.
fn forces(v: &mut Value, total: usize) {
    let originals = v["forces"].as_array().unwrap().clone();
    let mut n = 0;
    while v["forces"].as_array().unwrap().len() < total {
        let mut f = originals[n % originals.len()].clone();
        let of = f["id"].as_str().unwrap().to_string();
        let id = format!("{of}-copy-{n}");
        f["id"] = json!(id);
        array(v, "/forces").push(f);
        let mut placed = false;
        for p in array(v, "/setup/placements") {
            let list = p["forces"].as_array_mut().unwrap();
            if list.iter().any(|x| x == &json!(of)) {
                list.push(json!(id));
                placed = true;
                break;
            }
        }
        if !placed {
            for l in array(v, "/late_arrivals") {
                let list = l["forces"].as_array_mut().unwrap();
                if list.iter().any(|x| x == &json!(of)) {
                    list.push(json!(id));
                    break;
                }
            }
        }
        n += 1;
    }
}

fn corps(v: &mut Value, total: usize) {
    let mut n = 0;
    while v["corps"].as_array().unwrap().len() < total {
        array(v, "/corps").push(json!({
            "id": format!("X{n}"), "side": "union", "name": format!("Extra Corps {n}"),
            "commander": "Nobody"
        }));
        n += 1;
    }
}

/// Copies of element `i` of the list at `pointer` until it holds `total`,
/// each copy's `id` (if it has one) made unique.
fn copies(v: &mut Value, pointer: &str, i: usize, total: usize) {
    let original = array(v, pointer)[i].clone();
    let mut n = 0;
    while array(v, pointer).len() < total {
        let mut x = original.clone();
        if let Some(id) = x.get("id").and_then(Value::as_str) {
            x["id"] = json!(format!("{id}-copy-{n}"));
        }
        array(v, pointer).push(x);
        n += 1;
    }
}

/// A Battle Resolution Table of `n` columns (n ≥ 3), monotone: the
/// attacker's Hits fall and the defender's rise to the right.
fn resolution(v: &mut Value, n: usize) {
    let middle = n as i64 - 2;
    let low = -(middle / 2);
    let mut columns = vec![json!({"label": "low", "max": low - 1})];
    for k in 0..middle {
        let d = low + k;
        columns.push(json!({"label": format!("{d:+}"), "min": d, "max": d}));
    }
    columns.push(json!({"label": "high", "min": low + middle}));
    set(v, "/battle_resolution/columns", json!(columns));
    for r in array(v, "/battle_resolution/rows") {
        let cells: Vec<Value> = (0..n)
            .map(|j| json!([3 - (3 * j / n), 3 * j / n]))
            .collect();
        r["cells"] = json!(cells);
    }
}

fn combat_of_confederates(v: &Value, named_only: bool) -> u64 {
    let named: u64 = v["forces"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["side"] == "confederate")
        .map(|f| f["full"]["combat"].as_u64().unwrap())
        .sum();
    if named_only {
        return named;
    }
    named
        + v["counter_mix"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["side"] == "confederate")
            .map(|m| m["count"].as_u64().unwrap() * m["values"]["combat"].as_u64().unwrap())
            .sum::<u64>()
}

/// Every counter value (full, reduced, stock) of the campaign.
fn every_value(v: &mut Value, f: impl Fn(&mut Value)) {
    for force in array(v, "/forces") {
        f(&mut force["full"]);
        if force["reduced"].is_object() {
            f(&mut force["reduced"]);
        }
    }
    for stock in array(v, "/counter_mix") {
        f(&mut stock["values"]);
    }
}

/// Seven Days' `battery_by_roll` result gives Batteries of this value.
fn batteries_of(v: &mut Value, combat: u32) {
    for row in array(v, "/union_resupply/table/2/result/follow_up") {
        row["combat"] = json!(combat);
    }
}

// ---- one test per bound --------------------------------------------------

#[test]
fn turns() {
    bound(
        "seven-days",
        |v| set(v, "/turns", json!(MAX_TURNS)),
        |v| set(v, "/turns", json!(MAX_TURNS + 1)),
        "turns",
        "1-30",
    );
}

#[test]
fn grand_campaign_order() {
    bound(
        "seven-days",
        |v| set(v, "/grand_campaign_order", json!(MAX_GRAND_CAMPAIGN_ORDER)),
        |v| {
            set(
                v,
                "/grand_campaign_order",
                json!(MAX_GRAND_CAMPAIGN_ORDER + 1),
            )
        },
        "grand_campaign_order",
        "Grand Campaign's 5 campaigns",
    );
}

#[test]
fn command_rating() {
    bound(
        "seven-days",
        |v| set(v, "/lee/command_rating", json!(MAX_COMMAND_RATING)),
        |v| set(v, "/lee/command_rating", json!(MAX_COMMAND_RATING + 1)),
        "lee.command_rating",
        "impossible (1-6)",
    );
}

#[test]
fn group_maximum() {
    bound(
        "gettysburg",
        |v| set(v, "/union_group_maximum", json!(MAX_GROUP)),
        |v| set(v, "/union_group_maximum", json!(MAX_GROUP + 1)),
        "union_group_maximum",
        "the 12 a group may hold",
    );
}

#[test]
fn cavalry_saving_throw() {
    bound(
        "gettysburg",
        |v| set(v, "/union_cavalry_saving_throw", json!(D10)),
        |v| set(v, "/union_cavalry_saving_throw", json!(D10 + 1)),
        "union_cavalry_saving_throw",
        "2-10",
    );
}

#[test]
fn map_size() {
    bound(
        "seven-days",
        |v| {
            set(v, "/map/width", json!(MAX_MAP_SIZE));
            set(v, "/map/height", json!(MAX_MAP_SIZE));
        },
        |v| set(v, "/map/height", json!(MAX_MAP_SIZE + 1.0)),
        "map.height",
        "more than 10000",
    );
}

#[test]
fn areas_on_the_map() {
    bound(
        "seven-days",
        |v| areas(v, MAX_AREAS),
        |v| areas(v, MAX_AREAS + 1),
        "map.areas",
        "101 areas is more than a Campaign map holds (at most 100)",
    );
}

#[test]
fn corps_of_a_campaign() {
    bound(
        "second-manassas",
        |v| corps(v, MAX_CORPS),
        |v| corps(v, MAX_CORPS + 1),
        "corps",
        "41 corps",
    );
}

#[test]
fn named_forces() {
    bound(
        "seven-days",
        |v| forces(v, MAX_FORCES),
        |v| forces(v, MAX_FORCES + 1),
        "forces",
        "101 named Forces",
    );
}

/// The Union Batteries of Seven Days are stocks 12-14 (3 + 4 + 3): the
/// last one grows until the three hold 40, then 41.
#[test]
fn counters_of_one_sort() {
    bound(
        "seven-days",
        |v| set(v, "/counter_mix/14/count", json!(MAX_COUNTERS_PER_TYPE - 7)),
        |v| set(v, "/counter_mix/14/count", json!(MAX_COUNTERS_PER_TYPE - 6)),
        "counter_mix[14].count",
        "41 Union Artillery Batteries in counter_mix are more than the 40",
    );
}

/// Every generic stock at the bound at once: 40 of each sort on both sides.
#[test]
fn every_sort_of_counter_at_the_bound() {
    let mut v = bundled("antietam");
    let keys: Vec<(Value, Value, Value)> = v["counter_mix"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["side"].clone(), m["kind"].clone(), m["type"].clone()))
        .collect();
    for (i, key) in keys.iter().enumerate() {
        let stocks = keys.iter().filter(|k| *k == key).count() as u32;
        // The first stock of a sort takes what the others leave of 40.
        let count = if keys[..i].contains(key) {
            1
        } else {
            MAX_COUNTERS_PER_TYPE - (stocks - 1)
        };
        set(&mut v, &format!("/counter_mix/{i}/count"), json!(count));
    }
    let c = parse(&v, "antietam").unwrap_or_else(|ps| panic!("{}", listed(&ps)));
    plays(c, 1, 5);
}

#[test]
fn start_command_points() {
    bound(
        "seven-days",
        |v| {
            set(
                v,
                "/setup/confederate_command_points",
                json!(MAX_START_COMMAND_POINTS),
            );
            set(
                v,
                "/setup/union_command_points",
                json!(MAX_START_COMMAND_POINTS),
            );
        },
        |v| {
            set(
                v,
                "/setup/union_command_points",
                json!(MAX_START_COMMAND_POINTS + 1),
            )
        },
        "setup.union_command_points",
        "21 Command Points at the start is more than 20",
    );
    bound(
        "seven-days",
        |v| {
            set(
                v,
                "/setup/confederate_command_points",
                json!(MAX_START_COMMAND_POINTS),
            )
        },
        |v| {
            set(
                v,
                "/setup/confederate_command_points",
                json!(MAX_START_COMMAND_POINTS + 1),
            )
        },
        "setup.confederate_command_points",
        "more than 20",
    );
}

#[test]
fn scout_counters() {
    bound(
        "seven-days",
        |v| {
            set(
                v,
                "/confederate_resupply/scout_counters",
                json!(MAX_SCOUT_COUNTERS),
            );
            set(v, "/confederate_resupply/scouts", json!(MAX_SCOUT_COUNTERS));
            set(v, "/setup/scouts", json!(MAX_SCOUT_COUNTERS));
        },
        |v| {
            set(
                v,
                "/confederate_resupply/scout_counters",
                json!(MAX_SCOUT_COUNTERS + 1),
            )
        },
        "confederate_resupply.scout_counters",
        "21 Scout counters is more than the 20",
    );
}

#[test]
fn confederate_resupply_command_points() {
    bound(
        "seven-days",
        |v| {
            set(
                v,
                "/confederate_resupply/command_points",
                json!(MAX_RESUPPLY_COMMAND_POINTS),
            )
        },
        |v| {
            set(
                v,
                "/confederate_resupply/command_points",
                json!(MAX_RESUPPLY_COMMAND_POINTS + 1),
            )
        },
        "confederate_resupply.command_points",
        "11 Command Points a Resupply step is more than 10",
    );
}

#[test]
fn union_resupply_command_points() {
    let all = |n: u32| json!({"regular": n, "hard": n, "veteran": n});
    bound(
        "seven-days",
        |v| {
            set(
                v,
                "/union_resupply/command_points",
                all(MAX_RESUPPLY_COMMAND_POINTS),
            )
        },
        |v| {
            set(
                v,
                "/union_resupply/command_points/hard",
                json!(MAX_RESUPPLY_COMMAND_POINTS + 1),
            )
        },
        "union_resupply.command_points.hard",
        "more than 10 (18.0)",
    );
}

#[test]
fn union_resupply_rolls() {
    let all = |n: u32| json!({"regular": n, "hard": n, "veteran": n});
    bound(
        "seven-days",
        |v| set(v, "/union_resupply/rolls", all(MAX_RESUPPLY_ROLLS)),
        |v| {
            set(
                v,
                "/union_resupply/rolls/regular",
                json!(MAX_RESUPPLY_ROLLS + 1),
            )
        },
        "union_resupply.rolls.regular",
        "11 rolls is impossible (0-10",
    );
}

#[test]
fn resupply_command_points_result() {
    let amount = |n: u32| json!({"kind": "command_points", "amount": n});
    bound(
        "seven-days",
        |v| {
            set(
                v,
                "/union_resupply/table/1/result",
                amount(MAX_RESUPPLY_COMMAND_POINTS),
            )
        },
        |v| {
            set(
                v,
                "/union_resupply/table/1/result",
                amount(MAX_RESUPPLY_COMMAND_POINTS + 1),
            )
        },
        "union_resupply.table[1].result.amount",
        "11 Command Points from one result is more than 10",
    );
}

#[test]
fn battle_plan_counters() {
    let all = |n: u32| json!({"easy": n, "regular": n, "hard": n});
    bound(
        "seven-days",
        |v| {
            set(
                v,
                "/battle_plans/confederate_without_lee",
                all(MAX_BATTLE_PLANS),
            )
        },
        |v| {
            set(
                v,
                "/battle_plans/confederate_without_lee/easy",
                json!(MAX_BATTLE_PLANS + 1),
            )
        },
        "battle_plans.confederate_without_lee.easy",
        "11 Battle Plan Counters a turn is impossible",
    );
}

/// The Special Battle Plan quantity at its largest: every draw ends when
/// the cup holds no plan the Union can use, so even Advanced
/// battles (one more a turn) end.
#[test]
fn special_battle_plans() {
    let all = |n: u32| json!({"regular": n, "hard": n, "veteran": n});
    bound(
        "seven-days",
        |v| {
            set(
                v,
                "/battle_plans/union_special",
                all(MAX_SPECIAL_BATTLE_PLANS),
            )
        },
        |v| {
            set(
                v,
                "/battle_plans/union_special/veteran",
                json!(MAX_SPECIAL_BATTLE_PLANS + 1),
            )
        },
        "battle_plans.union_special.veteran",
        "16 Special Battle Plans a turn is more than the cup holds",
    );
    // And at every Union level and in every campaign, several games.
    for id in common::CAMPAIGNS {
        let mut v = bundled(id);
        set(
            &mut v,
            "/battle_plans/union_special",
            all(MAX_SPECIAL_BATTLE_PLANS),
        );
        let c = Arc::new(parse(&v, id).unwrap());
        for level in [campaign::UnionLevel::Regular, campaign::UnionLevel::Veteran] {
            for mode in [BattleMode::Basic, BattleMode::Advanced] {
                let options = GameOptions {
                    battles: mode,
                    union: fcrel::rules::difficulty::UnionAspects::preset(level),
                    seed: 14,
                    ..GameOptions::default()
                };
                let game = fcrel::sim::play_quiet(c.clone(), options, Policy::Objective)
                    .unwrap_or_else(|e| panic!("{id} {mode:?}: {e}"));
                assert!(game.board.progress.result.is_some());
            }
        }
    }
}

#[test]
fn d10_table_rolls() {
    bound(
        "seven-days",
        |_| {},
        |v| {
            let rolls = array(v, "/withdrawal/3/rolls");
            let last = rolls.len() - 1;
            rolls[last] = json!(D10 + 1);
        },
        "withdrawal[3].rolls",
        "roll 11 is not a d10 result (1-10)",
    );
}

#[test]
fn late_arrival_target() {
    bound(
        "seven-days",
        |v| set(v, "/late_arrivals/0/when/target", json!(D10)),
        |v| set(v, "/late_arrivals/0/when/target", json!(D10 + 1)),
        "late_arrivals[0].when.target",
        "target 11 is not a d10 number (1-10)",
    );
}

#[test]
fn order_steps() {
    let every = |v: &mut Value, steps: u32| {
        for level in ["regular", "hard", "veteran"] {
            for chart in ["campaign_map", "battle_area"] {
                for row in array(v, &format!("/union_orders/{chart}/{level}/rows")) {
                    for key in ["order", "otherwise"] {
                        if row[key].get("steps").is_some() {
                            row[key]["steps"] = json!(steps);
                        }
                    }
                }
            }
        }
    };
    bound(
        "seven-days",
        |v| every(v, 3),
        |v| {
            set(
                v,
                "/union_orders/campaign_map/regular/rows/0/order/steps",
                json!(4),
            )
        },
        "union_orders.campaign_map.regular.rows[0].order.steps",
        "4 steps: orders move 1 to 3 Areas",
    );
}

#[test]
fn battery_follow_up_combat() {
    bound(
        "seven-days",
        |v| {
            for row in array(v, "/union_resupply/table/2/result/follow_up") {
                row["combat"] = json!(D10);
            }
        },
        |v| {
            set(
                v,
                "/union_resupply/table/2/result/follow_up/0/combat",
                json!(D10 + 1),
            )
        },
        "union_resupply.table[2].result.follow_up[0].combat",
        "Combat Value 11 is impossible (1-10)",
    );
}

#[test]
fn activation_numbers() {
    bound(
        "seven-days",
        |v| {
            every_value(v, |x| {
                if x.get("activation").is_some() {
                    x["activation"] = json!(D10);
                }
            })
        },
        |v| set(v, "/forces/0/full/activation", json!(D10 + 1)),
        "forces[0].full.activation",
        "Activation 11 is impossible (1-10)",
    );
}

#[test]
fn combat_values() {
    bound(
        "seven-days",
        |v| {
            every_value(v, |x| {
                x["combat"] = json!(D10);
                if x.get("superior").is_some_and(|s| !s.is_null()) {
                    x["superior"] = json!(D10);
                }
            });
            batteries_of(v, D10);
        },
        |v| set(v, "/counter_mix/0/values/combat", json!(D10 + 1)),
        "counter_mix[0].values.combat",
        "Combat Value 11 is impossible (0-10)",
    );
    // Superior up to the Combat Value, not past it.
    bound(
        "seven-days",
        |v| {
            set(
                v,
                "/forces/0/full/superior",
                v["forces"][0]["full"]["combat"].clone(),
            )
        },
        |v| {
            let combat = v["forces"][0]["full"]["combat"].as_u64().unwrap();
            set(v, "/forces/0/full/superior", json!(combat + 1));
        },
        "forces[0].full.superior",
        "must be 1 to the Combat Value",
    );
}

#[test]
fn rejoin_rolls() {
    let table = |rejoin: u32| {
        let rest: Vec<u32> = (rejoin + 1..=10).collect();
        let (a, b) = rest.split_at(rest.len() / 2);
        json!([
            {"rolls": (1..=rejoin).collect::<Vec<_>>(), "result": "rejoin"},
            {"rolls": a, "result": "union_retreat"},
            {"rolls": b, "result": "confederate_retreat"},
        ])
    };
    bound(
        "seven-days",
        |v| set(v, "/withdrawal", table(MAX_REJOIN_ROLLS as u32)),
        |v| set(v, "/withdrawal", table(MAX_REJOIN_ROLLS as u32 + 1)),
        "withdrawal[0]",
        "Rejoin on 6 of the 10 rolls: at most 5",
    );
}

#[test]
fn resolution_columns() {
    bound(
        "seven-days",
        |v| resolution(v, MAX_RESOLUTION_COLUMNS),
        |v| resolution(v, MAX_RESOLUTION_COLUMNS + 1),
        "battle_resolution.columns",
        "22 columns is more than a Battle Resolution Table has (at most 21)",
    );
}

#[test]
fn resolution_differentials() {
    let edges = |v: &mut Value, d: i64| {
        set(v, "/battle_resolution/columns/0/max", json!(-d));
        set(v, "/battle_resolution/columns/1/min", json!(-d + 1));
        let last = v["battle_resolution"]["columns"].as_array().unwrap().len() - 1;
        set(
            v,
            &format!("/battle_resolution/columns/{last}/min"),
            json!(d),
        );
        set(
            v,
            &format!("/battle_resolution/columns/{}/max", last - 1),
            json!(d - 1),
        );
    };
    let d = i64::from(MAX_DIFFERENTIAL);
    bound(
        "seven-days",
        |v| edges(v, d),
        |v| edges(v, d + 1),
        "battle_resolution.columns[0].max",
        "differential -101 is out of bounds (-100 to +100",
    );
    // The extremes of a signed integer are refused, not overflowed.
    let mut v = bundled("seven-days");
    edges(&mut v, i64::from(i32::MAX));
    let ps = parse(&v, "seven-days").unwrap_err();
    assert!(
        ps.iter().any(
            |(p, m)| *p == Place::Field("battle_resolution.columns[0].max".into())
                && m.contains("out of bounds")
        ),
        "{}",
        listed(&ps)
    );
    let mut v = bundled("seven-days");
    let last = v["battle_resolution"]["columns"].as_array().unwrap().len() - 1;
    set(
        &mut v,
        &format!("/battle_resolution/columns/{}/max", last - 1),
        json!(i32::MAX),
    );
    set(
        &mut v,
        &format!("/battle_resolution/columns/{last}/min"),
        json!(i32::MIN),
    );
    assert!(parse(&v, "seven-days").is_err());
}

#[test]
fn resolution_hits() {
    bound(
        "seven-days",
        |v| {
            // The most Hits a cell may give, kept monotone: the attacker's
            // in the leftmost column, the defender's in the rightmost.
            for r in array(v, "/battle_resolution/rows") {
                let cells = r["cells"].as_array_mut().unwrap();
                let last = cells.len() - 1;
                cells[0][0] = json!(MAX_RESOLUTION_HITS);
                cells[last][1] = json!(MAX_RESOLUTION_HITS);
            }
        },
        |v| {
            set(
                v,
                "/battle_resolution/rows/0/cells/0/0",
                json!(MAX_RESOLUTION_HITS + 1),
            )
        },
        "battle_resolution.rows[0].cells[0][0]",
        "11 attacker Hits from one roll is more than 10",
    );
}

#[test]
fn objectives() {
    bound(
        "seven-days",
        |v| copies(v, "/victory/objectives", 4, MAX_OBJECTIVES),
        |v| copies(v, "/victory/objectives", 4, MAX_OBJECTIVES + 1),
        "victory.objectives",
        "21 objectives is more than a campaign has (at most 20)",
    );
}

#[test]
fn objective_victory_points() {
    bound(
        "seven-days",
        |v| {
            copies(v, "/victory/objectives", 4, MAX_OBJECTIVES);
            for o in array(v, "/victory/objectives") {
                o["vp"] = json!(MAX_VP);
            }
            // Lee's score may be as high as the objectives give.
            set(
                v,
                "/victory/lee_historical_vp",
                json!(MAX_VP * MAX_OBJECTIVES as u32),
            );
        },
        |v| set(v, "/victory/objectives/0/vp", json!(MAX_VP + 1)),
        "victory.objectives[0].vp",
        "6 Victory Points is more than 5",
    );
}

/// The issue's numbers: VP of 999,999,999 and 2,147,483,648 used to pass
/// and then abort `simulate`; they are refused now, and so is a counter
/// mix of 4,294,967,295.
#[test]
fn the_issues_numbers_are_refused() {
    for vp in [999_999_999u64, 2_147_483_648] {
        let mut v = bundled("seven-days");
        set(&mut v, "/victory/objectives/0/vp", json!(vp));
        let ps = parse(&v, "seven-days").unwrap_err();
        assert!(
            ps.iter().any(
                |(p, m)| *p == Place::Field("victory.objectives[0].vp".into())
                    && m.contains("more than 5")
            ),
            "{}",
            listed(&ps)
        );
    }
    let mut v = bundled("seven-days");
    set(&mut v, "/counter_mix/4/count", json!(u32::MAX));
    set(&mut v, "/setup/counters/0/count", json!(u32::MAX));
    set(&mut v, "/setup/counters/1/count", json!(u32::MAX));
    let ps = parse(&v, "seven-days").unwrap_err();
    assert!(
        ps.iter()
            .any(|(p, m)| *p == Place::Field("counter_mix[4].count".into())
                && m.contains("4294967295")),
        "{}",
        listed(&ps)
    );
}

/// A campaign built in code, past the loader, is refused by `simulate`
/// before it sizes its tallies from it.
#[test]
fn simulate_refuses_a_campaign_out_of_bounds() {
    let mut c = parse(&bundled("seven-days"), "seven-days").unwrap();
    c.victory.objectives[0].vp = 999_999_999;
    c.victory.lee_historical_vp = 999_999_999;
    let options = GameOptions {
        battles: BattleMode::Quick,
        ..GameOptions::default()
    };
    let Err((_, why)) = fcrel::sim::simulate(Arc::new(c), options, Policy::Objective, 3) else {
        panic!("simulated a campaign out of bounds");
    };
    let why = why.to_string();
    assert!(
        why.contains("victory.objectives[0].vp: 999999999 Victory Points is more than 5"),
        "{why}"
    );
}

#[test]
fn lee_historical_victory_points() {
    // Seven Days: five objectives of 1 VP.
    bound(
        "seven-days",
        |v| set(v, "/victory/lee_historical_vp", json!(5)),
        |v| set(v, "/victory/lee_historical_vp", json!(6)),
        "victory.lee_historical_vp",
        "Lee's 6 VP is more than the 5 VP",
    );
}

#[test]
fn casualties() {
    bound(
        "antietam",
        |v| {
            set(v, "/victory/casualties/vp", json!(MAX_VP));
            let named = combat_of_confederates(v, true);
            set(v, "/victory/casualties/min_named_combat", json!(named));
        },
        |v| set(v, "/victory/casualties/vp", json!(MAX_VP + 1)),
        "victory.casualties.vp",
        "6 Victory Points is more than 5",
    );
    bound(
        "antietam",
        |v| {
            let named = combat_of_confederates(v, true);
            set(v, "/victory/casualties/min_named_combat", json!(named));
        },
        |v| {
            let named = combat_of_confederates(v, true);
            set(v, "/victory/casualties/min_named_combat", json!(named + 1));
        },
        "victory.casualties.min_named_combat",
        "Combat Value of all the named Confederate Forces (21.1)",
    );
}

#[test]
fn hold_with_combat_value() {
    // Antietam's objective 2 holds Sharpsburg with a Combat Value of 3.
    let pointer = "/victory/objectives/2/condition/min_combat";
    bound(
        "antietam",
        |v| {
            let all = combat_of_confederates(v, false);
            set(v, pointer, json!(all));
        },
        |v| {
            let all = combat_of_confederates(v, false);
            set(v, pointer, json!(all + 1));
        },
        "victory.objectives[2].condition.min_combat",
        "Combat Value of all the Confederate counters",
    );
}

#[test]
fn defeat_conditions() {
    bound(
        "second-manassas",
        |v| copies(v, "/victory/defeat", 0, MAX_DEFEATS),
        |v| copies(v, "/victory/defeat", 0, MAX_DEFEATS + 1),
        "victory.defeat",
        "21 defeat conditions",
    );
}

/// `setup.counters` takes from the stocks: with 40 Union Garrisons, the
/// last Garrison entry may ask for all that 7.6 and the others leave.
#[test]
fn setup_counters() {
    let garrisons = |v: &mut Value, n: u64| {
        set(v, "/counter_mix/15/count", json!(MAX_COUNTERS_PER_TYPE));
        set(v, "/setup/counters/5/count", json!(n));
    };
    let largest = (1..=u64::from(MAX_COUNTERS_PER_TYPE))
        .rev()
        .find(|&n| {
            let mut v = bundled("seven-days");
            garrisons(&mut v, n);
            parse(&v, "seven-days").is_ok()
        })
        .expect("some count is valid");
    assert!(largest > 20, "{largest}");
    bound(
        "seven-days",
        |v| garrisons(v, largest),
        |v| garrisons(v, largest + 1),
        "setup.counters[5]",
        "left after 7.6",
    );
}

/// Every Seven Days bound at once: the campaign at its largest plays five
/// games in every battle mode.
#[test]
fn every_bound_at_once() {
    let mut v = bundled("seven-days");
    let all3 = |n: u32| json!({"regular": n, "hard": n, "veteran": n});
    set(&mut v, "/turns", json!(MAX_TURNS));
    set(&mut v, "/lee/command_rating", json!(MAX_COMMAND_RATING));
    set(&mut v, "/union_group_maximum", json!(MAX_GROUP));
    areas(&mut v, MAX_AREAS);
    forces(&mut v, MAX_FORCES);
    set(
        &mut v,
        "/counter_mix/14/count",
        json!(MAX_COUNTERS_PER_TYPE - 7),
    );
    set(
        &mut v,
        "/setup/confederate_command_points",
        json!(MAX_START_COMMAND_POINTS),
    );
    set(
        &mut v,
        "/setup/union_command_points",
        json!(MAX_START_COMMAND_POINTS),
    );
    set(
        &mut v,
        "/confederate_resupply/scout_counters",
        json!(MAX_SCOUT_COUNTERS),
    );
    set(
        &mut v,
        "/confederate_resupply/scouts",
        json!(MAX_SCOUT_COUNTERS),
    );
    set(
        &mut v,
        "/confederate_resupply/command_points",
        json!(MAX_RESUPPLY_COMMAND_POINTS),
    );
    set(
        &mut v,
        "/union_resupply/command_points",
        all3(MAX_RESUPPLY_COMMAND_POINTS),
    );
    set(&mut v, "/union_resupply/rolls", all3(MAX_RESUPPLY_ROLLS));
    set(
        &mut v,
        "/union_resupply/table/1/result",
        json!({"kind": "command_points", "amount": MAX_RESUPPLY_COMMAND_POINTS}),
    );
    set(
        &mut v,
        "/battle_plans/confederate_without_lee",
        json!({"easy": MAX_BATTLE_PLANS, "regular": MAX_BATTLE_PLANS, "hard": MAX_BATTLE_PLANS}),
    );
    set(
        &mut v,
        "/battle_plans/union_special",
        all3(MAX_SPECIAL_BATTLE_PLANS),
    );
    every_value(&mut v, |x| {
        x["combat"] = json!(D10);
        if x.get("activation").is_some() {
            x["activation"] = json!(D10);
        }
    });
    batteries_of(&mut v, D10);
    resolution(&mut v, MAX_RESOLUTION_COLUMNS);
    for r in array(&mut v, "/battle_resolution/rows") {
        let cells = r["cells"].as_array_mut().unwrap();
        let last = cells.len() - 1;
        cells[0][0] = json!(MAX_RESOLUTION_HITS);
        cells[last][1] = json!(MAX_RESOLUTION_HITS);
    }
    let rejoin: Vec<u32> = (1..=MAX_REJOIN_ROLLS as u32).collect();
    set(
        &mut v,
        "/withdrawal",
        json!([
            {"rolls": rejoin, "result": "rejoin"},
            {"rolls": [6, 7, 8, 9, 10], "result": "encamp"},
        ]),
    );
    copies(&mut v, "/victory/objectives", 4, MAX_OBJECTIVES);
    for o in array(&mut v, "/victory/objectives") {
        o["vp"] = json!(MAX_VP);
    }
    let c = parse(&v, "seven-days").unwrap_or_else(|ps| panic!("{}", listed(&ps)));
    plays(c, 5, 30);
}

// ---- the command line -----------------------------------------------------

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fcrel-bounds-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn fcrel_validate_names_the_field_out_of_bounds() {
    let dir = scratch("validate");
    let mut v = bundled("seven-days");
    set(&mut v, "/victory/objectives/1/vp", json!(999_999_999));
    set(&mut v, "/counter_mix/4/count", json!(u32::MAX));
    let p = dir.join("seven-days.json");
    std::fs::write(&p, serde_json::to_string_pretty(&v).unwrap()).unwrap();
    let (code, _, err) = fcrel(&["validate", p.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    let file = p.display().to_string();
    assert!(
        err.lines().any(|l| l.starts_with(&format!(
            "{file}: victory.objectives[1].vp: 999999999 Victory Points is more than 5"
        ))),
        "{err}"
    );
    assert!(
        err.lines()
            .any(|l| l.starts_with(&format!("{file}: counter_mix[4].count: 4294967295"))),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

// ---- scenarios --------------------------------------------------------------

fn scenario(name: &str) -> Value {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenarios")
            .join(name),
    )
    .unwrap();
    serde_json::from_str(&text).unwrap()
}

type Loaded = Result<(fcrel::scenario::Scenario, Arc<Campaign>), Vec<campaign::Problem>>;

fn load(v: &Value, dir: &std::path::Path) -> Loaded {
    let p = dir.join("scenario.json");
    std::fs::write(&p, serde_json::to_string(v).unwrap()).unwrap();
    fcrel::scenario::load_scenario(&p)
}

/// One scenario bound: at the bound the battle loads and is fought to an
/// end (or stops cleanly); one past it is refused at `path`.
fn scenario_bound(
    file: &str,
    at_bound: impl Fn(&mut Value),
    past: impl Fn(&mut Value),
    path: &str,
    needle: &str,
) {
    let dir = scratch(&format!("scenario-{}", path.replace(['.', '[', ']'], "-")));
    let mut v = scenario(file);
    at_bound(&mut v);
    let (s, c) = load(&v, &dir).unwrap_or_else(|ps| {
        panic!(
            "{}",
            ps.iter()
                .map(|p| p.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        )
    });
    // Fought to its end, or stopped by a scripted answer that is not legal.
    let _ = fcrel::scenario::run(&s, c);
    let mut w = scenario(file);
    past(&mut w);
    let ps = load(&w, &dir).expect_err("one past the bound must be refused");
    let file_path = dir.join("scenario.json");
    assert!(
        ps.iter().any(|p| p.file == file_path
            && p.place == Place::Field(path.into())
            && p.message.contains(needle)),
        "expected {path}: …{needle}…, got:\n{}",
        ps.iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join("\n")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn scenario_command_points() {
    for field in ["confederate_command_points", "union_command_points"] {
        scenario_bound(
            "basic-glendale.json",
            |v| v[field] = json!(MAX_SCENARIO_COMMAND_POINTS),
            |v| v[field] = json!(MAX_SCENARIO_COMMAND_POINTS + 1),
            field,
            "101 Command Points is more than 100",
        );
    }
}

#[test]
fn scenario_dice() {
    scenario_bound(
        "basic-glendale.json",
        |v| v["dice"] = json!(vec![10; MAX_SCENARIO_DICE]),
        |v| v["dice"] = json!(vec![5; MAX_SCENARIO_DICE + 1]),
        "dice",
        "10001 scripted dice is more than 10000",
    );
    scenario_bound(
        "basic-glendale.json",
        |v| v["dice"] = json!([10, 0, 1]),
        |v| v["dice"] = json!([10, 11]),
        "dice[1]",
        "11 is not a d10 face",
    );
}

#[test]
fn scenario_decisions() {
    let fight_on = json!({"kind": "fight_on"});
    scenario_bound(
        "quick-glendale.json",
        |v| v["decisions"] = json!(vec![fight_on.clone(); MAX_SCENARIO_DECISIONS]),
        |v| v["decisions"] = json!(vec![fight_on.clone(); MAX_SCENARIO_DECISIONS + 1]),
        "decisions",
        "10001 scripted decisions is more than 10000",
    );
}

/// A stand-alone battle with the most Battle Plans and Special Battle
/// Plans a turn is fought to its end.
#[test]
fn scenario_battle_plans() {
    for field in ["confederate_battle_plans", "union_special_battle_plans"] {
        scenario_bound(
            "battle-malvern-hill.json",
            |v| v["stand_alone"][field] = json!(12),
            |v| v["stand_alone"][field] = json!(13),
            &format!("stand_alone.{field}"),
            "at most 12",
        );
    }
    let mut v = scenario("battle-malvern-hill.json");
    v["stand_alone"]["union_special_battle_plans"] = json!(12);
    let dir = scratch("malvern-12");
    let (s, c) = load(&v, &dir).unwrap();
    let report = fcrel::scenario::run(&s, c).unwrap_or_else(|e| panic!("{}", e.1));
    assert!(report.stand_alone.is_some());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A Square whose Column is the least signed integer is a message with
/// its field, not an overflow, in a scenario and in a save.
#[test]
fn a_square_past_every_column_is_refused_not_overflowed() {
    let dir = scratch("square");
    let mut v = scenario("battle-malvern-hill.json");
    v["stand_alone"]["placement"][0]["square"] = json!("A-2147483648");
    let ps = load(&v, &dir).unwrap_err();
    assert!(
        ps.iter().any(
            |p| p.place == Place::Field("stand_alone.placement[0].square".into())
                && p.message.contains("\"A-2147483648\" is not a Square")
        ),
        "{}",
        ps.iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join("\n")
    );
    // The Squares the sheet has are still read.
    v["stand_alone"]["placement"][0]["square"] =
        scenario("battle-malvern-hill.json")["stand_alone"]["placement"][0]["square"].clone();
    load(&v, &dir).expect("the bundled placement");
    let mut save = fixture_save();
    save["decisions"][3] = json!({"kind": "march_into", "square": "F-2147483648"});
    let e = parse_save(&save).unwrap_err();
    assert!(
        e.problem
            .contains("decisions[3].square: \"F-2147483648\" is not a Square"),
        "{e}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

// ---- saves ------------------------------------------------------------------

fn fixture_save() -> Value {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/seven-days-basic-turn-7-before-the-view.json");
    serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
}

fn parse_save(v: &Value) -> Result<fcrel::save::SaveFile, fcrel::save::SaveProblem> {
    fcrel::save::parse(
        std::path::Path::new("bounded.json"),
        serde_json::to_string(v).unwrap().as_bytes(),
    )
}

#[test]
fn save_decisions_are_bounded() {
    let mut v = fixture_save();
    let first = v["decisions"][0].clone();
    v["decisions"] = json!(vec![first.clone(); MAX_SAVE_DECISIONS]);
    let save = parse_save(&v).expect("the bound is a save");
    // Replayed, it stops at the first decision that is not legal.
    let c = Arc::new(campaign::load_bundled(&save.campaign).unwrap());
    let replayed = fcrel::save::replay(&save, c);
    assert!(replayed.is_err(), "{replayed:?}");
    v["decisions"] = json!(vec![first; MAX_SAVE_DECISIONS + 1]);
    let e = parse_save(&v).unwrap_err();
    assert_eq!(e.file, PathBuf::from("bounded.json"));
    assert!(
        e.problem
            .contains("decisions: 100001 decisions is more than a save holds (at most 100000)"),
        "{e}"
    );
}

#[test]
fn save_dice_are_bounded() {
    let mut v = fixture_save();
    v["dice"] = json!(vec![10; MAX_SAVE_DICE]);
    let save = parse_save(&v).expect("the bound is a save");
    // The game rolls its own dice: the typed-in ones are kept, unused.
    let c = Arc::new(campaign::load_bundled(&save.campaign).unwrap());
    fcrel::save::replay(&save, c).expect("replays");
    v["dice"] = json!(vec![10; MAX_SAVE_DICE + 1]);
    let e = parse_save(&v).unwrap_err();
    assert!(
        e.problem
            .contains("dice: 100001 typed-in dice is more than a save holds (at most 100000)"),
        "{e}"
    );
    // A typed die is a d10 face: 1-10, the die's 0 reading as 10.
    v["dice"] = json!([3, 0, 10]);
    parse_save(&v).expect("d10 faces");
    v["dice"] = json!([3, 10, 11]);
    let e = parse_save(&v).unwrap_err();
    assert!(e.problem.contains("dice[2]: 11 is not a d10 result"), "{e}");
    v["dice"] = json!([u32::MAX]);
    assert!(parse_save(&v).unwrap_err().problem.contains("dice[0]"));
}

// ---- the fuzz test ------------------------------------------------------------

/// A small LCG: the fuzz test's own seeded dice.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// JSON pointers to every integer of the file, drawing points left out.
fn numbers(v: &Value, pointer: String, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                if !matches!(k.as_str(), "position" | "path" | "outline") {
                    numbers(x, format!("{pointer}/{k}"), out);
                }
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                numbers(x, format!("{pointer}/{i}"), out);
            }
        }
        Value::Number(n) if n.is_i64() || n.is_u64() => out.push(pointer),
        _ => {}
    }
}

/// 200 mutants of the bundled campaigns, one or two numbers each set to a
/// value near the old one, at or beyond a bound, or a type's extreme:
/// every one that validates plays 5 games in every battle mode; every
/// other is refused with field paths, never a panic.
#[test]
fn mutated_campaigns_that_validate_play() {
    const MUTANTS: usize = 200;
    let mut dice = Lcg(0x0022_b00d);
    let bases: Vec<(&str, Value, Vec<String>)> = common::CAMPAIGNS
        .iter()
        .map(|id| {
            let v = bundled(id);
            let mut ps = Vec::new();
            numbers(&v, String::new(), &mut ps);
            (*id, v, ps)
        })
        .collect();
    let (mut accepted, mut refused) = (0, 0);
    for m in 0..MUTANTS {
        let (id, base, pointers) = &bases[m % bases.len()];
        let mut v = base.clone();
        let mut changed = Vec::new();
        for _ in 0..1 + dice.below(2) {
            let p = &pointers[dice.below(pointers.len())];
            let old = v.pointer(p).and_then(Value::as_i64).unwrap_or(0);
            let near = [old - 1, old + 1, old * 2, old / 2];
            let choices: [i64; 28] = [
                0,
                1,
                2,
                3,
                5,
                6,
                9,
                10,
                11,
                12,
                13,
                15,
                16,
                20,
                21,
                30,
                31,
                40,
                41,
                100,
                101,
                old - 1,
                old + 1,
                old * 2,
                999_999_999,
                2_147_483_648,
                4_294_967_295,
                -101,
            ];
            let x = if dice.below(2) == 0 {
                near[dice.below(near.len())]
            } else {
                choices[dice.below(choices.len())]
            };
            set(&mut v, p, json!(x));
            changed.push(format!("{p} = {x}"));
        }
        match parse(&v, id) {
            Ok(c) => {
                accepted += 1;
                // A mutant that plays is bounded by the engine itself.
                let c = Arc::new(c);
                for mode in MODES {
                    let options = GameOptions {
                        battles: mode,
                        ..GameOptions::default()
                    };
                    let start = new_campaign(c.clone(), options, &mut Chronicle::quiet());
                    for n in 0..5u64 {
                        let policy = if n % 2 == 0 {
                            Policy::Objective
                        } else {
                            Policy::Cautious
                        };
                        let seed = fcrel::sim::game_seed(m as u64, n);
                        let game =
                            fcrel::sim::play_from(&start, seed, policy).unwrap_or_else(|e| {
                                panic!("{id} with {changed:?}, {mode:?} seed {seed}: {e}")
                            });
                        assert!(game.board.progress.result.is_some());
                    }
                }
            }
            Err(ps) => {
                refused += 1;
                assert!(
                    ps.iter().any(|(p, _)| matches!(p, Place::Field(_))),
                    "{id} with {changed:?}: {}",
                    listed(&ps)
                );
            }
        }
    }
    // Both sides of the bounds were reached.
    eprintln!("{accepted} mutants validated and played, {refused} refused");
    assert!(accepted >= MUTANTS / 8, "only {accepted} mutants validated");
    assert!(
        refused >= MUTANTS / 8,
        "only {refused} mutants were refused"
    );
}

/// R-14.8.1-bound: a battle that no table ends (every Withdrawal roll a
/// Rejoin, a Battle Resolution Table without Hits, dice that never hit)
/// ends after `MOST_ROUNDS` rounds in an Encamp, in every battle mode. The
/// dice are finite: without the bound the battle runs out of them and fails.
#[test]
fn a_battle_no_table_ends_encamps_after_the_last_round() {
    use fcrel::campaign::{WithdrawalResult, WithdrawalRow};
    use fcrel::dice::Dice;
    use fcrel::rules::battle::endings::MOST_ROUNDS;
    use fcrel::rules::battle::{BattleSpec, Ending};
    use fcrel::rules::ctx::Ctx;
    use fcrel::rules::decision::{Recorded, ThenPolicy};

    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenarios/quick-glendale.json");
    let (mut s, c) = fcrel::scenario::load_scenario(&path).unwrap();
    let mut c = (*c).clone();
    c.withdrawal = vec![WithdrawalRow {
        rolls: (1..=10).collect(),
        result: WithdrawalResult::Rejoin,
    }];
    for row in &mut c.battle_resolution.rows {
        row.cells.iter_mut().for_each(|cell| *cell = [0, 0]);
    }
    // Two equal Forces a side: no 2:1, no Rout; a 10 never hits a 3.
    for f in &mut c.forces {
        f.full.combat = 3;
        if let Some(r) = &mut f.reduced {
            r.combat = 3;
        }
    }
    s.forces
        .retain(|f| !f.id.starts_with("cs-") && !f.id.starts_with("us-"));
    let c = Arc::new(c);
    for mode in MODES {
        s.mode = mode;
        let mut board = s.board(c.clone());
        let mut dice = Dice::scripted(vec![10; 40_000]);
        let mut chronicle = Chronicle::default();
        let mut decider = ThenPolicy {
            recorded: Recorded::new(Vec::new()),
            policy: Policy::Cautious,
        };
        let spec = BattleSpec {
            area: s.area.clone(),
            attacker: s.attacker,
        };
        let mut ctx = Ctx {
            board: &mut board,
            dice: &mut dice,
            chronicle: &mut chronicle,
            decider: &mut decider,
        };
        let out = fcrel::rules::turn::fight(&mut ctx, &spec, mode)
            .unwrap_or_else(|e| panic!("{mode:?}: {e}"));
        let text: Vec<String> = chronicle.entries().iter().map(|e| e.line()).collect();
        assert_eq!(out.rounds, MOST_ROUNDS, "{mode:?}");
        assert_eq!(out.ending, Ending::Encamp, "{mode:?}");
        assert_eq!(
            text.iter()
                .filter(|l| l.contains("R-14.8.1-bound") && l.starts_with("[14.8.1]"))
                .count(),
            1,
            "{mode:?}: {}",
            text.join("\n")
        );
        // Both armies stay (14.8.4): no counter lost.
        for f in &s.forces {
            assert_eq!(
                board.piece(&f.id).unwrap().location(),
                &fcrel::rules::components::Location::Area(s.area.clone()),
                "{mode:?}: {}",
                f.id
            );
        }
    }
}

/// An area's `terrain` is one of the map's six words; any other is refused
/// at its place, naming the words it may be.
#[test]
fn an_unknown_terrain_is_refused_at_its_place() {
    let mut v = bundled("seven-days");
    set(&mut v, "/map/areas/3/terrain", Value::from("jungle"));
    let ps = parse(&v, "seven-days").expect_err("jungle is no terrain");
    assert!(
        ps.iter().any(|(p, m)| {
            *p == Place::Field("map.areas[3].terrain".to_string())
                && m.contains("jungle")
                && m.contains("woods")
        }),
        "got:\n{}",
        listed(&ps)
    );
    let mut ok = bundled("seven-days");
    set(&mut ok, "/map/areas/3/terrain", Value::from("swamp"));
    let c = parse(&ok, "seven-days").expect("swamp is a terrain");
    assert_eq!(c.map.areas[3].terrain, campaign::Terrain::Swamp);
}
