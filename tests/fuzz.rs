//! Issue 33: a seeded fuzz of every kind of file fcrel reads — campaign
//! files, battle scenarios, saves, settings and the Player Log. Each test
//! mutates the bundled or fixture files (a few hundred mutants a kind by
//! default) and fails on any panic, on a message without a place (a field
//! path or a line and column; only whole-file problems may do without), on
//! a message said twice, and on a message of more than a few kB. Mutants
//! that are read are then used: saves replayed, scenarios fought,
//! campaigns played (a few of each, bounded by time).
//!
//! `FCREL_FUZZ_MUTANTS=N` sets the mutants a kind (default 300),
//! `FCREL_FUZZ_SEED=S` the seed (default 33), `FCREL_FUZZ_USES=N` how many
//! read mutants are used (default 6 a kind). A failure names the seed and
//! the mutant, and writes it to the temporary folder.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use fcrel::campaign::{self, Place};
use serde_json::Value;

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn mutants() -> u64 {
    env_or("FCREL_FUZZ_MUTANTS", 300)
}

fn uses() -> u64 {
    env_or("FCREL_FUZZ_USES", 6)
}

/// SplitMix64: small, seeded, the same everywhere.
struct Rng(u64);

impl Rng {
    fn new(kind: &str) -> Rng {
        let salt = kind
            .bytes()
            .fold(0u64, |h, b| h.wrapping_mul(31).wrapping_add(b as u64));
        Rng(env_or("FCREL_FUZZ_SEED", 33) ^ salt)
    }
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len())]
    }
}

/// Values a mutant may put anywhere: wrong types, edge numbers, strings
/// that are paths, ids, Squares no reading takes, very long ones.
fn odd_values(rng: &mut Rng, donors: &[Value]) -> Value {
    let long = "x".repeat(100_000);
    let choices: Vec<Value> = vec![
        Value::Null,
        true.into(),
        (-1).into(),
        0.into(),
        7.into(),
        11.into(),
        u32::MAX.into(),
        (u32::MAX as u64 + 1).into(),
        u64::MAX.into(),
        i64::MIN.into(),
        0.5.into(),
        1e308.into(),
        "".into(),
        "x".into(),
        long.into(),
        "../campaigns/seven-days".into(),
        "/etc/passwd".into(),
        "seven-days".into(),
        "antietam".into(),
        "cornfield".into(),
        "malvern-hill".into(),
        "A-2147483648".into(),
        "Z99".into(),
        "Quick".into(),
        serde_json::json!([]),
        serde_json::json!({}),
        serde_json::json!([1, 2, 3]),
        serde_json::json!({"kind": "fight_on"}),
    ];
    if !donors.is_empty() && rng.below(2) == 0 {
        return rng.pick(donors).clone();
    }
    rng.pick(&choices).clone()
}

/// Every value in the document, for donors and for picking a node.
fn all_values(v: &Value, out: &mut Vec<Value>) {
    out.push(v.clone());
    match v {
        Value::Array(a) => a.iter().for_each(|x| all_values(x, out)),
        Value::Object(m) => m.values().for_each(|x| all_values(x, out)),
        _ => {}
    }
}

/// A random node of `v` (the root included), by walking down.
fn random_node<'a>(rng: &mut Rng, mut v: &'a mut Value) -> &'a mut Value {
    loop {
        let len = match &*v {
            Value::Array(a) => a.len(),
            Value::Object(m) => m.len(),
            _ => 0,
        };
        if len == 0 || rng.below(4) == 0 {
            return v;
        }
        let i = rng.below(len);
        v = match v {
            Value::Array(a) => &mut a[i],
            Value::Object(m) => m.values_mut().nth(i).unwrap(),
            _ => unreachable!(),
        };
    }
}

