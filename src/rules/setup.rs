//! 7.0 Campaign Set-Up: spawn the map, the counters, Lee, the cups and
//! piles, Command Points and Scouts from a campaign file and the options.

use std::sync::Arc;

use bevy::prelude::*;

use super::board::{Board, campaign_counters, stock_location};
use super::components::*;
use super::difficulty::{DiceMode, GameOptions};
use crate::campaign::{Campaign, CounterKind, ForceType, Phase, Side};
use crate::chronicle::Chronicle;
use crate::dice::Dice;
use crate::rules::battle::advanced::battle_pack::ActiveStandAlone;
use crate::rules::battle::advanced::battle_pack::StandAloneGame;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<NewCampaign>()
        .add_systems(PreUpdate, start_new_campaign.in_set(SetUp));
}

/// The system that starts a new game (it takes the `NewCampaign`
/// messages): front ends that must see a new game come order before it.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct SetUp;

/// Start a campaign: everything of a previous game is cleared first.
#[derive(Message, Clone, Debug)]
pub struct NewCampaign {
    pub campaign: Arc<Campaign>,
    pub options: GameOptions,
    /// A saved game's decisions and typed-in dice, replayed from the
    /// start (empty for a new campaign).
    pub resume: super::sequence::GameLog,
    /// A stand-alone battle instead of the campaign.
    pub stand_alone: Option<Arc<StandAloneGame>>,
}

impl NewCampaign {
    pub fn new(campaign: Arc<Campaign>, options: GameOptions) -> NewCampaign {
        NewCampaign {
            campaign,
            options,
            resume: super::sequence::GameLog::default(),
            stand_alone: None,
        }
    }

    /// A stand-alone battle with the counters of `campaign`.
    pub fn stand_alone(
        campaign: Arc<Campaign>,
        options: GameOptions,
        game: Arc<StandAloneGame>,
    ) -> NewCampaign {
        NewCampaign {
            stand_alone: Some(game),
            ..NewCampaign::new(campaign, options)
        }
    }
}

fn start_new_campaign(world: &mut World) {
    let requests: Vec<NewCampaign> = world
        .resource_mut::<Messages<NewCampaign>>()
        .drain()
        .collect();
    if let Some(last) = requests.into_iter().last() {
        set_up(world, last.campaign, last.options, last.stand_alone);
        // A branch with fresh dice: the program's dice seeded again at its
        // branch point (docs/save-format.md, "What-if branches").
        if last.options.dice == DiceMode::Program && !last.resume.reseeds.is_empty() {
            world.insert_resource(crate::dice::Dice::reseeded(
                last.options.seed,
                &last.resume.reseeds,
            ));
        }
        // A saved game is its set-up plus its decisions: they wait in the
        // first step's answers and are used step by step.
        let mut dice = world.resource_mut::<crate::dice::Dice>();
        for &v in &last.resume.dice {
            let _ = dice.enter(v);
        }
        world.insert_resource(super::sequence::GameLog {
            decisions: Vec::new(),
            dice: last.resume.dice.clone(),
            reseeds: last.resume.reseeds.clone(),
            branch: last.resume.branch.clone(),
        });
        world.insert_resource(super::sequence::StepDecisions {
            answers: last.resume.decisions,
        });
        world.insert_resource(super::sequence::PendingDecision::default());
        world.insert_resource(super::view::changes::SinceDecision::default());
        world.insert_resource(super::sequence::StepStart::default());
        world
            .resource_mut::<NextState<super::sequence::GameState>>()
            .set(super::sequence::GameState::Playing);
        // A campaign started over another starts at its first step too.
        if let Some(mut step) = world.get_resource_mut::<NextState<super::turn::Step>>() {
            step.set(super::turn::Step::AdvanceTurn);
        }
    }
}

/// Despawn every game piece of a previous campaign.
fn clear(world: &mut World) {
    let pieces: Vec<Entity> = world
        .query_filtered::<Entity, Or<(With<MapArea>, With<Force>, With<LeeCounter>)>>()
        .iter(world)
        .collect();
    for e in pieces {
        world.despawn(e);
    }
}

/// 7.0–7.13 in the world: the pure set-up ([`new_campaign`]) spawned as
/// entities and resources.
pub fn set_up(
    world: &mut World,
    campaign: Arc<Campaign>,
    options: GameOptions,
    stand_alone: Option<Arc<StandAloneGame>>,
) {
    clear(world);
    let mut chronicle = Chronicle::default();
    let board = match &stand_alone {
        Some(game) => new_stand_alone(campaign.clone(), options, game),
        None => new_campaign(campaign.clone(), options, &mut chronicle),
    };
    match stand_alone {
        Some(game) => world.insert_resource(ActiveStandAlone(game)),
        None => {
            world.remove_resource::<ActiveStandAlone>();
        }
    }
    let c = &*campaign;
    for a in &c.map.areas {
        let mut e = world.spawn(MapArea { id: a.id.clone() });
        if c.setup.objective_markers.contains(&a.id) {
            e.insert(ObjectiveMarker);
        }
    }
    for p in &board.pieces {
        world.spawn(((*p.force).clone(), p.strength, p.location().clone()));
    }
    world.spawn((
        LeeCounter {
            command_rating: c.lee.command_rating,
        },
        board.lee.clone(),
    ));
    world.insert_resource(board.cp);
    world.insert_resource(board.scouts);
    world.insert_resource(board.turn);
    world.insert_resource(board.progress.clone());
    world.insert_resource((*board.graph).clone());
    world.insert_resource(options);
    world.insert_resource(match options.dice {
        DiceMode::Program => Dice::seeded(options.seed),
        DiceMode::Physical => Dice::physical(),
    });
    world.insert_resource(chronicle);
    world.insert_resource(ActiveCampaign(campaign));
}

