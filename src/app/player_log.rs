//! The Player Log in the window (4.4, 21.0): every finished campaign is
//! recorded when it ends (with a notes field in the end panel); a Grand
//! Campaign goes on to its next campaign, or ends at a defeat; the Player
//! Log screen lists campaigns and Grand Campaigns with sorting, editable
//! notes, a chart of Grand Campaign totals and Markdown/CSV export.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::screens::kit;
use super::theme::scale::{Type, space};
use super::{Catalog, Screen, SetupChoice};
use crate::app::theme::link::HoverWords;
use crate::player_log::{self, CurrentGrand, GrandStatus, Loaded};
use crate::rules::sequence::GameState;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LogState>()
        .init_resource::<super::WritesFiles>()
        .init_resource::<CurrentGrand>()
        .add_systems(Startup, load_log)
        .add_systems(OnEnter(GameState::Over), record_finished)
        .add_systems(Update, start_next.run_if(in_state(Screen::Menu)))
        .add_systems(
            EguiPrimaryContextPass,
            (
                // A stand-alone battle is not kept in the Player Log (21.0).
                end_panel.run_if(
                    in_state(GameState::Over)
                        .and_then(in_state(Screen::Game))
                        .and_then(not(resource_exists::<
                            crate::rules::battle::advanced::battle_pack::ActiveStandAlone,
                        >)),
                ),
                log_screen.run_if(in_state(Screen::PlayerLog)),
            ),
        );
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum Sort {
    #[default]
    Finished,
    Campaign,
    Result,
    Points,
    Battles,
}

#[derive(Resource, Default)]
pub struct LogState {
    /// None: no data folder (nothing can be kept).
    pub loaded: Option<Loaded>,
    pub message: Option<(String, bool)>,
    /// The entry of the campaign that has just ended.
    pub last: Option<String>,
    /// Whether the log may be written (`WritesFiles`): not by the screenshot
    /// tour, which reads the player's log but leaves it as it is.
    writes: bool,
    sort: Sort,
    descending: bool,
}

/// The next campaign of a Grand Campaign, to be started from the menu.
#[derive(Resource, Debug, Clone, Copy)]
pub struct NextInGrand {
    pub grand: u64,
    pub campaign: usize,
}

fn load_log(mut state: ResMut<LogState>, writes: Res<super::WritesFiles>) {
    state.writes = writes.0;
    state.loaded = crate::store::data_dir().map(|d| player_log::load(&d));
    state.message = state
        .loaded
        .as_ref()
        .and_then(|l| l.problem.clone())
        .map(|p| (p, true));
}

fn record_finished(world: &mut World) {
    // The Player Log keeps campaigns (21.0), not stand-alone battles.
    if !world.resource::<super::WritesFiles>().0
        || world
            .contains_resource::<crate::rules::battle::advanced::battle_pack::ActiveStandAlone>()
    {
        return;
    }
    let grand = world.resource::<CurrentGrand>().0;
    let Some(entry) = player_log::entry_from_world(world, grand) else {
        return;
    };
    let id = entry.id.clone();
    let mut state = world.resource_mut::<LogState>();
    state.last = Some(id);
    let Some(loaded) = state.loaded.as_mut() else {
        return;
    };
    if loaded.log.record(entry) {
        let result = loaded.save();
        let problem = loaded.problem.clone();
        state.message = match result {
            Err(e) => Some((e, true)),
            Ok(()) => problem.map(|p| (p, true)),
        };
    }
}

fn save_log(state: &mut LogState) {
    if !state.writes {
        return;
    }
    if let Some(loaded) = state.loaded.as_mut()
        && let Err(e) = loaded.save()
    {
        state.message = Some((e, true));
    }
}

/// Start a Grand Campaign's next campaign once the menu is back.
fn start_next(
    mut commands: Commands,
    next_in_grand: Option<Res<NextInGrand>>,
    mut choice: ResMut<SetupChoice>,
    mut grand: ResMut<CurrentGrand>,
    state: Res<LogState>,
    mut saves: ResMut<crate::app::saves::SaveState>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(n) = next_in_grand else { return };
    commands.remove_resource::<NextInGrand>();
    let Some((k, g)) = state.loaded.as_ref().and_then(|l| {
        l.log
            .grand
            .iter()
            .enumerate()
            .find(|(_, g)| g.id == n.grand)
    }) else {
        return;
    };
    choice.campaign = n.campaign;
    let Some(options) = g.options else {
        return;
    };
    // R-Opt-used-with: the one "Used with" check, at the field named.
    if let Some(why) = options.not_used_with().first() {
        saves.message = Some((
            format!(
                "The Grand Campaign cannot go on: player-log.json: grand[{k}].options.{}: {why}",
                why.rule.field
            ),
            true,
        ));
        return;
    }
    choice.options = options;
    choice.grand = false;
    grand.0 = Some(n.grand);
    next.set(Screen::Game);
}

