//! What a counter's hover explains: its values and what they are for
//! (5.6, 5.7, 11.6), its Formation (10.3), Melee (11.5), range, declared
//! target (A12.3) and counter; on the Advanced sheet whom it may attack
//! now (A11.6), where its March goes (A12.4), and how the selected enemy
//! Force stands toward it (A10.3, A11.0.1, A11.4.2, A11.5–A11.7).

use bevy_egui::egui;

use crate::app::theme::link;

use super::palette::{AIM, INK, RED, THREAT};
use crate::campaign::CounterValues;
use crate::chronicle::Modifier;
use crate::rules::battle::record::{Relation, SheetUnit, Strikes};
use crate::rules::battle::terms::Formation;
use crate::rules::board::{Board, Piece, label};

/// Where a unit stands, in words: "Square D4 (Confederate Front)" on the
/// Advanced sheet, its Region on the Basic one.
pub fn place(u: &SheetUnit) -> String {
    match u.square {
        Some(s) => format!("Square {} ({})", s.name(), u.region.name()),
        None => u.region.name().to_string(),
    }
}

/// A counter's hover: every number on it explained; `from`: the
/// selected enemy Force and how it stands toward this one (the Advanced
/// sheet).
pub(super) fn explain(
    ui: &mut egui::Ui,
    board: &Board,
    p: &Piece,
    u: &SheetUnit,
    v: &CounterValues,
    from: Option<(&SheetUnit, &Relation)>,
) {
    ui.label(egui::RichText::new(label(p)).strong());
    link::words(
        ui,
        &format!(
            "{} {} · {} · {}",
            crate::rules::board::skill_name(p.force.skill),
            p.force.force_type.name(),
            if u.reduced {
                "reduced"
            } else {
                "full strength"
            },
            place(u)
        ),
    );
    let full = p.force.full;
    link::words(
        ui,
        &format!(
            "Combat Value {} (full {}{}): the target of its attacks and Shock checks, before modifiers (5.7, 11.6).",
            v.combat,
            full.combat,
            p.force
                .reduced
                .map_or(String::new(), |r| format!(", reduced {}", r.combat))
        ),
    );
    if let Some(sup) = v.superior {
        link::words(
            ui,
            &format!("Superscript {sup}: a roll of {sup} or less scores 2 Hits (11.6)."),
        );
    }
    match v.activation {
        Some(a) => link::words(
            ui,
            &format!(
                "Activation {a}: rolls to carry out Battle Plans need {a} or less (5.6, 11.2)."
            ),
        ),
        None => link::words(ui, "No Activation number: it cannot move on its own (5.6)."),
    };
    link::words(
        ui,
        &format!(
            "{:?} Formation (10.3): {}",
            u.formation,
            match u.formation {
                Formation::Line =>
                    "counter horizontal; Fire, Volley and Rapid Fire need no Activation roll in Line (12.3.10, 12.3.11, 12.4.2); Shock checks see 11.4.3.",
                Formation::Column =>
                    "counter vertical; Engage and Flank need no Activation roll in Column (12.3.4, 12.3.6); Shock checks see 11.4.3.",
            }
        ),
    );
    if u.in_melee {
        link::words_styled(
            ui,
            "In Melee (11.5): no Battle Plan Counter but Prepare; Fire at +3/+3.",
            |w| egui::RichText::new(w).color(RED),
        );
    }
    if let Some(r) = u.range {
        let range = if u.square.is_some() {
            format!(
                "{} (A11.0.1)",
                crate::app::theme::counted(r, "Square", "Squares")
            )
        } else {
            crate::app::theme::counted(r, "Region", "Regions")
        };
        link::words(ui, &format!("Range to the nearest enemy: {range}."));
    }
    if let Some(t) = &u.target {
        let name = board.piece(t).map_or(t.clone(), label);
        link::words_styled(ui, &format!("Declared target (A12.3): {name}."), |w| {
            egui::RichText::new(w).color(AIM)
        });
    }
    if let Some(c) = u.counter {
        link::words(ui, &format!("{} ({}): {}", c.name(), c.rule(), c.summary()));
    }
    advanced(ui, board, p, u, from);
}

/// The Advanced sheet: whom the Force may attack now (A11.6), where its
/// March goes (A12.4), and how the selected enemy Force stands toward
/// it (A10.3, A11.0.1, A11.4.2).
fn advanced(
    ui: &mut egui::Ui,
    board: &Board,
    p: &Piece,
    u: &SheetUnit,
    from: Option<(&SheetUnit, &Relation)>,
) {
    let name_of = |id: &str| {
        board
            .piece(id)
            .map_or(id.to_string(), |p| p.force.name.clone())
    };
    if let Some(line) = targets_line(&name_of, u) {
        link::words(ui, &line);
    }
    if !u.reach.is_empty() {
        link::words(
            ui,
            &format!(
                "A March takes it into {}, shown green when it is selected (A11.0, A12.4); into a Union Force's, a Shock attack (A11.4).",
                crate::app::theme::counted(u.reach.len() as i64, "Square", "Squares")
            ),
        );
    }
    if let Some((a, r)) = from {
        ui.separator();
        let (a, b) = (name_of(&a.force), p.force.name.clone());
        ui.label(egui::RichText::new(format!("{a} (selected) and {b}")).strong());
        let color = if r.target { THREAT } else { INK };
        for line in relation_lines(&a, &b, r) {
            link::words_styled(ui, &line, |w| egui::RichText::new(w).color(color));
        }
    }
}

