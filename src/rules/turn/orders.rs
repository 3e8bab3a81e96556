//! 16.0–16.4 Union Orders: groups by corps (16.3), the campaign map and
//! battle area charts (16.1.1, 16.1.2), Scouts against the roll (16.3.1),
//! and every order kind of 16.4.

use crate::rules::decision::Request;
use std::collections::BTreeMap;

use crate::campaign::{Order, OrderTarget, OrdersChart, Side, SpecialRule};
use crate::dice::roll_d10_for;
use crate::rules::board::{Board, PieceIx};
use crate::rules::ctx::Ctx;
use crate::rules::decision::{Decision, Interrupt};
use std::sync::Arc;

/// A Union group (16.3): Forces that roll and move together.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    pub area: String,
    /// The corps id, the Independent Force's id, or `additional-N`.
    pub label: String,
    /// Board indices, in id order.
    pub members: Vec<PieceIx>,
}

/// 16.3.2–16.3.3: form the groups of each area. Named Forces group by corps
/// (all of a corps together), Independents alone; Brigades, Regiments and
/// Batteries join those groups up to the campaign's maximum (one place more
/// for each Reinforcement let in by 16.3.3's exception), those that joined
/// a group before first, in id order; then form groups of their own
/// . Static Forces never move.
pub fn union_groups(board: &Board) -> Vec<Group> {
    form_groups(board, &mut |_: &Board, _: &[Group], _: &[usize]| Ok(0)).expect("never interrupted")
}

/// A chooser among the groups of an area that have room for one more
/// Additional Force: it returns an index into the candidates given.
pub type JoinChoice<'a> = dyn FnMut(&Board, &[Group], &[usize]) -> Result<usize, Interrupt> + 'a;

/// [`union_groups`] with the choice of group left to `choose` when more
/// than one has room (16.3.3: "determine which group … randomly").
pub fn form_groups(board: &Board, choose: &mut JoinChoice) -> Result<Vec<Group>, Interrupt> {
    let max = board.campaign.union_group_maximum as usize;
    // Per area: named Forces by corps (or Independent id), then the rest.
    type AreaForces = (BTreeMap<String, Vec<PieceIx>>, Vec<PieceIx>);
    let mut by_area: BTreeMap<String, AreaForces> = BTreeMap::new();
    for (i, p) in board.pieces.iter_enumerated() {
        let Some(area) = p.location().area() else {
            continue;
        };
        if p.force.side != Side::Union || !p.force.force_type.is_mobile() {
            continue;
        }
        let entry = by_area.entry(area.to_string()).or_default();
        if p.force.is_named() {
            let key = p.force.corps.clone().unwrap_or_else(|| p.force.id.clone());
            entry.0.entry(key).or_default().push(i);
        } else {
            entry.1.push(i);
        }
    }
    let mut out = Vec::new();
    for (area, (named, additional)) in by_area {
        let mut groups: Vec<Group> = named
            .into_iter()
            .map(|(label, members)| Group {
                area: area.clone(),
                label,
                members,
            })
            .collect();
        // 16.3.3: a group holds the maximum, and one more for each
        // Reinforcement its exception let in.
        let caps: Vec<usize> = groups
            .iter()
            .map(|g| {
                max + g
                    .members
                    .iter()
                    .filter(|&&i| {
                        board
                            .progress
                            .beyond_maximum
                            .contains(&board.pieces[i].force.id)
                    })
                    .count()
            })
            .collect();
        // A counter that joined a group stays with it while the group has
        // room: two parts of a corps meeting do not make a group past the
        // maximum (16.3.3, R-16.3).
        let mut unattached = Vec::new();
        for i in additional {
            let id = &board.pieces[i].force.id;
            match board
                .progress
                .attached
                .get(id)
                .and_then(|label| groups.iter().position(|g| &g.label == label))
            {
                Some(k) if groups[k].members.len() < caps[k] => groups[k].members.push(i),
                _ => unattached.push(i),
            }
        }
        let mut extra = 0;
        for i in unattached {
            let room: Vec<usize> = (0..groups.len())
                .filter(|&k| groups[k].members.len() < max)
                .collect();
            if !room.is_empty() {
                let k = if room.len() == 1 {
                    0
                } else {
                    choose(board, &groups, &room)?
                };
                groups[room[k]].members.push(i);
            } else {
                extra += 1;
                groups.push(Group {
                    area: area.clone(),
                    label: format!("additional-{extra}"),
                    members: vec![i],
                });
            }
        }
        out.extend(groups);
    }
    Ok(out)
}

