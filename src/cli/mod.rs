//! The command line (DESIGN.md, Command line).

mod advise;
mod replay;
pub use advise::{AdviseArgs, advise};
pub use replay::{replay, replay_with};

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand};

use crate::campaign::{self, Place, Problem};

#[derive(Parser, Debug)]
#[command(
    name = "fcrel",
    version,
    about = "A solitaire companion for the board wargame Field Commander: Robert E. Lee"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Open the window, tour the screens (menu, set-up, map, a Union turn,
    /// the end of a campaign), save each as a PNG in DIR, and quit.
    #[arg(long, value_name = "DIR")]
    pub screenshots: Option<PathBuf>,
    /// Open the window, let the scripted commander play the Seven Days
    /// while each Union turn unrolls at the Fast speed, time every frame
    /// drawn meanwhile (no vsync), print the figures, and quit
    /// (docs/performance.md).
    #[arg(long)]
    pub frame_times: bool,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Check campaign files (default: the bundled campaigns/ folder).
    ///
    /// Exit 0 when all are valid; otherwise exit 1 and one line per problem,
    /// `FILE:LINE:COL: message` or `FILE: field.path: message`.
    Validate {
        /// Campaign files or folders of them.
        paths: Vec<PathBuf>,
    },
    /// Play whole campaigns headless with a scripted commander and print a
    /// summary (victories, defeats, Victory Points, battles, ms per game).
    Simulate {
        /// Campaign id (seven-days, …).
        #[arg(long)]
        campaign: String,
        /// How many campaigns to play.
        #[arg(long, default_value_t = 100)]
        games: u32,
        /// Base seed; game n uses a seed derived from it and n.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Battle rules: basic, advanced, quick or very-quick.
        #[arg(long, default_value = "quick")]
        battles: String,
        /// The player's level: easy, regular or hard.
        #[arg(long, default_value = "regular")]
        player: String,
        /// The Union AI's level (all six aspects): regular, hard or veteran.
        #[arg(long, default_value = "regular")]
        union: String,
        /// The scripted commander: cautious, objective, or advised (the
        /// advisor answers the battle decisions it covers, objective the
        /// rest; docs/odds.md).
        #[arg(long, default_value = "objective")]
        policy: String,
        /// With --policy advised: simulated battles for each answer the
        /// advisor gives.
        #[arg(long, default_value_t = 200)]
        advice_trials: u64,
        /// With --policy advised: how a battle question is weighed:
        /// `campaign` (every trial plays the campaign on to its end: is it
        /// won?), or by the battle alone with the aim `win`, `strength` or
        /// `lee` (not losing the campaign in the battle: Lee alone or
        /// destroyed, 3.2).
        #[arg(long, default_value = "campaign")]
        advice_aim: String,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Also print the chronicle of every game (use with a few games).
        #[arg(long)]
        chronicle: bool,
        /// Also print one line a game to standard error: its number, seed
        /// and result (to compare two commanders game by game: the same
        /// seeds give the same games' dice).
        #[arg(long)]
        per_game: bool,
        /// Optional rules, comma separated: union-cavalry-corps,
        /// resupply-availability, scout-counters, scouts-and-orders,
        /// shock-checks, union-tactics-tables, counter-battery-fire,
        /// battle-continues, officers-confused, confederate-groups; or
        /// `all`: every Optional rule the --battles mode is used with (its
        /// "Used with" line). A rule the mode is not used with is refused.
        #[arg(long, default_value = "")]
        optional: String,
    },
    /// Re-run a replay (or a save) from its campaign's start and print the
    /// final state's digest; or branch it, print its chronicle, or write
    /// its after-action report.
    Replay(ReplayArgs),
    /// Fight one battle (Basic, Advanced, Quick or Very Quick) from a scenario file and print
    /// its chronicle (format: docs/scenario-format.md).
    Battle {
        /// The scenario file.
        #[arg(long)]
        scenario: PathBuf,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Battle rules instead of the scenario's `mode`: basic, advanced,
        /// quick or very-quick.
        #[arg(long)]
        battles: Option<String>,
    },
    /// Win, loss and rout probabilities of a pending battle: fight it many
    /// times with the Union AI and a scripted commander (Monte Carlo) and
    /// print each ending's chance, the expected Hits and Combat Value left,
    /// and the chance the campaign is lost, with 95% intervals.
    #[command(group(clap::ArgGroup::new("battle").required(true).args(["scenario", "save"])))]
    Odds(OddsArgs),
    /// The best answers at the decision a save waits at, found by
    /// simulation: every candidate answer fought many times against the
    /// Union AI on the same dice, ranked by the aim, with 95% intervals.
    Advise(AdviseArgs),
    /// Write a battle scenario drawn at random from a seed: the benchmark
    /// of the advisor nobody tuned to (tools/advice-bench, docs/balance.md).
    #[command(hide = true)]
    BenchScenario {
        /// The seed: the same seed gives the same scenario.
        #[arg(long)]
        seed: u64,
        /// Battle rules: basic, advanced, quick or very-quick.
        #[arg(long, default_value = "basic")]
        battles: String,
        /// The scenario file to write (never an existing file).
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
    },
}

