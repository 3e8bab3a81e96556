//! Developer tools, added only when asked for on the command line: the
//! screenshot tour (`--screenshots DIR`) and frame timing
//! (`--frame-times`).

pub mod frames;
pub mod screenshots;
