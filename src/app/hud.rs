//! The game screen's panels (egui): the turn and phase, Command Points and
//! Scouts, the victory conditions with their live status, the selected
//! area's forces, the decision the rules ask for (only legal answers are
//! offered), undo and redo, the Chronicle, the rules reference, and the end
//! of the campaign.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::Screen;
use super::map::{Selection, destinations};
use super::theme;
use crate::campaign::{Condition, Phase, Side};
use crate::chronicle::Chronicle;
use crate::rules::board::{Board, label};
use crate::rules::components::{CampaignTurn, CommandPoints, Progress, Scouts};
use crate::rules::decision::Decision;
use crate::rules::sequence::{
    Decide, EnterDie, GameState, PendingDecision, StepDecisions, UndoDecision,
};
use crate::rules::turn::Step;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HudState>()
        .add_systems(EguiPrimaryContextPass, hud.run_if(in_state(Screen::Game)))
        .add_systems(
            Update,
            (keys.after(super::battle::follow), refresh_board).run_if(in_state(Screen::Game)),
        );
}

#[derive(Resource, Default)]
pub struct HudState {
    pub chronicle_turn: Option<u32>,
    pub chronicle_kind: usize,
    pub search: String,
    pub redo: Vec<Decision>,
    pub help: bool,
    pub die_text: String,
}

fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    pending: Res<PendingDecision>,
    answers: Res<StepDecisions>,
    mut hud: ResMut<HudState>,
    mut decide: MessageWriter<Decide>,
    mut undo: MessageWriter<UndoDecision>,
    mut next: ResMut<NextState<Screen>>,
    mut game: ResMut<NextState<GameState>>,
    (report, settings, battle, saves): (
        Res<super::union_turn::UnionReport>,
        Res<super::settings::AppSettings>,
        Res<super::battle::BattleScreen>,
        Res<super::saves::SaveState>,
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
    if keys.just_pressed(KeyCode::Escape) {
        super::screens::to_menu(&mut next, &mut game);
    }
    if keys.just_pressed(KeyCode::F1) {
        hud.help = !hud.help;
    }
    if ctrl
        && keys.just_pressed(KeyCode::KeyZ)
        && pending.dice_rolled_in_step == 0
        && let Some(last) = answers.answers.last()
    {
        hud.redo.push(last.clone());
        undo.write(UndoDecision);
    }
    if ctrl
        && keys.just_pressed(KeyCode::KeyY)
        && let Some(d) = hud.redo.pop()
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

fn phase_text(turn: &CampaignTurn, step: Option<Step>) -> (String, egui::Color32) {
    let (side, color) = match turn.phase {
        Phase::Confederate => ("Confederate Turn", theme::egui_grey()),
        Phase::Union => ("Union Turn", theme::egui_blue()),
    };
    let step = step.map_or(String::new(), |s| format!(" · {} ({})", s.name(), s.rule()));
    (format!("{side}{step}"), color)
}

/// An objective's live status: decided, or met / at risk now.
fn live_status(board: &Board, id: &str, condition: &Condition) -> (&'static str, egui::Color32) {
    match board.progress.objectives.get(id) {
        Some(true) => return ("[achieved]", egui::Color32::from_rgb(20, 120, 40)),
        Some(false) => return ("[failed]", egui::Color32::from_rgb(170, 20, 20)),
        // Once the campaign is over, what was not achieved is missed.
        None if board.progress.result.is_some() => {
            return ("[failed]", egui::Color32::from_rgb(170, 20, 20));
        }
        None => {}
    }
    let met = match condition {
        Condition::ClearArea { area, .. } => !board.has_side(area, Side::Union),
        Condition::Reach { area, .. } => board.progress.entered.contains_key(area),
        Condition::Occupy { areas, .. } => {
            areas.iter().all(|a| board.has_side(a, Side::Confederate))
        }
        Condition::HoldThroughout { areas } | Condition::HoldWithCombatValue { areas, .. } => areas
            .iter()
            .all(|a| board.holder(a) == Some(Side::Confederate)),
    };
    if met {
        ("[met now]", egui::Color32::from_rgb(40, 100, 40))
    } else {
        ("[at risk]", egui::Color32::from_rgb(160, 100, 0))
    }
}

/// The world's game state the panels read.
type GameData<'w> = (
    Option<Res<'w, crate::rules::components::ActiveCampaign>>,
    Option<Res<'w, CampaignTurn>>,
    Option<Res<'w, CommandPoints>>,
    Option<Res<'w, Scouts>>,
    Option<Res<'w, Progress>>,
    Option<Res<'w, Chronicle>>,
    Option<Res<'w, BoardView>>,
);