/// What `fcrel replay` is asked.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct ReplayArgs {
    /// The replay or save file (never changed).
    pub file: PathBuf,
    /// Exit 1 when the digest differs from the one recorded in the file.
    #[arg(long)]
    pub verify: bool,
    /// Keep only the first N decisions of the file: replay the game to
    /// where it asked decision N+1 and print its digest there (with
    /// --save-as, also write it as a what-if branch).
    #[arg(long, value_name = "N")]
    pub until: Option<usize>,
    /// Write the branch (the game's set-up and its first N decisions, named
    /// "<game> — branch at Turn T, instead of <decision N+1>") to NEW, a
    /// file that does not exist yet. Needs --until.
    #[arg(long, value_name = "NEW", requires = "until")]
    pub save_as: Option<PathBuf>,
    /// The branch rolls the same dice as the game after the branch point
    /// too (die for die); without it, fresh dice from there.
    #[arg(long, requires = "save_as")]
    pub same_dice: bool,
    /// The seed of a branch's fresh dice (default: a new random seed).
    #[arg(
        long,
        value_name = "S",
        requires = "save_as",
        conflicts_with = "same_dice"
    )]
    pub dice_seed: Option<u64>,
    /// Print the whole chronicle of the replayed game after the digest.
    #[arg(long)]
    pub chronicle: bool,
    /// Write the after-action report of the replayed game to OUT: a
    /// self-contained HTML page for a .html file, else Markdown with each
    /// turn's map as an SVG file beside it.
    /// A report never replaces a .json file, the game's own file or
    /// anything but a regular file, and replaces another existing file
    /// only with --force.
    #[arg(long, value_name = "OUT")]
    pub report: Option<std::path::PathBuf>,
    /// Let --report replace existing files (never a .json file or the
    /// game's own).
    #[arg(long, requires = "report")]
    pub force: bool,
}

/// What `fcrel odds` is asked.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct OddsArgs {
    /// A battle scenario file (the `fcrel battle` format).
    #[arg(long, value_name = "FILE")]
    pub scenario: Option<PathBuf>,
    /// A save (or replay) file waiting at a battle.
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// How many battles to fight.
    #[arg(long, default_value_t = 10_000)]
    pub trials: u64,
    /// Base seed; trial t rolls dice seeded from it and t.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Battle rules: basic, advanced, quick or very-quick (default: the
    /// scenario's mode, or the save's options).
    #[arg(long)]
    pub battles: Option<String>,
    /// Who makes your decisions: cautious, objective, or advised (the
    /// advisor answers the battle decisions it covers, objective the rest)
    /// (default: the scenario's policy, else objective).
    #[arg(long)]
    pub policy: Option<String>,
    /// With --policy advised: simulated battles for each answer the
    /// advisor gives.
    #[arg(long, default_value_t = 200)]
    pub advice_trials: u64,
    /// Which battle, when a save has several waiting (an area id).
    #[arg(long)]
    pub area: Option<String>,
    /// Threads to fight on (default: every core). The results do not
    /// depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// With --json: also each trial's outcome, in trial order
    /// (`per_trial`: to compare two commanders trial by trial on the same
    /// dice).
    #[arg(long, requires = "json")]
    pub per_trial: bool,
}

