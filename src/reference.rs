//! The rules reference (F1): the rules as fcrel plays them, by rule number,
//! in our own words, with the rulings of `docs/rulings.md` where they
//! apply. The text is data (`assets/reference/rules.txt`, embedded); this
//! module reads it, finds entries by number, searches them and splits
//! their text at the rule numbers they mention. No Bevy, no egui: the
//! window (`app::panels::reference`) draws what this gives.
//!
//! The file's format, one line at a time:
//!
//! ```text
//! # a comment
//! == Battles on the Battlefield Sheet (10.0–10.3)     a section heading
//! -- 14.5 | Rout Check                               an entry: number | title
//! Any other line is the entry's text; a blank line   (paragraphs)
//! starts a new paragraph.
//! also: O15.3                                       other numbers it is cited by
//! ruling: R-14.5 | The routed side leaves rear first.  a ruling that applies
//! ```

use std::fmt;
use std::sync::OnceLock;

/// Where the bundled reference comes from (for error messages).
pub const FILE: &str = "assets/reference/rules.txt";

const BUNDLED: &str = include_str!("../assets/reference/rules.txt");

/// The whole reference, in the file's order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reference {
    pub sections: Vec<Section>,
    /// Every number and alias, for [`Reference::knows`].
    known: std::collections::BTreeSet<String>,
}

/// A heading a player navigates by, and its entries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    pub title: String,
    pub entries: Vec<Entry>,
}

/// One rule: its number as the engine cites it ("14.5", "A11.4.2.2",
/// "O11.4", "Counter-Battery Fire"), its title and our summary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub number: String,
    pub title: String,
    /// Paragraphs of our own words.
    pub text: Vec<String>,
    /// Other numbers the engine cites it by ("O15.3" for "O15.3 & 18.0").
    pub also: Vec<String>,
    /// The rulings of `docs/rulings.md` that apply, each with its gist.
    pub rulings: Vec<Ruling>,
    /// The line of the file it starts on.
    pub line: usize,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ruling {
    /// "R-14.5", as `docs/rulings.md` heads it.
    pub id: String,
    pub gist: String,
}

/// A malformed reference file: where and what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    pub file: String,
    pub line: usize,
    pub problem: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.problem)
    }
}

impl std::error::Error for ParseError {}

/// The reference bundled with the program. Its file is checked by a unit
/// test; a malformed one stops the program with the file, line and problem.
pub fn bundled() -> &'static Reference {
    static REFERENCE: OnceLock<Reference> = OnceLock::new();
    REFERENCE.get_or_init(|| parse(FILE, BUNDLED).unwrap_or_else(|e| panic!("{e}")))
}

