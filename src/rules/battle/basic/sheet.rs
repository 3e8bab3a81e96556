//! The Battlefield Sheet's six Regions as the geometry of the shared
//! battle-turn procedure (`battle::turns`).

use super::combat::{RetreatKind, retreat};
use super::confederate;
use super::field::Field;
use crate::rules::battle::ground::{Region, Square};
use crate::rules::battle::turns::{R, Sheet, plans};
use crate::rules::board::Board;
use crate::rules::components::SpecialBattlePlan;
use crate::rules::ctx::Ctx;
use crate::rules::decision::Request;
use crate::rules::difficulty::BattleMode;

impl Sheet for Region {
    const MODE: BattleMode = BattleMode::Basic;
    const RULES: &'static str = "Basic Battle Rules, on the Battlefield Sheet";

    fn place_confederates(ctx: &mut Ctx, f: &mut Field, off: &[usize]) -> R<()> {
        super::place_confederates(ctx, f, off)
    }

    fn place_union(ctx: &mut Ctx, f: &mut Field) -> R<()> {
        super::place_union(ctx, f)
    }

    fn shown(self) -> (Region, Option<Square>) {
        (self, None)
    }

    fn range_of(f: &Field, k: usize) -> Option<i32> {
        f.range_to_enemy(k)
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

    fn assign(ctx: &mut Ctx, f: &mut Field) -> R<()> {
        plans::assign(ctx, f)?;
        plans::take_cover(ctx, f)
    }

    fn resolve_confederate(ctx: &mut Ctx, f: &mut Field, prepared_only: bool) -> R<()> {
        confederate::resolve(ctx, f, prepared_only)
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
