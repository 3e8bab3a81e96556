//! The Battlefield Sheet's vocabulary that is not geometry: Formations
//! (10.3), the Confederate Battle Plan Counters (12.3) and the Union's
//! tactics (13.0).

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Formation {
    #[default]
    Line,
    Column,
}

impl Formation {
    pub fn other(self) -> Formation {
        match self {
            Formation::Line => Formation::Column,
            Formation::Column => Formation::Line,
        }
    }
}

/// The Confederate Battle Plan Counters (12.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlanCounter {
    AimedVolley,
    Canister,
    Cover,
    Engage,
    FightingRetreat,
    Flank,
    Formation,
    Prepare,
    RapidAdvance,
    RapidFire,
    Volley,
}

impl PlanCounter {
    /// The range (Regions to the nearest Union Force) a counter needs on
    /// the Basic sheet when its Force acts, else the Force Holds (11.2):
    /// 12.3.1 Aimed Volley, 12.3.2 Canister, 12.3.5 Fighting Retreat,
    /// 12.3.10 Rapid Fire and 12.3.11 Volley 1; 12.3.6 Flank 2; 12.3.9
    /// Rapid Advance 3. None for the others. For advice: the counter the
    /// rules will refuse at the range as it stands (issue 48).
    pub fn basic_range_needed(self) -> Option<i32> {
        match self {
            PlanCounter::AimedVolley
            | PlanCounter::Canister
            | PlanCounter::FightingRetreat
            | PlanCounter::RapidFire
            | PlanCounter::Volley => Some(1),
            PlanCounter::Flank => Some(2),
            PlanCounter::RapidAdvance => Some(3),
            PlanCounter::Cover
            | PlanCounter::Engage
            | PlanCounter::Formation
            | PlanCounter::Prepare => None,
        }
    }

    /// A12.3: how many Squares from its declared target a Force must
    /// stand when it acts for this counter to be carried out (Flank
    /// exactly 2, Rapid Advance exactly 3); none for the others.
    pub fn aim_distance(self) -> Option<i32> {
        match self {
            PlanCounter::Flank => Some(2),
            PlanCounter::RapidAdvance => Some(3),
            _ => None,
        }
    }

    pub const ALL: [PlanCounter; 11] = [
        PlanCounter::AimedVolley,
        PlanCounter::Canister,
        PlanCounter::Cover,
        PlanCounter::Engage,
        PlanCounter::FightingRetreat,
        PlanCounter::Flank,
        PlanCounter::Formation,
        PlanCounter::Prepare,
        PlanCounter::RapidAdvance,
        PlanCounter::RapidFire,
        PlanCounter::Volley,
    ];

    pub fn rule(self) -> &'static str {
        match self {
            PlanCounter::AimedVolley => "12.3.1",
            PlanCounter::Canister => "12.3.2",
            PlanCounter::Cover => "12.3.3",
            PlanCounter::Engage => "12.3.4",
            PlanCounter::FightingRetreat => "12.3.5",
            PlanCounter::Flank => "12.3.6",
            PlanCounter::Formation => "12.3.7",
            PlanCounter::Prepare => "12.3.8",
            PlanCounter::RapidAdvance => "12.3.9",
            PlanCounter::RapidFire => "12.3.10",
            PlanCounter::Volley => "12.3.11",
        }
    }

    /// The orders in a line (the Player Aid's summary).
    pub fn summary(self) -> &'static str {
        match self {
            PlanCounter::AimedVolley => {
                "Infantry in Line only. Activate; attack at +3/+1 if Union Forces are at range 1."
            }
            PlanCounter::Canister => {
                "Artillery and Fortifications. Automatic at range 1: attack at +2/+2."
            }
            PlanCounter::Cover => {
                "Activate; stay in place; Union attacks on it -1/-1, +1 to Shock checks against Charge!."
            }
            PlanCounter::Engage => {
                "Column: automatic. Advance (a Union Force there makes a Shock check); unless in Melee, change to Line and attack at +1/+1 at range 1."
            }
            PlanCounter::FightingRetreat => {
                "Infantry, Cavalry at range 1. Activate (-2 in Line); attack at -2/-2 in Column, -1/-1 in Line; then Retreat 2 Regions."
            }
            PlanCounter::Flank => {
                "At range 2. Column: automatic. Advance twice; the Union Force entered makes a Shock check at -3; else attack (-2/-2 in Column)."
            }
            PlanCounter::Formation => {
                "Beside the sheet: once this turn, change the Formation of up to 3 Forces, Melee too."
            }
            PlanCounter::Prepare => {
                "Automatic, on any Force, Melee too: its plan or Default Battle Plan acts before the Union's."
            }
            PlanCounter::RapidAdvance => {
                "Infantry at range 3. Activate (-2 in Line); Advance twice; in Line attack at -1/-1 (no attack in Column)."
            }
            PlanCounter::RapidFire => {
                "Infantry. Line: automatic. Two attacks at range 1, at -1/-1 and -2/-2."
            }
            PlanCounter::Volley => {
                "Infantry. Line: automatic. Attack at +2/+0 if Union Forces are at range 1."
            }
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            PlanCounter::AimedVolley => "Aimed Volley",
            PlanCounter::Canister => "Canister",
            PlanCounter::Cover => "Cover",
            PlanCounter::Engage => "Engage",
            PlanCounter::FightingRetreat => "Fighting Retreat",
            PlanCounter::Flank => "Flank",
            PlanCounter::Formation => "Formation",
            PlanCounter::Prepare => "Prepare",
            PlanCounter::RapidAdvance => "Rapid Advance",
            PlanCounter::RapidFire => "Rapid Fire",
            PlanCounter::Volley => "Volley",
        }
    }
}

/// Union tactics for a battle turn (13.0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tactics {
    Aggressive,
    Defensive,
}