/// Read a reference file's text (`file` names it in errors).
pub fn parse(file: &str, text: &str) -> Result<Reference, ParseError> {
    let err = |line: usize, problem: String| ParseError {
        file: file.to_string(),
        line,
        problem,
    };
    let mut sections: Vec<Section> = Vec::new();
    // Whether the last line was blank (a new paragraph follows).
    let mut blank = true;
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.trim();
        if line.starts_with('#') {
            continue;
        }
        if line.is_empty() {
            blank = true;
            continue;
        }
        if let Some(title) = line.strip_prefix("==") {
            let title = title.trim();
            if title.is_empty() {
                return Err(err(n, "a section heading (==) needs a title".into()));
            }
            if let Some(e) = last_entry(&sections).filter(|e| e.text.is_empty()) {
                return Err(err(e.line, format!("entry {} has no text", e.number)));
            }
            sections.push(Section {
                title: title.to_string(),
                entries: Vec::new(),
            });
            blank = true;
            continue;
        }
        if let Some(rest) = line.strip_prefix("--") {
            let Some((number, title)) = rest.split_once('|') else {
                return Err(err(n, "an entry (--) reads `-- NUMBER | Title`".into()));
            };
            let (number, title) = (number.trim(), title.trim());
            if number.is_empty() || title.is_empty() {
                return Err(err(n, "an entry needs a number and a title".into()));
            }
            if let Some(e) = last_entry(&sections).filter(|e| e.text.is_empty()) {
                return Err(err(e.line, format!("entry {} has no text", e.number)));
            }
            let seen = sections
                .iter()
                .flat_map(|s| &s.entries)
                .find(|e| e.is(number));
            if let Some(e) = seen {
                return Err(err(
                    n,
                    format!("entry {number} is already on line {}", e.line),
                ));
            }
            let Some(section) = sections.last_mut() else {
                return Err(err(
                    n,
                    format!("entry {number} comes before any section (==)"),
                ));
            };
            section.entries.push(Entry {
                number: number.to_string(),
                title: title.to_string(),
                text: Vec::new(),
                also: Vec::new(),
                rulings: Vec::new(),
                line: n,
            });
            blank = true;
            continue;
        }
        if let Some(rest) = line.strip_prefix("also:") {
            for alias in split_rules(rest) {
                let seen = sections
                    .iter()
                    .flat_map(|s| &s.entries)
                    .find(|e| e.is(alias));
                if let Some(e) = seen {
                    return Err(err(
                        n,
                        format!("{alias} is already entry {} (line {})", e.number, e.line),
                    ));
                }
                let Some(entry) = sections.last_mut().and_then(|s| s.entries.last_mut()) else {
                    return Err(err(n, "`also:` before any entry (--)".into()));
                };
                entry.also.push(alias.to_string());
            }
            continue;
        }
        let Some(entry) = sections.last_mut().and_then(|s| s.entries.last_mut()) else {
            return Err(err(n, "text before any entry (--)".into()));
        };
        if let Some(rest) = line.strip_prefix("ruling:") {
            let Some((id, gist)) = rest.split_once('|') else {
                return Err(err(n, "a ruling reads `ruling: R-ID | gist`".into()));
            };
            let (id, gist) = (id.trim(), gist.trim());
            if !id.starts_with("R-") || id.contains(' ') {
                return Err(err(n, format!("\"{id}\" is not a ruling id (R-…)")));
            }
            if gist.is_empty() {
                return Err(err(n, format!("ruling {id} needs its gist")));
            }
            entry.rulings.push(Ruling {
                id: id.to_string(),
                gist: gist.to_string(),
            });
            continue;
        }
        if !entry.rulings.is_empty() {
            return Err(err(
                n,
                format!(
                    "text after the rulings of entry {}: rulings come last",
                    entry.number
                ),
            ));
        }
        match entry.text.last_mut() {
            Some(p) if !blank => {
                p.push(' ');
                p.push_str(line);
            }
            _ => entry.text.push(line.to_string()),
        }
        blank = false;
    }
    if let Some(e) = last_entry(&sections).filter(|e| e.text.is_empty()) {
        return Err(err(e.line, format!("entry {} has no text", e.number)));
    }
    if let Some(s) = sections.iter().find(|s| s.entries.is_empty()) {
        return Err(err(0, format!("section \"{}\" has no entries", s.title)));
    }
    let known = sections
        .iter()
        .flat_map(|s| &s.entries)
        .flat_map(|e| std::iter::once(&e.number).chain(&e.also))
        .cloned()
        .collect();
    Ok(Reference { sections, known })
}

fn last_entry(sections: &[Section]) -> Option<&Entry> {
    sections.last().and_then(|s| s.entries.last())
}

impl Reference {
    /// Every entry, in the file's order.
    pub fn entries(&self) -> impl Iterator<Item = &Entry> {
        self.sections.iter().flat_map(|s| &s.entries)
    }

    /// Whether `number` is an entry's number or alias (fast: the
    /// chronicle asks for every number on every line it draws).
    pub fn knows(&self, number: &str) -> bool {
        self.known.contains(number)
    }

    /// Take the entry `number` out (tests of what is missing).
    pub fn without(mut self, number: &str) -> Reference {
        for s in &mut self.sections {
            s.entries.retain(|e| e.number != number);
        }
        self.known.remove(number);
        self
    }

    /// The entry for a cited rule: its exact number, or the number at the
    /// start of a citation ("14.5 rout", "14.8.1 Rejoin").
    pub fn get(&self, cited: &str) -> Option<&Entry> {
        let cited = cited.trim();
        self.entries()
            .find(|e| e.is(cited))
            .or_else(|| self.entries().find(|e| e.is(rule_number(cited))))
    }

