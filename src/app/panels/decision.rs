//! The decision panel: what the rules ask now, with only their legal
//! answers (moves on the map with their cost and the battle they bring,
//! the battle's own layouts, Confederate Resupply), a physical die to type
//! in, undo and redo (until a die is rolled, and their keys), and Enter or
//! Space for the step's "end" or "keep" answer.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

use super::Out;
use crate::app::advisor::Advisor;
use crate::app::battle::{self, BattleScreen};
use crate::app::saves::SaveState;
use crate::app::settings::AppSettings;
use crate::app::union_turn::UnionReport;
use crate::app::view::Selection;
use crate::rules::battle::record::{BattleRecord, BattleRecords};
use crate::rules::decision::Decision;
use crate::rules::sequence::{Decide, EnterDie, PendingDecision, StepDecisions, UndoDecision};
use crate::rules::view::{Choice, GameView, RequestView};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<DecisionState>().add_systems(
        Update,
        keys.after(battle::follow)
            .run_if(in_state(crate::app::Screen::Game)),
    );
}

/// Answers taken back (for redo) and the die being typed in.
#[derive(Resource, Debug, Default)]
pub struct DecisionState {
    pub redo: Vec<Decision>,
    pub die_text: String,
}

#[allow(clippy::too_many_arguments)]
fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    pending: Res<PendingDecision>,
    answers: Res<StepDecisions>,
    mut state: ResMut<DecisionState>,
    mut decide: MessageWriter<Decide>,
    mut undo: MessageWriter<UndoDecision>,
    (report, settings, battle, saves): (
        Res<UnionReport>,
        Res<AppSettings>,
        Res<BattleScreen>,
        Res<SaveState>,
    ),
) {
    // While a saved game is replayed, its answers are the file's.
    if saves.loading.is_some() {
        return;
    }
    // While the Union turn report or a battle waits for Space, Space is theirs.
    let report_has_keys =
        report.waiting_for_player(settings.loaded.settings.union_playback) || battle.wants_keys;
    let ctrl = keys.pressed(KeyCode::ControlLeft) || keys.pressed(KeyCode::ControlRight);
    if ctrl
        && keys.just_pressed(KeyCode::KeyZ)
        && pending.dice_rolled_in_step == 0
        && let Some(last) = answers.answers.last()
    {
        state.redo.push(last.clone());
        undo.write(UndoDecision);
    }
    if ctrl
        && keys.just_pressed(KeyCode::KeyY)
        && let Some(d) = state.redo.pop()
        && pending
            .request
            .as_ref()
            .is_some_and(|r| r.options.contains(&d))
    {
        decide.write(Decide(d));
    }
    if (keys.just_pressed(KeyCode::Enter) || keys.just_pressed(KeyCode::Space))
        && !report_has_keys
        && let Some(r) = &pending.request
        && let Some(d) = default_choice(&r.options, r.battle_location.is_some())
    {
        decide.write(Decide(d));
    }
}

/// The answer Enter/Space takes: the step's "end" or "keep" choice, else
/// the first; in a battle only an "end" or "keep" choice (a key must never
/// send a Force into action or place it).
fn default_choice(options: &[Decision], in_battle: bool) -> Option<Decision> {
    let ends = [
        Decision::EndMoves,
        Decision::EndResupply,
        Decision::AcceptFogOfWar,
        Decision::AcceptOrders,
        Decision::FightOn,
        Decision::EndAssign,
        Decision::EndInsights,
        Decision::EndRemovals,
        Decision::EndInsightActivation,
        Decision::AcceptInsightRoll,
        Decision::DeclineBrigade,
        Decision::EndFormationChanges,
        Decision::ShiftColumn { shift: 0 },
        Decision::BuyBattlePlans { extra: 0 },
        Decision::ScreenedApproach { cavalry: None },
    ];
    let end = ends.iter().find(|e| options.contains(e)).cloned();
    if in_battle {
        return end;
    }
    end.or_else(|| options.first().cloned())
}

#[derive(SystemParam)]
pub struct DecisionPanel<'w> {
    pub pending: Res<'w, PendingDecision>,
    answers: Res<'w, StepDecisions>,
    saves: Res<'w, SaveState>,
    advisor: Res<'w, Advisor>,
    state: ResMut<'w, DecisionState>,
}

