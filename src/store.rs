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

/// Wall-clock seconds since 1970, for the player's files only: when a save
/// or a log entry was written, and the ids of games and Grand Campaigns.
/// Never part of the game: rules and dice never read it, and the state
/// digest does not contain it (DESIGN.md, determinism).
pub fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// "2026-11-30 06:15" (UTC) from seconds since 1970.
pub fn when(secs: u64) -> String {
    let (y, m, d, hh, mm, _) = civil(secs);
    format!("{y:04}-{m:02}-{d:02} {hh:02}:{mm:02} UTC")
}

/// "2026-11-30-061500" for file names.
pub fn stamp(secs: u64) -> String {
    let (y, m, d, hh, mm, ss) = civil(secs);
    format!("{y:04}-{m:02}-{d:02}-{hh:02}{mm:02}{ss:02}")
}

/// Days since 1970 to a civil date (Howard Hinnant's algorithm).
fn civil(secs: u64) -> (i64, u32, u32, u32, u32, u32) {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (
        y,
        m,
        d,
        (rem / 3600) as u32,
        (rem % 3600 / 60) as u32,
        (rem % 60) as u32,
    )
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

    #[test]
    fn dates_are_civil_utc() {
        assert_eq!(when(0), "1970-01-01 00:00 UTC");
        // 2026-11-30 06:15:00 UTC.
        assert_eq!(when(1_796_019_300), "2026-11-30 06:15 UTC");
        assert_eq!(stamp(951_782_400), "2000-02-29-000000");
    }
}
