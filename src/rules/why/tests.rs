use std::sync::Arc;

use super::*;
use crate::chronicle::Chronicle;
use crate::dice::Dice;
use crate::rules::board::Board;
use crate::rules::components::{Location, Strength};
use crate::rules::ctx::Ctx;
use crate::rules::decision::{About, Decider, Interrupt, Recorded};
use crate::rules::difficulty::{BattleMode, GameOptions};

/// Seven Days with Lee and the given Forces in their areas.
fn board(at: &[(&str, &str)], lee: &str) -> Board {
    let c = Arc::new(crate::campaign::load_bundled("seven-days").expect("loads"));
    let mut b = Board::empty(c, GameOptions::default());
    for (id, area) in at {
        assert!(b.place(id, Location::Area((*area).into()), Strength::Full));
    }
    b.lee = Location::Area(lee.into());
    b
}

/// The Moves (or Forced March) question after `answers`: the board as it
/// stands then and the request the procedure asks.
fn asked(mut b: Board, forced: bool, answers: Vec<Decision>) -> (Board, Request) {
    let mut dice = Dice::scripted([]);
    let mut chronicle = Chronicle::default();
    let mut decider = Recorded::new(answers);
    let mut ctx = Ctx {
        board: &mut b,
        dice: &mut dice,
        chronicle: &mut chronicle,
        decider: &mut decider,
    };
    match crate::rules::turn::moves::moves(&mut ctx, forced) {
        Err(Interrupt::Decide(r)) => (b, *r),
        other => panic!("no question: {other:?}"),
    }
}

fn mv(force: &str, to: &str) -> Decision {
    Decision::MoveForce {
        force: force.into(),
        to: to.into(),
    }
}

/// A Force that has moved this step: AlreadyMoved (9.2), said by name;
/// another Force still can.
#[test]
fn a_moved_force_has_already_moved() {
    let b = board(
        &[("ap-hill", "glendale"), ("longstreet", "glendale")],
        "glendale",
    );
    let (b, r) = asked(b, false, vec![mv("ap-hill", "white-oak-swamp")]);
    let v = force(&b, &r, "ap-hill");
    assert_eq!(v, Verdict::Cannot(Reason::AlreadyMoved { forced: false }));
    let reason = v.reason().expect("a reason");
    assert_eq!(reason.rule(), "9.2");
    assert_eq!(
        reason.says(&b, "A.P. Hill"),
        "A.P. Hill has already moved in this Moves step"
    );
    // Its areas say the same, before any of adjacency.
    assert_eq!(
        area(&b, &r, "ap-hill", "glendale"),
        Verdict::Cannot(Reason::AlreadyMoved { forced: false })
    );
    match force(&b, &r, "longstreet") {
        Verdict::Can(moves) => assert!(moves.contains(&mv("longstreet", "fraysers-farm"))),
        other => panic!("{other:?}"),
    }
}

/// A Confederate Garrison never moves: Static (6.2).
#[test]
fn a_static_force_is_static() {
    let b = board(
        &[("longstreet", "glendale"), ("cs-garrison-1", "glendale")],
        "glendale",
    );
    let (b, r) = asked(b, false, Vec::new());
    let v = force(&b, &r, "cs-garrison-1");
    assert_eq!(v, Verdict::Cannot(Reason::Static));
    assert_eq!(v.reason().map(Reason::rule), Some("6.2"));
}

/// An area that is no neighbour: NotAdjacent under the step's rule; an
/// adjacent one is offered.
#[test]
fn an_area_not_adjacent_is_not_adjacent() {
    let b = board(&[("longstreet", "glendale")], "glendale");
    let (b, r) = asked(b, false, Vec::new());
    let v = area(&b, &r, "longstreet", "mechanicsville");
    assert_eq!(
        v,
        Verdict::Cannot(Reason::NotAdjacent {
            from: "glendale".into(),
            to: "mechanicsville".into(),
            forced: false
        })
    );
    assert_eq!(v.reason().map(Reason::rule), Some("9.2"));
    assert_eq!(
        v.reason().map(|x| x.says(&b, "Longstreet")).as_deref(),
        Some("Mechanicsville is not adjacent to Glendale, where Longstreet stands")
    );
    assert_eq!(
        area(&b, &r, "longstreet", "willis-church"),
        Verdict::Can(vec![mv("longstreet", "willis-church")])
    );
}