/// Begin a Grand Campaign with these options: it is written to the Player
/// Log at once, so it is never lost.
pub fn begin_grand(state: &mut LogState, options: crate::rules::difficulty::GameOptions) -> u64 {
    let id = crate::store::now();
    if let Some(l) = state.loaded.as_mut() {
        l.log.grand.push(player_log::GrandCampaign {
            id,
            options: Some(options),
            status: GrandStatus::InProgress,
            notes: String::new(),
        });
    }
    save_log(state);
    id
}

/// The next campaign of a Grand Campaign: its index in the catalogue, or
/// its id when this build does not have it.
fn next_of(state: &LogState, catalog: &Catalog, grand: u64) -> Option<Result<usize, &'static str>> {
    let id = state.loaded.as_ref()?.log.next_campaign(grand)?;
    Some(catalog.campaigns.iter().position(|c| c.id == id).ok_or(id))
}

/// Beside the end-of-campaign window: the Player Log entry with its notes
/// and, in a Grand Campaign, what comes next.
fn end_panel(
    mut contexts: EguiContexts,
    mut state: ResMut<LogState>,
    grand: Res<CurrentGrand>,
    catalog: Res<Catalog>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
    mut game: ResMut<NextState<GameState>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut save = false;
    let mut go_next = None;
    egui::Window::new("Player Log (4.4, 21.0)")
        // Above the decision panel's Undo and Redo, which stay reachable.
        .anchor(egui::Align2::RIGHT_BOTTOM, [-12.0, -44.0])
        .default_width(340.0)
        .collapsible(false)
        .show(ctx, |ui| {
            let last = state.last.clone();
            let Some(loaded) = state.loaded.as_mut() else {
                ui.label("No data folder: the result cannot be kept.");
                return;
            };
            match last
                .as_ref()
                .and_then(|id| loaded.log.entries.iter_mut().find(|e| &e.id == id))
            {
                Some(entry) => {
                    ui.label(format!("Recorded: {} VP.", entry.victory_points));
                    ui.label("Your notes:");
                    let r = ui.add(egui::TextEdit::multiline(&mut entry.notes).desired_rows(3));
                    // Kept as typed: closing the window loses nothing.
                    save |= r.changed();
                }
                None => {
                    ui.label("Not recorded: a lesson (Learn to play) or the screenshot tour keeps no result.");
                }
            }
            // The Grand Campaign this game counted for (a campaign begun
            // again does not count, 21.0).
            let counted = last
                .as_ref()
                .and_then(|id| loaded.log.entries.iter().find(|e| &e.id == id))
                .and_then(|e| e.grand)
                .or(grand.0.filter(|_| last.is_none()));
            if let Some(id) = counted {
                let total = loaded.log.grand_total(id);
                let status = loaded
                    .log
                    .grand
                    .iter()
                    .find(|g| g.id == id)
                    .map_or(GrandStatus::InProgress, |g| g.status);
                ui.separator();
                crate::app::theme::link::words(ui, &format!(
                    "Grand Campaign (21.0): {}; {total} Victory Points{}.",
                    status.name(),
                    if status == GrandStatus::InProgress {
                        " so far"
                    } else {
                        " in all"
                    }
                ));
                if let Some(best) = loaded.log.best_grand_total() {
                    ui.label(format!("Your best finished Grand Campaign: {best} VP."));
                }
                go_next = Some(id);
            }
            ui.separator();
            if ui.button("Open the Player Log").clicked() {
                save = true;
                super::to_menu(&mut next, &mut game);
                next.set(Screen::PlayerLog);
            }
        });
    if let Some(id) = go_next {
        match next_of(&state, &catalog, id) {
            Some(Ok(index)) => {
                let name = catalog.campaigns[index].name.clone();
                egui::Window::new("Grand Campaign")
                    .anchor(egui::Align2::RIGHT_TOP, [-12.0, 60.0])
                    .collapsible(false)
                    .show(ctx, |ui| {
                        if ui.button(format!("Go on to {name}")).clicked() {
                            commands.insert_resource(NextInGrand {
                                grand: id,
                                campaign: index,
                            });
                            super::to_menu(&mut next, &mut game);
                        }
                    });
            }
            Some(Err(missing)) => {
                egui::Window::new("Grand Campaign")
                    .anchor(egui::Align2::RIGHT_TOP, [-12.0, 60.0])
                    .collapsible(false)
                    .show(ctx, |ui| {
                        ui.label(format!(
                            "The next campaign, {missing}, is not in this build yet: the Grand Campaign waits in the Player Log and goes on when it is."
                        ));
                    });
            }
            None => {}
        }
    }
    if save {
        save_log(&mut state);
    }
    Ok(())
}

