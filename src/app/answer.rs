//! How the panels answer the rules' question, whichever panel draws it:
//! a button for each legal answer, the one Enter and Space take marked on
//! it, an answer the rules ask about first confirmed in a window of its
//! own (centred, away from the answers), and no click taken in the first
//! moment a question is on screen, so that a second click meant for the
//! question before never answers the new one.
//!
//! What Enter and Space do ([`key_answer`]): nothing on a question that is
//! whether to discard a Scout (the player clicks); otherwise the step's
//! "end" or "keep" answer, asked first when the rules ask about it (3.2,
//! 9.2, 12.2: only a click confirms) or when Undo cannot take it back
//! (`Commits::Dice`: the rules play on after it, or the step has rolled a
//! die; Enter again, or a click, confirms).

use bevy::prelude::MessageWriter;
use bevy_egui::egui::{self, RichText};

use crate::rules::decision::Decision;
use crate::rules::sequence::Decide;
use crate::rules::view::{Commits, RequestView};

/// How long a question is on screen before Enter or Space may answer it:
/// a key held or pressed again through a playback never takes an answer
/// the player has not seen.
pub const SEEN: f64 = 0.6;

/// How long a new question (or a confirmation) is on screen before a
/// click answers it: a double click, or a click repeated as the question
/// changes, lands on nothing.
pub const GUARD: f64 = 0.3;

/// What Enter and Space take on the question on screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyAnswer {
    pub decision: Decision,
    /// They ask first, and why.
    pub ask: Option<Ask>,
}

/// A confirmation asked before an answer is sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ask {
    pub why: String,
    /// Enter or Space confirm it (after [`SEEN`]); else only a click does.
    pub by_key: bool,
}

/// An answer waiting for the player's confirmation.
#[derive(Debug, Clone, PartialEq)]
pub struct Confirm {
    pub decision: Decision,
    /// The answer in words.
    pub text: String,
    pub ask: Ask,
    /// Since when it is on screen (real seconds).
    pub since: f64,
}

/// The answer Enter/Space take: the step's "end" or "keep" choice, else
/// the first; in a battle only an "end" or "keep" choice (a key must never
/// send a Force into action or place it).
pub fn default_choice(options: &[Decision], in_battle: bool) -> Option<Decision> {
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
    // Moves are made on the map (Lee's always confirmed), never by a key.
    end.or_else(|| options.first().cloned()).filter(|d| {
        !matches!(
            d,
            Decision::MoveForce { .. } | Decision::MoveLee { .. } | Decision::JacksonMarch { .. }
        )
    })
}

/// What Enter and Space do with `r` (the step's answers so far given):
/// nothing on a Scout's question; the default answer, asked about first
/// when the rules ask (a click confirms) or when Undo cannot take it back
/// (Enter again confirms).
pub fn key_answer(r: &RequestView, answers: &[Decision]) -> Option<KeyAnswer> {
    if r.scout_choice() {
        return None;
    }
    let decision = default_choice(&r.request.options, r.request.battle_location.is_some())?;
    let ask = if let Some(why) = r.needs_confirmation(&decision, answers) {
        Some(Ask { why, by_key: false })
    } else if r.choice(&decision).map(|c| c.commits) == Some(Commits::Dice) {
        let text = r
            .choice(&decision)
            .map_or(String::new(), |c| c.text.clone());
        Some(Ask {
            why: format!(
                "{text}? It cannot be undone: the rules roll dice after it, or have rolled them in this step already."
            ),
            by_key: true,
        })
    } else {
        None
    };
    Some(KeyAnswer { decision, ask })
}

/// How a button shows that Enter presses it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    None,
    /// Enter takes it.
    Enter,
    /// Enter asks first.
    EnterAsks,
}

/// The highlight around the button Enter presses.
pub const KEYED: egui::Color32 = super::theme::palette::INFO;

/// A button, marked when Enter presses it (a suffix and a frame), enabled
/// when `enabled`.
pub fn marked_button(
    ui: &mut egui::Ui,
    text: impl Into<String>,
    mark: Mark,
    enabled: bool,
) -> egui::Response {
    let text = text.into();
    let button = match mark {
        Mark::None => egui::Button::new(text),
        Mark::Enter | Mark::EnterAsks => {
            let key = if mark == Mark::Enter {
                "[Enter]"
            } else {
                "[Enter: asks first]"
            };
            egui::Button::new(RichText::new(format!("{text}   {key}")).strong())
                .stroke(egui::Stroke::new(2.0, KEYED))
        }
    };
    ui.add_enabled(enabled, button)
}

