//! The advisor recommends (issue 37): at a decision, the best answer found
//! by simulation, ranked by the player's aim, with 95% intervals.
//!
//! - [`Position`]: where the game waits (a save, the window's `Waiting`, a
//!   battle scenario), with the question asked. Trials start from a copy
//!   of what the player can see (`position` explains the honesty).
//! - Candidates (`candidates`): for a Battle Plan Counter assignment the
//!   scripted commander's and its neighbours plus the player's own as it
//!   stands; for any other question every legal answer.
//! - [`Advisor`]: fights the candidates with common random numbers — trial
//!   `t` of every candidate rolls its dice after the position from
//!   `sim::game_seed(seed, t)` — by successive halving: every candidate
//!   gets [`Settings::first_round`] trials, then the better half (at least
//!   [`Settings::keep`], and always the player's and the policy's answers)
//!   twice as many, and so on up to [`Settings::max_trials`]. It is
//!   anytime: [`Advisor::step`] fights a few more trials (on threads),
//!   [`Advisor::advice`] ranks what is known so far. The schedule is fixed
//!   by the seed and the trials' results, so the advice after N trials is
//!   the same however the steps are cut and on however many threads.
//!
//! The window runs an `Advisor` on a worker thread (it is `Send`), calling
//! `step` in slices and showing `advice()`; `fcrel advise` runs it to a
//! budget and prints the ranking (`docs/odds.md`).

mod candidates;
mod play;
mod position;

pub use candidates::{Placement, placements_text};
pub use play::{
    Play, advised_game, covers, covers_campaign, fight_advised, play_campaign, sample_of,
};
pub use position::{CAMPAIGN_ENDINGS, CampaignStart, Position, Root, Sample};

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use serde::Serialize;

use crate::rules::commander::Policy;
use crate::rules::decision::Decision;

use super::locate::SourceInfo;
use super::stats::{Proportion, wilson};

/// What the player plays for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Aim {
    /// Win the battle: the Union leaves the area (routed, retreats, is
    /// enveloped or destroyed), or a stand-alone battle's Confederate
    /// victory; a question outside a battle: win the campaign.
    #[default]
    Win,
    /// Keep the most Confederate Combat Value (the Forces that took part).
    Strength,
    /// Not lose the campaign (3.2: Lee alone or destroyed; outside a
    /// battle, the campaign played to its end).
    Campaign,
}

impl Aim {
    pub fn by_name(name: &str) -> Option<Aim> {
        match name {
            "win" => Some(Aim::Win),
            "strength" => Some(Aim::Strength),
            "campaign" => Some(Aim::Campaign),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Aim::Win => "win",
            Aim::Strength => "strength",
            Aim::Campaign => "campaign",
        }
    }

    /// What the estimate is, in words.
    pub fn describe(self) -> &'static str {
        match self {
            Aim::Win => "chance of winning",
            Aim::Strength => "Combat Value kept",
            Aim::Campaign => "chance the campaign is not lost",
        }
    }

    /// A chance (shown as a percentage) or an amount.
    pub fn is_chance(self) -> bool {
        self != Aim::Strength
    }

    /// The aim's value of one trial.
    pub fn value(self, s: &Sample) -> f64 {
        match self {
            Aim::Win => f64::from(u8::from(s.win)),
            Aim::Strength => f64::from(s.kept),
            Aim::Campaign => f64::from(u8::from(!s.lost)),
        }
    }
}

/// How the advisor searches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    pub aim: Aim,
    /// Trial `t` of every candidate rolls from `sim::game_seed(seed, t)`.
    pub seed: u64,
    /// Who answers the later questions in every trial.
    pub rollout: Policy,
    /// Trials every candidate gets in the first round.
    pub first_round: u64,
    /// Candidates kept in every round (the window shows three).
    pub keep: usize,
    /// The most trials a candidate gets: the search ends there.
    pub max_trials: u64,
    /// The most candidates weighed.
    pub max_candidates: usize,
    /// At a move on the map (9.2, 15.1) weigh only the policy's answer,
    /// ending the moves, and the moves into Union Forces (the advisor
    /// playing a campaign: every move would be many candidates).
    pub attacks_only: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            aim: Aim::Win,
            seed: 1,
            rollout: Policy::Objective,
            first_round: 32,
            keep: 3,
            max_trials: 4096,
            max_candidates: 64,
            attacks_only: false,
        }
    }
}

/// A candidate answer being tried.
#[derive(Debug, Clone)]
struct Candidate {
    decisions: Vec<Decision>,
    label: String,
    placements: Option<Vec<Placement>>,
    player: bool,
    policy: bool,
    root: Arc<Root>,
    /// Trial t's outcome at index t.
    samples: Vec<Sample>,
    /// The round it was dropped in; None while it is still tried.
    dropped: Option<usize>,
}

