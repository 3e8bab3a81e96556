//! The Advanced Battle Rules (A10.0–A15.0) on the Advanced Battlefield
//! Sheet's Squares, in progress (issue 19). Here so far: the sheet's room
//! and invariants (`field`); the set-up (`placement`: the player places
//! each Confederate Force in a Square of its Rows, the Union is placed by
//! the rules, A10.2.14; Formations, A13.1, A13.3; Terrain, A10.2.12); whom
//! a Force may attack, the Union's targets, the modifiers of where Forces
//! stand and the Union's order (`attack`: A11.5–A11.7, A14.2.2, A14.2.2.1,
//! A14.3); March Squares, Retreats and the Union's Advance (`movement`:
//! A11.0, A11.3, A14.2.1); each Union Force's Default Battle Plan (`union`:
//! A13.1, A13.3, A14.2, A11.1). The battle-turn procedure, the Shock attack with
//! its Flank and Rear modifiers included, is the one every sheet shares
//! (`battle::turns`); the Squares' `Sheet` is what remains.

pub mod attack;
pub mod field;
pub mod movement;
pub mod placement;
pub mod union;

#[cfg(test)]
pub(crate) mod testing;
