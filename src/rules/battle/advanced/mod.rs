//! The Advanced Battle Rules (A10.0–A15.0) on the Advanced Battlefield
//! Sheet's Squares. What is here so far (issue 19): the sheet's room and
//! invariants, where each army is placed (A10.2.14) and in which Formation
//! (A13.1, A13.3), Terrain's limit (A10.2.12), whom a Force may attack and
//! the Union's targets (A11.6–A11.7, A14.2.2, A14.2.2.1), where a Force may
//! March, where it Retreats and where the Union Advances (A11.0, A11.3,
//! A14.2.1), the modifiers of
//! where Forces stand (A11.5, A11.7.2), the Union's order of resolution
//! (A14.3). The Shock check's Flank and Rear modifiers (A11.4.2.2–A11.4.2.3)
//! are part of the Shock attack every sheet shares (`battle::turns::shock`). The
//! battle-turn procedure is the one every sheet shares (`battle::turns`);
//! the Squares' `Sheet` comes with the rest of the Advanced rules.

pub mod attack;
pub mod field;
pub mod movement;
pub mod placement;
