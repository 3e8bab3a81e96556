//! The Chronicle panel: every entry the rules wrote, by turn, by kind and
//! by a word searched for; while a battle plays back, only that battle as
//! far as it has been shown.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

use crate::app::battle::BattleScreen;
use crate::app::theme;
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
}

impl ChroniclePanel<'_> {
    pub fn show(
        &mut self,
        root: &mut egui::Ui,
        view: &GameView,
        shown: Option<&BattleRecord>,
        battle: &BattleScreen,
    ) {
        let Some(chronicle) = self.chronicle.as_deref() else {
            return;
        };
        let filter = &mut *self.filter;
        // A stand-alone battle's sheet is taller: the Chronicle starts lower.
        let (id, height) = if view.stand_alone.is_some() {
            ("chronicle-stand-alone", super::STAND_ALONE_CHRONICLE_H)
        } else {
            ("chronicle", 190.0)
        };
        // The height the Settings page sets.
        let height = crate::app::settings::chronicle_height(root.ctx(), id, height);
        egui::Panel::bottom(id)
            .frame(theme::unfilled_panel(root.style()))
            .default_size(height)
            .resizable(true)
            .show(root, |ui| {
                // While a battle plays back, the log shows it only as far as
                // it has been shown.
                if let Some(b) = shown.filter(|b| !battle.caught_up(b)) {
                    ui.heading(format!("Battle of {}: as it happens", b.area_name));
                    crate::app::battle::panels::battle_log(ui, chronicle, b, battle.cursor);
                    return;
                }
                ui.horizontal_wrapped(|ui| {
                    ui.heading("Chronicle");
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
                    ui.text_edit_singleline(&mut filter.search);
                });
                let search = filter.search.to_lowercase();
                let (turn, kind) = (filter.turn, filter.kind);
                following_list(ui, &mut filter.follow, |ui| {
                    let mut listed = 0;
                    for (i, e) in chronicle.entries().iter().enumerate() {
                        if turn.is_some_and(|t| t != chronicle.turn_of(i))
                            || !kind.keeps(e)
                            || (!search.is_empty() && !e.line().to_lowercase().contains(&search))
                        {
                            continue;
                        }
                        theme::chronicle_entry(ui, e, 12.0);
                        listed += 1;
                    }
                    listed
                });
            });
    }
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
