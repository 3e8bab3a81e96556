//! One trial fought on its own seeded dice, and the tally of many on
//! threads, merged as whole-number totals.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::campaign::{CounterKind, Side};
use crate::chronicle::Chronicle;
use crate::dice::Dice;
use crate::rules::battle::Ending;
use crate::rules::commander::Policy;
use crate::rules::components::Casualties;
use crate::rules::ctx::Ctx;
use crate::rules::decision::{Interrupt, Recorded, ThenPolicy};
use crate::sim::game_seed;

use super::locate::Prepared;

/// The endings of a battle, mutually exclusive: every trial ends in exactly
/// one. Rejoin (14.8.1) is never final in any battle mode — it starts the
/// battle again from the Fog of War — so it is counted apart
/// ([`Odds::rejoined`]), and the trial is counted under the ending of its
/// last round.
pub const ENDINGS: [(&str, &str); 11] = [
    ("union_routed", "Union routed (14.5)"),
    ("confederates_routed", "Confederates routed (14.5)"),
    ("union_retreat", "Union retreat (14.8)"),
    ("confederate_retreat", "Confederate retreat (14.8)"),
    ("encamp", "Encamp (14.8.4)"),
    ("union_enveloped", "Union enveloped (10.2.9)"),
    ("confederates_enveloped", "Confederates enveloped (10.2.9)"),
    (
        "confederates_withdrew",
        "Confederates withdrew (14.5.1 / 14.8.1)",
    ),
    ("union_cleared", "No Union Forces left (14.7)"),
    ("confederates_cleared", "No Confederate Forces left (14.7)"),
    ("both_cleared", "No Forces of either side left (14.7)"),
];

/// The index in [`ENDINGS`] of an ending.
pub fn ending_index(e: Ending) -> usize {
    match e {
        Ending::Routed { loser: Side::Union } => 0,
        Ending::Routed {
            loser: Side::Confederate,
        } => 1,
        Ending::Retreat { side: Side::Union } => 2,
        Ending::Retreat {
            side: Side::Confederate,
        } => 3,
        // A stand-alone battle's last turn is never weighed (the advisor
        // stays out of them); it would count as both armies staying.
        Ending::Encamp | Ending::LastTurn => 4,
        Ending::Enveloped { loser: Side::Union } => 5,
        Ending::Enveloped {
            loser: Side::Confederate,
        } => 6,
        Ending::ConfederateWithdrew => 7,
        Ending::Cleared {
            loser: Some(Side::Union),
        } => 8,
        Ending::Cleared {
            loser: Some(Side::Confederate),
        } => 9,
        Ending::Cleared { loser: None } => 10,
    }
}

/// Endings in which the Union army leaves (or is gone from) the area.
pub const UNION_LEAVES: [usize; 5] = [0, 2, 5, 8, 10];
/// Endings in which the Confederate army leaves (or is gone from) the area.
pub const CONFEDERATES_LEAVE: [usize; 6] = [1, 3, 6, 7, 9, 10];

/// What one trial gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Trial {
    pub ending: usize,
    pub campaign_lost: bool,
    pub rounds: u32,
    /// Confederate, Union.
    pub hits: [u32; 2],
    pub lost: [u32; 2],
    pub combat_left: [u32; 2],
    /// A stand-alone battle's verdict (R-A-stand-alone): 0 a Confederate
    /// victory, 1 a Union one, 2 a draw; none in a campaign battle.
    pub verdict: Option<usize>,
}

fn side_index(s: Side) -> usize {
    match s {
        Side::Confederate => 0,
        Side::Union => 1,
    }
}

