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
    /// answers by successive halving.
    #[arg(long, default_value_t = 4_000)]
    pub trials: u64,
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
    if a.trials == 0 {
        let _ = writeln!(err, "fcrel advise: --trials must be at least 1");
        return 2;
    }
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
    if let Err(e) = advisor.run_to(a.trials, threads) {
        let _ = writeln!(err, "{}: {e}", position.source.file);
        return 1;
    }
    let advice = advisor.advice();
    if a.json {
        let _ = writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&advice).unwrap_or_default()
        );
    } else {
        let _ = write!(out, "{}", text(&advice, a.top));
    }
    let _ = writeln!(
        err,
        "{} trials of {} answers in {:.3} s wall on {threads} thread(s)",
        advice.trials,
        advisor.candidates(),
        started.elapsed().as_secs_f64()
    );
    0
}

fn pct(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

/// The advice as a table a player can read.
pub fn text(v: &Advice, top: usize) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    let title = if v.source.name.is_empty() {
        v.source.file.clone()
    } else {
        format!("{} ({})", v.source.name, v.source.file)
    };
    let _ = writeln!(s, "{title}");
    let _ = writeln!(s, "Question ({}): {}", v.asked.rule, v.asked.prompt);
    let _ = writeln!(
        s,
        "Aim: {} ({}). Estimate from {} simulated {} against the Union AI (seed {}, later decisions by the {} policy); 95% intervals{}.",
        v.aim.name(),
        v.aim.describe(),
        v.trials,
        if v.endings.len() == 2 {
            "campaigns"
        } else {
            "battles"
        },
        v.seed,
        v.rollout.name(),
        if v.finished { "" } else { "; still refining" }
    );
    for n in &v.notes {
        let _ = writeln!(s, "Note: {n}");
    }
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
        if r.player_choice {
            marks.push("your choice");
        }
        if r.policy_choice {
            marks.push("policy's choice");
        }
        let marks = if marks.is_empty() {
            String::new()
        } else {
            format!(" [{}]", marks.join(", "))
        };
        let _ = writeln!(s, "{:>2}. {}{marks}", r.rank, r.label);
        let _ = writeln!(
            s,
            "    {} {} (95% {} – {}), won {}; {} trials",
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
                "    against {}: {} ({} – {}) over {} common trials",
                d.against,
                sign(d.difference.mean),
                sign(d.difference.low),
                sign(d.difference.high),
                d.trials
            );
        }
        if !r.why.is_empty() {
            let _ = writeln!(s, "    why: {}", r.why);
        }
        if r.decisions.len() > 1 {
            let _ = writeln!(s, "    answers: {}", r.decisions.len());
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