fn group_name(board: &Board, g: &Group) -> String {
    let names: Vec<&str> = g
        .members
        .iter()
        .map(|&i| board.pieces[i].force.chronicle_name())
        .collect();
    format!("{} in {}", names.join(", "), board.area_name(&g.area))
}

/// 16.1: roll for every group, in the order the player chooses; each moves
/// before the next rolls.
pub fn union_orders(ctx: &mut Ctx) -> Result<(), Interrupt> {
    let mut groups = {
        let board = &*ctx.board;
        let dice = &mut *ctx.dice;
        let chronicle = &mut *ctx.chronicle;
        form_groups(board, &mut |b: &Board, groups: &[Group], room: &[usize]| {
            Ok(crate::dice::pick_logged(
                dice,
                chronicle,
                "16.3.3",
                "An Additional Force joins a group with room",
                room.len(),
                |i| group_name(b, &groups[room[i]]),
            )?)
        })?
    };
    // 16.3.3: remember which group each Additional Force has joined; the
    // exception lapses for a group back within the maximum.
    let max = ctx.board.campaign.union_group_maximum as usize;
    for g in groups.iter().filter(|g| g.members.len() <= max) {
        for &i in &g.members {
            let id = &ctx.board.pieces[i].force.id;
            ctx.board.progress.beyond_maximum.remove(id);
        }
    }
    ctx.board.progress.attached.clear();
    for g in groups
        .iter()
        .filter(|g| !g.label.starts_with("additional-"))
    {
        for &i in &g.members {
            let f = &ctx.board.pieces[i].force;
            if !f.is_named() {
                ctx.board
                    .progress
                    .attached
                    .insert(f.id.clone(), g.label.clone());
            }
        }
    }
    // 16.2: groups sharing an area with Confederate Forces do not move.
    groups.retain(|g| !ctx.board.has_side(&g.area, Side::Confederate));
    let mut in_order = false;
    while !groups.is_empty() {
        let k = if groups.len() == 1 || in_order {
            0
        } else {
            let mut options: Vec<Decision> = groups
                .iter()
                .map(|g| Decision::OrdersFor {
                    area: g.area.as_str().into(),
                    group: g.label.as_str().into(),
                })
                .collect();
            options.push(Decision::OrdersInOrder);
            match ctx.ask(Request::new(
                "16.3",
                "Which Union group rolls for its orders next (20.0: your choice)?",
                options,
            ))? {
                Decision::OrdersFor { area, group } => groups
                    .iter()
                    .position(|g| g.area == area && g.label == group)
                    .expect("offered"),
                Decision::OrdersInOrder => {
                    in_order = true;
                    note!(
                        ctx,
                        "16.3",
                        "The Union groups roll in the order listed: {}.",
                        groups
                            .iter()
                            .map(|g| group_name(ctx.board, g))
                            .collect::<Vec<_>>()
                            .join("; ")
                    );
                    0
                }
                _ => unreachable!("ask returns an offered option"),
            }
        };
        let group = groups.remove(k);
        orders_for(ctx, &group)?;
    }
    Ok(())
}