    /// The entries matching `query`: every word of it must be found in
    /// the entry's number, title, text or rulings (case ignored). Those
    /// whose number is the query come first, then those whose title has
    /// every word as a word, then those whose title holds them, then the
    /// rest, each in the file's order. An empty query
    /// matches every entry, in the file's order.
    pub fn search(&self, query: &str) -> Vec<&Entry> {
        let words: Vec<String> = query.split_whitespace().map(str::to_lowercase).collect();
        let mut found: Vec<(u8, &Entry)> = self
            .entries()
            .filter(|e| words.iter().all(|w| e.matches(w)))
            .map(|e| {
                let title = e.title.to_lowercase();
                let title_words: Vec<&str> = title
                    .split(|c: char| !c.is_alphanumeric() && c != '.')
                    .collect();
                let rank = if words.len() == 1 && e.number.to_lowercase() == words[0] {
                    0
                } else if words.iter().all(|w| title_words.contains(&w.as_str())) {
                    1
                } else if words.iter().all(|w| title.contains(w.as_str())) {
                    2
                } else {
                    3
                };
                (rank, e)
            })
            .collect();
        found.sort_by_key(|(rank, _)| *rank);
        found.into_iter().map(|(_, e)| e).collect()
    }
}

impl Entry {
    /// Whether `number` is this entry's number or one it is also cited by.
    pub fn is(&self, number: &str) -> bool {
        self.number == number || self.also.iter().any(|a| a == number)
    }

    /// Whether the lowercase word `w` is in the entry. A word that looks
    /// like a rule number matches numbers from their start ("14.5" finds
    /// 14.5 and 14.5.1, not 4.5); other words match anywhere.
    fn matches(&self, w: &str) -> bool {
        let number = self.number.to_lowercase();
        if looks_like_number(w) {
            return number == w || number.starts_with(&format!("{w}."));
        }
        number.contains(w)
            || self.title.to_lowercase().contains(w)
            || self.text.iter().any(|p| p.to_lowercase().contains(w))
            || self
                .rulings
                .iter()
                .any(|r| r.id.to_lowercase().contains(w) || r.gist.to_lowercase().contains(w))
    }
}

/// "14.5", "A11.4.2", "O16.3.1" (a letter, then digits and dots).
fn looks_like_number(w: &str) -> bool {
    let digits = w.trim_start_matches(['a', 'o', 'A', 'O']);
    !digits.is_empty()
        && digits.starts_with(|c: char| c.is_ascii_digit())
        && digits.chars().all(|c| c.is_ascii_digit() || c == '.')
}

/// The rule number a citation starts with: "14.5 rout" → "14.5".
pub fn rule_number(cited: &str) -> &str {
    let cited = cited.trim();
    match cited.split_once(' ') {
        Some((n, _)) if looks_like_number(n) => n,
        _ => cited,
    }
}

/// The rule numbers in a list the rules layer gives ("7.14, 10.2.10,
/// 12.3"): each, trimmed. A single name ("Counter-Battery Fire", "O15.3 &
/// 18.0") is one.
pub fn split_rules(list: &str) -> impl Iterator<Item = &str> {
    list.split(", ").map(str::trim).filter(|s| !s.is_empty())
}

/// A piece of an entry's text: words, or a rule number it mentions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Piece<'a> {
    Words(&'a str),
    Rule(&'a str),
}

/// The text cut at every rule number that `known` says has an entry, so
/// that the window draws those as links ("see 14.5.1" → "see ", 14.5.1).
pub fn pieces<'a>(text: &'a str, known: impl Fn(&str) -> bool) -> Vec<Piece<'a>> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        // A number starts at a word's start: an optional A or O, a digit.
        let at_word = i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'.');
        if at_word {
            let digits = if matches!(bytes[i], b'A' | b'O') {
                i + 1
            } else {
                i
            };
            if digits < bytes.len() && bytes[digits].is_ascii_digit() {
                let mut end = digits;
                while end < bytes.len() && (bytes[end].is_ascii_digit() || bytes[end] == b'.') {
                    end += 1;
                }
                // A sentence's full stop is not part of the number.
                while end > digits && bytes[end - 1] == b'.' {
                    end -= 1;
                }
                let word_ends = end >= bytes.len() || !bytes[end].is_ascii_alphanumeric();
                let number = &text[i..end];
                if word_ends && number.contains('.') && known(number) {
                    if start < i {
                        out.push(Piece::Words(&text[start..i]));
                    }
                    out.push(Piece::Rule(number));
                    start = end;
                    i = end;
                    continue;
                }
                i = end.max(i + 1);
                continue;
            }
        }
        i += 1;
    }
    if start < text.len() {
        out.push(Piece::Words(&text[start..]));
    }
    out
}

