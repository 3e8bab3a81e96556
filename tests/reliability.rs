//! Issue 33: every file, every path. Each item of the issue with the
//! smallest file that triggered it, through the command line: exit 1 with
//! the file, the place and the problem, in a child process guarded by a
//! generous timeout (a hang fails, it never stalls the run) and measured
//! for its memory (a runaway read fails).

mod common;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use fcrel::rules::difficulty::BattleMode;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fcrel-reliability-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn manifest(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)
}

/// What a guarded run of `fcrel` gave.
struct Ran {
    code: i32,
    out: String,
    err: String,
    /// Peak resident memory, kB.
    max_rss_kb: i64,
}

/// Run `fcrel ARGS` with its output in files; kill it and fail if it has
/// not ended in 20 s (each of these ends in well under a second; the
/// margin is for slow machines).
#[cfg(unix)]
// `wait4` reaps the child (for its peak memory); clippy sees no `wait`.
#[allow(clippy::zombie_processes)]
fn guarded(args: &[&str]) -> Ran {
    let dir = scratch(&format!("run-{}", args.join("-").replace(['/', '.'], "_")));
    let (out_path, err_path) = (dir.join("out"), dir.join("err"));
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_fcrel"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(std::process::Stdio::null())
        .stdout(std::fs::File::create(&out_path).unwrap())
        .stderr(std::fs::File::create(&err_path).unwrap())
        .spawn()
        .unwrap();
    let pid = child.id() as libc::pid_t;
    let started = Instant::now();
    let (status, rusage) = loop {
        let mut status = 0;
        // SAFETY: plain out-parameters for the call.
        let mut rusage: libc::rusage = unsafe { std::mem::zeroed() };
        let r = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut rusage) };
        if r == pid {
            break (status, rusage);
        }
        assert!(r == 0, "wait4 failed");
        if started.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("fcrel {args:?} hung (killed after 20 s)");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let code = if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else {
        -1
    };
    let ran = Ran {
        code,
        out: std::fs::read_to_string(&out_path).unwrap(),
        err: std::fs::read_to_string(&err_path).unwrap(),
        max_rss_kb: rusage.ru_maxrss,
    };
    let _ = std::fs::remove_dir_all(&dir);
    ran
}

/// The peak memory of the same binary replaying a small valid save (kB),
/// measured once: what a refusal's memory is held against. An absolute
/// bound failed on a loaded machine (110 MB for a debug binary); what
/// matters is that a hostile file makes no runaway growth.
#[cfg(unix)]
fn baseline_rss_kb() -> i64 {
    static BASELINE: std::sync::OnceLock<i64> = std::sync::OnceLock::new();
    *BASELINE.get_or_init(|| {
        let fixture = manifest("tests/fixtures/seven-days-basic-turn-7-digest-2.json");
        let r = guarded(&["replay", fixture.to_str().unwrap(), "--verify"]);
        assert_eq!(r.code, 0, "the baseline replay: {}", r.err);
        r.max_rss_kb
    })
}

/// Exit 1, a line naming `file`, the `place` and the `problem`; never a
/// panic; no more memory than a few times a small replay's (no runaway
/// read or growth).
#[cfg(unix)]
fn refused(args: &[&str], file: &str, place: &str, problem: &str) -> Ran {
    let r = guarded(args);
    assert_eq!(r.code, 1, "fcrel {args:?}: {}{}", r.out, r.err);
    assert!(!r.err.contains("panicked"), "fcrel {args:?}: {}", r.err);
    let line = r
        .err
        .lines()
        .find(|l| l.contains(file) && l.contains(problem))
        .unwrap_or_else(|| {
            panic!(
                "fcrel {args:?}: no line with {file} and {problem}:\n{}",
                r.err
            )
        });
    assert!(
        line.contains(place),
        "fcrel {args:?}: no place {place}: {line}"
    );
    let baseline = baseline_rss_kb();
    assert!(
        r.max_rss_kb < 4 * baseline,
        "fcrel {args:?} used {} kB; a small replay uses {baseline} kB",
        r.max_rss_kb
    );
    r
}

