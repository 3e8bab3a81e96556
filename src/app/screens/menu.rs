//! Main menu: the title; each campaign as a card (its place in the Grand
//! Campaign, dates, turns, Lee's historical score, one line, the whole
//! introduction on demand, and New Campaign); Continue (the newest save
//! or autosave of a game not yet over); Learn to play (the lessons); Load; Player Log; Settings; Quit;
//! New Grand Campaign (21.0); the stand-alone battles. Problems with the
//! bundled files or the settings come first.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::kit;
use crate::app::theme::link::HoverWords;
use crate::app::theme::palette::*;
use crate::app::theme::scale::{Type, space};
use crate::app::{Catalog, Screen, SetupChoice};

/// The page's most width: centred at 1920×1080.
const MAX_WIDTH: f32 = 1180.0;
/// Below this width the two columns stack.
const TWO_COLUMNS: f32 = 880.0;

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
    if !kit::fonts_ready(ctx) {
        return Ok(());
    }
    let mut root = crate::app::theme::root_ui(ctx, "menu");
    let battles = battles.get_or_insert_with(crate::scenario::bundled_battles);
    let mut action = None;
    egui::CentralPanel::default().show(&mut root, |ui| {
        kit::page(ui, "menu-page", MAX_WIDTH, |ui| {
            title(ui);
            ui.add_space(space::L);
            // Problems first, where they are seen whatever the list's length.
            let mut problems: Vec<String> = catalog.problems.iter().map(|p| p.to_string()).collect();
            problems.extend(settings.loaded.problem.clone());
            problems.extend(settings.message.clone());
            if let Some((text, true)) = &save_state.message {
                problems.push(text.clone());
            }
            kit::problems(ui, &problems);
            let width = ui.available_width();
            let two = width >= TWO_COLUMNS;
            let gap = space::XL;
            let left = if two { ((width - gap) * 0.62).floor() } else { width };
            let right = if two { width - gap - left } else { width };
            let campaigns = |ui: &mut egui::Ui, act: &mut Option<Action>| {
                ui.set_width(left);
                ui.label(kit::caps("The campaigns", INK_SOFT));
                ui.add_space(space::XS);
                for (i, c) in catalog.campaigns.iter().enumerate() {
                    if campaign_card(ui, i, c) {
                        *act = Some(Action::Campaign(i));
                    }
                    ui.add_space(space::S);
                }
                if catalog.campaigns.is_empty() {
                    kit::in_card(ui, |ui| {
                        ui.label("No campaign could be loaded: see the problems above.");
                    });
                }
            };
            let side = |ui: &mut egui::Ui, act: &mut Option<Action>| {
                ui.set_width(right);
                ui.label(kit::caps("Command", INK_SOFT));
                ui.add_space(space::XS);
                kit::in_card(ui, |ui| {
                    let tall = space::XXL + space::XS;
                    match &saves.newest {
                        Some((path, save)) => {
                            let tip = format!(
                                "{} · turn {} · {} · {}",
                                save.campaign_name,
                                save.turn,
                                crate::store::when(save.saved_at),
                                path.display()
                            );
                            if kit::wide_button(ui, true, "Continue", tall).on_hover_words(tip).clicked() {
                                *act = Some(Action::Continue);
                            }
                            kit::explain(ui, &format!("{}, turn {} · saved {}", save.campaign_name, save.turn, crate::store::when(save.saved_at)));
                        }
                        None => {
                            kit::wide_button(ui, false, "Continue", tall)
                                .on_disabled_hover_text("No saved game yet: games are autosaved at the start of every phase.");
                            kit::explain(ui, "No saved game yet.");
                        }
                    }
                    ui.add_space(space::S);
                    let short = space::XL + space::XS;
                    if kit::wide_button(ui, true, "Learn to play", short).on_hover_words("Short lessons in the real game with fixed dice: a card beside each part of the window says what to do and why.").clicked() {
                        *act = Some(Action::Screen(Screen::Lessons));
                    }
                    if kit::wide_button(ui, true, "Load", short).on_hover_words("Your saves and autosaves, newest first.").clicked() {
                        *act = Some(Action::Screen(Screen::Load));
                    }
                    if kit::wide_button(ui, true, "Player Log", short).on_hover_words("Every finished campaign and Grand Campaign, with your notes (4.4, 21.0).").clicked() {
                        *act = Some(Action::Screen(Screen::PlayerLog));
                    }
                    if kit::wide_button(ui, true, "Settings", short).on_hover_words("UI scale, the Chronicle's height, the Union turn's speed, the odds advisor and the set-up new games start from; the window size is remembered.").clicked() {
                        *act = Some(Action::Screen(Screen::Settings));
                    }
                    if kit::wide_button(ui, true, "Quit", short).clicked() {
                        *act = Some(Action::Quit);
                    }
                });
                ui.add_space(space::M);
                kit::caps_heading(ui, "The Grand Campaign", "21.0");
                ui.add_space(space::XS);
                let seven_days = catalog.campaigns.iter().position(|c| c.id == crate::player_log::GRAND_CAMPAIGN[0]);
                kit::in_card(ui, |ui| {
                    ui.label(egui::RichText::new("From the Seven Days to Gettysburg").font(Type::Subheading.font()).color(INK));
                    kit::explain(ui, "The five campaigns in order under one set of options; a defeat ends it; every result goes to the Player Log.");
                    ui.add_space(space::XS);
                    if ui
                        .add_enabled_ui(seven_days.is_some(), |ui| {
                            ui.add_sized([ui.available_width(), space::XL + space::XS], kit::primary_button("New Grand Campaign"))
                        })
                        .inner
                        .on_hover_words("The five campaigns in order under one set of options, from the Seven Days to Gettysburg; a defeat ends it; every result goes to the Player Log (21.0).")
                        .clicked()
                        && let Some(i) = seven_days
                    {
                        *act = Some(Action::Grand(i));
                    }
                });
                ui.add_space(space::M);
                kit::caps_heading(ui, "Stand-alone battles", "A10.2.14");
                ui.add_space(space::XS);
                kit::in_card(ui, |ui| {
                    kit::explain(ui, "On the modified Advanced Battlefield Sheet, at your difficulty and the Union AI's as last set up; the scenario fixes the armies, the turns and who wins.");
                    ui.add_space(space::XS);
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
                        if kit::wide_button(ui, true, &s.name, space::XL + space::XS).on_hover_words(tip).clicked() {
                            *act = Some(Action::Battle(key.clone()));
                        }
                        kit::explain(ui, &format!(
                            "{} battle turns · {} Forces · {} Columns",
                            game.terms.battle_turns,
                            game.terms.placement.len(),
                            game.terms.columns
                        ));
                        ui.add_space(space::XS);
                    }
                });
            };
            if two {
                ui.horizontal_top(|ui| {
                    ui.spacing_mut().item_spacing.x = gap;
                    ui.vertical(|ui| {
                        ui.spacing_mut().item_spacing.x = space::S;
                        campaigns(ui, &mut action)
                    });
                    ui.vertical(|ui| {
                        ui.spacing_mut().item_spacing.x = space::S;
                        side(ui, &mut action)
                    });
                });
            } else {
                campaigns(ui, &mut action);
                ui.add_space(space::M);
                side(ui, &mut action);
            }
            ui.add_space(space::L);
            ui.vertical_centered(|ui| {
                kit::explain(ui, "Keys in play: Enter or Space takes the highlighted choice, Ctrl+Z takes back a move, Ctrl+Y puts it back, F1 shows the rules reference, Esc returns here.");
            });
        });
    });
    match action {
        Some(Action::Campaign(i)) => {
            choice.campaign = i;
            choice.grand = false;
            commands.insert_resource(crate::player_log::CurrentGrand(None));
            next.set(Screen::Setup);
        }
        Some(Action::Grand(i)) => {
            choice.grand = true;
            choice.campaign = i;
            next.set(Screen::Setup);
        }
        Some(Action::Continue) => {
            if let Some((path, save)) = &saves.newest {
                commands.insert_resource(crate::app::saves::PendingLoad {
                    save: save.clone(),
                    path: path.clone(),
                });
                next.set(Screen::Game);
            }
        }
        Some(Action::Screen(s)) => next.set(s),
        Some(Action::Battle(key)) => {
            choice.battle = Some(key);
            choice.grand = false;
            commands.insert_resource(crate::player_log::CurrentGrand(None));
            next.set(Screen::Game);
        }
        Some(Action::Quit) => {
            exit.write(AppExit::Success);
        }
        None => {}
    }
    Ok(())
}

