//! The Why? in battle questions agrees with the legal list, over played
//! games (Basic and Advanced, recorded so that each question carries its
//! sheet as the window sees it): for every Force, counter, Region, Square
//! and area, a verdict "can" lists exactly the offered answers, and a
//! verdict "cannot" gives the specific reason of the question's kind,
//! never the generic one.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::*;
use crate::chronicle::Chronicle;
use crate::dice::Dice;
use crate::rules::battle::ground::Region;
use crate::rules::battle::record::BattleRecords;
use crate::rules::commander::Policy;
use crate::rules::ctx::Ctx;
use crate::rules::decision::{Decider, Interrupt};
use crate::rules::difficulty::{BattleMode, GameOptions};
use crate::rules::why::reason::RegionBar;

/// Answers as the policy would, or (every other battle question, from a
/// seeded generator of its own) another legal answer, so that Prepare,
/// Entrench and Formation changes are met; checks every battle question.
struct Checking {
    policy: Policy,
    state: u64,
    asked: u64,
    /// The battle questions checked, by kind.
    kinds: BTreeMap<&'static str, usize>,
    /// The reasons given, by name.
    reasons: BTreeMap<String, usize>,
}

impl Checking {
    fn next(&mut self) -> u64 {
        // SplitMix64: only picks among legal answers in this test.
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn note(&mut self, r: &Reason) {
        let name = format!("{r:?}");
        let name = name
            .split([' ', '{', '('])
            .next()
            .unwrap_or_default()
            .to_string();
        *self.reasons.entry(name).or_default() += 1;
    }

    fn check(&mut self, board: &Board, request: &Request) {
        let Some(sheet) = request.sheet.as_deref() else {
            return;
        };
        let generic = |r: &Reason| matches!(r, Reason::NotAsked { .. });
        let offered = |who: &str| -> Vec<Decision> {
            request
                .options
                .iter()
                .filter(|d| actor(d) == Some(who))
                .copied()
                .collect()
        };
        let kind = if is_resolve(request) {
            if request.rule == PREPARED_RULE {
                "12.3.8 prepared"
            } else {
                "14.4 resolve"
            }
        } else if request.options.contains(&Decision::EndAssign) {
            "12.2 assign"
        } else if request.about.moving == Some(Move::Place) {
            "placement"
        } else if request
            .options
            .iter()
            .any(|d| matches!(d, Decision::FormationChange { .. }))
        {
            "12.3.7 formation"
        } else if request
            .options
            .iter()
            .any(|d| matches!(d, Decision::EntrenchOn { .. }))
        {
            "10.2.12.3 entrench"
        } else {
            "other"
        };
        *self.kinds.entry(kind).or_default() += 1;
        let mut reasons = Vec::new();
        // Every Force of the sheet, and every other counter on the board.
        for w in board.pieces.iter().map(|p| p.id().as_str()) {
            let legal = offered(w);
            let v = force(board, request, w);
            match &v {
                Verdict::Can(list) => assert_eq!(list, &legal, "{w}: {}", request.rule),
                Verdict::Cannot(r) => {
                    assert!(legal.is_empty(), "{w} refused ({r:?}) yet offered");
                    let on_sheet = sheet.units.iter().find(|u| u.force == w);
                    let ours = on_sheet.is_some_and(|u| u.side == Side::Confederate);
                    if kind != "other" && ours {
                        assert!(!generic(r), "{kind}: {w} given no specific reason: {r:?}");
                    }
                    if kind == "placement"
                        && board.piece(w).is_some_and(|p| {
                            p.force.side == Side::Confederate
                                && p.location().area() == request.battle_location.as_deref()
                        })
                    {
                        assert!(
                            matches!(
                                r,
                                Reason::PlacingAnother { .. } | Reason::AlreadyPlaced { .. }
                            ),
                            "{w}: {r:?}"
                        );
                    }
                    if kind == "12.3.8 prepared"
                        && let Some(u) = on_sheet.filter(|u| ours && !u.acted)
                        && board
                            .piece(w)
                            .is_some_and(|p| p.force.force_type.is_mobile())
                    {
                        assert!(!u.prepare, "{w}: prepared yet not offered");
                        assert_eq!(r, &Reason::NotPrepared, "{w}");
                    }
                    reasons.push(r.clone());
                }
            }
            // 12.2: every counter, for every Confederate Force.
            if kind == "12.2 assign"
                && let Some(u) = sheet
                    .units
                    .iter()
                    .find(|u| u.force == w && u.side == Side::Confederate)
            {
                let left = sheet.quantity > sheet.assigned;
                for plan in PlanCounter::ALL {
                    let d = Decision::AssignPlan {
                        force: Id::new(w),
                        plan,
                    };
                    match counter(board, request, w, plan) {
                        Verdict::Can(list) => assert_eq!(list, vec![d]),
                        Verdict::Cannot(r) => {
                            assert!(!request.options.contains(&d), "{w} {plan:?}: {r:?}");
                            if left {
                                assert!(
                                    matches!(r, Reason::Counter { plan: p, .. } if p == plan),
                                    "{w} {plan:?}: {r:?}"
                                );
                                // The record's words are the same reason's.
                                let (_, words) = u
                                    .refusals
                                    .iter()
                                    .find(|(p, _)| *p == plan)
                                    .expect("the record says why");
                                assert!(words.starts_with(&r.says(board, w)), "{words}");
                                assert!(words.contains(r.rule()), "{words}");
                            } else {
                                assert_eq!(r, Reason::NoCountersLeft);
                            }
                            reasons.push(r);
                        }
                    }
                }
            }
        }
        if kind == "placement" {
            if sheet.units.iter().any(|u| u.square.is_some())
                || request
                    .options
                    .iter()
                    .any(|d| matches!(d, Decision::PlaceOnSquare { .. }))
            {
                for s in Square::all_on(sheet.columns) {
                    let legal: Vec<Decision> = request
                        .options
                        .iter()
                        .filter(
                            |d| matches!(d, Decision::PlaceOnSquare { square, .. } if *square == s),
                        )
                        .copied()
                        .collect();
                    match square(board, request, s) {
                        Verdict::Can(list) => assert_eq!(list, legal),
                        Verdict::Cannot(r) => {
                            assert!(legal.is_empty(), "{} refused ({r:?})", s.name());
                            assert!(!generic(&r), "{}: {r:?}", s.name());
                            reasons.push(r);
                        }
                    }
                }
            } else {
                for region in Region::ALL {
                    let legal: Vec<Decision> = request
                        .options
                        .iter()
                        .filter(
                            |d| matches!(d, Decision::PlaceForce { region: r, .. } if *r == region),
                        )
                        .copied()
                        .collect();
                    match super::region(board, request, region) {
                        Verdict::Can(list) => assert_eq!(list, legal),
                        Verdict::Cannot(r) => {
                            assert!(legal.is_empty(), "{region:?} refused ({r:?})");
                            assert!(
                                matches!(r, Reason::NotInRegion { region: g, .. } if g == region),
                                "{region:?}: {r:?}"
                            );
                            reasons.push(r);
                        }
                    }
                }
            }
        }
        // A March or an Advance on the Squares: every Square of the sheet.
        if matches!(
            request.about.moving,
            Some(Move::March) | Some(Move::Advance)
        ) && request
            .options
            .iter()
            .any(|d| matches!(d, Decision::MarchInto { .. }))
        {
            for s in Square::all_on(sheet.columns) {
                let legal: Vec<Decision> = request
                    .options
                    .iter()
                    .filter(|d| matches!(d, Decision::MarchInto { square } if *square == s))
                    .copied()
                    .collect();
                match square(board, request, s) {
                    Verdict::Can(list) => assert_eq!(list, legal),
                    Verdict::Cannot(r) => {
                        assert!(legal.is_empty(), "{} refused ({r:?})", s.name());
                        reasons.push(r);
                    }
                }
            }
        }
        for r in &reasons {
            self.note(r);
        }
    }

    /// A retreat from a battle on the map (14.5): every area, for the
    /// Force retreating.
    fn check_retreat(&mut self, board: &Board, request: &Request) {
        let Some(Decision::RetreatTo { force: who, .. }) = request
            .options
            .iter()
            .find(|d| matches!(d, Decision::RetreatTo { .. }))
        else {
            return;
        };
        *self.kinds.entry("14.5 retreat").or_default() += 1;
        let mut reasons = Vec::new();
        for a in &board.campaign.map.areas {
            let legal: Vec<Decision> = request
                .options
                .iter()
                .filter(|d| matches!(d, Decision::RetreatTo { force, area } if force == who && *area == a.id))
                .copied()
                .collect();
            match area(board, request, who, &a.id) {
                Verdict::Can(list) => assert_eq!(list, legal),
                Verdict::Cannot(r) => {
                    assert!(legal.is_empty(), "to {} refused ({r:?})", a.id);
                    assert!(
                        matches!(r, Reason::RetreatRefused { .. }),
                        "to {}: {r:?}",
                        a.id
                    );
                    reasons.push(r);
                }
            }
        }
        for r in &reasons {
            self.note(r);
        }
    }
}

impl Decider for Checking {
    fn decide(&mut self, board: &Board, request: &Request) -> Result<Decision, Interrupt> {
        self.asked += 1;
        let battle = request.sheet.is_some();
        if battle {
            self.check(board, request);
        }
        self.check_retreat(board, request);
        if battle && self.asked.is_multiple_of(2) && self.asked < 6000 {
            let n = request.options.len() as u64;
            let pick = (self.next() % n) as usize;
            return Ok(request.options[pick]);
        }
        self.policy.decide(board, request)
    }
}

/// A refused verdict's rule and its words for `who` (panics if allowed).
fn refused<'a>(b: &Board, v: &'a Verdict, who: &str) -> (&'a str, String) {
    let reason = v.reason().expect("refused");
    (reason.rule(), reason.says(b, who))
}