impl DecisionPanel<'_> {
    /// The player's answers in the current step so far.
    pub fn answers(&self) -> &[Decision] {
        &self.answers.answers
    }

    /// Whether a saved game is being replayed (its answers are the file's).
    pub fn loading(&self) -> bool {
        self.saves.loading.is_some()
    }

    pub fn show(
        &mut self,
        root: &mut egui::Ui,
        view: &GameView,
        shown: Option<&BattleRecord>,
        (battle, records): (&mut BattleScreen, Option<&BattleRecords>),
        selection: &mut Selection,
        out: &mut Out,
    ) {
        let board = &view.board;
        let pending = &*self.pending;
        let state = &mut *self.state;
        // A stand-alone battle's modified sheet needs the width: the panel
        // stays narrow and its long answers wrap.
        let narrow = view.stand_alone.is_some();
        egui::Panel::right("decision")
            .frame(crate::app::theme::unfilled_panel(root.style()))
            .default_size(310.0)
            .max_size(if narrow {
                super::STAND_ALONE_DECISION_W
            } else {
                f32::INFINITY
            })
            .show(root, |ui| {
                if narrow {
                    ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
                }
                ui.heading("Your decision");
                if let Some(why) = &pending.blocked {
                    ui.colored_label(egui::Color32::DARK_RED, why);
                }
                if let Some(reason) = &pending.die {
                    ui.label(format!("Roll your d10 for: {reason}"));
                    ui.horizontal(|ui| {
                        ui.text_edit_singleline(&mut state.die_text);
                        if ui.button("Enter").clicked()
                            && let Ok(v) = state.die_text.trim().parse::<u32>()
                            && v <= 10
                        {
                            out.enter_die.write(EnterDie(v));
                            state.die_text.clear();
                        }
                    });
                }
                if let Some(b) = shown {
                    battle::status(ui, board, b, battle, pending);
                }
                let blocked =
                    battle::blocks_decisions(battle, records) || self.saves.loading.is_some();
                match &view.request {
                    _ if blocked => {}
                    None if view.end.is_some() => {}
                    None => {
                        ui.label("The rules are playing…");
                    }
                    Some(r)
                        if r.request.battle_location.is_some()
                            && battle::panels::decision(
                                ui,
                                board,
                                &r.request,
                                shown,
                                shown.and_then(|b| battle::sheets(b, battle.cursor).0),
                                battle,
                                &mut out.decide,
                                &self.advisor,
                            ) => {}
                    Some(r) => on_the_map(ui, view, r, selection, &self.advisor, out),
                }
                ui.separator();
                ui.horizontal(|ui| {
                    let can_undo = pending.dice_rolled_in_step == 0
                        && !self.answers.answers.is_empty()
                        && self.saves.loading.is_none();
                    if ui
                        .add_enabled(can_undo, egui::Button::new("Undo (Ctrl+Z)"))
                        .on_disabled_hover_text("Only until a die is rolled in this step.")
                        .clicked()
                    {
                        if let Some(last) = self.answers.answers.last() {
                            state.redo.push(last.clone());
                        }
                        out.undo.write(UndoDecision);
                    }
                    let redo = state.redo.last().cloned().filter(|d| {
                        pending
                            .request
                            .as_ref()
                            .is_some_and(|r| r.options.contains(d))
                    });
                    if ui
                        .add_enabled(redo.is_some(), egui::Button::new("Redo (Ctrl+Y)"))
                        .clicked()
                        && let Some(d) = redo
                    {
                        state.redo.pop();
                        out.decide.write(Decide(d));
                    }
                });
            });
    }
}

