//! Headless set-up of Seven Days (7.0–7.14): the ECS world matches the
//! campaign file, the difficulty model picks the right numbers, and the
//! digest is stable.

use std::collections::BTreeMap;
use std::sync::Arc;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use fcrel::RulesPlugin;
use fcrel::campaign::{self, Campaign, ForceType, Side, UnionLevel};
use fcrel::rules::components::*;
use fcrel::rules::difficulty::{BattleMode, GameOptions, PlayerLevel, UnionAspects};
use fcrel::rules::digest::state_digest;
use fcrel::rules::setup::NewCampaign;
use proptest::prelude::*;

fn seven_days() -> Arc<Campaign> {
    Arc::new(campaign::load_bundled("seven-days").unwrap_or_else(|ps| {
        panic!(
            "{}",
            ps.iter()
                .map(|p| p.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        )
    }))
}

fn start(campaign: Arc<Campaign>, options: GameOptions) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, RulesPlugin));
    app.world_mut()
        .write_message(NewCampaign::new(campaign, options));
    app.update();
    app
}

fn forces(app: &mut App) -> BTreeMap<String, (Force, Location, Strength)> {
    let world = app.world_mut();
    world
        .query::<(&Force, &Location, &Strength)>()
        .iter(world)
        .map(|(f, l, s)| (f.id.clone(), (f.clone(), l.clone(), *s)))
        .collect()
}

/// 7.6 as written, area by area. At Chancellorsville Confederate
/// Forces begin in Marye's Heights (a Fort in the city of Fredericksburg),
/// none in Fredericksburg (Upper Town) or (Lower Town): those two get no
/// Garrison and no Fortification.
#[test]
fn a_city_area_where_no_force_begins_gets_no_garrison() {
    let c = Arc::new(campaign::load_bundled("chancellorsville").expect("bundled"));
    let mut app = start(c, GameOptions::default());
    let all = forces(&mut app);
    let static_in = |area: &str| -> Vec<(Side, ForceType)> {
        let mut v: Vec<(Side, ForceType)> = all
            .values()
            .filter(|(f, l, _)| !f.force_type.is_mobile() && l.area() == Some(area))
            .map(|(f, _, _)| (f.side, f.force_type))
            .collect();
        v.sort_by_key(|(s, t)| (*s, format!("{t:?}")));
        v
    };
    for empty in ["fredericksburg-upper", "fredericksburg-lower"] {
        assert_eq!(static_in(empty), vec![], "{empty}");
    }
    assert_eq!(
        static_in("maryes-heights"),
        vec![
            (Side::Confederate, ForceType::Fortification),
            (Side::Confederate, ForceType::Garrison)
        ]
    );
}

