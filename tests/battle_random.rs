//! Random Basic battles in which every Confederate decision is chosen at
//! random among the legal answers the rules offer — Insights, purchases,
//! Scout removals, Clear Orders, every Battle Plan — not only those the
//! scripted commanders (`Policy`) would give.
//!
//! Each battle must end within a bounded number of dice and decisions, keep
//! every Region within its capacity (the engine's own `debug_assert!` after
//! each step, and the recorded sheets checked here), keep every counter
//! once and somewhere it may be, and be over at its end: both armies remain
//! only after an Encamp, and Lee is alone exactly when the campaign is lost.
//!
//! A battle that never ends must fail the test rather than hang it: the
//! dice are a finite script, the decider refuses to answer past a budget,
//! and since a loop can spin without rolling or asking at all (the 14.0
//! draw once did: a pick among one plan rolls no die), the
//! property test runs its cases in a child process with a timeout
//! (proptest's `timeout`: the case fails with "Timed out waiting for child
//! process" and is shrunk and saved like any other), and the coverage test
//! runs its battles in a child process of its own that it kills when a
//! battle stops making progress ("no end after 5s (the battle hangs)").
//!
//! A coverage seed that fails is replayed with its chronicle by
//! `FCREL_BATTLE_RANDOM_SHOW=SEED cargo test --test battle_random show_random_battle -- --ignored --nocapture`;
//! a property-test case by running the property test again (proptest
//! replays `tests/battle_random.proptest-regressions` first).

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use fcrel::campaign::{self, Campaign, ForceType, Insight, Side};
use fcrel::chronicle::Chronicle;
use fcrel::dice::{Dice, DiceError};
use fcrel::rules::battle::ground::Region;
use fcrel::rules::battle::record::{BattleRecords, EventKind};
use fcrel::rules::battle::{BattleSpec, Ending, Outcome};
use fcrel::rules::board::Board;
use fcrel::rules::components::{Location, Strength};
use fcrel::rules::ctx::Ctx;
use fcrel::rules::decision::{Decider, Decision, Interrupt, Request};
use fcrel::rules::difficulty::{BattleMode, GameOptions, UnionAspects};
use proptest::prelude::*;

mod common;
use common::{allowed, place_picks};

/// The dice one battle may roll. A Basic battle lasts at most 6 battle
/// turns (10.2.12.1 clamps Duration to 6); a turn rolls a few dice for each
/// of at most some 40 Forces on the sheet (Activation, an attack or two, a
/// Shock check, Hits) plus the draws, so a round costs well under 1,000
/// dice, and a Rejoin (14.8.1) starts another round only on some Withdrawal
/// rolls. 20,000 dice is some twenty rounds: a battle that has not ended by
/// then is not going to. (Measured over 20,000 coverage seeds: 46 dice a
/// battle on average, at most 205.)
const DICE: usize = 20_000;

/// The decisions one battle may ask, by the same reckoning: a round asks
/// one or two for each Force each turn, a few hundred in all (measured: 22
/// on average, at most 96).
const DECISIONS: usize = 20_000;

const AREA: &str = "glendale";

fn seven_days() -> Arc<Campaign> {
    thread_local! {
        static C: Arc<Campaign> = Arc::new(campaign::load_bundled("seven-days").unwrap());
    }
    C.with(|c| c.clone())
}

/// SplitMix64: a small deterministic generator, one stream for the dice and
/// one for the answers.
#[derive(Debug, Clone)]
struct SplitMix(u64);

impl SplitMix {
    fn new(seed: u64, stream: u64) -> Self {
        SplitMix(seed ^ stream.wrapping_mul(0xD1B5_4A32_D192_ED03))
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (multiply-high; the bias is below 2^-58).
    fn below(&mut self, n: usize) -> usize {
        ((self.next() as u128 * n as u128) >> 64) as usize
    }
}

/// Answers every question with one of its legal options, uniformly at
/// random, and refuses (an interrupt) once its budget is spent.
struct RandomAnswers {
    rng: SplitMix,
    answered: usize,
    budget: usize,
}

impl RandomAnswers {
    fn new(seed: u64) -> Self {
        RandomAnswers {
            rng: SplitMix::new(seed, 2),
            answered: 0,
            budget: DECISIONS,
        }
    }
}

impl Decider for RandomAnswers {
    fn decide(&mut self, _board: &Board, request: &Request) -> Result<Decision, Interrupt> {
        if request.options.is_empty() {
            return Err(Interrupt::Unsupported(format!(
                "no legal answer offered to \"{}\" ({})",
                request.prompt, request.rule
            )));
        }
        if self.answered >= self.budget {
            return Err(Interrupt::Unsupported(format!(
                "the battle asked more than {} decisions (last: {} \"{}\")",
                self.budget, request.rule, request.prompt
            )));
        }
        self.answered += 1;
        Ok(request.options[self.rng.below(request.options.len())])
    }