/// Run `fcrel bench-scenario`: write the scenario `seed` draws
/// (`odds::bench`) to `out`, then load it as `fcrel battle` would.
pub fn bench_scenario(
    seed: u64,
    battles: &str,
    out_file: &Path,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    use crate::rules::difficulty::BattleMode;
    let Some(mode) = BattleMode::parse(battles) else {
        let _ = writeln!(
            err,
            "fcrel bench-scenario: --battles {battles}: expected basic, advanced, quick or very-quick"
        );
        return 2;
    };
    let scenario = match crate::odds::bench::random_scenario(seed, mode) {
        Ok(s) => s,
        Err(why) => {
            let _ = writeln!(err, "fcrel bench-scenario: {why}");
            return 1;
        }
    };
    let text = serde_json::to_string_pretty(&scenario).unwrap_or_default() + "\n";
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(out_file)
        .and_then(|mut f| f.write_all(text.as_bytes()));
    if let Err(e) = written {
        let _ = writeln!(err, "fcrel bench-scenario: {}: {e}", out_file.display());
        return 1;
    }
    if let Err(problems) = crate::scenario::load_scenario(out_file) {
        for p in problems {
            let _ = writeln!(err, "{p}");
        }
        return 1;
    }
    let _ = writeln!(out, "{}: {}", out_file.display(), scenario.name);
    0
}

