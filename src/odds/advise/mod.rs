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
//!   `sim::game_seed(seed, t)` — in rounds (racing with successive
//!   halving): every candidate gets [`Settings::first_round`] trials; at
//!   each round's end the answers the leader clearly beats are dropped,
//!   then the worse half of the rest (at least [`Settings::keep`] stay,
//!   and always the references: the player's and the policy's answers);
//!   those left get twice as many trials (at most [`MOST_ADDED`] more a
//!   round), up to [`Settings::max_trials`]. The search ends there, or
//!   when the leader clearly beats every answer still tried. It is
//!   anytime: [`Advisor::step`] fights a few more trials (on threads),
//!   [`Advisor::run_for`] fights whole rounds until a time is spent,
//!   [`Advisor::advice`] ranks what is known so far. The schedule is fixed
//!   by the seed and the trials' results, so the advice after N trials is
//!   the same however the steps are cut and on however many threads.
//! - "Clearly better" ([`Advisor::clearly_beats`]) is a sequential sign
//!   test over the common trials, valid however often it is looked at
//!   ([`sign_test_log_ratio`]). The advice keeps the reference (the
//!   player's answer where there is one, else the policy's) unless another
//!   answer is clearly better; answers none clearly beats share a rank.
//!
//! The window runs an `Advisor` on a worker thread (it is `Send`), calling
//! `step` in slices and showing `advice()`; `fcrel advise` runs it to a
//! budget and prints the ranking (`docs/odds.md`).

mod candidates;
mod play;
mod position;
mod reasons;

pub use candidates::{Placement, placements_text};
pub use play::{Play, advised_game, covers, covers_turn, fight_advised, play_campaign, sample_of};
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
    /// Trials every candidate gets in the first round (at most
    /// [`CAMPAIGN_FIRST_ROUND`] where every trial is a campaign).
    pub first_round: u64,
    /// Candidates kept in every round (the window shows three).
    pub keep: usize,
    /// The most trials a candidate gets: the search ends there.
    pub max_trials: u64,
    /// The most candidates weighed.
    pub max_candidates: usize,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            aim: Aim::Win,
            seed: 1,
            rollout: Policy::Objective,
            first_round: 32,
            keep: 3,
            max_trials: 65_536,
            max_candidates: 64,
        }
    }
}

/// The error level of "clearly better": the chance that an answer no
/// better than another is found clearly better, at any look, summed over
/// the answers weighed, is at most this.
pub const ALPHA: f64 = 0.05;

/// The time budget of `fcrel advise` without `--trials`, and of the
/// window's Suggest panel, in seconds.
pub const DEFAULT_SECONDS: f64 = 1.5;

/// The first round's trials at a question weighed by playing the campaign
/// on: a Moves question weighs up to 64 candidates, each trial a whole
/// campaign, and the time budget is looked at only between rounds; the
/// halving's later rounds give the survivors their trials.
pub const CAMPAIGN_FIRST_ROUND: u64 = 8;

/// The most trials a round adds to each answer still tried: the rounds
/// double until then, so a time budget, looked at between rounds, is not
/// overrun by much.
pub const MOST_ADDED: u64 = 1_024;

/// ln of the likelihood ratio of a sequential sign test: of the common
/// trials where two answers differ, `w` favour the first and `l` the
/// second. Against "either is as likely to be the better one" (p = 1/2)
/// it weighs every p alike (a uniform mixture):
/// `2^n · w! · l! / (n + 1)!` with `n = w + l`. Under the null the ratio
/// is a martingale, so by Ville's inequality it ever reaches `1/α` with a
/// chance of at most `α`, however often it is looked at and whenever the
/// search stops.
pub fn sign_test_log_ratio(w: u64, l: u64) -> f64 {
    let n = w + l;
    n as f64 * std::f64::consts::LN_2 + ln_factorial(w) + ln_factorial(l) - ln_factorial(n + 1)
}

/// ln n! (Stirling's series beyond 20: exact to about 1e-10).
fn ln_factorial(n: u64) -> f64 {
    if n < 20 {
        return (2..=n).map(|k| (k as f64).ln()).sum();
    }
    let x = n as f64;
    x * x.ln() - x + 0.5 * (2.0 * std::f64::consts::PI * x).ln() + 1.0 / (12.0 * x)
        - 1.0 / (360.0 * x * x * x)
}