#[test]
fn seven_days_spawns_as_the_file_says() {
    let c = seven_days();
    let mut app = start(c.clone(), GameOptions::default());
    let all = forces(&mut app);

    // Areas and objective markers (7.13).
    let world = app.world_mut();
    let areas: Vec<String> = world
        .query::<&MapArea>()
        .iter(world)
        .map(|a| a.id.clone())
        .collect();
    assert_eq!(areas.len(), c.map.areas.len());
    let mut markers: Vec<String> = world
        .query_filtered::<&MapArea, With<ObjectiveMarker>>()
        .iter(world)
        .map(|a| a.id.clone())
        .collect();
    markers.sort();
    let mut expected = c.setup.objective_markers.clone();
    expected.sort();
    assert_eq!(markers, expected);

    // Every named Force where 7.8 / 7.9 put it, full strength.
    for p in &c.setup.placements {
        for id in &p.forces {
            assert_eq!(all[id].1, Location::Area(p.area.clone()), "{id}");
            assert_eq!(all[id].2, Strength::Full);
        }
    }
    for l in &c.late_arrivals {
        for id in &l.forces {
            assert_eq!(all[id].1, Location::LateArrival(l.id.clone()), "{id}");
        }
    }
    // 7.8: Lee with Longstreet, A.P. Hill, D.H. Hill, Stuart, Pendleton in Richmond.
    let world = app.world_mut();
    let (lee, lee_at) = world
        .query::<(&LeeCounter, &Location)>()
        .single(world)
        .unwrap();
    assert_eq!(lee.command_rating, 2);
    let lee_area = lee_at.area().unwrap().to_string();
    assert!(lee_area.starts_with("richmond-"), "{lee_area}");
    let by_name = |name: &str| {
        all.values()
            .find(|(f, _, _)| f.name == name)
            .unwrap_or_else(|| panic!("no force named {name}"))
    };
    for name in [
        "Longstreet",
        "A.P. Hill",
        "D.H. Hill",
        "Stuart",
        "Pendleton",
    ] {
        let (f, loc, _) = by_name(name);
        assert_eq!(f.side, Side::Confederate);
        assert!(
            loc.area().unwrap().starts_with("richmond-"),
            "{name} at {loc:?}"
        );
    }
    assert!(
        all.values()
            .any(|(f, l, _)| f.side == Side::Confederate && l.area() == Some(&lee_area)),
        "Lee must not start alone (3.2)"
    );
    // Jackson's command is off the map (7.9), and carries the 'J' (15.1.1).
    let (jackson, loc, _) = by_name("Jackson");
    assert!(matches!(loc, Location::LateArrival(_)));
    assert!(jackson.jackson);

    // 7.6: each Richmond area gets 1 Confederate Garrison and 1 Fortification.
    for area in ["richmond-north", "richmond-center", "richmond-south"] {
        for ty in [ForceType::Garrison, ForceType::Fortification] {
            let n = all
                .values()
                .filter(|(f, l, _)| {
                    f.side == Side::Confederate && f.force_type == ty && l.area() == Some(area)
                })
                .count();
            assert_eq!(n, 1, "{ty:?} in {area}");
        }
    }

    // Generic counters: every one spawned, in its cup or pile (7.10–7.12).
    for stock in &c.counter_mix {
        let mine: Vec<&(Force, Location, Strength)> = all
            .iter()
            .filter(|(id, _)| {
                id.strip_prefix(&format!("{}-", stock.id_prefix))
                    .is_some_and(|n| n.parse::<u32>().is_ok())
            })
            .map(|(_, v)| v)
            .collect();
        assert_eq!(mine.len() as u32, stock.count, "{}", stock.id_prefix);
        for (f, l, _) in mine {
            assert!(
                f.reduced.is_none(),
                "6.1: generic counters have no reduced side"
            );
            let ok = matches!(
                (f.side, f.force_type.is_mobile(), l),
                (_, _, Location::Area(_))
                    | (Side::Confederate, _, Location::ConfederateAvailable)
                    | (Side::Union, true, Location::AdditionalForcesCup)
                    | (Side::Union, false, Location::StaticForcesPile)
            );
            assert!(ok, "{} at {l:?}", f.id);
        }
    }
    let expected_total = c.forces.len()
        + c.counter_mix
            .iter()
            .map(|s| s.count as usize)
            .sum::<usize>();
    assert_eq!(all.len(), expected_total);

    // 7.4, 7.5, 7.2.
    let world = app.world();
    assert_eq!(
        *world.resource::<CommandPoints>(),
        CommandPoints {
            confederate: c.setup.confederate_command_points,
            union: c.setup.union_command_points
        }
    );
    assert_eq!(world.resource::<Scouts>().available, c.setup.scouts);
    // 7.5: every Special Battle Plan counter in the cup; between battles
    // that is always so, and each battle holds its own cup.
    assert_eq!(SpecialBattlePlan::full_cup().len(), 16);
    // The same frame starts the sequence of play: 9.1 moves the Turn
    // counter to 1 (nothing else happens in that step on turn 1).
    assert_eq!(world.resource::<CampaignTurn>().turn, 1);
    assert!(
        world
            .resource::<fcrel::chronicle::Chronicle>()
            .entries()
            .iter()
            .any(|e| e.rule == "7.6")
    );
}

#[test]
fn union_forces_start_where_the_file_puts_them_and_beaver_dam_creek_is_held() {
    let c = seven_days();
    let mut app = start(c.clone(), GameOptions::default());
    let all = forces(&mut app);
    let union_in_bdc = all
        .values()
        .filter(|(f, l, _)| f.side == Side::Union && l.area() == Some("beaver-dam-creek"))
        .count();
    assert!(
        union_in_bdc > 0,
        "the first objective is to clear Beaver Dam Creek (3.1)"
    );
    let named_union = all
        .values()
        .filter(|(f, l, _)| f.side == Side::Union && f.is_named() && l.area().is_some())
        .count();
    let in_file = c
        .forces
        .iter()
        .filter(|f| {
            f.side == Side::Union && c.setup.placements.iter().any(|p| p.forces.contains(&f.id))
        })
        .count();
    assert_eq!(named_union, in_file);
}

