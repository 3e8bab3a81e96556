//! `fcrel simulate`: whole campaigns played headless by a scripted
//! commander, for balance figures and as a test of the engine.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Instant;

use serde::Serialize;

use crate::campaign::Campaign;
use crate::chronicle::Chronicle;
use crate::dice::Dice;
use crate::rules::board::Board;
use crate::rules::commander::Policy;
use crate::rules::components::{CampaignResult, Rating};
use crate::rules::ctx::Ctx;
use crate::rules::decision::Interrupt;
use crate::rules::difficulty::GameOptions;
use crate::rules::setup::new_campaign;
use crate::rules::turn::{Step, play_to_end};

/// The seed of game `n` of a run: the run's seed mixed with `n`
/// (SplitMix64), so every game is independent and reproducible alone.
pub fn game_seed(seed: u64, n: u64) -> u64 {
    let mut z = seed ^ n.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One finished campaign.
pub struct Game {
    pub board: Board,
    pub chronicle: Chronicle,
    pub result: CampaignResult,
    pub battles: u32,
}

/// Play one whole campaign with a policy, its chronicle kept.
pub fn play(
    campaign: Arc<Campaign>,
    options: GameOptions,
    policy: Policy,
) -> Result<Game, Interrupt> {
    let mut chronicle = Chronicle::default();
    let board = new_campaign(campaign, options, &mut chronicle);
    run(board, policy, chronicle)
}

/// Play one whole campaign keeping no chronicle and naming no Forces: the
/// same game as [`play`] (same dice, same decisions), without wording a
/// story nobody reads (`fcrel simulate`'s summary).
pub fn play_quiet(
    campaign: Arc<Campaign>,
    options: GameOptions,
    policy: Policy,
) -> Result<Game, Interrupt> {
    let start = new_campaign(campaign, options, &mut Chronicle::quiet());
    play_from(&start, options.seed, policy)
}

/// [`play_quiet`] from a campaign already set up: the set-up (7.0) rolls
/// no dice, so one set-up serves every game of a simulation; each game
/// rolls its own dice from `seed`.
pub fn play_from(start: &Board, seed: u64, policy: Policy) -> Result<Game, Interrupt> {
    let mut board = start.clone();
    board.options.seed = seed;
    run(board, policy, Chronicle::quiet())
}

fn run(mut board: Board, policy: Policy, mut chronicle: Chronicle) -> Result<Game, Interrupt> {
    let mut dice = Dice::seeded(board.options.seed);
    let mut decider = policy;
    {
        let mut ctx = Ctx {
            board: &mut board,
            dice: &mut dice,
            chronicle: &mut chronicle,
            decider: &mut decider,
        };
        play_to_end(&mut ctx, Step::AdvanceTurn)?;
    }
    let result = board
        .progress
        .result
        .clone()
        .expect("play_to_end ends with a result");
    let battles = board.battles_fought;
    Ok(Game {
        board,
        chronicle,
        result,
        battles,
    })
}

#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    pub campaign: String,
    pub games: u32,
    pub seed: u64,
    pub policy: String,
    pub battles_mode: String,
    pub player: String,
    pub union: String,
    /// The Optional rules played (`--optional` names); absent when none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub optional: Vec<String>,
    pub victories: u32,
    pub defeats: u32,
    pub victory_rate: f64,
    /// Games ending with each VP total, index = VP.
    pub vp_distribution: Vec<u32>,
    pub mean_vp: f64,
    pub superior: u32,
    pub historical: u32,
    pub inferior: u32,
    pub mean_battles: f64,
    /// How many games achieved each objective (by id).
    pub objectives_achieved: BTreeMap<String, u32>,
    /// How many games were lost with Lee alone (3.2).
    pub lee_lost: u32,
    /// How many games ended (won or lost) during Turn 1: a campaign
    /// should almost never be decided that early (balance target).
    pub decided_turn_1: u32,
    /// How many games ended on each turn, index = turn.
    pub end_turns: Vec<u32>,
    /// Wall-clock time: printed, but not part of the JSON, which stays the
    /// same for the same seed.
    #[serde(skip)]
    pub ms_per_game: f64,
}

/// Play `games` whole campaigns. The campaign must be within the format's
/// bounds (`campaign::bounds`): the tallies below grow with its Victory
/// Points and turns, so a campaign that did not come through the loader
/// is checked here too and refused with its first problem.
pub fn simulate(
    campaign: Arc<Campaign>,
    options: GameOptions,
    policy: Policy,
    games: u32,
) -> Result<Summary, (u64, Interrupt)> {
    simulate_with(
        campaign,
        options,
        policy.name(),
        games,
        1,
        &|start, seed| play_from(start, seed, policy),
    )
}

