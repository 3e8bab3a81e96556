//! Why? in the window: the rules behind the question and what each legal
//! answer does (a card beside the decision panel, opened by the "Why?"
//! button on the question's line), and why the Force, area or Square the
//! player picked can or cannot act. Every word and reason is the rules'
//! (`rules::why`); the window only lays them out, each rule a link.

use bevy_egui::egui;

use crate::app::screens::kit;
use crate::app::theme::link::HoverWords;
use crate::app::theme::palette::{FAILED, INK_BODY, INK_SOFT};
use crate::rules::board::Board;
use crate::rules::decision::Request;
use crate::rules::why::{Explanation, Reason, Verdict};

/// The card's width, and its gap from the decision panel.
const CARD_W: f32 = 360.0;
const GAP: f32 = 8.0;

/// The small "Why?" button on the question's line.
pub fn toggle(ui: &mut egui::Ui, open: &mut bool) {
    let b = egui::Button::new(egui::RichText::new("Why?").small())
        .small()
        .selected(*open);
    if ui
        .add(b)
        .on_hover_words("The rules behind this question and what each answer does")
        .clicked()
    {
        *open = !*open;
    }
}

/// The Why? card beside the decision panel, its top-right corner at
/// `anchor` (the panel's left edge, level with the question): it floats
/// over the map or the sheet, so the answers never move.
pub fn card(
    ctx: &egui::Context,
    anchor: egui::Pos2,
    board: &Board,
    request: &Request,
    open: &mut bool,
) {
    if !*open {
        return;
    }
    let why = crate::rules::why::explain(board, request);
    let screen = ctx.content_rect();
    let left = (anchor.x - GAP - CARD_W).max(screen.left() + GAP);
    let max_h = (screen.bottom() - anchor.y - 2.0 * GAP).max(120.0);
    egui::Area::new(egui::Id::new("fcrel-why-card"))
        .order(egui::Order::Foreground)
        .fixed_pos(egui::pos2(left, anchor.y))
        .show(ctx, |ui| {
            kit::card().show(ui, |ui| {
                ui.set_width(CARD_W - 2.0 * crate::app::theme::scale::space::L);
                ui.horizontal(|ui| {
                    ui.label(kit::caps("Why this question", INK_SOFT));
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        if ui.small_button("Close").clicked() {
                            *open = false;
                        }
                    });
                });
                egui::ScrollArea::vertical()
                    .id_salt("why-card")
                    .max_height(max_h - 60.0)
                    .show(ui, |ui| contents(ui, &why));
            });
        });
}

/// The card's contents: the rules, then every legal answer.
pub fn contents(ui: &mut egui::Ui, why: &Explanation) {
    let asking = why.rules.first().map(|l| l.rule);
    ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
    for line in &why.rules {
        ui.horizontal_wrapped(|ui| {
            super::reference::rule_link(ui, &line.rule);
            ui.label(egui::RichText::new(line.summary).color(INK_BODY));
        });
    }
    ui.add_space(6.0);
    ui.label(kit::caps("What each answer does", INK_SOFT));
    for a in &why.answers {
        ui.horizontal_wrapped(|ui| {
            ui.label(egui::RichText::new("·").color(INK_SOFT));
            ui.label(egui::RichText::new(&a.words).small().color(INK_BODY));
            // The question's own rule is not repeated on every line.
            if Some(a.rule) != asking {
                super::reference::rule_link(ui, &a.rule);
            }
            for r in &a.also {
                super::reference::rule_link(ui, r);
            }
        });
    }
}

/// A reason the rules give against what the player picked: its words in
/// the error's colour and its rule as a link.
pub fn reason(ui: &mut egui::Ui, board: &Board, who: &str, reason: &Reason) {
    ui.horizontal_wrapped(|ui| {
        ui.colored_label(FAILED, format!("{}.", reason.says(board, who)));
        super::reference::rule_link(ui, reason.rule());
    });
}

/// The name the window gives a Force (or "lee").
pub fn name(board: &Board, who: &str) -> String {
    if who == "lee" {
        "Robert E. Lee".to_string()
    } else {
        board
            .piece(who)
            .map_or(who.to_string(), |p| p.force.name.clone())
    }
}

