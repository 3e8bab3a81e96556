//! The answers weighed at a question (issue 37, item 2): for a Battle Plan
//! Counter assignment (12.2 / A12.2) the scripted commander's assignment,
//! its neighbours (one counter fewer, one more, one moved to another Force
//! or swapped for another counter on the same Force) and the player's own
//! as it stands; at a Moves or Forced March question on the campaign map
//! (9.2, 15.1) the turn plan ([`turn_plan`]): every legal move, into
//! empty areas too, a whole stack's move as one candidate, ending the
//! step; for every other question (Resupply's purchases, 15.3–15.6,
//! among them) each legal answer.
//!
//! A candidate is the whole run of answers up to the commit: an assignment
//! is its counters given one by one and Done (12.2), with the rollout
//! policy answering what the rules ask in between (an A12.3 target); a
//! stack's move is its Forces' moves one by one (and Lee's with them).
//! After it the rollout policy plays on.

use serde::Serialize;

use crate::rules::battle::terms::PlanCounter;
use crate::rules::board::Board;
use crate::rules::commander::Policy;
use crate::rules::components::Id;
use crate::rules::decision::{Decider, Decision, Request, UnitView};

use super::position::Position;

/// A Battle Plan Counter of an assignment: on a Force, or (the Formation
/// counter, 12.3.7) beside the sheet. For the window's ghost counters.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Placement {
    /// None: the Formation counter beside the sheet.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub force: Option<Id>,
    pub plan: PlanCounter,
}

/// A candidate before it is tried.
#[derive(Debug, Clone)]
pub(super) struct Proto {
    pub decisions: Vec<Decision>,
    pub label: String,
    /// An assignment's counters when committed.
    pub placements: Option<Vec<Placement>>,
    pub player: bool,
    pub policy: bool,
    /// The areas it sends Forces (or Lee) into, or buys a Force into: the
    /// reasons name these among a Victory Condition's areas.
    pub into: Vec<Id>,
}

/// The question is a Battle Plan Counter assignment (12.2 / A12.2).
pub(super) fn is_assignment(r: &Request) -> bool {
    r.options.contains(&Decision::EndAssign)
}

/// The question is a turn's planning on the campaign map: the Moves or
/// Forced March step (9.2, 15.1) or Confederate Resupply (15.3–15.6),
/// with more than one answer.
pub(super) fn is_turn_plan(r: &Request) -> bool {
    r.battle_location.is_none()
        && r.options.len() > 1
        && r.options
            .iter()
            .any(|d| matches!(d, Decision::EndMoves | Decision::EndResupply))
}

/// The candidates at the position's question, at most `max`.
///
/// The cap: at a question of the campaign map every candidate's trial is a
/// whole campaign played on, and a Moves question offers a move for every
/// Force to every neighbouring area (often 40 or more). The candidates
/// come most promising first ([`turn_plan`]) and the list is cut at
/// `max`; racing then drops those the leader clearly beats after a few
/// trials, so a larger cap costs the first round's trials only.
pub(super) fn candidates(pos: &Position, settings: &super::Settings) -> Vec<Proto> {
    let (policy, max) = (settings.rollout, settings.max_candidates);
    let mut out = if is_assignment(&pos.request) {
        assignments(pos, policy, max)
    } else if is_turn_plan(&pos.request) {
        turn_plan(pos, policy)
    } else {
        every_answer(pos, policy)
    };
    // The references first, then in the order found.
    out.truncate(max.max(2));
    out
}

fn every_answer(pos: &Position, policy: Policy) -> Vec<Proto> {
    let mut p = policy;
    let chosen = p.decide(&pos.board, &pos.request).ok();
    let mut out: Vec<Proto> = pos
        .request
        .options
        .iter()
        .map(|d| Proto {
            decisions: vec![*d],
            label: crate::rules::view::word(&pos.board, d),
            placements: None,
            player: false,
            policy: chosen.as_ref() == Some(d),
            into: destination(d).into_iter().collect(),
        })
        .collect();
    // The policy's answer first.
    out.sort_by_key(|c| !c.policy);
    out
}

/// Where an answer sends a Force, Lee or a Force bought.
fn destination(d: &Decision) -> Option<Id> {
    match d {
        Decision::MoveForce { to, .. }
        | Decision::JacksonMarch { to, .. }
        | Decision::MoveLee { to } => Some(*to),
        Decision::Purchase { area, .. } => Some(*area),
        _ => None,
    }
}