/// Over played games with Basic and Advanced battles (Officers Confused
/// in some): at every battle question, the Why?'s verdicts agree with
/// the legal list, and each Force, counter, Region, Square or area
/// refused has the reason of its question's kind (12.2 counters, 12.3.8
/// Prepare, 14.4 order, 10.2.16 and A10.2.14 placement, 12.3.7, 10.2.12.3,
/// A12.4 Squares, 14.5 retreats).
#[test]
fn the_why_agrees_with_the_legal_list_in_battles() {
    let mut kinds: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
    for (n, (campaign, mode, confused)) in [
        ("seven-days", BattleMode::Basic, false),
        ("seven-days", BattleMode::Advanced, true),
        ("second-manassas", BattleMode::Basic, true),
        ("antietam", BattleMode::Advanced, false),
        ("seven-days", BattleMode::Basic, false),
        ("seven-days", BattleMode::Advanced, false),
        ("chancellorsville", BattleMode::Basic, false),
        ("gettysburg", BattleMode::Basic, false),
        ("gettysburg", BattleMode::Advanced, true),
    ]
    .into_iter()
    .enumerate()
    {
        let c = Arc::new(crate::campaign::load_bundled(campaign).expect("loads"));
        let options = GameOptions {
            seed: 4702 + n as u64,
            battles: mode,
            officers_confused: confused,
            ..GameOptions::default()
        };
        let mut chronicle = Chronicle::quiet();
        let mut b = crate::rules::setup::new_campaign(c, options, &mut chronicle);
        b.battles = Some(BattleRecords::default());
        let mut dice = Dice::seeded(options.seed);
        let mut decider = Checking {
            policy: Policy::Objective,
            state: n as u64,
            asked: 0,
            kinds: BTreeMap::new(),
            reasons: BTreeMap::new(),
        };
        let mut ctx = Ctx {
            board: &mut b,
            dice: &mut dice,
            chronicle: &mut chronicle,
            decider: &mut decider,
        };
        crate::rules::turn::play_to_end(&mut ctx, crate::rules::turn::Step::AdvanceTurn)
            .expect("plays to the end");
        for (k, v) in decider.kinds {
            *kinds.entry(k).or_default() += v;
        }
        for (k, v) in decider.reasons {
            *reasons.entry(k).or_default() += v;
        }
    }
    eprintln!("questions: {kinds:?}\nreasons: {reasons:?}");
    for kind in [
        "12.2 assign",
        "14.4 resolve",
        "placement",
        "12.3.8 prepared",
        "14.5 retreat",
    ] {
        assert!(
            kinds.get(kind).is_some_and(|&n| n > 0),
            "no {kind}: {kinds:?}"
        );
    }
    for reason in [
        "Counter",
        "NoCountersLeft",
        "AlreadyActed",
        "NotPrepared",
        "PlacingAnother",
        "NotInRegion",
        "NotSetUpRow",
        "RetreatRefused",
    ] {
        assert!(
            reasons.get(reason).is_some_and(|&n| n > 0),
            "{reason} never given: {reasons:?}"
        );
    }
}

