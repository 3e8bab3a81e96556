//! The shape of the code, read from its `use` lines and paths: no import
//! circle inside `src/rules` nor between the crate's parts, the plain
//! engine never imports the Bevy glue (`rules::sequence`, `rules::setup`),
//! the app never reads the rules' prose, and board counters and sheet
//! slots have their own index types.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module of `src/rules` by its path below `rules` (`[]` is `rules`).
type Module = Vec<String>;

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn module_of(root: &Path, file: &Path) -> Module {
    let rel = file.strip_prefix(root).unwrap().with_extension("");
    let mut m: Module = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if m.last().is_some_and(|s| s == "mod") || m == ["lib"] {
        m.pop();
    }
    m
}

/// The code without comments and string literals.
fn code(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            '"' => {
                let mut escaped = false;
                for c in chars.by_ref() {
                    if escaped {
                        escaped = false;
                    } else if c == '\\' {
                        escaped = true;
                    } else if c == '"' {
                        break;
                    }
                }
                out.push_str("\"\"");
            }
            // A char literal such as '{' must not count as a brace.
            '\'' => {
                let rest: String = chars.clone().take(3).collect();
                if rest.chars().nth(1) == Some('\'') {
                    chars.next();
                    chars.next();
                } else if rest.starts_with('\\') && rest.chars().nth(2) == Some('\'') {
                    chars.next();
                    chars.next();
                    chars.next();
                } else {
                    out.push(c);
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// Expand a use tree (`a::{b, c::{d, self}}`) into whole paths.
fn expand(tree: &str, prefix: &[String], out: &mut Vec<Vec<String>>) {
    let tree = tree.trim();
    if tree.is_empty() {
        return;
    }
    if let Some(open) = tree.find('{') {
        let head: Vec<String> = tree[..open]
            .split("::")
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect();
        let mut base = prefix.to_vec();
        base.extend(head);
        let inner = &tree[open + 1..tree.rfind('}').unwrap()];
        let mut depth = 0;
        let mut start = 0;
        for (i, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand(&inner[start..i], &base, out);
                    start = i + 1;
                }
                _ => {}
            }
        }
        expand(&inner[start..], &base, out);
        return;
    }
    let tree = tree.split(" as ").next().unwrap();
    let mut path = prefix.to_vec();
    for seg in tree.split("::").map(str::trim) {
        if seg != "self" && seg != "*" && !seg.is_empty() {
            path.push(seg.to_string());
        }
    }
    out.push(path);
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Every path a file names: its use trees and its inline `crate::`,
/// `super::`, `self::` and child-module (`record::EventKind`) paths.
fn paths(code: &str, children: &[String]) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let bytes: Vec<char> = code.chars().collect();
    let text: String = bytes.iter().collect();
    // Use statements.
    let mut i = 0;
    while let Some(at) = text[i..].find("use ") {
        let start = i + at;
        let before = text[..start].chars().last();
        i = start + 4;
        if before.is_some_and(is_ident) {
            continue;
        }
        let end = start + text[start..].find(';').unwrap();
        expand(&text[start + 4..end], &[], &mut out);
        i = end;
    }
    // Inline paths.
    let heads: Vec<String> = ["crate", "super", "self"]
        .iter()
        .map(|h| h.to_string())
        .chain(children.iter().cloned())
        .map(|h| format!("{h}::"))
        .collect();
    for head in &heads {
        let mut i = 0;
        while let Some(at) = text[i..].find(head.as_str()) {
            let start = i + at;
            i = start + head.len();
            if text[..start]
                .chars()
                .last()
                .is_some_and(|c| is_ident(c) || c == ':')
            {
                continue;
            }
            let rest: String = text[start..]
                .chars()
                .take_while(|&c| is_ident(c) || c == ':')
                .collect();
            out.push(
                rest.split("::")
                    .filter(|s| !s.is_empty())
                    .map(String::from)
                    .collect(),
            );
        }
    }
    out
}

/// The modules of `src/rules` each file depends on.
fn graph() -> BTreeMap<Module, BTreeSet<Module>> {
    graph_below(&["rules"])
}

/// The modules below `crate::<below>` (`[]`: the whole library) each file
/// of them depends on; a module by its path below `below`.
fn graph_below(below: &[&str]) -> BTreeMap<Module, BTreeSet<Module>> {
    let mut root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    root.extend(below);
    let mut list = Vec::new();
    files(&root, &mut list);
    // The binary is a crate of its own.
    list.retain(|f| f != &root.join("main.rs"));
    let modules: BTreeSet<Module> = list.iter().map(|f| module_of(&root, f)).collect();
    let tests = test_modules(&root, &list);
    let mut graph = BTreeMap::new();
    for file in &list {
        let me = module_of(&root, file);
        // A unit test in a file of its own (`#[cfg(test)] mod battle_tests;`)
        // is no more the engine than `mod tests` at a file's end.
        if tests.iter().any(|t| me.starts_with(t)) {
            graph.insert(me, BTreeSet::new());
            continue;
        }
        // The module a bare first segment is looked up in.
        let here = me.clone();
        let parent = {
            let mut p = me.clone();
            p.pop();
            p
        };
        let mut deps = BTreeSet::new();
        let text = std::fs::read_to_string(file).unwrap();
        // Unit tests (`#[cfg(test)] mod tests`, at the end) are not the engine.
        let text = code(&text);
        let text = match text.find("#[cfg(test)]\nmod tests") {
            Some(at) => &text[..at],
            None => &text,
        };
        let children: Vec<String> = modules
            .iter()
            .filter(|m| m.len() == me.len() + 1 && m.starts_with(&me))
            .map(|m| m[me.len()].clone())
            .collect();
        for path in paths(text, &children) {
            let Some(first) = path.first() else { continue };
            let absolute: Vec<String> = match first.as_str() {
                "crate" => {
                    let inside = path.len() > below.len()
                        && path[1..=below.len()].iter().zip(below).all(|(a, b)| a == b);
                    if !inside {
                        continue;
                    }
                    path[1 + below.len()..].to_vec()
                }
                "super" => {
                    let mut m = parent.clone();
                    let mut rest = &path[1..];
                    while rest.first().map(String::as_str) == Some("super") {
                        m.pop();
                        rest = &rest[1..];
                    }
                    m.extend(rest.iter().cloned());
                    m
                }
                "self" => {
                    let mut m = here.clone();
                    m.extend(path[1..].iter().cloned());
                    m
                }
                _ => {
                    // A child module named without a prefix (`use combat::*`).
                    let mut m = here.clone();
                    m.push(first.clone());
                    if !modules.contains(&m) {
                        continue;
                    }
                    m.extend(path[1..].iter().cloned());
                    m
                }
            };
            // The longest prefix that is a module file.
            let target = (0..=absolute.len())
                .rev()
                .map(|n| absolute[..n].to_vec())
                .find(|m| modules.contains(m));
            if let Some(t) = target
                && t != me
            {
                deps.insert(t);
            }
        }
        graph.insert(me, deps);
    }
    graph
}

/// The modules declared `#[cfg(test)]` in their parent's file (`mod x;`,
/// `pub(crate) mod x;`): unit tests and their helpers, in files of their own.
fn test_modules(root: &Path, list: &[PathBuf]) -> Vec<Module> {
    let mut out = Vec::new();
    for file in list {
        let me = module_of(root, file);
        let text = code(&std::fs::read_to_string(file).unwrap());
        let mut rest = text.as_str();
        while let Some(at) = rest.find("#[cfg(test)]") {
            rest = &rest[at + "#[cfg(test)]".len()..];
            let decl = rest.trim_start();
            let decl = decl
                .strip_prefix("pub(crate) ")
                .or_else(|| decl.strip_prefix("pub(super) "))
                .or_else(|| decl.strip_prefix("pub "))
                .unwrap_or(decl);
            let Some(decl) = decl.strip_prefix("mod ") else {
                continue;
            };
            let name: String = decl.chars().take_while(|&c| is_ident(c)).collect();
            // `mod x;` names a file; `mod tests { .. }` is inline.
            if decl[name.len()..].trim_start().starts_with(';') {
                let mut m = me.clone();
                m.push(name);
                out.push(m);
            }
        }
    }
    out
}

fn name(m: &Module) -> String {
    in_root("rules", m)
}

/// A module's path below `root` (`crate`, `rules`), written out.
fn in_root(root: &str, m: &Module) -> String {
    if m.is_empty() {
        root.into()
    } else {
        format!("{root}::{}", m.join("::"))
    }
}

/// Strongly connected components of more than one module (Tarjan).
fn circles(graph: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<Module>> {
    struct S<'a> {
        g: &'a BTreeMap<Module, BTreeSet<Module>>,
        index: BTreeMap<Module, usize>,
        low: BTreeMap<Module, usize>,
        stack: Vec<Module>,
        on: BTreeSet<Module>,
        next: usize,
        out: Vec<Vec<Module>>,
    }
    fn visit(s: &mut S, v: &Module) {
        s.index.insert(v.clone(), s.next);
        s.low.insert(v.clone(), s.next);
        s.next += 1;
        s.stack.push(v.clone());
        s.on.insert(v.clone());
        for w in s.g.get(v).into_iter().flatten() {
            if !s.index.contains_key(w) {
                visit(s, w);
                let l = s.low[v].min(s.low[w]);
                s.low.insert(v.clone(), l);
            } else if s.on.contains(w) {
                let l = s.low[v].min(s.index[w]);
                s.low.insert(v.clone(), l);
            }
        }
        if s.low[v] == s.index[v] {
            let mut c = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on.remove(&w);
                let done = &w == v;
                c.push(w);
                if done {
                    break;
                }
            }
            if c.len() > 1 {
                s.out.push(c);
            }
        }
    }
    let mut s = S {
        g: graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        next: 0,
        out: Vec::new(),
    };
    for v in graph.keys() {
        if !s.index.contains_key(v) {
            visit(&mut s, v);
        }
    }
    s.out
}