/// The areas a Victory Condition still undecided names (3.1).
fn goal_areas(board: &Board) -> Vec<String> {
    use crate::campaign::Condition;
    board
        .options
        .objectives(&board.campaign)
        .filter(|o| !board.progress.objectives.contains_key(&o.id))
        .flat_map(|o| match &o.condition {
            Condition::ClearArea { area, .. } | Condition::Reach { area, .. } => {
                vec![area.clone()]
            }
            Condition::Occupy { areas, .. }
            | Condition::HoldThroughout { areas }
            | Condition::HoldWithCombatValue { areas, .. } => areas.clone(),
        })
        .collect()
}

/// The run `seq` is legal from the position: each answer is offered at
/// the question before it (the rules ask again after every move).
fn legal_run(pos: &Position, seq: &[Decision]) -> bool {
    (0..seq.len()).all(|k| {
        pos.probe(&seq[..k])
            .is_ok_and(|(_, r)| r.options.contains(&seq[k]))
    })
}

/// The turn plan at a Moves or Forced March question (9.2, 15.1) or at
/// Resupply (15.3–15.6): every legal answer (a move into an empty area
/// as much as into Union Forces, a Forced March, Jackson's two areas,
/// each purchase, Refit and Scout, ending the step), and at a move
/// question every stack's move as one candidate: all the Forces of an
/// area that can still move to the same neighbouring area, one after
/// another, Lee with them if he is there, and the same stack leaving its
/// weakest Force behind to hold the area (a chosen group). Most promising
/// first, for the cap ([`candidates`]): the policy's answer, ending the
/// step, whole stacks, attacks, moves into an area a Victory Condition
/// names, chosen groups, Jackson's marches, the other moves, Lee alone.
fn turn_plan(pos: &Position, policy: Policy) -> Vec<Proto> {
    use crate::campaign::Side;
    let board = &pos.board;
    let r = &pos.request;
    let forced = r.rule.as_str() == "15.1";
    let mut out = every_answer(pos, policy);
    if forced {
        for c in &mut out {
            if let Some(Decision::MoveForce { .. }) = c.decisions.first() {
                c.label = format!("Forced March: {}", c.label);
            }
        }
    }
    // The stacks: Forces with a move offered, by the area they stand in.
    let mut stacks: Vec<(String, Vec<Id>)> = Vec::new();
    for d in &r.options {
        if let Decision::MoveForce { force, .. } = d
            && let Some(at) = board.piece(force).and_then(|p| p.location().area())
        {
            match stacks.iter_mut().find(|(a, _)| a == at) {
                Some((_, fs)) if !fs.contains(force) => fs.push(*force),
                Some(_) => {}
                None => stacks.push((at.to_string(), vec![*force])),
            }
        }
    }
    let lee_at = match &board.lee {
        crate::rules::components::Location::Area(a) => Some(a.clone()),
        _ => None,
    };
    let name = |f: &Id| {
        board
            .piece(f)
            .map_or(f.to_string(), |p| p.force.name.clone())
    };
    // (class for the cap: a whole stack 2, a chosen group 5; below).
    let mut groups: Vec<(u8, Proto)> = Vec::new();
    for (at, forces) in &stacks {
        let with_lee = lee_at.as_deref() == Some(at.as_str());
        let tos: Vec<Id> = board
            .neighbour_ids(at)
            .filter(|to| {
                forces.iter().all(|f| {
                    r.options
                        .contains(&Decision::MoveForce { force: *f, to: *to })
                })
            })
            .collect();
        // The weakest Force (by Combat Value, then the last offered) holds
        // the area in the chosen group.
        let weakest = forces
            .iter()
            .enumerate()
            .min_by_key(|(k, f)| {
                (
                    board.piece(f).map_or(0, |p| p.combat()),
                    std::cmp::Reverse(*k),
                )
            })
            .map(|(_, f)| *f);
        for to in tos {
            let lee = Decision::MoveLee { to };
            let lee_goes = with_lee && r.options.contains(&lee);
            let mut runs: Vec<(Vec<Id>, bool, bool)> = Vec::new();
            if forces.len() >= 2 || lee_goes {
                runs.push((forces.clone(), lee_goes, true));
            }
            if forces.len() >= 2 {
                let rest: Vec<Id> = forces
                    .iter()
                    .filter(|f| Some(**f) != weakest)
                    .copied()
                    .collect();
                runs.push((rest, false, false));
            }
            for (movers, lee_too, whole) in runs {
                let mut seq: Vec<Decision> = movers
                    .iter()
                    .map(|f| Decision::MoveForce { force: *f, to })
                    .collect();
                if lee_too {
                    seq.push(lee);
                }
                // One move alone is a single candidate already.
                if seq.len() < 2 || !legal_run(pos, &seq) {
                    continue;
                }
                let mut names: Vec<String> = movers.iter().map(name).collect();
                if lee_too {
                    names.push("Robert E. Lee".into());
                }
                let (what, stays) = match (whole, &weakest) {
                    (false, Some(w)) => ("The stack", format!("; {} stays", name(w))),
                    _ => ("The whole stack", String::new()),
                };
                let label = format!(
                    "{}{what} at {} → {} ({}{stays})",
                    if forced { "Forced March: " } else { "" },
                    board.area_name(at),
                    board.area_name(&to),
                    names.join(", ")
                );
                groups.push((
                    if whole { 2 } else { 5 },
                    Proto {
                        decisions: seq,
                        label,
                        placements: None,
                        player: false,
                        policy: false,
                        into: vec![to],
                    },
                ));
            }
        }
    }
    let goals = goal_areas(board);
    let class = |c: &Proto| -> u8 {
        let union = |to: &Id| board.has_side(to, Side::Union);
        let goal = |to: &Id| goals.iter().any(|g| g.as_str() == to.as_str());
        match c.decisions.as_slice() {
            _ if c.policy => 0,
            [Decision::EndMoves] | [Decision::EndResupply] => 1,
            [Decision::MoveForce { to, .. } | Decision::JacksonMarch { to, .. }] if union(to) => 3,
            [Decision::MoveForce { to, .. }] if goal(to) => 4,
            [Decision::JacksonMarch { .. }] => 6,
            [Decision::MoveForce { .. }] => 7,
            [Decision::MoveLee { .. }] => 8,
            // Resupply: Refits, purchases, Scouts.
            [Decision::Refit { .. }] => 2,
            [Decision::Purchase { reduced: false, .. }] => 3,
            [Decision::Purchase { .. }] => 4,
            _ => 5,
        }
    };
    let mut ranked: Vec<(u8, Proto)> = out.into_iter().map(|c| (class(&c), c)).collect();
    ranked.extend(groups);
    // Stable: in the order found within a class.
    ranked.sort_by_key(|(k, _)| *k);
    ranked.into_iter().map(|(_, c)| c).collect()
}