/// One mutant of `base`, and what was done (for the failure message).
fn mutate(rng: &mut Rng, base: &Value, text: &[u8], donors: &[Value]) -> (Vec<u8>, String) {
    let kind = rng.below(12);
    if kind >= 9 {
        // On the bytes.
        let mut bytes = text.to_vec();
        let at = rng.below(bytes.len());
        let what = match kind {
            9 => {
                bytes.truncate(at);
                format!("cut at byte {at}")
            }
            10 => {
                bytes[at] = rng.next() as u8;
                format!("byte {at} changed")
            }
            _ => {
                bytes.splice(0..0, *b"\xEF\xBB\xBF");
                if rng.below(2) == 0 {
                    bytes.splice(0..0, *b"\xEF\xBB\xBF");
                    "two byte-order marks".to_string()
                } else {
                    "a byte-order mark".to_string()
                }
            }
        };
        return (bytes, what);
    }
    let mut v = base.clone();
    let mut done = Vec::new();
    for _ in 0..=rng.below(3) {
        let node = random_node(rng, &mut v);
        let what = match (rng.below(6), &mut *node) {
            (0, Value::Object(m)) if !m.is_empty() => {
                let k = m.keys().nth(rng.below(m.len())).unwrap().clone();
                m.remove(&k);
                format!("removed key {k}")
            }
            (1, Value::Object(m)) if !m.is_empty() => {
                let k = m.keys().nth(rng.below(m.len())).unwrap().clone();
                let x = m.remove(&k).unwrap();
                m.insert(format!("{k}e"), x);
                format!("renamed key {k}")
            }
            (2, Value::Array(a)) if !a.is_empty() => {
                let i = rng.below(a.len());
                if rng.below(2) == 0 {
                    a.remove(i);
                    format!("removed element {i}")
                } else {
                    let x = a[i].clone();
                    a.insert(rng.below(a.len()), x);
                    format!("repeated element {i}")
                }
            }
            (3, Value::Object(m)) => {
                m.insert("colour".into(), 3.into());
                "added key colour".to_string()
            }
            _ => {
                let x = odd_values(rng, donors);
                let shown: String = x.to_string().chars().take(40).collect();
                *node = x;
                format!("a value set to {shown}")
            }
        };
        done.push(what);
    }
    let bytes = if rng.below(2) == 0 {
        serde_json::to_vec_pretty(&v).unwrap()
    } else {
        serde_json::to_vec(&v).unwrap()
    };
    (bytes, done.join("; "))
}

/// Run `f` on every mutant of `file`; `f` returns the messages it got
/// (each with whether it has its place) and is called inside
/// `catch_unwind`. Fails on a panic, a placeless or repeated message, or
/// one of more than 8 kB.
fn fuzz(kind: &str, file: &Path, mut f: impl FnMut(&[u8], &mut u64) -> Vec<(bool, String)>) {
    let text = std::fs::read(file).unwrap();
    let base: Value = serde_json::from_slice(fcrel::store::strip_bom(&text)).unwrap();
    let mut donors = Vec::new();
    all_values(&base, &mut donors);
    donors.retain(|d| !d.is_object() && !d.is_array());
    let mut rng = Rng::new(&format!("{kind}{}", file.display()));
    let mut used = 0;
    for n in 0..mutants() {
        let (bytes, what) = mutate(&mut rng, &base, &text, &donors);
        let fail = |why: String| -> ! {
            let keep = std::env::temp_dir().join(format!(
                "fcrel-fuzz-{kind}-{}-{n}.json",
                env_or("FCREL_FUZZ_SEED", 33)
            ));
            let _ = std::fs::write(&keep, &bytes);
            panic!(
                "{kind} mutant {n} of {} (seed {}; {what}; kept as {}): {why}",
                file.display(),
                env_or("FCREL_FUZZ_SEED", 33),
                keep.display()
            );
        };
        let messages = match catch_unwind(AssertUnwindSafe(|| f(&bytes, &mut used))) {
            Ok(m) => m,
            Err(p) => {
                let text = p
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                fail(format!("panicked: {text}"))
            }
        };
        let mut seen = std::collections::BTreeSet::new();
        for (placed, m) in &messages {
            if !placed {
                fail(format!("a message without a place: {m}"));
            }
            if m.len() > 8 * 1024 {
                fail(format!("a message of {} bytes: {}…", m.len(), &m[..200]));
            }
            if !seen.insert(m) {
                fail(format!("a message said twice: {m}"));
            }
        }
    }
}

fn manifest(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)
}

/// Whole-file problems: these need no place.
const WHOLE_FILE: [&str; 4] = [
    "is empty",
    "is not a JSON object",
    "references, tables and values are checked once the problems above are fixed",
    "is not an fcrel save (not a JSON object)",
];

/// How serde's own messages begin: a message that begins so has no place.
const SERDE: [&str; 8] = [
    "invalid type",
    "invalid value",
    "invalid length",
    "unknown field",
    "unknown variant",
    "missing field",
    "duplicate field",
    "expected",
];

