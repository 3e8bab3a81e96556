//! fcrel: a solitaire companion for *Field Commander: Robert E. Lee*.
//!
//! The rulebook (`shared/rules/fc-rel-rulebook.txt`) is the specification;
//! code cites its rule numbers. See `docs/architecture.md` for the map of
//! the code.

pub mod app;
pub mod campaign;
pub mod chronicle;
pub mod cli;
pub mod dice;
pub mod luck;
pub mod odds;
pub mod player_log;
pub mod reference;
pub mod report;
pub mod rules;
pub mod save;
pub mod scenario;
pub mod settings;
pub mod sim;
pub mod store;

pub use rules::RulesPlugin;