/// A stand-alone battle's board: its counters on the map, every other in
/// its cup or pile or out of play, Turn 1.
pub fn new_stand_alone(
    campaign: Arc<Campaign>,
    options: GameOptions,
    game: &StandAloneGame,
) -> Board {
    let mut board = Board::empty(campaign, options);
    for (id, area, strength) in &game.forces {
        board.place(id, Location::Area(area.clone()), *strength);
    }
    board.stand_alone = Some(Arc::new(game.clone()));
    board
}

/// 7.0–7.13, in the rulebook's order, on a fresh [`Board`].
pub fn new_campaign(
    campaign: Arc<Campaign>,
    options: GameOptions,
    chronicle: &mut Chronicle,
) -> Board {
    let c = campaign.clone();
    chronicle.note_with("7.0", || format!("Set up {} ({}).", c.name, c.dates));
    chronicle.note_with("7.13", || {
        format!(
            "Objective counters placed in {}.",
            names(&c, &c.setup.objective_markers)
        )
    });
    let mut board = Board::empty(campaign, options);
    // 7.7, 7.8 Starting Forces; 7.9 Late Arrivals wait off the map;
    // 7.10–7.12 generic counters beside the map, in their cup or pile.
    for (force, location) in campaign_counters(&c) {
        board.place(&force.id, location, Strength::Full);
    }
    for p in &c.setup.placements {
        let forces: Vec<&str> = p
            .forces
            .iter()
            .filter_map(|id| {
                c.forces
                    .iter()
                    .find(|f| &f.id == id)
                    .map(|f| f.name.as_str())
            })
            .collect();
        chronicle.note_with("7.8", || {
            format!(
                "{} set up in {}.",
                forces.join(", "),
                area_name(&c, &p.area)
            )
        });
    }
    for l in &c.late_arrivals {
        let names: Vec<&str> = l
            .forces
            .iter()
            .map(|id| {
                c.forces
                    .iter()
                    .find(|f| &f.id == id)
                    .map_or(id.as_str(), |f| f.name.as_str())
            })
            .collect();
        chronicle.note_with("7.9", || {
            format!("{} ({}) wait off the map.", names.join(", "), l.label)
        });
    }
    // 7.6 Cities and Forts, then the campaign's own extra counters.
    for (area, side, kind, ty) in c.city_and_fort_counters() {
        place_generic(&mut board, chronicle, &area, side, kind, ty, "7.6");
    }
    for cp in &c.setup.counters {
        for _ in 0..cp.count {
            place_generic(
                &mut board,
                chronicle,
                &cp.area,
                cp.side,
                cp.kind,
                cp.force_type,
                "7.8",
            );
        }
    }
    // 7.8 Lee.
    board.lee = Location::Area(c.setup.lee.clone());
    chronicle.note_with("7.8", || {
        format!(
            "Robert E. Lee (Command Rating {}) in {}.",
            c.lee.command_rating,
            area_name(&c, &c.setup.lee)
        )
    });
    // 7.4 Command Points and Scouts; 7.2 the Turn counter beside the track.
    board.cp = CommandPoints {
        confederate: c.setup.confederate_command_points,
        union: c.setup.union_command_points,
    };
    board.scouts.available = c.setup.scouts;
    board.turn = CampaignTurn {
        turn: 0,
        phase: Phase::Confederate,
        extra: 0,
    };
    board.record_strength();
    chronicle.note_with("7.14", || {
        format!(
            "Difficulty: player {:?}; Union {}; battles {}.",
            options.player,
            match options.union.preset_level() {
                Some(l) => format!("{l:?}"),
                None => format!("{:?}", options.union),
            },
            options.battles.name()
        )
    });
    if options.union_cavalry_corps {
        chronicle.note_with(crate::rules::cavalry::RULE, || format!(
                "Optional rule in play: the Union AI makes a Saving Throw of {} on a d10 against every Scout discarded.",
                match c.union_cavalry_saving_throw {
                    10 => "10".to_string(),
                    t => format!("{t}+"),
                }
            ));
    }
    board
}

/// Take the first counter of this kind from its stock and put it on the map.
fn place_generic(
    board: &mut Board,
    chronicle: &mut Chronicle,
    area: &str,
    side: Side,
    kind: CounterKind,
    ty: ForceType,
    rule: &str,
) {
    let stock = stock_location(side, kind);
    let found = board.in_pile(&stock, |f| {
        f.side == side && f.kind == Some(kind) && f.force_type == ty
    });
    let name = board.area_name(area).to_string();
    match found.first() {
        Some(&i) => {
            board.move_to(i, area);
            chronicle.note_with(rule, || {
                format!(
                    "{} {} placed in {name}.",
                    side.name(),
                    board.pieces[i].force.chronicle_name()
                )
            });
        }
        None => chronicle.note_with(rule, || {
            format!(
                "No {} {} counter left to place in {name}.",
                side.name(),
                kind.name()
            )
        }),
    }
}

pub fn area_name<'a>(c: &'a Campaign, id: &'a str) -> &'a str {
    c.map
        .areas
        .iter()
        .find(|a| a.id == id)
        .map_or(id, |a| a.name.as_str())
}

fn names(c: &Campaign, ids: &[String]) -> String {
    ids.iter()
        .map(|id| area_name(c, id))
        .collect::<Vec<_>>()
        .join(", ")
}
