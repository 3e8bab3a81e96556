//! Why a Force, an area or a Square cannot be chosen now: the reasons
//! the legality checks give (`turn::moves`, `battle::turns::resolve`,
//! `battle::advanced::movement`), each with its rule and its words.

use crate::rules::battle::ground::Square;
use crate::rules::board::Board;
use crate::rules::components::Id;

/// The rule of the Optional rule Confederate Groups and Area Group Limit.
pub const GROUP_LIMIT: &str = "Opt. Confederate Groups";

/// Why a Force (or Lee), an area or a Square cannot be chosen now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reason {
    /// A Union Force: the program moves and fights the Union (16.0).
    EnemyForce,
    /// 6.2: Garrisons and Fortifications never move on the map.
    Static,
    /// Not on the campaign map (on a Battlefield Sheet, destroyed, or not
    /// yet arrived).
    NotOnMap,
    /// 9.2, 15.1: a Force moves once a step.
    AlreadyMoved { forced: bool },
    /// 9.2, 15.1: Robert E. Lee moves once a step.
    LeeAlreadyMoved { forced: bool },
    /// 15.1: a Forced March move costs a Command Point and none is left.
    NoCommandPoints,
    /// 9.2, 15.1: a move goes to an adjacent area (15.1.1: Jackson's two,
    /// never through Union Forces).
    NotAdjacent { from: Id, to: Id, forced: bool },
    /// Optional rule Confederate Groups and Area Group Limit, its words.
    AreaGroupLimit { to: Id, why: String },
    /// The question open is not one this Force answers (its rule).
    NotAsked { rule: Id },
    /// 14.4, A14.4: a Force acts once a battle turn.
    AlreadyActed { rule: Id },
    /// 12.3.8: only Forces with Prepare act before the Union.
    NotPrepared,
    /// 11.1, A11.1: a Garrison or Fortification acts by itself.
    ActsByItself,
    /// Not on the Battlefield Sheet.
    NotOnSheet,
    /// A12.4: a March goes to an adjacent Square.
    NotNextSquare { square: Square },
    /// The Square lies off this battle's sheet.
    OffSheet { square: Square },
    /// A11.0: never into a Square holding a friend.
    FriendsSquare { square: Square },
    /// A12.4: Artillery does not March into a Union Force.
    ArtilleryIntoEnemy { square: Square },
}

impl Reason {
    /// The rule behind the reason.
    pub fn rule(&self) -> &str {
        match self {
            Reason::EnemyForce => "16.0",
            Reason::Static => "6.2",
            Reason::NotOnMap => "9.2",
            Reason::AlreadyMoved { forced }
            | Reason::LeeAlreadyMoved { forced }
            | Reason::NotAdjacent { forced, .. } => {
                if *forced {
                    "15.1"
                } else {
                    "9.2"
                }
            }
            Reason::NoCommandPoints => "15.1",
            Reason::AreaGroupLimit { .. } => GROUP_LIMIT,
            Reason::NotAsked { rule } | Reason::AlreadyActed { rule } => rule.as_str(),
            Reason::NotPrepared => "12.3.8",
            Reason::ActsByItself => "11.1",
            Reason::NotOnSheet => "10.2.13",
            Reason::NotNextSquare { .. } | Reason::ArtilleryIntoEnemy { .. } => "A12.4",
            Reason::OffSheet { .. } => "A10.2.14",
            Reason::FriendsSquare { .. } => "A11.0",
        }
    }

    /// The reason in a sentence about `who` (a Force's name, or Robert E.
    /// Lee), without its rule (the window shows the rule as a link).
    pub fn says(&self, board: &Board, who: &str) -> String {
        let area = |id: &Id| board.area_name(id).to_string();
        let step = |forced: &bool| {
            if *forced {
                "Forced March"
            } else {
                "Moves step"
            }
        };
        match self {
            Reason::EnemyForce => format!("{who} is a Union Force: the program commands the Union"),
            Reason::Static => {
                format!("{who} is a Static Force: Garrisons and Fortifications never move")
            }
            Reason::NotOnMap => format!("{who} is not on the campaign map"),
            Reason::AlreadyMoved { forced } | Reason::LeeAlreadyMoved { forced } => {
                format!("{who} has already moved in this {}", step(forced))
            }
            Reason::NoCommandPoints => {
                format!("{who} cannot Force March: no Command Point is left to pay for the move")
            }
            Reason::NotAdjacent { from, to, .. } => {
                format!(
                    "{} is not adjacent to {}, where {who} stands",
                    area(to),
                    area(from)
                )
            }
            Reason::AreaGroupLimit { .. } => self.words(board),
            Reason::NotAsked { .. } => format!("{who} has no part in this question"),
            Reason::AlreadyActed { .. } => format!("{who} has already acted this battle turn"),
            Reason::NotPrepared => {
                format!("{who} has no Prepare: only Prepared Forces act before the Union")
            }
            Reason::ActsByItself => {
                format!("{who} is Static: it fires by itself when enemies are near")
            }
            Reason::NotOnSheet => format!("{who} is not on the Battlefield Sheet"),
            Reason::NotNextSquare { square } => {
                format!("Square {} is not next to {who}'s Square", square.name())
            }
            Reason::OffSheet { square } => {
                format!("Square {} is off this battle's sheet", square.name())
            }
            Reason::FriendsSquare { square } => {
                format!(
                    "Square {} holds a friend: {who} cannot stop there",
                    square.name()
                )
            }
            Reason::ArtilleryIntoEnemy { square } => format!(
                "Square {} holds a Union Force: Artillery does not March into the enemy",
                square.name()
            ),
        }
    }

    /// The reason where no Force is named (a refused move's line).
    pub fn words(&self, board: &Board) -> String {
        match self {
            Reason::AreaGroupLimit { to, why } => {
                format!("Not to {}: {why}.", board.area_name(to))
            }
            other => other.says(board, "The Force"),
        }
    }
}
