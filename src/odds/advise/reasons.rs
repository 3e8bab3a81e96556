//! A candidate's reason in a player's words, from what playing the campaign
//! on showed (issue 48, item 3): which Victory Condition (3.1) it meets more
//! or less often than the answer compared, with the points, or how often
//! Lee is left alone (3.2). Built from the trials' typed outcomes
//! ([`super::Sample::objectives`], [`super::Sample::lee_alone`]) and the
//! campaign's Victory Conditions, never from the Chronicle's words.

use crate::campaign::Condition;
use crate::rules::board::Board;
use crate::rules::components::Id;

/// A Victory Condition of the campaign, as the reasons name it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Goal {
    /// Its bit in [`super::Sample::objectives`]: its place in the
    /// campaign's list.
    pub bit: u32,
    kind: Kind,
    /// Its areas: id and name.
    areas: Vec<(String, String)>,
    when: When,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Clear,
    Reach,
    Hold,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum When {
    Turn(u32),
    Throughout,
    End,
}

/// What a reason names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Fact {
    /// A Victory Condition: its index in the advisor's goals.
    Goal(usize),
    Lee,
}

/// The Victory Conditions that apply at the game's Union level (7.14), the
/// first 32 of the campaign's list.
pub(super) fn goals(board: &Board) -> Vec<Goal> {
    let applies: Vec<&str> = board
        .options
        .objectives(&board.campaign)
        .map(|o| o.id.as_str())
        .collect();
    let named = |ids: &[String]| -> Vec<(String, String)> {
        ids.iter()
            .map(|a| (a.clone(), board.area_name(a).to_string()))
            .collect()
    };
    board
        .campaign
        .victory
        .objectives
        .iter()
        .take(32)
        .enumerate()
        .filter(|(_, o)| applies.contains(&o.id.as_str()))
        .map(|(k, o)| {
            let (kind, areas, when) = match &o.condition {
                Condition::ClearArea { area, by } => (
                    Kind::Clear,
                    named(std::slice::from_ref(area)),
                    When::Turn(by.turn),
                ),
                Condition::Reach { area, by, .. } => (
                    Kind::Reach,
                    named(std::slice::from_ref(area)),
                    When::Turn(by.turn),
                ),
                Condition::Occupy { areas, at } => (Kind::Hold, named(areas), When::Turn(at.turn)),
                Condition::HoldThroughout { areas } => (Kind::Hold, named(areas), When::Throughout),
                Condition::HoldWithCombatValue { areas, .. } => {
                    (Kind::Hold, named(areas), When::End)
                }
            };
            Goal {
                bit: k as u32,
                kind,
                areas,
                when,
            }
        })
        .collect()
}

/// "A", "A and B", "A, B and C".
fn listed(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// "+6 points", "−1 point".
fn points(pts: f64) -> String {
    let n = pts.abs() as u64;
    let sign = if pts > 0.0 { "+" } else { "−" };
    let unit = if n == 1 { "point" } else { "points" };
    format!("{sign}{n} {unit}")
}

impl Goal {
    /// "Holds West House for the Turn 9 Victory Condition: +6 points":
    /// the condition met `pts` points more often (less often: "Risks …")
    /// than by the answer compared. Of its areas, those `into` names (the
    /// candidate's destinations), else all.
    pub fn said(&self, into: &[Id], pts: f64) -> String {
        let mine: Vec<&str> = self
            .areas
            .iter()
            .filter(|(id, _)| into.iter().any(|i| i.as_str() == id))
            .map(|(_, name)| name.as_str())
            .collect();
        let names = if mine.is_empty() {
            listed(
                &self
                    .areas
                    .iter()
                    .map(|(_, n)| n.as_str())
                    .collect::<Vec<_>>(),
            )
        } else {
            listed(&mine)
        };
        let verb = match (pts > 0.0, self.kind) {
            (false, _) => "Risks",
            (true, Kind::Clear) => "Clears",
            (true, Kind::Reach) => "Reaches",
            (true, Kind::Hold) => "Holds",
        };
        let when = match self.when {
            When::Turn(n) => format!("for the Turn {n} Victory Condition"),
            When::Throughout => "for the Victory Condition held all campaign".to_string(),
            When::End => "for the Victory Condition at the campaign's end".to_string(),
        };
        format!("{verb} {names} {when}: {}", points(pts))
    }
}

/// "Keeps Lee with his army: left alone 4 points less often" (3.2), or
/// for a negative `pts` "Puts Lee at risk: left alone 4 points more often".
pub(super) fn lee_said(pts: f64) -> String {
    let n = pts.abs() as u64;
    let unit = if n == 1 { "point" } else { "points" };
    if pts > 0.0 {
        format!("Keeps Lee with his army: left alone {n} {unit} less often")
    } else {
        format!("Puts Lee at risk: left alone {n} {unit} more often")
    }
}
