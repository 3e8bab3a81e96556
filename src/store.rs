//! Where fcrel keeps its files (settings, saves, the Player Log), the one
//! way it reads a file ([`read_file`]: regular files only, never more bytes
//! than the kind of file can hold, one byte-order mark dropped) and the one
//! way it writes them: atomically, so a crash or a full disk never leaves
//! half a file, and a file it cannot read is kept.

use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// Why [`read_file`] gave no bytes. Every kind of file fcrel reads
/// (campaigns, scenarios, saves, settings, the Player Log) goes through it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadError {
    /// Nothing there.
    NotFound(String),
    /// A directory, a named pipe, a device or a socket: never opened, so a
    /// FIFO cannot block and an endless device cannot be read.
    NotAFile(&'static str),
    /// More bytes than `limit`: `bytes` is the size on disk when known (an
    /// endless file has none; its reading stops at the limit).
    TooLarge { bytes: Option<u64>, limit: u64 },
    /// The system refused (permissions, I/O).
    Io(String),
}

impl ReadError {
    /// The problem, for a message "FILE: …" about `kind` ("a save").
    pub fn describe(&self, kind: &str) -> String {
        match self {
            ReadError::NotFound(e) | ReadError::Io(e) => format!("cannot be read: {e}"),
            ReadError::NotAFile(what) => format!(
                "is {what}, not {kind}: fcrel reads regular files only, and left it unopened"
            ),
            ReadError::TooLarge {
                bytes: Some(n),
                limit,
            } => format!("is {n} bytes; {kind} is at most {limit} bytes, so this is not one"),
            ReadError::TooLarge { bytes: None, limit } => format!(
                "goes on past {limit} bytes; {kind} is at most {limit} bytes, so this is not one (reading stopped there)"
            ),
        }
    }
}

/// What a path is when it is not a regular file ("a named pipe (FIFO)").
pub fn not_a_file(t: fs::FileType) -> Option<&'static str> {
    if t.is_file() {
        return None;
    }
    if t.is_dir() {
        return Some("a directory");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return Some("a named pipe (FIFO)");
        }
        if t.is_char_device() || t.is_block_device() {
            return Some("a device");
        }
        if t.is_socket() {
            return Some("a socket");
        }
    }
    Some("not a regular file")
}

/// Read a whole file of at most `limit` bytes, fcrel's one way in: the path
/// (symbolic links followed) must be a regular file, checked before it is
/// opened and again on the open file (opened non-blocking, so even a FIFO
/// put in its place meanwhile cannot hang); at most `limit` bytes are read
/// whatever the metadata says; one UTF-8 byte-order mark at the start is
/// dropped.
pub fn read_file(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    let io = |e: std::io::Error| match e.kind() {
        std::io::ErrorKind::NotFound => ReadError::NotFound(e.to_string()),
        _ => ReadError::Io(e.to_string()),
    };
    let meta = fs::metadata(path).map_err(io)?;
    if let Some(what) = not_a_file(meta.file_type()) {
        return Err(ReadError::NotAFile(what));
    }
    if meta.len() > limit {
        return Err(ReadError::TooLarge {
            bytes: Some(meta.len()),
            limit,
        });
    }
    let mut options = fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(io)?;
    if let Some(what) = not_a_file(file.metadata().map_err(io)?.file_type()) {
        return Err(ReadError::NotAFile(what));
    }
    let mut bytes = read_bounded(file, limit)?;
    if bytes.starts_with(BOM) {
        bytes.drain(..BOM.len());
    }
    Ok(bytes)
}

/// `bytes` without one UTF-8 byte-order mark at the start.
pub fn strip_bom(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(BOM).unwrap_or(bytes)
}

/// The UTF-8 byte-order mark, accepted once at the start of every file.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// At most `limit` bytes of `r`; more is [`ReadError::TooLarge`].
pub fn read_bounded(r: impl Read, limit: u64) -> Result<Vec<u8>, ReadError> {
    let mut bytes = Vec::new();
    r.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| ReadError::Io(e.to_string()))?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge { bytes: None, limit });
    }
    Ok(bytes)
}

/// A value quoted for a message: cut to about 80 characters, so a
/// 100,000-character id makes a line, not a page.
pub fn quote(value: &str) -> String {
    const KEEP: usize = 80;
    let n = value.chars().count();
    if n <= KEEP {
        return format!("\"{value}\"");
    }
    let head: String = value.chars().take(KEEP).collect();
    format!("\"{head}…\" ({n} characters)")
}

