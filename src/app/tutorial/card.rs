//! The lesson's card: beside (never over) the element it talks about,
//! with a ring on that element and an arrow to it, the rule as a link,
//! Next on a card to read, Leave and Restart always.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::lesson::{Card, Now, Target};
use super::{LessonAction, Lessons, Tutorial};
use crate::app::Screen;
use crate::app::theme::link::HoverWords;
use crate::app::theme::palette::*;
use crate::app::theme::scale::{Type, space};

/// The card's width (logical points).
pub const WIDTH: f32 = 330.0;
/// The end of the campaign's window (`panels::end` marks it).
const END_WINDOW: &str = "end.window";
/// A Quick battle's panel (`battle::dock` marks it).
const QUICK_BATTLE: &str = "battle.panel";
/// Between the card and its element.
const GAP: f32 = 28.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, show.run_if(in_state(Screen::Game)));
}

fn show(
    mut contexts: EguiContexts,
    tutorial: Res<Tutorial>,
    lessons: Res<Lessons>,
    viewport: Res<crate::app::view::MapViewport>,
    mut out: MessageWriter<LessonAction>,
) -> Result {
    let Some(l) = tutorial.active.and_then(|i| lessons.lessons.get(i)) else {
        return Ok(());
    };
    let Some(now) = tutorial.now else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?.clone();
    // The card stays below the status bar: it never covers the turn,
    // the phase or the Command Points.
    let mut screen = ctx.content_rect();
    if let Some(bar) = egui::PanelState::load(&ctx, egui::Id::new("status")) {
        screen.min.y = screen.min.y.max(bar.outer_rect.max.y);
    }
    let map = viewport.0.map(|r| r / ctx.pixels_per_point());
    let (card, k) = match now {
        Now::Step(k) => (l.card(&l.steps[k].card), Some(k)),
        Now::Done => (None, None),
    };
    let target = card.and_then(|c| target_rect(&ctx, &c.target, tutorial.area_point, map));
    // The card's size as last drawn.
    let id = egui::Id::new("lesson-card");
    let size = ctx
        .memory(|m| m.area_rect(id))
        .map_or(egui::vec2(WIDTH, 200.0), |r| r.size());
    let on_map = card.is_some_and(|c| matches!(c.target, Target::Area { .. }));
    let left = |t: &Target| match t {
        Target::Panel { panel } => panel == "left",
        Target::Element { element } => element.starts_with("situation."),
        _ => false,
    };
    if card.is_some_and(|c| left(&c.target)) {
        // The Victory Conditions are in the situation panel: open it
        // (folded in a narrow window) while the card talks about it.
        ctx.data_mut(|d| d.insert_temp(egui::Id::new("left-open"), true));
    }
    // Nor over the decision panel, where the player answers, nor over the
    // end of the campaign's window, nor over a Quick battle's panel.
    let avoid: Vec<egui::Rect> = [
        egui::PanelState::load(&ctx, egui::Id::new("decision")).map(|p| p.outer_rect),
        crate::app::tutorial_hooks::marked(&ctx, END_WINDOW),
        quick_battle(&ctx),
    ]
    .into_iter()
    .flatten()
    .collect();
    let at = place(screen, target, size, map.filter(|_| on_map), &avoid);
    let reading = k.is_some_and(|k| !l.steps[k].is_question());
    let drawn = egui::Area::new(id)
        .order(egui::Order::Foreground)
        .fixed_pos(at)
        .show(&ctx, |ui| {
            egui::Frame::window(ui.style())
                .fill(PAPER_RAISED)
                .stroke(egui::Stroke::new(2.0, INFO))
                .inner_margin(space::M)
                .show(ui, |ui| {
                    ui.set_width(WIDTH - 2.0 * space::M);
                    let count = match k {
                        Some(k) => format!("{} · step {} of {}", l.title, k + 1, l.steps.len()),
                        None => l.title.clone(),
                    };
                    ui.label(crate::app::screens::kit::caps(&count, INK_SOFT));
                    ui.add_space(space::XS);
                    match card {
                        Some(c) => body(ui, c),
                        None => finished(ui),
                    }
                    if let Some(why) = &tutorial.lost {
                        ui.colored_label(FAILED, why);
                    }
                    ui.add_space(space::S);
                    if !reading && k.is_some() {
                        ui.label(
                            egui::RichText::new("Your move: the card moves on when you answer.")
                                .italics()
                                .color(INK_SOFT),
                        );
                    }
                    // Next (or Back at the end) first, Leave and Restart
                    // at the row's end: one row.
                    ui.horizontal(|ui| {
                        if reading
                            && ui
                                .add(crate::app::screens::kit::primary_button("Next"))
                                .clicked()
                        {
                            out.write(LessonAction::Next);
                        }
                        if k.is_none()
                            && ui
                                .add(crate::app::screens::kit::primary_button(
                                    "Back to the lessons",
                                ))
                                .clicked()
                        {
                            out.write(LessonAction::Next);
                        }
                        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                            if ui
                                .small_button("Restart")
                                .on_hover_words("This lesson again from its first card.")
                                .clicked()
                            {
                                out.write(LessonAction::Restart);
                            }
                            if k.is_some()
                                && ui
                                    .small_button("Leave lesson")
                                    .on_hover_words("Back to Learn to play; Resume returns here.")
                                    .clicked()
                            {
                                out.write(LessonAction::Leave);
                            }
                        });
                    });
                });
        });
    if let Some(t) = target {
        point(&ctx, drawn.response.rect, t);
    }
    Ok(())
}