fn placed(p: &campaign::Problem) -> (bool, String) {
    let ok = match &p.place {
        Place::LineCol(..) => true,
        Place::Field(f) => !f.is_empty(),
        Place::File => WHOLE_FILE.iter().any(|w| p.message.starts_with(w)),
    };
    (ok, p.to_string())
}

#[test]
fn fuzzed_campaign_files_never_panic_and_every_message_has_its_place() {
    let file = manifest("campaigns/seven-days.json");
    fuzz("campaign", &file, |bytes, used| {
        match campaign::parse_campaign(bytes, Some("seven-days")) {
            Ok(c) => {
                // A validated campaign is playable: play it.
                if *used < uses() {
                    *used += 1;
                    let options = fcrel::rules::difficulty::GameOptions {
                        battles: fcrel::rules::difficulty::BattleMode::VeryQuick,
                        seed: *used,
                        ..Default::default()
                    };
                    let _ = fcrel::sim::play(
                        Arc::new(c),
                        options,
                        fcrel::rules::commander::Policy::Objective,
                    );
                }
                Vec::new()
            }
            Err(ps) => ps
                .into_iter()
                .map(|(place, message)| {
                    placed(&campaign::Problem {
                        file: file.clone(),
                        place,
                        message,
                    })
                })
                .collect(),
        }
    });
}