/// A message of serde's with every quoted run (`…` or "…") longer than
/// about 80 characters cut, as [`quote`] does.
pub fn cut_quoted(message: &str) -> String {
    const KEEP: usize = 80;
    // What `quote` made is left as it is.
    const LONGEST: usize = KEEP + 20;
    let mut out = String::with_capacity(message.len().min(1024));
    let mut rest = message;
    while let Some(open) = rest.find(['`', '"']) {
        let q = rest[open..].chars().next().unwrap_or('"');
        out.push_str(&rest[..=open]);
        rest = &rest[open + 1..];
        let Some(close) = rest.find(q) else {
            break;
        };
        let inside = &rest[..close];
        let n = inside.chars().count();
        if n > LONGEST {
            out.extend(inside.chars().take(KEEP));
            out.push('…');
            out.push(q);
            out.push_str(&format!(" ({n} characters)"));
        } else {
            out.push_str(inside);
            out.push(q);
        }
        rest = &rest[close + 1..];
    }
    // An unclosed quote's rest is cut too.
    if rest.chars().count() > KEEP * 4 {
        out.extend(rest.chars().take(KEEP * 4));
        out.push('…');
    } else {
        out.push_str(rest);
    }
    out
}

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
    let (dir, tmp) = beside(path);
    fs::create_dir_all(dir)?;
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

/// A file's folder, and a temporary name beside it (hidden, this
/// process's) for what is written before it takes the file's place.
fn beside(path: &Path) -> (&Path, PathBuf) {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    (dir, dir.join(format!(".{name}.tmp-{}", std::process::id())))
}

/// Write several files all or nothing: each into a temporary folder beside
/// the first, synced, and only when all are written moved into place. A
/// failure leaves none of the new files behind (what a move already put in
/// place where no file was is removed again) and names the file.
pub fn write_all_or_nothing(files: &[(PathBuf, String)]) -> Result<(), (PathBuf, std::io::Error)> {
    let Some((first, _)) = files.first() else {
        return Ok(());
    };
    if let [(path, text)] = files {
        return write_atomic(path, text.as_bytes()).map_err(|e| (path.clone(), e));
    }
    let (_, tmp) = beside(first);
    let staged = (|| {
        fs::create_dir_all(&tmp).map_err(|e| (tmp.clone(), e))?;
        let mut staged = Vec::new();
        for (path, text) in files {
            let file_name = path
                .file_name()
                .ok_or_else(|| (path.clone(), std::io::Error::other("not a file name")))?;
            let at = tmp.join(file_name);
            (|| {
                let mut f = fs::File::create(&at)?;
                f.write_all(text.as_bytes())?;
                f.sync_all()
            })()
            .map_err(|e| (path.clone(), e))?;
            staged.push((at, path.clone()));
        }
        Ok(staged)
    })();
    let result = staged.and_then(|staged| {
        let mut moved: Vec<&PathBuf> = Vec::new();
        for (at, path) in &staged {
            let new = fs::symlink_metadata(path).is_err();
            if let Err(e) = fs::rename(at, path) {
                for p in moved {
                    let _ = fs::remove_file(p);
                }
                return Err((path.clone(), e));
            }
            if new {
                moved.push(path);
            }
        }
        Ok(())
    });
    let _ = fs::remove_dir_all(&tmp);
    result
}

