//! The ground a battle is fought on: the places of a battlefield sheet and
//! the questions the rules ask of them ([`Ground`]). Basic battles use the
//! Battlefield Sheet's six Regions (10.2.14); the Advanced Battle Rules the
//! Squares of the Advanced Battlefield Sheet (A10.2.14).

mod questions;
mod regions;
mod squares;

pub use questions::{Facing, Ground};
pub use regions::Region;
pub use squares::Square;
