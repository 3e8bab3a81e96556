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

/// Load a bundled campaign by id (`seven-days`, …). An id with no file
/// names the ids there are.
pub fn load_bundled(id: &str) -> Result<Campaign, Vec<Problem>> {
    let path = bundled_dir().join(format!("{id}.json"));
    if !path.is_file() {
        return Err(vec![Problem {
            file: path,
            place: Place::File,
            message: format!(
                "no bundled campaign \"{id}\"; the campaigns are: {}",
                bundled_ids().join(", ")
            ),
        }]);
    }
    load_campaign_file(&path)
}

/// The ids of the bundled campaign files, in the order of the war (their
/// Grand Campaign order when they load, else by name).
pub fn bundled_ids() -> Vec<String> {
    let mut ids: Vec<(u32, String)> = std::fs::read_dir(bundled_dir())
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .filter_map(|p| {
            let id = p.file_stem()?.to_str()?.to_string();
            let order = load_campaign_file(&p).map_or(u32::MAX, |c| c.grand_campaign_order);
            Some((order, id))
        })
        .collect();
    ids.sort();
    ids.into_iter().map(|(_, id)| id).collect()
}