/// A question outside a battle: moves on the map, Resupply, or a list.
fn on_the_map(
    ui: &mut egui::Ui,
    view: &GameView,
    r: &RequestView,
    selection: &mut Selection,
    advisor: &Advisor,
    out: &mut Out,
) {
    let board = &view.board;
    let req = &r.request;
    ui.label(egui::RichText::new(format!("({}) {}", req.rule, req.prompt)).strong());
    if let Some(s) = req.situation {
        ui.label(format!(
            "Confederate {} against Union {}{}",
            s.confederate_combat,
            s.union_combat,
            if s.lee_present { " · Lee present" } else { "" }
        ));
    }
    if view.forced_march() {
        ui.label(format!(
            "Forced March (15.1): each Force's move costs 1 Command Point; Jackson's unhit Forces may go two areas for 1 (15.1.1). You have {} CP.",
            view.status.confederate_cp
        ));
    }
    let (area_choices, moves): (Vec<&Choice>, Vec<&Choice>) = r
        .destinations(selection.force.as_deref())
        .into_iter()
        .partition(|c| {
            matches!(
                c.decision,
                Decision::RetreatTo { .. } | Decision::PlaceArrival { .. }
            )
        });
    if !area_choices.is_empty() {
        ui.label(
            egui::RichText::new("Click a highlighted area on the map, or choose below.").italics(),
        );
    }
    if !moves.is_empty() {
        let who = selection.force.as_deref().map_or(String::new(), |f| {
            if f == "lee" {
                "Robert E. Lee".to_string()
            } else {
                board
                    .piece(f)
                    .map_or(f.to_string(), |p| p.force.name.clone())
            }
        });
        ui.label(format!("{who} can go to:"));
        for c in moves {
            let to = c.to.as_deref().unwrap_or_default();
            let waiting = selection.confirm.as_deref() == Some(to);
            let mut text = c.text.clone();
            if c.cost > 0 {
                text = format!("{text} ({} CP)", c.cost);
            }
            if let Some(odds) = c.odds {
                text = format!("{text} · {}", odds.text());
            }
            if waiting {
                ui.horizontal_wrapped(|ui| {
                    ui.colored_label(egui::Color32::from_rgb(150, 70, 0), format!("{text}?"));
                    if ui.button("Confirm").clicked() {
                        out.decide.write(Decide(c.decision.clone()));
                        selection.confirm = None;
                        selection.force = None;
                    }
                    if ui.button("Cancel").clicked() {
                        selection.confirm = None;
                    }
                });
                crate::app::advisor::show(ui, advisor, &c.decision, "the battle this move brings");
            } else if ui.button(text).clicked() {
                if c.starts_battle {
                    // Weigh the battle before moving in.
                    selection.confirm = Some(to.to_string());
                } else {
                    out.decide.write(Decide(c.decision.clone()));
                    selection.confirm = None;
                }
            }
        }
        ui.separator();
    }
    // Moves the rules refuse for the selected Force, and why (Optional
    // rule Confederate Groups and Area Group Limit).
    if let Some(sel) = selection.force.as_deref() {
        for (d, why) in &r.request.refused {
            let mine = matches!(d, Decision::MoveForce { force, .. } | Decision::JacksonMarch { force, .. } if force == sel);
            if mine {
                ui.colored_label(egui::Color32::from_rgb(150, 40, 30), why);
            }
        }
    }
    let resupply = req.options.contains(&Decision::EndResupply);
    if resupply {
        super::resupply::show(ui, view, r, &mut out.decide);
    }
    // Moves are made on the map; only the other choices are listed.
    let many = r.choices.len() > 12;
    egui::ScrollArea::vertical()
        .max_height(420.0)
        .show(ui, |ui| {
            for c in r.choices.iter().filter(|_| !resupply) {
                if many
                    && matches!(
                        c.decision,
                        Decision::MoveForce { .. }
                            | Decision::MoveLee { .. }
                            | Decision::JacksonMarch { .. }
                    )
                {
                    continue;
                }
                if ui.button(&c.text).clicked() {
                    out.decide.write(Decide(c.decision.clone()));
                }
            }
        });
    let moves = r
        .choices
        .iter()
        .filter(|c| matches!(c.decision, Decision::MoveForce { .. }))
        .count();
    if moves > 0 && many {
        ui.label(format!(
            "{moves} moves available: select a Force on the map or on the left."
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::battle::ground::Region;
    use crate::rules::battle::terms::Formation;
    use crate::rules::decision::DefaultPlan;

    #[test]
    fn in_a_battle_keys_take_only_an_end_or_keep_choice() {
        let act = vec![
            Decision::Act {
                force: "longstreet".into(),
                plan: Some(DefaultPlan::Hold),
            },
            Decision::Act {
                force: "ap-hill".into(),
                plan: Some(DefaultPlan::Fire),
            },
        ];
        // Enter must never send a Force into action or place it.
        assert_eq!(default_choice(&act, true), None);
        let place = vec![Decision::PlaceForce {
            force: "longstreet".into(),
            region: Region::ConfederateReserve,
            formation: Formation::Line,
        }];
        assert_eq!(default_choice(&place, true), None);
        let assign = vec![
            Decision::ClearOrders {
                force: "longstreet".into(),
            },
            Decision::EndAssign,
        ];
        assert_eq!(default_choice(&assign, true), Some(Decision::EndAssign));
        // On the map the first choice is still the default.
        let moves = vec![Decision::MoveLee {
            to: "glendale".into(),
        }];
        assert_eq!(default_choice(&moves, false), moves.first().cloned());
    }
}