/// The question `go` asks on the Advanced sheet of `at` (Glendale,
/// recorded so that it carries its sheet), after `answers`.
fn asked_on(
    at: &[(&str, &str)],
    answers: Vec<Decision>,
    prepare: &mut dyn FnMut(&Board, &mut crate::rules::battle::advanced::field::Field),
    go: impl FnOnce(
        &mut Ctx,
        &mut crate::rules::battle::advanced::field::Field,
    ) -> crate::rules::battle::turns::R<()>,
) -> (Board, Request) {
    let (b, mut f) = crate::rules::battle::advanced::testing::sheet(at);
    prepare(&b, &mut f);
    asked_in(b, f, answers, go)
}

/// The question `go` asks on sheet `f` of a battle in Glendale (recorded,
/// so that it carries its sheet), after `answers`.
/// The Front Insight in play, unspent (10.2.12.4).
fn front_insight<P: crate::rules::battle::turns::Sheet>(
    f: &mut crate::rules::battle::field::Field<P>,
) {
    f.insights.push(crate::rules::battle::field::InsightState {
        insight: crate::campaign::Insight::Front,
        spent: false,
    });
}

fn asked_in<P: crate::rules::battle::turns::Sheet>(
    mut b: Board,
    mut f: crate::rules::battle::field::Field<P>,
    answers: Vec<Decision>,
    go: impl FnOnce(
        &mut Ctx,
        &mut crate::rules::battle::field::Field<P>,
    ) -> crate::rules::battle::turns::R<()>,
) -> (Board, Request) {
    b.battles = Some(BattleRecords::default());
    b.battle_location = Some("glendale".into());
    let out =
        crate::rules::battle::advanced::testing::run(&mut b, &[], answers, |ctx| go(ctx, &mut f)).0;
    match out {
        Err(Interrupt::Decide(r)) => (b, *r),
        other => panic!("no question: {other:?}"),
    }
}