#[test]
fn same_seed_same_digest_different_seed_different_digest() {
    let c = seven_days();
    let opts = |seed| GameOptions {
        seed,
        ..GameOptions::default()
    };
    let a = state_digest(start(c.clone(), opts(42)).world_mut()).unwrap();
    let b = state_digest(start(c.clone(), opts(42)).world_mut()).unwrap();
    let d = state_digest(start(c.clone(), opts(43)).world_mut()).unwrap();
    assert_eq!(a, b);
    assert_ne!(a, d);
    assert!(a.starts_with("fcrel2-") && a.len() == 23, "{a}");
}

/// The digest holds what the chronicle records, not how it words it: a
/// build that rewords every line keeps every save's digest; a different
/// rule or die does not.
#[test]
fn the_digest_keeps_the_chronicles_facts_not_its_wording() {
    use fcrel::chronicle::{Chronicle, Modifier, RollDetail};
    use fcrel::rules::digest::{Check, check};
    let mut app = start(seven_days(), GameOptions::default());
    let rout = |die: u32, words: &str| RollDetail {
        die,
        target: Some(6),
        base: Some((5, format!("{words} 5"))),
        modifiers: vec![Modifier::new(1, words.to_string(), "14.5")],
        outcome: words.to_string(),
        // Whose luck it was is no fact of the game (the luck record).
        luck: (words != "Combat Value")
            .then(|| fcrel::chronicle::Luck::check(fcrel::campaign::Side::Union)),
    };
    app.world_mut()
        .resource_mut::<Chronicle>()
        .roll("14.5", "Rout check", rout(4, "Combat Value"));
    let digest = state_digest(app.world_mut()).unwrap();
    let entries = app.world().resource::<Chronicle>().entries().to_vec();
    // Every line worded otherwise; `change` alters one fact of the last.
    let rewrite = |app: &mut App, change: Option<(&str, u32)>| {
        let mut c = Chronicle::default();
        for (i, e) in entries.iter().enumerate() {
            let last = i + 1 == entries.len();
            let (rule, die) = match change {
                Some((rule, die)) if last => (rule.to_string(), die),
                _ => (e.rule.clone(), 4),
            };
            match &e.roll {
                Some(_) => c.roll(rule, "worded otherwise", rout(die, "otherwise")),
                None => c.note_with(rule, || "worded otherwise".into()),
            }
        }
        app.world_mut().insert_resource(c);
    };
    rewrite(&mut app, None);
    assert_eq!(state_digest(app.world_mut()).unwrap(), digest);
    assert_eq!(check(app.world_mut(), &digest), Check::Same);
    rewrite(&mut app, Some(("14.5", 5)));
    assert_ne!(state_digest(app.world_mut()).unwrap(), digest, "a die");
    assert_eq!(check(app.world_mut(), &digest), Check::Differs);
    rewrite(&mut app, Some(("14.6", 4)));
    assert_ne!(state_digest(app.world_mut()).unwrap(), digest, "a rule");
    // An older digest hashed the wording: it cannot be told apart here.
    assert_eq!(check(app.world_mut(), "fcrel1-0"), Check::Reworded);
}

#[test]
fn a_second_new_campaign_replaces_the_first() {
    let c = seven_days();
    let mut app = start(c.clone(), GameOptions::default());
    let before = forces(&mut app).len();
    let first = state_digest(app.world_mut()).unwrap();
    app.world_mut()
        .write_message(NewCampaign::new(c.clone(), GameOptions::default()));
    app.update();
    assert_eq!(forces(&mut app).len(), before);
    assert_eq!(state_digest(app.world_mut()).unwrap(), first);
    let world = app.world_mut();
    assert_eq!(world.query::<&LeeCounter>().iter(world).count(), 1);
}

