//! The battlefield sheet as the player sees it, on any sheet: the frames of
//! a battle's record (`battle::record`).

use super::Sheet;
use super::plans::refusal;
use crate::campaign::Side;
use crate::rules::battle::field::Field;
use crate::rules::battle::record::{SheetUnit, SheetView};
use crate::rules::battle::terms::PlanCounter;
use crate::rules::board::Board;
use crate::rules::components::Strength;
use crate::rules::ctx::Ctx;
use crate::rules::decision::Request;

/// The sheet for display; `refusals` adds why each Battle Plan Counter may
/// not be attached (asked at 12.2 only, to keep the record small).
pub fn sheet_view<P: Sheet>(f: &Field<P>, ctx: &Ctx, refusals: bool) -> SheetView {
    let board = &*ctx.board;
    let units = f
        .units
        .indices()
        .map(|k| {
            let u = &f.units[k];
            let p = &board.pieces[u.piece];
            let refusals = if refusals && u.side == Side::Confederate {
                PlanCounter::ALL
                    .into_iter()
                    .filter_map(|plan| refusal(f, k, plan).map(|why| (plan, why)))
                    .collect()
            } else {
                Vec::new()
            };
            let (region, square) = u.at().shown();
            SheetUnit {
                force: p.force.id.clone(),
                side: u.side,
                region,
                square,
                target: u.target.map(|t| board.pieces[t].force.id.clone()),
                // A12.3: no longer as far from its target as its counter
                // needs (driven back, by Broken say): it will hold.
                aim_lost: u.target.is_some_and(|t| {
                    let want = u.counter.and_then(PlanCounter::aim_distance);
                    let now = f.unit_of(t).map(|tk| u.at().distance(f.units[tk].at()));
                    want.is_some_and(|d| now != Some(d))
                }),
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
                in_melee: f.in_melee(k),
                passing: u.passing,
                range: P::range_of(f, k),
                refusals,
                relations: P::relations(f, k),
                reach: P::reach(board, f, k),
            }
        })
        .collect();
    SheetView {
        turn: f.turn,
        turns: f.turns,
        quantity: f.quantity,
        assigned: f.assigned,
        union_quantity: f.union_quantity,
        tactics: f.tactics,
        confederate_combat: f.combat_total(board, Side::Confederate),
        union_combat: f.combat_total(board, Side::Union),
        lee: f.lee,
        units,
        cup: f.cup.clone(),
        drawn: f.drawn.clone(),
        disrupted: f.disrupted.clone(),
        insights: f.insights.iter().map(|s| (s.insight, s.spent)).collect(),
        formation_counter: f.formation_counter,
        routed: f.routed,
        columns: f.columns,
        objectives: f.objectives.iter().filter_map(|o| o.shown().1).collect(),
        hits: f.stand_alone.then(|| f.hits_suffered(board)),
        confused: f.confused.clone(),
    }
}

/// The battle's latest recorded sheet, if any.
fn last_frame<'a>(ctx: &'a Ctx) -> Option<&'a SheetView> {
    use crate::rules::battle::record::EventKind;
    ctx.board
        .battles
        .as_ref()
        .and_then(|r| r.battles.last())
        .and_then(|b| {
            b.events.iter().rev().find_map(|e| match &e.kind {
                EventKind::Sheet { sheet, .. } => Some(sheet),
                _ => None,
            })
        })
}

/// Record the sheet as it stands now in the battle's record, with a
/// caption, unless it is the same as the last frame.
pub fn record<P: Sheet>(ctx: &mut Ctx, f: &Field<P>, caption: String, refusals: bool) {
    use crate::rules::battle::record::EventKind;
    let sheet = sheet_view(f, ctx, refusals);
    let same = last_frame(ctx).is_some_and(|last| *last == sheet);
    if !same {
        ctx.record(EventKind::Sheet { caption, sheet });
    }
}

impl Ctx<'_> {
    /// A question with the sheet as it stands when asked, for the window (a
    /// pending step is not written back until it is answered); only when the
    /// battle is recorded, so simulations make none.
    ///
    /// `ask_about` has just recorded the sheet as a frame (or found it the
    /// same as the last one): that frame is the sheet, not built a second
    /// time.
    pub fn with_sheet<P: Sheet>(&self, request: &mut Request, f: &Field<P>) {
        if self.recording() {
            let refusals = request.rule == "12.2";
            let sheet = last_frame(self)
                .cloned()
                .unwrap_or_else(|| sheet_view(f, self, refusals));
            request.sheet = Some(Box::new(sheet));
        }
    }

    /// The sheet after a change, with a caption saying what changed;
    /// nothing when it did not change or nothing is recorded.
    pub fn frame<P: Sheet>(&mut self, f: &Field<P>, caption: impl FnOnce(&Board) -> String) {
        self.frame_with(f, caption, false);
    }

    /// [`Ctx::frame`], with the reasons for refused Battle Plan Counters.
    pub fn frame_with<P: Sheet>(
        &mut self,
        f: &Field<P>,
        caption: impl FnOnce(&Board) -> String,
        refusals: bool,
    ) {
        if !self.recording() {
            return;
        }
        let caption = caption(self.board);
        record(self, f, caption, refusals);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::battle::advanced::testing::run;
    use crate::rules::battle::terms::Formation;

    /// On the Regions nothing of the Squares is filled in, and nothing of
    /// it is written: the Basic sheet's frames stay as they were.
    #[test]
    fn the_regions_have_no_relations() {
        let b = crate::rules::battle::advanced::testing::glendale(&["slocum", "longstreet"]);
        let mut f: Field<crate::rules::battle::ground::Region> = Field::new("glendale", false, 4);
        for (id, at) in [
            ("slocum", crate::rules::battle::ground::Region::UnionFront),
            (
                "longstreet",
                crate::rules::battle::ground::Region::ConfederateFront,
            ),
        ] {
            let pid = b.index(id).unwrap();
            let side = b.pieces[pid].force.side;
            f.units.push(crate::rules::battle::field::Unit::new(
                &b,
                pid,
                side,
                at,
                Formation::Line,
            ));
        }
        let s = run(&mut b.clone(), &[], Vec::new(), |ctx| {
            sheet_view(&f, ctx, false)
        })
        .0;
        assert!(
            s.units
                .iter()
                .all(|u| u.relations.is_empty() && u.reach.is_empty())
        );
        let json = serde_json::to_string(&s).unwrap();
        assert!(
            !json.contains("relations") && !json.contains("reach"),
            "{json}"
        );
    }
}