/// Item 1: a save whose stand-alone battle is another campaign's is
/// refused by `save::read` (so by `replay`, `odds --save`, the Load screen
/// and Continue) before anything is replayed; it panicked the replay.
#[cfg(unix)]
#[test]
fn a_save_with_another_campaigns_battle_is_refused_before_its_replay() {
    let file = manifest("tests/fixtures/foreign-battle.json");
    let f = file.to_str().unwrap();
    let problem = "the battle \"cornfield\" is one of \"antietam\", not of this save's campaign \"seven-days\"";
    refused(
        &["replay", f],
        "foreign-battle.json",
        "stand_alone:",
        problem,
    );
    refused(
        &["replay", f, "--verify"],
        "foreign-battle.json",
        "stand_alone:",
        problem,
    );
    refused(
        &["odds", "--save", f],
        "foreign-battle.json",
        "stand_alone:",
        problem,
    );
}

/// Item 1, every pair: each bundled battle named by a save of any other
/// campaign, in every battle mode, is refused at its place; a save of the
/// battle's own campaign is read.
#[test]
fn every_mismatched_campaign_and_battle_is_refused_in_every_mode() {
    let base: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(manifest("tests/fixtures/foreign-battle.json")).unwrap(),
    )
    .unwrap();
    for (key, scenario, _) in fcrel::scenario::bundled_battles() {
        for campaign in common::CAMPAIGNS {
            for mode in [
                BattleMode::Basic,
                BattleMode::Advanced,
                BattleMode::Quick,
                BattleMode::VeryQuick,
            ] {
                let mut v = base.clone();
                v["campaign"] = campaign.into();
                v["stand_alone"] = key.as_str().into();
                v["options"]["battles"] = serde_json::to_value(mode).unwrap();
                let parsed = fcrel::save::parse(Path::new("pair.json"), v.to_string().as_bytes());
                if campaign == scenario.campaign {
                    assert!(parsed.is_ok(), "{key} of {campaign}: {parsed:?}");
                } else {
                    let e = parsed.unwrap_err();
                    assert_eq!(e.place, fcrel::campaign::Place::Field("stand_alone".into()));
                    assert!(e.problem.contains("is one of"), "{e}");
                }
            }
        }
    }
    // A key that names no battle is refused too (it used to be dropped,
    // and the save replayed as a campaign).
    let mut v = base;
    v["stand_alone"] = "pickett".into();
    let e = fcrel::save::parse(Path::new("none.json"), v.to_string().as_bytes()).unwrap_err();
    assert!(
        e.problem.contains(
            "stand_alone: \"pickett\" is not a bundled battle (they are: malvern-hill, cornfield)"
        ),
        "{e}"
    );
}

/// Item 1, the rules: a stand-alone battle whose Forces the campaign lacks
/// stops the replay with a message instead of a panic (a save made in
/// code, past `save::read`'s check).
#[test]
fn a_stand_alone_battle_of_foreign_forces_stops_the_replay() {
    let text = std::fs::read_to_string(manifest("tests/fixtures/foreign-battle.json")).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v.as_object_mut().unwrap().remove("stand_alone");
    let mut save: fcrel::save::SaveFile = serde_json::from_value(v).unwrap();
    save.stand_alone = Some("cornfield".into());
    let c = std::sync::Arc::new(fcrel::campaign::load_bundled("seven-days").unwrap());
    let why = fcrel::save::replay(&save, c).unwrap_err();
    assert!(
        why.contains("the replay stopped") && why.contains("no counter of this campaign"),
        "{why}"
    );
}

