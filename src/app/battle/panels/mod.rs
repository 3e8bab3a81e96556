//! The battle panels beside the sheet or the map, one module each: the
//! pre-battle panel ([`pre_battle`]: the Fog of War table with the rolled
//! row, the Envelopment check against its 3:1 line), the Quick and Very
//! Quick panel ([`quick`]: the campaign's Battle Resolution Table with the
//! column, each shift and the roll), the Withdrawal and the ending
//! ([`ending`]), the battle log ([`log`]), and the decision panel for the
//! questions the rules ask during a battle ([`decision`]), which gives
//! each question its layout (one module each). Only the rules' legal
//! options are offered; what is not allowed says why on hover.

mod assignment;
mod between;
mod cup;
mod decision;
mod ending;
mod insights;
mod log;
mod march;
mod order;
mod placement;
mod pre_battle;
mod quick;
mod set_up;
mod shared;
mod targets;

pub use decision::decision;
pub use ending::withdrawal_and_ending;
pub use log::battle_log;
pub use pre_battle::pre_battle;
pub use quick::quick_panel;
pub use shared::mode_name;