/// A candidate answer being tried.
#[derive(Debug, Clone)]
struct Candidate {
    decisions: Vec<Decision>,
    label: String,
    placements: Option<Vec<Placement>>,
    player: bool,
    policy: bool,
    /// The areas it sends Forces into (named by the reasons).
    into: Vec<crate::rules::components::Id>,
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
    /// A campaign played on: its Victory Conditions, for the reasons.
    goals: Vec<reasons::Goal>,
    cands: Vec<Candidate>,
    /// The leader clearly beat every other answer still tried.
    decided: bool,
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
    /// "yours" or "the built-in commander's" (the reference answer).
    pub against: String,
    /// Clearly better than the reference (the sequential sign test), or
    /// clearly worse; neither: the difference may be chance.
    pub clearly_better: bool,
    pub clearly_worse: bool,
    pub trials: u64,
    #[serde(flatten)]
    pub difference: Estimate,
}

/// One ranked answer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Ranked {
    /// 1 + the number of answers clearly better than this one: answers
    /// none of the others separates share a rank ([`Ranked::tied`]).
    pub rank: usize,
    /// Another answer has the same rank ("=1").
    pub tied: bool,
    /// The answer advised: the reference unless another is clearly better.
    pub recommended: bool,
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
    /// In one line, what it does for the aim against the reference:
    /// "Wins 8 points more often than the built-in commander's answer
    /// (clearly)".
    pub reason: String,
    /// The outcome that differs most from the reference: "Confederates
    /// routed (14.5) 41% → 18%".
    pub why: String,
    /// Each ending's chance (the position's endings, in order).
    pub endings: Vec<f64>,
}