/// What the panels send back.
type Answers<'w> = (
    MessageWriter<'w, Decide>,
    MessageWriter<'w, UndoDecision>,
    MessageWriter<'w, EnterDie>,
    ResMut<'w, NextState<Screen>>,
    ResMut<'w, NextState<GameState>>,
);

#[allow(clippy::too_many_arguments)]
fn hud(
    mut contexts: EguiContexts,
    data: GameData,
    step: Option<Res<State<Step>>>,
    game: Res<State<GameState>>,
    pending: Res<PendingDecision>,
    answers: Res<StepDecisions>,
    mut selection: ResMut<Selection>,
    mut hud: ResMut<HudState>,
    out: Answers,
    mut viewport: ResMut<super::map::MapViewport>,
    (records, mut battle): (
        Option<Res<crate::rules::battle::record::BattleRecords>>,
        ResMut<super::battle::BattleScreen>,
    ),
    (mut save_out, save_state, time, advisor): (
        MessageWriter<super::saves::SaveGame>,
        Res<super::saves::SaveState>,
        Res<Time<Real>>,
        Res<super::advisor::Advisor>,
    ),
) -> Result {
    let (world_board, turn, cp, scouts, progress, chronicle, board_cache) = data;
    let (mut decide, mut undo, mut enter_die, mut next, mut next_game) = out;
    let ctx = contexts.ctx_mut()?;
    let (
        Some(active),
        Some(turn),
        Some(cp),
        Some(scouts),
        Some(progress),
        Some(chronicle),
        Some(board),
    ) = (
        world_board,
        turn,
        cp,
        scouts,
        progress,
        chronicle,
        board_cache,
    )
    else {
        return Ok(());
    };
    let c = active.0.clone();
    let board = &board.0;
    let mut root = super::screens::root_ui(ctx, "game");
    let shown = records.as_deref().and_then(|rec| battle.current(rec));
    // Top: turn, phase, points.
    let unfilled = theme::unfilled_panel(root.style());
    egui::Panel::top("status").frame(unfilled).show(&mut root, |ui| {
        ui.horizontal_wrapped(|ui| {
            ui.heading(&c.name);
            let (text, color) = phase_text(&turn, step.as_ref().map(|s| *s.get()));
            ui.label(egui::RichText::new(format!("Turn {} of {}", turn.turn.max(1), c.turns)).strong().size(16.0));
            ui.label(egui::RichText::new(text).color(egui::Color32::WHITE).background_color(color).size(15.0));
            ui.separator();
            ui.label(format!("Confederate CP {}", cp.confederate)).on_hover_text("Command Points (4.9): Forced March 1, Refit 2, purchases at Combat Value, Scouts 1.");
            ui.label(format!("Scouts {} of {}", scouts.available, scouts.counters)).on_hover_text("Scouts (4.10): Fog of War re-rolls, Union Orders re-rolls or ±1, Clear Orders, Special Battle Plans removed.");
            ui.label(format!("Union CP {}", cp.union)).on_hover_text("Union Command Points, spent at Union Resupply (18.1).");
            ui.label(format!("Union Special Battle Plans {}", board.options.union_special_battle_plans(&c))).on_hover_text("Drawn each battle turn of a Basic battle (10.2.10).");
            ui.label(format!("Battles: {}", board.options.battles.name()));
            if ui.button("Rules (F1)").clicked() {
                hud.help = !hud.help;
            }
            if ui
                .button("Save (Ctrl+S)")
                .on_hover_text("Save the game as it waits for your decision; autosaves are made at the start of every phase.")
                .clicked()
            {
                save_out.write(super::saves::SaveGame::Save);
            }
            if ui
                .button("Export replay")
                .on_hover_text("The campaign, its options and every decision so far, with the state's digest: `fcrel replay FILE --verify` re-runs it (attach it to a bug report).")
                .clicked()
            {
                save_out.write(super::saves::SaveGame::Replay);
            }
            if ui.button("Menu (Esc)").clicked() {
                super::screens::to_menu(&mut next, &mut next_game);
            }
        });
    });
    if let Some((text, problem)) = save_state.showing(time.elapsed_secs_f64()) {
        egui::Panel::top("save-message")
            .frame(unfilled)
            .show(&mut root, |ui| {
                let color = if *problem {
                    egui::Color32::DARK_RED
                } else {
                    egui::Color32::from_rgb(40, 100, 40)
                };
                ui.colored_label(color, text);
            });
    }
    // Left: objectives, selected area.
    egui::Panel::left("left")
        .frame(unfilled)
        .default_size(280.0)
        .show(&mut root, |ui| {
            ui.heading("Victory conditions (3.1)");
            for o in board.options.objectives(&c) {
                let (status, color) = live_status(board, &o.id, &o.condition);
                ui.horizontal_wrapped(|ui| {
                    ui.colored_label(color, status);
                    ui.label(format!("{} ({} VP)", o.text, o.vp));
                });
            }
            ui.label(format!(
                "Lee's historical score: {} VP",
                c.victory.lee_historical_vp
            ));
            ui.separator();
            let shown = selection.area.clone().or(selection.hovered.clone());
            if let Some(area) = shown {
                let name = board.area_name(&area).to_string();
                let holder = match board.holder(&area) {
                    Some(Side::Confederate) => "Held by the Confederates",
                    Some(Side::Union) => "Held by the Union",
                    None if board.in_area(&area).is_empty() => "Empty",
                    None => "Contested",
                };
                ui.heading(format!("{name} — {holder}"));
                if board.lee.area() == Some(area.as_str()) {
                    let sel = selection.force.as_deref() == Some("lee");
                    if ui
                        .selectable_label(
                            sel,
                            format!("Robert E. Lee (Command Rating {})", c.lee.command_rating),
                        )
                        .clicked()
                    {
                        selection.force = Some("lee".into());
                    }
                }
                for i in board.in_area(&area) {
                    let p = &board.pieces[i];
                    let sel = selection.force.as_deref() == Some(p.force.id.as_str());
                    let v = p.force.values(p.strength);
                    let text = format!(
                        "{} — Combat {}{}, Activation {}",
                        label(p),
                        v.combat,
                        v.superior.map_or(String::new(), |s| format!("/{s}")),
                        v.activation.map_or("—".into(), |a| a.to_string())
                    );
                    let color = if p.force.side == Side::Union {
                        theme::egui_blue()
                    } else {
                        egui::Color32::from_gray(60)
                    };
                    if ui
                        .selectable_label(sel, egui::RichText::new(text).color(color))
                        .clicked()
                    {
                        selection.force = Some(p.force.id.clone());
                    }
                }
                ui.label(
                    egui::RichText::new(
                        "Select a Force, then click a highlighted area to move it.",
                    )
                    .italics(),
                );
            } else {
                ui.label("Hover or click an area to see its forces.");
            }
        });
    // Right: the decision.
    egui::Panel::right("decision")
        .frame(unfilled)
        .default_size(310.0)
        .show(&mut root, |ui| {
            ui.heading("Your decision");
            if let Some(why) = &pending.blocked {
                ui.colored_label(egui::Color32::DARK_RED, why);
            }
            if let Some(reason) = &pending.die {
                ui.label(format!("Roll your d10 for: {reason}"));
                ui.horizontal(|ui| {
                    ui.text_edit_singleline(&mut hud.die_text);
                    if ui.button("Enter").clicked()
                        && let Ok(v) = hud.die_text.trim().parse::<u32>()
                        && v <= 10
                    {
                        enter_die.write(EnterDie(v));
                        hud.die_text.clear();
                    }
                });
            }
            if let Some(b) = shown {
                super::battle::status(ui, board, b, &mut battle, &pending);
            }
            let blocked = super::battle::blocks_decisions(&battle, records.as_deref())
                || save_state.loading.is_some();
            match &pending.request {
                _ if blocked => {}
                None if *game.get() == GameState::Over => {}
                None => {
                    ui.label("The rules are playing…");
                }
                Some(r) if r.battle_location.is_some()
                    && super::battle::panels::decision(
                        ui,
                        board,
                        r,
                        shown,
                        shown.and_then(|b| super::battle::sheets(b, battle.cursor).0),
                        &mut battle,
                        &mut decide,
                        &advisor,
                    ) => {}
                Some(r) => {
                    ui.label(egui::RichText::new(format!("({}) {}", r.rule, r.prompt)).strong());
                    if let Some(s) = r.situation {
                        ui.label(format!(
                            "Confederate {} against Union {}{}",
                            s.confederate_combat,
                            s.union_combat,
                            if s.lee_present { " · Lee present" } else { "" }
                        ));
                    }
                    let forced = super::map::costs_command_points(&pending);
                    if forced {
                        let cp = cp.confederate;
                        ui.label(format!(
                            "Forced March (15.1): each Force's move costs 1 Command Point; Jackson's unhit Forces may go two areas for 1 (15.1.1). You have {cp} CP."
                        ));
                    }
                    let (area_choices, moves): (Vec<_>, Vec<_>) = destinations(&pending, &selection)
                        .into_iter()
                        .partition(|(_, d)| matches!(d, Decision::RetreatTo { .. } | Decision::PlaceArrival { .. }));
                    if !area_choices.is_empty() {
                        ui.label(egui::RichText::new("Click a highlighted area on the map, or choose below.").italics());
                    }
                    if !moves.is_empty() {
                        let who = selection.force.as_deref().map_or(String::new(), |f| {
                            if f == "lee" {
                                "Robert E. Lee".to_string()
                            } else {
                                board.piece(f).map_or(f.to_string(), |p| p.force.name.clone())
                            }
                        });
                        ui.label(format!("{who} can go to:"));
                        for (to, d) in moves {
                            let waiting = selection.confirm.as_deref() == Some(to.as_str());
                            let text = describe(board, &d);
                            let text = if forced && !matches!(d, Decision::MoveLee { .. }) {
                                format!("{text} (1 CP)")
                            } else {
                                text
                            };
                            let text = match odds_at_a_glance(board, selection.force.as_deref(), &to) {
                                Some(odds) => format!("{text} · {odds}"),
                                None => text,
                            };
                            if waiting {
                                ui.horizontal_wrapped(|ui| {
                                    ui.colored_label(egui::Color32::from_rgb(150, 70, 0), format!("{text}?"));
                                    if ui.button("Confirm").clicked() {
                                        decide.write(Decide(d.clone()));
                                        selection.confirm = None;
                                        selection.force = None;
                                    }
                                    if ui.button("Cancel").clicked() {
                                        selection.confirm = None;
                                    }
                                });
                                super::advisor::show(ui, &advisor, &d, "the battle this move brings");
                            } else if ui.button(text).clicked() {
                                if super::advisor::starts_battle(board, &d) {
                                    // Weigh the battle before moving in.
                                    selection.confirm = Some(to.clone());
                                } else {
                                    decide.write(Decide(d));
                                    selection.confirm = None;
                                }
                            }
                        }
                        ui.separator();
                    }
                    let resupply = r.options.contains(&Decision::EndResupply);
                    if resupply {
                        resupply_panel(ui, board, (cp.confederate, scouts.available, scouts.counters), &r.options, &mut decide);
                    }
                    egui::ScrollArea::vertical()
                        .max_height(420.0)
                        .show(ui, |ui| {
                            for d in r.options.iter().filter(|_| !resupply) {
                                // Moves are made on the map; only the other choices are listed.
                                if matches!(
                                    d,
                                    Decision::MoveForce { .. }
                                        | Decision::MoveLee { .. }
                                        | Decision::JacksonMarch { .. }
                                ) && r.options.len() > 12
                                {
                                    continue;
                                }
                                if ui.button(describe(board, d)).clicked() {
                                    decide.write(Decide(d.clone()));
                                }
                            }
                        });
                    let forced = r
                        .options
                        .iter()
                        .filter(|d| matches!(d, Decision::MoveForce { .. }))
                        .count();
                    if forced > 0 && r.options.len() > 12 {
                        ui.label(format!(
                            "{forced} moves available: select a Force on the map or on the left."
                        ));
                    }
                }
            }
            ui.separator();
            ui.horizontal(|ui| {
                let can_undo = pending.dice_rolled_in_step == 0
                    && !answers.answers.is_empty()
                    && save_state.loading.is_none();
                if ui
                    .add_enabled(can_undo, egui::Button::new("Undo (Ctrl+Z)"))
                    .on_disabled_hover_text("Only until a die is rolled in this step.")
                    .clicked()
                {
                    if let Some(last) = answers.answers.last() {
                        hud.redo.push(last.clone());
                    }
                    undo.write(UndoDecision);
                }
                let redo = hud.redo.last().cloned().filter(|d| {
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
                    hud.redo.pop();
                    decide.write(Decide(d));
                }
            });
        });
    // Bottom: the Chronicle.
    egui::Panel::bottom("chronicle")
        .frame(unfilled)
        .default_size(190.0)
        .resizable(true)
        .show(&mut root, |ui| {
            // While a battle plays back, the log shows it only as far as it has
            // been shown.
            if let Some(b) = shown.filter(|b| !battle.caught_up(b)) {
                ui.heading(format!("Battle of {}: as it happens", b.area_name));
                super::battle::panels::battle_log(ui, &chronicle, b, battle.cursor);
                return;
            }
            ui.horizontal_wrapped(|ui| {
                ui.heading("Chronicle");
                egui::ComboBox::from_id_salt("turn")
                    .selected_text(
                        hud.chronicle_turn
                            .map_or("all turns".to_string(), |t| format!("turn {t}")),
                    )
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut hud.chronicle_turn, None, "all turns");
                        for t in 1..=c.turns {
                            ui.selectable_value(
                                &mut hud.chronicle_turn,
                                Some(t),
                                format!("turn {t}"),
                            );
                        }
                    });
                for (i, k) in ["everything", "rolls", "battles", "orders"]
                    .iter()
                    .enumerate()
                {
                    ui.radio_value(&mut hud.chronicle_kind, i, *k);
                }
                ui.label("find:");
                ui.text_edit_singleline(&mut hud.search);
            });
            egui::ScrollArea::vertical()
                .stick_to_bottom(true)
                .auto_shrink(false)
                .show(ui, |ui| {
                    let mut t = 0;
                    for e in chronicle.entries() {
                        if e.rule == "9.1" && e.text.starts_with("Turn ") {
                            t = e.text[5..]
                                .split(' ')
                                .next()
                                .and_then(|n| n.parse().ok())
                                .unwrap_or(t);
                        }
                        if hud.chronicle_turn.is_some_and(|want| want != t) {
                            continue;
                        }
                        let kind_ok = match hud.chronicle_kind {
                            1 => e.roll.is_some(),
                            2 => ["9.3", "10.", "11.", "12.", "13.", "14."]
                                .iter()
                                .any(|p| e.rule.starts_with(p)),
                            3 => {
                                e.rule.starts_with("16")
                                    || e.rule.starts_with("18")
                                    || e.rule == "20.0"
                            }
                            _ => true,
                        };
                        if !kind_ok
                            || (!hud.search.is_empty()
                                && !e.line().to_lowercase().contains(&hud.search.to_lowercase()))
                        {
                            continue;
                        }
                        chronicle_entry(ui, e, 12.0);
                    }
                });
        });
    // In physical pixels, whatever the UI scale.
    let free = root.available_rect_before_wrap();
    viewport.0 = Some(free * ctx.pixels_per_point());
    if let Some(b) = shown {
        super::battle::central(&mut root, ctx, board, &chronicle, b, &mut battle, &pending);
    }
    if hud.help {
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
    if *game.get() == GameState::Over {
        end_window(ctx, &c, board, &progress, &mut next, &mut next_game);
    }
    Ok(())
}