    /// Every answer is one of `request.options`.
    fn answers_from_options(&self) -> bool {
        true
    }
}

/// One random battle at Glendale.
#[derive(Debug, Clone)]
struct Case {
    /// Seeds the dice and the answers.
    seed: u64,
    /// Each pick puts one counter (by index) in the battle or in a nearby
    /// area, full or reduced (as in `tests/battle_props.rs`).
    picks: Vec<(u8, u8, bool)>,
    /// Lee in the battle (Insights need him, 10.2.12).
    lee_in_battle: bool,
    /// Regular, Hard, Veteran.
    level: u8,
    /// 0 to 10 (the Scout box holds 10, 4.10): many Scouts can take most
    /// Special Battle Plans out of the cup (14.0.1).
    scouts: u32,
    command_points: u32,
    /// Union Garrisons and Fortifications put in the battle (Demolitions
    /// needs a target, 10.2.12.2).
    works: u8,
    /// Stuart in the battle: Cavalry for Screen and Screened Approach.
    cavalry: bool,
    /// Keep the battle record (`BattleRecords`): each sheet is checked too.
    record: bool,
    /// On the Advanced Battlefield Sheet's Squares (A10.0–A15.0), not the
    /// Battlefield Sheet's Regions.
    advanced: bool,
}

impl Case {
    /// The case a coverage seed stands for.
    fn from_seed(seed: u64) -> Case {
        let mut r = SplitMix::new(seed, 3);
        let n = 4 + r.below(12);
        Case {
            seed,
            picks: (0..n)
                .map(|_| (r.below(256) as u8, r.below(256) as u8, r.below(3) == 0))
                .collect(),
            lee_in_battle: r.below(8) != 0,
            level: r.below(3) as u8,
            scouts: r.below(11) as u32,
            command_points: r.below(9) as u32,
            works: if r.below(3) == 0 {
                0
            } else {
                1 + r.below(3) as u8
            },
            cavalry: r.below(2) == 0,
            record: r.below(2) == 0,
            advanced: false,
        }
    }

    fn mode(&self) -> BattleMode {
        if self.advanced {
            BattleMode::Advanced
        } else {
            BattleMode::Basic
        }
    }

