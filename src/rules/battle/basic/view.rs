//! The Battlefield Sheet as the front ends and the player's questions see
//! it: the view attached to a request, the frames of a battle's record
//! (`battle::record`), and asking with the sheet attached.

use super::field::{Field, Occupancy};
use crate::campaign::Side;
use crate::rules::battle::record::{SheetUnit, SheetView};
use crate::rules::battle::terms::PlanCounter;
use crate::rules::battle::turns::plans::refusal;
use crate::rules::components::Strength;
use crate::rules::ctx::Ctx;

impl Field {
    /// The sheet as the player sees it (for decisions and display).
    pub fn view(&self) -> Vec<crate::rules::decision::UnitView> {
        let at = Occupancy::regions_of(self);
        self.units
            .iter()
            .map(|u| crate::rules::decision::UnitView {
                force: u.id.clone(),
                side: u.side,
                region: u.at,
                formation: u.formation,
                counter: u.counter,
                range: at.range(u.at, u.side),
                in_melee: at.any(u.at, u.side.other()),
            })
            .collect()
    }
}

impl Field {
    /// The sheet for display; `refusals` adds why each Battle Plan Counter
    /// may not be attached (asked at 12.2 only, to keep the record small).
    pub fn sheet(&self, ctx: &Ctx, refusals: bool) -> SheetView {
        let board = &*ctx.board;
        let units = (0..self.units.len())
            .map(|k| {
                let u = &self.units[k];
                let p = &board.pieces[u.piece];
                let refusals = if refusals && u.side == Side::Confederate {
                    PlanCounter::ALL
                        .into_iter()
                        .filter_map(|plan| refusal(self, k, plan).map(|why| (plan, why)))
                        .collect()
                } else {
                    Vec::new()
                };
                SheetUnit {
                    force: p.force.id.clone(),
                    side: u.side,
                    region: u.at,
                    formation: u.formation,
                    reduced: p.strength == Strength::Reduced,
                    combat: p.combat(),
                    counter: u.counter,
                    prepare: u.prepare,
                    entrench: u.entrench,
                    hard_cover: u.hard_cover,
                    cover: u.cover,
                    acted: u.acted,
                    clear_orders: u.clear_orders.is_some(),
                    in_melee: self.in_melee(k),
                    range: self.range_to_enemy(k),
                    refusals,
                }
            })
            .collect();
        SheetView {
            turn: self.turn,
            turns: self.turns,
            quantity: self.quantity,
            assigned: self.assigned,
            union_quantity: self.union_quantity,
            tactics: self.tactics,
            confederate_combat: self.combat_total(board, Side::Confederate),
            union_combat: self.combat_total(board, Side::Union),
            lee: self.lee,
            units,
            cup: self.cup.clone(),
            drawn: self.drawn.clone(),
            disrupted: self.disrupted.clone(),
            insights: self.insights.iter().map(|s| (s.insight, s.spent)).collect(),
            formation_counter: self.formation_counter,
            routed: self.routed,
        }
    }
}
