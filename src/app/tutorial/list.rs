//! Learn to play: the lessons, each with its title, one line, about how
//! long it takes, "finished" once finished, and Start, or Resume and Restart once
//! begun; Skip marks it finished unplayed; Back returns to the menu.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::{LessonAction, Lessons, Tutorial};
use crate::app::Screen;
use crate::app::screens::kit;
use crate::app::theme::link::HoverWords;
use crate::app::theme::palette::*;
use crate::app::theme::scale::{Type, space};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        list.run_if(in_state(Screen::Lessons)),
    );
}

fn list(
    mut contexts: EguiContexts,
    lessons: Res<Lessons>,
    tutorial: Res<Tutorial>,
    settings: Res<crate::app::settings::AppSettings>,
    mut out: MessageWriter<LessonAction>,
    mut next: ResMut<NextState<Screen>>,
    keys: Res<ButtonInput<KeyCode>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if !kit::fonts_ready(ctx) {
        return Ok(());
    }
    if keys.just_pressed(KeyCode::Escape) {
        next.set(Screen::Menu);
    }
    let mut root = crate::app::theme::root_ui(ctx, "lessons");
    egui::CentralPanel::default().show(&mut root, |ui| {
        kit::page(ui, "lessons-page", 760.0, |ui| {
            ui.vertical_centered(|ui| {
                ui.label(kit::caps("Learn to play", INK_SOFT));
                ui.label(
                    egui::RichText::new("Lessons in the real game")
                        .font(Type::Title.font())
                        .color(INK),
                );
                kit::ornament(ui, 360.0);
                kit::explain(
                    ui,
                    "Each lesson is a short game with fixed dice: you make every move, a card beside the part of the window it talks about says what to do and why. Leave at any time; Resume returns to the same card.",
                );
            });
            ui.add_space(space::L);
            let mut problems = lessons.problems.clone();
            problems.extend(tutorial.lost.clone().filter(|_| tutorial.active.is_none()));
            kit::problems(ui, &problems);
            for (i, l) in lessons.lessons.iter().enumerate() {
                let done = settings
                    .loaded
                    .settings
                    .lessons_finished
                    .contains(&l.id);
                let begun = tutorial.progress.get(&l.id).is_some_and(|p| p.begun());
                kit::in_card(ui, |ui| {
                    ui.horizontal(|ui| {
                        ui.label(
                            egui::RichText::new(&l.title)
                                .font(Type::Heading.font())
                                .color(INK),
                        );
                        if done {
                            ui.label(egui::RichText::new("finished").strong().color(OK))
                                .on_hover_words("Kept in your settings.");
                        }
                        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                            if begun {
                                if ui.button("Restart").clicked() {
                                    out.write(LessonAction::Start { lesson: i, resume: false });
                                }
                                if ui.add(kit::primary_button("Resume")).clicked() {
                                    out.write(LessonAction::Start { lesson: i, resume: true });
                                }
                            } else if ui.add(kit::primary_button("Start")).clicked() {
                                out.write(LessonAction::Start { lesson: i, resume: false });
                            }
                            if !done
                                && ui
                                    .button("Skip")
                                    .on_hover_words("Mark it finished without playing it.")
                                    .clicked()
                            {
                                out.write(LessonAction::Skip { lesson: i });
                            }
                        });
                    });
                    ui.label(
                        egui::RichText::new(&l.summary)
                            .font(Type::Caption.font())
                            .size(Type::Subheading.size())
                            .color(INK_BODY),
                    );
                    kit::explain(ui, &format!("About {} minutes · {} steps", l.minutes, l.steps.len()));
                });
                ui.add_space(space::S);
            }
            if lessons.lessons.is_empty() {
                kit::in_card(ui, |ui| {
                    ui.label("No lesson could be read: see the problems above.");
                });
            }
            ui.add_space(space::M);
            if ui.button("Back to the menu (Esc)").clicked() {
                next.set(Screen::Menu);
            }
        });
    });
    Ok(())
}