/// Fight trial `t` of a run seeded `seed`.
pub fn fight_trial(p: &Prepared, policy: Policy, seed: u64, t: u64) -> Result<Trial, Interrupt> {
    let s = game_seed(seed, t);
    // The outcome is all a trial is for (see `Chronicle::quiet`).
    let mut chronicle = Chronicle::quiet();
    let mut board = p.board.clone();
    // The dice already rolled in the battle, then this trial's own.
    let mut dice = Dice::scripted_then_seeded(p.prefix_dice.iter().copied(), s);
    let mut decider = ThenPolicy {
        recorded: Recorded::new(p.prefix_decisions.clone()),
        policy,
    };
    let mut ctx = Ctx {
        board: &mut board,
        dice: &mut dice,
        chronicle: &mut chronicle,
        decider: &mut decider,
    };
    // A stand-alone battle is judged on its own terms (R-A-stand-alone).
    let (outcome, verdict) = match p.board.stand_alone.clone() {
        Some(game) => {
            let r = crate::rules::battle::advanced::stand_alone::fight(
                &mut ctx,
                &game.area,
                game.attacker,
                &game.terms,
            )?;
            let verdict = r.winner.map_or(2, side_index);
            (
                crate::rules::battle::Outcome {
                    ending: r.ending,
                    campaign_lost: false,
                    rounds: 1,
                },
                Some(verdict),
            )
        }
        None => (crate::rules::turn::fight(&mut ctx, &p.spec, p.mode)?, None),
    };
    let before: Casualties = p.board.progress.casualties;
    let after = board.progress.casualties;
    let mut combat_left = [0u32; 2];
    for (start, end) in p.board.pieces.iter().zip(&board.pieces) {
        let in_battle = start.location().area() == Some(p.spec.area.as_str());
        // Counters that came onto the map during the battle joined it (Union
        // reinforcements, Garrisons, Fortifications, captured-artillery
        // replacements); a Confederate Brigade bought in the Fog of War goes
        // to another area (10.2.6) and takes no part.
        let joined = start.location().area().is_none()
            && end.location().area().is_some()
            && (start.force.side == Side::Union || start.force.kind != Some(CounterKind::Brigade));
        if (in_battle || joined) && end.location().area().is_some() {
            combat_left[side_index(end.force.side)] += end.combat();
        }
    }
    Ok(Trial {
        ending: ending_index(outcome.ending),
        campaign_lost: outcome.campaign_lost,
        rounds: outcome.rounds,
        hits: [
            after.confederate_hits - before.confederate_hits,
            after.union_hits - before.union_hits,
        ],
        lost: [
            after.confederate_destroyed - before.confederate_destroyed,
            after.union_destroyed - before.union_destroyed,
        ],
        combat_left,
        verdict,
    })
}

/// Integer totals over trials: exact, so merging chunks in any order gives
/// the same figures.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tally {
    pub n: u64,
    pub endings: [u64; ENDINGS.len()],
    pub campaign_lost: u64,
    pub rejoined: u64,
    pub rounds: u64,
    /// Sums and sums of squares, Confederate and Union.
    pub hits: [(u64, u64); 2],
    pub lost: [(u64, u64); 2],
    pub combat_left: [(u64, u64); 2],
    /// Stand-alone battles: Confederate victories, Union victories, draws.
    pub verdicts: [u64; 3],
}

impl Tally {
    pub fn add(&mut self, t: &Trial) {
        self.n += 1;
        if let Some(v) = t.verdict {
            self.verdicts[v] += 1;
        }
        self.endings[t.ending] += 1;
        self.campaign_lost += u64::from(t.campaign_lost);
        self.rejoined += u64::from(t.rounds > 1);
        self.rounds += u64::from(t.rounds);
        for s in 0..2 {
            for (acc, v) in [
                (&mut self.hits[s], t.hits[s]),
                (&mut self.lost[s], t.lost[s]),
                (&mut self.combat_left[s], t.combat_left[s]),
            ] {
                acc.0 += u64::from(v);
                acc.1 += u64::from(v) * u64::from(v);
            }
        }
    }

    pub fn merge(&mut self, o: &Tally) {
        self.n += o.n;
        for (a, b) in self.verdicts.iter_mut().zip(o.verdicts) {
            *a += b;
        }
        for (a, b) in self.endings.iter_mut().zip(o.endings) {
            *a += b;
        }
        self.campaign_lost += o.campaign_lost;
        self.rejoined += o.rejoined;
        self.rounds += o.rounds;
        for s in 0..2 {
            for (a, b) in [
                (&mut self.hits[s], o.hits[s]),
                (&mut self.lost[s], o.lost[s]),
                (&mut self.combat_left[s], o.combat_left[s]),
            ] {
                a.0 += b.0;
                a.1 += b.1;
            }
        }
    }
}

