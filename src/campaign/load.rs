//! Reading campaign files: bytes → JSON → [`Campaign`], collecting every
//! problem with its place in the file. Never panics on bad input.

use std::fmt;
use std::path::{Path, PathBuf};

use serde_json::Value;

use super::model::Campaign;
use super::validate::validate;

/// Campaign files are small (tens of kB); anything this big is not one.
pub const MAX_CAMPAIGN_FILE_BYTES: u64 = 4 * 1024 * 1024;

/// Where in a file a problem is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    /// The file as a whole (cannot be read, wrong kind of file).
    File,
    /// A line and column (1-based), for syntax errors.
    LineCol(usize, usize),
    /// A field path such as `map.areas[3].adjacent[1]`.
    Field(String),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub file: PathBuf,
    pub place: Place,
    pub message: String,
}

impl fmt::Display for Problem {
    /// `FILE:LINE:COL: message` or `FILE: field.path: message` (DESIGN.md).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = self.file.display();
        match &self.place {
            Place::File => write!(f, "{file}: {}", self.message),
            Place::LineCol(l, c) => write!(f, "{file}:{l}:{c}: {}", self.message),
            Place::Field(p) if p.is_empty() => write!(f, "{file}: {}", self.message),
            Place::Field(p) => write!(f, "{file}: {p}: {}", self.message),
        }
    }
}

/// Load and fully check one campaign file. `Err` holds every problem found.
pub fn load_campaign_file(path: &Path) -> Result<Campaign, Vec<Problem>> {
    let expected_id = path
        .file_stem()
        .and_then(|s| s.to_str())
        .map(str::to_string);
    load_file(path, "a campaign file", |bytes| {
        parse_campaign(bytes, expected_id.as_deref())
    })
}

/// Read a small JSON file (`store::read_file`: a regular file of at most
/// [`MAX_CAMPAIGN_FILE_BYTES`], one byte-order mark dropped) and parse it,
/// never panicking: missing, directory, FIFO, device, oversized and
/// unreadable files are problems too.
pub fn load_file<T>(
    path: &Path,
    kind: &str,
    parse: impl FnOnce(&[u8]) -> Result<T, Vec<(Place, String)>>,
) -> Result<T, Vec<Problem>> {
    let bytes = crate::store::read_file(path, MAX_CAMPAIGN_FILE_BYTES).map_err(|e| {
        vec![Problem {
            file: path.to_path_buf(),
            place: Place::File,
            message: e.describe(kind),
        }]
    })?;
    parse(&bytes).map_err(|problems| {
        problems
            .into_iter()
            .map(|(place, message)| Problem {
                file: path.to_path_buf(),
                place,
                message,
            })
            .collect()
    })
}

/// Parse and check campaign bytes. `expected_id` is the file name's stem.
pub fn parse_campaign(
    bytes: &[u8],
    expected_id: Option<&str>,
) -> Result<Campaign, Vec<(Place, String)>> {
    parse_json(
        bytes,
        "campaign",
        super::model::CAMPAIGN_FORMAT_VERSION,
        |c: &Campaign| validate(c, expected_id),
    )
}