/// What a panel answers with: the question's words and answers, where
/// confirmations wait, and whether clicks are taken yet.
pub struct Answerer<'a, 'w> {
    decide: &'a mut MessageWriter<'w, Decide>,
    pub view: &'a RequestView,
    answers: &'a [Decision],
    confirm: &'a mut Option<Confirm>,
    key: Option<KeyAnswer>,
    /// Clicks are taken: the question has been on screen for [`GUARD`].
    pub ready: bool,
    now: f64,
    /// Where each answer's button was drawn this frame.
    pub placed: Vec<(Decision, egui::Rect)>,
}

impl<'a, 'w> Answerer<'a, 'w> {
    pub fn new(
        decide: &'a mut MessageWriter<'w, Decide>,
        view: &'a RequestView,
        answers: &'a [Decision],
        confirm: &'a mut Option<Confirm>,
        (ready, now): (bool, f64),
    ) -> Self {
        let key = key_answer(view, answers);
        Answerer {
            decide,
            view,
            answers,
            confirm,
            key,
            ready,
            now,
            placed: Vec::new(),
        }
    }

    /// How the button of `d` is marked for Enter.
    pub fn mark(&self, d: &Decision) -> Mark {
        match &self.key {
            Some(k) if k.decision == *d && k.ask.is_some() => Mark::EnterAsks,
            Some(k) if k.decision == *d => Mark::Enter,
            _ => Mark::None,
        }
    }

    /// Answer `d`, unless the rules ask about it first (3.2, 9.2, 12.2):
    /// then a confirmation waits, which only a click answers.
    pub fn send(&mut self, d: &Decision) {
        match self.view.needs_confirmation(d, self.answers) {
            Some(why) => {
                let text = self
                    .view
                    .choice(d)
                    .map_or(String::new(), |c| c.text.clone());
                *self.confirm = Some(Confirm {
                    decision: *d,
                    text,
                    ask: Ask { why, by_key: false },
                    since: self.now,
                });
            }
            None => self.send_now(d),
        }
    }

    /// Whether the rules ask about `d` before it is sent (3.2, 9.2, 12.2).
    pub fn asks(&self, d: &Decision) -> bool {
        self.view.needs_confirmation(d, self.answers).is_some()
    }

    /// Answer `d` at once (the player confirmed it already).
    pub fn send_now(&mut self, d: &Decision) {
        self.decide.write(Decide(*d));
        *self.confirm = None;
    }

    /// A button for `d` with these words, marked for Enter; a click sends
    /// it (through [`Answerer::send`]) once clicks are taken.
    pub fn button(
        &mut self,
        ui: &mut egui::Ui,
        d: &Decision,
        text: impl Into<String>,
    ) -> egui::Response {
        // A button's words hold no link: its rule numbers are links beside it.
        let text = text.into();
        let book = crate::reference::bundled();
        let (words, rules) = crate::reference::split_cited(&text, |n| book.knows(n));
        let resp = if rules.is_empty() {
            marked_button(ui, text, self.mark(d), self.ready)
        } else {
            let mark = self.mark(d);
            let ready = self.ready;
            ui.horizontal_wrapped(|ui| {
                let r = marked_button(ui, words, mark, ready);
                for rule in rules {
                    super::theme::link::rule_link(ui, rule);
                }
                r
            })
            .inner
        };
        self.placed.push((*d, resp.rect));
        if resp.clicked() {
            self.send(d);
        }
        resp
    }
}

