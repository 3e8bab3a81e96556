//! Campaign data: the file format, its loader and its validator.

pub mod bounds;
pub mod load;
pub mod model;
pub mod validate;

pub use load::{Place, Problem, load_campaign_file, parse_campaign};
pub use model::*;

use std::path::{Path, PathBuf};

/// The folder of bundled campaign files: `campaigns/` beside the crate, or
/// `FCREL_CAMPAIGNS` when set.
pub fn bundled_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("FCREL_CAMPAIGNS") {
        return PathBuf::from(dir);
    }
    let here = Path::new("campaigns");
    if here.is_dir() {
        return here.to_path_buf();
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join("campaigns")
}

/// Load a bundled campaign by id (`seven-days`, …).
pub fn load_bundled(id: &str) -> Result<Campaign, Vec<Problem>> {
    load_campaign_file(&bundled_dir().join(format!("{id}.json")))
}