/// Run `fcrel odds`; returns the process exit code.
pub fn odds(a: &OddsArgs, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    use crate::rules::commander::Policy;
    use crate::rules::difficulty::BattleMode;
    let battles = match a.battles.as_deref() {
        None => None,
        Some(key) if BattleMode::parse(key).is_some() => BattleMode::parse(key),
        Some(other) => {
            let _ = writeln!(
                err,
                "fcrel odds: --battles {other}: expected basic, advanced, quick or very-quick"
            );
            return 2;
        }
    };
    let advised = a.policy.as_deref() == Some("advised");
    if advised && a.advice_trials == 0 {
        let _ = writeln!(err, "fcrel odds: --advice-trials must be at least 1");
        return 2;
    }
    let policy = match a.policy.as_deref() {
        None => None,
        Some("advised") => Some(Policy::Objective),
        Some(name) => match Policy::by_name(name) {
            Some(p) => Some(p),
            None => {
                let _ = writeln!(
                    err,
                    "fcrel odds: --policy {name}: expected cautious, objective or advised"
                );
                return 2;
            }
        },
    };
    if a.trials == 0 {
        let _ = writeln!(err, "fcrel odds: --trials must be at least 1");
        return 2;
    }
    let threads = match a.threads {
        Some(0) => {
            let _ = writeln!(err, "fcrel odds: --threads must be at least 1");
            return 2;
        }
        Some(n) if n > crate::odds::trials::max_threads() => {
            let cap = crate::odds::trials::max_threads();
            let _ = writeln!(
                err,
                "fcrel odds: --threads {n} is more than this machine can use (4 a core); fighting on {cap}"
            );
            cap
        }
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let prepared = match (&a.scenario, &a.save) {
        (Some(path), None) => crate::odds::locate::from_scenario(path, battles),
        (None, Some(path)) => crate::odds::locate::from_save(
            path,
            &crate::odds::locate::SaveChoice {
                battles,
                area: a.area.clone(),
            },
        )
        .map_err(|e| vec![e]),
        _ => Err(vec![
            "fcrel odds: give either --scenario FILE or --save FILE".to_string(),
        ]),
    };
    let prepared = match prepared {
        Ok(p) => p,
        Err(lines) => {
            for l in lines {
                let _ = writeln!(err, "{l}");
            }
            return 1;
        }
    };
    let policy = policy
        .or(prepared.default_policy)
        .unwrap_or(Policy::Objective);
    let run = if advised || a.per_trial {
        odds_per_trial(&prepared, policy, a, threads)
    } else {
        crate::odds::report::run(&prepared, policy, a.seed, a.trials, threads)
    };
    match run {
        Ok((report, timing)) => {
            if a.json {
                let _ = writeln!(
                    out,
                    "{}",
                    serde_json::to_string_pretty(&report).unwrap_or_default()
                );
            } else {
                let _ = write!(out, "{}", crate::odds::report::text(&report));
            }
            let wanted = (threads as u64).min(a.trials) as usize;
            if timing.threads < wanted {
                let _ = writeln!(
                    err,
                    "fcrel odds: the system started only {} of {wanted} threads; the trials ran on those (the results are the same)",
                    timing.threads
                );
            }
            let _ = writeln!(err, "{}", timing.line(report.trials));
            0
        }
        Err(e) => {
            let _ = writeln!(err, "{}: {e}", prepared.source.file);
            1
        }
    }
}

/// `fcrel odds --policy advised`, and `--per-trial`: trial `t` is the
/// battle fought with the dice of `odds` (the prefix, then
/// `game_seed(seed, t)`); advised, the advisor answers the decisions it
/// covers with `--advice-trials` battles each, its own trials seeded apart.
/// Trials are split over threads in contiguous chunks and kept in trial
/// order, then summed as integers, as `fcrel odds` does.
fn odds_per_trial(
    p: &crate::odds::locate::Prepared,
    policy: crate::rules::commander::Policy,
    a: &OddsArgs,
    threads: usize,
) -> Result<(crate::odds::report::Odds, crate::odds::report::Timing), crate::odds::trials::TrialError>
{
    use crate::odds::advise::{Play, Settings, covers, fight_advised};
    use crate::odds::trials::{Tally, Trial, TrialError};
    use crate::sim::game_seed;
    let advised = a.policy.as_deref() == Some("advised");
    let started = std::time::Instant::now();
    let one = |t: u64| -> Result<(Trial, Option<u32>), TrialError> {
        let s = game_seed(a.seed, t);
        let fought = if advised {
            let dice = crate::dice::Dice::scripted_then_seeded(p.prefix_dice.iter().copied(), s);
            let play = Play {
                settings: Settings {
                    // The advisor's own dice: never the battle's.
                    seed: game_seed(s, 0xAD_u64),
                    rollout: policy,
                    ..Settings::default()
                },
                budget: a.advice_trials,
                threads: 1,
                battles_to_end: false,
            };
            fight_advised(p, &dice, &play, &covers).map(|(trial, n)| (trial, Some(n)))
        } else {
            crate::odds::trials::fight_trial(p, policy, a.seed, t)
                .map(|trial| (trial, None))
                .map_err(|e| e.to_string())
        };
        fought.map_err(|why| TrialError {
            trial: t,
            seed: s,
            why,
        })
    };
    let threads = (threads.max(1) as u64).min(a.trials.max(1));
    let chunk = a.trials.div_ceil(threads);
    type Part = Result<Vec<(Trial, Option<u32>)>, TrialError>;
    let parts: Vec<Part> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|k| {
                let (lo, hi) = ((k * chunk).min(a.trials), ((k + 1) * chunk).min(a.trials));
                let one = &one;
                scope.spawn(move || (lo..hi).map(one).collect::<Part>())
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join().unwrap_or_else(|_| {
                    Err(TrialError {
                        trial: 0,
                        seed: a.seed,
                        why: "a thread panicked".into(),
                    })
                })
            })
            .collect()
    });
    let mut total = Tally::default();
    let mut outcomes = Vec::new();
    for part in parts {
        for (trial, answers) in part? {
            total.add(&trial);
            outcomes.push(crate::odds::report::TrialOutcome::of(&trial, answers));
        }
    }
    let mut report = crate::odds::report::report(p, policy, a.seed, &total);
    if advised {
        report.advised = Some(a.advice_trials);
    }
    if a.per_trial {
        report.per_trial = Some(outcomes);
    }
    Ok((
        report,
        crate::odds::report::Timing {
            wall: started.elapsed(),
            threads: threads as usize,
        },
    ))
}