/// An item of an assignment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Item<'a> {
    On(&'a str, PlanCounter),
    Formation,
}

fn item_of(d: &Decision) -> Option<Item<'_>> {
    match d {
        Decision::AssignPlan { force, plan } => Some(Item::On(force.as_str(), *plan)),
        Decision::HoldFormationCounter => Some(Item::Formation),
        _ => None,
    }
}

fn give(i: Item) -> Decision {
    match i {
        Item::On(force, plan) => Decision::AssignPlan {
            force: force.into(),
            plan,
        },
        Item::Formation => Decision::HoldFormationCounter,
    }
}

/// The rules' run of answers from the position that takes back the
/// counters of `current` not in `target`, gives those of `target` not in
/// `current` in order, and ends the assignment; the policy answers any
/// other question in between. None when the rules refuse a step of it.
fn realise(
    pos: &Position,
    policy: Policy,
    current: &[Item],
    target: &[Item],
) -> Option<Vec<Decision>> {
    let mut take_back: Vec<Decision> = current
        .iter()
        .filter(|i| !target.contains(i))
        .filter_map(|i| match i {
            Item::On(force, plan) => Some(Decision::TakeBackPlan {
                force: (*force).into(),
                plan: *plan,
            }),
            // The Formation counter beside the sheet is not taken back.
            Item::Formation => None,
        })
        .collect();
    if current.contains(&Item::Formation) && !target.contains(&Item::Formation) {
        return None;
    }
    take_back.reverse();
    let mut to_give: Vec<Decision> = target
        .iter()
        .filter(|i| !current.contains(i))
        .map(|&i| give(i))
        .collect();
    to_give.reverse();
    let mut seq: Vec<Decision> = Vec::new();
    let mut p = policy;
    for _ in 0..64 {
        let Ok((board, r)) = pos.probe(&seq) else {
            // The rules played on to a die: with the last counter given
            // the question is not asked again (R-12.2-back), so the set
            // is realised once everything is given.
            return (take_back.is_empty() && to_give.is_empty()).then_some(seq);
        };
        if is_assignment(&r) {
            let next = take_back
                .pop()
                .or_else(|| to_give.pop())
                .unwrap_or(Decision::EndAssign);
            if !r.options.contains(&next) {
                return None;
            }
            let done = next == Decision::EndAssign;
            seq.push(next);
            if done {
                return Some(seq);
            }
        } else if take_back.is_empty() && to_give.is_empty() && r.rule.as_str() != "A12.3" {
            // Everything given and the battle goes on: realised (the last
            // counter's target, A12.3, is still the assignment's).
            return Some(seq);
        } else {
            seq.push(p.decide(&board, &r).ok()?);
        }
    }
    None
}

