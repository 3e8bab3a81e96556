//! Battle Plan assignment (12.2): each Confederate Force with the
//! counters it may take now (the others say why on hover, and clicked,
//! under the counter with the rule as a link), the counters
//! left (10.2.10), Prepare, counters taken back until Done, the Formation
//! counter (12.3.7) and Clear Orders by Scout (11.2.1).

use bevy_egui::egui::{self, RichText};

use crate::app::answer::Answerer;
use crate::app::battle::BattleScreen;
use crate::app::theme::link::HoverWords;
use crate::campaign::Side;
use crate::rules::battle::record::{SheetUnit, SheetView};
use crate::rules::battle::terms::PlanCounter;
use crate::rules::board::{Board, label};
use crate::rules::decision::Decision;

/// 12.2: each Confederate Force with the counters it may take now (the
/// others say why on hover), the counters left, Prepare, the Formation
/// counter and Clear Orders by Scout. `below`: the room kept under the
/// Forces' list (Done, the odds advisor's estimate).
pub(super) fn assignment(
    ui: &mut egui::Ui,
    board: &Board,
    sheet: Option<&SheetView>,
    screen: &mut BattleScreen,
    a: &mut Answerer,
    below: f32,
) {
    let Some(sheet) = sheet else { return };
    let r = &a.view.request;
    let left = sheet.quantity.saturating_sub(sheet.assigned);
    pick_default(screen, sheet);
    screen.plan_buttons.clear();
    ui.label(
        RichText::new(format!(
            "Battle Plan Counters: {left} of {} left this turn",
            sheet.quantity
        ))
        .strong(),
    );
    crate::app::theme::link::words_styled(
        ui,
        "Click a Force on the sheet or below; a Force without a counter uses a Default Battle Plan (12.4).",
        |w| RichText::new(w).size(11.0),
    );
    let hold = Decision::HoldFormationCounter;
    if r.options.contains(&hold) {
        ui.horizontal(|ui| {
            a.button(ui, &hold, "Formation counter beside the sheet")
                .on_hover_words(PlanCounter::Formation.summary());
            crate::app::theme::link::rule_link(ui, PlanCounter::Formation.rule());
        });
    }
    egui::ScrollArea::vertical()
        .id_salt("assignment")
        .max_height((ui.available_height() - below).max(24.0))
        .show(ui, |ui| {
            for u in sheet.units.iter().filter(|u| u.side == Side::Confederate) {
                let name = board.piece(&u.force).map_or(u.force.clone(), label);
                let picked = screen.picked.as_deref() == Some(u.force.as_str());
                let mut head = format!(
                    "{name} · in {:?} · {}",
                    u.formation,
                    crate::app::battle::sheet::place(u)
                );
                if let Some(c) = u.counter {
                    head.push_str(&format!(" · {}", c.name()));
                }
                if u.prepare {
                    head.push_str(" · Prepare");
                }
                if ui
                    .selectable_label(picked, RichText::new(head).strong())
                    .clicked()
                {
                    screen.picked = Some(u.force.clone());
                }
                if !picked {
                    continue;
                }
                ui.indent(("assign", &u.force), |ui| {
                    counters_for(
                        ui,
                        board,
                        u,
                        a,
                        &mut screen.plan_buttons,
                        &mut screen.why_plan,
                    );
                });
            }
        });
    ui.separator();
    a.button(
        ui,
        &Decision::EndAssign,
        "Done: the Union draws and the turn is resolved",
    );
}

/// The picked Force's choices (12.2): every Battle Plan Counter, those it
/// may not take now saying why (on hover; clicked, under the counter with
/// its rule a link); a counter given this turn taken back (R-12.2-back);
/// Clear Orders for a Scout (11.2.1). `drawn`: where each counter's
/// button is, and whether it is offered; `why`: the refused counter
/// clicked, if any.
fn counters_for(
    ui: &mut egui::Ui,
    board: &Board,
    u: &SheetUnit,
    a: &mut Answerer,
    drawn: &mut Vec<(PlanCounter, egui::Rect, bool)>,
    why: &mut Option<(String, PlanCounter)>,
) {
    let r = a.view.request.clone();
    let who = crate::app::panels::why::name(board, &u.force);
    // Another Force's counter clicked before: not this one's.
    if why.as_ref().is_some_and(|(f, _)| *f != u.force) {
        *why = None;
    }
    for plan in PlanCounter::ALL {
        let d = Decision::AssignPlan {
            force: u.force.as_str().into(),
            plan,
        };
        let legal = r.options.contains(&d);
        // The counter's name on its button, its rule a link beside it.
        let text = plan.name().to_string();
        let resp = ui
            .horizontal(|ui| {
                let resp = if legal {
                    a.button(ui, &d, text)
                } else {
                    ui.add_enabled(false, egui::Button::new(text))
                };
                crate::app::theme::link::rule_link(ui, plan.rule());
                resp
            })
            .inner;
        drawn.push((plan, resp.rect, legal));
        if legal {
            resp.on_hover_words(plan.summary());
            if why.as_ref().is_some_and(|(_, p)| *p == plan) {
                *why = None;
            }
            continue;
        }
        let Some(reason) = crate::rules::why::counter(board, &r, &u.force, plan)
            .reason()
            .cloned()
        else {
            continue;
        };
        let shown = why.as_ref().is_some_and(|(_, p)| *p == plan);
        // A greyed button takes no click: the click is read over it.
        let click = ui
            .interact(resp.rect, resp.id.with("why"), egui::Sense::click())
            .on_hover_cursor(egui::CursorIcon::PointingHand);
        if click.clicked() {
            *why = if shown {
                None
            } else {
                Some((u.force.clone(), plan))
            };
        }
        if shown {
            // Under the counter (a tooltip's link could not be clicked).
            crate::app::panels::why::reason(ui, board, &who, &reason);
        } else {
            click.on_hover_words(format!("{}. Click for its rule.", reason.says(board, &who)));
        }
    }
    // 12.2 (R-12.2-back): a counter given this turn comes back
    // until Done.
    for d in r
        .options
        .iter()
        .filter(|d| matches!(d, Decision::TakeBackPlan { force, .. } if force.as_str() == u.force))
    {
        if let Decision::TakeBackPlan { plan, .. } = d {
            a.button(ui, d, format!("Take {} back", plan.name()))
                .on_hover_words("Until Done, a counter given this turn may be taken back; its place in the quantity is free again (R-12.2-back).");
        }
    }
    let clear = Decision::ClearOrders {
        force: u.force.as_str().into(),
    };
    if r.options.contains(&clear) {
        a.button(ui, &clear, format!("Clear Orders: discard a Scout ({} left)", board.scouts.available))
            .on_hover_words("11.2.1: no Activation roll for this Force's Battle Plan Counter this turn; without a counter, Clear Orders for up to three Forces' Default Battle Plans.");
    }
}

/// Unless a Confederate Force is picked: the first without a counter and
/// out of Melee, else the first.
fn pick_default(screen: &mut BattleScreen, sheet: &SheetView) {
    let ours: Vec<&str> = sheet
        .units
        .iter()
        .filter(|u| u.side == Side::Confederate)
        .map(|u| u.force.as_str())
        .collect();
    if !screen.picked.as_deref().is_some_and(|p| ours.contains(&p)) {
        screen.picked = sheet
            .units
            .iter()
            .find(|u| u.side == Side::Confederate && u.counter.is_none() && !u.in_melee)
            .or_else(|| sheet.units.iter().find(|u| u.side == Side::Confederate))
            .map(|u| u.force.clone());
    }
}