/// A Forced March with no Command Point left: NoCommandPoints (15.1); Lee
/// moves free all the same.
#[test]
fn no_command_points_no_forced_march() {
    let mut b = board(
        &[("longstreet", "glendale"), ("ap-hill", "glendale")],
        "glendale",
    );
    b.cp.confederate = 0;
    let (b, r) = asked(b, true, Vec::new());
    let v = force(&b, &r, "longstreet");
    assert_eq!(v, Verdict::Cannot(Reason::NoCommandPoints));
    assert_eq!(v.reason().map(Reason::rule), Some("15.1"));
    assert!(matches!(force(&b, &r, "lee"), Verdict::Can(_)));
}

/// Lee moves once a step (LeeAlreadyMoved, 9.2); and the move that takes
/// his last Force away is explained as leaving him alone (3.2), the rule
/// among the question's.
#[test]
fn lees_stack() {
    let b = board(
        &[("longstreet", "glendale"), ("ap-hill", "willis-church")],
        "glendale",
    );
    let (b, r) = asked(b, false, Vec::new());
    let why = explain(&b, &r);
    let away = why
        .answers
        .iter()
        .find(|a| a.decision == mv("longstreet", "fraysers-farm"))
        .expect("offered");
    assert!(matches!(
        away.effect,
        Effect::Move {
            leaves_lee_alone: true,
            ..
        }
    ));
    assert!(away.also.contains(&Id::from_static("3.2")));
    assert!(why.rules.iter().any(|l| l.rule == "3.2"));
    let lee = Decision::MoveLee {
        to: "willis-church".into(),
    };
    let (b, r) = asked(b, false, vec![lee]);
    let v = force(&b, &r, "lee");
    assert_eq!(
        v,
        Verdict::Cannot(Reason::LeeAlreadyMoved { forced: false })
    );
    assert_eq!(v.reason().map(Reason::rule), Some("9.2"));
}

/// The Area Group Limit refuses a move with its own words: the area's
/// verdict is the refusal, the Force's too when every move is refused.
#[test]
fn the_group_limit_refuses_with_its_reason() {
    // A group of six, the campaign's maximum, where Longstreet would go.
    let mut b = board(
        &[
            ("longstreet", "glendale"),
            ("jackson", "willis-church"),
            ("ewell", "willis-church"),
            ("whiting", "willis-church"),
            ("cs-inf-brigade-1", "willis-church"),
            ("cs-inf-brigade-2", "willis-church"),
            ("cs-inf-brigade-3", "willis-church"),
        ],
        "glendale",
    );
    b.options.confederate_groups = true;
    let (b, r) = asked(b, false, Vec::new());
    let v = area(&b, &r, "longstreet", "willis-church");
    let Verdict::Cannot(reason @ Reason::AreaGroupLimit { .. }) = &v else {
        panic!("{v:?}")
    };
    assert_eq!(reason.rule(), GROUP_LIMIT);
    let (d, words) = r
        .refused
        .iter()
        .find(|(d, _)| *d == mv("longstreet", "willis-church"))
        .expect("refused");
    assert_eq!(words, &reason.words(&b), "{d:?}");
}

/// Every question's Why? opens with its rule, each summarised, and has a
/// line for every legal answer, in order.
#[test]
fn the_explanation_lists_the_rule_and_every_answer() {
    let mut b = board(&[("longstreet", "glendale")], "glendale");
    b.cp.confederate = 3;
    let (b, r) = asked(b, true, Vec::new());
    let why = explain(&b, &r);
    assert_eq!(why.rules[0].rule, "15.1");
    assert!(!why.rules[0].summary.is_empty());
    let listed: Vec<Decision> = why.answers.iter().map(|a| a.decision).collect();
    assert_eq!(listed, r.options);
    let a = &why.answers[0];
    assert!(
        matches!(a.effect, Effect::Move { cost: 1, .. }),
        "{:?}",
        a.effect
    );
    assert!(a.words.contains("for 1 Command Point"), "{}", a.words);
    let end = why.answers.last().expect("End");
    assert_eq!(end.effect, Effect::EndStep);
}

/// Advanced battle: a Square two Rows away is out of a March's reach
/// (A12.4), a friend's Square is refused (A11.0); the Squares offered can.
#[test]
fn an_advanced_square_out_of_reach() {
    use crate::rules::battle::advanced::testing::{run, sheet, sq};
    use crate::rules::battle::turns::view::sheet_view;
    let (b, f) = sheet(&[("longstreet", "E3"), ("ap-hill", "D3"), ("morell", "B3")]);
    let view = run(&mut b.clone(), &[], Vec::new(), |ctx| {
        sheet_view(&f, ctx, false)
    })
    .0;
    let options = vec![
        Decision::MarchInto { square: sq("D2") },
        Decision::MarchInto { square: sq("D4") },
    ];
    let mut r = Request::new("A12.4", "Longstreet marches into which Square?", options)
        .about(About::force("longstreet").moving(Move::March));
    r.sheet = Some(Box::new(view));
    let far = square(&b, &r, sq("C3"));
    assert_eq!(
        far,
        Verdict::Cannot(Reason::NotNextSquare { square: sq("C3") })
    );
    assert_eq!(far.reason().map(Reason::rule), Some("A12.4"));
    let friend = square(&b, &r, sq("D3"));
    assert_eq!(
        friend,
        Verdict::Cannot(Reason::FriendsSquare { square: sq("D3") })
    );
    assert_eq!(friend.reason().map(Reason::rule), Some("A11.0"));
    assert_eq!(
        square(&b, &r, sq("D2")),
        Verdict::Can(vec![Decision::MarchInto { square: sq("D2") }])
    );
}