/// Run `fcrel battle`; returns the process exit code.
pub fn battle(
    path: &Path,
    json: bool,
    battles: Option<&str>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    use crate::rules::difficulty::BattleMode;
    let (mut scenario, campaign) = match crate::scenario::load_scenario(path) {
        Ok(x) => x,
        Err(problems) => {
            for p in &problems {
                let _ = writeln!(err, "{p}");
            }
            return 1;
        }
    };
    if let Some(key) = battles {
        let Some(mode) = BattleMode::parse(key) else {
            let _ = writeln!(
                err,
                "fcrel battle: --battles {key}: expected basic, advanced, quick or very-quick"
            );
            return 2;
        };
        if scenario.stand_alone.is_some() && mode != BattleMode::Advanced {
            let _ = writeln!(
                err,
                "fcrel battle: --battles {key}: a stand-alone battle is fought on the Advanced Battlefield Sheet"
            );
            return 2;
        }
        scenario.mode = mode;
        // R-Opt-used-with: the one "Used with" check, at the entry named.
        let refused =
            crate::rules::difficulty::GameOptions::names_not_used_with(&scenario.optional, mode);
        for (i, why) in &refused {
            let _ = writeln!(
                err,
                "fcrel battle: --battles {key}: {}: optional[{i}]: {why}",
                path.display()
            );
        }
        if !refused.is_empty() {
            return 2;
        }
    }
    match crate::scenario::run(&scenario, campaign) {
        Ok(report) => {
            let involved: Vec<&crate::rules::board::Piece> = report
                .board
                .pieces
                .iter()
                .filter(|p| {
                    scenario.forces.iter().any(|f| f.id == p.force.id)
                        || p.location().area() == Some(scenario.area.as_str())
                })
                .collect();
            if json {
                let forces: Vec<serde_json::Value> = involved
                    .iter()
                    .map(|p| {
                        serde_json::json!({
                            "id": p.force.id,
                            "side": p.force.side,
                            "location": p.location(),
                            "strength": p.strength,
                            "combat": p.combat(),
                        })
                    })
                    .collect();
                let v = serde_json::json!({
                    "scenario": scenario.name,
                    "outcome": report.outcome,
                    "stand_alone": report.stand_alone,
                    "chronicle": report.chronicle.entries(),
                    "forces": forces,
                    "lee": report.board.lee,
                    "command_points": report.board.cp,
                    "scouts": report.board.scouts.available,
                    "dice_rolled": report.dice_rolled,
                });
                let _ = writeln!(
                    out,
                    "{}",
                    serde_json::to_string_pretty(&v).unwrap_or_default()
                );
            } else {
                if !scenario.name.is_empty() {
                    let _ = writeln!(out, "{}\n", scenario.name);
                }
                for e in report.chronicle.entries() {
                    let _ = writeln!(out, "{}", e.line());
                }
                let o = &report.outcome;
                let _ = writeln!(
                    out,
                    "\nEnding: {}{}",
                    o.ending.describe(),
                    if o.campaign_lost {
                        "; the campaign is lost (3.2)"
                    } else {
                        ""
                    }
                );
                if let Some(r) = &report.stand_alone {
                    let _ = writeln!(
                        out,
                        "Result: {} {} (Hits suffered: Confederate {}, Union {}; Objectives held by the Union {}.)",
                        r.winner
                            .map_or("A draw.".to_string(), |s| format!("{} victory.", s.name())),
                        r.why,
                        r.hits[0],
                        r.hits[1],
                        r.objectives_held
                    );
                }
                for p in involved {
                    let _ = writeln!(
                        out,
                        "  {}: {}",
                        crate::rules::board::label(p),
                        report.board.place_text(p.location())
                    );
                }
                let _ = writeln!(
                    out,
                    "Command Points: Confederate {}, Union {}; Scouts {}; {} dice rolled.",
                    report.board.cp.confederate,
                    report.board.cp.union,
                    report.board.scouts.available,
                    report.dice_rolled
                );
            }
            0
        }
        Err(stopped) => {
            let (chronicle, why) = *stopped;
            for e in chronicle.entries() {
                let _ = writeln!(err, "{}", e.line());
            }
            let _ = writeln!(err, "{}: the battle stopped: {why}", path.display());
            if let crate::rules::decision::Interrupt::Decide(r) = &why {
                let _ = writeln!(
                    err,
                    "legal decisions (add one to \"decisions\", or set \"policy\"):"
                );
                for o in &r.options {
                    let _ = writeln!(err, "  {}", serde_json::to_string(o).unwrap_or_default());
                }
            }
            1
        }
    }
}

