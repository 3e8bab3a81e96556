//! The Union Turn (16.0–18.0) as the player reads it: one section per
//! group's orders roll, then the battles its moves caused, then the Union
//! Resupply.

use crate::chronicle::{Chronicle, Entry};

/// One part of the report: a group's orders, the battles, the resupply.
#[derive(Debug, Clone, PartialEq)]
pub struct Section {
    pub title: String,
    pub lines: Vec<String>,
}

/// The latest Union Turn's sections, with the index of its first entry.
pub fn union_turn_sections(chronicle: &Chronicle) -> Option<(usize, Vec<Section>)> {
    let (start, entries) = chronicle.latest_union_turn()?;
    Some((start, sections(entries)))
}

/// Split a Union Turn's entries (its own 16.0 first) into sections: one
/// per group's orders roll (16.1.x) with what the group did (16.x), the
/// battles, then the Union Resupply (18.x).
fn sections(entries: &[Entry]) -> Vec<Section> {
    let mut out: Vec<Section> = Vec::new();
    let mut battles: Vec<String> = Vec::new();
    let mut resupply: Vec<String> = Vec::new();
    for e in entries.iter().skip(1) {
        let line = e.line();
        if e.rule.starts_with("18.") {
            resupply.push(line);
        } else if e.rule.starts_with("16.1") && e.roll.is_some() {
            out.push(Section {
                title: line,
                lines: Vec::new(),
            });
        } else if e.rule.starts_with("16.") {
            match out.last_mut() {
                Some(s) if resupply.is_empty() && battles.is_empty() => s.lines.push(line),
                _ => battles.push(line),
            }
        } else {
            battles.push(line);
        }
    }
    if !battles.is_empty() {
        out.push(Section {
            title: "Battles after the Union moves (16.0, 9.3)".into(),
            lines: battles,
        });
    }
    if !resupply.is_empty() {
        out.push(Section {
            title: "Union Resupply (18.0)".into(),
            lines: resupply,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chronicle::{Part, RollDetail};

    fn roll(c: &mut Chronicle, rule: &str, text: &str, die: u32) {
        let detail = RollDetail {
            die,
            target: None,
            base: None,
            modifiers: Vec::new(),
            outcome: "Move".into(),
            luck: None,
        };
        c.roll(rule, text, detail);
    }

    #[test]
    fn a_union_turn_splits_into_groups_battles_and_resupply() {
        let mut c = Chronicle::default();
        c.begin(Part::Turn(1));
        c.note_with("9.1", || "Turn 1 of 9 begins".into());
        c.begin(Part::UnionTurn(1));
        c.note_with("16.0", || "Union Turn".into());
        roll(
            &mut c,
            "16.1.1",
            "Union Orders for McCall in Beaver Dam Creek",
            3,
        );
        roll(&mut c, "16.4", "Random: the group moves to", 1);
        c.note_with("16.1.1", || {
            "The group McCall moves to Gaines' Mill.".into()
        });
        roll(
            &mut c,
            "16.1.2",
            "Union Orders for Hunt in Savage's Station",
            2,
        );
        c.note_with("16.4", || "Hold: the group does not move.".into());
        c.note_with("9.3", || "Battle of Gaines' Mill".into());
        c.note_with("18.0", || "The Union gains 3 Command Points.".into());
        c.begin(Part::Turn(2));
        c.note_with("9.1", || "Turn 2 of 9 begins".into());
        c.note_with("9.2", || "Longstreet moves.".into());
        let (start, s) = union_turn_sections(&c).expect("a Union Turn");
        assert_eq!(start, 1);
        let titles: Vec<&str> = s.iter().map(|s| s.title.as_str()).collect();
        assert_eq!(s.len(), 4, "{titles:?}");
        assert!(s[0].title.contains("McCall") && s[0].title.contains("d10 = 3"));
        assert_eq!(s[0].lines.len(), 2);
        assert!(s[1].title.contains("Hunt"));
        assert_eq!(
            s[1].lines,
            vec!["[16.4] Hold: the group does not move.".to_string()]
        );
        assert_eq!(s[2].lines, vec!["[9.3] Battle of Gaines' Mill".to_string()]);
        assert_eq!(s[3].lines.len(), 1);
        assert!(s[3].title.starts_with("Union Resupply"));
        // The chronicle knows each entry's turn without reading its text.
        assert_eq!(c.turn_of(0), 1);
        assert_eq!(c.turn_of(8), 1);
        assert_eq!(c.turn_of(10), 2);
        // A step run again drops the marks it wrote.
        c.truncate(9);
        assert_eq!(c.turn_of(9), 1);
    }
}
