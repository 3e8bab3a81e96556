//! The battle log: the battle's chronicle as far as playback has gone,
//! newest last, each roll explained on hover.

use bevy_egui::egui;

use crate::chronicle::Chronicle;
use crate::rules::battle::record::BattleRecord;

/// The battle's chronicle up to playback, newest last, with roll tooltips.
pub fn battle_log(ui: &mut egui::Ui, chronicle: &Chronicle, b: &BattleRecord, cursor: usize) {
    let end = if cursor >= b.events.len() {
        chronicle.entries().len()
    } else {
        b.events[cursor.saturating_sub(1)].chronicle_len
    };
    let entries = chronicle.entries();
    let start = b.id.min(entries.len());
    let end = end.clamp(start, entries.len());
    egui::ScrollArea::vertical()
        .id_salt(("battle-log", b.id))
        .stick_to_bottom(true)
        .auto_shrink(false)
        .show(ui, |ui| {
            for e in &entries[start..end] {
                let _ = crate::app::theme::chronicle_entry(ui, e, 11.5);
            }
        });
}