/// The words of `text` without the rule numbers `known` says have an
/// entry, and those numbers: for a button, whose words cannot hold a link,
/// drawn with the links beside it ("Fire (12.4.1)" → "Fire", [12.4.1]).
/// Brackets left holding nothing but separators go too.
pub fn split_cited(text: &str, known: impl Fn(&str) -> bool) -> (String, Vec<&str>) {
    let mut words = String::new();
    let mut rules = Vec::new();
    for p in pieces(text, known) {
        match p {
            Piece::Words(w) => words.push_str(w),
            Piece::Rule(n) => rules.push(n),
        }
    }
    if rules.is_empty() {
        return (words, rules);
    }
    // Brackets now empty: "( )", "(, )", "(–)".
    let mut out = String::new();
    let mut rest = words.as_str();
    while let Some(open) = rest.find('(') {
        let close = rest[open..].find(')').map(|c| open + c);
        match close {
            Some(close)
                if rest[open + 1..close]
                    .chars()
                    .all(|c| matches!(c, ' ' | ',' | ';' | '–' | '-' | ':')) =>
            {
                out.push_str(rest[..open].trim_end());
                rest = &rest[close + 1..];
            }
            _ => {
                out.push_str(&rest[..=open]);
                rest = &rest[open + 1..];
            }
        }
    }
    out.push_str(rest);
    let out = out
        .replace("(, ", "(")
        .replace("(; ", "(")
        .replace(", )", ")");
    // "Rule : x" and doubled spaces left where a number stood.
    let mut clean = String::with_capacity(out.len());
    for part in out.split_whitespace() {
        if !clean.is_empty() && !matches!(part.chars().next(), Some(',' | '.' | ':' | ';')) {
            clean.push(' ');
        }
        clean.push_str(part);
    }
    (clean, rules)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_buttons_words_lose_their_rule_numbers_to_links_beside_it() {
        let known = |n: &str| ["12.4.1", "14.5.1", "4.5", "12.4"].contains(&n);
        assert_eq!(
            split_cited("Fire (12.4.1)", known),
            ("Fire".to_string(), vec!["12.4.1"])
        );
        assert_eq!(
            split_cited(
                "March off the sheet behind the Reserve (12.4.1, 14.5.1)",
                known
            ),
            (
                "March off the sheet behind the Reserve".to_string(),
                vec!["12.4.1", "14.5.1"]
            )
        );
        assert_eq!(
            split_cited("Roll your d10 (4.5): Fire", known),
            ("Roll your d10: Fire".to_string(), vec!["4.5"])
        );
        // Other words in the brackets stay; unknown numbers stay words.
        assert_eq!(
            split_cited("Hold (12.4, as ordered) at 3.7", known),
            ("Hold (as ordered) at 3.7".to_string(), vec!["12.4"])
        );
        assert_eq!(
            split_cited("Keep (Scouts 2)", known),
            ("Keep (Scouts 2)".to_string(), vec![])
        );
    }

    #[test]
    fn the_bundled_reference_parses() {
        let r = parse(FILE, BUNDLED).unwrap_or_else(|e| panic!("{e}"));
        assert!(r.entries().count() > 100, "{}", r.entries().count());
        let rout = r.get("14.5").expect("14.5");
        assert_eq!(rout.title, "Rout Check");
    }

    #[test]
    fn a_malformed_file_names_its_line_and_problem() {
        let e = parse("x.txt", "== S\n-- 1.0 | A\ntext\n-- 1.0 | B\nmore\n").unwrap_err();
        assert_eq!(e.to_string(), "x.txt:4: entry 1.0 is already on line 2");
        let e = parse("x.txt", "== S\n-- 1.0 | A\n-- 2.0 | B\ntext\n").unwrap_err();
        assert_eq!(e.to_string(), "x.txt:2: entry 1.0 has no text");
        let e = parse("x.txt", "-- 1.0 | A\ntext\n").unwrap_err();
        assert_eq!(e.line, 1);
        assert!(e.problem.contains("before any section"), "{e}");
        let e = parse("x.txt", "== S\n-- 1.0 A\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "x.txt:2: an entry (--) reads `-- NUMBER | Title`"
        );
        let e = parse("x.txt", "== S\n-- 1.0 | A\ntext\nruling: 14.5 | gist\n").unwrap_err();
        assert_eq!(e.to_string(), "x.txt:4: \"14.5\" is not a ruling id (R-…)");
        let e = parse("x.txt", "== S\nstray words\n").unwrap_err();
        assert_eq!(e.to_string(), "x.txt:2: text before any entry (--)");
    }

    #[test]
    fn paragraphs_aliases_and_rulings() {
        let r = parse(
            "x.txt",
            "# c\n== S\n-- 2.1 | Held\nalso: O2.1, Opt. 2\none\ntwo\n\nthree\nruling: R-2.1 | gist here\n",
        )
        .unwrap();
        let e = r.get("2.1").unwrap();
        assert_eq!(r.get("Opt. 2"), Some(e));
        assert_eq!(r.get("O2.1"), Some(e));
        assert_eq!(e.text, ["one two", "three"]);
        assert_eq!(e.rulings[0].id, "R-2.1");
        assert_eq!(e.rulings[0].gist, "gist here");
    }

    #[test]
    fn search_finds_by_number_title_and_words() {
        let r = bundled();
        let numbers =
            |q: &str| -> Vec<&str> { r.search(q).iter().map(|e| e.number.as_str()).collect() };
        // "rout" finds the Rout Check by its title, first.
        assert_eq!(numbers("rout")[0], "14.5", "{:?}", numbers("rout"));
        assert!(numbers("ROUT").contains(&"14.5"));
        // A number finds itself and its sub-rules, not 4.5 or A14.5.
        let n = numbers("14.5");
        assert_eq!(n.first(), Some(&"14.5"), "{n:?}");
        assert!(n.contains(&"14.5.1"), "{n:?}");
        assert!(!n.contains(&"4.5") && !n.contains(&"A14.5"), "{n:?}");
        // Words of the text, all of them.
        assert!(numbers("jackson two areas").contains(&"15.1.1"));
        assert!(numbers("no such words xyzzy").is_empty());
        assert_eq!(r.search("").len(), r.entries().count());
    }

    #[test]
    fn citations_find_their_entry() {
        let r = bundled();
        assert_eq!(r.get("14.5 rout").unwrap().number, "14.5");
        assert_eq!(rule_number("Counter-Battery Fire"), "Counter-Battery Fire");
        assert!(r.get("Counter-Battery Fire").is_some());
        assert_eq!(
            split_rules("7.14, 10.2.10, 12.3").collect::<Vec<_>>(),
            ["7.14", "10.2.10", "12.3"]
        );
        assert_eq!(
            split_rules("O15.3 & 18.0").collect::<Vec<_>>(),
            ["O15.3 & 18.0"]
        );
    }

    #[test]
    fn text_is_cut_at_the_rule_numbers_it_mentions() {
        let known = |n: &str| ["14.5", "14.5.1", "A11.4", "5.9.1"].contains(&n);
        assert_eq!(
            pieces(
                "Retreat as 14.5 says (14.5.1). See A11.4, 3:1 and 2.5.",
                known
            ),
            [
                Piece::Words("Retreat as "),
                Piece::Rule("14.5"),
                Piece::Words(" says ("),
                Piece::Rule("14.5.1"),
                Piece::Words("). See "),
                Piece::Rule("A11.4"),
                Piece::Words(", 3:1 and 2.5."),
            ]
        );
        assert_eq!(
            pieces("5.9.1.", known),
            [Piece::Rule("5.9.1"), Piece::Words(".")]
        );
        assert_eq!(pieces("x5.9.1", known), [Piece::Words("x5.9.1")]);
    }
}
