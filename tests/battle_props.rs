//! Property tests over many random map battles: counters are conserved and
//! each is somewhere it may be; no battle leaves both armies in the area
//! unless they Encamp; Lee is never left alone without the campaign ending.

use std::sync::Arc;

use fcrel::campaign::{self, Campaign, Side};
use fcrel::chronicle::Chronicle;
use fcrel::dice::Dice;
use fcrel::rules::battle::quick::{self, QuickMode};
use fcrel::rules::battle::{BattleSpec, Ending};
use fcrel::rules::board::Board;
use fcrel::rules::commander::Policy;
use fcrel::rules::components::{Location, Strength};
use fcrel::rules::ctx::Ctx;
use fcrel::rules::difficulty::{GameOptions, UnionAspects};
use proptest::prelude::*;

mod common;
use common::{allowed, place_picks};

fn seven_days() -> Arc<Campaign> {
    thread_local! {
        static C: Arc<Campaign> = Arc::new(campaign::load_bundled("seven-days").unwrap());
    }
    C.with(|c| c.clone())
}

fn scenario(seed: u64, picks: &[(u8, u8, bool)], lee_in_battle: bool, level: u8) -> Board {
    let c = seven_days();
    let level = [
        campaign::UnionLevel::Regular,
        campaign::UnionLevel::Hard,
        campaign::UnionLevel::Veteran,
    ][level as usize % 3];
    let mut b = Board::empty(
        c,
        GameOptions {
            union: UnionAspects::preset(level),
            seed,
            ..GameOptions::default()
        },
    );
    let area = "glendale";
    place_picks(&mut b, picks, area);
    // Make sure both armies are in the battle.
    b.place("longstreet", Location::Area(area.into()), Strength::Full);
    b.place("hooker", Location::Area(area.into()), Strength::Full);
    if lee_in_battle {
        b.lee = Location::Area(area.into());
    } else {
        b.place(
            "magruder",
            Location::Area("oak-grove".into()),
            Strength::Full,
        );
        b.lee = Location::Area("oak-grove".into());
    }
    b.cp.confederate = (seed % 5) as u32;
    b.scouts.available = (seed % 3) as u32;
    b
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_battles_keep_every_counter_where_it_may_be(
        seed in any::<u64>(),
        picks in prop::collection::vec((any::<u8>(), any::<u8>(), any::<bool>()), 0..14),
        lee_in_battle in any::<bool>(),
        very_quick in any::<bool>(),
        bold in any::<bool>(),
        level in 0u8..3,
    ) {
        let mut board = scenario(seed, &picks, lee_in_battle, level);
        let before = board.pieces.len();
        let ids_before: Vec<String> = board.pieces.iter().map(|p| p.force.id.clone()).collect();
        let mut dice = Dice::seeded(seed);
        let mut chronicle = Chronicle::default();
        let mut policy = if bold { Policy::Objective } else { Policy::Cautious };
        let mode = if very_quick { QuickMode::VeryQuick } else { QuickMode::Quick };
        let spec = BattleSpec { area: "glendale".into(), attacker: if seed % 2 == 0 { Side::Confederate } else { Side::Union } };
        let outcome = {
            let mut ctx = Ctx { board: &mut board, dice: &mut dice, chronicle: &mut chronicle, decider: &mut policy };
            quick::fight(&mut ctx, &spec, mode)
        };
        let outcome = match outcome {
            Ok(o) => o,
            Err(e) => return Err(TestCaseError::fail(format!("battle interrupted: {e}"))),
        };
        // Conservation: the same counters, each once.
        prop_assert_eq!(board.pieces.len(), before);
        let ids_after: Vec<String> = board.pieces.iter().map(|p| p.force.id.clone()).collect();
        prop_assert_eq!(ids_after, ids_before);
        for i in board.pieces.indices() {
            prop_assert!(allowed(&board, i), "{} at {:?} ({:?})", board.pieces[i].force.id, board.pieces[i].location(), board.pieces[i].strength);
        }
        // The battle is over: both armies remain only after an Encamp.
        let both = board.has_side("glendale", Side::Union) && board.has_side("glendale", Side::Confederate);
        prop_assert_eq!(both, outcome.ending == Ending::Encamp, "{:?}", outcome.ending);
        // Lee alone means the campaign is lost, and only then.
        prop_assert_eq!(board.lee_isolated(), outcome.campaign_lost);
        // Every roll is a real d10 and chronicled with its rule.
        for e in chronicle.entries() {
            prop_assert!(!e.rule.is_empty());
            if let Some(r) = &e.roll {
                prop_assert!((1..=10).contains(&r.die));
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Basic battles: the same conservation, and every battle ends (the
    /// sheet's own invariants are checked after every step in debug builds).
    #[test]
    fn random_basic_battles_end_and_keep_counters(
        seed in any::<u64>(),
        picks in prop::collection::vec((any::<u8>(), any::<u8>(), any::<bool>()), 0..16),
        lee_in_battle in any::<bool>(),
        bold in any::<bool>(),
        level in 0u8..3,
    ) {
        let mut board = scenario(seed, &picks, lee_in_battle, level);
        board.options.battles = fcrel::rules::difficulty::BattleMode::Basic;
        let before = board.pieces.len();
        let mut dice = Dice::seeded(seed);
        let mut chronicle = Chronicle::default();
        let mut policy = if bold { Policy::Objective } else { Policy::Cautious };
        let spec = BattleSpec { area: "glendale".into(), attacker: Side::Confederate };
        let outcome = {
            let mut ctx = Ctx { board: &mut board, dice: &mut dice, chronicle: &mut chronicle, decider: &mut policy };
            fcrel::rules::battle::basic::fight(&mut ctx, &spec)
        };
        let outcome = match outcome {
            Ok(o) => o,
            Err(e) => return Err(TestCaseError::fail(format!("battle interrupted: {e}"))),
        };
        prop_assert_eq!(board.pieces.len(), before);
        for i in board.pieces.indices() {
            prop_assert!(allowed(&board, i), "{} at {:?} ({:?})", board.pieces[i].force.id, board.pieces[i].location(), board.pieces[i].strength);
        }
        let both = board.has_side("glendale", Side::Union) && board.has_side("glendale", Side::Confederate);
        prop_assert_eq!(both, outcome.ending == Ending::Encamp, "{:?}", outcome.ending);
        prop_assert_eq!(board.lee_isolated(), outcome.campaign_lost);
    }
}

/// The random battles above do reach the Battlefield Sheet: most of them
/// are fought over several battle turns, not ended by Envelopment.
#[test]
fn random_basic_battles_are_fought_on_the_sheet() {
    let mut on_sheet = 0;
    let mut turns = 0;
    for seed in 0..200u64 {
        let picks: Vec<(u8, u8, bool)> = (0..10)
            .map(|i| ((seed * 31 + i * 17) as u8, (seed + i) as u8, i % 3 == 0))
            .collect();
        let mut board = scenario(seed, &picks, seed % 2 == 0, (seed % 3) as u8);
        let mut dice = Dice::seeded(seed);
        let mut chronicle = Chronicle::default();
        let mut policy = Policy::Objective;
        let spec = BattleSpec {
            area: "glendale".into(),
            attacker: Side::Confederate,
        };
        let mut ctx = Ctx {
            board: &mut board,
            dice: &mut dice,
            chronicle: &mut chronicle,
            decider: &mut policy,
        };
        fcrel::rules::battle::basic::fight(&mut ctx, &spec).unwrap();
        let n = chronicle
            .entries()
            .iter()
            .filter(|e| e.rule == "10.1")
            .count();
        if n > 0 {
            on_sheet += 1;
        }
        turns += n;
    }
    assert!(on_sheet > 100, "{on_sheet} of 200 reached the sheet");
    assert!(turns > 300, "{turns} battle turns in all");
}

/// A Battlefield Sheet with the Seven Days' counters placed at random:
/// each pick is (counter, Region, Formation).
fn random_sheet(picks: &[(u8, u8, bool)]) -> (Board, fcrel::rules::battle::basic::field::Field) {
    use fcrel::rules::battle::basic::field::{Field, Unit};
    use fcrel::rules::battle::ground::Region;
    use fcrel::rules::battle::terms::Formation;
    let mut board = Board::empty(seven_days(), GameOptions::default());
    let mut f = Field::new("glendale", false, 4);
    for &(k, region, line) in picks {
        let n = k as usize % board.pieces.len();
        let i = board.pieces.indices().nth(n).expect("in range");
        if f.unit_of(i).is_some() {
            continue;
        }
        let id = board.pieces[i].force.id.clone();
        board.place(&id, Location::Area("glendale".into()), Strength::Full);
        let side = board.pieces[i].force.side;
        let formation = if line {
            Formation::Line
        } else {
            Formation::Column
        };
        let region = Region::ALL[region as usize % Region::ALL.len()];
        f.units.push(Unit::new(&board, i, side, region, formation));
    }
    (board, f)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// `Occupancy` (one read of the sheet, used to list answers) says what
    /// the sheet's own per-Force questions say: Melee (11.5), range, room
    /// (10.2.14) and Artillery targets (11.7).
    #[test]
    fn occupancy_reads_the_sheet_as_the_field_does(
        picks in prop::collection::vec((any::<u8>(), any::<u8>(), any::<bool>()), 0..20),
    ) {
        use fcrel::rules::battle::basic::field::Occupancy;
use fcrel::rules::battle::ground::Region;
        use fcrel::rules::battle::basic::union::artillery_target;
        let (_board, f) = random_sheet(&picks);
        let at = Occupancy::of(&f);
        for k in f.units.indices() {
            let u = &f.units[k];
            prop_assert_eq!(at.any(u.at(), u.side.other()), f.in_melee(k));
            prop_assert_eq!(at.range(u.at(), u.side), f.range_to_enemy(k));
            let scanned = Region::ALL
                .into_iter()
                .filter(|r| {
                    *r != u.at()
                        && f.any_at(*r, u.side.other())
                        && !(f.any_at(*r, Side::Confederate) && f.any_at(*r, Side::Union))
                })
                .min_by_key(|r| (r.pos() - u.at().pos()).abs());
            prop_assert_eq!(artillery_target(&f, k), scanned);
        }
        for region in Region::ALL {
            for side in [Side::Confederate, Side::Union] {
                prop_assert_eq!(at.any(region, side), f.any_at(region, side));
                prop_assert_eq!(at.has_room(region, side), f.has_room(region, side));
            }
        }
    }
}
