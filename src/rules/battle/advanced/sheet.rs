//! The Advanced Battlefield Sheet's Squares as the geometry of the shared
//! battle-turn procedure (`battle::turns`).

use super::field::{Field, Occupancy};
use super::moves::{RetreatKind, move_into, retreat};
use super::{confederate, placement, union};
use crate::campaign::Side;
use crate::rules::battle::field::Slot;
use crate::rules::battle::ground::{Ground, Region, Square};
use crate::rules::battle::record::Relation;
use crate::rules::battle::terms::PlanCounter;
use crate::rules::battle::turns::{R, Sheet, plans, resolve};
use crate::rules::board::{Board, PieceIx};
use crate::rules::components::SpecialBattlePlan;
use crate::rules::ctx::Ctx;
use crate::rules::decision::{Decision, DefaultPlan, UnitView};
use crate::rules::difficulty::BattleMode;

impl Sheet for Square {
    const MODE: BattleMode = BattleMode::Advanced;
    const RULES: &'static str = "Advanced Battle Rules, on the Advanced Battlefield Sheet";
    const DECLARES_TARGETS: bool = true;

    fn place_confederates(ctx: &mut Ctx, f: &mut Field, off: &[PieceIx]) -> R<()> {
        placement::place_confederates(ctx, f, off)
    }

    fn place_union(ctx: &mut Ctx, f: &mut Field) -> R<()> {
        placement::place_union(ctx, f)
    }

    fn shown(self) -> (Region, Option<Square>) {
        (self.region(), Some(self))
    }

    fn range_of(f: &Field, k: Slot) -> Option<i32> {
        f.range_to_enemy(k)
    }

    /// R-A11.4.4: the captured Artillery's Square when it holds no Force
    /// of the captor, else the nearest Square that holds none.
    fn substitute_at(f: &Field, at: Square, captor: Side) -> Square {
        nearest_room(f, at, captor)
    }

    fn shock_retreat(ctx: &mut Ctx, f: &mut Field, pid: PieceIx) -> R<()> {
        retreat(ctx, f, pid, RetreatKind::ShockFailure, "A11.4.2")
    }

    fn move_into(ctx: &mut Ctx, f: &mut Field, pid: PieceIx, to: Square) {
        // A Shock attack that captured Artillery finds the captor's
        // substitute in the Square it enters: the guns are drawn off to
        // the nearest Square with room (R-A11.4.4).
        if let Some(k) = f.unit_of(pid) {
            let side = f.units[k].side;
            for j in f.units_at(to, side) {
                if j != k {
                    let room = nearest_room(f, to, side);
                    f.units.set_at(j, room);
                }
            }
        }
        move_into(ctx, f, pid, to)
    }

    fn ordered_retreat(ctx: &mut Ctx, f: &mut Field, pid: PieceIx, rule: &'static str) -> R<()> {
        retreat(ctx, f, pid, RetreatKind::Ordered, rule)
    }

    fn push_back(ctx: &mut Ctx, f: &mut Field, pid: PieceIx, rule: &'static str) -> R<()> {
        retreat(ctx, f, pid, RetreatKind::Pushed, rule)
    }

    fn objective_charge(ctx: &mut Ctx, f: &mut Field) -> R<bool> {
        union::objective_charge(ctx, f)
    }

    fn resolve_drawn(ctx: &mut Ctx, f: &mut Field, plan: SpecialBattlePlan) -> R<bool> {
        union::resolve_drawn(ctx, f, plan)
    }

    fn assign(ctx: &mut Ctx, f: &mut Field) -> R<()> {
        plans::assign(ctx, f)?;
        plans::take_cover(ctx, f)
    }

    const RESOLVE_RULE: &'static str = "A14.4";

    fn confederate_options(ctx: &Ctx, f: &Field, ready: &[Slot]) -> Vec<Decision> {
        // One reading of the sheet answers for every Force (`Occupancy`).
        let at = Occupancy::of(f);
        resolve::act_options(
            f,
            ready,
            |k| at.any(f.units[k].at(), f.units[k].side.other()),
            |k, options| {
                confederate::defaults_into(ctx.board, f, &at, k, resolve::act(options, f.id(k)))
            },
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
        super::moves::rout_retreat(ctx, f, side, "A14.5")
    }

    fn union_order(ctx: &mut Ctx, f: &Field) -> R<Vec<PieceIx>> {
        let order = super::attack::union_order(ctx, f)?;
        Ok(order.into_iter().map(|k| f.units[k].piece).collect())
    }

    fn union_default(ctx: &mut Ctx, f: &mut Field, pid: PieceIx) -> R<()> {
        union::run_default(ctx, f, pid)
    }

    fn relations(f: &Field, k: Slot) -> Vec<Relation> {
        super::view::relations(f, k)
    }

    fn reach(board: &Board, f: &Field, k: Slot) -> Vec<Square> {
        super::view::reach(board, f, k)
    }

    fn unit_views(f: &Field) -> Vec<UnitView> {
        f.view()
    }

    type Standing = Occupancy;

    fn standing(f: &Field) -> Occupancy {
        Occupancy::of(f)
    }

    fn unit_view(f: &Field, at: &Occupancy, k: Slot) -> UnitView {
        f.unit_view(at, k)
    }

    fn problem(f: &Field, board: &Board) -> Option<String> {
        f.problem(board)
    }
}

/// `at` when it holds no Force of `side`, else the nearest Square that
/// holds no Force at all (one with only an enemy Force if none is empty),
/// those toward `side`'s own edge first (R-A11.4.4).
fn nearest_room(f: &Field, at: Square, side: Side) -> Square {
    if f.has_room(at, side) {
        return at;
    }
    f.squares()
        .filter(|s| f.has_room(*s, side))
        .min_by_key(|s| {
            let enemy = f.any_at(*s, side.other());
            (enemy, s.distance(at), s.depth(side), s.column())
        })
        .unwrap_or(at)
}
