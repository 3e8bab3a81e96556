//! `cargo bench`: how fast the rules engine plays battles (each mode, the
//! Advanced sheet's too), a Union Orders phase, whole campaigns, and loads
//! the campaign files (criterion).
//!
//! Every iteration plays a fresh clone of the prepared board with dice
//! seeded from the iteration number, so a run is reproducible.
//! `cargo bench -- WORD` runs only the benchmarks whose name contains WORD.
//! Figures and targets: `docs/performance.md`.

// The allocator of the `fcrel` binary, so the figures are the commands'.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::hint::black_box;
use std::sync::Arc;
use std::time::Duration;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};

use fcrel::campaign::{self, Campaign, Side};
use fcrel::chronicle::Chronicle;
use fcrel::dice::Dice;
use fcrel::rules::battle::BattleSpec;
use fcrel::rules::board::Board;
use fcrel::rules::commander::Policy;
use fcrel::rules::components::{Location, Strength};
use fcrel::rules::ctx::Ctx;
use fcrel::rules::decision::{Recorded, ThenPolicy};
use fcrel::rules::difficulty::{BattleMode, GameOptions};
use fcrel::rules::turn::orders::union_groups;
use fcrel::rules::turn::{Step, fight, play_step};
use fcrel::sim::{game_seed, play, play_from};

/// The base seed; iteration `n` plays with `game_seed(SEED, n)`.
const SEED: u64 = 1862;

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

/// A whole campaign as `fcrel simulate` plays it: from the one set-up,
/// keeping no chronicle (`sim::play_from`).
fn quiet_game(start: &Board, seed: u64) -> impl FnOnce() -> u32 + use<> {
    let start = start.clone();
    move || {
        let game = play_from(&start, seed, Policy::Objective).expect("the campaign ends");
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

/// Times `prepare(n)()` for n = 1, 2, …: the preparation (a board clone)
/// is not timed.
fn bench<F: FnOnce() -> u32>(c: &mut Criterion, name: &str, mut prepare: impl FnMut(u64) -> F) {
    let mut n = 0u64;
    c.bench_function(name, |b| {
        b.iter_batched(
            || {
                n += 1;
                prepare(n)
            },
            |f| black_box(f()),
            BatchSize::SmallInput,
        )
    });
}

fn engine(c: &mut Criterion) {
    let camp = seven_days();
    let battle_b = battle_board(camp.clone());
    let orders_b = orders_board(camp.clone());
    for (name, mode) in [
        ("battle/very-quick 8v8", BattleMode::VeryQuick),
        ("battle/quick 8v8", BattleMode::Quick),
        ("battle/basic 8v8", BattleMode::Basic),
        ("battle/advanced 8v8", BattleMode::Advanced),
    ] {
        bench(c, name, |n| battle(&battle_b, mode, game_seed(SEED, n)));
    }
    bench(c, "union-orders/10 groups", |n| {
        union_orders(&orders_b, game_seed(SEED, n))
    });
    for (name, mode) in [
        ("campaign/seven-days very-quick", BattleMode::VeryQuick),
        ("campaign/seven-days quick", BattleMode::Quick),
        ("campaign/seven-days basic", BattleMode::Basic),
        ("campaign/seven-days advanced", BattleMode::Advanced),
    ] {
        bench(c, name, |n| campaign_game(&camp, mode, game_seed(SEED, n)));
    }
    for (name, mode) in [
        (
            "campaign/seven-days very-quick, no chronicle",
            BattleMode::VeryQuick,
        ),
        ("campaign/seven-days quick, no chronicle", BattleMode::Quick),
        ("campaign/seven-days basic, no chronicle", BattleMode::Basic),
        (
            "campaign/seven-days advanced, no chronicle",
            BattleMode::Advanced,
        ),
    ] {
        let options = GameOptions {
            battles: mode,
            ..GameOptions::default()
        };
        let start =
            fcrel::rules::setup::new_campaign(camp.clone(), options, &mut Chronicle::quiet());
        bench(c, name, |n| quiet_game(&start, game_seed(SEED, n)));
    }
    let files = campaign::load::campaign_files_in(&campaign::bundled_dir())
        .expect("the campaigns folder is readable")
        .len() as u32;
    bench(c, "validate/all campaign files", |_| validate_all(files));
}

/// Issue 37, item 6: a recommendation for the Basic 8-against-8 Battle
/// Plan Counter assignment (`scenarios/odds-basic-8v8.json`, the first
/// 12.2 question), the advisor's default settings to `ADVICE_TRIALS`
/// trials on two threads: the budget at which its top choice is stable
/// (docs/performance.md).
const ADVICE_TRIALS: u64 = 12_000;

fn advise(c: &mut Criterion) {
    use fcrel::odds::advise::{Advisor, Position, Settings};
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/odds-basic-8v8.json");
    let p = fcrel::odds::locate::from_scenario(&path, None).expect("the scenario loads");
    let until = |_: &Board, r: &fcrel::rules::decision::Request| r.rule.as_str() == "12.2";
    let pos = Position::in_battle(&p, &Dice::seeded(1), Policy::Objective, &until)
        .expect("the battle is fought")
        .expect("the battle asks for Battle Plan Counters");
    c.bench_function(
        "advise/basic 8v8 assignment, 12,000 trials, 2 threads",
        |b| {
            b.iter(|| {
                let mut a = Advisor::new(&pos, Settings::default()).expect("candidates");
                a.run_to(ADVICE_TRIALS, 2).expect("the trials are fought");
                black_box(a.leader())
            })
        },
    );
}

criterion_group! {
    name = advice;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(10));
    targets = advise
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));
    targets = engine
}
criterion_main!(benches, advice);
