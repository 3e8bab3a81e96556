//! The Chronicle panel: every entry the rules wrote, by turn, by kind and
//! by a word searched for; while a battle plays back, only that battle as
//! far as it has been shown. Its "Luck" tab shows the luck record
//! (`app::luck`): the whole game, each turn and each battle, with a chart.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

use crate::app::battle::BattleScreen;
use crate::app::branch::{FromEntry, PlayOn};
use crate::app::theme;
use crate::app::theme::link::HoverWords;
use crate::chronicle::{Chronicle, Filter};
use crate::rules::battle::record::BattleRecord;
use crate::rules::view::GameView;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ChronicleFilter>();
}

/// What the player chose to see.
#[derive(Resource, Debug, Default)]
pub struct ChronicleFilter {
    pub turn: Option<u32>,
    pub kind: Filter,
    pub search: String,
    pub follow: Follow,
    pub tab: Tab,
    /// In a narrow Chronicle the Luck tab shows its chart instead of its
    /// table.
    pub luck_chart: bool,
    /// Where each entry listed was drawn in the last frame (its index),
    /// and each "Play on from here" of an open context menu.
    pub(crate) drawn: Vec<(usize, egui::Rect)>,
    pub(crate) play_on_buttons: Vec<(FromEntry, egui::Rect)>,
}

/// The panel's tabs: the entries, or the luck record.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub enum Tab {
    #[default]
    Entries,
    Luck,
}

/// Whether the list follows new entries: it does unless the player has
/// scrolled up, and again once they scroll back to the bottom (or click
/// "new entries ↓").
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Follow {
    /// The player scrolled up, away from the newest entry.
    pub away: bool,
    /// Entries listed when they did: more since are "new".
    pub seen: usize,
}

/// The chronicle's lines in a scrolled list that follows new ones (see
/// [`Follow`]); `lines` draws the entries and returns how many it listed.
/// True when entries came in below while the player was reading above.
pub fn following_list(
    ui: &mut egui::Ui,
    follow: &mut Follow,
    lines: impl FnOnce(&mut egui::Ui) -> usize,
) -> bool {
    // The wheel (or a drag of the bar) upward over the list means reading
    // back: stop following at once, before the list is pinned again.
    let over = ui.rect_contains_pointer(ui.available_rect_before_wrap());
    let up = over && ui.input(|i| i.smooth_scroll_delta.y > 0.0);
    let was_away = follow.away;
    follow.away |= up;
    let area = egui::ScrollArea::vertical()
        .id_salt("chronicle-list")
        .auto_shrink(false)
        .stick_to_bottom(!follow.away);
    let mut listed = 0;
    let out = area.show(ui, |ui| listed = lines(ui));
    let bottom = (out.content_size.y - out.inner_rect.height()).max(0.0);
    let at_bottom = out.state.offset.y >= bottom - 4.0;
    if at_bottom && !up {
        follow.away = false;
    } else if !at_bottom {
        follow.away = true;
    }
    if follow.away && !was_away {
        follow.seen = listed;
    }
    let news = follow.away && listed > follow.seen;
    // Over the list's bottom right corner: nothing moves for it.
    let corner = egui::Rect::from_min_size(
        out.inner_rect.right_bottom() - egui::vec2(140.0, 26.0),
        egui::vec2(124.0, 22.0),
    );
    if news && ui.put(corner, egui::Button::new("new entries ↓")).clicked() {
        follow.away = false;
        // Down to the newest at once; sticking keeps it there.
        let id = out.id;
        if let Some(mut state) = egui::scroll_area::State::load(ui.ctx(), id) {
            state.offset.y = bottom + 1.0e6;
            state.store(ui.ctx(), id);
        }
    }
    news
}

#[derive(SystemParam)]
pub struct ChroniclePanel<'w> {
    chronicle: Option<Res<'w, Chronicle>>,
    filter: ResMut<'w, ChronicleFilter>,
    luck: Option<Res<'w, crate::app::luck::LuckView>>,
    play_on: Option<ResMut<'w, PlayOn>>,
    loading: Option<Res<'w, crate::app::saves::SaveState>>,
}