fn end_window(
    ctx: &egui::Context,
    c: &crate::campaign::Campaign,
    board: &Board,
    progress: &Progress,
    next: &mut NextState<Screen>,
    game: &mut NextState<GameState>,
) {
    let Some(r) = &progress.result else { return };
    egui::Window::new("The campaign is over")
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .default_width(560.0)
        .show(ctx, |ui| {
            ui.heading(if r.victory {
                "Confederate Victory"
            } else {
                "Union Victory"
            });
            ui.label(format!("The campaign ends: {}.", r.reason));
            ui.separator();
            for o in board.options.objectives(c) {
                let (mark, color) = match progress.objectives.get(&o.id) {
                    Some(true) => ("[met]", egui::Color32::from_rgb(20, 120, 40)),
                    _ => ("[missed]", egui::Color32::from_rgb(170, 20, 20)),
                };
                ui.horizontal_wrapped(|ui| {
                    ui.colored_label(color, mark);
                    ui.label(format!("{} ({} VP)", o.text, o.vp));
                });
            }
            ui.separator();
            ui.heading(format!(
                "{} Victory Points against Lee's {}: {:?} Command (3.3)",
                r.victory_points, c.victory.lee_historical_vp, r.rating
            ));
            let k = progress.casualties;
            ui.label(format!(
                "Casualties (11.10–11.11): Confederate {} Hits, {} Forces destroyed or captured; Union {} Hits, {} Forces destroyed or captured.",
                k.confederate_hits, k.confederate_destroyed, k.union_hits, k.union_destroyed
            ));
            let named: u32 = board
                .pieces
                .iter()
                .filter(|p| {
                    p.force.side == Side::Confederate
                        && p.force.is_named()
                        && p.location().area().is_some()
                })
                .map(|p| p.combat())
                .sum();
            ui.label(format!(
                "Your named Forces still in the field: combined Combat Value {named} (21.1)."
            ));
            let conf: egui_plot::PlotPoints = progress
                .strength
                .iter()
                .map(|s| [s.0 as f64, s.1 as f64])
                .collect();
            let union: egui_plot::PlotPoints = progress
                .strength
                .iter()
                .map(|s| [s.0 as f64, s.2 as f64])
                .collect();
            egui_plot::Plot::new("strength")
                .height(180.0)
                .legend(egui_plot::Legend::default())
                .show(ui, |plot| {
                    plot.line(
                        egui_plot::Line::new("Confederate Combat Value", conf)
                            .color(theme::egui_grey())
                            .width(3.0),
                    );
                    plot.line(
                        egui_plot::Line::new("Union Combat Value", union)
                            .color(theme::egui_blue())
                            .width(3.0),
                    );
                });
            if ui.button("Back to the menu").clicked() {
                super::screens::to_menu(next, game);
            }
        });
}