fn placements(items: &[Item]) -> Vec<Placement> {
    let mut v: Vec<Placement> = items
        .iter()
        .map(|i| match i {
            Item::On(force, plan) => Placement {
                force: Some((*force).into()),
                plan: *plan,
            },
            Item::Formation => Placement {
                force: None,
                plan: PlanCounter::Formation,
            },
        })
        .collect();
    v.sort();
    v
}

/// "Volley on 1st Division, Engage on 2nd Division" or "No counters".
pub fn placements_text(board: &Board, ps: &[Placement]) -> String {
    placements_said(board, None, ps)
}

/// [`placements_text`], each counter its Force will not carry out at the
/// range as it stands on the sheet said so: "Aimed Volley on Hood (would
/// Hold: the Union is 3 Regions away, it needs 1 Region)" (11.2, A12.3;
/// the Union may still come within range before the Force acts).
pub(super) fn placements_said(
    board: &Board,
    sheet: Option<&[UnitView]>,
    ps: &[Placement],
) -> String {
    if ps.is_empty() {
        return "No Battle Plan Counters".into();
    }
    ps.iter()
        .map(|p| match &p.force {
            Some(f) => {
                // The Force's name alone: the Confederate names tell
                // them apart, and the rows stay short.
                let on = format!(
                    "{} on {}",
                    p.plan.name(),
                    board
                        .piece(f)
                        .map_or(f.to_string(), |q| q.force.name.clone())
                );
                match sheet.and_then(|units| will_hold(units, f, p.plan)) {
                    Some(why) => format!("{on} ({why})"),
                    None => on,
                }
            }
            None => "Formation counter beside the sheet".into(),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// "would Hold: the Union is 3 Regions away, it needs 1 Region" when the
/// Force `force` stands at another range than `plan` needs (12.3, 11.2);
/// on the Advanced sheet in Squares, Flank and Rapid Advance measured to
/// the target they will declare, any Union Force exactly 2 or 3 Squares
/// off (A12.3), not to the nearest.
fn will_hold(units: &[UnitView], force: &str, plan: PlanCounter) -> Option<String> {
    use crate::rules::battle::ground::Ground;
    let u = units.iter().find(|u| u.force.as_str() == force)?;
    let (one, many) = if u.square.is_some() {
        ("Square", "Squares")
    } else {
        ("Region", "Regions")
    };
    let away = |n: i32| {
        if n == 1 {
            format!("1 {one}")
        } else {
            format!("{n} {many}")
        }
    };
    if let (Some(at), Some(want)) = (u.square, plan.aim_distance()) {
        let target = units
            .iter()
            .filter(|e| e.side != u.side)
            .filter_map(|e| e.square)
            .any(|s| at.distance(s) == want);
        return (!target).then(|| format!("would Hold: no Union Force is {} away", away(want)));
    }
    let needs = plan.basic_range_needed()?;
    match u.range {
        Some(r) if r == needs => None,
        Some(r) => Some(format!(
            "would Hold: the Union is {} away, it needs {}",
            away(r),
            away(needs)
        )),
        None => Some("would Hold: no Union Force in range".into()),
    }
}

/// The Battlefield Sheet as the question shows it (Basic Regions or
/// Advanced Squares).
fn sheet(pos: &Position) -> Option<&[UnitView]> {
    pos.request.battlefield.as_deref()
}

fn assignments(pos: &Position, policy: Policy, max: usize) -> Vec<Proto> {
    let r = &pos.request;
    // The counters given so far this assignment (each offered back), and
    // the Formation counter if it is beside the sheet already.
    let current: Vec<Item> = r
        .options
        .iter()
        .filter_map(|d| match d {
            Decision::TakeBackPlan { force, plan } => Some(Item::On(force.as_str(), *plan)),
            _ => None,
        })
        .collect();
    // The policy's assignment from here, its questions answered in turn.
    let mut policy_seq: Vec<Decision> = Vec::new();
    let mut policy_set: Vec<Item> = current.clone();
    let mut p = policy;
    for _ in 0..64 {
        let Ok((board, q)) = pos.probe(&policy_seq) else {
            break;
        };
        let Ok(d) = p.decide(&board, &q) else { break };
        if is_assignment(&q) {
            match &d {
                Decision::TakeBackPlan { force, plan } => {
                    policy_set.retain(|i| *i != Item::On(force.as_str(), *plan))
                }
                _ => {
                    if let Some(i) = item_of(&d) {
                        // The item borrows the request's answer: keep an
                        // owned copy by looking it up in the first request.
                        if let Some(own) = r
                            .options
                            .iter()
                            .find_map(|o| item_of(o).filter(|x| *x == i))
                        {
                            policy_set.push(own);
                        }
                    }
                }
            }
        }
        let done = d == Decision::EndAssign;
        policy_seq.push(d);
        if done {
            break;
        }
    }
    // Additions offered now: none its Force would not carry out at the
    // range as it stands on the sheet (it would Hold, 11.2, A12.3; issue
    // 48: such counters were suggested, then refused by the rules). The
    // player's and the policy's own are weighed as they are, said so.
    let sheet = sheet(pos);
    let offered: Vec<Item> = r
        .options
        .iter()
        .filter_map(item_of)
        .filter(|i| match (i, sheet) {
            (Item::On(force, plan), Some(units)) => will_hold(units, force, *plan).is_none(),
            _ => true,
        })
        .collect();
    let mut sets: Vec<(Vec<Item>, bool, bool)> = Vec::new();
    sets.push((current.clone(), true, false));
    sets.push((policy_set.clone(), false, true));
    for i in 0..policy_set.len() {
        let mut s = policy_set.clone();
        s.remove(i);
        sets.push((s, false, false));
    }
    if !current.is_empty() {
        sets.push((Vec::new(), false, false));
    }
    for &a in &offered {
        if !policy_set.contains(&a) {
            let mut s = policy_set.clone();
            s.push(a);
            sets.push((s, false, false));
        }
    }
    for (k, &e) in policy_set.iter().enumerate() {
        for &a in &offered {
            let related = match (e, a) {
                (Item::On(f, p), Item::On(g, q)) => (f == g) != (p == q),
                _ => false,
            };
            if related && !policy_set.contains(&a) {
                let mut s = policy_set.clone();
                s[k] = a;
                sets.push((s, false, false));
            }
        }
    }
    let mut out: Vec<Proto> = Vec::new();
    let mut seen: Vec<Vec<Item>> = Vec::new();
    for (set, player, is_policy) in sets {
        if out.len() >= max {
            break;
        }
        let mut key = set.clone();
        key.sort();
        if let Some(k) = seen.iter().position(|s| *s == key) {
            // The same counters reached two ways: one candidate, both flags.
            out[k].player |= player;
            out[k].policy |= is_policy;
            continue;
        }
        let decisions = if is_policy {
            Some(policy_seq.clone())
        } else {
            realise(pos, policy, &current, &set)
        };
        let Some(decisions) = decisions else { continue };
        let ps = placements(&set);
        let said = placements_said(&pos.board, sheet, &ps);
        let label = if player && ps == placements(&current) {
            format!("As assigned now: {said}")
        } else {
            said
        };
        seen.push(key);
        out.push(Proto {
            decisions,
            label,
            placements: Some(ps),
            player,
            policy: is_policy,
            into: Vec::new(),
        });
    }
    out
}
