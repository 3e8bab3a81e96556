//! Every Seven Days value the rulebook prints (DESIGN.md: "where it quotes a
//! campaign value in an example, the data matches it").

use fcrel::campaign::*;

fn c() -> Campaign {
    load_bundled("seven-days").unwrap()
}

fn chart_texts(chart: &OrdersChart) -> Vec<(u32, &str)> {
    let mut rows: Vec<(u32, &str)> = chart
        .rows
        .iter()
        .flat_map(|r| r.rolls.iter().map(move |&n| (n, r.text.as_str())))
        .collect();
    rows.sort();
    rows
}

/// 16.1.1, word for word.
#[test]
fn campaign_map_orders_regular_word_for_word() {
    let c = c();
    let expected = [
        "Move toward Malvern Hill.",
        "Hold.",
        "Move to a random adjacent Area.",
        "Move toward Malvern Hill.",
        "Advance to the closest Union Held Area.",
        "Move to a random adjacent Area.",
        "Move toward Malvern Hill.",
        "Hold.",
        "Advance to the closest Union Held Area.",
        "Move 2 spaces toward Malvern Hill.",
    ];
    let got = chart_texts(&c.union_orders.campaign_map.regular);
    for (i, text) in expected.iter().enumerate() {
        assert_eq!(got[i], (i as u32 + 1, *text));
    }
    // And typed as the words say.
    let row = |n: u32| {
        c.union_orders
            .campaign_map
            .regular
            .rows
            .iter()
            .find(|r| r.rolls.contains(&n))
            .unwrap()
            .clone()
    };
    assert_eq!(
        row(4).order,
        Order::MoveToward {
            area: "malvern-hill".into(),
            steps: 1
        }
    );
    assert_eq!(
        row(10).order,
        Order::MoveToward {
            area: "malvern-hill".into(),
            steps: 2
        }
    );
    assert_eq!(row(2).order, Order::Hold {});
    assert_eq!(row(3).order, Order::Random {});
    assert_eq!(
        row(5).order,
        Order::UnionHeld {
            target: OrderTarget::Area
        }
    );
}

/// 16.1.2, word for word, with its footnote.
#[test]
fn battle_area_orders_regular_word_for_word() {
    let c = c();
    let chart = &c.union_orders.battle_area.regular;
    let expected = [
        "Hold.",
        "Move to Crew House. Otherwise, Hold.",
        "Move to the closest Confederate Force.* Otherwise, Hold.",
        "Hold.",
        "Move to West House. Otherwise, Hold.",
        "Move to the closest Confederate Force.* Otherwise, Hold.",
        "Hold.",
        "Move to Western Run. Otherwise, Hold.",
        "Move to Malvern Hill. Otherwise, Hold.",
        "Hold.",
    ];
    let got = chart_texts(chart);
    for (i, text) in expected.iter().enumerate() {
        assert_eq!(got[i], (i as u32 + 1, *text));
    }
    assert!(chart.notes.iter().any(|n| n
        == "* This Order only applies if there is a Confederate Force within the Battle Area. If not, Hold."));
    let row2 = chart.rows.iter().find(|r| r.rolls.contains(&2)).unwrap();
    assert_eq!(
        row2.order,
        Order::MoveToward {
            area: "crew-house".into(),
            steps: 1
        }
    );
    assert_eq!(row2.otherwise, Some(Order::Hold {}));
    let row3 = chart.rows.iter().find(|r| r.rolls.contains(&3)).unwrap();
    assert_eq!(
        row3.order,
        Order::Advance {
            steps: 1,
            battle_area_only: true
        }
    );
}

/// 2.3 / 16.1.2: Crew House is in the Battle Area.
#[test]
fn map_names_every_area_the_rulebook_names() {
    let c = c();
    for name in [
        "Richmond (North)",
        "Richmond (Center)",
        "Richmond (South)",
        "Seven Pines",
        "Oak Grove",
        "Beaver Dam Creek",
        "Glendale",
        "Frayser's Farm",
        "Crew House",
        "West House",
        "Western Run",
        "Malvern Hill",
    ] {
        assert!(
            c.map.areas.iter().any(|a| a.name == name),
            "no area named {name}"
        );
    }
    let battle_area = |id: &str| c.map.areas.iter().find(|a| a.id == id).unwrap().battle_area;
    for id in [
        "crew-house",
        "west-house",
        "western-run",
        "malvern-hill",
        "glendale",
    ] {
        assert!(battle_area(id), "{id} is in the Battle Area");
    }
    assert!(!battle_area("richmond-center"));
    // 2.3 / 9.3: Frayser's Farm and Glendale, Seven Pines and Oak Grove
    // (16.4 example: Slocum advances from Seven Pines to Oak Grove).
    let adj = |a: &str, b: &str| {
        c.map
            .areas
            .iter()
            .find(|x| x.id == a)
            .unwrap()
            .adjacent
            .iter()
            .any(|n| n == b)
    };
    assert!(adj("seven-pines", "oak-grove"));
    assert!(adj("glendale", "fraysers-farm"));
}

