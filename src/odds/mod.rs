//! `fcrel odds`: the odds of a pending battle, by fighting it thousands of
//! times (Monte Carlo) with the real Union AI and a scripted commander
//! answering the Confederate decisions.
//!
//! The battle comes from a scenario file (the `fcrel battle` format) or from
//! a save waiting at a battle. Trial `t` rolls `Dice::seeded(game_seed(seed,
//! t))` on its own clone of the battle's starting board, so every trial is
//! reproducible alone and the results do not depend on the number of
//! threads: the trials are split into contiguous chunks, one per thread, and
//! the per-trial figures are summed as integers (exact, so the merged totals
//! are the same in any order). Output format: `docs/odds.md`.

//!
//! `locate` finds the battle (a scenario, or the battle a save waits at) and
//! prepares its starting board; `trials` fights it and tallies the endings;
//! `stats` holds the intervals; `report` words the figures.

pub mod advise;
pub mod bench;
pub mod locate;
pub mod report;
pub mod stats;
pub mod trials;