/// The Chronicle's least height, the height it starts at in a campaign,
/// how much Ctrl+PageUp/PageDown changes it, and its share of the window's
/// height at most.
const CHRONICLE_MIN: f32 = crate::settings::CHRONICLE_HEIGHT_RANGE.0;
const CHRONICLE_H: f32 = 190.0;
/// The Chronicle's first height at most, as a share of the window's.
const CHRONICLE_SHARE: f32 = 0.2;
const CHRONICLE_STEP: f32 = 80.0;
const CHRONICLE_MAX_SHARE: f32 = 0.75;

/// Ctrl+PageUp (taller) or Ctrl+PageDown (shorter) this frame: by how much.
fn height_keys(ctx: &egui::Context) -> f32 {
    ctx.input(|i| {
        i.events
            .iter()
            .map(|e| match e {
                egui::Event::Key {
                    key,
                    pressed: true,
                    modifiers,
                    ..
                } if modifiers.ctrl || modifiers.command => match key {
                    egui::Key::PageUp => CHRONICLE_STEP,
                    egui::Key::PageDown => -CHRONICLE_STEP,
                    _ => 0.0,
                },
                _ => 0.0,
            })
            .sum()
    })
}

impl ChroniclePanel<'_> {
    /// The Chronicle docked at the bottom: as tall as the player dragged
    /// it or set it with Ctrl+PageUp/PageDown (or the buttons beside its
    /// heading), which is remembered in the settings for the next game.
    pub fn show(
        &mut self,
        root: &mut egui::Ui,
        view: &GameView,
        shown: Option<&BattleRecord>,
        battle: &BattleScreen,
        settings: &mut crate::app::settings::AppSettings,
    ) {
        let Some(chronicle) = self.chronicle.as_deref() else {
            return;
        };
        let filter = &mut *self.filter;
        let luck = self.luck.as_deref().and_then(|l| l.table.as_ref());
        // A branch is made from a game at rest, not while one loads.
        let can_branch =
            self.loading.as_ref().is_none_or(|s| s.loading.is_none()) && self.play_on.is_some();
        let mut asked = None;
        // A stand-alone battle's sheet is taller: the Chronicle starts lower.
        let stand_alone = view.stand_alone.is_some();
        let remembered = settings.loaded.settings.chronicle_height;
        // A short window starts with a shorter Chronicle: the map keeps
        // over half the window at 1280×720 (issue 46 item 7).
        let first = (root.ctx().content_rect().height() * CHRONICLE_SHARE).min(CHRONICLE_H);
        let (id, height) = if stand_alone {
            ("chronicle-stand-alone", super::STAND_ALONE_CHRONICLE_H)
        } else {
            // A new height from the Settings page drops the one egui kept.
            let h =
                crate::app::settings::chronicle_height(root.ctx(), "chronicle", remembered, first);
            ("chronicle", h)
        };
        let ctx = root.ctx().clone();
        let max =
            (root.available_rect_before_wrap().height() * CHRONICLE_MAX_SHARE).max(CHRONICLE_MIN);
        let now = egui::PanelState::load(&ctx, egui::Id::new(id))
            .map_or(height, |p| p.outer_rect.height());
        let mut step = height_keys(&ctx);
        let mut panel = egui::Panel::bottom(id)
            .frame(theme::unfilled_panel(root.style()))
            .default_size(height)
            .min_size(CHRONICLE_MIN)
            .max_size(max)
            .resizable(true);
        if step != 0.0 {
            panel = panel.exact_size((now + step).clamp(CHRONICLE_MIN, max));
        }
        let laid = panel.show(root, |ui| {
            // While a battle plays back, the log shows it only as far as
            // it has been shown.
            if let Some(b) = shown.filter(|b| !battle.caught_up(b)) {
                ui.heading(format!("Battle of {}: as it happens", b.area_name));
                crate::app::battle::panels::battle_log(ui, chronicle, b, battle.cursor);
                return;
            }
            ui.horizontal_wrapped(|ui| {
                ui.heading("Chronicle");
                if ui
                    .small_button("▲")
                    .on_hover_words("Taller (Ctrl+PageUp); or drag its top edge.")
                    .clicked()
                {
                    step = CHRONICLE_STEP;
                }
                if ui
                    .small_button("▼")
                    .on_hover_words("Shorter (Ctrl+PageDown).")
                    .clicked()
                {
                    step = -CHRONICLE_STEP;
                }
                ui.selectable_value(&mut filter.tab, Tab::Entries, "Entries")
                    .on_hover_words("Right-click an entry to play on from there: a what-if branch, saved beside your saves.");
                ui.selectable_value(&mut filter.tab, Tab::Luck, "Luck")
                    .on_hover_words("Each side's rolls of known chance: how many went its way, how many were expected, and how rare that is.");
                if filter.tab == Tab::Luck {
                    return;
                }
                ui.separator();
                egui::ComboBox::from_id_salt("turn")
                    .selected_text(
                        filter
                            .turn
                            .map_or("all turns".to_string(), |t| format!("turn {t}")),
                    )
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut filter.turn, None, "all turns");
                        for t in 1..=view.status.turns {
                            ui.selectable_value(&mut filter.turn, Some(t), format!("turn {t}"));
                        }
                    });
                for k in Filter::ALL {
                    ui.radio_value(&mut filter.kind, k, k.name());
                }
                ui.label("find:");
                // As wide as the row has left (a narrow window keeps it on
                // the row, not on a line of its own).
                let w = (ui.available_width() - 4.0).clamp(80.0, 220.0);
                ui.add(egui::TextEdit::singleline(&mut filter.search).desired_width(w));
            });
            if filter.tab == Tab::Luck {
                luck_tab(ui, luck, &mut filter.luck_chart);
                return;
            }
            let search = filter.search.to_lowercase();
            let (turn, kind) = (filter.turn, filter.kind);
            filter.drawn.clear();
            filter.play_on_buttons.clear();
            let (drawn, buttons) = (&mut filter.drawn, &mut filter.play_on_buttons);
            following_list(ui, &mut filter.follow, |ui| {
                let mut listed = 0;
                for (i, e) in chronicle.entries().iter().enumerate() {
                    if turn.is_some_and(|t| t != chronicle.turn_of(i))
                        || !kind.keeps(e)
                        || (!search.is_empty() && !e.line().to_lowercase().contains(&search))
                    {
                        continue;
                    }
                    let resp = theme::chronicle_entry(ui, e, 12.0);
                    drawn.push((i, resp.rect));
                    if can_branch {
                        resp.context_menu(|ui| {
                            if let Some(f) = play_on_menu(ui, i, buttons) {
                                asked = Some(f);
                            }
                        });
                    }
                    listed += 1;
                }
                listed
            });
        });
        if let (Some(f), Some(play_on)) = (asked, self.play_on.as_mut()) {
            play_on.0 = Some(f);
        }
        let drawn = laid.response.rect.height();
        if step != 0.0 && (drawn - now).abs() < 0.5 {
            // A button: the new height from the next frame on.
            let to = (now + step).clamp(CHRONICLE_MIN, max);
            if let Some(mut state) = egui::PanelState::load(&ctx, egui::Id::new(id)) {
                state.outer_rect.min.y = state.outer_rect.max.y - to;
                ctx.data_mut(|d| d.insert_persisted(egui::Id::new(id), state));
            }
            ctx.request_repaint();
        }
        // Remembered once the player lets go (never the height the
        // window's size imposes).
        let dragging = ctx.input(|i| i.pointer.any_down());
        let imposed = drawn >= max - 0.5;
        if !stand_alone
            && !dragging
            && !imposed
            && remembered.is_none_or(|r| (r - drawn).abs() > 0.5)
            && (remembered.is_some() || (drawn - first).abs() > 0.5)
        {
            settings.loaded.settings.chronicle_height = Some(drawn);
            settings.save();
        }
    }
}

