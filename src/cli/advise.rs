//! `fcrel advise`: the ranked answers at the decision a save waits at
//! (issue 37, item 4; `docs/odds.md`).

use std::io::Write;
use std::path::PathBuf;

use crate::odds::advise::{Advice, Advisor, Aim, Position, Settings};
use crate::rules::commander::Policy;

/// What `fcrel advise` is asked.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct AdviseArgs {
    /// A save (or replay) file waiting at a decision.
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// A battle scenario (the `fcrel battle` format): its first question.
    #[arg(long, value_name = "FILE")]
    pub scenario: Option<PathBuf>,
    /// With --scenario: advise at the first question of this rule (e.g.
    /// 12.2, the Battle Plan Counter assignment); default: the first
    /// question the advisor covers. The questions before it are answered
    /// by the policy.
    #[arg(long, value_name = "RULE")]
    pub at: Option<String>,
    /// With --scenario: the seed of the dice that bring the battle to the
    /// question (the dice the player has seen there).
    #[arg(long, default_value_t = 1, requires = "scenario")]
    pub dice_seed: u64,
    /// What to play for: win (the battle), strength (the Combat Value
    /// kept) or campaign (not losing the campaign).
    #[arg(long, default_value = "win")]
    pub aim: String,
    /// Simulated battles (or campaigns) to fight in all, shared among the
    /// answers (racing with successive halving): the reproducible budget,
    /// the same advice on any machine. Without --seconds it is the only
    /// budget.
    #[arg(long, value_name = "N")]
    pub trials: Option<u64>,
    /// Seconds to spend (default 1.5 unless --trials is given): whole
    /// rounds are fought until the time is spent or the leader is clearly
    /// ahead. The trials this buys depend on the machine; the trials used
    /// are printed, and --trials with that number repeats the advice
    /// exactly.
    #[arg(long, value_name = "S")]
    pub seconds: Option<f64>,
    /// Base seed; trial t of every answer rolls dice seeded from it and t.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Who answers the later questions in every trial: cautious or
    /// objective.
    #[arg(long, default_value = "objective")]
    pub policy: String,
    /// How many answers to print (all: 0).
    #[arg(long, default_value_t = 10)]
    pub top: usize,
    /// Threads to fight on (default: every core). The results do not
    /// depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// A scenario's battle fought to the first question of rule `at` (else
/// the first the advisor covers), the policy answering the ones before.
/// A rule never asked before the battle ends is named, with the rules that
/// were asked.
fn at_question(
    path: &std::path::Path,
    at: Option<&str>,
    dice_seed: u64,
    policy: Policy,
) -> Result<Position, String> {
    let p = crate::odds::locate::from_scenario(path, None).map_err(|lines| lines.join("\n"))?;
    let asked = std::cell::RefCell::new(std::collections::BTreeSet::<String>::new());
    let until = |b: &crate::rules::board::Board, r: &crate::rules::decision::Request| {
        asked.borrow_mut().insert(r.rule.as_str().to_string());
        match at {
            Some(rule) => r.rule.as_str() == rule,
            None => crate::odds::advise::covers(b, r),
        }
    };
    let found = Position::in_battle(&p, &crate::dice::Dice::seeded(dice_seed), policy, &until)?;
    found.ok_or_else(|| {
        let asked: Vec<String> = asked.into_inner().into_iter().collect();
        let file = path.display();
        match at {
            Some(rule) => format!(
                "{file}: --at {}: no question of that rule is asked in this battle ({} battle rules) before it ends; the questions it asks: {}",
                crate::store::quote(rule),
                p.mode.name(),
                asked.join(", ")
            ),
            None => format!(
                "{file}: the battle ends before a question the advisor covers; the questions it asks: {}",
                asked.join(", ")
            ),
        }
    })
}

/// Run `fcrel advise`; returns the process exit code.
pub fn advise(a: &AdviseArgs, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let Some(aim) = Aim::by_name(&a.aim) else {
        let _ = writeln!(
            err,
            "fcrel advise: --aim {}: expected win, strength or campaign",
            a.aim
        );
        return 2;
    };
    let Some(policy) = Policy::by_name(&a.policy) else {
        let _ = writeln!(
            err,
            "fcrel advise: --policy {}: expected cautious or objective",
            a.policy
        );
        return 2;
    };
    if a.trials == Some(0) {
        let _ = writeln!(err, "fcrel advise: --trials must be at least 1");
        return 2;
    }
    if a.seconds.is_some_and(|s| !(s.is_finite() && s > 0.0)) {
        let _ = writeln!(err, "fcrel advise: --seconds must be a number above 0");
        return 2;
    }
    // --trials alone: reproducible; else a time budget (at most --trials).
    let seconds = match (a.trials, a.seconds) {
        (Some(_), None) => None,
        (_, s) => Some(s.unwrap_or(crate::odds::advise::DEFAULT_SECONDS)),
    };
    let threads = match a.threads {
        Some(0) => {
            let _ = writeln!(err, "fcrel advise: --threads must be at least 1");
            return 2;
        }
        Some(n) => n.min(crate::odds::trials::max_threads()),
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let position = match (&a.save, &a.scenario, &a.at) {
        (Some(_), None, Some(_)) => {
            let _ = writeln!(
                err,
                "fcrel advise: --at picks a question of a --scenario's battle; a --save is advised at the decision it waits at"
            );
            return 2;
        }
        (Some(path), None, None) => Position::from_save(path),
        (None, Some(path), at) => at_question(path, at.as_deref(), a.dice_seed, policy),
        _ => {
            let _ = writeln!(
                err,
                "fcrel advise: give either --save FILE or --scenario FILE (one of them)"
            );
            return 2;
        }
    };
    let position = match position {
        Ok(p) => p,
        Err(why) => {
            let _ = writeln!(err, "{why}");
            return 1;
        }
    };
    let settings = Settings {
        aim,
        seed: a.seed,
        rollout: policy,
        ..Settings::default()
    };
    let mut advisor = match Advisor::new(&position, settings) {
        Ok(x) => x,
        Err(why) => {
            let _ = writeln!(err, "{why}");
            return 1;
        }
    };
    let started = std::time::Instant::now();
    let most = a.trials.unwrap_or(u64::MAX);
    let fought = match seconds {
        None => advisor.run_to(most, threads),
        Some(s) => advisor.run_for(
            s,
            most,
            (threads, 4_096),
            &std::sync::atomic::AtomicBool::new(false),
            &mut |_| {},
        ),
    };
    if let Err(e) = fought {
        let _ = writeln!(err, "{}: {e}", position.source.file);
        return 1;
    }
    let advice = advisor.advice();
    let budget = Budget {
        seconds,
        trials: a.trials,
    };
    if a.json {
        let _ = writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&advice).unwrap_or_default()
        );
    } else {
        let _ = write!(out, "{}", text(&advice, a.top, &budget));
    }
    let _ = writeln!(
        err,
        "{} trials of {} answers in {:.3} s wall on {}",
        advice.trials,
        advisor.candidates(),
        started.elapsed().as_secs_f64(),
        crate::chronicle::counted(threads as i64, "thread", "threads")
    );
    0
}