/// Run `fcrel validate`; returns the process exit code.
pub fn validate(paths: &[PathBuf], out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let paths = if paths.is_empty() {
        vec![campaign::bundled_dir()]
    } else {
        paths.to_vec()
    };
    let mut files: Vec<PathBuf> = Vec::new();
    let mut problems: Vec<Problem> = Vec::new();
    for p in &paths {
        if p.is_dir() {
            match campaign::load::campaign_files_in(p) {
                Ok(found) if found.is_empty() => problems.push(file_problem(
                    p,
                    "is a directory with no campaign files (*.json) in it",
                )),
                Ok(found) => files.extend(found),
                Err(e) => problems.push(file_problem(p, &format!("cannot read directory: {e}"))),
            }
        } else {
            files.push(p.clone());
        }
    }
    // A file named directly and found again in a named folder is read once.
    let mut seen = std::collections::BTreeSet::new();
    files.retain(|f| seen.insert(std::fs::canonicalize(f).unwrap_or_else(|_| f.clone())));
    let mut valid = 0;
    for f in &files {
        match campaign::load_campaign_file(f) {
            Ok(c) => {
                valid += 1;
                let _ = writeln!(
                    out,
                    "{}: ok: {} ({} areas, {} forces, {} turns)",
                    f.display(),
                    c.name,
                    c.map.areas.len(),
                    c.forces.len(),
                    c.turns
                );
            }
            Err(ps) => problems.extend(ps),
        }
    }
    for p in &problems {
        let _ = writeln!(err, "{p}");
    }
    if problems.is_empty() {
        let _ = writeln!(
            out,
            "{} valid",
            crate::chronicle::counted(valid as i64, "campaign file", "campaign files")
        );
        0
    } else {
        let _ = writeln!(
            err,
            "{}; {valid} of {} valid",
            crate::chronicle::counted(problems.len() as i64, "problem", "problems"),
            crate::chronicle::counted(files.len() as i64, "file", "files")
        );
        1
    }
}

fn file_problem(path: &Path, message: &str) -> Problem {
    Problem {
        file: path.to_path_buf(),
        place: Place::File,
        message: message.to_string(),
    }
}

/// `fcrel simulate`'s options for the advised commander and the
/// game-by-game list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SimulateExtras {
    /// --advice-trials.
    pub advice_trials: u64,
    /// --advice-aim: campaign, win, strength or lee.
    pub advice_aim: String,
    /// --per-game.
    pub per_game: bool,
}

impl Default for SimulateExtras {
    fn default() -> Self {
        SimulateExtras {
            advice_trials: 200,
            advice_aim: "campaign".into(),
            per_game: false,
        }
    }
}