    fn board(&self) -> Board {
        let c = seven_days();
        let level = [
            campaign::UnionLevel::Regular,
            campaign::UnionLevel::Hard,
            campaign::UnionLevel::Veteran,
        ][self.level as usize % 3];
        let mut b = Board::empty(
            c,
            GameOptions {
                union: UnionAspects::preset(level),
                seed: self.seed,
                ..GameOptions::default()
            },
        );
        b.options.battles = self.mode();
        place_picks(&mut b, &self.picks, AREA);
        // Union Garrisons and Fortifications still in the Static Forces pile.
        let works: Vec<String> = b
            .pieces
            .iter()
            .filter(|p| {
                p.force.side == Side::Union
                    && matches!(
                        p.force.force_type,
                        ForceType::Garrison | ForceType::Fortification
                    )
                    && *p.location() == Location::StaticForcesPile
            })
            .map(|p| p.force.id.clone())
            .collect();
        for n in 0..(self.works as usize).min(works.len()) {
            let id = &works[(self.seed as usize + n * 7) % works.len()];
            b.place(id, Location::Area(AREA.into()), Strength::Full);
        }
        if self.cavalry {
            b.place("stuart", Location::Area(AREA.into()), Strength::Full);
        }
        // Both armies in the battle.
        b.place("longstreet", Location::Area(AREA.into()), Strength::Full);
        b.place("hooker", Location::Area(AREA.into()), Strength::Full);
        if self.lee_in_battle {
            b.lee = Location::Area(AREA.into());
        } else {
            b.place(
                "magruder",
                Location::Area("oak-grove".into()),
                Strength::Full,
            );
            b.lee = Location::Area("oak-grove".into());
        }
        b.cp.confederate = self.command_points;
        b.scouts.available = self.scouts;
        if self.record {
            b.battles = Some(BattleRecords::default());
        }
        b
    }
}

/// A battle fought, and what it started from.
struct Fought {
    before: Board,
    board: Board,
    chronicle: Chronicle,
    /// The outcome, or why there is none (worded): out of dice, out of
    /// decisions, another interrupt, or a panic (the sheet's assertions).
    outcome: Result<Outcome, String>,
    dice_used: usize,
    decisions: usize,
}

fn fight(case: &Case) -> Fought {
    let mut board = case.board();
    let before = board.clone();
    let mut r = SplitMix::new(case.seed, 1);
    let mut dice = Dice::scripted((0..DICE).map(|_| 1 + r.below(10) as u32));
    let mut chronicle = Chronicle::default();
    let mut decider = RandomAnswers::new(case.seed);
    let spec = BattleSpec {
        area: AREA.into(),
        attacker: Side::Confederate,
    };
    let outcome = {
        let mut ctx = Ctx {
            board: &mut board,
            dice: &mut dice,
            chronicle: &mut chronicle,
            decider: &mut decider,
        };
        // As `rules::turn::fight` does.
        ctx.board.battle_location = Some(AREA.into());
        ctx.begin_battle(AREA, case.mode(), Side::Confederate);
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            if case.advanced {
                fcrel::rules::battle::advanced::fight(&mut ctx, &spec)
            } else {
                fcrel::rules::battle::basic::fight(&mut ctx, &spec)
            }
        }));
        ctx.board.battle_location = None;
        match outcome {
            Ok(Ok(o)) => {
                ctx.end_battle(o.ending);
                Ok(o)
            }
            Ok(Err(Interrupt::Dice(DiceError::ScriptExhausted { reason }))) => Err(format!(
                "the battle did not end within {DICE} dice (they ran out at \"{reason}\")"
            )),
            Ok(Err(e)) => Err(format!("the battle was interrupted: {e}")),
            Err(payload) => Err(format!(
                "panic: {}",
                payload
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_else(|| "<a panic without a message>".into())
            )),
        }
    };
    Fought {
        before,
        dice_used: DICE - dice.scripted_left().unwrap_or(0),
        decisions: decider.answered,
        board,
        chronicle,
        outcome,
    }
}

