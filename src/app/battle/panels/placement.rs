//! Placement on the Basic sheet (10.2.15, 10.2.16): the Force being
//! placed, every legal Region and Formation (Artillery always in Line,
//! 10.3).

use bevy_egui::egui::{self, RichText};

use crate::app::answer::Answerer;
use crate::app::theme::link::HoverWords;
use crate::rules::battle::ground::Region;
use crate::rules::battle::terms::Formation;
use crate::rules::decision::Decision;

/// 10.2.16: the Force being placed, every legal Region and Formation.
pub(super) fn placement(ui: &mut egui::Ui, a: &mut Answerer) {
    let r = &a.view.request;
    egui::Grid::new("placement").show(ui, |ui| {
        ui.label("");
        ui.label(RichText::new("Line (—)").strong());
        ui.label(RichText::new("Column (|)").strong());
        ui.end_row();
        for region in [
            Region::ConfederateFront,
            Region::ConfederateApproach,
            Region::ConfederateReserve,
        ] {
            let offered: Vec<&Decision> = r
                .options
                .iter()
                .filter(|d| matches!(d, Decision::PlaceForce { region: rg, .. } if *rg == region))
                .collect();
            if offered.is_empty() {
                continue;
            }
            ui.label(region.name());
            for f in [Formation::Line, Formation::Column] {
                match offered.iter().find(
                    |d| matches!(d, Decision::PlaceForce { formation, .. } if *formation == f),
                ) {
                    Some(d) => {
                        a.button(ui, d, "Place");
                    }
                    None => {
                        ui.label("—")
                            .on_hover_words("Artillery is always in Line (10.3).");
                    }
                }
            }
            ui.end_row();
        }
    });
    crate::app::theme::link::words_styled(
        ui,
        "The Approach holds 4 Mobile Forces; Artillery starts in the Reserve; the Front only with the Front Insight (10.2.15, 10.2.12.4).",
        |w| RichText::new(w).size(11.0),
    );
}
