//! `cargo bench`: how fast the rules engine plays battles, a Union Orders
//! phase, whole campaigns, and loads the campaign files.
//!
//! A plain program (`harness = false`, no criterion: it is not available
//! offline): each benchmark warms up, then times single iterations until
//! its time budget or iteration cap is spent, and prints the median, the
//! minimum and the mean per iteration. Every iteration plays a fresh clone
//! of the prepared board with dice seeded from the iteration number, so a
//! run is reproducible. `cargo bench -- WORD` runs only the benchmarks
//! whose name contains WORD.

use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

use fcrel::campaign::{self, Campaign, Side};
use fcrel::chronicle::Chronicle;
use fcrel::dice::Dice;
use fcrel::rules::battle::{BattleSpec, Ctx};
use fcrel::rules::board::Board;
use fcrel::rules::commander::Policy;
use fcrel::rules::components::{Location, Strength};
use fcrel::rules::decision::{Recorded, ThenPolicy};
use fcrel::rules::difficulty::{BattleMode, GameOptions};
use fcrel::rules::turn::orders::union_groups;
use fcrel::rules::turn::{Step, fight, play_step};
use fcrel::sim::{game_seed, play};

/// The base seed; iteration `n` plays with `game_seed(SEED, n)`.
const SEED: u64 = 1862;

/// Time spent warming up, and the budget and caps of the measured part.
const WARM_UP: Duration = Duration::from_millis(300);
const BUDGET: Duration = Duration::from_secs(3);
const MIN_ITERS: usize = 10;
const MAX_ITERS: usize = 20_000;

/// Where the battles are fought.
const BATTLE_AREA: &str = "glendale";

/// Eight Confederate and eight Union Forces, with Lee, in Glendale.
const CONFEDERATES: [&str; 8] = [
    "longstreet",
    "ap-hill",
    "dh-hill",
    "magruder",
    "huger",
    "holmes",
    "jackson",
    "pendleton",
];
const UNION: [&str; 8] = [
    "richardson",
    "sedgwick",
    "hooker",
    "kearny",
    "couch",
    "peck",
    "morell",
    "hunt",
];

/// Ten Union Forces of different corps, each alone in its own area: ten
/// groups for the Union Orders phase.
const UNION_GROUPS: [(&str, &str); 10] = [
    ("richardson", "fair-oaks"),
    ("sedgwick", "savages-station"),
    ("hooker", "seven-pines"),
    ("kearny", "white-oak-swamp"),
    ("couch", "glendale"),
    ("peck", "malvern-hill"),
    ("morell", "gaines-mill"),
    ("sykes", "cold-harbor"),
    ("mccall", "beaver-dam-creek"),
    ("slocum", "goldings-farm"),
];

fn seven_days() -> Arc<Campaign> {
    Arc::new(campaign::load_bundled("seven-days").expect("seven-days loads"))
}

/// The 8-against-8 battle board (as `tests/battle_props.rs` builds one).
fn battle_board(c: Arc<Campaign>) -> Board {
    let mut b = Board::empty(
        c,
        GameOptions {
            seed: SEED,
            ..GameOptions::default()
        },
    );
    for id in CONFEDERATES.iter().chain(UNION.iter()) {
        assert!(
            b.place(id, Location::Area(BATTLE_AREA.into()), Strength::Full),
            "no counter {id}"
        );
    }
    b.lee = Location::Area(BATTLE_AREA.into());
    b.cp.confederate = 3;
    b.scouts.available = 1;
    b
}

/// The board of the Union Orders benchmark: ten Union groups, Lee and
/// Longstreet north of Richmond.
fn orders_board(c: Arc<Campaign>) -> Board {
    let mut b = Board::empty(
        c,
        GameOptions {
            seed: SEED,
            ..GameOptions::default()
        },
    );
    for (id, area) in UNION_GROUPS {
        assert!(
            b.place(id, Location::Area(area.into()), Strength::Full),
            "no counter {id}"
        );
    }
    b.place(
        "longstreet",
        Location::Area("richmond-north".into()),
        Strength::Full,
    );
    b.lee = Location::Area("richmond-north".into());
    assert_eq!(union_groups(&b).len(), 10, "ten Union groups");
    b
}

/// One battle on a fresh clone of `board`, the scripted commander deciding.
fn battle(board: &Board, mode: BattleMode, seed: u64) -> impl FnOnce() -> u32 + use<> {
    let mut board = board.clone();
    move || {
        let mut dice = Dice::seeded(seed);
        let mut chronicle = Chronicle::default();
        let mut policy = Policy::Objective;
        let spec = BattleSpec {
            area: BATTLE_AREA.into(),
            attacker: Side::Confederate,
        };
        let mut ctx = Ctx {
            board: &mut board,
            dice: &mut dice,
            chronicle: &mut chronicle,
            decider: &mut policy,
        };
        let outcome = fight(&mut ctx, &spec, mode).expect("the battle ends");
        black_box(&outcome);
        black_box(&board);
        outcome.rounds
    }
}