/// One chronicle line; a roll explains itself on hover: the die, its
/// target with the printed value and each modifier, the outcome and rule.
pub fn chronicle_entry(ui: &mut egui::Ui, e: &crate::chronicle::Entry, size: f32) {
    let resp = ui.label(egui::RichText::new(e.line()).monospace().size(size));
    if let Some(r) = &e.roll {
        resp.on_hover_ui(|ui| {
            ui.label(format!("Rolled {} for: {}", r.die, e.text));
            if let (Some(t), Some((_, base))) = (r.target, &r.base) {
                ui.label(format!("Target {t}: {base}"));
                for m in &r.modifiers {
                    ui.label(format!("  {}", m.describe()));
                }
                ui.label("A natural 1 always succeeds, a natural 10 always fails (4.5).");
            }
            ui.label(format!("Result: {} — rule {}", r.outcome, e.rule));
        });
    }
}

/// Odds at a glance before a move into enemy Forces: the combined Combat
/// Values the battle would start from (10.2.9 Envelopment at 3:1).
pub fn odds_at_a_glance(board: &Board, mover: Option<&str>, to: &str) -> Option<String> {
    let union = board.area_combat(to, Side::Union);
    if union == 0 {
        return None;
    }
    let moving = mover
        .and_then(|m| board.piece(m))
        .filter(|p| p.location().area() != Some(to))
        .map_or(0, |p| p.combat());
    let ours = board.area_combat(to, Side::Confederate) + moving;
    let note = if ours > 0 && union >= 3 * ours {
        " — Enveloped at 3:1!"
    } else if union > 0 && ours >= 3 * union {
        " — you Envelop at 3:1"
    } else {
        ""
    };
    Some(format!("battle: you {ours} vs Union {union}{note}"))
}