/// The anytime advisor: see the module's documentation.
#[derive(Debug, Clone)]
pub struct Advisor {
    settings: Settings,
    source: SourceInfo,
    asked: Asked,
    endings: &'static [(&'static str, &'static str)],
    notes: Vec<String>,
    cands: Vec<Candidate>,
    round: usize,
    /// Trials each candidate still tried has by the end of this round.
    target: u64,
    /// This round's trials: (candidate, trial), fought in this order.
    queue: Vec<(usize, u64)>,
    next: usize,
    fought: u64,
    finished: bool,
}

/// The question the advice answers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Asked {
    pub rule: String,
    pub prompt: String,
    /// The battle's area when asked in a battle.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub battle: Option<String>,
    /// A Battle Plan Counter assignment (12.2 / A12.2).
    pub assignment: bool,
}

/// An estimate with its 95% interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Estimate {
    pub mean: f64,
    pub low: f64,
    pub high: f64,
}

/// The difference of a candidate to a reference answer, trial by trial
/// over the trials both have (common random numbers), with its 95%
/// interval.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Versus {
    /// "your choice" or "the objective policy's choice".
    pub against: String,
    pub trials: u64,
    #[serde(flatten)]
    pub difference: Estimate,
}

/// One ranked answer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Ranked {
    /// 1 for the best.
    pub rank: usize,
    /// The answers to give, in order, up to the commit (an assignment's
    /// counters and Done).
    pub decisions: Vec<Decision>,
    pub label: String,
    /// An assignment's counters (ghost counters on the sheet).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub placements: Option<Vec<Placement>>,
    /// The player's current choice (an assignment as it stands).
    pub player_choice: bool,
    /// The rollout policy's own answer.
    pub policy_choice: bool,
    /// Still being tried (not dropped by the halving).
    pub racing: bool,
    pub trials: u64,
    /// The aim's estimate.
    pub estimate: Estimate,
    /// The chance of winning (the battle, or the campaign).
    pub win: Proportion,
    /// Against the player's choice (or, with none, the policy's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub versus: Option<Versus>,
    /// The outcome that differs most from the reference: "Confederates
    /// routed (14.5) 41% → 18%".
    pub why: String,
    /// Each ending's chance (the position's endings, in order).
    pub endings: Vec<f64>,
}

/// What the advisor knows so far.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Advice {
    pub source: SourceInfo,
    pub asked: Asked,
    pub aim: Aim,
    pub seed: u64,
    pub rollout: Policy,
    /// Battles (or campaigns) fought in all.
    pub trials: u64,
    /// The search has reached its end (every candidate left has its most
    /// trials).
    pub finished: bool,
    /// The ending ids and labels of `Ranked::endings`.
    pub endings: Vec<(&'static str, &'static str)>,
    pub ranked: Vec<Ranked>,
    pub notes: Vec<String>,
}

/// A trial that could not be fought.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AdviseError {
    pub candidate: String,
    pub trial: u64,
    pub why: String,
}

impl std::fmt::Display for AdviseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "trial {} of \"{}\" stopped: {}",
            self.trial, self.candidate, self.why
        )
    }
}