/// 12.2: a Force with a counter and Prepare takes no more; the reason
/// names both, under 12.2; a counter for Infantry only is refused to
/// Artillery with that counter's rule, and the record keeps those words.
#[test]
fn a_force_with_its_counters_can_take_no_more() {
    use crate::rules::battle::advanced::testing::k;
    let (b, r) = asked_on(
        &[("longstreet", "E3"), ("pendleton", "F3"), ("morell", "B3")],
        Vec::new(),
        &mut |b, f| {
            let l = k(b, f, "longstreet");
            f.units[l].counter = Some(PlanCounter::Volley);
            f.units[l].prepare = true;
            // 10.2.10: counters left to give this battle turn.
            f.quantity = 2;
        },
        crate::rules::battle::turns::plans::assign,
    );
    assert_eq!(r.rule, "12.2");
    let v = force(&b, &r, "longstreet");
    assert_eq!(
        v,
        Verdict::Cannot(Reason::NoCounterFits {
            prepare: CounterBar::PrepareAttached,
            other: (
                PlanCounter::AimedVolley,
                CounterBar::Attached(PlanCounter::Volley)
            ),
        })
    );
    assert_eq!(
        refused(&b, &v, "Longstreet"),
        (
            "12.2",
            "Longstreet has Volley and Prepare already: one counter a Force, and Prepare besides"
                .to_string()
        )
    );
    // Pendleton's Artillery: Canister yes, Volley not (Infantry only).
    assert!(matches!(
        counter(&b, &r, "pendleton", PlanCounter::Canister),
        Verdict::Can(_)
    ));
    let volley = counter(&b, &r, "pendleton", PlanCounter::Volley);
    let Verdict::Cannot(reason) = &volley else {
        panic!("{volley:?}")
    };
    assert_eq!(reason.rule(), "12.3.11");
    assert_eq!(reason.says(&b, "Pendleton"), "Volley: Infantry only");
    let words = &r
        .sheet
        .as_ref()
        .expect("a sheet")
        .units
        .iter()
        .find(|u| u.force == "pendleton")
        .expect("on the sheet")
        .refusals
        .iter()
        .find(|(p, _)| *p == PlanCounter::Volley)
        .expect("refused")
        .1;
    assert_eq!(words, "Volley: Infantry only (12.3.11).");
}

