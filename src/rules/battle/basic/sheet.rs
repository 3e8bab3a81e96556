//! The Battlefield Sheet's six Regions as the geometry of the shared
//! battle-turn procedure (`battle::turns`).

use super::combat::{RetreatKind, retreat};
use super::confederate;
use super::field::{Field, Occupancy};
use crate::campaign::Side;
use crate::rules::battle::field::Slot;
use crate::rules::battle::ground::{Region, Square};
use crate::rules::battle::terms::PlanCounter;
use crate::rules::battle::turns::{R, Sheet, plans, resolve};
use crate::rules::board::{Board, PieceIx};
use crate::rules::components::SpecialBattlePlan;
use crate::rules::ctx::Ctx;
use crate::rules::decision::{Decision, DefaultPlan, UnitView};
use crate::rules::difficulty::BattleMode;

impl Sheet for Region {
    const MODE: BattleMode = BattleMode::Basic;
    const RULES: &'static str = "Basic Battle Rules, on the Battlefield Sheet";

    fn place_confederates(ctx: &mut Ctx, f: &mut Field, off: &[PieceIx]) -> R<()> {
        super::place_confederates(ctx, f, off)
    }

    fn place_union(ctx: &mut Ctx, f: &mut Field) -> R<()> {
        super::place_union(ctx, f)
    }

    fn shown(self) -> (Region, Option<Square>) {
        (self, None)
    }

    fn range_of(f: &Field, k: Slot) -> Option<i32> {
        f.range_to_enemy(k)
    }

    fn shock_retreat(ctx: &mut Ctx, f: &mut Field, pid: PieceIx) -> R<()> {
        retreat(ctx, f, pid, RetreatKind::ShockFailure, "11.4.2")
    }

    fn move_into(ctx: &mut Ctx, f: &mut Field, pid: PieceIx, to: Region) {
        super::combat::move_into(ctx, f, pid, to)
    }

    fn ordered_retreat(ctx: &mut Ctx, f: &mut Field, pid: PieceIx, rule: &'static str) -> R<()> {
        retreat(ctx, f, pid, RetreatKind::Ordered, rule)
    }

    fn push_back(ctx: &mut Ctx, f: &mut Field, pid: PieceIx, rule: &'static str) -> R<()> {
        retreat(ctx, f, pid, RetreatKind::Push, rule)
    }

    fn resolve_drawn(ctx: &mut Ctx, f: &mut Field, plan: SpecialBattlePlan) -> R<bool> {
        super::union::resolve_drawn(ctx, f, plan)
    }

    fn assign(ctx: &mut Ctx, f: &mut Field) -> R<()> {
        plans::assign(ctx, f)?;
        plans::take_cover(ctx, f)
    }

    const RESOLVE_RULE: &'static str = "14.4";

    fn confederate_options(ctx: &Ctx, f: &Field, ready: &[Slot]) -> Vec<Decision> {
        // One reading of the sheet answers for every Force (`Occupancy`).
        let at = Occupancy::of(f);
        resolve::act_options(
            f,
            ready,
            |k| at.melee(f.units[k].at()),
            |k, options| confederate::defaults(ctx, f, &at, k, resolve::act(options, f.id(k))),
        )
    }

    fn run_counter(ctx: &mut Ctx, f: &mut Field, pid: PieceIx, plan: PlanCounter) -> R<()> {
        confederate::run_counter(ctx, f, pid, plan)
    }

    fn run_default(ctx: &mut Ctx, f: &mut Field, pid: PieceIx, plan: DefaultPlan) -> R<()> {
        confederate::run_default(ctx, f, pid, plan)
    }

    fn static_fire(ctx: &mut Ctx, f: &mut Field, pid: PieceIx) -> R<()> {
        confederate::static_fire(ctx, f, pid)
    }

    fn rout_retreat(ctx: &mut Ctx, f: &mut Field, side: Side) -> R<()> {
        // 12.4.5 Retreat; 14.2.3 for every Union Mobile Force, its
        // Artillery captured at the Rout (14.5).
        let rule = match side {
            Side::Confederate => "12.4.5",
            Side::Union => "14.2.3",
        };
        super::combat::rout_retreat(ctx, f, side, rule)
    }

    fn union_order(_ctx: &mut Ctx, f: &Field) -> R<Vec<PieceIx>> {
        Ok(super::union::union_order(f))
    }

    fn union_default(ctx: &mut Ctx, f: &mut Field, pid: PieceIx) -> R<()> {
        super::union::union_default(ctx, f, pid)
    }

    fn unit_views(f: &Field) -> Vec<UnitView> {
        f.view()
    }

    type Standing = Occupancy;

    fn standing(f: &Field) -> Occupancy {
        Occupancy::regions_of(f)
    }

    fn unit_view(f: &Field, at: &Occupancy, k: Slot) -> UnitView {
        f.unit_view(at, k)
    }

    fn problem(f: &Field, board: &Board) -> Option<String> {
        f.problem(board)
    }
}
