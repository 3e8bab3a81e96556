//! Optional rule Confederate Groups and Area Group Limit: the Confederate
//! Forces in an area form one group, of Named Forces of one Corps and
//! Additional Forces (Brigades, Regiments, Batteries), at most the
//! campaign's Union group maximum, Static Forces not counted; and an area
//! holds one Union group at most (R-Opt-CG).

use crate::campaign::Side;
use crate::rules::board::{Board, PieceIx};

/// Where a Force stands on the question of corps: Some(key) for a Named
/// Force of a Corps (or a Union Independent, a group of its own, 16.3.2);
/// None for Additional Forces and Confederate Named Forces without a Corps,
/// who may join any one group (R-Opt-CG).
fn corps_key(board: &Board, i: PieceIx) -> Option<&str> {
    let f = &board.pieces[i].force;
    if !f.is_named() {
        return None;
    }
    match (&f.corps, f.side) {
        (Some(c), _) => Some(c.as_str()),
        (None, Side::Union) => Some(f.id.as_str()),
        (None, Side::Confederate) => None,
    }
}

/// Why the Mobile Forces `members` of one side could not stand in one area
/// as its one group, or None when they could.
pub fn problem(board: &Board, side: Side, members: &[PieceIx]) -> Option<String> {
    let mobile: Vec<PieceIx> = members
        .iter()
        .copied()
        .filter(|&i| board.pieces[i].force.force_type.is_mobile())
        .collect();
    let max = board.campaign.union_group_maximum as usize;
    let mut keys: Vec<&str> = mobile.iter().filter_map(|&i| corps_key(board, i)).collect();
    keys.sort_unstable();
    keys.dedup();
    let side_name = side.name();
    if keys.len() > 1 {
        let named = |key: &str| match side {
            Side::Confederate => format!("{key} Corps"),
            Side::Union => match board.index(key) {
                Some(i) => board.pieces[i].force.name.clone(),
                None => format!("{key} Corps"),
            },
        };
        let list: Vec<String> = keys.iter().map(|k| named(k)).collect();
        return Some(format!(
            "it would put {} in one area: one {side_name} group an area, of one Corps (Confederate Groups and Area Group Limit)",
            list.join(" and ")
        ));
    }
    if mobile.len() > max {
        return Some(format!(
            "it would make a {side_name} group of {} Forces, over the campaign's group maximum of {max} (Confederate Groups and Area Group Limit)",
            mobile.len()
        ));
    }
    None
}

/// Why Force `i` may not go into area `to` under the rule (None: it may,
/// or the rule is not in play). The area's own Forces that break the limit
/// already (a set-up, a retreat) stay; none may join them (R-Opt-CG).
pub fn refuses(board: &Board, i: PieceIx, to: &str) -> Option<String> {
    let side = board.pieces[i].force.side;
    joining(board, side, &[i], to)
}

/// [`refuses`] for several Forces of one side going together (a Union
/// group).
pub fn joining(board: &Board, side: Side, movers: &[PieceIx], to: &str) -> Option<String> {
    if !board.options.confederate_groups
        || !movers
            .iter()
            .any(|&i| board.pieces[i].force.force_type.is_mobile())
    {
        return None;
    }
    let mut members: Vec<PieceIx> = board
        .side_in_area(to, side)
        .into_iter()
        .filter(|&i| !movers.contains(&i) && board.pieces[i].force.force_type.is_mobile())
        .collect();
    // Into an area without a group of its side: the movers' own group.
    if members.is_empty() {
        return None;
    }
    members.extend_from_slice(movers);
    problem(board, side, &members)
}