/// A modifier list in words: "−3 (Flank attack, A11.4.2.2)", or "no
/// modifier".
fn mods_text(m: &[Modifier]) -> String {
    if m.is_empty() {
        return "no modifier".to_string();
    }
    m.iter()
        .map(Modifier::describe)
        .collect::<Vec<_>>()
        .join(", ")
}

/// "May attack now (A11.6): Kearny (1 Square, his Flank), …"; None
/// without relations (the Regions) or targets.
pub(super) fn targets_line(name_of: &dyn Fn(&str) -> String, u: &SheetUnit) -> Option<String> {
    if u.relations.is_empty() {
        return None;
    }
    let ts: Vec<String> = u
        .relations
        .iter()
        .filter(|r| r.target)
        .map(|r| format!("{} ({})", name_of(&r.force), reach_words(r)))
        .collect();
    Some(if ts.is_empty() {
        "No enemy Force it may attack now (A11.6–A11.7).".to_string()
    } else {
        format!("May attack now (A11.6): {}.", ts.join(", "))
    })
}

/// "1 Square, Flank"; "Melee".
pub(super) fn reach_words(r: &Relation) -> String {
    match (r.distance, r.strikes) {
        (0, _) | (_, None) => "Melee".to_string(),
        (d, Some(s)) => format!(
            "{}, {}",
            crate::app::theme::counted(d, "Square", "Squares"),
            s.name()
        ),
    }
}

/// What the rules say of Force `a` and enemy Force `b`, as `r` gives it
/// (A10.3, A11.0.1, A11.4.2, A11.5–A11.7), line by line.
pub fn relation_lines(a: &str, b: &str, r: &Relation) -> Vec<String> {
    let mut out =
        vec![match r.distance {
        0 => "In one Square: Melee (A11.5), which ignores Formation, Flank and Rear; Fire at +3/+3."
            .to_string(),
        1 => "Range 1 Square: next to each other (A11.0.1).".to_string(),
        d => format!("Range {d} Squares (A11.0.1)."),
    }];
    if r.distance > 0 {
        out.push(format!(
            "Formation in relation to each other (A10.3): {a} {:?}, {b} {:?}.",
            r.own_formation, r.their_formation
        ));
    }
    if let Some(s) = r.strikes {
        out.push(match s {
            Strikes::Front => format!(
                "{a}'s attack strikes {b}'s Front: no Flank or Rear modifier (A11.4.2.2–A11.4.2.3)."
            ),
            Strikes::Flank => format!("{a}'s attack strikes {b}'s Flank (A11.4.2.2)."),
            Strikes::Rear => format!("{a}'s attack strikes {b}'s Rear (A11.4.2.3)."),
        });
    }
    if r.distance == 1 {
        out.push(format!(
            "A Shock attack (A11.4): {b}'s Shock check {}; {a}'s own, if {b} holds, {}.",
            mods_text(&r.their_shock),
            mods_text(&r.own_shock)
        ));
    }
    out.push(if r.target {
        format!(
            "{a} may attack {b} now (A11.6); where they stand: {}.",
            mods_text(&r.attack)
        )
    } else {
        format!("{a} may not attack {b} now (A11.6–A11.7).")
    });
    out
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::relation;
    use super::*;

    /// The hover over a Union Force, the Confederate Force selected: the
    /// range, the Formations, the Flank and both Shock checks' modifiers
    /// with their rules, whether it may attack now.
    #[test]
    fn a_relation_explains_itself() {
        let r = relation("kearny", 1, Some(Strikes::Flank), true);
        let lines = relation_lines("Longstreet", "Kearny", &r).join("\n");
        for want in [
            "Range 1 Square",
            "A11.0.1",
            "(A10.3): Longstreet Column, Kearny Line",
            "strikes Kearny's Flank (A11.4.2.2)",
            "Kearny's Shock check -2 (Column against Line, 11.4.3), -3 (Flank attack, A11.4.2.2)",
            "Longstreet's own, if Kearny holds, +2 (Column against Line, 11.4.3), +3 (Flank attack, A11.4.2.2)",
            "Longstreet may attack Kearny now (A11.6); where they stand: no modifier.",
        ] {
            assert!(lines.contains(want), "{want}\n{lines}");
        }
        let mut far = relation("kearny", 3, Some(Strikes::Front), false);
        far.their_shock.clear();
        let lines = relation_lines("Longstreet", "Kearny", &far).join("\n");
        assert!(lines.contains("Range 3 Squares") && lines.contains("may not attack"));
        assert!(!lines.contains("Shock attack"), "{lines}");
        assert_eq!(reach_words(&r), "1 Square, Flank");
        assert_eq!(reach_words(&relation("k", 0, None, true)), "Melee");
    }
}
