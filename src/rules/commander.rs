//! Scripted commanders: policies that answer the Confederate player's
//! decisions through the same legal-decision interface as the GUI. Used by
//! tests, `fcrel battle` and (later) `fcrel simulate`.

use serde::{Deserialize, Serialize};

use super::board::Board;
use super::decision::{Decider, Decision, Interrupt, Request};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Policy {
    /// Keeps its Scouts, retreats from losing fights, protects Lee.
    #[default]
    Cautious,
    /// Fights every battle out.
    Bold,
}

impl Policy {
    pub fn by_name(name: &str) -> Option<Policy> {
        match name {
            "cautious" => Some(Policy::Cautious),
            "bold" => Some(Policy::Bold),
            _ => None,
        }
    }
}

impl Decider for Policy {
    fn decide(&mut self, _board: &Board, request: Request) -> Result<Decision, Interrupt> {
        let has = |d: &Decision| request.options.contains(d);
        let first = request.options[0].clone();
        let s = request.situation;
        let choice = match request.options.first() {
            Some(Decision::AcceptFogOfWar) => Decision::AcceptFogOfWar,
            Some(Decision::DeclineBrigade) => request
                .options
                .iter()
                .find(|d| matches!(d, Decision::BuyBrigade { .. }))
                .cloned()
                .unwrap_or(first),
            Some(Decision::ShiftColumn { .. }) => {
                // Right helps the attacker: use it at once, toward the
                // Confederates.
                let toward = match s {
                    Some(s) if s.confederates_attack => 1,
                    _ => -1,
                };
                Decision::ShiftColumn { shift: toward }
            }
            Some(Decision::FightOn) => match (self, s) {
                (Policy::Cautious, Some(s))
                    if s.union_combat * 2 >= s.confederate_combat * 3
                        || (s.lee_present && s.union_combat > s.confederate_combat) =>
                {
                    Decision::VoluntaryRetreat
                }
                _ => Decision::FightOn,
            },
            Some(Decision::Rejoin) => match (self, s) {
                (Policy::Cautious, Some(s))
                    if s.lee_present && s.union_combat >= s.confederate_combat =>
                {
                    Decision::RetreatInsteadOfRejoin
                }
                _ => Decision::Rejoin,
            },
            _ => first,
        };
        debug_assert!(has(&choice));
        Ok(choice)
    }
}