/// A readable label for a decision.
pub fn describe(board: &Board, d: &Decision) -> String {
    let name = |id: &str| board.piece(id).map_or(id.to_string(), label);
    let area = |id: &str| board.area_name(id).to_string();
    match d {
        Decision::AcceptFogOfWar => "Keep this Fog of War roll".into(),
        Decision::RerollFogOfWar => "Discard a Scout and roll again".into(),
        Decision::DeclineBrigade => "Do not buy a Brigade".into(),
        Decision::BuyBrigade { force, area: a } => {
            format!("Pay 2 CP: {} to {}", name(force), area(a))
        }
        Decision::HitUnionForce { force } => format!("The Hit falls on {}", name(force)),
        Decision::ShiftColumn { shift } => match shift {
            0 => "Not now".into(),
            s if *s < 0 => "One column left".into(),
            _ => "One column right".into(),
        },
        Decision::FightOn => "Fight on".into(),
        Decision::VoluntaryRetreat => "Retreat the army (14.5.1)".into(),
        Decision::Rejoin => "Rejoin: fight again".into(),
        Decision::RetreatInsteadOfRejoin => "Retreat instead (14.8.3)".into(),
        Decision::RetreatTo { force, area: a } => {
            format!("{} retreats to {}", name(force), area(a))
        }
        Decision::PlaceArrival { area: a, .. } => format!("Enter at {}", area(a)),
        Decision::MoveForce { force, to } => format!("{} → {}", name(force), area(to)),
        Decision::JacksonMarch { force, via, to } => {
            format!("{} → {} → {} (Jackson)", name(force), area(via), area(to))
        }
        Decision::MoveLee { to } => format!("Robert E. Lee → {}", area(to)),
        Decision::EndMoves => "End this step".into(),
        Decision::FightBattleAt { area: a } => match odds_at_a_glance(board, None, a) {
            Some(odds) => format!("Fight the battle of {} · {odds}", area(a)),
            None => format!("Fight the battle of {}", area(a)),
        },
        Decision::Refit { force } => format!("Refit {} (2 CP)", name(force)),
        Decision::Purchase {
            force,
            area: a,
            reduced,
        } => {
            let p = board.piece(force);
            let cost = p.map_or(0, |p| p.force.purchase_cost(*reduced));
            format!(
                "Buy {}{} into {} ({cost} CP)",
                name(force),
                if *reduced { " reduced" } else { "" },
                area(a)
            )
        }
        Decision::BuyScout => "Buy a Scout (1 CP)".into(),
        Decision::EndResupply => "End Resupply".into(),
        Decision::OrdersFor { area: a, group } => {
            format!("Roll for the {group} group in {}", area(a))
        }
        Decision::AcceptOrders => "Accept the Union order".into(),
        Decision::RerollOrders => "Discard a Scout: re-roll the order".into(),
        Decision::ModifyOrders { by } => format!("Discard a Scout: change the roll by {by:+}"),
        Decision::BuyBattlePlans { extra: 0 } => "No more Battle Plans".into(),
        Decision::BuyBattlePlans { extra: 1 } => "+1 Battle Plan a turn (2 CP)".into(),
        Decision::BuyBattlePlans { extra } => format!("+{extra} Battle Plans a turn (5 CP)"),
        Decision::ChooseInsight { insight } => format!("The {insight:?} Insight"),
        Decision::ScreenWith { cavalry, infantry } => {
            format!("Screen with {} and {}", name(cavalry), name(infantry))
        }
        Decision::EndInsights => "No more Insights".into(),
        Decision::NoScreen => "Do not Screen: every Force fights on the sheet".into(),
        Decision::RemoveSpecialPlan { plan } => format!("Take {} out of the cup", plan.name()),
        Decision::EndRemovals => "Keep my Scouts".into(),
        Decision::ScreenedApproach { cavalry: None } => "No Screened Approach".into(),
        Decision::ScreenedApproach { cavalry: Some(c) } => {
            format!("Screened Approach with {}", name(c))
        }
        Decision::TerrainRegion { region } => format!("All Union Forces in the {}", region.name()),
        Decision::PlaceForce {
            force,
            region,
            formation,
        } => format!("{} in the {} in {formation:?}", name(force), region.name()),
        Decision::EntrenchOn { force } => format!("Entrench {}", name(force)),
        Decision::Duration { by } if *by > 0 => "One battle turn more".into(),
        Decision::Duration { .. } => "One battle turn fewer".into(),
        Decision::TryDemolitions { target } => format!("Demolitions against {}", name(target)),
        Decision::TryScreen => "Try the Screen".into(),
        Decision::EndInsightActivation => "No Insight roll now".into(),
        Decision::AcceptInsightRoll => "Accept the failed roll".into(),
        Decision::RerollInsight => "Discard a Scout: roll again".into(),
        Decision::AssignPlan { force, plan } => format!("{} to {}", plan.name(), name(force)),
        Decision::HoldFormationCounter => "Formation counter beside the sheet".into(),
        Decision::ClearOrders { force } => format!("Clear Orders for {} (a Scout)", name(force)),
        Decision::EndAssign => "Done assigning".into(),
        Decision::Act { force, plan: None } => format!("{} carries out its counter", name(force)),
        Decision::Act {
            force,
            plan: Some(p),
        } => format!(
            "{}: {}",
            name(force),
            super::battle::panels::default_plan(p)
        ),
        Decision::UseFormationCounter => "Use the Formation counter".into(),
        Decision::FormationChange { force } => format!("Change {}'s Formation", name(force)),
        Decision::EndFormationChanges => "No (more) Formation changes".into(),
        Decision::ShockTarget { force } => format!("Shock attack {}", name(force)),
        Decision::CrowdLoss { force } => format!("{} is destroyed in the crowding", name(force)),
        Decision::DisruptTake { plan: Some(p) } => format!("Take {} out of the cup", p.name()),
        Decision::DisruptTake { plan: None } => "Take three at random".into(),
    }
}

