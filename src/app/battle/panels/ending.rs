//! How a battle ends: the Withdrawal (14.8) once the battle turns have
//! run out, with the campaign's Withdrawal table and the roll, and the
//! battle's ending.

use bevy_egui::egui::{self, RichText};

use super::shared::{RED, revealed};
use crate::rules::battle::record::{BattleRecord, EventKind};
use crate::rules::board::Board;

/// 14.8 Withdrawal, once the battle turns have run out, and how the battle
/// ended.
pub fn withdrawal_and_ending(ui: &mut egui::Ui, board: &Board, b: &BattleRecord, cursor: usize) {
    for e in revealed(b, cursor) {
        if let EventKind::Withdrawal {
            confederate,
            union,
            die,
            result,
        } = &e.kind
        {
            crate::app::theme::link::words_styled(ui, "Withdrawal (14.8)", |w| {
                RichText::new(w).strong()
            });
            match die {
                None => ui.label(format!(
                    "Confederate {confederate} against Union {union}: 2:1 or worse, the weaker army Retreats without a roll: {}.",
                    result.name()
                )),
                Some(d) => {
                    let rows: Vec<String> = board
                        .campaign
                        .withdrawal
                        .iter()
                        .map(|r| {
                            let span = match (r.rolls.first(), r.rolls.last()) {
                                (Some(a), Some(z)) if a != z => format!("{a}–{z}"),
                                (Some(a), _) => a.to_string(),
                                _ => String::new(),
                            };
                            if r.rolls.contains(d) {
                                format!("[{span}: {}]", r.result.name())
                            } else {
                                format!("{span}: {}", r.result.name())
                            }
                        })
                        .collect();
                    ui.label(format!(
                        "Confederate {confederate} against Union {union}, less than 2:1: rolled {d} on the campaign's Withdrawal table — {}.",
                        result.name()
                    ));
                    ui.label(RichText::new(rows.join(" · ")).size(11.0).monospace())
                }
            };
        }
    }
    if cursor >= b.events.len()
        && let Some(ending) = b.ending
    {
        ui.label(
            RichText::new(format!("The battle is over: {}.", ending.describe()))
                .strong()
                .color(RED),
        );
    }
}