fn orders_for(ctx: &mut Ctx, group: &Group) -> Result<(), Interrupt> {
    let in_battle_area = ctx
        .board
        .campaign
        .map
        .areas
        .iter()
        .any(|a| a.id == group.area && a.battle_area);
    // The chart read where it is (the campaign is shared), not copied.
    let campaign = Arc::clone(&ctx.board.campaign);
    let (chart, rule): (&OrdersChart, &'static str) = if in_battle_area {
        (ctx.board.options.battle_area_orders(&campaign), "16.1.2")
    } else {
        (ctx.board.options.campaign_map_orders(&campaign), "16.1.1")
    };
    let text_of = |d: u32| {
        chart
            .rows
            .iter()
            .find(|r| r.rolls.contains(&d))
            .map(|r| r.text.clone())
            .unwrap_or_default()
    };
    let mut roll = roll_d10_for(
        ctx.dice,
        ctx.chronicle,
        rule,
        // The group named only for someone who reads it (a kept chronicle,
        // a die to enter).
        || format!("Union Orders for {}", group_name(ctx.board, group)),
        text_of,
    )?;
    // 16.3.1: re-roll with Scouts as often as wished, then perhaps ±1 once;
    // O16.3.1: or ± as many as the Scouts discarded.
    while ctx.board.scouts.available > 0 {
        let mut options = vec![Decision::AcceptOrders, Decision::RerollOrders];
        let most = if ctx.board.options.scouts_and_orders {
            ctx.board.scouts.available as i32
        } else {
            1
        };
        for n in 1..=most {
            if roll as i32 + n <= 10 {
                options.push(Decision::ModifyOrders { by: n });
            }
            if roll as i32 - n >= 1 {
                options.push(Decision::ModifyOrders { by: -n });
            }
        }
        // The changes offered: ±1 (16.3.1), or with O16.3.1 up to ± as
        // many Scouts as are held, within 1-10.
        let reach = options
            .iter()
            .filter_map(|d| match d {
                Decision::ModifyOrders { by } => Some(by.unsigned_abs()),
                _ => None,
            })
            .max()
            .unwrap_or(1);
        // Worded only for a decider that reads the words.
        let worded = ctx.decider.reads_prompts();
        let change = if !worded {
            String::new()
        } else if reach > 1 {
            format!(
                "or discard Scouts: 1 to roll again, or 1 to {reach} to change it by as many (O16.3.1)"
            )
        } else {
            "or discard 1 to roll again or change it by 1".to_string()
        };
        let prompt = if worded {
            format!(
                "Union Orders {roll} for {}: \"{}\". You hold {}: keep it, {change}?",
                group_name(ctx.board, group),
                text_of(roll),
                crate::chronicle::counted(ctx.board.scouts.available, "Scout", "Scouts")
            )
        } else {
            String::new()
        };
        // 16.3.1: each change says which order its roll gives.
        let explained = options
            .iter()
            .filter(|_| worded)
            .filter_map(|d| match d {
                Decision::AcceptOrders => Some((*d, roll)),
                Decision::ModifyOrders { by } => Some((*d, (roll as i32 + by) as u32)),
                _ => None,
            })
            .map(|(d, r)| (d, format!("{r}: \"{}\"", text_of(r))))
            .collect();
        match ctx.ask(Request::new("16.3.1", prompt, options).explaining(explained))? {
            Decision::AcceptOrders => break,
            Decision::RerollOrders => {
                ctx.board.scouts.available -= 1;
                note!(
                    ctx,
                    "16.3.1",
                    "A Scout is discarded to roll the Union Orders again."
                );
                if crate::rules::cavalry::scout_negated(ctx, "Union Orders re-roll")? {
                    continue;
                }
                roll = roll_d10_for(
                    ctx.dice,
                    ctx.chronicle,
                    rule,
                    || {
                        format!(
                            "Union Orders for {} (re-roll)",
                            group_name(ctx.board, group)
                        )
                    },
                    text_of,
                )?;
            }
            Decision::ModifyOrders { by } if by.abs() == 1 => {
                ctx.board.scouts.available -= 1;
                if crate::rules::cavalry::scout_negated(ctx, &format!("Union Orders {by:+}"))? {
                    note!(ctx, "16.3.1", "The change by 1 is negated.");
                    continue;
                }
                roll = (roll as i32 + by) as u32;
                note!(
                    ctx,
                    "16.3.1",
                    "A Scout is discarded to change the roll by {by:+}: {roll}, \"{}\".",
                    text_of(roll)
                );
                break;
            }
            Decision::ModifyOrders { by } => {
                // O16.3.1: each Scout changes the roll by one; the Union
                // Cavalry Corps throws against each (R-Opt-16.3.1).
                let n = by.unsigned_abs();
                ctx.board.scouts.available -= n;
                let mut through = 0;
                for i in 1..=n {
                    let what = format!("Union Orders {by:+}, Scout {i} of {n}");
                    if !crate::rules::cavalry::scout_negated(ctx, &what)? {
                        through += 1;
                    }
                }
                if through == 0 {
                    note!(ctx, "O16.3.1", "Every Scout's change is negated.");
                    continue;
                }
                let shift = by.signum() * through;
                roll = (roll as i32 + shift) as u32;
                note!(
                    ctx,
                    "O16.3.1",
                    "{n} Scouts are discarded to change the roll by {shift:+}: {roll}, \"{}\".",
                    text_of(roll)
                );
                break;
            }
            other => unreachable!("not offered: {other:?}"),
        }
    }
    let row = chart
        .rows
        .iter()
        .find(|r| r.rolls.contains(&roll))
        .expect("validated: the chart covers 1-10");
    if !carry_out(ctx, group, &row.order, rule)? {
        match &row.otherwise {
            Some(o) => {
                note!(
                    ctx,
                    "16.4",
                    "The first order cannot be carried out or is already fulfilled: Otherwise…"
                );
                if !carry_out(ctx, group, o, rule)? {
                    note!(ctx, "16.4", "The group Holds.");
                }
            }
            None => note!(
                ctx,
                "16.4",
                "The order cannot be carried out: the group Holds."
            ),
        }
    }
    Ok(())
}