/// Every property of one battle; the first broken one, worded.
fn properties(run: &Fought) -> Result<(), String> {
    let outcome = match &run.outcome {
        Ok(o) => o,
        Err(why) => {
            return Err(format!(
                "{why} ({} dice, {} decisions)",
                run.dice_used, run.decisions
            ));
        }
    };
    let (before, board) = (&run.before, &run.board);
    // (c) Conservation: the same counters, each once, each somewhere it may be.
    if board.pieces.len() != before.pieces.len() {
        return Err(format!(
            "{} counters before, {} after",
            before.pieces.len(),
            board.pieces.len()
        ));
    }
    for (a, b) in before.pieces.iter().zip(&board.pieces) {
        if a.force.id != b.force.id {
            return Err(format!("{} became {}", a.force.id, b.force.id));
        }
    }
    for i in board.pieces.indices() {
        if !allowed(board, i) {
            let p = &board.pieces[i];
            return Err(format!(
                "{} is at {:?} ({:?})",
                p.force.id,
                p.location(),
                p.strength
            ));
        }
    }
    // Scouts are only spent in a battle, save those a Fog of War roll
    // gives (10.2.5), and never more than the counters (4.10).
    let gained = run
        .chronicle
        .entries()
        .iter()
        .filter(|e| e.rule == "10.2.5" && e.text == "You gain 1 Scout.")
        .count() as u32;
    if board.scouts.available > before.scouts.available + gained
        || board.scouts.available > board.scouts.counters
    {
        return Err(format!(
            "Scouts went from {} to {} in a battle ({gained} gained, {} counters)",
            before.scouts.available, board.scouts.available, board.scouts.counters
        ));
    }
    // (d) The battle is over: both armies remain only after an Encamp.
    let both = board.has_side(AREA, Side::Union) && board.has_side(AREA, Side::Confederate);
    if both != (outcome.ending == Ending::Encamp) {
        return Err(format!(
            "the battle ended {:?} with both armies {}in the area",
            outcome.ending,
            if both { "" } else { "not " }
        ));
    }
    // Lee alone means the campaign is lost, and only then.
    if board.lee_isolated() != outcome.campaign_lost {
        return Err(format!(
            "Lee isolated: {}, campaign lost: {} (Lee at {:?}, ending {:?})",
            board.lee_isolated(),
            outcome.campaign_lost,
            board.lee,
            outcome.ending
        ));
    }
    // Every roll a d10, every entry with its rule.
    for e in run.chronicle.entries() {
        if e.rule.is_empty() {
            return Err(format!("a chronicle entry without a rule: {}", e.text));
        }
        if let Some(r) = &e.roll
            && !(1..=10).contains(&r.die)
        {
            return Err(format!("a roll of {} ({})", r.die, e.rule));
        }
    }
    // (b) Every recorded sheet keeps each Force on it once and every Region
    // within its capacity (10.2.14). Terrain (10.2.12.8) may place more
    // than 4 Union Mobile Forces in the Union Approach; then the Region
    // may keep them until they thin out, and no Union Force enters it while
    // it holds 4 or more (R-10.2.12.8): the count there never grows above 4.
    if let Some(records) = &board.battles {
        let mobile = |force: &str| {
            board
                .index(force)
                .is_some_and(|i| board.pieces[i].force.force_type.is_mobile())
        };
        for b in &records.battles {
            // The Union Approach's room for the Union this round; None until
            // a sheet shows the Union placed.
            let mut union_approach: Option<usize> = None;
            for e in &b.events {
                let sheet = match &e.kind {
                    EventKind::Rejoin { .. } => {
                        union_approach = None;
                        continue;
                    }
                    EventKind::Sheet { caption, sheet } => (caption, sheet),
                    _ => continue,
                };
                let (caption, sheet) = sheet;
                let mut seen = BTreeSet::new();
                for u in &sheet.units {
                    if !seen.insert(&u.force) {
                        return Err(format!("{} twice on the sheet ({caption})", u.force));
                    }
                }
                if b.mode == BattleMode::Advanced {
                    // A10.2.14: one Force of each side a Square.
                    let mut taken = BTreeSet::new();
                    for u in &sheet.units {
                        let Some(square) = u.square else {
                            return Err(format!("{} without a Square ({caption})", u.force));
                        };
                        // A10.2.14: a Force may pass through a friend's Square.
                        if u.passing {
                            continue;
                        }
                        if !taken.insert((square, u.side == Side::Union)) {
                            return Err(format!(
                                "two {} Forces in Square {} on the sheet \"{caption}\" of battle turn {}",
                                u.side.name(),
                                square.name(),
                                sheet.turn
                            ));
                        }
                    }
                    continue;
                }
                for region in Region::ALL {
                    let Some(cap) = region.capacity() else {
                        continue;
                    };
                    for side in [Side::Confederate, Side::Union] {
                        let n = sheet
                            .units
                            .iter()
                            .filter(|u| u.side == side && u.region == region && mobile(&u.force))
                            .count();
                        let cap = if (region, side) == (Region::UnionApproach, Side::Union) {
                            if union_approach.is_none()
                                && sheet.units.iter().any(|u| u.side == Side::Union)
                            {
                                let terrain =
                                    sheet.insights.iter().any(|(i, _)| *i == Insight::Terrain);
                                union_approach = Some(if terrain { n.max(cap) } else { cap });
                            }
                            let room = union_approach.unwrap_or(cap);
                            union_approach = union_approach.map(|r| r.min(n.max(cap)));
                            room
                        } else {
                            cap
                        };
                        if n > cap {
                            return Err(format!(
                                "{n} {} Mobile Forces in the {} (at most {cap}) on the sheet \"{caption}\" of battle turn {}",
                                side.name(),
                                region.name(),
                                sheet.turn
                            ));
                        }
                    }
                }
            }
        }
    }
    Ok(())
}

