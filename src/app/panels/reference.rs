//! The rules reference (F1): the rules a turn turns on, in our own words.

use bevy::prelude::*;
use bevy_egui::egui;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Reference>()
        .add_systems(Update, toggle.run_if(in_state(crate::app::Screen::Game)));
}

#[derive(Resource, Debug, Default)]
pub struct Reference {
    pub open: bool,
}

fn toggle(
    keys: Res<ButtonInput<KeyCode>>,
    saves: Res<crate::app::saves::SaveState>,
    mut reference: ResMut<Reference>,
) {
    // While a saved game is replayed, the keys wait.
    if saves.loading.is_none() && keys.just_pressed(KeyCode::F1) {
        reference.open = !reference.open;
    }
}

pub fn show(ctx: &egui::Context) {
    egui::Window::new("Rules reference (F1)")
        .default_width(520.0)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                for (rule, text) in REFERENCE {
                    ui.label(egui::RichText::new(*rule).strong());
                    ui.label(*text);
                }
            });
        });
}

/// The F1 quick reference, in our own words.
const REFERENCE: &[(&str, &str)] = &[
    (
        "4.5 The die",
        "Rolls are a d10 (0 reads as 10). In a check you need the number or less; a natural 1 always succeeds, a natural 10 always fails.",
    ),
    (
        "8.0 Sequence of Play",
        "Confederate Turn: Advance Turn, Moves, Resolve Battles, Forced March, Resolve Battles, Resupply. Union Turn: Orders, Resolve Battles, Resupply.",
    ),
    (
        "9.2 Moves",
        "Each Mobile Force may move one area for free. Lee moves with them; if he is ever alone, the campaign is lost (3.2).",
    ),
    (
        "10.2 Pre-Battle",
        "Fog of War (re-roll with Scouts), then the Envelopment check: at 3:1 the weaker army is destroyed outright.",
    ),
    (
        "15.1 Forced March",
        "A second move for 1 CP a Force; Jackson's unhit Forces may go two areas for 1 CP.",
    ),
    (
        "15.3–15.6 Resupply",
        "Gain your Command Points and Scouts; Refit for 2, buy Forces at their Combat Value, Scouts for 1.",
    ),
    (
        "16.0 Union Orders",
        "Each Union group rolls on its chart; before it moves you may spend a Scout to re-roll, or to change the roll by one.",
    ),
    (
        "14.5 Rout",
        "After each battle turn, at 3:1 the weaker army Routs: its static Forces are destroyed, its artillery captured, the rest flee.",
    ),
    (
        "14.8 Withdrawal",
        "At the end of the battle, an army at 2:1 or worse retreats; otherwise roll on the campaign's Withdrawal table.",
    ),
    (
        "3.1 Victory",
        "Achieve every Victory Condition; each objective met is a Victory Point (21.0), compared with Lee's own score (3.3).",
    ),
];
