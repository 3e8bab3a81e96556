//! Campaign data: the file format, its loader and its validator.

pub mod bounds;
pub mod geometry;
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

/// The longest campaign id (the bundled ones have at most 16 characters).
pub const MAX_ID_CHARS: usize = 40;

/// A campaign id is a plain id — ASCII letters, digits and hyphens, 1 to
/// [`MAX_ID_CHARS`] of them — never a path: every way a campaign is named
/// (a save, a scenario, `--campaign`) checks it here before any file is
/// looked for, so an id only ever names a file of the campaigns folder.
pub fn check_id(id: &str) -> Result<(), String> {
    let plain = !id.is_empty()
        && id.len() <= MAX_ID_CHARS
        && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
    if plain {
        Ok(())
    } else {
        Err(format!(
            "{} is not a campaign id: one is 1 to {MAX_ID_CHARS} letters, digits and hyphens, as \"seven-days\", never a path",
            crate::store::quote(id)
        ))
    }
}

/// Load a bundled campaign by id (`seven-days`, …; [`check_id`]) from the
/// campaigns folder ([`bundled_dir`]). An id with no file names the ids
/// there are.
pub fn load_bundled(id: &str) -> Result<Campaign, Vec<Problem>> {
    let dir = bundled_dir();
    if let Err(why) = check_id(id) {
        return Err(vec![Problem {
            file: dir,
            place: Place::File,
            message: why,
        }]);
    }
    let path = dir.join(format!("{id}.json"));
    if std::fs::symlink_metadata(&path).is_err() {
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
/// Grand Campaign order when they load, else by name). Files whose names
/// are no campaign id are not campaigns.
pub fn bundled_ids() -> Vec<String> {
    let mut ids: Vec<(u32, String)> = std::fs::read_dir(bundled_dir())
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .filter_map(|p| {
            let id = p.file_stem()?.to_str()?.to_string();
            check_id(&id).ok()?;
            let order = load_campaign_file(&p).map_or(u32::MAX, |c| c.grand_campaign_order);
            Some((order, id))
        })
        .collect();
    ids.sort();
    ids.into_iter().map(|(_, id)| id).collect()
}