/// Fight one case and check it.
fn fight_and_check(case: &Case) -> Result<Fought, String> {
    let run = fight(case);
    properties(&run)?;
    Ok(run)
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 5_000,
        // A battle takes a millisecond or so; one still running after 2 s
        // never ends: the child process is killed (within twice the
        // timeout) and the case fails and is shrunk like any other. A loop
        // that writes the chronicle grows by some 400 MB a second, so the
        // timeout is kept short; shrinking a hang took about a minute when
        // tried with one put in on purpose.
        timeout: 2_000,
        ..ProptestConfig::default()
    })]

    /// Random answers to every decision: each battle ends within the dice,
    /// keeps every counter where it may be, and is over at its end.
    #[test]
    fn random_answers_battles_end_and_keep_counters(
        seed in any::<u64>(),
        picks in prop::collection::vec((any::<u8>(), any::<u8>(), any::<bool>()), 0..16),
        lee_in_battle in prop::bool::weighted(0.85),
        level in 0u8..3,
        scouts in 0u32..11,
        command_points in 0u32..9,
        works in 0u8..4,
        cavalry in any::<bool>(),
        record in any::<bool>(),
        advanced in any::<bool>(),
    ) {
        let case = Case {
            seed,
            picks,
            lee_in_battle,
            level,
            scouts,
            command_points,
            works,
            cavalry,
            record,
            advanced,
        };
        if let Err(e) = fight_and_check(&case) {
            return Err(TestCaseError::fail(e));
        }
    }
}

/// What a coverage battle showed: the Insights chosen and the other
/// decisions that took effect.
fn exercised(chronicle: &Chronicle) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    for e in chronicle.entries() {
        let rule = e.rule.as_str();
        let text = e.text.as_str();
        if rule == "10.2.12"
            && let Some(rest) = text.strip_prefix("The ")
            && let Some((insight, _)) = rest.split_once(" Insight is chosen")
        {
            seen.insert(format!("chosen:{insight}"));
        }
        if rule == "11.2.1" && text.contains("gives Clear Orders") {
            seen.insert("clear-orders".into());
        }
        if rule == "12.4.3"
            && (text.contains("is out of the cup") || text.starts_with("Disrupt takes out"))
        {
            seen.insert("disrupt".into());
        }
        if rule == "10.2.12.2" && e.roll.is_some() {
            seen.insert("demolitions-tried".into());
        }
        if rule == "10.2.12.8" && text.starts_with("Terrain: every Union Force") {
            seen.insert("terrain-placed".into());
        }
        if rule == "14.0.1" && text.starts_with("A Scout takes") {
            seen.insert("scout-removal".into());
        }
        if rule == "14.8.1" && text.starts_with("Rejoin") {
            seen.insert("rejoin".into());
        }
        if rule == "14.8.4" {
            seen.insert("encamp".into());
        }
        if rule == "10.2.11" && text.contains("Command Points buy") {
            seen.insert("battle-plans-bought".into());
        }
    }
    seen
}

/// Coverage battles run in a child process (see the module's comment).
const WORKER_SEEDS: &str = "FCREL_BATTLE_RANDOM_SEEDS";
const COVERAGE_SEEDS: u64 = 200;
/// No word from the worker for this long: the battle it is on hangs.
const STALL: Duration = Duration::from_secs(5);

/// The child process of `random_answers_exercise_every_insight`: fights the
/// seeds `FROM..TO` of `FCREL_BATTLE_RANDOM_SEEDS` and prints, for each,
/// `@start SEED`, any `@fail SEED WHY`, then `@done SEED WHAT...`.
#[test]
#[ignore = "run by random_answers_exercise_every_insight in a child process"]
fn coverage_worker() {
    let Ok(range) = std::env::var(WORKER_SEEDS) else {
        return;
    };
    let (from, to) = range.split_once("..").expect("FROM..TO");
    let (from, to): (u64, u64) = (from.parse().unwrap(), to.parse().unwrap());
    // The parent reads the panics' messages from the lines below.
    std::panic::set_hook(Box::new(|_| {}));
    let mut out = std::io::stdout();
    for seed in from..to {
        writeln!(out, "@start {seed}").unwrap();
        out.flush().unwrap();
        let case = Case::from_seed(seed);
        let seen = match fight_and_check(&case) {
            Ok(run) => {
                let mut seen = exercised(&run.chronicle);
                seen.insert(format!("dice={}", run.dice_used));
                seen.insert(format!("decisions={}", run.decisions));
                seen
            }
            Err(why) => {
                writeln!(out, "@fail {seed} {}", why.replace('\n', " | ")).unwrap();
                BTreeSet::new()
            }
        };
        let seen: Vec<String> = seen.into_iter().collect();
        writeln!(out, "@done {seed} {}", seen.join(" ")).unwrap();
        out.flush().unwrap();
    }
}