/// The page's width at most: the Campaigns table's nine columns fit.
const MAX_WIDTH: f32 = 1400.0;

fn log_screen(
    mut contexts: EguiContexts,
    mut state: ResMut<LogState>,
    catalog: Res<Catalog>,
    keys: Res<ButtonInput<KeyCode>>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
) -> Result {
    if keys.just_pressed(KeyCode::Escape) {
        next.set(Screen::Menu);
    }
    let ctx = contexts.ctx_mut()?;
    if !kit::fonts_ready(ctx) {
        return Ok(());
    }
    let mut root = super::theme::root_ui(ctx, "player-log");
    let mut save = false;
    let mut export: Option<(&str, String)> = None;
    let mut play_next = None;
    egui::CentralPanel::default().show(&mut root, |ui| {
        kit::page(ui, "log-page", MAX_WIDTH, |ui| {
        kit::title(ui, "Your record · 4.4 · 21.0", "Player Log");
        let (sort, descending) = (state.sort, state.descending);
        let mut new_sort = None;
        ui.horizontal(|ui| {
            if ui
                .add(egui::Button::new(
                    egui::RichText::new("Back (Esc)").font(Type::Subheading.font()),
                ))
                .clicked()
            {
                next.set(Screen::Menu);
            }
            if let Some(loaded) = state.loaded.as_ref() {
                if ui.button("Export Markdown").clicked() {
                    export = Some(("md", loaded.log.to_markdown()));
                }
                if ui.button("Export CSV").clicked() {
                    export = Some(("csv", loaded.log.to_csv()));
                }
            }
            if let Some((m, problem)) = &state.message {
                let color = if *problem {
                    super::theme::palette::FAILED
                } else {
                    super::theme::palette::OK
                };
                ui.colored_label(color, m);
            }
        });
        let Some(loaded) = state.loaded.as_mut() else {
            ui.label("No data folder: nothing can be kept.");
            return;
        };
        kit::explain(ui, &format!("Kept in {}", loaded.path.display()));
        ui.add_space(space::S);
        kit::in_card(ui, |ui| {
        kit::heading(ui, "Grand Campaigns", Some("21.0"));
        if loaded.log.grand.is_empty() {
            crate::app::theme::link::words(ui, "None yet: New Grand Campaign in the main menu plays the five campaigns in order (21.0).");
        }
        if let Some(best) = loaded.log.best_grand_total() {
            ui.label(format!("Your best finished Grand Campaign: {best} Victory Points. Try to beat it!"));
        }
        let grands: Vec<(u64, GrandStatus, u32, Vec<String>)> = loaded
            .log
            .grand
            .iter()
            .map(|g| {
                let played = loaded
                    .log
                    .grand_entries(g.id)
                    .iter()
                    .map(|e| format!("{} {} VP", e.campaign_name, e.victory_points))
                    .collect();
                (g.id, g.status, loaded.log.grand_total(g.id), played)
            })
            .collect();
        for (id, status, total, played) in &grands {
            ui.horizontal_wrapped(|ui| {
                ui.label(egui::RichText::new(format!("Begun {}", crate::store::when(*id))).strong());
                let played = if played.is_empty() {
                    String::new()
                } else {
                    format!(" · {}", played.join(", "))
                };
                ui.label(format!("{} · {total} VP{played}", status.name()));
                if let Some(Ok(index)) = loaded
                    .log
                    .next_campaign(*id)
                    .map(|c| catalog.campaigns.iter().position(|x| x.id == c).ok_or(c))
                    && ui
                        .button(format!("Start {}", catalog.campaigns[index].name))
                        .on_hover_words("Begin this Grand Campaign's next campaign afresh; Continue or Load resumes a saved one.")
                        .clicked()
                {
                    play_next = Some(NextInGrand {
                        grand: *id,
                        campaign: index,
                    });
                }
            });
        }
        let totals: Vec<[f64; 2]> = grands
            .iter()
            .filter(|g| g.1 != GrandStatus::InProgress)
            .enumerate()
            .map(|(i, g)| [i as f64 + 1.0, g.2 as f64])
            .collect();
        if !totals.is_empty() {
            log_chart(
                "grand-scores",
                "Finished Grand Campaigns, oldest first",
                "Victory Points",
                totals.len(),
            )
            .include_y(0.0)
                .show(ui, |plot| {
                    let ink = super::theme::palette::INK;
                    plot.line(
                        egui_plot::Line::new("Grand Campaign total", totals.clone())
                            .color(ink)
                            .width(2.0),
                    );
                    plot.points(egui_plot::Points::new("", totals).color(ink).radius(5.0));
                });
        }
        });
        luck_history(ui, &loaded.log);
        ui.add_space(space::S);
        kit::in_card(ui, |ui| {
        kit::heading(ui, "Campaigns", Some("4.4"));
        let mut order: Vec<usize> = (0..loaded.log.entries.len()).collect();
        let entries = &loaded.log.entries;
        order.sort_by(|&a, &b| {
            let (x, y) = (&entries[a], &entries[b]);
            let o = match sort {
                Sort::Finished => x.finished_at.cmp(&y.finished_at),
                Sort::Campaign => x.campaign_name.cmp(&y.campaign_name),
                Sort::Result => x.victory.cmp(&y.victory),
                Sort::Points => x.victory_points.cmp(&y.victory_points),
                Sort::Battles => x.battles.cmp(&y.battles),
            };
            if descending { o.reverse() } else { o }
        });
        // The page scrolls up and down; a narrow window scrolls the table across.
        egui::ScrollArea::horizontal().id_salt("log-table").show(ui, |ui| {
            egui::Grid::new("log-entries").striped(true).show(ui, |ui| {
                for (label, s) in [
                    ("Finished", Sort::Finished),
                    ("Campaign", Sort::Campaign),
                    ("Result", Sort::Result),
                    ("VP (Lee)", Sort::Points),
                    ("Battles", Sort::Battles),
                ] {
                    let arrow = if sort == s { if descending { " ▼" } else { " ▲" } } else { "" };
                    if ui.button(format!("{label}{arrow}")).clicked() {
                        new_sort = Some(s);
                    }
                }
                ui.label("Command");
                ui.label("Casualties (hits taken/given)");
                ui.label("Options");
                ui.label("Notes");
                ui.end_row();
                for i in order {
                    let e = &mut loaded.log.entries[i];
                    ui.label(crate::store::when(e.finished_at));
                    ui.label(&e.campaign_name).on_hover_ui(|ui| {
                        ui.label(&e.reason);
                        for o in &e.objectives {
                            ui.label(format!(
                                "[{}] {} ({} VP)",
                                if o.achieved { "met" } else { "missed" },
                                o.text,
                                o.vp
                            ));
                        }
                    });
                    ui.label(if e.victory { "Victory" } else { "Defeat" });
                    ui.label(format!("{} ({})", e.victory_points, e.lee_victory_points));
                    ui.label(e.battles.to_string());
                    ui.label(format!("{:?}", e.rating));
                    ui.label(format!(
                        "{}/{} hits, {}/{} Forces",
                        e.casualties.confederate_hits,
                        e.casualties.union_hits,
                        e.casualties.confederate_destroyed,
                        e.casualties.union_destroyed
                    ));
                    ui.label(player_log::options_text(e.options.as_ref()));
                    // A fixed size: a grid cell would otherwise shrink it to the header's width.
                    let r = ui.add_sized([260.0, 20.0], egui::TextEdit::singleline(&mut e.notes).hint_text("your notes"));
                    save |= r.changed();
                    ui.end_row();
                }
            });
        });
        });
        if let Some(s) = new_sort {
            if s == sort {
                state.descending = !descending;
            } else {
                state.sort = s;
                state.descending = false;
            }
        }
        });
    });
    if save {
        save_log(&mut state);
    }
    if let Some(n) = play_next {
        commands.insert_resource(n);
        next.set(Screen::Menu);
    }
    if let Some((ext, text)) = export {
        let path = state.loaded.as_ref().map(|l| l.path.with_extension(ext));
        state.message = path.map(|p| match crate::store::write_atomic(&p, text.as_bytes()) {
            Ok(()) => (format!("Exported {}", p.display()), false),
            Err(e) => (format!("{}: could not be written: {e}", p.display()), true),
        });
    }
    Ok(())
}

