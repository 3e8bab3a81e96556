//! Where fcrel keeps its files (settings now; saves and the Player Log with
//! their issue), and the one way it writes them: atomically, so a crash or a
//! full disk never leaves half a file, and a file it cannot read is kept.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The environment variable that moves every fcrel file (tests, portable
/// installs); otherwise the platform's data directory.
pub const DATA_DIR_VAR: &str = "FCREL_DATA_DIR";

/// The folder for settings, saves and the Player Log.
pub fn data_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os(DATA_DIR_VAR).filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("", "", "fcrel").map(|d| d.data_dir().to_path_buf())
}

/// Write `bytes` to `path` through a temporary file in the same folder and a
/// rename: readers see the old file or the new one, never a torn one.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    fs::create_dir_all(dir)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.tmp-{}", std::process::id()));
    let result = (|| {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// Move a file fcrel could not read out of the way (`name.bad-N`) before a
/// new one is written in its place, so the player's data is never lost.
pub fn keep_bad_file(path: &Path) -> std::io::Result<PathBuf> {
    for n in 1.. {
        let mut kept = path.as_os_str().to_owned();
        kept.push(format!(".bad-{n}"));
        let kept = PathBuf::from(kept);
        if !kept.exists() {
            fs::rename(path, &kept)?;
            return Ok(kept);
        }
    }
    unreachable!("some numbered name is free")
}

/// An empty folder of its own for a test's files.
#[cfg(test)]
pub(crate) fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fcrel-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("temporary folder");
    dir
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        scratch_dir(&format!("store-{name}"))
    }

    #[test]
    fn atomic_write_replaces_and_leaves_no_temporary_file() {
        let dir = scratch("atomic");
        let path = dir.join("a.json");
        write_atomic(&path, b"one").unwrap();
        write_atomic(&path, b"two").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "two");
        let names: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("a.json")]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn bad_files_are_kept_under_numbered_names() {
        let dir = scratch("bad");
        let path = dir.join("s.json");
        write_atomic(&path, b"{broken").unwrap();
        let first = keep_bad_file(&path).unwrap();
        write_atomic(&path, b"{broken again").unwrap();
        let second = keep_bad_file(&path).unwrap();
        assert_eq!(fs::read_to_string(first).unwrap(), "{broken");
        assert_eq!(fs::read_to_string(second).unwrap(), "{broken again");
        assert!(!path.exists());
        fs::remove_dir_all(&dir).unwrap();
    }
}