/// An entry's context menu: play on from it, with fresh dice or the same
/// dice as the game (issue 38 item 2).
fn play_on_menu(
    ui: &mut egui::Ui,
    entry: usize,
    buttons: &mut Vec<(FromEntry, egui::Rect)>,
) -> Option<FromEntry> {
    let mut asked = None;
    for (text, tip, same_dice) in [
        (
            "Play on from here",
            "A new game (a what-if branch) with this game's set-up and its decisions before this entry; fresh dice from there. This game is left as it is.",
            false,
        ),
        (
            "Play on from here with the same dice",
            "The branch rolls the dice this game rolled, die for die: what another choice would have done with the same luck.",
            true,
        ),
    ] {
        let from = FromEntry { entry, same_dice };
        let r = ui.button(text).on_hover_words(tip);
        buttons.push((from, r.rect));
        if r.clicked() {
            asked = Some(from);
            ui.close();
        }
    }
    asked
}

/// The Luck tab: the table at the left (scrolled), the chart at the right.
/// A Chronicle narrower than this shows the table or the chart.
const LUCK_SIDE_BY_SIDE_W: f32 = 900.0;

fn luck_tab(ui: &mut egui::Ui, luck: Option<&crate::app::luck::LuckTable>, chart: &mut bool) {
    let Some(t) = luck else {
        ui.label("No roll yet.");
        return;
    };
    let w = ui.available_width();
    if w < LUCK_SIDE_BY_SIDE_W {
        ui.horizontal(|ui| {
            ui.selectable_value(chart, false, "Table");
            ui.selectable_value(chart, true, "Chart");
        });
        let h = (ui.available_height() - 4.0).max(40.0);
        if *chart {
            crate::app::luck::chart(ui, "luck-chart", t, h);
        } else {
            egui::ScrollArea::vertical()
                .id_salt("luck-rows")
                .max_height(h)
                .auto_shrink([false, true])
                .show(ui, |ui| crate::app::luck::table(ui, t));
        }
        return;
    }
    let h = (ui.available_height() - 4.0).max(40.0);
    let left = (w * 0.55).max(300.0).min(w);
    ui.horizontal_top(|ui| {
        let down = egui::Layout::top_down(egui::Align::Min);
        ui.allocate_ui_with_layout(egui::vec2(left, h), down, |ui| {
            ui.set_width(left);
            egui::ScrollArea::vertical()
                .id_salt("luck-rows")
                .max_height(h)
                .auto_shrink([false, true])
                .show(ui, |ui| crate::app::luck::table(ui, t));
        });
        ui.separator();
        let right = ui.available_width();
        if right > 120.0 {
            ui.allocate_ui_with_layout(egui::vec2(right, h), down, |ui| {
                ui.set_width(right);
                crate::app::luck::chart(ui, "luck-chart", t, h);
            });
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A frame of a 400×200 window listing `n` lines; the wheel turned by
    /// `wheel` lines first (positive: up).
    fn frame(ctx: &egui::Context, follow: &mut Follow, n: usize, wheel: f32) -> (bool, f32) {
        let mut input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(400.0, 200.0),
            )),
            ..Default::default()
        };
        input
            .events
            .push(egui::Event::PointerMoved(egui::pos2(200.0, 100.0)));
        if wheel != 0.0 {
            input.events.push(egui::Event::MouseWheel {
                unit: egui::MouseWheelUnit::Line,
                delta: egui::vec2(0.0, wheel),
                modifiers: egui::Modifiers::NONE,
                phase: egui::TouchPhase::Move,
            });
        }
        let mut news = false;
        let mut offset = 0.0;
        let mut out = ctx.run_ui(input, |ui| {
            news = following_list(ui, follow, |ui| {
                for i in 0..n {
                    ui.label(format!("[9.2] entry {i}"));
                }
                n
            });
            offset =
                egui::scroll_area::State::load(ui.ctx(), ui.make_persistent_id("chronicle-list"))
                    .map_or(0.0, |s| s.offset.y);
        });
        out.textures_delta.clear();
        (news, offset)
    }

    /// The list follows new entries; one wheel notch up stops it, and new
    /// entries then say so; scrolled back to the bottom it follows again.
    #[test]
    fn the_chronicle_follows_unless_scrolled_up() {
        let ctx = egui::Context::default();
        let mut follow = Follow::default();
        for n in [50, 60, 70] {
            frame(&ctx, &mut follow, n, 0.0);
            frame(&ctx, &mut follow, n, 0.0);
            assert!(!follow.away, "following at {n}");
        }
        // One notch up: reading the past.
        frame(&ctx, &mut follow, 70, 1.0);
        for _ in 0..10 {
            frame(&ctx, &mut follow, 70, 0.0);
        }
        assert!(follow.away, "scrolled up");
        let (news, off) = frame(&ctx, &mut follow, 80, 0.0);
        assert!(news, "new entries below are announced: {follow:?} at {off}");
        assert!(follow.away, "still reading where they were");
        // Back down to the bottom: following again.
        for _ in 0..10 {
            frame(&ctx, &mut follow, 80, -50.0);
        }
        assert!(!follow.away, "back at the bottom");
        let (news, _) = frame(&ctx, &mut follow, 90, 0.0);
        frame(&ctx, &mut follow, 90, 0.0);
        assert!(!news && !follow.away, "follows the new ones");
    }
}