/// A Quick or Very Quick battle's panel, while it is drawn (its state
/// outlives it: only a rect drawn in the last frames counts).
fn quick_battle(ctx: &egui::Context) -> Option<egui::Rect> {
    crate::app::tutorial_hooks::marked(ctx, QUICK_BATTLE)
}

fn body(ui: &mut egui::Ui, c: &Card) {
    ui.horizontal_wrapped(|ui| {
        ui.label(
            egui::RichText::new(&c.title)
                .font(Type::Subheading.font())
                .color(INK),
        );
        if let Some(rule) = &c.rule {
            ui.label(egui::RichText::new("rule").color(INK_SOFT));
            crate::app::panels::reference::rule_link(ui, rule);
        }
    });
    ui.add_space(space::XXS);
    ui.label(egui::RichText::new(&c.text).color(INK_BODY));
}

fn finished(ui: &mut egui::Ui) {
    ui.label(
        egui::RichText::new("Lesson finished")
            .font(Type::Subheading.font())
            .color(OK),
    );
    ui.label(
        egui::RichText::new(
            "It is kept in your settings. Leave the game here, or look around it first.",
        )
        .color(INK_BODY),
    );
}

/// Where the element the card talks about is now (logical points).
pub fn target_rect(
    ctx: &egui::Context,
    t: &Target,
    area: Option<Vec2>,
    map: Option<egui::Rect>,
) -> Option<egui::Rect> {
    match t {
        Target::Panel { panel } => {
            let load =
                |id: &str| egui::PanelState::load(ctx, egui::Id::new(id)).map(|p| p.outer_rect);
            load(panel).or_else(|| (panel == "left").then(|| load("left-rail")).flatten())
        }
        Target::Element { element } => crate::app::tutorial_hooks::marked(ctx, element),
        Target::Area { .. } => {
            let p = area?;
            let r = egui::Rect::from_center_size(egui::pos2(p.x, p.y), egui::vec2(76.0, 76.0));
            // Only while the area is in the map's part of the window.
            map.is_none_or(|m| m.contains(r.center())).then_some(r)
        }
        Target::Map {} => map,
        Target::End {} => crate::app::tutorial_hooks::marked(ctx, END_WINDOW),
    }
}

/// Where the card goes: beside the element (right, left, below, above,
/// the first side with room), never over it. On the map (`map`: the
/// element is an area) in the map's corner farthest from the element,
/// so that it covers neither the area nor the counters next to it. Never
/// over the `avoid` rects (the decision panel) save the element's own. An
/// element too large to stand beside has the card in its top-left
/// corner; without an element, the window's.
pub fn place(
    screen: egui::Rect,
    target: Option<egui::Rect>,
    size: egui::Vec2,
    map: Option<egui::Rect>,
    avoid: &[egui::Rect],
) -> egui::Pos2 {
    let inset = egui::vec2(space::M, space::M);
    let Some(t) = target else {
        return screen.min + egui::vec2(40.0, 60.0);
    };
    let fits = |c: egui::Pos2| {
        let r = egui::Rect::from_min_size(c, size);
        screen.contains_rect(r)
            && !r.intersects(t.expand(6.0))
            && !avoid.iter().any(|a| !a.contains_rect(t) && a.intersects(r))
    };
    if let Some(m) = map {
        let mut corners = [
            m.min + inset,
            egui::pos2(m.max.x - size.x - space::M, m.min.y + space::M),
            egui::pos2(m.min.x + space::M, m.max.y - size.y - space::M),
            m.max - size - inset,
        ];
        let far = |c: &egui::Pos2| {
            egui::Rect::from_min_size(*c, size)
                .center()
                .distance(t.center())
        };
        corners.sort_by(|a, b| far(b).total_cmp(&far(a)));
        if let Some(c) = corners.into_iter().find(|c| fits(*c)) {
            return c;
        }
    }
    let clamp_y = |y: f32| {
        y.clamp(
            screen.min.y + 4.0,
            (screen.max.y - size.y - 4.0).max(screen.min.y),
        )
    };
    let clamp_x = |x: f32| {
        x.clamp(
            screen.min.x + 4.0,
            (screen.max.x - size.x - 4.0).max(screen.min.x),
        )
    };
    let beside_y = clamp_y(t.center().y - size.y / 2.0);
    let mut candidates = vec![
        egui::pos2(t.max.x + GAP, beside_y),
        egui::pos2(t.min.x - GAP - size.x, beside_y),
        egui::pos2(clamp_x(t.center().x - size.x / 2.0), t.max.y + GAP),
        egui::pos2(clamp_x(t.center().x - size.x / 2.0), t.min.y - GAP - size.y),
    ];
    // A wide element with a panel to avoid above or below it: the card at
    // its left or right end; one beside a panel to avoid: past the panel.
    for x in [t.min.x + GAP, t.max.x - GAP - size.x].map(clamp_x) {
        candidates.push(egui::pos2(x, t.min.y - GAP - size.y));
        candidates.push(egui::pos2(x, t.max.y + GAP));
    }
    candidates.extend(
        avoid
            .iter()
            .map(|a| egui::pos2(a.min.x - GAP - size.x, beside_y)),
    );
    candidates
        .into_iter()
        .find(|c| fits(*c))
        .unwrap_or(t.min + inset)
}