/// The group's current area (all members move together).
fn here(ctx: &Ctx, group: &Group) -> String {
    ctx.board.pieces[group.members[0]]
        .location()
        .area()
        .unwrap_or(&group.area)
        .to_string()
}

fn group_combat(ctx: &Ctx, group: &Group) -> u32 {
    ctx.board.combined_combat(&group.members)
}

/// Carry out one order; false when it cannot be carried out or is already
/// fulfilled (so "Otherwise" applies).
fn carry_out(
    ctx: &mut Ctx,
    group: &Group,
    order: &Order,
    rule: &'static str,
) -> Result<bool, Interrupt> {
    let from = here(ctx, group);
    match order {
        Order::Hold {} => {
            note!(ctx, "16.4", "Hold: the group does not move.");
            Ok(true)
        }
        Order::Random {} => {
            let nb: Vec<String> = ctx
                .board
                .neighbours(&from)
                .into_iter()
                .filter(|n| limit(ctx.board, group, n).is_none())
                .collect();
            if nb.is_empty() {
                return Ok(false);
            }
            let to = ctx.pick_area("16.4", "Random: the group moves to", &nb)?;
            // 16.2: the pick is made among every neighbour; one
            // across a river the Union never crosses sends the group one
            // area toward the special rule's area instead.
            if let Some(instead) = forbidden_crossing(ctx.board, &from, &to) {
                note!(
                    ctx,
                    "16.2",
                    "{} lies across a river the Union never crosses (campaign special rule): the group moves toward {} instead (16.2).",
                    ctx.board.area_name(&to),
                    ctx.board.area_name(&instead)
                );
                if from == instead {
                    note!(ctx, "16.2", "The group is already there: it Holds.");
                    return Ok(true);
                }
                let toward = instead.clone();
                if !march(ctx, group, move |_, _| vec![toward.clone()], 1, false, rule)? {
                    note!(ctx, "16.2", "The group cannot move toward it: it Holds.");
                }
                return Ok(true);
            }
            move_group(ctx, group, &to, rule);
            Ok(true)
        }
        Order::MoveToward { area, steps } => {
            if from == *area {
                return Ok(false);
            }
            march(ctx, group, |_, _| vec![area.clone()], *steps, false, rule)
        }
        Order::MoveTowardLee { steps } => {
            let Some(lee) = ctx.board.lee.area().map(str::to_string) else {
                return Ok(false);
            };
            if from == lee {
                return Ok(false);
            }
            march(
                ctx,
                group,
                move |_, _| vec![lee.clone()],
                *steps,
                false,
                rule,
            )
        }
        Order::Advance {
            steps,
            battle_area_only,
        } => {
            let only = *battle_area_only;
            let targets = confederate_areas(ctx.board, only);
            if targets.is_empty() {
                return Ok(false);
            }
            march(
                ctx,
                group,
                move |b, _| confederate_areas(b, only),
                *steps,
                *steps > 1,
                rule,
            )
        }
        Order::UnionHeld { target } => {
            let targets: Vec<String> = held_targets(ctx.board, *target, Side::Union)
                .into_iter()
                .filter(|a| *a != from)
                .collect();
            if targets.is_empty() {
                // Union-Held Objective with none Held: a random adjacent area
                // with Union Forces, else an empty one, else Hold (16.4).
                let nb = ctx.board.neighbours(&from);
                // "contains Union Forces": Held or contested (R-16.4-held).
                let with_union: Vec<String> = nb
                    .iter()
                    .filter(|a| ctx.board.has_side(a, Side::Union))
                    .cloned()
                    .collect();
                let empty: Vec<String> = nb
                    .iter()
                    .filter(|a| ctx.board.in_area(a).is_empty())
                    .cloned()
                    .collect();
                let mut choices = if with_union.is_empty() {
                    empty
                } else {
                    with_union
                };
                choices.retain(|a| limit(ctx.board, group, a).is_none());
                if choices.is_empty() {
                    return Ok(false);
                }
                let to =
                    ctx.pick_area("16.4", "No Union-Held target: the group moves to", &choices)?;
                move_group(ctx, group, &to, rule);
                return Ok(true);
            }
            march(
                ctx,
                group,
                move |b, _| {
                    held_targets(b, *target, Side::Union)
                        .into_iter()
                        .filter(|a| *a != from)
                        .collect()
                },
                1,
                false,
                rule,
            )
        }
        Order::ConfederateHeld { target, steps } => {
            let targets = held_targets(ctx.board, *target, Side::Confederate);
            if targets.is_empty() {
                note!(
                    ctx,
                    "16.4",
                    "The Confederates Hold no such target: treated as an Advance."
                );
                return carry_out(
                    ctx,
                    group,
                    &Order::Advance {
                        steps: *steps,
                        battle_area_only: false,
                    },
                    rule,
                );
            }
            let t = *target;
            march(
                ctx,
                group,
                move |b, _| held_targets(b, t, Side::Confederate),
                *steps,
                true,
                rule,
            )
        }
    }
}