/// Checks every Moves question of a game: for every counter and Lee,
/// and every area, the Why?'s verdict agrees with the legal list.
struct Checking {
    policy: crate::rules::commander::Policy,
    questions: usize,
}

impl Checking {
    fn check(board: &Board, request: &Request) {
        let offered = |who: &str, to: Option<&str>| -> Vec<Decision> {
            request
                .options
                .iter()
                .filter(|d| actor(d) == Some(who))
                .filter(|d| to.is_none_or(|t| destination(d).is_some_and(|a| a == t)))
                .copied()
                .collect()
        };
        let mut who: Vec<&str> = board.pieces.iter().map(|p| p.id().as_str()).collect();
        who.push("lee");
        for w in who {
            let legal = offered(w, None);
            match force(board, request, w) {
                Verdict::Can(list) => assert_eq!(list, legal, "{w}: {}", request.rule),
                Verdict::Cannot(r) => assert!(legal.is_empty(), "{w} refused ({r:?}) yet offered"),
            }
            for a in &board.campaign.map.areas {
                let legal = offered(w, Some(&a.id));
                match area(board, request, w, &a.id) {
                    Verdict::Can(list) => assert_eq!(list, legal, "{w} to {}", a.id),
                    Verdict::Cannot(r) => {
                        assert!(
                            legal.is_empty(),
                            "{w} to {} refused ({r:?}) yet offered",
                            a.id
                        );
                        // A refused move is refused for its own reason.
                        let refused = request.refused.iter().any(|(d, _)| {
                            actor(d) == Some(w)
                                && destination(d).is_some_and(|t| t == a.id.as_str())
                        });
                        if refused {
                            assert!(
                                matches!(r, Reason::AreaGroupLimit { .. }),
                                "{w} to {}: {r:?}",
                                a.id
                            );
                        }
                    }
                }
            }
        }
    }
}

impl Decider for Checking {
    fn decide(&mut self, board: &Board, request: &Request) -> Result<Decision, Interrupt> {
        if request.options.contains(&Decision::EndMoves) {
            Checking::check(board, request);
            self.questions += 1;
        }
        self.policy.decide(board, request)
    }

    fn reads_prompts(&self) -> bool {
        false
    }

    fn reads_sheet(&self, _: &Request) -> bool {
        false
    }
}

/// Over played games (both scripted commanders, with and without the
/// Area Group Limit, several campaigns), at every Moves and Forced March
/// question: a Force (or Lee) can act exactly when the legal list has an
/// answer for it, its answers are those, and an area likewise.
#[test]
fn the_why_agrees_with_the_legal_list_in_played_games() {
    use crate::rules::commander::Policy;
    let mut questions = 0;
    for (n, (campaign, policy, groups)) in [
        ("seven-days", Policy::Objective, false),
        ("seven-days", Policy::Cautious, true),
        ("second-manassas", Policy::Objective, true),
        ("antietam", Policy::Cautious, false),
    ]
    .into_iter()
    .enumerate()
    {
        let c = Arc::new(crate::campaign::load_bundled(campaign).expect("loads"));
        let options = GameOptions {
            seed: 47 + n as u64,
            battles: BattleMode::VeryQuick,
            confederate_groups: groups,
            ..GameOptions::default()
        };
        let mut chronicle = Chronicle::quiet();
        let mut b = crate::rules::setup::new_campaign(c, options, &mut chronicle);
        let mut dice = Dice::seeded(options.seed);
        let mut decider = Checking {
            policy,
            questions: 0,
        };
        let mut ctx = Ctx {
            board: &mut b,
            dice: &mut dice,
            chronicle: &mut chronicle,
            decider: &mut decider,
        };
        crate::rules::turn::play_to_end(&mut ctx, crate::rules::turn::Step::AdvanceTurn)
            .expect("plays to the end");
        questions += decider.questions;
    }
    assert!(questions > 20, "{questions} Moves questions checked");
}