/// Run `fcrel simulate`; returns the process exit code.
#[allow(clippy::too_many_arguments)]
pub fn simulate(
    campaign: &str,
    games: u32,
    seed: u64,
    battles: &str,
    player: &str,
    union: &str,
    policy: &str,
    (json, chronicle, optional): (bool, bool, &str),
    extras: &SimulateExtras,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let advice_trials = extras.advice_trials;
    use crate::campaign::UnionLevel;
    use crate::rules::commander::Policy;
    use crate::rules::difficulty::{BattleMode, GameOptions, PlayerLevel, UnionAspects};
    let battles = match BattleMode::parse(battles) {
        Some(mode) => mode,
        None => {
            let other = battles;
            let _ = writeln!(
                err,
                "fcrel simulate: --battles {other}: expected basic, advanced, quick or very-quick"
            );
            return 2;
        }
    };
    let player = match player {
        "easy" => PlayerLevel::Easy,
        "regular" => PlayerLevel::Regular,
        "hard" => PlayerLevel::Hard,
        other => {
            let _ = writeln!(
                err,
                "fcrel simulate: --player {other}: expected easy, regular or hard"
            );
            return 2;
        }
    };
    let union = match union {
        "regular" => UnionLevel::Regular,
        "hard" => UnionLevel::Hard,
        "veteran" => UnionLevel::Veteran,
        other => {
            let _ = writeln!(
                err,
                "fcrel simulate: --union {other}: expected regular, hard or veteran"
            );
            return 2;
        }
    };
    let advised = policy == "advised";
    let Some(policy) = Policy::by_name(if advised { "objective" } else { policy }) else {
        let _ = writeln!(
            err,
            "fcrel simulate: --policy {policy}: expected cautious, objective or advised"
        );
        return 2;
    };
    if advised && advice_trials == 0 {
        let _ = writeln!(err, "fcrel simulate: --advice-trials must be at least 1");
        return 2;
    }
    let c = match campaign::load_bundled(campaign) {
        Ok(c) => std::sync::Arc::new(c),
        Err(ps) => {
            for p in ps {
                let _ = writeln!(err, "{p}");
            }
            let _ = writeln!(
                err,
                "fcrel simulate: campaign \"{campaign}\" cannot be loaded"
            );
            return 1;
        }
    };
    let options = match (GameOptions {
        player,
        union: UnionAspects::preset(union),
        battles,
        seed,
        ..GameOptions::default()
    })
    .with_optional(optional)
    .and_then(|o| o.incompatible().map_or(Ok(o), Err))
    {
        Ok(o) => o,
        Err(e) => {
            let _ = writeln!(err, "fcrel simulate: --optional: {e}");
            return 2;
        }
    };
    use crate::odds::advise::Aim;
    let (aim, battles_to_end) = match extras.advice_aim.as_str() {
        "campaign" => (Aim::Campaign, true),
        "lee" => (Aim::Campaign, false),
        other => match Aim::by_name(other) {
            Some(aim) => (aim, false),
            None => {
                let _ = writeln!(
                    err,
                    "fcrel simulate: --advice-aim {other}: expected campaign, win, strength or lee"
                );
                return 2;
            }
        },
    };
    let play = crate::odds::advise::Play {
        settings: crate::odds::advise::Settings {
            aim,
            seed,
            rollout: policy,
            ..crate::odds::advise::Settings::default()
        },
        budget: advice_trials,
        threads: 1,
        battles_to_end,
    };
    if chronicle && advised {
        let _ = writeln!(
            err,
            "fcrel simulate: --chronicle is not kept with --policy advised"
        );
        return 2;
    }
    if chronicle {
        for n in 0..games as u64 {
            let seed = crate::sim::game_seed(options.seed, n);
            match crate::sim::play(c.clone(), GameOptions { seed, ..options }, policy) {
                Ok(game) => {
                    let _ = writeln!(out, "== game {n} (seed {seed}) ==");
                    for e in game.chronicle.entries() {
                        let _ = writeln!(out, "{}", e.line());
                    }
                }
                Err(e) => {
                    let _ = writeln!(err, "fcrel simulate: game with seed {seed} stopped: {e}");
                    return 1;
                }
            }
        }
    }
    // --per-game: each game's result, by its number (games finish out of
    // order on threads).
    let listed: std::sync::Mutex<Vec<(u64, String)>> = std::sync::Mutex::new(Vec::new());
    let list = |seed: u64, g: &crate::sim::Game| {
        if extras.per_game
            && let Ok(mut l) = listed.lock()
        {
            l.push((
                seed,
                format!(
                    "{} {} VP ({})",
                    if g.result.victory {
                        "victory"
                    } else {
                        "defeat"
                    },
                    g.result.victory_points,
                    g.result.reason
                ),
            ));
        }
    };
    let summary = if advised {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        crate::sim::simulate_with(c, options, "advised", games, threads, &|start, seed| {
            let g = crate::odds::advise::advised_game(start, seed, &play)?;
            list(seed, &g);
            Ok(g)
        })
    } else if extras.per_game {
        crate::sim::simulate_with(c, options, policy.name(), games, 1, &|start, seed| {
            let g = crate::sim::play_from(start, seed, policy)?;
            list(seed, &g);
            Ok(g)
        })
    } else {
        crate::sim::simulate(c, options, policy, games)
    };
    if extras.per_game {
        let listed = listed.into_inner().unwrap_or_default();
        for n in 0..games as u64 {
            let seed = crate::sim::game_seed(options.seed, n);
            if let Some((_, line)) = listed.iter().find(|(s, _)| *s == seed) {
                let _ = writeln!(err, "game {n} (seed {seed}): {line}");
            }
        }
    }
    match summary {
        Ok(s) => {
            if json {
                let _ = writeln!(out, "{}", serde_json::to_string(&s).unwrap_or_default());
                let _ = writeln!(
                    err,
                    "{} games in {:.0} ms ({:.3} ms per game)",
                    s.games,
                    s.ms_per_game * s.games as f64,
                    s.ms_per_game
                );
            } else {
                let _ = writeln!(
                    out,
                    "{} games of {} ({} battles, player {}, Union {}, policy {}, seed {}):",
                    s.games, s.campaign, s.battles_mode, s.player, s.union, s.policy, s.seed
                );
                if !s.optional.is_empty() {
                    let _ = writeln!(out, "  optional rules: {}", s.optional.join(", "));
                }
                let _ = writeln!(
                    out,
                    "  victories {} ({:.1}%), defeats {}",
                    s.victories,
                    s.victory_rate * 100.0,
                    s.defeats
                );
                let dist: Vec<String> = s
                    .vp_distribution
                    .iter()
                    .enumerate()
                    .map(|(vp, n)| format!("{vp} VP: {n}"))
                    .collect();
                let _ = writeln!(
                    out,
                    "  Victory Points: mean {:.2}; {}",
                    s.mean_vp,
                    dist.join(", ")
                );
                let _ = writeln!(
                    out,
                    "  command: superior {}, historical {}, inferior {}",
                    s.superior, s.historical, s.inferior
                );
                let obj: Vec<String> = s
                    .objectives_achieved
                    .iter()
                    .map(|(id, n)| {
                        format!("{id} {:.0}%", *n as f64 * 100.0 / s.games.max(1) as f64)
                    })
                    .collect();
                let _ = writeln!(out, "  objectives achieved: {}", obj.join(", "));
                let _ = writeln!(out, "  lost with Lee alone: {}", s.lee_lost);
                let ends: Vec<String> = s
                    .end_turns
                    .iter()
                    .enumerate()
                    .filter(|(_, n)| **n > 0)
                    .map(|(t, n)| format!("T{t}: {n}"))
                    .collect();
                let _ = writeln!(
                    out,
                    "  decided on turn 1: {} ({:.1}%); ended on {}",
                    s.decided_turn_1,
                    s.decided_turn_1 as f64 * 100.0 / s.games.max(1) as f64,
                    ends.join(", ")
                );
                let _ = writeln!(
                    out,
                    "  battles per game {:.2}; {:.3} ms per game",
                    s.mean_battles, s.ms_per_game
                );
            }
            0
        }
        Err((seed, e)) => {
            let _ = writeln!(err, "fcrel simulate: game with seed {seed} stopped: {e}");
            1
        }
    }
}
