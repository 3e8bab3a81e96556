//! Why a Force, an area or a Square cannot be chosen now: the reasons
//! the legality checks give (`turn::moves`, `battle::turns::resolve`,
//! `battle::advanced::movement`), each with its rule and its words.

use crate::rules::battle::ground::{Region, Square};
use crate::rules::battle::terms::PlanCounter;
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
    /// 10.2.10: this battle turn's Battle Plan Counters are all placed.
    NoCountersLeft,
    /// 12.2, 12.3: this counter may not go on this Force now.
    Counter { plan: PlanCounter, bar: CounterBar },
    /// 12.2: no counter may go on this Force now: why not Prepare, and why
    /// not another counter.
    NoCounterFits {
        prepare: CounterBar,
        other: (PlanCounter, CounterBar),
    },
    /// 10.2.16, A10.2.14: Forces are placed one at a time, and this
    /// question places another (`placing`).
    PlacingAnother { rule: Id, placing: Id },
    /// 10.2.16, A10.2.14: it stands on the sheet already.
    AlreadyPlaced { rule: Id },
    /// 10.2.16, 10.2.12.4: the Force may not be set up in this Region.
    NotInRegion { region: Region, bar: RegionBar },
    /// A10.2.14, A10.2.12: a Square outside the Rows the Force sets up
    /// in now (`front`: the Front Insight still lets one into Row D).
    NotSetUpRow {
        square: Square,
        mobile: bool,
        front: bool,
    },
    /// A10.2.12: a Square of Row D, and the Front Insight's three Mobile
    /// Forces are there already.
    FrontRowFull { square: Square },
    /// 12.3.7: only Infantry and Cavalry change Formation.
    NoFormationChange,
    /// 11.5 (and the question's rule): a Force in Melee does not do it.
    InMelee { rule: Id },
    /// 14.5, 14.5.1: a retreat goes to an adjacent area free of Union
    /// Forces (`enemy`: the area holds some).
    RetreatRefused {
        rule: Id,
        from: Id,
        to: Id,
        enemy: bool,
    },
}

/// Why a Battle Plan Counter may not be attached to a Force now (12.2,
/// 12.3): `battle::turns::plans::counter_bar` decides, the legal
/// assignments and the Why? alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CounterBar {
    /// 12.2: the counters are Confederate.
    Union,
    /// Optional rule Officers Confused: not to be had this battle turn.
    Confused,
    /// 12.3.8: Prepare is on the Force already.
    PrepareAttached,
    /// 12.3.7: the Formation counter lies beside the sheet.
    Formation,
    /// 11.5: in Melee only Prepare may go on.
    InMelee,
    /// A12.3: no Union Force on the sheet to be its target.
    NoTarget,
    /// 12.2: one counter a Force (Prepare besides); this one it has.
    Attached(PlanCounter),
    /// The counter is for these Forces only.
    Only(Takers),
}

/// The Forces a Battle Plan Counter is for (12.2, 12.3.1, 12.3.2, 12.3.9–11).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Takers {
    ArtilleryAndFortifications,
    Infantry,
    InfantryInLine,
    InfantryAndCavalry,
}

/// Why a Force may not be set up in a Region of the Basic sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RegionBar {
    /// 10.2.16: Artillery sets up in the Reserve.
    Artillery,
    /// 10.2.16: the Approach holds four Mobile Forces already.
    ApproachFull,
    /// 10.2.12.4: the Front only with the Front Insight.
    NoFrontInsight,
    /// 10.2.12.4: the Front Insight's three are placed.
    FrontFull,
    /// 10.2.16: the Union's Regions, or Static Forces' own places (10.2.15).
    NotYours,
}

impl CounterBar {
    /// The rule behind the bar, for counter `plan`.
    pub fn rule(self, plan: PlanCounter) -> &'static str {
        match self {
            CounterBar::Union | CounterBar::Attached(_) => "12.2",
            CounterBar::Confused => "Officers Confused",
            CounterBar::PrepareAttached => "12.3.8",
            CounterBar::Formation => "12.3.7",
            CounterBar::InMelee => "11.5",
            CounterBar::NoTarget => "A12.3",
            CounterBar::Only(Takers::InfantryAndCavalry) => "12.2",
            CounterBar::Only(_) => plan.rule(),
        }
    }

    /// The bar in our words, a sentence without its rule.
    pub fn says(self, plan: PlanCounter) -> String {
        match self {
            CounterBar::Union => "Battle Plan Counters are Confederate".into(),
            CounterBar::Confused => format!(
                "{}: lost to Officers Confused this battle turn",
                plan.name()
            ),
            CounterBar::PrepareAttached => "Prepare is already attached".into(),
            CounterBar::Formation => {
                "Formation goes on no Force: it is placed beside the sheet".into()
            }
            CounterBar::InMelee => "In Melee: only Prepare may be attached".into(),
            CounterBar::NoTarget => "No Union Force on the sheet to declare as its target".into(),
            CounterBar::Attached(c) => format!(
                "{} is already attached: one counter a Force, Prepare apart",
                c.name()
            ),
            CounterBar::Only(t) => format!(
                "{}: {} only",
                plan.name(),
                match t {
                    Takers::ArtilleryAndFortifications => "Artillery and Fortifications",
                    Takers::Infantry => "Infantry",
                    Takers::InfantryInLine => "Infantry in Line Formation",
                    Takers::InfantryAndCavalry => "Infantry and Cavalry",
                }
            ),
        }
    }
}