/// Item 2: the messages of a damaged save name the field path.
#[cfg(unix)]
#[test]
fn save_errors_name_their_field() {
    let dir = scratch("places");
    let good: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(manifest(
            "tests/fixtures/seven-days-basic-turn-7-digest-2.json",
        ))
        .unwrap(),
    )
    .unwrap();
    type Edit = fn(&mut serde_json::Value);
    let cases: [(&str, Edit, &str, &str); 5] = [
        (
            "no-kind.json",
            |v| {
                v["decisions"][3].as_object_mut().unwrap().remove("kind");
            },
            "decisions[3]:",
            "missing field `kind`",
        ),
        (
            "integer.json",
            |v| v["decisions"][3]["force"] = 7.into(),
            "decisions[3].force:",
            "invalid type: integer `7`, expected a string",
        ),
        (
            "variant.json",
            |v| v["decisions"][3]["kind"] = "move_forse".into(),
            "decisions[3].kind:",
            "unknown variant `move_forse`",
        ),
        (
            "negative.json",
            |v| v["turn"] = (-1).into(),
            "turn:",
            "invalid value: integer `-1`, expected u32",
        ),
        (
            "no-digest.json",
            |v| {
                v.as_object_mut().unwrap().remove("digest");
            },
            "line ",
            "missing field `digest`",
        ),
    ];
    for (name, edit, place, problem) in cases {
        let mut v = good.clone();
        edit(&mut v);
        let path = dir.join(name);
        std::fs::write(&path, serde_json::to_string_pretty(&v).unwrap()).unwrap();
        let r = refused(&["replay", path.to_str().unwrap()], name, place, problem);
        assert!(
            r.err.contains(&format!("{name}: is damaged: {place}")),
            "{}",
            r.err
        );
        // The Load screen shows the same problem (`save::list`).
        let listed = fcrel::save::list(&dir);
        let l = listed.iter().find(|l| l.path == path).unwrap();
        let shown = l.save.as_ref().unwrap_err().to_string();
        assert!(shown.contains(place) && shown.contains(problem), "{shown}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Item 3: a FIFO where a file is expected is reported, not opened (an open
/// waits for a writer for ever), by every command that reads a file.
#[cfg(unix)]
#[test]
fn a_fifo_is_refused_without_being_opened() {
    let dir = scratch("fifo");
    let fifo = dir.join("pipe.json");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let f = fifo.to_str().unwrap();
    let d = dir.to_str().unwrap();
    let problem = "is a named pipe (FIFO)";
    for args in [
        vec!["validate", f],
        vec!["validate", d],
        vec!["replay", f],
        vec!["battle", "--scenario", f],
        vec!["odds", "--scenario", f],
        vec!["odds", "--save", f],
    ] {
        refused(&args, "pipe.json", "pipe.json: ", problem);
    }
    // A campaigns folder with a FIFO named as a campaign.
    let r = guarded_env(&["simulate", "--campaign", "pipe", "--games", "1"], &dir);
    assert_eq!(r.code, 1, "{}", r.err);
    assert!(
        r.err
            .contains("pipe.json: is a named pipe (FIFO), not a campaign file"),
        "{}",
        r.err
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `guarded` with `FCREL_CAMPAIGNS` set.
#[cfg(unix)]
fn guarded_env(args: &[&str], campaigns: &Path) -> Ran {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_fcrel"))
        .args(args)
        .env("FCREL_CAMPAIGNS", campaigns)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    Ran {
        code: out.status.code().unwrap_or(-1),
        out: String::from_utf8_lossy(&out.stdout).into_owned(),
        err: String::from_utf8_lossy(&out.stderr).into_owned(),
        max_rss_kb: 0,
    }
}

/// Item 4: an endless device named `*.json` (size 0 in its metadata) is
/// not read: it is no regular file, and no read goes past the file kind's
/// limit anyway (`store::read_bounded`, tested in `store`).
#[cfg(unix)]
#[test]
fn an_endless_device_is_not_read() {
    let dir = scratch("zero");
    let zero = dir.join("zero.json");
    std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
    let f = zero.to_str().unwrap();
    for args in [
        vec!["validate", f],
        vec!["replay", f],
        vec!["battle", "--scenario", f],
        vec!["odds", "--scenario", f],
        vec!["odds", "--save", f],
    ] {
        refused(&args, "zero.json", "zero.json: ", "is a device");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Item 5: a campaign id is a plain id on every path in: a save's, a
/// scenario's, `simulate --campaign`.
#[cfg(unix)]
#[test]
fn campaign_ids_are_not_paths() {
    let dir = scratch("ids");
    let abs = manifest("campaigns/seven-days")
        .to_str()
        .unwrap()
        .to_string();
    let mut save: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(manifest(
            "tests/fixtures/seven-days-basic-turn-7-digest-2.json",
        ))
        .unwrap(),
    )
    .unwrap();
    let mut scenario: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(manifest("scenarios/quick-glendale.json")).unwrap(),
    )
    .unwrap();
    for (i, id) in ["../campaigns/seven-days", abs.as_str()]
        .into_iter()
        .enumerate()
    {
        let problem = "is not a campaign id";
        save["campaign"] = id.into();
        let s = dir.join(format!("save-{i}.json"));
        std::fs::write(&s, save.to_string()).unwrap();
        refused(
            &["replay", s.to_str().unwrap()],
            &format!("save-{i}.json"),
            "campaign:",
            problem,
        );
        refused(
            &["odds", "--save", s.to_str().unwrap()],
            &format!("save-{i}.json"),
            "campaign:",
            problem,
        );
        scenario["campaign"] = id.into();
        let b = dir.join(format!("scenario-{i}.json"));
        std::fs::write(&b, scenario.to_string()).unwrap();
        refused(
            &["battle", "--scenario", b.to_str().unwrap()],
            &format!("scenario-{i}.json"),
            "campaign:",
            problem,
        );
        refused(
            &["simulate", "--campaign", id, "--games", "1"],
            "campaign",
            "",
            problem,
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Item 6: `--threads 1000` is capped at four a core, with a message.
#[cfg(unix)]
#[test]
fn odds_threads_are_capped() {
    let r = guarded(&[
        "odds",
        "--scenario",
        "scenarios/quick-glendale.json",
        "--trials",
        "200",
        "--threads",
        "1000",
    ]);
    assert_eq!(r.code, 0, "{}", r.err);
    let cap = 4 * std::thread::available_parallelism().map_or(1, |n| n.get());
    assert!(
        r.err.contains(&format!(
            "--threads 1000 is more than this machine can use (4 a core); fighting on {cap}"
        )),
        "{}",
        r.err
    );
    assert!(r.err.contains(&format!("on {cap} threads")), "{}", r.err);
    assert!(r.out.contains("Union"), "{}", r.out);
}

/// Item 7: a byte-order mark is accepted in a save as in a campaign file;
/// a scenario's bad `mode` is reported once; a 100,000-character campaign
/// id makes a short message.
#[cfg(unix)]
#[test]
fn messages_are_whole_short_and_said_once() {
    let dir = scratch("messages");
    let fixture = manifest("tests/fixtures/seven-days-basic-turn-7-digest-2.json");
    let mut bom = b"\xEF\xBB\xBF".to_vec();
    bom.extend(std::fs::read(&fixture).unwrap());
    let path = dir.join("bom.json");
    std::fs::write(&path, &bom).unwrap();
    let r = guarded(&["replay", path.to_str().unwrap(), "--verify"]);
    assert_eq!(r.code, 0, "{}", r.err);
    let mut campaign = std::fs::read(manifest("campaigns/seven-days.json")).unwrap();
    campaign.splice(0..0, *b"\xEF\xBB\xBF");
    let c = dir.join("seven-days.json");
    std::fs::write(&c, &campaign).unwrap();
    assert_eq!(guarded(&["validate", c.to_str().unwrap()]).code, 0);

    let mut scenario: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(manifest("scenarios/quick-glendale.json")).unwrap(),
    )
    .unwrap();
    scenario["mode"] = "Quick".into();
    let s = dir.join("mode.json");
    std::fs::write(&s, scenario.to_string()).unwrap();
    let r = refused(
        &["battle", "--scenario", s.to_str().unwrap()],
        "mode.json",
        "mode:",
        "unknown variant `Quick`",
    );
    assert_eq!(
        r.err.matches("mode").count() - r.err.matches("mode.json").count(),
        1,
        "{}",
        r.err
    );

    scenario["mode"] = "quick".into();
    scenario["campaign"] = "x".repeat(100_000).into();
    std::fs::write(&s, scenario.to_string()).unwrap();
    let r = refused(
        &["battle", "--scenario", s.to_str().unwrap()],
        "mode.json",
        "campaign:",
        "is not a campaign id",
    );
    assert!(r.err.len() < 1000, "{} bytes: {}", r.err.len(), r.err);
    assert!(r.err.contains("(100000 characters)"), "{}", r.err);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 45 item 3: a save value holding `"` (700,000 characters) is cut
/// in the message like any other, whichever field it is in.
#[cfg(unix)]
#[test]
fn a_long_value_with_quotes_is_cut_in_every_message() {
    let dir = scratch("quotes");
    let fixture = manifest("tests/fixtures/seven-days-basic-turn-7-digest-2.json");
    let save: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&fixture).unwrap()).unwrap();
    let long: String = "x\"".repeat(1_000) + &"y".repeat(698_000);
    for (field, place) in [
        ("campaign", "campaign:"),
        ("campaign_name", "campaign_name:"),
        ("digest", "digest:"),
        ("step", "step:"),
    ] {
        let mut v = save.clone();
        v[field] = long.clone().into();
        let path = dir.join(format!("{field}.json"));
        std::fs::write(&path, v.to_string()).unwrap();
        let r = refused(
            &["replay", path.to_str().unwrap(), "--verify"],
            &format!("{field}.json"),
            place,
            "(700000 characters)",
        );
        assert!(r.err.len() < 600, "{field}: {} bytes", r.err.len());
        assert_eq!(r.err.lines().count(), 1, "{field}: said once");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 45 item 4: a branch's `kept` is checked against the decisions
/// its file holds, with its place, on every way in (replay, verify).
#[cfg(unix)]
#[test]
fn a_branch_keeping_more_decisions_than_it_holds_is_refused() {
    let dir = scratch("kept");
    let fixture = manifest("tests/fixtures/seven-days-basic-turn-7-digest-2.json");
    let branch = dir.join("branch.json");
    let made = guarded(&[
        "replay",
        fixture.to_str().unwrap(),
        "--until",
        "10",
        "--save-as",
        branch.to_str().unwrap(),
        "--dice-seed",
        "3",
    ]);
    assert_eq!(made.code, 0, "{}", made.err);
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&branch).unwrap()).unwrap();
    assert_eq!(v["branch"]["kept"], 10);
    assert_eq!(
        guarded(&["replay", branch.to_str().unwrap(), "--verify"]).code,
        0
    );
    v["branch"]["kept"] = 1_000_000_000u64.into();
    std::fs::write(&branch, v.to_string()).unwrap();
    for extra in [None, Some("--verify")] {
        let mut args = vec!["replay", branch.to_str().unwrap()];
        args.extend(extra);
        refused(
            &args,
            "branch.json",
            "branch.kept:",
            "file holds 10 decisions",
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 45 item 5: the command line's messages, each exact and in one
/// line: usage errors exit 2, a rule never asked is named, `--until` works
/// alone, an empty recorded digest is a whole sentence.
#[cfg(unix)]
#[test]
fn command_line_messages_say_what_is_wrong() {
    let fixture = manifest("tests/fixtures/seven-days-basic-turn-7-digest-2.json");
    let save = fixture.to_str().unwrap();
    let scenario = manifest("scenarios/odds-basic-8v8.json");
    let scenario = scenario.to_str().unwrap();
    let usage = |args: &[&str], words: &str| {
        let r = guarded(args);
        assert_eq!(r.code, 2, "fcrel {args:?}: {}", r.err);
        assert!(r.err.contains(words), "fcrel {args:?}: {}", r.err);
        assert_eq!(r.err.lines().count(), 1, "fcrel {args:?}: {}", r.err);
    };
    usage(&["advise"], "give either --save FILE or --scenario FILE");
    usage(
        &["advise", "--save", save, "--scenario", scenario],
        "give either --save FILE or --scenario FILE",
    );
    usage(
        &["advise", "--save", save, "--at", "12.2"],
        "--at picks a question of a --scenario's battle",
    );
    let r = guarded(&[
        "advise",
        "--scenario",
        scenario,
        "--at",
        "99.9",
        "--trials",
        "10",
    ]);
    assert_eq!(r.code, 1, "{}", r.err);
    assert!(
        r.err.contains(
            "--at \"99.9\": no question of that rule is asked in this battle (Basic battle rules)"
        ),
        "{}",
        r.err
    );
    assert!(
        r.err.contains("the questions it asks: ") && r.err.contains("12.2"),
        "{}",
        r.err
    );
    assert_eq!(r.err.lines().count(), 1, "{}", r.err);

    // --until alone: the game where it asked decision N+1, nothing written.
    let whole = guarded(&["replay", save]);
    let part = guarded(&["replay", save, "--until", "5"]);
    assert_eq!(part.code, 0, "{}", part.err);
    assert_ne!(part.out, whole.out, "another point of the game");
    assert!(part.err.contains("5 decisions of "), "{}", part.err);
    usage(
        &["replay", save, "--until", "999999"],
        "the game has 251 decisions",
    );

    // A file that records no digest: a whole sentence, exit 1.
    let dir = scratch("no-digest");
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&fixture).unwrap()).unwrap();
    v["digest"] = "".into();
    let path = dir.join("no-digest.json");
    std::fs::write(&path, v.to_string()).unwrap();
    let r = guarded(&["replay", path.to_str().unwrap(), "--verify"]);
    assert_eq!(r.code, 1, "{}", r.err);
    let line = r.err.lines().last().unwrap_or_default();
    assert!(
        line.contains("no-digest.json: the file records no digest, so the replayed digest fcrel")
            && line.ends_with("cannot be verified"),
        "{}",
        r.err
    );
    let _ = std::fs::remove_dir_all(&dir);
}