/// 3.1 victory conditions, 3.2, 9.1: 9 turns.
#[test]
fn victory_conditions_as_3_1_states_them() {
    let c = c();
    assert_eq!(c.turns, 9);
    let cond = |id: &str| {
        c.victory
            .objectives
            .iter()
            .find(|o| o.id == id)
            .unwrap_or_else(|| panic!("no objective {id}"))
            .condition
            .clone()
    };
    assert_eq!(
        cond("beaver-dam-creek"),
        Condition::ClearArea {
            area: "beaver-dam-creek".into(),
            by: Deadline {
                turn: 2,
                phase: Some(Phase::Confederate)
            }
        }
    );
    assert_eq!(
        cond("glendale"),
        Condition::Reach {
            area: "glendale".into(),
            by: Deadline {
                turn: 5,
                phase: None
            },
            forces: ForceFilter::Any {}
        }
    );
    assert_eq!(
        cond("malvern-hill"),
        Condition::Reach {
            area: "malvern-hill".into(),
            by: Deadline {
                turn: 9,
                phase: None
            },
            forces: ForceFilter::Any {}
        }
    );
    assert_eq!(
        cond("battle-area"),
        Condition::Occupy {
            areas: vec![
                "crew-house".into(),
                "west-house".into(),
                "western-run".into()
            ],
            at: Deadline {
                turn: 9,
                phase: None
            }
        }
    );
    assert_eq!(
        cond("richmond"),
        Condition::HoldThroughout {
            areas: vec![
                "richmond-north".into(),
                "richmond-center".into(),
                "richmond-south".into()
            ]
        }
    );
    // 21.0: one Victory Point per Objective.
    assert!(c.victory.objectives.iter().all(|o| o.vp == 1));
    // 2.2 example: Objective markers in the three Richmond areas.
    for r in ["richmond-north", "richmond-center", "richmond-south"] {
        assert!(c.setup.objective_markers.iter().any(|m| m == r));
    }
}

/// 4.7/10.2.10/10.2.12 examples, 18.2 example, 16.3 example.
#[test]
fn numbers_quoted_in_the_rulebook() {
    let c = c();
    assert_eq!(c.lee.command_rating, 2);
    assert_eq!(c.battle_plans.confederate_without_lee.regular, 1);
    assert_eq!(c.battle_plans.union_special.regular, 2);
    let cp = c.union_resupply.command_points;
    assert_eq!((cp.regular, cp.hard, cp.veteran), (3, 4, 5));
    let r = c.union_resupply.rolls;
    assert_eq!((r.regular, r.hard, r.veteran), (2, 3, 4));
    assert_eq!(c.union_group_maximum, 6);
    // 18.0: the Seven Days table grants no Command Points.
    assert!(
        !c.union_resupply
            .table
            .iter()
            .any(|row| matches!(row.result, ResupplyResult::CommandPoints { .. }))
    );
}

/// 18.2 / 18.3 examples: 1 = Brigade, 3 = Battery whose follow-up 9–10 is
/// Combat Value 4, 4 = Fortification whose follow-up 3 is Crew House (the
/// others being West House, Western Run, Malvern Hill), 7 = Garrison with a
/// follow-up for its area.
#[test]
fn union_resupply_table_rows_from_the_examples() {
    let c = c();
    let row = |n: u32| {
        c.union_resupply
            .table
            .iter()
            .find(|r| r.rolls.contains(&n))
            .unwrap()
            .result
            .clone()
    };
    assert!(matches!(
        row(1),
        ResupplyResult::Additional {
            counter: CounterKind::Brigade,
            ..
        }
    ));
    match row(3) {
        ResupplyResult::BatteryByRoll { follow_up } => {
            for roll in [9, 10] {
                let r = follow_up.iter().find(|r| r.rolls.contains(&roll)).unwrap();
                assert_eq!(r.combat, 4);
            }
        }
        other => panic!("roll 3 should be a Battery by follow-up roll, is {other:?}"),
    }
    match row(4) {
        ResupplyResult::StaticByRoll { counter, follow_up } => {
            assert_eq!(counter, CounterKind::Fortification);
            let at3 = follow_up.iter().find(|r| r.rolls.contains(&3)).unwrap();
            assert_eq!(at3.area, "crew-house");
            let mut areas: Vec<&str> = follow_up.iter().map(|r| r.area.as_str()).collect();
            areas.sort();
            areas.dedup();
            assert_eq!(
                areas,
                ["crew-house", "malvern-hill", "west-house", "western-run"]
            );
        }
        other => panic!("roll 4 should be a Fortification by follow-up roll, is {other:?}"),
    }
    assert!(matches!(
        row(7),
        ResupplyResult::StaticByRoll {
            counter: CounterKind::Garrison,
            ..
        }
    ));
}

