//! Between battle turns and at Rejoin (14.5, 14.5.1, 14.8): the Combat
//! Values against their 3:1 lines and the choices (fight on, retreat,
//! Rejoin, a column shift), each explained on hover.

use bevy_egui::egui::RichText;

use super::pre_battle::envelopment_bars;
use crate::app::answer::Answerer;
use crate::app::theme::link::HoverWords;
use crate::rules::board::Board;
use crate::rules::decision::Decision;

/// Between battle turns and at Rejoin: the Combat Values against their 3:1
/// lines, and the choices.
pub(super) fn between_turns(ui: &mut bevy_egui::egui::Ui, board: &Board, a: &mut Answerer) {
    let r = &a.view.request;
    if let Some(s) = r.situation {
        envelopment_bars(ui, s.confederate_combat, s.union_combat);
        crate::app::theme::link::words_styled(
            ui,
            "Rout at 3:1 after each battle turn (14.5); at the end, 2:1 or worse retreats without a roll (14.8).",
            |w| RichText::new(w).size(11.0),
        );
    }
    for d in &r.options {
        let tip = match d {
            Decision::FightOn => "Fight the next battle turn.",
            Decision::VoluntaryRetreat => {
                "14.5.1: your Forces leave the battle now (you choose where); no Rout, no further Hits."
            }
            Decision::Rejoin => "14.8.1: a new battle starts here from the Fog of War.",
            Decision::RetreatInsteadOfRejoin => {
                "14.8.3: retreat your army instead of fighting again."
            }
            _ => "One column shift on the Battle Resolution Table, once in the battle (10.2.5).",
        };
        a.button(ui, d, crate::rules::view::word(board, d))
            .on_hover_words(tip);
    }
}