#[test]
fn no_import_circle_in_the_rules() {
    assert_no_circle("rules", &graph());
}

/// Nor anywhere in the library (the app, the odds, the command line),
/// a module counted with the modules inside it: a parent that adds its
/// children's plugins and children that use their parent's types are one
/// part, and no two parts import each other, however far round.
#[test]
fn no_import_circle_in_the_crate() {
    let mut g = graph_below(&[]);
    let m = |s: &str| -> Module { s.split("::").map(String::from).collect() };
    assert!(g[&m("app::battle::sheet")].contains(&m("rules::battle::record")));
    assert!(g[&m("app::battle::sheet")].contains(&m("app::battle::sheet::geometry")));
    assert!(g.len() > 100, "{} modules", g.len());
    for (me, deps) in g.iter_mut() {
        deps.retain(|d| !d.starts_with(me) && !me.starts_with(d));
    }
    assert_no_circle("crate", &g);
}

fn assert_no_circle(root: &str, g: &BTreeMap<Module, BTreeSet<Module>>) {
    let name = |m: &Module| in_root(root, m);
    let found = circles(g);
    let mut report = String::new();
    for c in &found {
        report.push_str("circle:\n");
        for m in c {
            let inside: Vec<String> = g[m].iter().filter(|d| c.contains(d)).map(&name).collect();
            report.push_str(&format!("  {} -> {}\n", name(m), inside.join(", ")));
        }
    }
    assert!(found.is_empty(), "{report}");
}