/// The budget the advice was given: for saying why it stopped.
#[derive(Debug, Clone, Copy, Default)]
pub struct Budget {
    /// A time budget (None: --trials alone).
    pub seconds: Option<f64>,
    pub trials: Option<u64>,
}

fn pct(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

/// The advice as a table a player can read.
pub fn text(v: &Advice, top: usize, budget: &Budget) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    let title = if v.source.name.is_empty() {
        v.source.file.clone()
    } else {
        format!("{} ({})", v.source.name, v.source.file)
    };
    let _ = writeln!(s, "{title}");
    let _ = writeln!(s, "Question ({}): {}", v.asked.rule, v.asked.prompt);
    let what = if v.endings.len() == 2 {
        "campaigns"
    } else {
        "battles"
    };
    let _ = writeln!(
        s,
        "Aim: {} ({}). Estimates from {} simulated {what} against the Union AI, your later decisions made by the built-in commander ({}); 95% intervals.",
        v.aim.name(),
        v.aim.describe(),
        v.trials,
        v.rollout.name(),
    );
    let stopped = if v.decided {
        "the best answer is clearly ahead of every other still tried".to_string()
    } else if v.finished {
        "every answer left has had its most trials".to_string()
    } else {
        match (budget.seconds, budget.trials) {
            (Some(sec), Some(n)) if v.trials < n => format!("{sec} s spent"),
            (Some(sec), None) => format!("{sec} s spent"),
            (_, Some(n)) => format!("{n} trials fought"),
            (None, None) => "stopped".to_string(),
        }
    };
    let _ = writeln!(
        s,
        "Trials used: {} ({stopped}). To repeat exactly: --trials {} --seed {}{}.",
        v.trials,
        v.trials,
        v.seed,
        if budget.seconds.is_some() {
            " (a time budget buys more trials on a faster machine)"
        } else {
            ""
        }
    );
    for n in &v.notes {
        let _ = writeln!(s, "Note: {n}");
    }
    let _ = writeln!(s);
    let _ = writeln!(s, "{}", v.verdict);
    let _ = writeln!(s);
    let shown = if top == 0 { v.ranked.len() } else { top };
    let fmt = |x: f64| {
        if v.aim.is_chance() {
            pct(x)
        } else {
            format!("{x:.2}")
        }
    };
    let sign = |x: f64| {
        if v.aim.is_chance() {
            format!("{:+.1}", x * 100.0)
        } else {
            format!("{x:+.2}")
        }
    };
    for r in v.ranked.iter().take(shown) {
        let mut marks = Vec::new();
        if r.recommended {
            marks.push("recommended");
        }
        // At an assignment, no counter given yet is no choice of yours.
        if r.player_choice && r.placements.as_ref().is_none_or(|p| !p.is_empty()) {
            marks.push("yours");
        }
        if r.policy_choice {
            marks.push("the built-in commander's");
        }
        let marks = if marks.is_empty() {
            String::new()
        } else {
            format!(" [{}]", marks.join(", "))
        };
        let _ = writeln!(s, "{:>3}. {}{marks}", r.rank_text(), r.label);
        if !r.reason.is_empty() {
            let _ = writeln!(s, "     {}", r.reason);
        }
        let _ = writeln!(
            s,
            "     {} {} (95% {} to {}), won {}; {} trials",
            v.aim.describe(),
            fmt(r.estimate.mean),
            fmt(r.estimate.low),
            fmt(r.estimate.high),
            pct(r.win.probability),
            r.trials
        );
        if let Some(d) = &r.versus {
            let _ = writeln!(
                s,
                "     against {} answer: {} {} (95% {} to {}) over {} trials on the same dice",
                d.against,
                sign(d.difference.mean),
                if v.aim.is_chance() {
                    "points"
                } else {
                    "Combat Value"
                },
                sign(d.difference.low),
                sign(d.difference.high),
                d.trials
            );
        }
        if !r.why.is_empty() {
            let _ = writeln!(s, "     most changed: {}", r.why);
        }
    }
    if v.ranked.len() > shown {
        let _ = writeln!(
            s,
            "({} more answers; --top 0 lists all.)",
            v.ranked.len() - shown
        );
    }
    s
}
