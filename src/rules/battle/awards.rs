//! 15.3 and 18.4 Command Points from battles, every sheet and mode alike:
//! a Force first entering an enemy Region (on the Squares, the Row that
//! stands for it, A10.2.14), and Routing or Enveloping the enemy army.

use crate::campaign::Side;
use crate::rules::battle::ground::Region;
use crate::rules::ctx::Ctx;

/// Which Regions Union Forces have first entered (18.4) and whether a
/// Confederate Force has entered the Union Reserve (15.3).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FirstEntries {
    pub union_in: Vec<Region>,
    pub confederate_in_union_reserve: bool,
}

/// A Force of `side` comes into `region` from another (18.4 "first
/// enters"; a move within a Region or Row enters none): the Command Point
/// of the first entry, chronicled with `place`, the sheet's name for it
/// ("the Confederate Front", "Row D (the Confederate Front)").
pub fn first_entry(
    ctx: &mut Ctx,
    entries: &mut FirstEntries,
    side: Side,
    region: Region,
    place: impl FnOnce() -> String,
) {
    match side {
        Side::Union => {
            if region.half() == Side::Confederate && !entries.union_in.contains(&region) {
                entries.union_in.push(region);
                ctx.board.cp.union += 1;
                note!(
                    ctx,
                    "18.4",
                    "+1 Union Command Point: a Union Force first enters {}.",
                    place()
                );
            }
        }
        Side::Confederate => {
            if region == Region::UnionReserve && !entries.confederate_in_union_reserve {
                entries.confederate_in_union_reserve = true;
                ctx.board.cp.confederate += 1;
                note!(
                    ctx,
                    "15.3",
                    "+1 Confederate Command Point: a Confederate Force first enters {}.",
                    place()
                );
            }
        }
    }
}

/// How a battle was won, for its Command Points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Win {
    /// 14.5 Rout.
    Rout,
    /// 10.2.9 Envelopment.
    Envelopment,
}

/// The Command Points the winner earns when `loser` is Routed or
/// Enveloped: +1 Confederate (15.3), +2 Union (18.4).
pub fn win_award(ctx: &mut Ctx, loser: Side, how: Win) {
    let doing = match how {
        Win::Rout => "Routing",
        Win::Envelopment => "Enveloping",
    };
    match loser {
        Side::Union => {
            ctx.board.cp.confederate += 1;
            note!(
                ctx,
                "15.3",
                "+1 Confederate Command Point for {doing} the Union."
            );
        }
        Side::Confederate => {
            ctx.board.cp.union += 2;
            note!(
                ctx,
                "18.4",
                "+2 Union Command Points for {doing} the Confederates."
            );
        }
    }
}