/// 12.3.8: before the Union acts only the Forces with Prepare act; the
/// question is asked under 12.3.8, and a Force without Prepare clicked
/// says so (NotPrepared), where the 14.4 question would let it act.
#[test]
fn only_prepared_forces_act_before_the_union() {
    use crate::rules::battle::advanced::testing::k;
    let at = [("longstreet", "E3"), ("ap-hill", "E4"), ("morell", "B3")];
    let mut prepare = |b: &Board, f: &mut crate::rules::battle::advanced::field::Field| {
        let l = k(b, f, "longstreet");
        f.units[l].prepare = true;
    };
    let (b, r) = asked_on(&at, Vec::new(), &mut prepare, |ctx, f| {
        crate::rules::battle::turns::resolve::confederate::<Square>(ctx, f, true)
    });
    assert_eq!(r.rule, PREPARED_RULE);
    assert!(matches!(force(&b, &r, "longstreet"), Verdict::Can(_)));
    let v = force(&b, &r, "ap-hill");
    assert_eq!(v, Verdict::Cannot(Reason::NotPrepared));
    assert_eq!(
        refused(&b, &v, "A.P. Hill"),
        (
            "12.3.8",
            "A.P. Hill has no Prepare: only Prepared Forces act before the Union".to_string()
        )
    );
    // After the Union, every Force that has not acted may: 14.4's question.
    let (b, r) = asked_on(&at, Vec::new(), &mut prepare, |ctx, f| {
        crate::rules::battle::turns::resolve::confederate::<Square>(ctx, f, false)
    });
    assert_eq!(r.rule, "A14.4");
    assert!(matches!(force(&b, &r, "ap-hill"), Verdict::Can(_)));
}

/// Officers Confused took Volley, and no Union Force stands on the
/// Squares to aim Flank at: each counter refused with its own rule
/// (Officers Confused, A12.3); with the turn's counters all given, any
/// counter is refused under 10.2.10.
#[test]
fn counters_lost_or_without_a_target_or_all_given() {
    let (b, r) = asked_on(
        &[("longstreet", "E3"), ("ap-hill", "E4")],
        Vec::new(),
        &mut |_, f| {
            f.quantity = 1;
            f.confused = vec![PlanCounter::Volley];
        },
        crate::rules::battle::turns::plans::assign,
    );
    let volley = counter(&b, &r, "longstreet", PlanCounter::Volley);
    assert_eq!(
        volley,
        Verdict::Cannot(Reason::Counter {
            plan: PlanCounter::Volley,
            bar: CounterBar::Confused
        })
    );
    assert_eq!(
        refused(&b, &volley, "Longstreet"),
        (
            "Officers Confused",
            "Volley: lost to Officers Confused this battle turn".to_string()
        )
    );
    let flank = counter(&b, &r, "longstreet", PlanCounter::Flank);
    assert_eq!(
        refused(&b, &flank, "Longstreet"),
        (
            "A12.3",
            "No Union Force on the sheet to declare as its target".to_string()
        )
    );
    assert!(matches!(
        counter(&b, &r, "longstreet", PlanCounter::RapidFire),
        Verdict::Can(_)
    ));
    // The one counter given: a Scout keeps the question open (Clear
    // Orders), and no counter is left for A.P. Hill.
    let give = Decision::AssignPlan {
        force: "longstreet".into(),
        plan: PlanCounter::RapidFire,
    };
    let (mut b, f) =
        crate::rules::battle::advanced::testing::sheet(&[("longstreet", "E3"), ("ap-hill", "E4")]);
    b.scouts.available = 1;
    let (b, r) = asked_in(b, f, vec![give], |ctx, f| {
        f.quantity = 1;
        crate::rules::battle::turns::plans::assign(ctx, f)
    });
    let none = counter(&b, &r, "ap-hill", PlanCounter::RapidFire);
    assert_eq!(none, Verdict::Cannot(Reason::NoCountersLeft));
    assert_eq!(
        refused(&b, &none, "A.P. Hill"),
        (
            "10.2.10",
            "This battle turn's Battle Plan Counters are all placed".to_string()
        )
    );
}

/// Seven Days counters in Glendale, and an empty Basic sheet there.
fn basic(ids: &[&str]) -> (Board, crate::rules::battle::basic::field::Field) {
    let b = crate::rules::battle::advanced::testing::glendale(ids);
    (
        b,
        crate::rules::battle::field::Field::new("glendale", false, 4),
    )
}

/// A Basic set-up placing Force `who` in `region`, in Line.
fn place(who: &str, region: Region) -> Decision {
    Decision::PlaceForce {
        force: who.into(),
        region,
        formation: crate::rules::battle::terms::Formation::Line,
    }
}

