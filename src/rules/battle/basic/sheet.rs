//! The Battlefield Sheet's six Regions as the geometry of the shared
//! battle-turn procedure (`battle::turns`).

use super::combat::{RetreatKind, retreat};
use super::confederate;
use super::field::Field;
use crate::rules::battle::ground::Region;
use crate::rules::battle::record::EventKind;
use crate::rules::battle::turns::ask_on;
use crate::rules::battle::turns::{R, Sheet, plans};
use crate::rules::board::Board;
use crate::rules::components::SpecialBattlePlan;
use crate::rules::ctx::Ctx;
use crate::rules::decision::{Decision, Request};
use crate::rules::difficulty::BattleMode;

impl Sheet for Region {
    const MODE: BattleMode = BattleMode::Basic;
    const RULES: &'static str = "Basic Battle Rules, on the Battlefield Sheet";

    fn place(ctx: &mut Ctx, f: &mut Field, off: &[usize], union_first: bool) -> R<()> {
        if union_first {
            super::place_union(ctx, f)?;
            super::place_confederates(ctx, f, off)?;
        } else {
            super::place_confederates(ctx, f, off)?;
            super::place_union(ctx, f)?;
        }
        Ok(())
    }

    fn record(ctx: &mut Ctx, f: &Field, caption: String, refusals: bool) {
        let sheet = f.sheet(ctx, refusals);
        let same = ctx
            .board
            .battles
            .as_ref()
            .and_then(|r| r.battles.last())
            .and_then(|b| {
                b.events.iter().rev().find_map(|e| match &e.kind {
                    EventKind::Sheet { sheet, .. } => Some(sheet),
                    _ => None,
                })
            })
            .is_some_and(|last| *last == sheet);
        if !same {
            ctx.record(EventKind::Sheet { caption, sheet });
        }
    }

    fn shock_retreat(ctx: &mut Ctx, f: &mut Field, pid: usize) -> R<()> {
        retreat(ctx, f, pid, RetreatKind::ShockFailure, "11.4.2")
    }

    fn move_into(ctx: &mut Ctx, f: &mut Field, pid: usize, to: Region) {
        super::combat::move_into(ctx, f, pid, to)
    }

    fn push_back(ctx: &mut Ctx, f: &mut Field, pid: usize, rule: &'static str) -> R<()> {
        retreat(ctx, f, pid, RetreatKind::Push, rule)
    }

    fn resolve_drawn(ctx: &mut Ctx, f: &mut Field, plan: SpecialBattlePlan) -> R<bool> {
        super::union::resolve_drawn(ctx, f, plan)
    }

    fn insights(ctx: &mut Ctx, f: &mut Field) -> R<()> {
        super::insights_step(ctx, f)
    }

    fn assign(ctx: &mut Ctx, f: &mut Field) -> R<()> {
        plans::assign(ctx, f)?;
        plans::take_cover(ctx, f)
    }

    fn resolve_confederate(ctx: &mut Ctx, f: &mut Field, prepared_only: bool) -> R<()> {
        confederate::resolve(ctx, f, prepared_only)
    }

    fn formation_counter(ctx: &mut Ctx, f: &mut Field) -> R<()> {
        let answer = ask_on(
            ctx,
            f,
            "12.3.7",
            "Use the Formation counter before the Union acts?",
            vec![Decision::EndFormationChanges, Decision::UseFormationCounter],
        )?;
        if answer == Decision::UseFormationCounter {
            confederate::use_formation_counter(ctx, f)?;
        }
        Ok(())
    }

    fn resolve_union(ctx: &mut Ctx, f: &mut Field) -> R<()> {
        super::union::resolve_union(ctx, f)
    }

    fn on_sheet(request: Request, f: &Field) -> Request {
        request.on_sheet(f.view())
    }

    fn problem(f: &Field, board: &Board) -> Option<String> {
        f.problem(board)
    }
}