/// Read a versioned JSON document of type `T` (campaign files, battle
/// scenarios): UTF-8, syntax (`LINE:COL`), a newer `format_version`, every
/// structural problem with its field path, then `semantic` checks.
pub fn parse_json<T: serde::de::DeserializeOwned>(
    bytes: &[u8],
    what: &str,
    format_version: u32,
    semantic: impl FnOnce(&T) -> Vec<(String, String)>,
) -> Result<T, Vec<(Place, String)>> {
    let text = match std::str::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            let (l, c) = line_col(bytes, e.valid_up_to());
            return Err(vec![(
                Place::LineCol(l, c),
                "not UTF-8 text (is this a binary file?)".to_string(),
            )]);
        }
    };
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err(vec![(
            Place::File,
            format!("is empty; expected a JSON {what} object"),
        )]);
    }
    // Syntax first: with broken syntax nothing else can be trusted.
    let mut value: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            return Err(vec![(
                Place::LineCol(e.line(), e.column()),
                syntax_message(&e),
            )]);
        }
    };
    if let Some(found) = value.get("format_version").and_then(Value::as_u64)
        && found > format_version as u64
    {
        return Err(vec![(
            Place::Field("format_version".into()),
            format!(
                "format version {found} is newer than this fcrel reads ({format_version}); update fcrel"
            ),
        )]);
    }
    if !value.is_object() {
        return Err(vec![(
            Place::File,
            format!("is not a JSON object; a {what} is one"),
        )]);
    }
    // Structure: collect every type problem, not just the first, by taking
    // out each offending piece and trying again.
    let mut problems = Vec::new();
    let mut removed = Removed::default();
    // Fields taken out whole (not array elements), by their original path:
    // that one is then "missing" is no second problem.
    let mut removed_fields: Vec<String> = Vec::new();
    let parsed = loop {
        let result: Result<T, _> = serde_path_to_error::deserialize(&value);
        match result {
            Ok(c) => break Some(c),
            Err(e) => {
                let path = e.path().to_string();
                let segments = parse_path(if path == "." { "" } else { &path });
                let message = e.inner().to_string();
                let original = removed.original(&segments);
                if let Some(field) = missing_field(&message) {
                    let mut at = original.clone();
                    at.push(Seg::Key(field.to_string()));
                    if removed_fields.contains(&render_path(&at)) {
                        break None;
                    }
                }
                // A field missing at the top level is placed at its name.
                let place = match missing_field(&message) {
                    Some(field) if original.is_empty() => field.to_string(),
                    _ => render_path(&removed.original(&refine(&value, &segments, &message))),
                };
                problems.push((Place::Field(place), crate::store::cut_quoted(&message)));
                let whole_field = !segments.iter().any(|s| matches!(s, Seg::Index(_)))
                    && !message.starts_with("unknown field");
                if whole_field {
                    removed_fields.push(render_path(&original));
                }
                if problems.len() >= 200
                    || !remove_offender(&mut value, &segments, e.inner(), &mut removed)
                {
                    break None;
                }
            }
        }
    };
    // The semantic checks run when the structure is sound, or when all that
    // was wrong were unknown keys (taking those out changes nothing else).
    let checks = match &parsed {
        Some(c) if removed.0.is_empty() => semantic(c),
        _ => Vec::new(),
    };
    problems.extend(
        checks
            .into_iter()
            .map(|(p, m)| (Place::Field(p), crate::store::cut_quoted(&m))),
    );
    if parsed.is_none() || !removed.0.is_empty() {
        problems.push((
            Place::File,
            "references, tables and values are checked once the problems above are fixed"
                .to_string(),
        ));
    }
    match parsed {
        Some(c) if problems.is_empty() => Ok(c),
        _ => Err(problems),
    }
}

/// serde's message for a wrong value names the value ("invalid type:
/// integer `7`, expected a string") but, inside an internally tagged enum
/// (a decision), not its field. When exactly one value under `at` is the
/// one named, that value's path is the place; otherwise `at` is.
fn refine(value: &Value, at: &[Seg], message: &str) -> Vec<Seg> {
    let unexpected = ["invalid type: ", "invalid value: "]
        .iter()
        .find_map(|p| message.strip_prefix(p))
        .and_then(|rest| rest.split(", expected").next());
    let Some(unexpected) = unexpected else {
        return at.to_vec();
    };
    let mut node = value;
    for seg in at {
        node = match (seg, node) {
            (Seg::Key(k), Value::Object(m)) => match m.get(k) {
                Some(v) => v,
                None => return at.to_vec(),
            },
            (Seg::Index(i), Value::Array(a)) => match a.get(*i) {
                Some(v) => v,
                None => return at.to_vec(),
            },
            _ => return at.to_vec(),
        };
    }
    if !(node.is_object() || node.is_array()) {
        return at.to_vec();
    }
    let mut found: Vec<Vec<Seg>> = Vec::new();
    fn walk(v: &Value, path: &mut Vec<Seg>, unexpected: &str, found: &mut Vec<Vec<Seg>>) {
        let shown = match v {
            Value::Bool(b) => Some(format!("boolean `{b}`")),
            Value::Number(n) if n.is_u64() || n.is_i64() => Some(format!("integer `{n}`")),
            Value::String(s) => Some(format!("string {s:?}")),
            Value::Array(_) => Some("sequence".to_string()),
            Value::Object(_) => Some("map".to_string()),
            _ => None,
        };
        if !path.is_empty() && shown.as_deref() == Some(unexpected) {
            found.push(path.clone());
        }
        match v {
            Value::Object(m) => {
                for (k, x) in m {
                    path.push(Seg::Key(k.clone()));
                    walk(x, path, unexpected, found);
                    path.pop();
                }
            }
            Value::Array(a) => {
                for (i, x) in a.iter().enumerate() {
                    path.push(Seg::Index(i));
                    walk(x, path, unexpected, found);
                    path.pop();
                }
            }
            _ => {}
        }
    }
    walk(node, &mut Vec::new(), unexpected, &mut found);
    match found.as_slice() {
        [one] => at.iter().chain(one).cloned().collect(),
        _ => at.to_vec(),
    }
}

/// The place of a serde error at `path` in `value`, as written
/// (`refine`d into a tagged enum's field).
pub(crate) fn error_place(value: &Value, path: &str, message: &str) -> String {
    let segments = parse_path(if path == "." { "" } else { path });
    render_path(&refine(value, &segments, message))
}