/// 10.2.16 (10.2.15-10.2.17): with four Mobile Forces in the Confederate
/// Approach the fifth is refused it, Artillery always is, the Front
/// without its Insight and the Union's Regions too, each with its rule;
/// the Forces are placed one at a time: the others are refused, the placed
/// ones as placed, the waiting ones as waiting.
#[test]
fn a_basic_set_up_refuses_regions_with_their_reasons() {
    use crate::rules::battle::turns::Sheet;
    // Asked in the board's order of counters: A.P. Hill, D.H. Hill,
    // Huger, Longstreet, then Magruder, Pendleton.
    let ids = [
        "ap-hill",
        "dh-hill",
        "huger",
        "longstreet",
        "magruder",
        "pendleton",
    ];
    let approach: Vec<Decision> = ids[..4]
        .iter()
        .map(|w| place(w, Region::ConfederateApproach))
        .collect();
    let (b, f) = basic(&ids);
    let (b, r) = asked_in(b, f, approach.clone(), |ctx, f| {
        Region::place_confederates(ctx, f, &[])
    });
    assert_eq!(r.rule, "10.2.16");
    assert_eq!(r.about.force, Some(Id::new("magruder")));
    let full = region(&b, &r, Region::ConfederateApproach);
    assert_eq!(
        full,
        Verdict::Cannot(Reason::NotInRegion {
            region: Region::ConfederateApproach,
            bar: RegionBar::ApproachFull
        })
    );
    assert_eq!(
        refused(&b, &full, "Magruder"),
        (
            "10.2.16",
            "The Confederate Approach holds four Mobile Forces already".to_string()
        )
    );
    let front = region(&b, &r, Region::ConfederateFront);
    assert_eq!(
        refused(&b, &front, "Magruder"),
        (
            "10.2.12.4",
            "Only the Front Insight lets Forces set up in the Confederate Front".to_string()
        )
    );
    let union = region(&b, &r, Region::UnionFront);
    assert_eq!(
        refused(&b, &union, "Magruder"),
        (
            "10.2.16",
            "Magruder does not set up in the Union Front".to_string()
        )
    );
    let Verdict::Can(reserve) = region(&b, &r, Region::ConfederateReserve) else {
        panic!("the Reserve is open")
    };
    assert_eq!(reserve.len(), 2, "in Line or Column: {reserve:?}");
    // One at a time: Longstreet is placed, Pendleton waits its turn.
    let placed = force(&b, &r, "longstreet");
    assert_eq!(
        placed,
        Verdict::Cannot(Reason::AlreadyPlaced {
            rule: Id::new("10.2.16")
        })
    );
    assert_eq!(
        placed.reason().expect("placed").says(&b, "Longstreet"),
        "Longstreet is on the sheet already"
    );
    let waiting = force(&b, &r, "pendleton");
    assert_eq!(
        refused(&b, &waiting, "Pendleton"),
        (
            "10.2.16",
            "Forces are placed one at a time, and this question places Magruder".to_string()
        )
    );
    // Artillery sets up in the Reserve, whatever room the Approach has
    // (asked only when the Front Insight gives it a choice).
    let ids = ["ap-hill", "pendleton"];
    let (b, mut f) = basic(&ids);
    front_insight(&mut f);
    let (b, r) = asked_in(b, f, vec![approach[0]], |ctx, f| {
        Region::place_confederates(ctx, f, &[])
    });
    assert_eq!(r.about.force, Some(Id::new("pendleton")));
    let artillery = region(&b, &r, Region::ConfederateApproach);
    assert_eq!(
        artillery,
        Verdict::Cannot(Reason::NotInRegion {
            region: Region::ConfederateApproach,
            bar: RegionBar::Artillery
        })
    );
    assert_eq!(
        refused(&b, &artillery, "Pendleton"),
        (
            "10.2.16",
            "Artillery sets up in the Confederate Reserve, not in the Confederate Approach"
                .to_string()
        )
    );
}

/// 10.2.12.4: the Front Insight opens the Confederate Front to three
/// Mobile Forces; the fourth is refused it under 10.2.12.4.
#[test]
fn the_front_insight_takes_three() {
    use crate::rules::battle::turns::Sheet;
    let ids = ["ap-hill", "dh-hill", "longstreet", "magruder"];
    let (b, mut f) = basic(&ids);
    front_insight(&mut f);
    let (b0, r0) = asked_in(b.clone(), f.clone(), Vec::new(), |ctx, f| {
        Region::place_confederates(ctx, f, &[])
    });
    assert!(matches!(
        region(&b0, &r0, Region::ConfederateFront),
        Verdict::Can(_)
    ));
    let answers = ids[..3]
        .iter()
        .map(|w| place(w, Region::ConfederateFront))
        .collect();
    let (b, r) = asked_in(b, f, answers, |ctx, f| {
        Region::place_confederates(ctx, f, &[])
    });
    assert_eq!(r.about.force, Some(Id::new("magruder")));
    let full = region(&b, &r, Region::ConfederateFront);
    assert_eq!(
        full,
        Verdict::Cannot(Reason::NotInRegion {
            region: Region::ConfederateFront,
            bar: RegionBar::FrontFull
        })
    );
    assert_eq!(
        refused(&b, &full, "Magruder"),
        (
            "10.2.12.4",
            "The Front Insight's three Forces are in the Confederate Front already".to_string()
        )
    );
}