/// On the campaign map, with `selected` the Force (or "lee") picked and
/// `area` the area pointed at or picked: why the Force cannot act now, or
/// why it cannot go there; nothing when it can.
pub fn on_the_map(
    board: &Board,
    request: &Request,
    selected: &str,
    area: Option<&str>,
) -> Option<Reason> {
    if let Verdict::Cannot(r) = crate::rules::why::force(board, request, selected) {
        return Some(r);
    }
    let area = area?;
    // Its own area is where it stands, no move refused.
    let here = if selected == "lee" {
        board.lee.area()
    } else {
        board.piece(selected).and_then(|p| p.location().area())
    };
    if here == Some(area) {
        return None;
    }
    crate::rules::why::area(board, request, selected, area)
        .reason()
        .cloned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::decision::{Decision, Interrupt, Recorded};

    /// Every text a frame drew.
    fn drawn(ctx: &egui::Context, add: impl FnMut(&mut egui::Ui)) -> Vec<String> {
        let mut add = add;
        let raw = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(1280.0, 720.0),
            )),
            ..Default::default()
        };
        let mut out = ctx.run_ui(raw, |ui| {
            egui::CentralPanel::default().show(ui, |ui| add(ui));
        });
        out.textures_delta.clear();
        crate::app::theme::drawn_texts(&out.shapes)
    }

    /// Seven Days: A.P. Hill and Longstreet in Glendale with Lee, the
    /// Moves asked after A.P. Hill's move.
    fn after_a_move() -> (Board, Request) {
        use crate::rules::components::{Location, Strength};
        let c = std::sync::Arc::new(crate::campaign::load_bundled("seven-days").expect("loads"));
        let mut b = Board::empty(c, crate::rules::difficulty::GameOptions::default());
        for id in ["ap-hill", "longstreet"] {
            b.place(id, Location::Area("glendale".into()), Strength::Full);
        }
        b.lee = Location::Area("glendale".into());
        let mut dice = crate::dice::Dice::scripted([]);
        let mut chronicle = crate::chronicle::Chronicle::default();
        let mut decider = Recorded::new(vec![Decision::MoveForce {
            force: "ap-hill".into(),
            to: "white-oak-swamp".into(),
        }]);
        let mut ctx = crate::rules::ctx::Ctx {
            board: &mut b,
            dice: &mut dice,
            chronicle: &mut chronicle,
            decider: &mut decider,
        };
        let r = match crate::rules::turn::moves::moves(&mut ctx, false) {
            Err(Interrupt::Decide(r)) => *r,
            other => panic!("{other:?}"),
        };
        (b, r)
    }

    /// The Why? card lists the question's rule with its summary and a
    /// line for every legal answer.
    #[test]
    fn the_why_lists_the_rule_and_every_answer() {
        let (b, r) = after_a_move();
        let why = crate::rules::why::explain(&b, &r);
        let ctx = crate::app::theme::themed_context();
        let texts = drawn(&ctx, |ui| contents(ui, &why));
        assert!(texts.iter().any(|t| t == "9.2"), "{texts:?}");
        assert!(
            texts.iter().any(|t| t == crate::rules::why::summary("9.2")),
            "{texts:?}"
        );
        assert_eq!(why.answers.len(), r.options.len());
        for a in &why.answers {
            assert!(texts.contains(&a.words), "{} not shown", a.words);
        }
        assert!(
            texts
                .iter()
                .any(|t| t.starts_with("Moves Longstreet from Glendale to"))
        );
    }

    /// Selecting A.P. Hill, who has moved, says so with the rule; an area
    /// not adjacent to Longstreet says that; Longstreet's own moves say
    /// nothing.
    #[test]
    fn a_moved_force_selected_says_why() {
        let (b, r) = after_a_move();
        let why = on_the_map(&b, &r, "ap-hill", None).expect("a reason");
        let ctx = crate::app::theme::themed_context();
        let texts = drawn(&ctx, |ui| reason(ui, &b, &name(&b, "ap-hill"), &why));
        assert!(
            texts.contains(&"A.P. Hill has already moved in this Moves step.".to_string()),
            "{texts:?}"
        );
        assert!(texts.contains(&"9.2".to_string()), "{texts:?}");
        let far = on_the_map(&b, &r, "longstreet", Some("mechanicsville")).expect("a reason");
        assert_eq!(far.rule(), "9.2");
        assert!(far.says(&b, "Longstreet").contains("not adjacent"));
        assert_eq!(
            on_the_map(&b, &r, "longstreet", Some("willis-church")),
            None
        );
        assert_eq!(on_the_map(&b, &r, "longstreet", Some("glendale")), None);
    }
}
