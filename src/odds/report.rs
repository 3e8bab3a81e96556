//! The figures of a tally as the `Odds` report (JSON, `docs/odds.md`) and as
//! text.

use std::time::{Duration, Instant};

use serde::Serialize;

use crate::campaign::Side;
use crate::rules::commander::Policy;
use crate::rules::difficulty::BattleMode;

use super::locate::{Prepared, SourceInfo};
use super::stats::{Expectation, Proportion, expectation, wilson};
use super::trials::{CONFEDERATES_LEAVE, ENDINGS, Tally, TrialError, UNION_LEAVES};

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EndingOdds {
    pub ending: &'static str,
    pub label: &'static str,
    #[serde(flatten)]
    pub odds: Proportion,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct PerSide<T> {
    pub confederate: T,
    pub union: T,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Start {
    pub confederate_combat: u32,
    pub union_combat: u32,
    pub lee_present: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct InProgress {
    pub dice_replayed: usize,
    pub decisions_replayed: usize,
}

/// The report: the same for the same inputs, whatever the thread count
/// (the wall time is not in it).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Odds {
    pub source: SourceInfo,
    pub campaign: String,
    pub area: String,
    pub area_name: String,
    pub attacker: Side,
    pub mode: BattleMode,
    pub policy: Policy,
    /// `--policy advised`: the advisor made the decisions it covers, with
    /// this many simulated battles an answer; the policy above the rest.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub advised: Option<u64>,
    pub seed: u64,
    pub trials: u64,
    /// The Combat Values in the area when the battle begins.
    pub start: Start,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub in_progress: Option<InProgress>,
    /// Mutually exclusive: the probabilities sum to 1.
    pub endings: Vec<EndingOdds>,
    /// The Union army is driven from (or destroyed in) the area.
    pub union_leaves_area: Proportion,
    /// The Confederate army leaves (or is destroyed in) the area.
    pub confederates_leave_area: Proportion,
    /// At least one Rejoin (14.8.1): not an ending; such a trial counts
    /// under the ending of its last round.
    pub rejoined: Proportion,
    pub mean_rounds: f64,
    /// Lee left without Confederate Forces or destroyed with his army: the
    /// campaign is lost (3.2).
    pub campaign_lost: Proportion,
    /// Hits applied during the battle (11.10), by side; Fog of War events
    /// (Disease, Desertion) included.
    pub hits: PerSide<Expectation>,
    /// Forces destroyed or captured (11.11, 5.9.1, 10.2.9 Envelopment).
    pub forces_lost: PerSide<Expectation>,
    /// Combined Combat Value of the side's Forces that took part and are
    /// still on the map afterwards (in the area or retreated).
    pub combat_left: PerSide<Expectation>,
    /// A stand-alone battle: who wins on its own terms (R-A-stand-alone).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub victory: Option<Verdicts>,
    pub notes: Vec<String>,
    /// `--per-trial`: each trial's outcome, in trial order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub per_trial: Option<Vec<TrialOutcome>>,
}

/// A stand-alone battle's verdicts: mutually exclusive, summing to 1.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Verdicts {
    pub confederate: Proportion,
    pub union: Proportion,
    pub draw: Proportion,
}

/// Throughput, printed apart from the report.
#[derive(Debug, Clone, Copy)]
pub struct Timing {
    pub wall: Duration,
    pub threads: usize,
}

impl Timing {
    pub fn line(&self, trials: u64) -> String {
        let s = self.wall.as_secs_f64();
        format!(
            "{trials} battles in {:.3} s wall on {}: {:.0} battles per second",
            s,
            crate::chronicle::counted(self.threads as i64, "thread", "threads"),
            if s > 0.0 { trials as f64 / s } else { 0.0 }
        )
    }
}

/// Fight the battle `trials` times and report.
pub fn run(
    p: &Prepared,
    policy: Policy,
    seed: u64,
    trials: u64,
    threads: usize,
) -> Result<(Odds, Timing), TrialError> {
    let started = Instant::now();
    let (t, used) = super::trials::tally_on(
        p,
        policy,
        seed,
        trials,
        threads,
        &std::sync::atomic::AtomicBool::new(false),
    )?;
    let timing = Timing {
        wall: started.elapsed(),
        threads: used,
    };
    Ok((report(p, policy, seed, &t), timing))
}

/// The report from a tally.
pub fn report(p: &Prepared, policy: Policy, seed: u64, t: &Tally) -> Odds {
    let n = t.n;
    let area = p.spec.area.as_str();
    let endings = ENDINGS
        .iter()
        .zip(t.endings)
        .map(|(&(ending, label), count)| EndingOdds {
            ending,
            label,
            odds: wilson(count, n),
        })
        .collect();
    let sum = |idx: &[usize]| idx.iter().map(|&i| t.endings[i]).sum::<u64>();
    let per = |v: &[(u64, u64); 2]| PerSide {
        confederate: expectation(v[0], n),
        union: expectation(v[1], n),
    };
    Odds {
        source: p.source.clone(),
        campaign: p.board.campaign.id.clone(),
        area: area.to_string(),
        area_name: p.board.area_name(area).to_string(),
        attacker: p.spec.attacker,
        mode: p.mode,
        policy,
        advised: None,
        seed,
        trials: n,
        start: Start {
            confederate_combat: p.board.area_combat(area, Side::Confederate),
            union_combat: p.board.area_combat(area, Side::Union),
            lee_present: p.board.lee_in(area),
        },
        in_progress: (!p.prefix_dice.is_empty() || !p.prefix_decisions.is_empty()).then_some(
            InProgress {
                dice_replayed: p.prefix_dice.len(),
                decisions_replayed: p.prefix_decisions.len(),
            },
        ),
        endings,
        union_leaves_area: wilson(sum(&UNION_LEAVES), n),
        confederates_leave_area: wilson(sum(&CONFEDERATES_LEAVE), n),
        rejoined: wilson(t.rejoined, n),
        mean_rounds: if n > 0 {
            t.rounds as f64 / n as f64
        } else {
            0.0
        },
        campaign_lost: wilson(t.campaign_lost, n),
        hits: per(&t.hits),
        forces_lost: per(&t.lost),
        combat_left: per(&t.combat_left),
        victory: p.board.stand_alone.is_some().then(|| Verdicts {
            confederate: wilson(t.verdicts[0], n),
            union: wilson(t.verdicts[1], n),
            draw: wilson(t.verdicts[2], n),
        }),
        notes: p.notes.clone(),
        per_trial: None,
    }
}

/// One trial's outcome (`fcrel odds --per-trial`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TrialOutcome {
    /// The ending's key ([`ENDINGS`]).
    pub ending: &'static str,
    /// A Confederate victory: the Union army driven from (or destroyed in)
    /// the area, or a stand-alone battle's Confederate verdict (the
    /// advisor's "win").
    pub win: bool,
    pub campaign_lost: bool,
    /// `--policy advised`: the answers the advisor gave in the trial.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub advised_answers: Option<u32>,
}