/// A10.2.14: on the Advanced sheet a Mobile Force sets up in Rows E and F;
/// a Square of Row D is refused (A10.2.14), a friend's Square too (A11.0);
/// with the Front Insight Row D opens and Row C is still refused, its
/// words naming the Insight.
#[test]
fn an_advanced_set_up_refuses_squares_with_their_reasons() {
    use crate::rules::battle::advanced::testing::{glendale, sq};
    use crate::rules::battle::turns::Sheet;
    let on = |square: &str| Decision::PlaceOnSquare {
        force: "ap-hill".into(),
        square: sq(square),
        formation: crate::rules::battle::terms::Formation::Line,
    };
    let b = glendale(&["longstreet", "ap-hill"]);
    let f: crate::rules::battle::advanced::field::Field =
        crate::rules::battle::field::Field::new("glendale", false, 4);
    let (b1, r) = asked_in(b.clone(), f.clone(), vec![on("E3")], |ctx, f| {
        Square::place_confederates(ctx, f, &[])
    });
    // A.P. Hill placed first (the board's order), Longstreet asked.
    assert_eq!(r.rule, "A10.2.14");
    assert_eq!(r.about.force, Some(Id::new("longstreet")));
    let row_d = square(&b1, &r, sq("D3"));
    assert_eq!(
        row_d,
        Verdict::Cannot(Reason::NotSetUpRow {
            square: sq("D3"),
            mobile: true,
            front: false
        })
    );
    assert_eq!(
        refused(&b1, &row_d, "Longstreet"),
        ("A10.2.14", "Square D3 is not for Longstreet: Mobile Forces set up in Rows E and F while they have room".to_string())
    );
    let friend = square(&b1, &r, sq("E3"));
    assert_eq!(
        friend,
        Verdict::Cannot(Reason::FriendsSquare { square: sq("E3") })
    );
    assert_eq!(friend.reason().map(Reason::rule), Some("A11.0"));
    assert!(matches!(square(&b1, &r, sq("E4")), Verdict::Can(_)));
    // With the Front Insight: Row D opens, Row C does not.
    let mut f = f;
    front_insight(&mut f);
    let (b, r) = asked_in(b, f, Vec::new(), |ctx, f| {
        Square::place_confederates(ctx, f, &[])
    });
    assert_eq!(r.about.force, Some(Id::new("ap-hill")));
    assert!(matches!(square(&b, &r, sq("D3")), Verdict::Can(_)));
    let row_c = square(&b, &r, sq("C3"));
    assert_eq!(
        row_c,
        Verdict::Cannot(Reason::NotSetUpRow {
            square: sq("C3"),
            mobile: true,
            front: true
        })
    );
    assert_eq!(
        refused(&b, &row_c, "A.P. Hill"),
        ("A10.2.14", "Square C3 is not for A.P. Hill: Mobile Forces set up in Rows E and F while they have room, or in Row D by the Front Insight".to_string())
    );
}

/// A10.2.12: the Front Insight lets three Mobile Forces into Row D; with
/// three there the fourth is refused a Square of Row D under A10.2.12,
/// and Row E is still its own.
#[test]
fn the_front_insight_takes_three_squares() {
    use crate::rules::battle::advanced::testing::{glendale, sq};
    use crate::rules::battle::turns::Sheet;
    let on = |force: &str, square: &str| Decision::PlaceOnSquare {
        force: force.into(),
        square: sq(square),
        formation: crate::rules::battle::terms::Formation::Line,
    };
    // Placed in the board's order: A.P. Hill, D.H. Hill, Huger, Longstreet.
    let b = glendale(&["ap-hill", "dh-hill", "huger", "longstreet"]);
    let mut f: crate::rules::battle::advanced::field::Field =
        crate::rules::battle::field::Field::new("glendale", false, 4);
    front_insight(&mut f);
    let answers = vec![on("ap-hill", "D1"), on("dh-hill", "D2"), on("huger", "D3")];
    let (b, r) = asked_in(b, f, answers, |ctx, f| {
        Square::place_confederates(ctx, f, &[])
    });
    assert_eq!(r.about.force, Some(Id::new("longstreet")));
    let full = square(&b, &r, sq("D4"));
    assert_eq!(
        full,
        Verdict::Cannot(Reason::FrontRowFull { square: sq("D4") })
    );
    assert_eq!(
        refused(&b, &full, "Longstreet"),
        ("A10.2.12", "Square D4 is not for Longstreet: the Front Insight's three Forces are in Row D already".to_string())
    );
    assert!(matches!(square(&b, &r, sq("E4")), Verdict::Can(_)));
}