/// A trial that could not be fought to its end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrialError {
    pub trial: u64,
    pub seed: u64,
    pub why: String,
}

impl std::fmt::Display for TrialError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "trial {} (dice seed {}) stopped: {}",
            self.trial, self.seed, self.why
        )
    }
}

/// Fight trials `0..trials` on `threads` threads (contiguous chunks, merged
/// in trial order; the first failing trial in trial order is reported).
pub fn tally(
    p: &Prepared,
    policy: Policy,
    seed: u64,
    trials: u64,
    threads: usize,
) -> Result<Tally, TrialError> {
    tally_until(p, policy, seed, trials, threads, &AtomicBool::new(false))
}

/// The most threads a tally fights on: four a core. More would only wait
/// for the cores, and a thousand may not be startable at all.
pub fn max_threads() -> usize {
    4 * std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// [`tally`], given up (an error naming the trial) as soon as `stop` is
/// set: the window's advisor drops an estimate nobody waits for.
pub fn tally_until(
    p: &Prepared,
    policy: Policy,
    seed: u64,
    trials: u64,
    threads: usize,
    stop: &AtomicBool,
) -> Result<Tally, TrialError> {
    tally_on(p, policy, seed, trials, threads, stop).map(|(t, _)| t)
}

/// [`tally_until`], with the number of threads it fought on: at most
/// [`max_threads`]; a thread the system cannot start leaves its trials to
/// the calling thread, so the figures are the same whatever starts.
pub fn tally_on(
    p: &Prepared,
    policy: Policy,
    seed: u64,
    trials: u64,
    threads: usize,
    stop: &AtomicBool,
) -> Result<(Tally, usize), TrialError> {
    tally_with_stack(p, policy, seed, trials, threads, stop, None)
}

/// [`tally_on`] with threads of `stack` bytes (None: the default). Tests
/// ask for stacks no system gives, to see every spawn fail.
fn tally_with_stack(
    p: &Prepared,
    policy: Policy,
    seed: u64,
    trials: u64,
    threads: usize,
    stop: &AtomicBool,
    stack: Option<usize>,
) -> Result<(Tally, usize), TrialError> {
    let threads = (threads.clamp(1, max_threads()) as u64).min(trials.max(1));
    let chunk = trials.div_ceil(threads);
    let run = |lo: u64, hi: u64| -> Result<Tally, TrialError> {
        let mut t = Tally::default();
        for i in lo..hi {
            if stop.load(Ordering::Relaxed) {
                return Err(TrialError {
                    trial: i,
                    seed: game_seed(seed, i),
                    why: "given up".into(),
                });
            }
            // A panic in the rules (a bug) fails this trial by name, the
            // same way whatever the thread count.
            let fought = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                fight_trial(p, policy, seed, i)
            }));
            let why = match fought {
                Ok(Ok(trial)) => {
                    t.add(&trial);
                    continue;
                }
                Ok(Err(e)) => e.to_string(),
                Err(panic) => format!("the rules panicked: {}", panic_text(panic.as_ref())),
            };
            return Err(TrialError {
                trial: i,
                seed: game_seed(seed, i),
                why,
            });
        }
        Ok(t)
    };
    let (parts, used): (Vec<Result<Tally, TrialError>>, usize) = if threads == 1 {
        (vec![run(0, trials)], 1)
    } else {
        std::thread::scope(|scope| {
            let bounds = |k: u64| ((k * chunk).min(trials), ((k + 1) * chunk).min(trials));
            // Chunk k on a thread of its own, or None: the system refused
            // one, and this thread fights the chunk itself.
            let handles: Vec<_> = (0..threads)
                .map(|k| {
                    let (lo, hi) = bounds(k);
                    let run = &run;
                    let builder = std::thread::Builder::new();
                    let builder = match stack {
                        Some(bytes) => builder.stack_size(bytes),
                        None => builder,
                    };
                    builder.spawn_scoped(scope, move || run(lo, hi)).ok()
                })
                .collect();
            let started = handles.iter().filter(|h| h.is_some()).count();
            let used = started + usize::from(started < handles.len());
            let parts = handles
                .into_iter()
                .enumerate()
                .map(|(k, h)| match h {
                    Some(h) => h.join().unwrap_or_else(|panic| {
                        Err(TrialError {
                            trial: 0,
                            seed,
                            why: format!("a thread panicked: {}", panic_text(panic.as_ref())),
                        })
                    }),
                    None => {
                        let (lo, hi) = bounds(k as u64);
                        run(lo, hi)
                    }
                })
                .collect();
            (parts, used)
        })
    };
    let mut total = Tally::default();
    for part in parts {
        total.merge(&part?);
    }
    Ok((total, used))
}

