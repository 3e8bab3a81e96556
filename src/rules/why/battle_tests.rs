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