/// One Union Orders phase on a fresh clone of `board`. The player chooses
/// which group rolls next (20.0): no recorded answers, so the scripted
/// commander chooses, as in `fcrel simulate`.
fn union_orders(board: &Board, seed: u64) -> impl FnOnce() -> u32 + use<> {
    let mut board = board.clone();
    move || {
        let mut dice = Dice::seeded(seed);
        let mut chronicle = Chronicle::default();
        let mut decider = ThenPolicy {
            recorded: Recorded::default(),
            policy: Policy::Objective,
        };
        let mut ctx = Ctx {
            board: &mut board,
            dice: &mut dice,
            chronicle: &mut chronicle,
            decider: &mut decider,
        };
        play_step(&mut ctx, Step::UnionOrders).expect("the Union Orders phase ends");
        black_box(&board);
        dice.rolled() as u32
    }
}

/// One whole campaign, the scripted commander playing.
fn campaign_game(c: &Arc<Campaign>, mode: BattleMode, seed: u64) -> impl FnOnce() -> u32 + use<> {
    let c = c.clone();
    move || {
        let options = GameOptions {
            battles: mode,
            seed,
            ..GameOptions::default()
        };
        let game = play(c, options, Policy::Objective).expect("the campaign ends");
        black_box(&game.board);
        game.battles
    }
}

/// `fcrel validate` of every bundled campaign file.
fn validate_all(files: u32) -> impl FnOnce() -> u32 {
    move || {
        let code = fcrel::cli::validate(&[], &mut std::io::sink(), &mut std::io::sink());
        assert_eq!(code, 0, "the bundled campaign files are valid");
        black_box(files)
    }
}

/// Times a benchmark: `prepare(n)` builds iteration `n` (untimed), the
/// closure it returns is timed. Prints one line; false if filtered out.
fn bench<F: FnOnce() -> u32>(
    name: &str,
    filters: &[String],
    mut prepare: impl FnMut(u64) -> F,
) -> bool {
    if !filters.is_empty() && !filters.iter().any(|f| name.contains(f.as_str())) {
        return false;
    }
    let mut n = 0u64;
    let warm = Instant::now();
    while warm.elapsed() < WARM_UP {
        black_box(prepare(n)());
        n += 1;
    }
    let mut times: Vec<Duration> = Vec::new();
    let mut work = 0u64;
    let start = Instant::now();
    while times.len() < MAX_ITERS && (times.len() < MIN_ITERS || start.elapsed() < BUDGET) {
        let f = prepare(n);
        let t = Instant::now();
        let w = f();
        times.push(t.elapsed());
        work += u64::from(w);
        n += 1;
    }
    times.sort_unstable();
    let total: Duration = times.iter().sum();
    let mean = total / times.len() as u32;
    println!(
        "{name:<34} median {:>11}  min {:>11}  mean {:>11}  ({} iterations, {:.1} work/iter)",
        show(times[times.len() / 2]),
        show(times[0]),
        show(mean),
        times.len(),
        work as f64 / times.len() as f64,
    );
    true
}

fn show(d: Duration) -> String {
    let ns = d.as_nanos() as f64;
    if ns < 1e3 {
        format!("{ns:.0} ns")
    } else if ns < 1e6 {
        format!("{:.2} µs", ns / 1e3)
    } else if ns < 1e9 {
        format!("{:.3} ms", ns / 1e6)
    } else {
        format!("{:.3} s", ns / 1e9)
    }
}

fn main() {
    // `cargo bench` passes `--bench`; any other word is a name filter.
    let filters: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let c = seven_days();
    let battle_b = battle_board(c.clone());
    let orders_b = orders_board(c.clone());
    println!(
        "fcrel engine benchmarks ({} build); work/iter: battle rounds, dice rolled, battles per campaign, files validated",
        if cfg!(debug_assertions) {
            "debug"
        } else {
            "release"
        }
    );
    for (name, mode) in [
        ("battle/very-quick 8v8", BattleMode::VeryQuick),
        ("battle/quick 8v8", BattleMode::Quick),
        ("battle/basic 8v8", BattleMode::Basic),
    ] {
        bench(name, &filters, |n| {
            battle(&battle_b, mode, game_seed(SEED, n))
        });
    }
    bench("union-orders/10 groups", &filters, |n| {
        union_orders(&orders_b, game_seed(SEED, n))
    });
    for (name, mode) in [
        ("campaign/seven-days very-quick", BattleMode::VeryQuick),
        ("campaign/seven-days quick", BattleMode::Quick),
        ("campaign/seven-days basic", BattleMode::Basic),
    ] {
        bench(name, &filters, |n| {
            campaign_game(&c, mode, game_seed(SEED, n))
        });
    }
    let files = campaign::load::campaign_files_in(&campaign::bundled_dir())
        .expect("the campaigns folder is readable")
        .len() as u32;
    bench("validate/all campaign files", &filters, |_| {
        validate_all(files)
    });
}