/// Campaign special rules that forbid a Union move between two adjacent
/// areas (16.2, e.g. Second Manassas: never across the Rappahannock), with
/// the area to head for instead.
fn forbidden_crossing(board: &Board, a: &str, b: &str) -> Option<String> {
    for rule in &board.campaign.special_rules {
        if let SpecialRule::UnionNeverCrosses {
            river,
            instead_toward,
            ..
        } = rule
            && let Some(r) = board.campaign.map.rivers.iter().find(|r| &r.id == river)
        {
            let pair = |x: &[String; 2]| (x[0] == a && x[1] == b) || (x[0] == b && x[1] == a);
            if r.separates.iter().any(pair) || r.crossings.iter().any(|c| pair(&c.areas)) {
                return Some(instead_toward.clone());
            }
        }
    }
    None
}

/// Areas with Confederate Forces (inside the Battle Area only, if asked).
fn confederate_areas(board: &Board, battle_area_only: bool) -> Vec<String> {
    board
        .campaign
        .map
        .areas
        .iter()
        .filter(|a| {
            (!battle_area_only || a.battle_area) && board.has_side(&a.id, Side::Confederate)
        })
        .map(|a| a.id.clone())
        .collect()
}

/// Objective, Area or City/Fort areas Held by a side (16.4).
fn held_targets(board: &Board, target: OrderTarget, side: Side) -> Vec<String> {
    // Who is in each area, from one pass over the counters (the map's
    // areas are in the graph's order), instead of two passes an area.
    let present = board.sides_present();
    let (mine, theirs) = (
        usize::from(side == Side::Union),
        usize::from(side != Side::Union),
    );
    board
        .campaign
        .map
        .areas
        .iter()
        .zip(&present)
        .filter(|(a, _)| match target {
            OrderTarget::Objective => board.campaign.setup.objective_markers.contains(&a.id),
            OrderTarget::Area => true,
            OrderTarget::CityOrFort => a.city.is_some() || a.fort,
        })
        .filter(|(_, there)| there[mine] && !there[theirs])
        .map(|(a, _)| a.id.clone())
        .collect()
}