impl TrialOutcome {
    pub fn of(t: &super::trials::Trial, advised_answers: Option<u32>) -> TrialOutcome {
        TrialOutcome {
            ending: ENDINGS[t.ending].0,
            win: match t.verdict {
                Some(v) => v == 0,
                None => UNION_LEAVES.contains(&t.ending),
            },
            campaign_lost: t.campaign_lost,
            advised_answers,
        }
    }
}

/// A percentage: one decimal, two below 0.1% (so that a small upper bound
/// does not read as 0.0%).
fn pct(x: f64) -> String {
    let p = x * 100.0;
    if p > 0.0 && p < 0.1 {
        format!("{p:.2}%")
    } else {
        format!("{p:.1}%")
    }
}

fn prop_cells(p: &Proportion) -> String {
    format!(
        "{:>6}   {:>6} – {:<6}",
        pct(p.probability),
        pct(p.low),
        pct(p.high)
    )
}

fn exp_cell(e: &Expectation) -> String {
    format!("{:.2} ({:.2}–{:.2})", e.mean, e.low, e.high)
}

/// The report as a short table a player can read.
pub fn text(o: &Odds) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    let title = if o.source.name.is_empty() {
        o.source.file.clone()
    } else {
        format!("{} ({})", o.source.name, o.source.file)
    };
    let _ = writeln!(s, "{title}");
    let _ = writeln!(
        s,
        "Battle of {}, {} Battle Rules, the {} attacking: Confederate Combat Value {} against Union {}; Lee {}.",
        o.area_name,
        o.mode.name(),
        o.attacker.army(),
        o.start.confederate_combat,
        o.start.union_combat,
        if o.start.lee_present {
            "present"
        } else {
            "absent"
        }
    );
    let who = match o.advised {
        Some(n) => format!(
            "the advisor ({n} simulated battles an answer) and the {} policy",
            o.policy.name()
        ),
        None => format!("the {} policy", o.policy.name()),
    };
    let _ = writeln!(
        s,
        "Estimate from {} simulated battles (seed {}, your decisions made by {who}); 95% intervals.",
        o.trials, o.seed
    );
    for n in &o.notes {
        let _ = writeln!(s, "Note: {n}");
    }
    let _ = writeln!(s);
    let summary = [
        ("The Union leaves the area", &o.union_leaves_area),
        (
            "The Confederates leave the area",
            &o.confederates_leave_area,
        ),
        ("Rejoined at least once (14.8.1)", &o.rejoined),
        (
            "Campaign lost: Lee alone or destroyed (3.2)",
            &o.campaign_lost,
        ),
    ];
    let w = ENDINGS
        .iter()
        .map(|e| e.1)
        .chain(summary.iter().map(|x| x.0))
        .map(str::len)
        .max()
        .unwrap_or(0)
        + 2;
    let _ = writeln!(s, "{:<w$}{:>6}   95% interval", "Ending", "Chance");
    for e in &o.endings {
        if e.odds.count == 0 {
            continue;
        }
        let _ = writeln!(s, "{:<w$}{}", e.label, prop_cells(&e.odds));
    }
    let never: Vec<&str> = o
        .endings
        .iter()
        .filter(|e| e.odds.count == 0)
        .map(|e| e.label)
        .collect();
    if !never.is_empty() {
        let _ = writeln!(
            s,
            "Never seen (each below {}): {}.",
            pct(wilson(0, o.trials).high),
            never.join("; ")
        );
    }
    let _ = writeln!(s);
    for (label, p) in summary {
        let _ = writeln!(s, "{label:<w$}{}", prop_cells(p));
    }
    let _ = writeln!(
        s,
        "(A Rejoin starts the battle again; such a battle counts under the ending of its last round. Mean rounds {:.2}.)",
        o.mean_rounds
    );
    let _ = writeln!(s);
    let _ = writeln!(
        s,
        "{:<w$}{:<24}Union",
        "Expected (95% interval)", "Confederate"
    );
    for (label, v) in [
        ("Hits suffered (11.10)", &o.hits),
        ("Forces lost (11.11)", &o.forces_lost),
        ("Combat Value left", &o.combat_left),
    ] {
        let _ = writeln!(
            s,
            "{label:<w$}{:<24}{}",
            exp_cell(&v.confederate),
            exp_cell(&v.union)
        );
    }
    let _ = writeln!(
        s,
        "{:<w$}{:<24}{}",
        "Combat Value at the start", o.start.confederate_combat, o.start.union_combat
    );
    s
}