#[test]
fn fuzzed_scenarios_never_panic_and_every_message_has_its_place() {
    let dir = std::env::temp_dir().join(format!("fcrel-fuzz-scenario-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("mutant.json");
    for name in ["quick-glendale.json", "battle-malvern-hill.json"] {
        fuzz(
            "scenario",
            &manifest(&format!("scenarios/{name}")),
            |bytes, used| {
                std::fs::write(&path, bytes).unwrap();
                match fcrel::scenario::load_scenario(&path) {
                    Ok((s, c)) => {
                        if *used < uses() {
                            *used += 1;
                            let _ = fcrel::scenario::run(&s, c);
                        }
                        Vec::new()
                    }
                    Err(ps) => ps.iter().map(placed).collect(),
                }
            },
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn fuzzed_saves_never_panic_and_every_message_has_its_place() {
    for name in [
        "seven-days-basic-turn-7-digest-2.json",
        "foreign-battle.json",
    ] {
        fuzz(
            "save",
            &manifest(&format!("tests/fixtures/{name}")),
            |bytes, used| {
                match fcrel::save::parse(Path::new("mutant.json"), bytes) {
                    Ok(save) => {
                        // Read means replayable: a replay ends with a digest or
                        // a message, never a panic.
                        // (A plain id that names no campaign is refused here,
                        // with the campaigns there are.)
                        if *used < uses()
                            && let Ok(c) = campaign::load_bundled(&save.campaign)
                        {
                            *used += 1;
                            let _ = fcrel::save::replay(&save, Arc::new(c));
                        }
                        Vec::new()
                    }
                    Err(p) => {
                        let ok = match &p.place {
                            Place::LineCol(..) => true,
                            Place::Field(f) => !f.is_empty(),
                            Place::File => WHOLE_FILE.iter().any(|w| p.problem.starts_with(w)),
                        };
                        vec![(ok, p.to_string())]
                    }
                }
            },
        );
    }
}

#[test]
fn fuzzed_settings_never_panic_and_every_message_has_its_place() {
    let dir = std::env::temp_dir().join(format!("fcrel-fuzz-settings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let sample = dir.join("settings-sample.json");
    let settings = fcrel::settings::Settings {
        window: Some([1280, 720]),
        new_game: Some(Default::default()),
        ..Default::default()
    };
    std::fs::write(&sample, serde_json::to_vec_pretty(&settings).unwrap()).unwrap();
    fuzz(
        "settings",
        &sample,
        |bytes, _| match fcrel::settings::parse_bytes(bytes) {
            Ok(_) => Vec::new(),
            Err(e) => {
                // "line L, column C: …" or "field.path: …" (a key may hold a
                // space), never serde's bare message.
                let place = e.split_once(": ").map_or("", |(p, _)| p);
                let ok = !place.is_empty()
                    && !place.contains('?')
                    && !SERDE.iter().any(|m| place.starts_with(m));
                vec![(ok, e)]
            }
        },
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn fuzzed_player_logs_never_panic_and_every_message_has_its_place() {
    let dir = std::env::temp_dir().join(format!("fcrel-fuzz-log-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let sample = dir.join("sample.json");
    let entry = serde_json::json!({
        "version": 1,
        "entries": [{
            "id": "fcrel2-0123", "finished_at": 1800000000, "campaign": "seven-days",
            "campaign_name": "The Seven Days Battles",
            "options": serde_json::to_value(fcrel::rules::difficulty::GameOptions::default()).unwrap(),
            "victory": true, "reason": "The campaign ends.", "victory_points": 3,
            "lee_victory_points": 2, "rating": "superior",
            "objectives": [{"text": "Richmond", "vp": 1, "achieved": true}],
            "battles": 4, "notes": "", "grand": 1800000000u64
        }],
        "grand": [{"id": 1800000000u64, "status": "in_progress", "notes": ""}]
    });
    std::fs::write(&sample, serde_json::to_vec_pretty(&entry).unwrap()).unwrap();
    let logs = dir.join("logs");
    std::fs::create_dir_all(&logs).unwrap();
    // The sample itself reads.
    std::fs::copy(&sample, logs.join(fcrel::player_log::FILE)).unwrap();
    let good = fcrel::player_log::load(&logs);
    assert!(good.problem.is_none(), "{:?}", good.problem);
    assert_eq!(good.log.entries.len(), 1);
    fuzz("player-log", &sample, |bytes, _| {
        std::fs::write(logs.join(fcrel::player_log::FILE), bytes).unwrap();
        match fcrel::player_log::load(&logs).problem {
            None => Vec::new(),
            Some(p) => {
                let ok = p.contains("(line ")
                    || (p.contains("is damaged (") && !p.contains("is damaged (the top level"))
                    || p.contains("is damaged (the top level: missing field")
                    || p.contains("newer fcrel")
                    || p.contains("is empty")
                    || p.contains("is not a JSON object");
                vec![(ok, p)]
            }
        }
    });
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 45: mutated saves and what-if branches (a branch made from the
/// fixture, so its `branch` fields are mutated too) through the branch and
/// report paths: a branch is made or refused, a report built and written
/// all or nothing or refused, never a panic; every refusal is one line of
/// at most 8 kB, and the mutant file itself is never written to.
#[test]
fn fuzzed_saves_and_branches_never_panic_on_the_branch_and_report_paths() {
    let dir = std::env::temp_dir().join(format!("fcrel-fuzz-report-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let fixture = manifest("tests/fixtures/seven-days-basic-turn-7-digest-2.json");
    let save = fcrel::save::read(&fixture).unwrap();
    let c = Arc::new(campaign::load_bundled("seven-days").unwrap());
    let options = fcrel::save::BranchOptions {
        kept: 40,
        same_dice: false,
        fresh_seed: 9,
        game: 77,
    };
    let branch = dir.join("branch.json");
    fcrel::save::branch(&save, c.clone(), options)
        .unwrap()
        .write(&branch)
        .unwrap();
    for base in [fixture, branch] {
        fuzz("report", &base, |bytes, used| {
            let input = dir.join("mutant.json");
            std::fs::write(&input, bytes).unwrap();
            let mut messages = Vec::new();
            let Ok(save) = fcrel::save::parse(&input, bytes) else {
                return messages;
            };
            let Ok(c) = campaign::load_bundled(&save.campaign) else {
                return messages;
            };
            if *used >= uses() {
                return messages;
            }
            *used += 1;
            let c = Arc::new(c);
            let kept = save.decisions.len() / 2;
            let options = fcrel::save::BranchOptions { kept, ..options };
            if let Err(e) = fcrel::save::branch(&save, c.clone(), options) {
                messages.push((!e.contains('\n'), e));
            }
            let out = dir.join("aar.md");
            let o = fcrel::report::WriteOptions {
                force: true,
                inputs: &[&input],
            };
            match fcrel::report::build(&save, c).and_then(|r| fcrel::report::write(&r, &out, o)) {
                Ok(files) => {
                    for f in files {
                        std::fs::remove_file(f).unwrap();
                    }
                }
                Err(e) => messages.push((!e.contains('\n'), e)),
            }
            assert_eq!(
                std::fs::read(&input).unwrap(),
                bytes,
                "the mutant is only read"
            );
            let left: Vec<_> = std::fs::read_dir(&dir)
                .unwrap()
                .flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.starts_with("aar") || n.starts_with(".aar"))
                .collect();
            assert!(left.is_empty(), "left behind: {left:?}");
            messages
        });
    }
    let _ = std::fs::remove_dir_all(&dir);
}
