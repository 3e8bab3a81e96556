//! Main menu: the campaigns with their dates, turns, introduction and Lee's
//! historical score; New Campaign; New Grand Campaign (21.0); Continue (the
//! newest save or autosave of a game not yet over); Load; Player Log;
//! Settings; Quit.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::app::{Catalog, Screen, SetupChoice};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, menu.run_if(in_state(Screen::Menu)));
}

fn menu(
    mut contexts: EguiContexts,
    catalog: Res<Catalog>,
    settings: Res<crate::app::settings::AppSettings>,
    mut choice: ResMut<SetupChoice>,
    mut next: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
    started: Res<crate::app::StartedAt>,
    mut shown: Local<bool>,
    // Parsed and checked once: the menu redraws on every hover.
    mut battles: Local<
        Option<
            Vec<(
                String,
                crate::scenario::Scenario,
                crate::rules::battle::advanced::battle_pack::StandAloneGame,
            )>,
        >,
    >,
    (saves, save_state): (
        Res<crate::app::saves::SaveCatalog>,
        Res<crate::app::saves::SaveState>,
    ),
    mut commands: Commands,
) -> Result {
    if !*shown {
        *shown = true;
        info!(
            "main menu shown {} ms after start",
            started.0.elapsed().as_millis()
        );
    }
    let ctx = contexts.ctx_mut()?;
    let mut root = crate::app::theme::root_ui(ctx, "menu");
    egui::CentralPanel::default().show(&mut root, |ui| {
        ui.vertical_centered(|ui| {
            ui.add_space(24.0);
            ui.heading(egui::RichText::new("Field Commander: Robert E. Lee").size(34.0));
            ui.label(egui::RichText::new("a solitaire companion — you command Lee's army, fcrel commands the Union").italics());
            ui.add_space(16.0);
        });
        ui.columns(2, |cols| {
            cols[0].heading("Campaigns");
            // Problems first, where they are seen whatever the list's length.
            for p in &catalog.problems {
                cols[0].colored_label(crate::app::theme::palette::FAILED, p.to_string());
            }
            if let Some(problem) = &settings.loaded.problem {
                cols[0].colored_label(crate::app::theme::palette::FAILED, problem);
            }
            if let Some(problem) = &settings.message {
                cols[0].colored_label(crate::app::theme::palette::FAILED, problem);
            }
            if let Some((text, true)) = &save_state.message {
                cols[0].colored_label(crate::app::theme::palette::FAILED, text);
            }
            egui::ScrollArea::vertical().id_salt("campaigns").auto_shrink([false, true]).show(&mut cols[0], |ui| {
                for (i, c) in catalog.campaigns.iter().enumerate() {
                    let selected = choice.campaign == i;
                    let frame = egui::Frame::group(ui.style()).fill(if selected {
                        crate::app::theme::palette::PAPER_DEEP
                    } else {
                        egui::Color32::TRANSPARENT
                    });
                    frame.show(ui, |ui| {
                        ui.horizontal_wrapped(|ui| {
                            if ui.selectable_label(selected, egui::RichText::new(&c.name).strong().size(18.0)).clicked() {
                                choice.campaign = i;
                            }
                            ui.label(format!("{} · {} turns · Lee's score {} VP", c.dates, c.turns, c.victory.lee_historical_vp));
                        });
                        ui.label(&c.introduction);
                    });
                }
            });
            let ui = &mut cols[1];
            ui.heading("Play");
            ui.add_space(8.0);
            let big = |text: &str| egui::Button::new(egui::RichText::new(text).size(20.0)).min_size(egui::vec2(260.0, 40.0));
            if ui.add_enabled(!catalog.campaigns.is_empty(), big("New Campaign")).on_hover_text("Choose the difficulty and battle rules, then play (7.0).").clicked() {
                choice.grand = false;
                commands.insert_resource(crate::player_log::CurrentGrand(None));
                next.set(Screen::Setup);
            }
            let seven_days = catalog.campaigns.iter().position(|c| c.id == crate::player_log::GRAND_CAMPAIGN[0]);
            if ui
                .add_enabled(seven_days.is_some(), big("New Grand Campaign"))
                .on_hover_text("The five campaigns in order under one set of options, from the Seven Days to Gettysburg; a defeat ends it; every result goes to the Player Log (21.0).")
                .clicked()
                && let Some(i) = seven_days
            {
                choice.grand = true;
                choice.campaign = i;
                next.set(Screen::Setup);
            }
            match &saves.newest {
                Some((path, save)) => {
                    let tip = format!(
                        "{} · turn {} · {} · {}",
                        save.campaign_name,
                        save.turn,
                        crate::store::when(save.saved_at),
                        path.display()
                    );
                    if ui.add(big("Continue")).on_hover_text(tip).clicked() {
                        commands.insert_resource(crate::app::saves::PendingLoad {
                            save: save.clone(),
                            path: path.clone(),
                        });
                        next.set(Screen::Game);
                    }
                }
                None => {
                    ui.add_enabled(false, big("Continue"))
                        .on_disabled_hover_text("No saved game yet: games are autosaved at the start of every phase.");
                }
            }
            if ui.add(big("Load")).on_hover_text("Your saves and autosaves, newest first.").clicked() {
                next.set(Screen::Load);
            }
            if ui.add(big("Player Log")).on_hover_text("Every finished campaign and Grand Campaign, with your notes (4.4, 21.0).").clicked() {
                next.set(Screen::PlayerLog);
            }
            if ui.add(big("Settings")).on_hover_text("UI scale, the Chronicle's height, the Union turn's speed, the odds advisor and the set-up new games start from; the window size is remembered.").clicked() {
                next.set(Screen::Settings);
            }
            if ui.add(big("Quit")).clicked() {
                exit.write(AppExit::Success);
            }
            ui.add_space(12.0);
            ui.heading("Battles");
            ui.label(egui::RichText::new("Stand-alone battles on the modified Advanced Battlefield Sheet (A10.2.14), at your difficulty and the Union AI's as last set up; the scenario fixes the armies, the turns and who wins.").italics());
            let battles = battles.get_or_insert_with(crate::scenario::bundled_battles);
            for (key, s, game) in battles.iter() {
                let tip = format!(
                    "{}\n\n{} Columns · {} battle turns · {} Forces · the Union {:?}.\n\nSources: {}",
                    s.description,
                    game.terms.columns,
                    game.terms.battle_turns,
                    game.terms.placement.len(),
                    game.terms.union_tactics,
                    s.sources
                );
                if ui.add(big(&s.name)).on_hover_text(tip).clicked() {
                    choice.battle = Some(key.clone());
                    choice.grand = false;
                    commands.insert_resource(crate::player_log::CurrentGrand(None));
                    next.set(Screen::Game);
                }
            }
            ui.add_space(16.0);
            ui.label("Keys in play: Enter or Space takes the highlighted choice, Ctrl+Z takes back a move, Ctrl+Y puts it back, F1 shows the rules reference, Esc returns here.");
        });
    });
    Ok(())
}