/// Confederate Resupply (15.3–15.6) as one panel: the Command Points and
/// Scouts, then Refits, purchases by Force with their costs and the areas
/// they may enter, and Scouts. Only the legal options are offered.
fn resupply_panel(
    ui: &mut egui::Ui,
    board: &Board,
    (cp, scouts, counters): (u32, u32, u32),
    options: &[Decision],
    decide: &mut MessageWriter<Decide>,
) {
    ui.label(format!(
        "You have {cp} Command Points and {scouts} Scouts ({counters} counters in all)."
    ));
    let refits: Vec<&Decision> = options
        .iter()
        .filter(|d| matches!(d, Decision::Refit { .. }))
        .collect();
    let mut buys: std::collections::BTreeMap<(String, bool), Vec<&Decision>> = Default::default();
    for d in options {
        if let Decision::Purchase { force, reduced, .. } = d {
            buys.entry((force.to_string(), *reduced))
                .or_default()
                .push(d);
        }
    }
    egui::ScrollArea::vertical()
        .id_salt("resupply")
        .max_height(460.0)
        .show(ui, |ui| {
            ui.strong("Refit (15.4): 2 CP, the Force returns to full strength");
            if refits.is_empty() {
                ui.label("No reduced Force can be refitted now.");
            }
            for d in refits {
                if ui.button(describe(board, d)).clicked() {
                    decide.write(Decide((*d).clone()));
                }
            }
            ui.add_space(4.0);
            ui.strong("Purchase (15.5): its Combat Value in CP, into an area with your Forces");
            if buys.is_empty() {
                ui.label("Nothing can be bought with the Command Points left.");
            }
            for ((force, reduced), ds) in &buys {
                let p = board.piece(force);
                let name = p.map_or(force.clone(), |p| {
                    let f = &p.force;
                    if f.is_named() {
                        return f.name.clone();
                    }
                    let kind = f.kind.map_or("", |k| k.name());
                    let what = if kind.is_empty() || kind == f.force_type.name() {
                        f.force_type.name().to_string()
                    } else {
                        format!("{} {kind}", f.force_type.name())
                    };
                    format!("{what} ({:?}, {})", f.skill, f.id)
                });
                let cost = p.map_or(0, |p| p.force.purchase_cost(*reduced));
                let title = format!(
                    "{name}{} — {cost} CP",
                    if *reduced { " (reduced side)" } else { "" }
                );
                egui::CollapsingHeader::new(title)
                    .id_salt((force, reduced))
                    .show(ui, |ui| {
                        ui.horizontal_wrapped(|ui| {
                            for d in ds {
                                if let Decision::Purchase { area, .. } = d
                                    && ui
                                        .button(format!("into {}", board.area_name(area)))
                                        .clicked()
                                {
                                    decide.write(Decide((*d).clone()));
                                }
                            }
                        });
                    });
            }
            ui.add_space(4.0);
            ui.strong("Scouts (15.6): 1 CP each");
            if options.contains(&Decision::BuyScout) {
                if ui.button("Buy a Scout (1 CP)").clicked() {
                    decide.write(Decide(Decision::BuyScout));
                }
            } else {
                ui.label("No Scout can be bought now.");
            }
            ui.add_space(6.0);
            if ui.button("End Resupply (Enter)").clicked() {
                decide.write(Decide(Decision::EndResupply));
            }
        });
}

/// A board copied out of the world once per change, for the panels.
#[derive(Resource)]
pub struct BoardView(pub Board);

pub fn refresh_board(world: &mut World) {
    if world
        .get_resource::<crate::rules::components::ActiveCampaign>()
        .is_none()
    {
        return;
    }
    if let Some(b) = Board::from_world(world) {
        world.insert_resource(BoardView(b));
    }
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