/// Run the coverage seeds in child processes; a child that stalls is
/// killed and its seed counted as a hang. Returns what was exercised and
/// every failure, by seed, and the most dice and decisions a battle used.
fn coverage(seeds: std::ops::Range<u64>) -> (BTreeSet<String>, Vec<String>, (usize, usize)) {
    let exe = std::env::current_exe().unwrap();
    let mut seen = BTreeSet::new();
    let mut failures = Vec::new();
    let mut most = (0usize, 0usize);
    let mut next = seeds.start;
    while next < seeds.end {
        let mut child = Command::new(&exe)
            .args([
                "coverage_worker",
                "--exact",
                "--ignored",
                "--nocapture",
                "--test-threads=1",
                "--quiet",
            ])
            .env(WORKER_SEEDS, format!("{next}..{}", seeds.end))
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the coverage worker starts");
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut current: Option<u64> = None;
        loop {
            match rx.recv_timeout(STALL) {
                Ok(line) => {
                    let mut words = line.splitn(3, ' ');
                    let (tag, seed) = (words.next(), words.next().and_then(|s| s.parse().ok()));
                    let rest = words.next().unwrap_or("");
                    match (tag, seed) {
                        (Some("@start"), Some(s)) => current = Some(s),
                        (Some("@fail"), Some(s)) => failures.push(format!("seed {s}: {rest}")),
                        (Some("@done"), Some(s)) => {
                            for w in rest.split_whitespace() {
                                match w.split_once('=') {
                                    Some(("dice", n)) => {
                                        most.0 = most.0.max(n.parse().unwrap_or(0))
                                    }
                                    Some(("decisions", n)) => {
                                        most.1 = most.1.max(n.parse().unwrap_or(0))
                                    }
                                    _ => {
                                        seen.insert(w.to_string());
                                    }
                                }
                            }
                            current = None;
                            next = s + 1;
                        }
                        _ => {}
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    let s = current.unwrap_or(next);
                    child.kill().ok();
                    child.wait().ok();
                    failures.push(format!(
                        "seed {s}: no end after {STALL:?} (the battle hangs)"
                    ));
                    next = s + 1;
                    break;
                }
                Err(RecvTimeoutError::Disconnected) => {
                    let status = child.wait().expect("the worker ends");
                    if let Some(s) = current {
                        failures.push(format!("seed {s}: the worker died ({status})"));
                        next = s + 1;
                    } else if next < seeds.end {
                        failures.push(format!("the worker stopped at seed {next} ({status})"));
                        next = seeds.end;
                    }
                    break;
                }
            }
        }
    }
    (seen, failures, most)
}

/// The random answers do reach what the scripted commanders never choose:
/// over the coverage seeds every Insight is chosen, Clear Orders and
/// Disrupt take effect, Demolitions is tried, Terrain places the Union;
/// and every one of those battles keeps the properties above.
#[test]
fn random_answers_exercise_every_insight() {
    let (seen, failures, (dice, decisions)) = coverage(0..COVERAGE_SEEDS);
    println!(
        "at most {dice} dice and {decisions} decisions in a battle (bounds {DICE}, {DECISIONS})"
    );
    let mut wanted: Vec<String> = Insight::ALL
        .iter()
        .map(|i| format!("chosen:{i:?}"))
        .collect();
    wanted.extend(
        [
            "clear-orders",
            "disrupt",
            "demolitions-tried",
            "terrain-placed",
            "scout-removal",
            "battle-plans-bought",
            "rejoin",
            "encamp",
        ]
        .map(String::from),
    );
    let missing: Vec<&String> = wanted.iter().filter(|w| !seen.contains(*w)).collect();
    assert!(
        failures.is_empty() && missing.is_empty(),
        "over seeds 0..{COVERAGE_SEEDS} (reproduce one with Case::from_seed; at most {dice} dice, {decisions} decisions):\n{} failure(s):\n  {}\nnever seen: {missing:?}\nseen: {seen:?}",
        failures.len(),
        failures.join("\n  ")
    );
}

/// A coverage battle's chronicle, for reading one that fails (one that
/// hangs hangs here too):
/// `FCREL_BATTLE_RANDOM_SHOW=19 cargo test --test battle_random show_random_battle -- --ignored --nocapture`.
#[test]
#[ignore = "prints one coverage battle; set FCREL_BATTLE_RANDOM_SHOW to its seed"]
fn show_random_battle() {
    let Ok(seed) = std::env::var("FCREL_BATTLE_RANDOM_SHOW") else {
        return;
    };
    let case = Case::from_seed(seed.parse().expect("a seed"));
    println!("{case:?}");
    // The panic's message is in the outcome.
    std::panic::set_hook(Box::new(|_| {}));
    let run = fight(&case);
    for e in run.chronicle.entries() {
        println!("{}", e.line());
    }
    println!("{:?}", run.outcome.as_ref().map(|o| o.ending));
    println!("{:?}", properties(&run));
}

/// The Special Battle Plan draw always ends: coverage seeds on
/// which it once looped for ever — a cup left with only a Hard Cover that
/// no Force could take, drawn again and again without a die — fought in a
/// child process so that a return of the loop fails instead of hanging.
#[test]
fn special_battle_plan_draws_end() {
    let mut failures = Vec::new();
    for seed in [741, 1549, 1645, 3897, 6613, 6877, 9939, 13927, 16027, 19582] {
        failures.extend(coverage(seed..seed + 1).1);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The coverage cases on the Advanced Battlefield Sheet: random answers to
/// every decision, each battle ends, keeps every counter and one Force of a
/// side a Square (A10.2.14).
#[test]
fn random_answers_advanced_battles_end_and_keep_counters() {
    for seed in 0..400 {
        let case = Case {
            advanced: true,
            ..Case::from_seed(seed)
        };
        if let Err(e) = fight_and_check(&case) {
            panic!("seed {seed}: {e}");
        }
    }
}

/// R-14.7-left-first, found by the property above: the Union Routs at the
/// end of battle turn 2 (14.5) and still has a Force on the sheet when the
/// last Confederate on it, Longstreet, leaves by a Voluntary Retreat
/// (14.5.1) with Lee; Ewell Screened off the sheet (10.2.12.7). Only Union
/// Forces are on the sheet, so the battle ends (14.7) with the field the
/// Union's: the Confederates lost it, Ewell leaves with the army, and the
/// Union is not Routed from an area it still holds.
#[test]
fn a_routed_army_keeps_the_field_its_enemy_left_first() {
    let case = Case {
        seed: 15291103085926977317,
        picks: vec![
            (244, 49, false),
            (162, 1, false),
            (216, 31, false),
            (111, 7, false),
            (70, 31, false),
        ],
        lee_in_battle: true,
        level: 1,
        scouts: 8,
        command_points: 2,
        works: 1,
        cavalry: true,
        record: false,
        advanced: false,
    };
    let run = fight_and_check(&case).unwrap_or_else(|e| panic!("{e}"));
    let lines: Vec<String> = run.chronicle.entries().iter().map(|e| e.line()).collect();
    assert!(
        lines
            .iter()
            .any(|l| l.contains("[14.5] Rout check") && l.contains("the Union Routs")),
        "{lines:#?}"
    );
    assert!(
        lines.iter().any(|l| l.contains("[14.5.1] Longstreet")),
        "{lines:#?}"
    );
    assert_eq!(
        run.outcome.as_ref().map(|o| o.ending),
        Ok(fcrel::rules::battle::Ending::Cleared {
            loser: Some(Side::Confederate)
        })
    );
    assert!(run.board.has_side(AREA, Side::Union));
    assert!(!run.board.has_side(AREA, Side::Confederate));
}