/// The two paths name one file (the same inode, whatever the spelling, a
/// link or `..` on the way).
pub fn same_file(a: &Path, b: &Path) -> bool {
    let (Ok(x), Ok(y)) = (fs::metadata(a), fs::metadata(b)) else {
        return false;
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        x.dev() == y.dev() && x.ino() == y.ino()
    }
    #[cfg(not(unix))]
    {
        let _ = (x, y);
        matches!((fs::canonicalize(a), fs::canonicalize(b)), (Ok(p), Ok(q)) if p == q)
    }
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

/// Move a file into the trash folder `trash` (made if need be) under its
/// own name, or `stem-N.ext` when that is taken: nothing already there is
/// replaced. Across file systems it is copied, checked byte for byte, and
/// only then removed, so a failed move leaves the file where it was.
pub fn move_to_trash(path: &Path, trash: &Path) -> std::io::Result<PathBuf> {
    fs::create_dir_all(trash)?;
    let name = path
        .file_name()
        .ok_or_else(|| std::io::Error::other("not a file name"))?;
    let stem = path
        .file_stem()
        .map_or(String::new(), |s| s.to_string_lossy().into_owned());
    let ext = path
        .extension()
        .map_or(String::new(), |e| format!(".{}", e.to_string_lossy()));
    let mut to = trash.join(name);
    let mut n = 1;
    while fs::symlink_metadata(&to).is_ok() {
        n += 1;
        to = trash.join(format!("{stem}-{n}{ext}"));
    }
    if fs::rename(path, &to).is_ok() {
        return Ok(to);
    }
    let kept =
        read_file(path, u64::MAX).map_err(|e| std::io::Error::other(e.describe("a file")))?;
    write_atomic(&to, &kept)?;
    if fs::read(&to)? != kept {
        let _ = fs::remove_file(&to);
        return Err(std::io::Error::other("the copy in the trash differs"));
    }
    fs::remove_file(path)?;
    Ok(to)
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

/// Make a FIFO (named pipe) at `path`, for tests of files that are not.
#[cfg(all(test, unix))]
pub(crate) fn make_fifo(path: &Path) {
    use std::os::unix::ffi::OsStrExt;
    let c = std::ffi::CString::new(path.as_os_str().as_bytes()).expect("a path");
    // SAFETY: `c` is a valid NUL-terminated path for the call's duration.
    let rc = unsafe { libc::mkfifo(c.as_ptr(), 0o600) };
    assert_eq!(rc, 0, "mkfifo {}", path.display());
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

    /// A move into place that fails part-way (a folder where the second
    /// file goes) takes back the files already moved and leaves no
    /// staging folder: all or nothing.
    #[test]
    fn several_files_are_written_all_or_nothing() {
        let dir = scratch_dir("all-or-nothing");
        let blocked = dir.join("b.svg");
        fs::create_dir(&blocked).unwrap();
        fs::write(blocked.join("inside"), b"x").unwrap();
        let files = vec![
            (dir.join("a.svg"), "a".to_string()),
            (blocked.clone(), "b".to_string()),
            (dir.join("c.md"), "c".to_string()),
        ];
        let (failed, _) = write_all_or_nothing(&files).unwrap_err();
        assert_eq!(failed, blocked);
        let left: Vec<String> = fs::read_dir(&dir)
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(left, vec!["b.svg".to_string()]);
        assert!(blocked.join("inside").exists());
        let files = vec![
            (dir.join("a.svg"), "a".to_string()),
            (dir.join("c.md"), "c".to_string()),
        ];
        write_all_or_nothing(&files).unwrap();
        assert_eq!(fs::read_to_string(dir.join("c.md")).unwrap(), "c");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 3);
        let _ = fs::remove_dir_all(&dir);
    }

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

    /// A FIFO where a file is expected is refused without being opened (an
    /// open would wait for a writer for ever), and so is a device.
    #[cfg(unix)]
    #[test]
    fn only_regular_files_are_read() {
        let dir = scratch("kinds");
        let fifo = dir.join("pipe.json");
        make_fifo(&fifo);
        assert_eq!(
            read_file(&fifo, 100),
            Err(ReadError::NotAFile("a named pipe (FIFO)"))
        );
        let zero = dir.join("zero.json");
        std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
        let e = read_file(&zero, 100).unwrap_err();
        assert_eq!(e, ReadError::NotAFile("a device"));
        assert!(e.describe("a save").contains("is a device, not a save"));
        assert_eq!(
            read_file(&dir, 100),
            Err(ReadError::NotAFile("a directory"))
        );
        assert!(matches!(
            read_file(&dir.join("none.json"), 100),
            Err(ReadError::NotFound(_))
        ));
        fs::remove_dir_all(&dir).unwrap();
    }

    /// The limit bounds the bytes read, not the size the metadata claims:
    /// an endless reader stops one byte past it.
    #[test]
    fn reads_stop_at_the_limit() {
        assert_eq!(
            read_bounded(std::io::repeat(0), 1000),
            Err(ReadError::TooLarge {
                bytes: None,
                limit: 1000
            })
        );
        assert_eq!(read_bounded(&b"abc"[..], 3).unwrap(), b"abc");
        let dir = scratch("limit");
        let path = dir.join("big.json");
        fs::write(&path, [b' '; 11]).unwrap();
        assert_eq!(
            read_file(&path, 10),
            Err(ReadError::TooLarge {
                bytes: Some(11),
                limit: 10
            })
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn one_byte_order_mark_is_dropped() {
        let dir = scratch("bom");
        let path = dir.join("a.json");
        fs::write(&path, b"\xEF\xBB\xBF{}").unwrap();
        assert_eq!(read_file(&path, 100).unwrap(), b"{}");
        fs::write(&path, b"\xEF\xBB\xBF\xEF\xBB\xBF{}").unwrap();
        assert_eq!(read_file(&path, 100).unwrap(), b"\xEF\xBB\xBF{}");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn long_values_are_cut_in_messages() {
        let long = "x".repeat(100_000);
        let q = quote(&long);
        assert!(q.len() < 120 && q.ends_with("(100000 characters)"), "{q}");
        assert_eq!(quote("seven-days"), "\"seven-days\"");
        let m = cut_quoted(&format!(
            "unknown variant `{long}`, expected `a` or \"{long}\""
        ));
        assert!(m.len() < 300, "{m}");
        assert!(m.contains("expected `a` or"), "{m}");
        assert_eq!(cut_quoted("missing field `kind`"), "missing field `kind`");
    }

    /// A file moved to the trash keeps its bytes; a second of the same
    /// name is numbered, never written over.
    #[test]
    fn the_trash_keeps_every_file() {
        let dir = scratch("trash");
        let trash = dir.join("trash");
        for text in ["one", "two"] {
            let path = dir.join("a.json");
            fs::write(&path, text).unwrap();
            move_to_trash(&path, &trash).unwrap();
            assert!(!path.exists());
        }
        assert_eq!(fs::read_to_string(trash.join("a.json")).unwrap(), "one");
        assert_eq!(fs::read_to_string(trash.join("a-2.json")).unwrap(), "two");
        assert!(move_to_trash(&dir.join("none.json"), &trash).is_err());
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