/// Move the group up to `steps` areas toward the closest of `targets`, by
/// shortest paths on the area graph. Ties between targets go to the weaker
/// Confederate Forces, then to the dice (20.0); so do ties between equally
/// short ways. The group stops on entering an area with Confederate
/// Forces. With `superiority_check`, it Holds instead when its destination
/// would put it into or next to Confederate Forces stronger than itself
/// (16.4, "superiority greater than 1:1").
fn march(
    ctx: &mut Ctx,
    group: &Group,
    targets: impl Fn(&Board, &str) -> Vec<String>,
    steps: u32,
    superiority_check: bool,
    rule: &'static str,
) -> Result<bool, Interrupt> {
    let start = here(ctx, group);
    let Some(mut goal) = closest(ctx, &start, &targets(ctx.board, &start))? else {
        return Ok(false);
    };
    let mut path = vec![start.clone()];
    let mut at = start.clone();
    let mut redirected = false;
    for _ in 0..steps {
        if at == goal {
            break;
        }
        let d = ctx.board.graph.distance(&at, &goal).unwrap_or(u32::MAX);
        let candidates: Vec<String> = ctx
            .board
            .neighbours(&at)
            .into_iter()
            .filter(|n| ctx.board.graph.distance(n, &goal) == Some(d.saturating_sub(1)))
            .collect();
        let mut next: Vec<String> = candidates
            .iter()
            .filter(|n| forbidden_crossing(ctx.board, &at, n).is_none())
            .cloned()
            .collect();
        if next.is_empty()
            && !redirected
            && let Some(instead) = candidates
                .first()
                .and_then(|n| forbidden_crossing(ctx.board, &at, n))
        {
            // 16.2: the special rule sends the group elsewhere instead.
            note!(
                ctx,
                "16.2",
                "The way lies across a river the Union never crosses (campaign special rule): the group heads for {} instead (16.2).",
                ctx.board.area_name(&instead)
            );
            goal = instead;
            redirected = true;
            let d = ctx.board.graph.distance(&at, &goal).unwrap_or(u32::MAX);
            next = ctx
                .board
                .neighbours(&at)
                .into_iter()
                .filter(|n| {
                    ctx.board.graph.distance(n, &goal) == Some(d.saturating_sub(1))
                        && forbidden_crossing(ctx.board, &at, n).is_none()
                })
                .collect();
        }
        if next.is_empty() {
            break;
        }
        if next.len() > 1 {
            let weakest = next
                .iter()
                .map(|n| ctx.board.area_combat(n, Side::Confederate))
                .min()
                .unwrap_or(0);
            next.retain(|n| ctx.board.area_combat(n, Side::Confederate) == weakest);
        }
        let step_to = if next.len() == 1 {
            next[0].clone()
        } else {
            ctx.pick_area("20.0", "Equally short ways: the group goes by", &next)?
        };
        if let Some(why) = limit(ctx.board, group, &step_to) {
            note!(
                ctx,
                "16.4",
                "The group stops short of {}: {why} (R-Opt-CG).",
                ctx.board.area_name(&step_to)
            );
            break;
        }
        path.push(step_to.clone());
        at = step_to;
        if ctx.board.has_side(&at, Side::Confederate) {
            break;
        }
    }
    if at == start {
        return Ok(false);
    }
    if superiority_check {
        let strength = group_combat(ctx, group);
        let mut around = ctx.board.neighbours(&at);
        around.push(at.clone());
        if let Some(stronger) = around
            .iter()
            .find(|a| ctx.board.area_combat(a, Side::Confederate) > strength)
        {
            note!(
                ctx,
                "16.4",
                "Moving to {} would put the group (Combat Value {strength}) against {} Confederate Combat Value in {}: more than 1:1, so it Holds (16.4).",
                ctx.board.area_name(&at),
                ctx.board.area_combat(stronger, Side::Confederate),
                ctx.board.area_name(stronger)
            );
            return Ok(true);
        }
    }
    move_group(ctx, group, &at, rule);
    if path.len() > 2 {
        let via: Vec<&str> = path[1..path.len() - 1]
            .iter()
            .map(|a| ctx.board.area_name(a))
            .collect();
        note!(ctx, "16.4", "(by way of {})", via.join(", "));
    }
    Ok(true)
}

/// Optional rule Confederate Groups and Area Group Limit: why the group may
/// not enter `to` (one Union group an area).
fn limit(board: &Board, group: &Group, to: &str) -> Option<String> {
    crate::rules::group_limit::joining(board, Side::Union, &group.members, to)
}

/// The closest reachable target; ties go to the weaker Confederate Forces,
/// then to the dice (20.0).
fn closest(ctx: &mut Ctx, from: &str, targets: &[String]) -> Result<Option<String>, Interrupt> {
    let scored: Vec<(u32, u32, String)> = targets
        .iter()
        .filter_map(|t| {
            ctx.board
                .graph
                .distance(from, t)
                .map(|d| (d, ctx.board.area_combat(t, Side::Confederate), t.clone()))
        })
        .collect();
    let Some(best) = scored.iter().map(|(d, cv, _)| (*d, *cv)).min() else {
        return Ok(None);
    };
    let mut tied: Vec<String> = scored
        .into_iter()
        .filter(|(d, cv, _)| (*d, *cv) == best)
        .map(|(_, _, t)| t)
        .collect();
    tied.sort();
    if tied.len() == 1 {
        return Ok(tied.pop());
    }
    Ok(Some(ctx.pick_area(
        "20.0",
        "Equally close targets: the group heads for",
        &tied,
    )?))
}

fn move_group(ctx: &mut Ctx, group: &Group, to: &str, rule: &'static str) {
    let from = here(ctx, group);
    for &i in &group.members {
        ctx.board.move_to(i, to);
    }
    note!(
        ctx,
        rule,
        "The group {} moves to {}.",
        group_name(
            ctx.board,
            &Group {
                area: from,
                ..group.clone()
            }
        ),
        ctx.board.area_name(to)
    );
}