/// 12.3.7: the Formation counter changes Infantry's and Cavalry's
/// Formation; Artillery clicked keeps its own, under 12.3.7.
#[test]
fn artillery_keeps_its_formation() {
    let (b, r) = asked_on(
        &[("longstreet", "E3"), ("pendleton", "F3"), ("morell", "B3")],
        Vec::new(),
        &mut |_, _| {},
        crate::rules::battle::turns::plans::use_formation_counter,
    );
    assert_eq!(r.rule, "12.3.7");
    assert_eq!(
        force(&b, &r, "longstreet"),
        Verdict::Can(vec![Decision::FormationChange {
            force: "longstreet".into()
        }])
    );
    let artillery = force(&b, &r, "pendleton");
    assert_eq!(artillery, Verdict::Cannot(Reason::NoFormationChange));
    assert_eq!(
        refused(&b, &artillery, "Pendleton"),
        (
            "12.3.7",
            "Pendleton keeps its Formation: only Infantry and Cavalry change it".to_string()
        )
    );
}

/// 10.2.12.3: the Entrench Insight goes on a Force not in Melee; one in
/// Melee clicked says so, under the question's rule.
#[test]
fn a_force_in_melee_does_not_entrench() {
    let (b, r) = asked_on(
        &[
            ("longstreet", "E3"),
            ("dh-hill", "E4"),
            ("ap-hill", "D3"),
            ("morell", "D3"),
        ],
        Vec::new(),
        &mut |_, f| {
            f.insights.push(crate::rules::battle::field::InsightState {
                insight: crate::campaign::Insight::Entrench,
                spent: false,
            })
        },
        crate::rules::battle::turns::insights::insights_step,
    );
    assert_eq!(r.rule, "10.2.12.3");
    assert!(matches!(force(&b, &r, "longstreet"), Verdict::Can(_)));
    let melee = force(&b, &r, "ap-hill");
    assert_eq!(
        melee,
        Verdict::Cannot(Reason::InMelee {
            rule: Id::new("10.2.12.3")
        })
    );
    let reason = melee.reason().expect("refused");
    assert_eq!(reason.rule(), "10.2.12.3");
    assert_eq!(reason.says(&b, "A.P. Hill"), "A.P. Hill is in Melee");
}

/// 14.5: a Force leaving a battle goes to an adjacent area free of Union
/// Forces: one holding them is refused for that, one not adjacent for
/// that, both under the question's rule.
#[test]
fn a_retreat_is_refused_the_enemy_and_the_far() {
    use crate::rules::components::{Location, Strength};
    let mut b = crate::rules::battle::advanced::testing::glendale(&["longstreet"]);
    b.place(
        "morell",
        Location::Area("white-oak-swamp".into()),
        Strength::Full,
    );
    b.battle_location = Some("glendale".into());
    let out = crate::rules::battle::advanced::testing::run(&mut b, &[], Vec::new(), |ctx| {
        crate::rules::battle::endings::leave_battle(ctx, "glendale", Side::Confederate, true)
    })
    .0;
    let Err(Interrupt::Decide(r)) = out else {
        panic!("no question: {out:?}")
    };
    assert_eq!(r.rule, "14.5");
    let enemy = area(&b, &r, "longstreet", "white-oak-swamp");
    assert_eq!(
        enemy,
        Verdict::Cannot(Reason::RetreatRefused {
            rule: Id::new("14.5"),
            from: Id::new("glendale"),
            to: Id::new("white-oak-swamp"),
            enemy: true
        })
    );
    assert_eq!(
        refused(&b, &enemy, "Longstreet"),
        ("14.5", "White Oak Swamp holds Union Forces: Longstreet retreats only into an area free of them".to_string())
    );
    let far = area(&b, &r, "longstreet", "malvern-hill");
    assert_eq!(
        refused(&b, &far, "Longstreet"),
        (
            "14.5",
            "Malvern Hill is not adjacent to Glendale: Longstreet retreats into an adjacent area"
                .to_string()
        )
    );
    assert_eq!(
        area(&b, &r, "longstreet", "willis-church"),
        Verdict::Can(vec![Decision::RetreatTo {
            force: "longstreet".into(),
            area: "willis-church".into()
        }])
    );
}