/// A ring around the element and an arrow from the card to it.
fn point(ctx: &egui::Context, card: egui::Rect, t: egui::Rect) {
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Foreground,
        egui::Id::new("lesson-pointer"),
    ));
    let ring = t.expand(4.0);
    painter.rect_stroke(
        ring,
        8.0,
        egui::Stroke::new(3.0, INFO),
        egui::StrokeKind::Outside,
    );
    if card.intersects(ring) {
        return;
    }
    let from = card.clamp(ring.center());
    let to = ring.clamp(card.center());
    if from.distance(to) < 8.0 {
        return;
    }
    let stroke = egui::Stroke::new(3.0, INFO);
    painter.line_segment([from, to], stroke);
    let dir = (to - from).normalized();
    let side = egui::vec2(-dir.y, dir.x);
    let head = 12.0;
    painter.add(egui::Shape::convex_polygon(
        vec![
            to,
            to - dir * head + side * head * 0.5,
            to - dir * head - side * head * 0.5,
        ],
        INFO,
        egui::Stroke::NONE,
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A card stands beside its element, never over it, and inside the
    /// window; beside a panel on the right it goes to the panel's left.
    #[test]
    fn a_card_stands_beside_its_element() {
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 720.0));
        let size = egui::vec2(WIDTH, 220.0);
        for t in [
            egui::Rect::from_min_max(egui::pos2(900.0, 40.0), egui::pos2(1280.0, 560.0)),
            egui::Rect::from_center_size(egui::pos2(400.0, 300.0), egui::vec2(76.0, 76.0)),
            egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1280.0, 36.0)),
            egui::Rect::from_min_max(egui::pos2(300.0, 560.0), egui::pos2(800.0, 720.0)),
        ] {
            let at = place(screen, Some(t), size, None, &[]);
            let r = egui::Rect::from_min_size(at, size);
            assert!(screen.contains_rect(r), "{t:?}: {r:?}");
            assert!(!r.intersects(t), "{t:?}: {r:?}");
        }
        // An area on the map: the map's corner farthest from it.
        let map = egui::Rect::from_min_max(egui::pos2(30.0, 26.0), egui::pos2(970.0, 575.0));
        let area = egui::Rect::from_center_size(egui::pos2(370.0, 300.0), egui::vec2(76.0, 76.0));
        let at = place(screen, Some(area), size, Some(map), &[]);
        let r = egui::Rect::from_min_size(at, size);
        assert!(map.contains_rect(r) && !r.intersects(area), "{r:?}");
        assert!(r.center().x > 600.0, "away from the area: {r:?}");
        // Never over the decision panel, unless it is the element.
        let decision = egui::Rect::from_min_max(egui::pos2(970.0, 26.0), egui::pos2(1280.0, 720.0));
        let totals = egui::Rect::from_min_size(egui::pos2(612.0, 60.0), egui::vec2(150.0, 20.0));
        let r =
            egui::Rect::from_min_size(place(screen, Some(totals), size, None, &[decision]), size);
        assert!(!r.intersects(decision) && !r.intersects(totals), "{r:?}");
        let r =
            egui::Rect::from_min_size(place(screen, Some(decision), size, None, &[decision]), size);
        assert!(r.max.x <= decision.min.x, "{r:?}");
        // A Quick battle's panel beside the decision panel: the card past
        // it, on the map, covering neither.
        let quick = egui::Rect::from_min_max(egui::pos2(580.0, 26.0), egui::pos2(970.0, 560.0));
        let avoid = [decision, quick];
        let r = egui::Rect::from_min_size(place(screen, Some(decision), size, None, &avoid), size);
        assert!(r.max.x <= quick.min.x, "{r:?}");
        // The Chronicle under both: the card above its left end.
        let chronicle =
            egui::Rect::from_min_max(egui::pos2(200.0, 560.0), egui::pos2(970.0, 720.0));
        let r = egui::Rect::from_min_size(place(screen, Some(chronicle), size, None, &avoid), size);
        assert!(
            !r.intersects(quick) && !r.intersects(chronicle) && !r.intersects(decision),
            "{r:?}"
        );
    }
}