/// 7.14 and 10.2.10 / 18.0 examples: Seven Days Regular gives 1 Battle Plan
/// without Lee, Lee's rating 2 with him, 2 Special Battle Plans; Union
/// Command Points 3/4/5 and resupply rolls 2/3/4.
#[test]
fn difficulty_picks_the_campaign_numbers() {
    let c = seven_days();
    let regular = GameOptions::default();
    assert_eq!(regular.confederate_battle_plans(&c, false), 1);
    assert_eq!(regular.confederate_battle_plans(&c, true), 2);
    assert_eq!(regular.union_special_battle_plans(&c), 2);
    let easy = GameOptions {
        player: PlayerLevel::Easy,
        ..regular
    };
    assert_eq!(
        easy.confederate_battle_plans(&c, true),
        2,
        "Lee's rating replaces, not adds"
    );
    let mut cps = Vec::new();
    let mut rolls = Vec::new();
    for level in [UnionLevel::Regular, UnionLevel::Hard, UnionLevel::Veteran] {
        let o = GameOptions {
            union: UnionAspects::preset(level),
            ..regular
        };
        cps.push(o.union_resupply_command_points(&c));
        rolls.push(o.union_resupply_rolls(&c));
        assert_eq!(o.union.preset_level(), Some(level));
    }
    assert_eq!(cps, [3, 4, 5]);
    assert_eq!(rolls, [2, 3, 4]);

    // Mix and match (7.14's own example): Regular Special Battle Plans, Hard
    // campaign map orders, Veteran battle area orders, Hard resupply.
    let mixed = GameOptions {
        union: UnionAspects {
            special_battle_plans: UnionLevel::Regular,
            campaign_map_orders: UnionLevel::Hard,
            battle_area_orders: UnionLevel::Veteran,
            resupply: UnionLevel::Hard,
            ..UnionAspects::default()
        },
        battles: BattleMode::Quick,
        ..regular
    };
    assert_eq!(mixed.union.preset_level(), None);
    assert_eq!(mixed.union_special_battle_plans(&c), 2);
    assert_eq!(mixed.union_resupply_command_points(&c), 4);
    assert_eq!(
        mixed.campaign_map_orders(&c) as *const _,
        &c.union_orders.campaign_map.hard as *const _
    );
    assert_eq!(
        mixed.battle_area_orders(&c) as *const _,
        &c.union_orders.battle_area.veteran as *const _
    );
    assert!(mixed.objectives(&c).count() >= 5);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]
    /// No counter is lost or duplicated at set-up, whatever the options.
    #[test]
    fn set_up_never_loses_or_duplicates_a_counter(
        seed in any::<u64>(),
        player in 0u8..3,
        union in 0u8..3,
    ) {
        let c = seven_days();
        let level = [UnionLevel::Regular, UnionLevel::Hard, UnionLevel::Veteran][union as usize];
        let options = GameOptions {
            seed,
            player: [PlayerLevel::Easy, PlayerLevel::Regular, PlayerLevel::Hard][player as usize],
            union: UnionAspects::preset(level),
            ..GameOptions::default()
        };
        let mut app = start(c.clone(), options);
        let world = app.world_mut();
        let ids: Vec<String> = world.query::<&Force>().iter(world).map(|f| f.id.clone()).collect();
        let mut unique = ids.clone();
        unique.sort();
        unique.dedup();
        prop_assert_eq!(unique.len(), ids.len());
        let expected = c.forces.len() + c.counter_mix.iter().map(|s| s.count as usize).sum::<usize>();
        prop_assert_eq!(ids.len(), expected);
        let located = world.query::<(&Force, &Location)>().iter(world).count();
        prop_assert_eq!(located, expected);
    }
}

/// Every counter has its own name in the chronicle: generic counters are
/// numbered ("Infantry Brigade 3", "Artillery Battery 3-1"), never their id.
#[test]
fn every_counter_has_its_own_readable_name() {
    let c = fcrel::campaign::load_bundled("seven-days").unwrap();
    let counters = fcrel::rules::board::campaign_counters(&c);
    let mut seen = std::collections::BTreeSet::new();
    for (f, _) in &counters {
        assert!(
            seen.insert((f.side, f.chronicle_name().to_string())),
            "two {:?} counters named {}",
            f.side,
            f.chronicle_name()
        );
        assert_ne!(f.chronicle_name(), f.id, "{} is named by its id", f.id);
    }
    assert!(seen.iter().any(|(_, n)| n == "Infantry Brigade 3"));
    assert!(seen.iter().any(|(_, n)| n == "Artillery Battery 3-1"));
}