/// The confirmation waiting in `confirm`, if any, in a window of its own in
/// the middle of the screen: why it is asked, "No, go back" and "Yes".
/// "Yes" takes no click for [`GUARD`] after it appears; Escape or a click
/// beside the window goes back.
pub fn confirm_window(
    ctx: &egui::Context,
    confirm: &mut Option<Confirm>,
    decide: &mut MessageWriter<Decide>,
    now: f64,
) {
    let Some(c) = confirm.clone() else { return };
    let mut answer: Option<bool> = None;
    let modal = egui::Modal::new(egui::Id::new("confirm-answer")).show(ctx, |ui| {
        ui.set_max_width(440.0);
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
        ui.label(
            RichText::new(&c.ask.why)
                .strong()
                .color(super::theme::palette::WARNING),
        );
        ui.add_space(8.0);
        ui.horizontal_wrapped(|ui| {
            if ui.button("No, go back (Esc)").clicked() {
                answer = Some(false);
            }
            ui.add_space(24.0);
            let mark = if c.ask.by_key {
                Mark::Enter
            } else {
                Mark::None
            };
            let ready = now - c.since >= GUARD;
            if marked_button(ui, format!("Yes: {}", c.text), mark, ready).clicked() {
                answer = Some(true);
            }
        });
        if !c.ask.by_key {
            ui.label(
                RichText::new("Only a click confirms this.")
                    .italics()
                    .size(11.0),
            );
        }
    });
    if modal.should_close() && answer.is_none() {
        answer = Some(false);
    }
    match answer {
        Some(true) => {
            decide.write(Decide(c.decision));
            *confirm = None;
        }
        Some(false) => *confirm = None,
        None => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::decision::Request;
    use crate::rules::view::GameView;

    fn view(options: Vec<Decision>, in_battle: bool) -> RequestView {
        let c = std::sync::Arc::new(crate::campaign::load_bundled("seven-days").unwrap());
        let board = crate::rules::board::Board::empty(c, Default::default());
        let mut r = Request::new("10.2.2", "Keep it?", options);
        if in_battle {
            r.battle_location = Some("glendale".into());
        }
        GameView::build(board, None, Some(&r)).request.unwrap()
    }

    /// Issue 45 item 10: once the step has rolled a die, Undo gives back
    /// none of its answers, so Enter asks before one the rules would
    /// otherwise ask again after (a Refit, 15.4); before any die it is
    /// taken at once.
    #[test]
    fn enter_asks_before_an_answer_that_cannot_be_undone() {
        let refit = |force: &str| Decision::Refit {
            force: force.into(),
        };
        let options = vec![refit("longstreet"), refit("jackson")];
        let fresh = view(options.clone(), false);
        assert_eq!(key_answer(&fresh, &[]).unwrap().ask, None);
        let mut rolled = view(options, false);
        rolled.after_dice_rolled(1);
        let k = key_answer(&rolled, &[]).unwrap();
        assert!(k.ask.as_ref().is_some_and(|a| a.by_key), "{:?}", k.ask);
        assert!(k.ask.unwrap().why.contains("cannot be undone"));
    }

    /// A question whether to discard a Scout is never answered by a key;
    /// an answer after which the rules roll dice is asked first (Enter
    /// again confirms); Battle Plans left unassigned are asked first, and
    /// only a click confirms (12.2).
    #[test]
    fn keys_never_take_a_scout_and_ask_before_dice() {
        let fog = view(
            vec![Decision::AcceptFogOfWar, Decision::RerollFogOfWar],
            true,
        );
        assert!(fog.scout_choice());
        assert_eq!(key_answer(&fog, &[]), None);
        let orders = view(
            vec![
                Decision::AcceptOrders,
                Decision::RerollOrders,
                Decision::ModifyOrders { by: 1 },
            ],
            false,
        );
        assert_eq!(key_answer(&orders, &[]), None);
        let cup = view(
            vec![
                Decision::RemoveSpecialPlan {
                    plan: crate::rules::components::SpecialBattlePlan::Charge,
                },
                Decision::EndRemovals,
            ],
            true,
        );
        assert_eq!(key_answer(&cup, &[]), None);
        let fight = view(vec![Decision::FightOn, Decision::VoluntaryRetreat], true);
        let k = key_answer(&fight, &[]).expect("Enter fights on");
        assert_eq!(k.decision, Decision::FightOn);
        assert!(k.ask.expect("asked first").by_key);
        let assign = view(
            vec![
                Decision::AssignPlan {
                    force: "longstreet".into(),
                    plan: crate::rules::battle::terms::PlanCounter::Volley,
                },
                Decision::ClearOrders {
                    force: "longstreet".into(),
                },
                Decision::EndAssign,
            ],
            true,
        );
        assert!(
            !assign.scout_choice(),
            "Clear Orders is one answer among many"
        );
        let k = key_answer(&assign, &[]).expect("Enter ends the assignment");
        let ask = k.ask.expect("asked first");
        assert!(!ask.by_key, "only a click: {}", ask.why);
        assert!(ask.why.contains("could still take"), "{}", ask.why);
        // A move is made on the map, never by a key; an arrival placed
        // (7.9) is followed by the step's next arrival roll or its end, so
        // Undo never gives it back: the first answer, asked first.
        let moves = view(
            vec![Decision::MoveLee {
                to: "glendale".into(),
            }],
            false,
        );
        assert_eq!(key_answer(&moves, &[]), None);
        let arrival = view(
            vec![Decision::PlaceArrival {
                arrival: "jackson".into(),
                area: "glendale".into(),
            }],
            false,
        );
        let k = key_answer(&arrival, &[]).expect("a default");
        assert!(k.ask.expect("asked first").by_key, "Enter again confirms");
    }
}
