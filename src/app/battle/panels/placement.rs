//! Placement on the Basic sheet (10.2.15, 10.2.16): the Force being
//! placed, every legal Region and Formation (Artillery always in Line,
//! 10.3), and why each Region not offered is not (`rules::why::region`).

use bevy_egui::egui::{self, RichText};

use crate::app::answer::Answerer;
use crate::app::theme::link::HoverWords;
use crate::rules::battle::basic::SET_UP_REGIONS;
use crate::rules::battle::terms::Formation;
use crate::rules::board::Board;
use crate::rules::decision::Decision;

/// 10.2.16: the Force being placed, every legal Region and Formation;
/// under them, why the other Regions are not offered, each with its rule.
pub(super) fn placement(ui: &mut egui::Ui, board: &Board, a: &mut Answerer) {
    let r = a.view.request.clone();
    egui::Grid::new("placement").show(ui, |ui| {
        ui.label("");
        // Names on one line: a narrow panel would break them letter by
        // letter.
        ui.add(egui::Label::new(RichText::new("Line (—)").strong()).extend());
        ui.add(egui::Label::new(RichText::new("Column (|)").strong()).extend());
        ui.end_row();
        // As on the sheet: the Front at the top.
        for region in SET_UP_REGIONS.into_iter().rev() {
            let offered: Vec<&Decision> = r
                .options
                .iter()
                .filter(|d| matches!(d, Decision::PlaceForce { region: rg, .. } if *rg == region))
                .collect();
            if offered.is_empty() {
                continue;
            }
            ui.add(egui::Label::new(region.name()).extend());
            for f in [Formation::Line, Formation::Column] {
                match offered.iter().find(
                    |d| matches!(d, Decision::PlaceForce { formation, .. } if *formation == f),
                ) {
                    Some(d) => {
                        a.button(ui, d, "Place");
                    }
                    None => {
                        // A lesson's narrowing says its own why.
                        let why = lesson_refused(&r, region, Some(f))
                            .unwrap_or("Artillery is always in Line (10.3).");
                        ui.label("—").on_hover_words(why);
                    }
                }
            }
            ui.end_row();
        }
    });
    let who = r.about.force.map_or("The Force".to_string(), |f| {
        crate::app::panels::why::name(board, &f)
    });
    for region in SET_UP_REGIONS.into_iter().rev() {
        let offered = r
            .options
            .iter()
            .any(|d| matches!(d, Decision::PlaceForce { region: rg, .. } if *rg == region));
        if offered {
            continue;
        }
        if let Some(why) = lesson_refused(&r, region, None) {
            // The rules allow it; the lesson asks for another Region.
            let line = format!("{}: {why}", region.name());
            ui.colored_label(crate::app::theme::palette::FAILED, line);
        } else if let Some(why) = crate::rules::why::region(board, &r, region).reason() {
            crate::app::panels::why::reason(ui, board, &who, why);
        }
    }
}

/// Why a lesson took away the placement in `region` (in `formation`, or
/// any), when it did: the rules offered it (`Narrowed` moved it to the
/// refused answers with the lesson's words).
fn lesson_refused(
    r: &crate::rules::decision::Request,
    region: crate::rules::battle::ground::Region,
    formation: Option<Formation>,
) -> Option<&str> {
    r.refused.iter().find_map(|(d, why)| match d {
        Decision::PlaceForce {
            region: rg,
            formation: f,
            ..
        } if *rg == region && formation.is_none_or(|x| x == *f) => Some(why.as_str()),
        _ => None,
    })
}