impl RegionBar {
    pub fn rule(self) -> &'static str {
        match self {
            RegionBar::Artillery | RegionBar::ApproachFull | RegionBar::NotYours => "10.2.16",
            RegionBar::NoFrontInsight | RegionBar::FrontFull => "10.2.12.4",
        }
    }
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
            Reason::NoCountersLeft => "10.2.10",
            Reason::Counter { plan, bar } => bar.rule(*plan),
            Reason::NoCounterFits { other, .. } => other.1.rule(other.0),
            Reason::PlacingAnother { rule, .. }
            | Reason::AlreadyPlaced { rule }
            | Reason::InMelee { rule }
            | Reason::RetreatRefused { rule, .. } => rule.as_str(),
            Reason::NotInRegion { bar, .. } => bar.rule(),
            Reason::NotSetUpRow { .. } => "A10.2.14",
            Reason::FrontRowFull { .. } => "A10.2.12",
            Reason::NoFormationChange => "12.3.7",
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
            Reason::NoCountersLeft => {
                "This battle turn's Battle Plan Counters are all placed".to_string()
            }
            Reason::Counter { plan, bar } => bar.says(*plan),
            Reason::NoCounterFits { prepare, other } => match (prepare, other.1) {
                (CounterBar::PrepareAttached, CounterBar::Attached(c)) => format!(
                    "{who} has {} and Prepare already: one counter a Force, and Prepare besides",
                    c.name()
                ),
                (CounterBar::PrepareAttached, CounterBar::InMelee) => format!(
                    "{who} is in Melee and has Prepare already: in Melee only Prepare may be attached"
                ),
                _ => format!(
                    "{who} can take no Battle Plan Counter now: {}; {}",
                    lower_first(&prepare.says(PlanCounter::Prepare)),
                    lower_first(&other.1.says(other.0))
                ),
            },
            Reason::PlacingAnother { placing, .. } => format!(
                "Forces are placed one at a time, and this question places {}",
                board
                    .piece(placing)
                    .map_or(placing.as_str(), |p| &p.force.name)
            ),
            Reason::AlreadyPlaced { .. } => format!("{who} is on the sheet already"),
            Reason::NotInRegion { region, bar } => match bar {
                RegionBar::Artillery => format!(
                    "Artillery sets up in the Confederate Reserve, not in the {}",
                    region.name()
                ),
                RegionBar::ApproachFull => {
                    "The Confederate Approach holds four Mobile Forces already".to_string()
                }
                RegionBar::NoFrontInsight => {
                    "Only the Front Insight lets Forces set up in the Confederate Front".to_string()
                }
                RegionBar::FrontFull => {
                    "The Front Insight's three Forces are in the Confederate Front already"
                        .to_string()
                }
                RegionBar::NotYours => format!("{who} does not set up in the {}", region.name()),
            },
            Reason::NotSetUpRow {
                square,
                mobile,
                front,
            } => {
                let rows = match (mobile, front) {
                    (false, _) => "Static Forces set up in Row F",
                    (true, false) => "Mobile Forces set up in Rows E and F while they have room",
                    (true, true) => {
                        "Mobile Forces set up in Rows E and F while they have room, or in Row D by the Front Insight"
                    }
                };
                format!("Square {} is not for {who}: {rows}", square.name())
            }
            Reason::FrontRowFull { square } => format!(
                "Square {} is not for {who}: the Front Insight's three Forces are in Row D already",
                square.name()
            ),
            Reason::NoFormationChange => {
                format!("{who} keeps its Formation: only Infantry and Cavalry change it")
            }
            Reason::InMelee { .. } => format!("{who} is in Melee"),
            Reason::RetreatRefused {
                from, to, enemy, ..
            } => {
                if *enemy {
                    format!(
                        "{} holds Union Forces: {who} retreats only into an area free of them",
                        area(to)
                    )
                } else {
                    format!(
                        "{} is not adjacent to {}: {who} retreats into an adjacent area",
                        area(to),
                        area(from)
                    )
                }
            }
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

/// A bar's words joined after another's: "In Melee" and "No Union Force"
/// in lower case, names of counters kept.
fn lower_first(s: &str) -> String {
    match s.split_once(' ') {
        Some((first @ ("In" | "No"), rest)) => format!("{} {rest}", first.to_lowercase()),
        _ => s.to_string(),
    }
}
