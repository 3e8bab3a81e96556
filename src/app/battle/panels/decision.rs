//! The decision panel during a battle: which of the battle's layouts a
//! pending question gets (set-up, March, target, Battle Plan assignment,
//! order of resolution, placement, the cup, Insights, the Fog of War
//! re-roll, between battle turns), with the odds advisor's estimate
//! where a choice commits the battle. Only the rules' legal options are
//! offered.

use bevy_egui::egui;

use super::shared::RED;
use super::{assignment, between, cup, insights, march, order, placement, set_up, targets};
use crate::app::answer::Answerer;
use crate::app::battle::BattleScreen;
use crate::rules::battle::record::{BattleRecord, EventKind, SheetView};
use crate::rules::board::Board;
use crate::rules::decision::{Decision, Request};

/// The decision panel during a battle, below the question. Returns false
/// when the request is not one this panel lays out (the generic list then
/// shows it). The answers go through `a` (marked for Enter, confirmed
/// when the rules ask); a Scout's answers stand at the panel's foot.
pub fn decision(
    ui: &mut egui::Ui,
    board: &Board,
    b: Option<&BattleRecord>,
    sheet: Option<&SheetView>,
    screen: &mut BattleScreen,
    a: &mut Answerer,
    advisor: &crate::app::advisor::Advisor,
) -> bool {
    let has_cup = b.is_some_and(|b| {
        b.events
            .iter()
            .any(|e| matches!(e.kind, EventKind::Cup { .. }))
    });
    let r = &a.view.request;
    let Some(layout) = layout(r, sheet.is_some(), has_cup) else {
        return false;
    };
    why_not(ui, board, r, screen);
    match layout {
        Layout::SetUp => set_up::set_up(ui, board, screen, a),
        Layout::Squares => march::march_into(ui, board, sheet, a),
        Layout::Target => targets::targets(ui, board, sheet, a),
        Layout::Assign => {
            // Room under the Forces for Done, and for the odds advisor's
            // estimate when it is shown (not with Suggest on): two fifths
            // of the panel, the estimate scrolling where it is longer
            // (a 720-pixel window).
            let below = if advisor.for_answer(&Decision::EndAssign).is_some() {
                (ui.available_height() * 0.4).max(170.0)
            } else {
                50.0
            };
            assignment::assignment(ui, board, sheet, screen, a, below);
            egui::ScrollArea::vertical()
                .id_salt("assignment-odds")
                .show(ui, |ui| {
                    crate::app::advisor::show(
                        ui,
                        advisor,
                        &Decision::EndAssign,
                        "the battle if these counters are committed",
                    );
                });
        }
        Layout::Act => order::order_of_resolution(ui, board, sheet, screen, a),
        Layout::Place => placement::placement(ui, board, a),
        Layout::Cup => cup::cup_removals(ui, b, a),
        Layout::Insights => insights::insights(ui, a),
        Layout::Fog => {
            // Keep first, where the answers start; the re-roll is at the
            // panel's foot with the Scouts.
            a.button(
                ui,
                &Decision::AcceptFogOfWar,
                format!("Keep this roll — Scouts left {}", board.scouts.available),
            );
            crate::app::theme::link::words_styled(
                ui,
                "A re-roll costs a Scout and there is no going back to this roll (10.2.2): at the foot of this panel.",
                |w| egui::RichText::new(w).color(RED),
            );
        }
        Layout::Between => {
            between::between_turns(ui, board, a);
            egui::ScrollArea::vertical()
                .id_salt("between-odds")
                .show(ui, |ui| {
                    for (d, what) in [
                        (Decision::FightOn, "the battle if you fight on"),
                        (Decision::Rejoin, "the battle if you Rejoin"),
                    ] {
                        crate::app::advisor::show(ui, advisor, &d, what);
                    }
                });
        }
    }
    true
}

/// The battle requests this panel lays out itself.
enum Layout {
    /// A10.2.14: a Square and Formation for the Force being set up.
    SetUp,
    /// A11.0, A12.4: the Square a Force moves or retreats into.
    Squares,
    /// A11.4, A11.6, A12.3: the Union Force attacked or aimed at.
    Target,
    Assign,
    Act,
    Place,
    Cup,
    Insights,
    Fog,
    Between,
}

/// `sheet` and `cup`: whether the record has what those layouts draw;
/// without it the generic list of choices is shown instead.
fn layout(r: &Request, sheet: bool, cup: bool) -> Option<Layout> {
    let has = |f: &dyn Fn(&Decision) -> bool| r.options.iter().any(f);
    Some(if has(&|d| matches!(d, Decision::PlaceOnSquare { .. })) {
        Layout::SetUp
    } else if has(&|d| matches!(d, Decision::MarchInto { .. })) {
        Layout::Squares
    } else if has(&|d| matches!(d, Decision::Target { .. })) {
        Layout::Target
    }
    // 12.2: assigning, even when only "done" is left.
    else if sheet
        && has(&|d| {
            matches!(
                d,
                Decision::AssignPlan { .. }
                    | Decision::ClearOrders { .. }
                    | Decision::HoldFormationCounter
                    | Decision::EndAssign
            )
        })
    {
        Layout::Assign
    } else if has(&|d| matches!(d, Decision::Act { .. })) {
        Layout::Act
    } else if has(&|d| matches!(d, Decision::PlaceForce { .. })) {
        Layout::Place
    } else if cup && has(&|d| matches!(d, Decision::RemoveSpecialPlan { .. })) {
        Layout::Cup
    } else if has(&|d| matches!(d, Decision::ChooseInsight { .. })) {
        Layout::Insights
    } else if r.options.contains(&Decision::RerollFogOfWar) {
        Layout::Fog
    } else if has(&|d| {
        matches!(
            d,
            Decision::FightOn
                | Decision::VoluntaryRetreat
                | Decision::Rejoin
                | Decision::RetreatInsteadOfRejoin
                | Decision::ShiftColumn { .. }
        )
    }) {
        Layout::Between
    } else {
        return None;
    })
}

/// Why the Force clicked on the sheet cannot act in this question, or
/// why the Square pointed at is not offered (the rules' reasons, each
/// with its rule as a link).
fn why_not(ui: &mut egui::Ui, board: &Board, r: &Request, screen: &BattleScreen) {
    use crate::app::panels::why;
    if let Some(f) = screen.refused.as_deref()
        && let Some(reason) = crate::rules::why::force(board, r, f).reason()
    {
        why::reason(ui, board, &why::name(board, f), reason);
    }
    if let Some(square) = screen.unoffered
        && let Some(reason) = crate::rules::why::square(board, r, square).reason()
    {
        let who = r
            .about
            .force
            .map_or("The Force".to_string(), |f| why::name(board, &f));
        why::reason(ui, board, &who, reason);
    }
}