/// A Player Log chart: fixed (no drag, zoom or scroll), 140 points high,
/// one mark per campaign (or Grand Campaign) along x, `n` of them.
fn log_chart<'a>(id: &str, x: &str, y: &str, n: usize) -> egui_plot::Plot<'a> {
    egui_plot::Plot::new(id)
        .height(140.0)
        .x_axis_label(x)
        .y_axis_label(y)
        .include_x(0.0)
        .include_x(n as f64 + 1.0)
        .x_grid_spacer(kit::whole_marks)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
}

/// The luck of the player's campaigns (issue 38): over all of them in
/// words, and a chart of each side's successes above the expected, added
/// up campaign after campaign (oldest first); each campaign's own luck on
/// hover of its point.
fn luck_history(ui: &mut egui::Ui, log: &player_log::PlayerLog) {
    let history = log.luck_history();
    if history.is_empty() {
        return;
    }
    ui.add_space(space::S);
    kit::in_card(ui, |ui| {
        kit::heading(ui, "Luck", None);
        let all = player_log::sum_luck(history.iter().map(|(e, _)| *e));
        for (side, a, color) in [
            (
                "Confederate",
                &all.confederate,
                super::theme::palette::BUTTERNUT_DARK,
            ),
            ("Union", &all.union, super::theme::palette::UNION_DARK),
        ] {
            ui.colored_label(
                color,
                format!("{side}, over {} campaigns: {}.", history.len(), a.summary()),
            );
        }
        let mut sums = [0.0, 0.0];
        let mut lines: [Vec<[f64; 2]>; 2] = [Vec::new(), Vec::new()];
        for (n, (_, l)) in history.iter().enumerate() {
            for (k, a) in [&l.confederate, &l.union].into_iter().enumerate() {
                sums[k] += a.actual() as f64 - a.expected();
                lines[k].push([n as f64 + 1.0, sums[k]]);
            }
        }
        let names: Vec<String> = history
            .iter()
            .map(|(e, l)| {
                format!(
                    "{} ({}): Confederate {}; Union {}",
                    e.campaign_name,
                    crate::store::when(e.finished_at),
                    l.confederate.summary(),
                    l.union.summary()
                )
            })
            .collect();
        ui.horizontal(|ui| {
            ui.label("Successes above the expected, added up campaign by campaign:");
            ui.colored_label(super::theme::palette::BUTTERNUT_DARK, "━ Confederate");
            ui.colored_label(super::theme::palette::UNION_DARK, "━ Union");
        });
        let [c, u] = lines;
        log_chart(
            "luck-history",
            "Campaigns with a luck record, oldest first",
            "Above the expected",
            history.len(),
        )
        .include_y(-1.0)
        .include_y(1.0)
        .label_formatter(move |hover| match hover {
            egui_plot::HoverPosition::NearDataPoint { position, .. } => {
                let n = position.x.round() as usize;
                names.get(n.wrapping_sub(1)).cloned()
            }
            _ => None,
        })
        .show(ui, |plot| {
            plot.hline(
                egui_plot::HLine::new("expected", 0.0).color(super::theme::palette::INK_SOFT),
            );
            for (pts, color, name) in [
                (c, super::theme::palette::BUTTERNUT_DARK, "Confederate"),
                (u, super::theme::palette::UNION_DARK, "Union"),
            ] {
                plot.line(
                    egui_plot::Line::new(name, pts.clone())
                        .color(color)
                        .width(2.5),
                );
                plot.points(egui_plot::Points::new(name, pts).color(color).radius(4.0));
            }
        });
    });
}