#[test]
fn the_engine_does_not_import_the_bevy_glue() {
    let glue: Vec<Module> = [
        vec![],
        vec!["sequence".into()],
        vec!["setup".into()],
        vec!["battlefield".into()],
    ]
    .into_iter()
    .collect();
    let g = graph();
    let mut wrong = Vec::new();
    for (m, deps) in &g {
        if glue.contains(m) {
            continue;
        }
        for d in deps {
            if glue.contains(d) {
                wrong.push(format!("{} imports {}", name(m), name(d)));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The reader finds the imports it must: a check that cannot pass vacuously.
#[test]
fn the_reader_sees_known_imports() {
    let g = graph();
    let m = |s: &str| -> Module { s.split("::").map(String::from).collect() };
    assert!(g[&m("battle::basic::combat")].contains(&m("battle::basic::field")));
    assert!(g[&m("turn::orders")].contains(&m("board")));
    assert!(g[&m("sequence")].contains(&m("turn")));
    assert!(g.len() > 15, "{} modules", g.len());
    // Only the modules declared `#[cfg(test)]` are set aside as tests.
    assert!(g[&m("why::battle_tests")].is_empty());
    assert!(g[&m("why")].contains(&m("turn::moves")));
}

/// The app decides nothing from the rules' words (DESIGN.md: "It never
/// reads the rules' prose or rule-number strings to decide anything"): no
/// file of `src/app` compares a request's prompt or a rule number.
#[test]
fn the_app_never_reads_a_prompt_or_a_rule_number() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app");
    let mut all = Vec::new();
    files(&root, &mut all);
    let banned = [
        "prompt.contains(",
        "prompt.starts_with(",
        "prompt.ends_with(",
        "prompt ==",
        "prompt.to_lowercase()",
        ".rule ==",
        ".rule.starts_with(",
        ".rule.contains(",
        "rule.as_str())",
        "&r.rule)",
    ];
    let mut found = Vec::new();
    for file in &all {
        let text = std::fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let line = line.split("//").next().unwrap_or("");
            for b in banned {
                if line.contains(b) {
                    found.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
                }
            }
        }
    }
    assert!(all.len() > 20, "the app's files are read");
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// A counter on the board and a Force's slot on a battle sheet have their
/// own index types (`rules::ix`: `PieceIx`, `Slot`): no function takes,
/// and no struct holds, either as a plain integer under the names they go
/// by.
#[test]
fn pieces_and_slots_are_not_plain_integers() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = Vec::new();
    files(&root, &mut all);
    let names = ["pid", "tpid", "k", "_k", "piece", "slot"];
    let types = ["usize", "Option<usize>", "&[usize]", "Vec<usize>"];
    let mut found = Vec::new();
    for file in &all {
        let text = code(&std::fs::read_to_string(file).unwrap());
        for (n, line) in text.lines().enumerate() {
            for name in names {
                for ty in types {
                    let pattern = format!("{name}: {ty}");
                    let hit = line.match_indices(&pattern).any(|(at, _)| {
                        !line[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_')
                            && !line[at + pattern.len()..]
                                .starts_with(|c: char| c.is_alphanumeric() || c == '_' || c == '>')
                    });
                    if hit {
                        found.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
                    }
                }
            }
        }
    }
    assert!(all.len() > 100, "the crate's files are read");
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// Issue 47: every rule number the window shows is a link to the rules
/// reference. Hover texts go through `on_hover_words` (its rule numbers
/// links), never egui's `on_hover_text`; no label, heading or small
/// capitals is written with a rule number in its words ("… (3.1)"): such
/// words go through `theme::link::words`.
#[test]
fn rule_numbers_in_the_window_are_links() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app");
    let mut all = Vec::new();
    files(&root, &mut all);
    let mut found = Vec::new();
    for file in &all {
        if file.file_name().is_some_and(|n| n == "tests.rs") || file.starts_with(root.join("dev")) {
            continue;
        }
        let text = std::fs::read_to_string(file).unwrap();
        // The window's code, not its tests.
        let text = text.split("#[cfg(test)]").next().unwrap_or("");
        for (n, line) in text.lines().enumerate() {
            if line
                .split("//")
                .next()
                .unwrap_or("")
                .contains(".on_hover_text(")
            {
                found.push(format!("{}:{}: on_hover_text", file.display(), n + 1));
            }
        }
        for call in ["ui.label(", ".heading(", "colored_label(", "kit::caps("] {
            let mut from = 0;
            while let Some(at) = text[from..].find(call) {
                let start = from + at + call.len();
                // The call's arguments, to the closing bracket.
                let mut depth = 1;
                let mut end = start;
                for (i, c) in text[start..].char_indices() {
                    match c {
                        '(' => depth += 1,
                        ')' => depth -= 1,
                        _ => {}
                    }
                    if depth == 0 {
                        end = start + i;
                        break;
                    }
                }
                let args = &text[start..end];
                if cites_a_rule(args) {
                    let line = text[..start].lines().count();
                    found.push(format!("{}:{line}: {call}{}", file.display(), args.trim()));
                }
                from = start;
            }
        }
    }
    assert!(all.len() > 20, "the app's files are read");
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// A string literal holding a rule number after "(" or "· " ("(3.1)",
/// "(A10.2.14", "· 21.0").
fn cites_a_rule(args: &str) -> bool {
    let mut in_literal = false;
    let bytes = args.as_bytes();
    for i in 0..bytes.len() {
        match bytes[i] {
            b'"' if i == 0 || bytes[i - 1] != b'\\' => in_literal = !in_literal,
            b'(' | b' ' if in_literal && (bytes[i] == b'(' || args[..i].ends_with('·')) => {
                let rest = &args[i + 1..];
                let rest = rest.strip_prefix('A').unwrap_or(rest);
                let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
                if digits > 0
                    && rest[digits..].starts_with('.')
                    && rest[digits + 1..].starts_with(|c: char| c.is_ascii_digit())
                {
                    return true;
                }
            }
            _ => {}
        }
    }
    false
}
