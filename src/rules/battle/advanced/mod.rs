//! The Advanced Battle Rules (A10.0–A15.0) on the Advanced Battlefield
//! Sheet's Squares. The battle-turn procedure, the Shock attack with its
//! Flank and Rear modifiers included, is the one every sheet shares
//! (`battle::turns`); here is what the Squares change: the sheet's room and
//! invariants (`field`); the set-up (`placement`: the player places each
//! Confederate Force in a Square of its Rows, the Union is placed by the
//! rules, A10.2.14; Formations, A13.1, A13.3; Terrain, A10.2.12); whom a
//! Force may attack, the Union's targets, the modifiers of where Forces
//! stand and the Union's order (`attack`: A11.5–A11.7, A14.2.2, A14.2.2.1,
//! A14.3); March Squares, Retreats and the Union's Advance (`movement`:
//! A11.0, A11.3, A14.2.1) and carrying them out (`moves`: first entries,
//! A14.5 Rout); one attack on one Force and a move into a Square
//! (`combat`: A11.4, A11.6–A11.9); the Confederate Battle Plans (`confederate`:
//! A11.1, A12.3, A12.4, A14.4); the Union's (`union`: A14.1–A14.3); the
//! `Sheet` the shared procedure asks (`sheet`); Battle-Pack-style
//! stand-alone battles on the modified sheet (`stand_alone`).

pub mod attack;
pub mod battle_pack;
pub mod combat;
pub mod confederate;
pub mod field;
pub mod movement;
pub mod moves;
pub mod placement;
mod sheet;
pub mod stand_alone;
pub mod union;
pub mod view;

use crate::rules::battle::ground::Square;
use crate::rules::battle::turns::R;
use crate::rules::battle::{BattleSpec, Outcome};
use crate::rules::ctx::Ctx;

/// Fight an Advanced battle to its end, Rejoins included.
pub fn fight(ctx: &mut Ctx, spec: &BattleSpec) -> R<Outcome> {
    crate::rules::battle::turns::fight::fight::<Square>(ctx, spec)
}

#[cfg(test)]
pub(crate) mod testing;