/// The Seven Days Battle Resolution Table: printed rows 1–2 and the cells
/// the worked examples fix (Very Quick and Quick rules).
#[test]
fn battle_resolution_table_printed_rows_and_example_cells() {
    let c = c();
    let brt = &c.battle_resolution;
    let labels: Vec<&str> = brt.columns.iter().map(|x| x.label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "-10 or less",
            "-7 to -9",
            "-4 to -6",
            "-3 to -1",
            "0",
            "+1 to +3",
            "+4 to +6",
            "+7 to +9",
            "+10"
        ]
    );
    let row = |n: u32| {
        brt.rows
            .iter()
            .find(|r| r.rolls.contains(&n))
            .unwrap()
            .cells
            .clone()
    };
    assert_eq!(
        row(1),
        [
            [3, 1],
            [3, 1],
            [3, 1],
            [3, 1],
            [2, 1],
            [2, 1],
            [2, 1],
            [1, 1],
            [0, 1]
        ]
    );
    assert_eq!(
        row(2),
        [
            [3, 1],
            [3, 1],
            [3, 1],
            [2, 1],
            [2, 1],
            [2, 1],
            [1, 1],
            [1, 1],
            [1, 1]
        ]
    );
    let col = |label: &str| labels.iter().position(|l| *l == label).unwrap();
    assert_eq!(row(5)[col("0")], [1, 1]);
    assert_eq!(row(9)[col("+1 to +3")], [1, 2]);
    assert_eq!(row(10)[col("+4 to +6")], [1, 3]);
    // Differential bounds: -5 → "-4 to -6", -7 → "-7 to -9", +3 → "+1 to +3".
    let column_of = |d: i32| {
        brt.columns
            .iter()
            .position(|x| x.min.is_none_or(|m| d >= m) && x.max.is_none_or(|m| d <= m))
            .unwrap()
    };
    assert_eq!(column_of(-5), col("-4 to -6"));
    assert_eq!(column_of(-7), col("-7 to -9"));
    assert_eq!(column_of(3), col("+1 to +3"));
    assert_eq!(column_of(-40), 0);
    assert_eq!(column_of(12), col("+10"));
}

/// Force values quoted in the examples: Longstreet 7 / 8 (11.2); Slocum
/// Conscript, Activation 3, Combat 3/-, reduced to 1 (11.4.1, 11.4.2, Quick
/// 11.10); Smith and Richardson Conscript (12.3.5); Stuart a Cavalry Force.
#[test]
fn forces_quoted_in_the_examples() {
    let c = c();
    let f = |id: &str| c.forces.iter().find(|f| f.id == id).unwrap().clone();
    let l = f("longstreet");
    assert_eq!(
        (l.full.activation, l.full.combat, l.full.superior),
        (Some(7), 8, None)
    );
    let s = f("slocum");
    assert_eq!(s.skill, Skill::Conscript);
    assert_eq!(
        (s.full.activation, s.full.combat, s.full.superior),
        (Some(3), 3, None)
    );
    assert_eq!(s.reduced.unwrap().combat, 1);
    assert_eq!(f("smith").skill, Skill::Conscript);
    assert_eq!(f("richardson").skill, Skill::Conscript);
    assert_eq!(f("stuart").force_type, ForceType::Cavalry);
    // 7.8 and 7.9: Jackson's command enters on a roll from turn 3 into a
    // Confederate-held area of the player's choice.
    let jackson = c
        .late_arrivals
        .iter()
        .find(|l| l.forces.iter().any(|f| f == "jackson"))
        .unwrap();
    assert!(matches!(
        jackson.when,
        ArrivalWhen::Roll { from_turn: 3, .. }
    ));
    assert_eq!(
        jackson.placement,
        ArrivalPlacement::ConfederateHeldChoice {}
    );
    assert!(
        jackson
            .forces
            .iter()
            .all(|id| f(id).corps.as_deref() == Some("J"))
    );
    // 10.2.12: the Oak Grove free Entrench.
    assert!(c.special_rules.iter().any(|r| matches!(
        r,
        SpecialRule::FreeInsight {
            insight: Insight::Entrench,
            area,
            ..
        } if area == "oak-grove"
    )));
}

/// 14.7: "in the Seven Days Battles Campaign Union Forces will tend to
/// Retreat following a battle, regardless of its outcome".
#[test]
fn withdrawal_table_leans_to_union_retreat() {
    let c = c();
    let count = |w: WithdrawalResult| {
        c.withdrawal
            .iter()
            .filter(|r| r.result == w)
            .map(|r| r.rolls.len())
            .sum::<usize>()
    };
    let union_retreat = count(WithdrawalResult::UnionRetreat);
    for other in [
        WithdrawalResult::Rejoin,
        WithdrawalResult::ConfederateRetreat,
        WithdrawalResult::Encamp,
    ] {
        assert!(union_retreat > count(other));
    }
}
