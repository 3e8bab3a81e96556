//! The documentation says what the program does (issue 32, item 10): the
//! README's list of Optional rules is the program's, and the file formats
//! name every Optional rule the way the files spell it.

use fcrel::rules::difficulty::OPTIONAL;

fn read(path: &str) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The README's paragraph on the Optional rules, from "Optional rules
/// chosen at set-up:" to the sentence on "Used with".
fn readme_optional_paragraph() -> String {
    let readme = read("README.md");
    let start = readme
        .find("Optional rules chosen at set-up:")
        .expect("README introduces the Optional rules");
    let rest = &readme[start..];
    let end = rest
        .find("A rule is offered")
        .expect("README ends the list with the \"Used with\" sentence");
    rest[..end].to_string()
}

/// Every `**bold**` name in `text`, with line breaks read as spaces.
fn bold_names(text: &str) -> Vec<String> {
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    flat.split("**")
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// The README names, in bold, exactly the Optional rules fcrel plays, each
/// once, and says none of them is still to be built.
#[test]
fn readme_lists_the_programs_optional_rules() {
    let paragraph = readme_optional_paragraph();
    let mut listed = bold_names(&paragraph);
    let mut program: Vec<String> = OPTIONAL.iter().map(|r| r.name.to_string()).collect();
    listed.sort();
    program.sort();
    assert_eq!(
        listed, program,
        "README's Optional rules (bold names) and fcrel's (rules::difficulty::OPTIONAL) differ"
    );
    let flat = paragraph.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(!flat.contains("not built yet"), "{flat}");
    // A rule with a number is given it beside its name.
    for r in OPTIONAL.iter() {
        if let Some(n) = r.number {
            assert!(
                flat.contains(&format!("**{}** ({n})", r.name)),
                "README names {} without ({n})",
                r.name
            );
        }
    }
}

/// The scenario format documents `optional` with every name it takes, and
/// the save format every field a save's options turn a rule on with.
#[test]
fn the_file_formats_name_every_optional_rule() {
    let scenario = read("docs/scenario-format.md");
    let row = scenario
        .lines()
        .find(|l| l.starts_with("| `optional` |"))
        .expect("docs/scenario-format.md documents the `optional` field");
    let save = read("docs/save-format.md");
    for r in OPTIONAL.iter() {
        assert!(
            row.contains(&format!("`{}`", r.key)),
            "scenario `optional`: {}",
            r.key
        );
        assert!(
            save.contains(&format!("`{}`", r.field)),
            "save `options`: {}",
            r.field
        );
    }
    assert!(row.contains("`all`"), "{row}");
}

/// README, "To run the window": with no display the window does not open,
/// and fcrel says so in one line (no backtrace) and exits with 1.
#[test]
fn the_window_without_a_display_says_so_in_one_line() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_fcrel"))
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("WAYLAND_SOCKET")
        .env(
            "FCREL_DATA_DIR",
            std::env::temp_dir().join("fcrel-no-display"),
        )
        .output()
        .expect("the binary runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 1, "{err}");
    assert!(
        lines[0].starts_with("fcrel: cannot open the window: no X display, DISPLAY is not set"),
        "{err}"
    );
    let readme = read("README.md");
    assert!(readme.contains("no X display, DISPLAY is not set"));
}