fn panic_text(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::Board;
    use crate::rules::decision::{Decider, Decision, Request};
    use crate::rules::difficulty::BattleMode;

    /// Issue 33, item 6: threads the system cannot start (here: stacks
    /// larger than any address space) leave their trials to the calling
    /// thread; the figures are those of one thread, and the count says one.
    #[test]
    fn trials_are_fought_when_no_thread_can_be_started() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenarios")
            .join("quick-glendale.json");
        let p = super::super::locate::from_scenario(&path, None).expect("a scenario");
        let stop = AtomicBool::new(false);
        let one = tally_on(&p, Policy::Objective, 7, 40, 1, &stop).unwrap();
        let refused =
            tally_with_stack(&p, Policy::Objective, 7, 40, 4, &stop, Some(usize::MAX / 2)).unwrap();
        assert_eq!(one.1, 1);
        assert_eq!(refused, one);
    }

    /// The policy, given the units on the sheet with every battle
    /// question; wherever the policy says it does not read them
    /// (`Decider::reads_sheet`), it must answer the same without them.
    struct Unseen {
        policy: Policy,
        checked: usize,
    }

    impl Decider for Unseen {
        fn decide(&mut self, board: &Board, request: &Request) -> Result<Decision, Interrupt> {
            let answer = self.policy.decide(board, request)?;
            if request.battlefield.is_some() && !self.policy.reads_sheet(request) {
                let unseen = Request {
                    battlefield: None,
                    ..request.clone()
                };
                assert_eq!(
                    self.policy.decide(board, &unseen)?,
                    answer,
                    "{}: {:?}",
                    request.rule,
                    request.options
                );
                self.checked += 1;
            }
            Ok(answer)
        }
    }

    /// Issue 36: a policy is shown no sheet where it does not read one, and
    /// answers as it would have with it, in Basic and Advanced battles,
    /// cautious and bold.
    #[test]
    fn the_policy_reads_the_sheet_only_where_it_says() {
        for (file, mode) in [
            ("odds-basic-8v8.json", BattleMode::Basic),
            ("odds-advanced-8v8.json", BattleMode::Advanced),
        ] {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("scenarios")
                .join(file);
            let p = super::super::locate::from_scenario(&path, Some(mode)).expect("a scenario");
            for policy in [Policy::Cautious, Policy::Objective] {
                let mut decider = Unseen { policy, checked: 0 };
                for t in 0..20 {
                    let mut board = p.board.clone();
                    let mut dice = Dice::seeded(game_seed(11, t));
                    let mut chronicle = Chronicle::quiet();
                    let mut ctx = Ctx {
                        board: &mut board,
                        dice: &mut dice,
                        chronicle: &mut chronicle,
                        decider: &mut decider,
                    };
                    crate::rules::turn::fight(&mut ctx, &p.spec, p.mode).expect("fought");
                }
                assert!(
                    decider.checked > 100,
                    "{file} {policy:?}: {}",
                    decider.checked
                );
            }
        }
    }
}