impl Advisor {
    /// An advisor for the question at `pos`. Refused when the question
    /// has no answer to weigh.
    pub fn new(pos: &Position, settings: Settings) -> Result<Advisor, String> {
        let protos = candidates::candidates(pos, &settings);
        if protos.is_empty() {
            return Err(format!(
                "{}: no answer to \"{}\" ({}) could be tried",
                pos.source.file, pos.request.prompt, pos.request.rule
            ));
        }
        let cands: Vec<Candidate> = protos
            .into_iter()
            .map(|p| Candidate {
                root: Arc::new(pos.with(&p.decisions)),
                decisions: p.decisions,
                label: p.label,
                placements: p.placements,
                player: p.player,
                policy: p.policy,
                samples: Vec::new(),
                dropped: None,
            })
            .collect();
        let mut a = Advisor {
            settings: Settings {
                first_round: settings.first_round.max(2),
                max_trials: settings.max_trials.max(settings.first_round.max(2)),
                keep: settings.keep.max(1),
                ..settings
            },
            source: pos.source.clone(),
            asked: Asked {
                rule: pos.request.rule.to_string(),
                prompt: pos.request.prompt.clone(),
                battle: pos.request.battle_location.as_ref().map(|a| a.to_string()),
                assignment: candidates::is_assignment(&pos.request),
            },
            endings: pos.endings(),
            notes: pos.notes.clone(),
            cands,
            round: 0,
            target: 0,
            queue: Vec::new(),
            next: 0,
            fought: 0,
            finished: false,
        };
        a.target = a.settings.first_round;
        a.fill_queue();
        Ok(a)
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// How many candidates are weighed.
    pub fn candidates(&self) -> usize {
        self.cands.len()
    }

    /// Trials fought so far.
    pub fn trials(&self) -> u64 {
        self.fought
    }

    /// The search is over: more steps fight nothing.
    pub fn finished(&self) -> bool {
        self.finished
    }

    fn fill_queue(&mut self) {
        self.queue.clear();
        self.next = 0;
        for (i, c) in self.cands.iter().enumerate() {
            if c.dropped.is_none() {
                let have = c.samples.len() as u64;
                self.queue.extend((have..self.target).map(|t| (i, t)));
            }
        }
    }

    /// The mean of the aim over a candidate's trials (then the chance of
    /// winning, to order equals).
    fn means(&self, i: usize) -> (f64, f64) {
        let s = &self.cands[i].samples;
        if s.is_empty() {
            return (f64::NEG_INFINITY, f64::NEG_INFINITY);
        }
        let n = s.len() as f64;
        let aim = self.settings.aim;
        (
            s.iter().map(|x| aim.value(x)).sum::<f64>() / n,
            s.iter().filter(|x| x.win).count() as f64 / n,
        )
    }

    fn order(&self, a: usize, b: usize) -> std::cmp::Ordering {
        let (ma, wa) = self.means(a);
        let (mb, wb) = self.means(b);
        mb.total_cmp(&ma).then(wb.total_cmp(&wa)).then(a.cmp(&b))
    }

    /// The round is over: keep the better half, at least `keep`, and the
    /// references; double the trials.
    fn end_round(&mut self) {
        if self.target >= self.settings.max_trials {
            // The last round: nothing is dropped; those left are ranked
            // by their estimates.
            self.finished = true;
            return;
        }
        let mut alive: Vec<usize> = (0..self.cands.len())
            .filter(|&i| self.cands[i].dropped.is_none())
            .collect();
        alive.sort_by(|&a, &b| self.order(a, b));
        let keep = alive.len().div_ceil(2).max(self.settings.keep);
        for (k, &i) in alive.iter().enumerate() {
            let c = &mut self.cands[i];
            if k >= keep && !c.player && !c.policy {
                c.dropped = Some(self.round);
            }
        }
        self.round += 1;
        self.target = (self.target * 2).min(self.settings.max_trials);
        self.fill_queue();
    }

    /// Fight up to `budget` more trials on `threads` threads; returns how
    /// many were fought (0: the search is finished).
    pub fn step(&mut self, budget: u64, threads: usize) -> Result<u64, AdviseError> {
        self.step_until(budget, threads, &AtomicBool::new(false))
    }

    /// [`Advisor::step`], given up when `stop` is set: it is looked at
    /// between slices of the schedule (a round's remaining trials, at most
    /// `budget`), and every trial fought is kept. The window calls it with
    /// small budgets (a few hundred trials) to stay responsive.
    pub fn step_until(
        &mut self,
        budget: u64,
        threads: usize,
        stop: &AtomicBool,
    ) -> Result<u64, AdviseError> {
        let mut done = 0u64;
        while done < budget && !self.finished {
            if self.next >= self.queue.len() {
                self.end_round();
                continue;
            }
            let take = ((budget - done) as usize).min(self.queue.len() - self.next);
            let jobs: Vec<(usize, u64)> = self.queue[self.next..self.next + take].to_vec();
            let results = self.fight(&jobs, threads, stop)?;
            for (&(i, t), s) in jobs.iter().zip(results) {
                debug_assert_eq!(self.cands[i].samples.len() as u64, t);
                self.cands[i].samples.push(s);
            }
            self.next += take;
            self.fought += take as u64;
            done += take as u64;
            if stop.load(Ordering::Relaxed) {
                break;
            }
        }
        if self.next >= self.queue.len() && !self.finished {
            self.end_round();
        }
        Ok(done)
    }

    /// Fight until `total` trials in all have been fought, or the search
    /// ends.
    pub fn run_to(&mut self, total: u64, threads: usize) -> Result<(), AdviseError> {
        while self.fought < total && !self.finished {
            let n = self.step(total - self.fought, threads)?;
            if n == 0 && !self.finished {
                break;
            }
        }
        Ok(())
    }

    /// These jobs' trials, in order, on up to `threads` threads
    /// (contiguous chunks).
    fn fight(
        &self,
        jobs: &[(usize, u64)],
        threads: usize,
        stop: &AtomicBool,
    ) -> Result<Vec<Sample>, AdviseError> {
        let policy = self.settings.rollout;
        let seed = self.settings.seed;
        let run = |chunk: &[(usize, u64)]| -> Result<Vec<Sample>, AdviseError> {
            let mut out = Vec::with_capacity(chunk.len());
            for &(i, t) in chunk {
                let c = &self.cands[i];
                let fought = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    position::trial(&c.root, policy, seed, t)
                }));
                let why = match fought {
                    Ok(Ok(s)) => {
                        out.push(s);
                        continue;
                    }
                    Ok(Err(e)) => e.to_string(),
                    Err(panic) => panic
                        .downcast_ref::<String>()
                        .cloned()
                        .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                        .map_or("the rules panicked".into(), |s| {
                            format!("the rules panicked: {s}")
                        }),
                };
                return Err(AdviseError {
                    candidate: c.label.clone(),
                    trial: t,
                    why,
                });
            }
            Ok(out)
        };
        let threads = threads
            .clamp(1, super::trials::max_threads())
            .min(jobs.len().max(1));
        if threads == 1 || stop.load(Ordering::Relaxed) {
            return run(jobs);
        }
        let chunk = jobs.len().div_ceil(threads);
        let parts: Vec<Result<Vec<Sample>, AdviseError>> = std::thread::scope(|scope| {
            let handles: Vec<_> = jobs
                .chunks(chunk)
                .map(|c| {
                    let run = &run;
                    (
                        c,
                        std::thread::Builder::new()
                            .spawn_scoped(scope, move || run(c))
                            .ok(),
                    )
                })
                .collect();
            handles
                .into_iter()
                .map(|(c, h)| match h {
                    Some(h) => h.join().unwrap_or_else(|_| run(c)),
                    None => run(c),
                })
                .collect()
        });
        let mut out = Vec::with_capacity(jobs.len());
        for p in parts {
            out.extend(p?);
        }
        Ok(out)
    }

    /// The index of the best candidate so far.
    pub fn leader(&self) -> Option<usize> {
        self.ranking().first().copied()
    }

    /// The answers of the best candidate so far.
    pub fn best(&self) -> Option<&[Decision]> {
        self.leader().map(|i| self.cands[i].decisions.as_slice())
    }

    /// Candidates, best first: those still tried, then those dropped in
    /// later rounds before earlier ones; by the aim within each.
    fn ranking(&self) -> Vec<usize> {
        let mut v: Vec<usize> = (0..self.cands.len())
            .filter(|&i| !self.cands[i].samples.is_empty())
            .collect();
        let stage = |i: usize| self.cands[i].dropped.map_or(usize::MAX, |r| r);
        v.sort_by(|&a, &b| stage(b).cmp(&stage(a)).then(self.order(a, b)));
        v
    }

    fn estimate(&self, i: usize) -> Estimate {
        let aim = self.settings.aim;
        let s = &self.cands[i].samples;
        if aim.is_chance() {
            let k = s.iter().filter(|x| aim.value(x) > 0.5).count() as u64;
            let p = wilson(k, s.len() as u64);
            Estimate {
                mean: p.probability,
                low: p.low,
                high: p.high,
            }
        } else {
            let sum: u64 = s.iter().map(|x| u64::from(x.kept)).sum();
            let sq: u64 = s.iter().map(|x| u64::from(x.kept).pow(2)).sum();
            let e = super::stats::expectation((sum, sq), s.len() as u64);
            Estimate {
                mean: e.mean,
                low: e.low,
                high: e.high,
            }
        }
    }

    /// The paired difference of `a` to `b` over their common trials.
    fn paired(&self, a: usize, b: usize) -> (u64, Estimate) {
        let aim = self.settings.aim;
        let (sa, sb) = (&self.cands[a].samples, &self.cands[b].samples);
        let n = sa.len().min(sb.len());
        if n == 0 {
            return (
                0,
                Estimate {
                    mean: 0.0,
                    low: 0.0,
                    high: 0.0,
                },
            );
        }
        let d: Vec<f64> = (0..n)
            .map(|t| aim.value(&sa[t]) - aim.value(&sb[t]))
            .collect();
        let nf = n as f64;
        let mean = d.iter().sum::<f64>() / nf;
        let var = if n > 1 {
            d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (nf - 1.0)
        } else {
            0.0
        };
        let half = 1.96 * (var / nf).sqrt();
        (
            n as u64,
            Estimate {
                mean,
                low: mean - half,
                high: mean + half,
            },
        )
    }

    /// `a` beats `b` beyond the noise of their common trials (a sign
    /// test): of the trials where the two differ for the aim, `a` is better
    /// in `w` and worse in `l`, and `w - l` is at least twice
    /// `sqrt(w + l)` (about 95%: two trials of two are not enough, four of
    /// four are).
    fn clearly_beats(&self, a: usize, b: usize) -> bool {
        let aim = self.settings.aim;
        let (sa, sb) = (&self.cands[a].samples, &self.cands[b].samples);
        let (mut w, mut l) = (0u64, 0u64);
        for (x, y) in sa.iter().zip(sb) {
            let (vx, vy) = (aim.value(x), aim.value(y));
            if vx > vy {
                w += 1;
            } else if vx < vy {
                l += 1;
            }
        }
        w > l && (w - l) as f64 >= 2.0 * ((w + l) as f64).sqrt()
    }

    fn ending_chances(&self, i: usize) -> Vec<f64> {
        self.ending_chances_in(i, self.cands[i].samples.len())
    }

    /// Each ending's chance over the candidate's first `n` trials.
    fn ending_chances_in(&self, i: usize, n: usize) -> Vec<f64> {
        let s = &self.cands[i].samples[..n.min(self.cands[i].samples.len())];
        let mut counts = vec![0u64; self.endings.len()];
        for x in s {
            if let Some(c) = counts.get_mut(x.ending as usize) {
                *c += 1;
            }
        }
        let n = s.len().max(1) as f64;
        counts.into_iter().map(|c| c as f64 / n).collect()
    }

    /// "Confederates routed (14.5) 41% → 18%": the ending whose chance
    /// differs most between the reference `r` and `i`.
    fn why(&self, i: usize, r: usize) -> String {
        // Over the trials both have: the same dice.
        let n = self.cands[i].samples.len().min(self.cands[r].samples.len());
        let (pi, pr) = (self.ending_chances_in(i, n), self.ending_chances_in(r, n));
        let Some(k) = (0..pi.len()).max_by(|&a, &b| {
            (pi[a] - pr[a])
                .abs()
                .total_cmp(&(pi[b] - pr[b]).abs())
                .then(b.cmp(&a))
        }) else {
            return String::new();
        };
        if (pi[k] - pr[k]).abs() < 1e-12 {
            return "The same outcomes as the answer compared".into();
        }
        format!(
            "{} {:.0}% → {:.0}%",
            self.endings[k].1,
            pr[k] * 100.0,
            pi[k] * 100.0
        )
    }

    /// The ranking so far.
    pub fn advice(&self) -> Advice {
        let order = self.ranking();
        let reference = self
            .cands
            .iter()
            .position(|c| c.player)
            .or_else(|| self.cands.iter().position(|c| c.policy));
        let against = |r: usize| {
            if self.cands[r].player {
                "your choice".to_string()
            } else {
                format!("the {} policy's choice", self.settings.rollout.name())
            }
        };
        let ranked = order
            .iter()
            .enumerate()
            .map(|(k, &i)| {
                let c = &self.cands[i];
                // Compared with the reference; the reference itself with
                // the best (or, when it is the best, the runner-up).
                let cmp = match reference {
                    Some(r) if r != i => Some(r),
                    _ if k == 0 => order.get(1).copied(),
                    _ => order.first().copied(),
                };
                let versus = reference.filter(|&r| r != i).map(|r| {
                    let (n, d) = self.paired(i, r);
                    Versus {
                        against: against(r),
                        trials: n,
                        difference: d,
                    }
                });
                let wins = c.samples.iter().filter(|x| x.win).count() as u64;
                Ranked {
                    rank: k + 1,
                    decisions: c.decisions.clone(),
                    label: c.label.clone(),
                    placements: c.placements.clone(),
                    player_choice: c.player,
                    policy_choice: c.policy,
                    racing: c.dropped.is_none() && !self.finished,
                    trials: c.samples.len() as u64,
                    estimate: self.estimate(i),
                    win: wilson(wins, c.samples.len() as u64),
                    versus,
                    why: cmp.map_or_else(String::new, |r| self.why(i, r)),
                    endings: self.ending_chances(i),
                }
            })
            .collect();
        Advice {
            source: self.source.clone(),
            asked: self.asked.clone(),
            aim: self.settings.aim,
            seed: self.settings.seed,
            rollout: self.settings.rollout,
            trials: self.fought,
            finished: self.finished,
            endings: self.endings.to_vec(),
            ranked,
            notes: self.notes.clone(),
        }
    }
}

#[cfg(test)]
mod tests;