/// [`simulate`] with another commander: `play` plays one game from the
/// set-up with dice seeded as given (`fcrel simulate --policy advised`).
/// Games are played `threads` at a time, each on its own seed, and counted
/// in order, so the summary does not depend on the thread count.
pub fn simulate_with(
    campaign: Arc<Campaign>,
    options: GameOptions,
    policy: &str,
    games: u32,
    threads: usize,
    play: &(dyn Fn(&Board, u64) -> Result<Game, Interrupt> + Sync),
) -> Result<Summary, (u64, Interrupt)> {
    if let Some((path, message)) = crate::campaign::validate::validate(&campaign, None)
        .into_iter()
        .next()
    {
        return Err((
            options.seed,
            Interrupt::Unsupported(format!(
                "campaign \"{}\" is not playable: {path}: {message}",
                campaign.id
            )),
        ));
    }
    // R-Opt-used-with: the one "Used with" check.
    if let Some(n) = options.not_used_with().first() {
        return Err((options.seed, Interrupt::Unsupported(n.to_string())));
    }
    let start = Instant::now();
    let mut s = Summary {
        campaign: campaign.id.clone(),
        games,
        seed: options.seed,
        policy: policy.to_string(),
        battles_mode: options.battles.name().to_string(),
        player: format!("{:?}", options.player),
        union: match options.union.preset_level() {
            Some(l) => format!("{l:?}"),
            None => format!("{:?}", options.union),
        },
        optional: crate::rules::difficulty::OPTIONAL
            .iter()
            .filter(|r| r.chosen(&options))
            .map(|r| r.key.to_string())
            .collect(),
        victories: 0,
        defeats: 0,
        victory_rate: 0.0,
        vp_distribution: Vec::new(),
        mean_vp: 0.0,
        superior: 0,
        historical: 0,
        inferior: 0,
        mean_battles: 0.0,
        objectives_achieved: campaign
            .victory
            .objectives
            .iter()
            .filter(|o| {
                o.union_levels.is_empty()
                    || o.union_levels.contains(&options.union.victory_conditions)
            })
            .map(|o| (o.id.clone(), 0))
            .collect(),
        lee_lost: 0,
        decided_turn_1: 0,
        end_turns: Vec::new(),
        ms_per_game: 0.0,
    };
    let mut vp_total = 0u64;
    let mut battles_total = 0u64;
    let set_up = new_campaign(campaign, options, &mut Chronicle::quiet());
    let threads = threads.max(1) as u64;
    let mut batch: std::collections::VecDeque<Result<Game, (u64, Interrupt)>> =
        std::collections::VecDeque::new();
    for n in 0..games as u64 {
        if batch.is_empty() {
            let hi = (n + threads).min(games as u64);
            let one = |k: u64| {
                let seed = game_seed(options.seed, k);
                play(&set_up, seed).map_err(|e| (seed, e))
            };
            if threads == 1 {
                batch.push_back(one(n));
            } else {
                let played: Vec<_> = std::thread::scope(|scope| {
                    let handles: Vec<_> =
                        (n..hi).map(|k| (k, scope.spawn(move || one(k)))).collect();
                    handles
                        .into_iter()
                        .map(|(k, h)| h.join().unwrap_or_else(|_| one(k)))
                        .collect()
                });
                batch.extend(played);
            }
        }
        let game = batch.pop_front().expect("a game of the batch")?;
        if game.result.victory {
            s.victories += 1;
        } else {
            s.defeats += 1;
        }
        let vp = game.result.victory_points as usize;
        if s.vp_distribution.len() <= vp {
            s.vp_distribution.resize(vp + 1, 0);
        }
        s.vp_distribution[vp] += 1;
        vp_total += vp as u64;
        battles_total += game.battles as u64;
        for (id, achieved) in &game.board.progress.objectives {
            if *achieved && let Some(n) = s.objectives_achieved.get_mut(id) {
                *n += 1;
            }
        }
        let turn = game.board.turn.turn as usize;
        if s.end_turns.len() <= turn {
            s.end_turns.resize(turn + 1, 0);
        }
        s.end_turns[turn] += 1;
        if turn <= 1 {
            s.decided_turn_1 += 1;
        }
        if game.result.reason.contains("Robert E. Lee") {
            s.lee_lost += 1;
        }
        match game.result.rating {
            Rating::Superior => s.superior += 1,
            Rating::Historical => s.historical += 1,
            Rating::Inferior => s.inferior += 1,
        }
    }
    let g = games.max(1) as f64;
    s.victory_rate = s.victories as f64 / g;
    s.mean_vp = vp_total as f64 / g;
    s.mean_battles = battles_total as f64 / g;
    s.ms_per_game = start.elapsed().as_secs_f64() * 1000.0 / g;
    Ok(s)
}