impl Ranked {
    /// "=1" for a rank shared, "2" for one alone.
    pub fn rank_text(&self) -> String {
        if self.tied {
            format!("={}", self.rank)
        } else {
            self.rank.to_string()
        }
    }
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
    /// trials, or the leader clearly beats every other one still tried).
    pub finished: bool,
    /// The search ended because the leader clearly beats every answer
    /// still tried.
    pub decided: bool,
    /// Whose answer is kept unless another is clearly better: "yours" or
    /// "the built-in commander's" (none: every answer is weighed alike).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reference: Option<String>,
    /// The recommended answer (ranked first) is clearly better than the
    /// reference.
    pub clearly_better: bool,
    /// The advice in a sentence: "No answer is clearly better than
    /// yours." or "Clearly better than the built-in commander's: …".
    pub verdict: String,
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
                into: p.into,
                samples: Vec::new(),
                dropped: None,
            })
            .collect();
        let first_round = match pos.root {
            Root::Campaign(_) => settings.first_round.min(CAMPAIGN_FIRST_ROUND),
            Root::Battle(_) => settings.first_round,
        }
        .max(2);
        let mut a = Advisor {
            settings: Settings {
                first_round,
                max_trials: settings.max_trials.max(first_round),
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
            goals: match pos.root {
                Root::Campaign(_) => reasons::goals(&pos.board),
                Root::Battle(_) => Vec::new(),
            },
            cands,
            decided: false,
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

    /// The round is over. The search ends when the leader clearly beats
    /// every other answer still tried, or at the most trials. Else the
    /// answers the leader clearly beats are dropped (racing), then the
    /// worse half of the rest (successive halving), keeping at least
    /// `keep` and the references; those left get twice the trials, at
    /// most [`MOST_ADDED`] more.
    fn end_round(&mut self) {
        let mut alive: Vec<usize> = (0..self.cands.len())
            .filter(|&i| self.cands[i].dropped.is_none())
            .collect();
        alive.sort_by(|&a, &b| self.order(a, b));
        let leader = alive[0];
        if alive[1..].iter().all(|&j| self.clearly_beats(leader, j)) {
            self.decided = true;
            self.finished = true;
            return;
        }
        if self.target >= self.settings.max_trials {
            // The last round: nothing is dropped; those left are ranked
            // by their estimates.
            self.finished = true;
            return;
        }
        let reference = |c: &Candidate| c.player || c.policy;
        let beaten: Vec<usize> = alive[1..]
            .iter()
            .copied()
            .filter(|&j| !reference(&self.cands[j]) && self.clearly_beats(leader, j))
            .collect();
        for &j in &beaten {
            self.cands[j].dropped = Some(self.round);
        }
        alive.retain(|i| !beaten.contains(i));
        let keep = alive.len().div_ceil(2).max(self.settings.keep);
        for (k, &i) in alive.iter().enumerate() {
            let c = &mut self.cands[i];
            if k >= keep && !reference(c) {
                c.dropped = Some(self.round);
            }
        }
        self.round += 1;
        self.target = (self.target + self.target.min(MOST_ADDED)).min(self.settings.max_trials);
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

    /// Fight whole rounds until `seconds` are spent (looked at only
    /// between rounds, so the trials fought are a round's end, decided by
    /// the clock), `most` trials in all are fought, the search ends, or
    /// `stop` is set. Every `slice` trials `seen` is called (the window's
    /// snapshots). The advice after the trials fought is exactly that of
    /// [`Advisor::run_to`] with that many: a time budget decides only
    /// where the deterministic schedule stops.
    pub fn run_for(
        &mut self,
        seconds: f64,
        most: u64,
        (threads, slice): (usize, u64),
        stop: &AtomicBool,
        seen: &mut dyn FnMut(&Advisor),
    ) -> Result<(), AdviseError> {
        let started = std::time::Instant::now();
        while !self.finished && self.fought < most && !stop.load(Ordering::Relaxed) {
            let round = self.round;
            // Never past the round's end: the clock is looked at there.
            let left = (self.queue.len() - self.next) as u64;
            let n = self.step_until(
                slice.max(1).min(most - self.fought).min(left.max(1)),
                threads,
                stop,
            )?;
            seen(self);
            let round_over = self.round != round || self.finished;
            if (round_over && started.elapsed().as_secs_f64() >= seconds) || n == 0 {
                break;
            }
        }
        Ok(())
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

    /// The index of the best candidate so far by its estimate alone.
    pub fn leader(&self) -> Option<usize> {
        (0..self.cands.len())
            .filter(|&i| !self.cands[i].samples.is_empty())
            .min_by(|&a, &b| {
                let stage = |i: usize| self.cands[i].dropped.map_or(usize::MAX, |r| r);
                stage(b).cmp(&stage(a)).then(self.order(a, b))
            })
    }

    /// The answers of the recommended candidate so far.
    pub fn best(&self) -> Option<&[Decision]> {
        self.recommended()
            .map(|i| self.cands[i].decisions.as_slice())
    }

    /// The answer the others are measured against and kept unless one is
    /// clearly better: the player's where they have given one (an
    /// assignment's counters so far), else the policy's.
    fn reference(&self) -> Option<usize> {
        (0..self.cands.len())
            .find(|&i| self.own(i))
            .or_else(|| self.cands.iter().position(|c| c.policy))
    }

    /// The player's own answer: at an assignment, once they have given a
    /// counter (none given yet is no choice).
    fn own(&self, i: usize) -> bool {
        let c = &self.cands[i];
        c.player && c.placements.as_ref().is_none_or(|p| !p.is_empty())
    }

    /// Each candidate's rank: 1 + the number of candidates clearly better.
    fn ranks(&self) -> Vec<usize> {
        let n = self.cands.len();
        (0..n)
            .map(|i| {
                1 + (0..n)
                    .filter(|&j| j != i && self.clearly_beats(j, i))
                    .count()
            })
            .collect()
    }

    /// The recommended answer: the reference unless others are clearly
    /// better than it, then the best ranked of those (by its estimate
    /// among equals).
    pub fn recommended(&self) -> Option<usize> {
        let ranks = self.ranks();
        self.recommended_with(&ranks)
    }

    fn recommended_with(&self, ranks: &[usize]) -> Option<usize> {
        let sorted = self.by_rank(ranks);
        match self.reference() {
            Some(r) => Some(
                sorted
                    .iter()
                    .copied()
                    .find(|&i| i != r && self.clearly_beats(i, r))
                    .unwrap_or(r),
            ),
            None => sorted.first().copied(),
        }
    }

    /// Candidates tried, by rank; among equal ranks those still tried,
    /// then those dropped in later rounds before earlier ones; by the aim
    /// within each.
    fn by_rank(&self, ranks: &[usize]) -> Vec<usize> {
        let mut v: Vec<usize> = (0..self.cands.len())
            .filter(|&i| !self.cands[i].samples.is_empty())
            .collect();
        let stage = |i: usize| self.cands[i].dropped.map_or(usize::MAX, |r| r);
        v.sort_by(|&a, &b| {
            ranks[a]
                .cmp(&ranks[b])
                .then(stage(b).cmp(&stage(a)))
                .then(self.order(a, b))
        });
        v
    }

    /// Candidates, the recommended first, then [`Advisor::by_rank`].
    fn ranking(&self, ranks: &[usize]) -> Vec<usize> {
        let mut v = self.by_rank(ranks);
        if let Some(r) = self.recommended_with(ranks)
            && let Some(k) = v.iter().position(|&i| i == r)
        {
            let r = v.remove(k);
            v.insert(0, r);
        }
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

    /// Of the common trials where `a` and `b` differ for the aim, how
    /// many favour `a` and how many `b`.
    fn signs(&self, a: usize, b: usize) -> (u64, u64) {
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
        (w, l)
    }

    /// `a` beats `b` beyond the noise of their common trials: the
    /// sequential sign test ([`sign_test_log_ratio`]) reaches `m / α`,
    /// `m` the number of other answers `a` could be measured against
    /// (Bonferroni: picking the best of many makes a lucky one likely).
    /// With two answers, 8 trials of 8 that differ are clear and 7 of 7
    /// are not; 20 against 5 is, 10 against 5 is not.
    pub(crate) fn clearly_beats(&self, a: usize, b: usize) -> bool {
        let (w, l) = self.signs(a, b);
        let m = self.cands.len().saturating_sub(1).max(1) as f64;
        w > l && sign_test_log_ratio(w, l) >= (m / ALPHA).ln()
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

    /// "yours" or "the built-in commander's": whose answer `r` is.
    fn whose(&self, r: usize) -> String {
        if self.own(r) {
            "yours".into()
        } else {
            "the built-in commander's".into()
        }
    }

    /// What `i` does for the aim against `r`, in a line: "Wins 8 points
    /// more often than the built-in commander's answer (clearly)".
    fn reason(&self, i: usize, r: usize) -> String {
        let (_, d) = self.paired(i, r);
        let than = format!("than {} answer", self.whose(r));
        let campaign = self.endings.len() == 2;
        let how = if self.clearly_beats(i, r) || self.clearly_beats(r, i) {
            "clearly"
        } else {
            "could be chance"
        };
        let pts = (d.mean * 100.0).abs().round();
        let text = match self.settings.aim {
            Aim::Strength => {
                let cv = d.mean.abs();
                if cv < 0.05 {
                    format!("Keeps as much Combat Value as {} answer", self.whose(r))
                } else {
                    let more = if d.mean > 0.0 { "more" } else { "less" };
                    format!("Keeps {cv:.1} Combat Value {more} {than}")
                }
            }
            Aim::Win | Aim::Campaign if pts < 1.0 => {
                let what = match (self.settings.aim, campaign) {
                    (Aim::Campaign, false) => "Loses the campaign",
                    (_, true) => "Wins the campaign",
                    _ => "Wins",
                };
                format!("{what} about as often as {} answer", self.whose(r))
            }
            Aim::Win => {
                let more = if d.mean > 0.0 { "more" } else { "less" };
                let what = if campaign {
                    "Wins the campaign"
                } else {
                    "Wins"
                };
                format!("{what} {pts:.0} points {more} often {than}")
            }
            Aim::Campaign => {
                // The aim is "not lost": more of it is losing less often.
                if campaign {
                    let more = if d.mean > 0.0 { "more" } else { "less" };
                    format!("Wins the campaign {pts:.0} points {more} often {than}")
                } else {
                    let less = if d.mean > 0.0 { "less" } else { "more" };
                    format!("Loses the campaign {pts:.0} points {less} often {than}")
                }
            }
        };
        match self.fact(i, r) {
            Some(fact) => format!("{fact}; {} ({how})", lower_first(&text)),
            None => format!("{text} ({how})"),
        }
    }

    /// What playing on showed `i` does against `r`, beyond the chance of
    /// the aim: the Victory Condition (3.1) whose chance differs most over
    /// their common trials, or Lee left alone (3.2) if that differs more;
    /// of those the same way as the aim's difference where one is (an
    /// answer better for what it gains, worse for what it risks); none
    /// under a point.
    fn fact(&self, i: usize, r: usize) -> Option<String> {
        if self.goals.is_empty() {
            return None;
        }
        let (si, sr) = (&self.cands[i].samples, &self.cands[r].samples);
        let n = si.len().min(sr.len());
        if n == 0 {
            return None;
        }
        let points = |f: &dyn Fn(&Sample) -> bool| {
            let d: i64 = (0..n)
                .map(|t| i64::from(f(&si[t])) - i64::from(f(&sr[t])))
                .sum();
            d as f64 * 100.0 / n as f64
        };
        let mut facts: Vec<(f64, reasons::Fact)> = self
            .goals
            .iter()
            .enumerate()
            .map(|(k, g)| {
                (
                    points(&|s: &Sample| s.objectives & (1 << g.bit) != 0),
                    reasons::Fact::Goal(k),
                )
            })
            .collect();
        // Lee alone less often is better: counted as Lee kept.
        facts.push((points(&|s: &Sample| !s.lee_alone), reasons::Fact::Lee));
        // What explains the difference for the aim: a fact the same way
        // as it where there is one (a better answer by what it gains),
        // the largest; the first of equals.
        let (_, aim) = self.paired(i, r);
        let along = |d: f64| aim.mean.abs() < 0.005 || (d > 0.0) == (aim.mean > 0.0);
        let pick = |only_along: bool| {
            facts
                .iter()
                .filter(|(d, _)| !only_along || along(*d))
                .fold(
                    None,
                    |best: Option<(f64, reasons::Fact)>, &(d, f)| match best {
                        Some((b, _)) if b.abs() >= d.abs() => best,
                        _ => Some((d, f)),
                    },
                )
                .filter(|(d, _)| d.round().abs() >= 1.0)
        };
        let best = pick(true).or_else(|| pick(false));
        let (d, fact) = best?;
        let pts = d.round();
        if pts.abs() < 1.0 {
            return None;
        }
        Some(match fact {
            reasons::Fact::Goal(k) => self.goals[k].said(&self.cands[i].into, pts),
            reasons::Fact::Lee => reasons::lee_said(pts),
        })
    }

    /// The ranking so far.
    pub fn advice(&self) -> Advice {
        let ranks = self.ranks();
        let order = self.ranking(&ranks);
        let reference = self.reference();
        let recommended = self.recommended_with(&ranks);
        let clearly_better = match (recommended, reference) {
            (Some(b), Some(r)) => b != r && self.clearly_beats(b, r),
            _ => false,
        };
        let ranked: Vec<Ranked> = order
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
                        against: self.whose(r),
                        clearly_better: self.clearly_beats(i, r),
                        clearly_worse: self.clearly_beats(r, i),
                        trials: n,
                        difference: d,
                    }
                });
                let reason = match reference {
                    Some(r) if r != i => self.reason(i, r),
                    Some(_) if self.own(i) => {
                        "Your answer: kept unless another is clearly better".to_string()
                    }
                    Some(_) => {
                        "The built-in commander's answer: kept unless another is clearly better"
                            .to_string()
                    }
                    None => String::new(),
                };
                let wins = c.samples.iter().filter(|x| x.win).count() as u64;
                Ranked {
                    rank: ranks[i],
                    tied: order.iter().any(|&j| j != i && ranks[j] == ranks[i]),
                    recommended: recommended == Some(i),
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
                    reason,
                    why: cmp.map_or_else(String::new, |r| self.why(i, r)),
                    endings: self.ending_chances(i),
                }
            })
            .collect();
        let whose = reference.map(|r| self.whose(r));
        let verdict = match (&whose, ranked.first()) {
            (_, None) => "No answer has been tried yet.".to_string(),
            (Some(w), Some(b)) if clearly_better => {
                format!("Clearly better than {w}: {}. {}.", b.label, b.reason)
            }
            (Some(w), _) if self.fought == 0 => {
                format!("No answer is clearly better than {w} yet.")
            }
            (Some(w), _) => format!("No answer is clearly better than {w}."),
            (None, Some(b)) => format!("Best so far: {}.", b.label),
        };
        Advice {
            source: self.source.clone(),
            asked: self.asked.clone(),
            aim: self.settings.aim,
            seed: self.settings.seed,
            rollout: self.settings.rollout,
            trials: self.fought,
            finished: self.finished,
            decided: self.decided,
            reference: whose,
            clearly_better,
            verdict,
            endings: self.endings.to_vec(),
            ranked,
            notes: self.notes.clone(),
        }
    }
}

/// "Wins …" → "wins …".
fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().chain(c).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests;