/// The field of serde's "missing field `name`".
fn missing_field(message: &str) -> Option<&str> {
    message.strip_prefix("missing field `")?.split('`').next()
}

/// serde_json's message without its " at line L column C" (the place is
/// given apart), and saying so when the file is cut short.
pub(crate) fn syntax_message(e: &serde_json::Error) -> String {
    let msg = e.to_string();
    // serde_json appends " at line L column C"; we print that up front.
    let msg = match msg.rfind(" at line ") {
        Some(i) => msg[..i].to_string(),
        None => msg,
    };
    if e.is_eof() {
        format!("{msg} (the file is cut short)")
    } else {
        msg
    }
}

/// The line and column (1-based) of a byte offset.
pub(crate) fn line_col(bytes: &[u8], offset: usize) -> (usize, usize) {
    let before = &bytes[..offset.min(bytes.len())];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let col = before.iter().rev().take_while(|&&b| b != b'\n').count() + 1;
    (line, col)
}

/// Array elements taken out so far, by the array's original path, so that
/// later problems are reported at their places in the file as written.
#[derive(Default)]
struct Removed(std::collections::BTreeMap<String, Vec<usize>>);

impl Removed {
    /// Current path → path in the original file.
    fn original(&self, segments: &[Seg]) -> Vec<Seg> {
        let mut out: Vec<Seg> = Vec::with_capacity(segments.len());
        for seg in segments {
            match seg {
                Seg::Index(i) => {
                    let mut orig = *i;
                    if let Some(gone) = self.0.get(&render_path(&out)) {
                        for &r in gone {
                            if r <= orig {
                                orig += 1;
                            }
                        }
                    }
                    out.push(Seg::Index(orig));
                }
                key => out.push(key.clone()),
            }
        }
        out
    }

    fn record(&mut self, original_element: &[Seg]) {
        if let Some((Seg::Index(i), array)) = original_element.split_last() {
            let gone = self.0.entry(render_path(array)).or_default();
            gone.push(*i);
            gone.sort_unstable();
        }
    }
}

/// Take the piece at fault out of the JSON so that the next attempt gets
/// past it: an unknown key is dropped; otherwise the innermost array element
/// holding the fault, or failing that the faulty field itself.
fn remove_offender(
    value: &mut Value,
    segments: &[Seg],
    err: &serde_json::Error,
    removed: &mut Removed,
) -> bool {
    let msg = err.to_string();
    if msg.starts_with("unknown field") && !segments.is_empty() {
        return remove_at(value, segments);
    }
    if let Some(pos) = segments.iter().rposition(|s| matches!(s, Seg::Index(_))) {
        let element = &segments[..=pos];
        let original = removed.original(element);
        if remove_at(value, element) {
            removed.record(&original);
            return true;
        }
        return false;
    }
    if !segments.is_empty() && !msg.starts_with("missing field") {
        return remove_at(value, segments);
    }
    false
}

fn render_path(segments: &[Seg]) -> String {
    let mut s = String::new();
    for seg in segments {
        match seg {
            Seg::Key(k) => {
                if !s.is_empty() {
                    s.push('.');
                }
                s.push_str(k);
            }
            Seg::Index(i) => s.push_str(&format!("[{i}]")),
        }
    }
    s
}

#[derive(Debug, Clone, PartialEq)]
enum Seg {
    Key(String),
    Index(usize),
}

fn parse_path(path: &str) -> Vec<Seg> {
    let mut out = Vec::new();
    for part in path.split('.').filter(|p| !p.is_empty()) {
        let (key, rest) = match part.find('[') {
            Some(i) => (&part[..i], &part[i..]),
            None => (part, ""),
        };
        if !key.is_empty() {
            out.push(Seg::Key(key.to_string()));
        }
        for idx in rest.split('[').filter(|s| !s.is_empty()) {
            if let Ok(i) = idx.trim_end_matches(']').parse() {
                out.push(Seg::Index(i));
            }
        }
    }
    out
}

fn remove_at(value: &mut Value, segments: &[Seg]) -> bool {
    let Some((last, parents)) = segments.split_last() else {
        return false;
    };
    let mut cur = value;
    for seg in parents {
        cur = match (seg, cur) {
            (Seg::Key(k), Value::Object(m)) => match m.get_mut(k) {
                Some(v) => v,
                None => return false,
            },
            (Seg::Index(i), Value::Array(a)) => match a.get_mut(*i) {
                Some(v) => v,
                None => return false,
            },
            _ => return false,
        };
    }
    match (last, cur) {
        (Seg::Key(k), Value::Object(m)) => m.remove(k).is_some(),
        (Seg::Index(i), Value::Array(a)) if *i < a.len() => {
            a.remove(*i);
            true
        }
        _ => false,
    }
}

/// Every `*.json` file in a directory, sorted by name.
pub fn campaign_files_in(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    Ok(files)
}