/// What the menu was asked to do this frame.
enum Action {
    /// New Campaign on a campaign's card.
    Campaign(usize),
    /// New Grand Campaign, from the campaign first in it.
    Grand(usize),
    Continue,
    Screen(Screen),
    Battle(String),
    Quit,
}

/// The title: a kicker in small capitals, the game's name in the serif,
/// the ornament, the line that says what fcrel is.
fn title(ui: &mut egui::Ui) {
    ui.vertical_centered(|ui| {
        ui.label(kit::caps("A solitaire companion to the board wargame", INK_SOFT));
        ui.add_space(space::XS);
        // The one display size: the title step at one and a half.
        let display = egui::FontId::new(Type::Title.size() * 1.5, Type::Title.family());
        ui.label(egui::RichText::new("Field Commander: Robert E. Lee").font(display).color(INK));
        kit::ornament(ui, ui.available_width().min(420.0));
        ui.label(
            egui::RichText::new("You command the Army of Northern Virginia; fcrel commands the Union and keeps the books.")
                .font(Type::Caption.font())
                .size(Type::Subheading.size())
                .color(INK_BODY),
        );
    });
}

/// One campaign's card; true when its New Campaign is pressed.
fn campaign_card(ui: &mut egui::Ui, i: usize, c: &crate::campaign::Campaign) -> bool {
    let mut start = false;
    kit::in_card(ui, |ui| {
        ui.horizontal(|ui| {
            ui.label(
                egui::RichText::new(kit::roman(c.grand_campaign_order))
                    .font(Type::Heading.font())
                    .color(BUTTERNUT_DARK),
            )
            .on_hover_words(format!(
                "Campaign {} of the Grand Campaign (21.0).",
                c.grand_campaign_order
            ));
            ui.label(
                egui::RichText::new(&c.name)
                    .font(Type::Heading.font())
                    .color(INK),
            );
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                start = ui
                    .add(kit::primary_button("New Campaign"))
                    .on_hover_words("Choose the difficulty and battle rules, then play (7.0).")
                    .clicked();
            });
        });
        ui.horizontal(|ui| {
            ui.spacing_mut().item_spacing.x = space::XL;
            kit::fact(ui, "Dates", &c.dates);
            kit::fact(ui, "Turns", &c.turns.to_string());
            kit::fact(ui, "Lee's score", &format!("{} VP", c.victory.lee_historical_vp))
                .on_hover_words("Lee's historical result: score more for a Superior Command, as many for a Historical one (21.0).");
        });
        ui.add_space(space::XS);
        ui.label(
            egui::RichText::new(c.summary())
                .font(Type::Caption.font())
                .size(Type::Subheading.size())
                .color(INK_BODY),
        );
        egui::CollapsingHeader::new(
            egui::RichText::new("Introduction")
                .font(Type::Small.font())
                .color(INK_SOFT),
        )
        .id_salt(("campaign-introduction", i))
        .default_open(false)
        .show(ui, |ui| {
            ui.label(egui::RichText::new(&c.introduction).color(INK_BODY));
        });
    });
    start
}
