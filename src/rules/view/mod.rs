//! The one view of the game the front end reads, as online wargame
//! engines give theirs: built by the rules from the board, the step and the
//! pending request. Everything the panels show that the rules decide is
//! here and worded (an objective's standing, what an answer costs, whether
//! it starts a battle and who would be Enveloped, the end of the campaign);
//! the app adds only layout.

pub mod changes;
mod odds;
mod route;
pub mod sheet;
mod stand_alone;
mod union_turn;
mod words;

pub use changes::{Change, Positions, changes};
pub use odds::BattleOdds;
pub use route::{Route, order_route, route};
pub use stand_alone::StandAloneView;
pub use union_turn::{Section, union_turn_sections};
pub use words::{default_plan, word};

use bevy::prelude::Resource;

use crate::campaign::{Phase, Side};
use crate::rules::board::Board;
use crate::rules::components::{Casualties, Rating};
use crate::rules::decision::{Decision, Request};
use crate::rules::turn::Step;
use crate::rules::turn::victory::{self, Standing};

/// Where everything stands in the world now (None before a campaign).
pub fn positions(world: &mut bevy::prelude::World) -> Option<Positions> {
    Board::from_world(world).map(|b| b.positions())
}

/// What changed since the player's last decision on the map (issue 38: a
/// player mirroring the game on the real board sees what to move; issue
/// 45: every Union move, arrival and loss since, in order, whatever the
/// Union turn and its battles asked): None until the player has answered
/// a question in this game.
pub fn what_changed(world: &mut bevy::prelude::World) -> Option<Vec<Change>> {
    world
        .get_resource::<changes::SinceDecision>()?
        .positions
        .as_ref()?;
    let now = positions(world)?;
    world.get_resource::<changes::SinceDecision>()?.since(&now)
}

#[derive(Resource, Debug, Clone)]
pub struct GameView {
    /// The position: Forces, Lee, Command Points, progress.
    pub board: Board,
    pub status: Status,
    pub objectives: Vec<Objective>,
    pub request: Option<RequestView>,
    /// Once the campaign is over (3.1–3.3, 21.0–21.1); a stand-alone
    /// battle's end is `stand_alone`'s result.
    pub end: Option<End>,
    /// A stand-alone battle's own terms (R-A-stand-alone): it has no
    /// campaign objectives.
    pub stand_alone: Option<StandAloneView>,
}

impl GameView {
    /// 3.1: every objective must be achieved to win; once one has failed in
    /// a campaign still being played, say so and what is left to score.
    pub fn victory_out_of_reach(&self) -> Option<VictoryOutOfReach> {
        if self.end.is_some() || self.stand_alone.is_some() {
            return None;
        }
        let failed: Vec<&Objective> = self
            .objectives
            .iter()
            .filter(|o| o.standing == Standing::Failed)
            .collect();
        if failed.is_empty() {
            return None;
        }
        let open = self
            .objectives
            .iter()
            .filter(|o| o.standing != Standing::Failed)
            .fold(0, |vp: u32, o| vp.saturating_add(o.vp));
        let casualties = self
            .board
            .campaign
            .victory
            .casualties
            .as_ref()
            .map_or(0, |c| c.vp);
        let names: Vec<String> = failed.iter().map(|o| format!("\"{}\"", o.text)).collect();
        let text = format!(
            "{} failed: the campaign can no longer be won, for a Victory needs every objective (3.1). \
             Play on for Victory Points (3.3): your score can still reach {} VP{}, against Lee's historical {} VP.",
            names.join(" and "),
            open.saturating_add(casualties),
            if casualties > 0 {
                format!(" ({casualties} of them for Casualties, 21.1)")
            } else {
                String::new()
            },
            self.status.lee_historical_vp
        );
        Some(VictoryOutOfReach {
            failed: failed.iter().map(|o| o.id.clone()).collect(),
            text,
        })
    }
}

/// The status bar's figures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Status {
    pub campaign: String,
    /// The Turn counter (1 before the first turn begins).
    pub turn: u32,
    pub turns: u32,
    pub phase: Phase,
    pub step: Option<Step>,
    pub confederate_cp: u32,
    pub union_cp: u32,
    pub scouts: u32,
    pub scout_counters: u32,
    /// Drawn each battle turn of a Basic battle (10.2.10).
    pub union_special_battle_plans: u32,
    pub battles: &'static str,
    pub lee_historical_vp: u32,
}

impl Status {
    /// "Confederate Turn · Moves (9.2)".
    /// The side's turn and its step ("Confederate Turn · Moves"); the
    /// step's rule is [`Status::step_rule`].
    pub fn phase_text(&self) -> String {
        let side = match self.phase {
            Phase::Confederate => "Confederate Turn",
            Phase::Union => "Union Turn",
        };
        match self.step {
            Some(s) => format!("{side} · {}", s.name()),
            None => side.to_string(),
        }
    }

    /// The rule of the step under way, if any.
    pub fn step_rule(&self) -> Option<&'static str> {
        self.step.map(|s| s.rule())
    }
}

/// A Victory Condition and where it stands (3.1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Objective {
    pub id: String,
    pub text: String,
    pub vp: u32,
    pub standing: Standing,
}

/// 3.1: an objective failed while the campaign goes on, so it can no
/// longer be won; what Victory Points are still to be had (3.3, 21.1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VictoryOutOfReach {
    /// The failed objectives' ids, each warned about once by the app.
    pub failed: Vec<String>,
    pub text: String,
}

/// The pending question, every answer worded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequestView {
    pub request: Request,
    /// One for each of `request.options`, in order.
    pub choices: Vec<Choice>,
}

/// One legal answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    pub decision: Decision,
    pub text: String,
    /// Command Points it spends (15.1 Forced March moves, 15.4 Refit, 15.5
    /// purchases, 15.6 Scouts, 10.2.1 Brigades, 10.2.11 Battle Plans).
    pub cost: u32,
    /// The map area it sends a Force (or Lee) to.
    pub to: Option<String>,
    /// A Force moves into an area holding Union Forces: a battle there in
    /// the Resolve Battles step that follows (9.3, 15.2).
    pub starts_battle: bool,
    /// The armies that would meet where it goes, before Fog of War.
    pub odds: Option<BattleOdds>,
    /// The answer loses the campaign, and why: it leaves Robert E. Lee in
    /// an area without Confederate Forces at the end of the Moves (3.2).
    pub loses_campaign: Option<String>,
    /// What the answer commits that Undo does not give back.
    pub commits: Commits,
}

/// What an answer commits that Undo does not give back: the window's keys
/// take no such answer without the player's confirmation, and the answers
/// of one kind keep their own place in the decision panel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Commits {
    /// The rules ask again before they play on (a move, a purchase, a
    /// Battle Plan Counter, a Force placed on a battle sheet, an Insight
    /// chosen): while the step has rolled no die, Undo gives it back.
    Nothing,
    /// Undo does not give it back: the rules play on after it (they roll
    /// dice, or the step ends: a Late Arrival placed, 7.9), or, outside a
    /// battle, the step rolled a die before it asked
    /// ([`RequestView::after_dice_rolled`]).
    Dice,
    /// A Scout is discarded (10.2.2, 11.2.1, 12.1.1, 14.0.1, 16.3.1).
    Scout,
}

/// What the chronicle told of consequence since the game's last decision
/// ([`notices`] from there), for the question it leads to. The chronicle
/// marks every answer, however given (the player's, a replayed save's,
/// a scripted commander's), so a loaded game shows only its latest news.
pub fn news(chronicle: &crate::chronicle::Chronicle) -> Vec<String> {
    notices(chronicle, chronicle.last_decision())
}

/// The consequential events the chronicle told from entry `from` on (a
/// Resupply step closed, a Scout lost, an Envelopment, a Rout), worded
/// for the decision panel of the step they affect.
pub fn notices(chronicle: &crate::chronicle::Chronicle, from: usize) -> Vec<String> {
    use crate::chronicle::Notice;
    chronicle
        .notices_since(from)
        .map(|n| match n {
            Notice::ResupplyClosed { side: Side::Confederate } => {
                "Your Resupply is closed (O15.3): no Command Points may be spent this phase; they are kept.".to_string()
            }
            Notice::ResupplyClosed { side: Side::Union } => {
                "The Union Resupply is closed (O15.3): it spends no Command Points this phase.".to_string()
            }
            Notice::ScoutNegated { what } => format!(
                "A Scout is lost: the Union cavalry's Saving Throw negated it ({what}; Union Cavalry Corps)."
            ),
            Notice::Enveloped { loser, area } => format!(
                "The {} were Enveloped and destroyed at {area} (10.2.9).",
                loser.army()
            ),
            Notice::Routed { loser, area } => {
                format!("The {} Routed at {area} (14.5).", loser.army())
            }
        })
        .collect()
}

/// What answering `d` commits (see [`Commits`]).
pub fn commits(d: &Decision) -> Commits {
    use Decision as D;
    match d {
        D::RerollFogOfWar
        | D::RerollOrders
        | D::ModifyOrders { .. }
        | D::RerollInsight
        | D::RemoveSpecialPlan { .. }
        | D::ClearOrders { .. } => Commits::Scout,
        D::MoveForce { .. }
        | D::JacksonMarch { .. }
        | D::MoveLee { .. }
        | D::Refit { .. }
        | D::Purchase { .. }
        | D::BuyScout
        | D::BuyBrigade { .. }
        | D::ChooseInsight { .. }
        | D::ScreenWith { .. }
        | D::NoScreen
        | D::TerrainRegion { .. }
        | D::PlaceForce { .. }
        | D::PlaceOnSquare { .. }
        | D::EntrenchOn { .. }
        | D::Duration { .. }
        | D::AssignPlan { .. }
        | D::HoldFormationCounter
        | D::TakeBackPlan { .. }
        | D::UseFormationCounter
        | D::FormationChange { .. } => Commits::Nothing,
        _ => Commits::Dice,
    }
}

impl RequestView {
    /// Undo is allowed until a die is rolled: once a campaign step has
    /// rolled `rolled` dice (a Late Arrival's 7.9 roll before the question
    /// where its Forces enter, say), no answer to it can be taken back, so
    /// one that would otherwise wait for the next question commits too. A
    /// battle's questions keep their marks: the whole battle is past Undo
    /// from its first roll, and the answers marked as waiting are the ones
    /// its own questions take back or build on (12.2's Take back).
    pub fn after_dice_rolled(&mut self, rolled: u64) {
        if rolled == 0 || self.request.battle_location.is_some() {
            return;
        }
        for c in &mut self.choices {
            if c.commits == Commits::Nothing {
                c.commits = Commits::Dice;
            }
        }
    }

    /// The Forces (and Lee, as "lee") this question lets move, each once
    /// however many areas it may go to (9.2, 15.1).
    pub fn movers(&self) -> Vec<&str> {
        let mut who: Vec<&str> = Vec::new();
        for c in &self.choices {
            let f = match &c.decision {
                Decision::MoveForce { force, .. } | Decision::JacksonMarch { force, .. } => {
                    force.as_str()
                }
                Decision::MoveLee { .. } => "lee",
                _ => continue,
            };
            if !who.contains(&f) {
                who.push(f);
            }
        }
        who
    }

    /// The choices that place the selected Force (or `"lee"`) on the map,
    /// or, for a retreat or an arrival (14.5, 7.9), the area choices
    /// whatever is selected.
    pub fn destinations(&self, selected: Option<&str>) -> Vec<&Choice> {
        let area_choices: Vec<&Choice> = self
            .choices
            .iter()
            .filter(|c| {
                matches!(
                    c.decision,
                    Decision::RetreatTo { .. } | Decision::PlaceArrival { .. }
                )
            })
            .collect();
        if !area_choices.is_empty() {
            return area_choices;
        }
        let Some(sel) = selected else {
            return Vec::new();
        };
        self.choices
            .iter()
            .filter(|c| match &c.decision {
                Decision::MoveForce { force, .. } | Decision::JacksonMarch { force, .. } => {
                    force == sel
                }
                Decision::MoveLee { .. } => sel == "lee",
                _ => false,
            })
            .collect()
    }

    pub fn choice(&self, d: &Decision) -> Option<&Choice> {
        self.choices.iter().find(|c| c.decision == *d)
    }

    /// The question is whether to discard a Scout (keep a roll or roll
    /// again, take a plan out of the cup or keep the Scouts: 10.2.2,
    /// 12.1.1, 14.0.1, 16.3.1). Clear Orders (11.2.1) is one answer among
    /// the Battle Plan assignment's, not such a question.
    pub fn scout_choice(&self) -> bool {
        self.choices.iter().any(|c| {
            c.commits == Commits::Scout && !matches!(c.decision, Decision::ClearOrders { .. })
        })
    }

    /// 9.2: ending the Moves while Forces that could move have not, asked
    /// again ("End moves with 0 of 9 Forces moved?"); `answers` are the
    /// step's answers so far. Forces whose every move is refused count
    /// as unmoved.
    pub fn end_moves_warning(&self, answers: &[Decision]) -> Option<String> {
        if self.request.rule != "9.2" || !self.request.options.contains(&Decision::EndMoves) {
            return None;
        }
        let mover = |d: &Decision| match d {
            Decision::MoveForce { force, .. } | Decision::JacksonMarch { force, .. } => {
                Some(force.to_string())
            }
            _ => None,
        };
        let mut moved: Vec<String> = answers.iter().filter_map(mover).collect();
        moved.sort();
        moved.dedup();
        let mut unmoved: Vec<String> = self
            .request
            .options
            .iter()
            .chain(self.request.refused.iter().map(|(d, _)| d))
            .filter_map(mover)
            .filter(|f| !moved.contains(f))
            .collect();
        unmoved.sort();
        unmoved.dedup();
        if unmoved.is_empty() {
            return None;
        }
        Some(format!(
            "End moves with {} of {} Forces moved?",
            moved.len(),
            moved.len() + unmoved.len()
        ))
    }

    /// What an answer must be confirmed for, if anything: the campaign it
    /// loses (3.2), or Forces left unmoved at the end of the Moves (9.2).
    pub fn needs_confirmation(&self, d: &Decision, answers: &[Decision]) -> Option<String> {
        if let Some(lost) = self.choice(d).and_then(|c| c.loses_campaign.clone()) {
            return Some(lost);
        }
        if *d == Decision::EndMoves {
            return self.end_moves_warning(answers);
        }
        if *d == Decision::EndAssign {
            // 12.2: Forces that could still take a Battle Plan Counter.
            let mut open: Vec<&str> = self
                .request
                .options
                .iter()
                .filter_map(|o| match o {
                    Decision::AssignPlan { force, .. } => Some(force.as_str()),
                    _ => None,
                })
                .collect();
            open.sort_unstable();
            open.dedup();
            if !open.is_empty() {
                return Some(format!(
                    "End the Battle Plan step with {} Force{} that could still take a Battle Plan Counter (12.2)? The battle turn is then fought: its dice cannot be undone.",
                    open.len(),
                    if open.len() == 1 { "" } else { "s" }
                ));
            }
        }
        None
    }
}

/// The end of the campaign.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct End {
    pub victory: bool,
    pub reason: String,
    /// Each objective and whether it was met.
    pub objectives: Vec<(String, u32, bool)>,
    pub victory_points: u32,
    pub lee_historical_vp: u32,
    pub rating: Rating,
    /// 11.10–11.11.
    pub casualties: Casualties,
    /// 21.1: the named Confederate Forces' combined Combat Value on the map.
    pub named_combat: u32,
    /// Both armies' combined Combat Value at the end of each turn.
    pub strength: Vec<(u32, u32, u32)>,
    /// The seed of the program's dice (none with the player's own dice):
    /// with the decisions it replays the game.
    pub seed: Option<u64>,
}

impl GameView {
    /// The view of `board` in `step`, asked `request`.
    pub fn build(board: Board, step: Option<Step>, request: Option<&Request>) -> GameView {
        let c = &board.campaign;
        let status = Status {
            campaign: c.name.clone(),
            turn: board.turn.turn.max(1),
            turns: board.last_turn(),
            phase: board.turn.phase,
            step,
            confederate_cp: board.cp.confederate,
            union_cp: board.cp.union,
            scouts: board.scouts.available,
            scout_counters: board.scouts.counters,
            union_special_battle_plans: board.options.union_special_battle_plans(c),
            battles: board.options.battles.name(),
            lee_historical_vp: c.victory.lee_historical_vp,
        };
        let stand_alone = StandAloneView::of(&board);
        let campaign = stand_alone.is_none();
        let objectives = board
            .options
            .objectives(c)
            .filter(|_| campaign)
            .map(|o| Objective {
                id: o.id.clone(),
                text: o.text.clone(),
                vp: o.vp,
                standing: victory::standing(&board, &o.id, &o.condition),
            })
            .collect();
        let request = request.map(|r| RequestView {
            choices: r
                .options
                .iter()
                .map(|d| {
                    let mut c = choice(&board, step, d);
                    if let Some((_, what)) = r.explained.iter().find(|(e, _)| e == d) {
                        c.text = format!("{} → {what}", c.text);
                    }
                    c
                })
                .collect(),
            request: r.clone(),
        });
        let end = board.progress.result.as_ref().map(|r| End {
            victory: r.victory,
            reason: r.reason.clone(),
            objectives: board
                .options
                .objectives(c)
                .filter(|_| campaign)
                .map(|o| {
                    let met = board.progress.objectives.get(&o.id) == Some(&true);
                    (o.text.clone(), o.vp, met)
                })
                .collect(),
            victory_points: r.victory_points,
            lee_historical_vp: c.victory.lee_historical_vp,
            rating: r.rating,
            casualties: board.progress.casualties,
            named_combat: victory::named_combat_in_field(&board),
            strength: board.progress.strength.clone(),
            seed: (board.options.dice == crate::rules::difficulty::DiceMode::Program)
                .then_some(board.options.seed),
        });
        GameView {
            status,
            objectives,
            request,
            end,
            stand_alone,
            board,
        }
    }
}

impl GameView {
    /// 15.1: the step's moves cost Command Points.
    pub fn forced_march(&self) -> bool {
        self.status.step == Some(Step::ForcedMarch)
    }
}

fn choice(board: &Board, step: Option<Step>, d: &Decision) -> Choice {
    let (to, mover) = match d {
        Decision::MoveForce { force, to } | Decision::JacksonMarch { force, to, .. } => {
            (Some(to.to_string()), Some(force.as_str()))
        }
        Decision::MoveLee { to } => (Some(to.to_string()), None),
        Decision::RetreatTo { area, .. } | Decision::PlaceArrival { area, .. } => {
            (Some(area.to_string()), None)
        }
        _ => (None, None),
    };
    let cost = d.cost(board, step == Some(Step::ForcedMarch));
    let starts_battle = mover.is_some_and(|f| {
        let to = to.as_deref().unwrap_or_default();
        board.has_side(to, Side::Union)
            && board
                .piece(f)
                .is_some_and(|p| p.location().area() != Some(to))
    });
    let odds = match d {
        Decision::MoveForce { .. } | Decision::JacksonMarch { .. } | Decision::MoveLee { .. } => to
            .as_deref()
            .and_then(|to| BattleOdds::at(board, mover, to)),
        Decision::FightBattleAt { area } => BattleOdds::at(board, None, area),
        _ => None,
    };
    Choice {
        decision: *d,
        text: word(board, d),
        cost,
        to,
        starts_battle,
        odds,
        loses_campaign: leaves_lee_alone(board, d),
        commits: commits(d),
    }
}

/// 3.2: Robert E. Lee in an area without Confederate Forces when the Moves
/// (9.2) or the Forced March (15.1) end loses the campaign. Said of a move
/// that sends him where no Confederate Force is (alone, or into Union
/// Forces), of a move that takes the last Confederate Force away from him,
/// and of ending the step while he is alone.
pub fn leaves_lee_alone(board: &Board, d: &Decision) -> Option<String> {
    let lee_at = board.lee.area()?;
    let lost = "the campaign is lost (3.2)";
    match d {
        Decision::MoveLee { to } if !board.has_side(to, Side::Confederate) => {
            let name = board.area_name(to);
            Some(if board.has_side(to, Side::Union) {
                format!(
                    "Robert E. Lee would be among Union Forces in {name} without Confederate Forces: {lost} if the step ends so"
                )
            } else {
                format!("Robert E. Lee would be alone in {name}: {lost} if the step ends so")
            })
        }
        Decision::MoveForce { force, to } | Decision::JacksonMarch { force, to, .. } => {
            let leaves = board
                .piece(force)
                .is_some_and(|p| p.location().area() == Some(lee_at))
                && to.as_str() != lee_at;
            let others = board.pieces.iter().any(|p| {
                p.force.side == Side::Confederate
                    && p.location().area() == Some(lee_at)
                    && p.id().as_str() != force.as_str()
            });
            (leaves && !others).then(|| {
                format!(
                    "Robert E. Lee would be left without Confederate Forces in {}: {lost} if the step ends so",
                    board.area_name(lee_at)
                )
            })
        }
        Decision::EndMoves if board.lee_isolated() => Some(format!(
            "Robert E. Lee is in {} without Confederate Forces: {lost}",
            board.area_name(lee_at)
        )),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    /// The news shown with a question is what came since the game's last
    /// decision, not every Envelopment and Rout of a game loaded or played
    /// by a scripted commander.
    #[test]
    fn news_is_what_came_since_the_last_decision() {
        use crate::campaign::Side;
        use crate::chronicle::{Chronicle, Notice};
        let mut chronicle = Chronicle::default();
        chronicle.note_with("10.2.9", || "Enveloped at Glendale.".into());
        chronicle.notice(Notice::Enveloped {
            loser: Side::Union,
            area: "Glendale".into(),
        });
        assert_eq!(super::news(&chronicle).len(), 1, "no decision yet");
        chronicle.mark_decision();
        assert!(super::news(&chronicle).is_empty());
        chronicle.note_with("14.5", || "Routed at Malvern Hill.".into());
        chronicle.notice(Notice::Routed {
            loser: Side::Union,
            area: "Malvern Hill".into(),
        });
        assert_eq!(
            super::news(&chronicle),
            vec!["The Union Routed at Malvern Hill (14.5).".to_string()]
        );
    }

    use std::sync::Arc;

    use super::*;
    use crate::rules::components::{CampaignResult, Location, Strength};
    use crate::rules::difficulty::GameOptions;

    fn seven_days() -> Board {
        let c = Arc::new(crate::campaign::load_bundled("seven-days").expect("loads"));
        let mut b = Board::empty(c, GameOptions::default());
        b.place(
            "longstreet",
            Location::Area("glendale".into()),
            Strength::Full,
        );
        b.place(
            "kearny",
            Location::Area("white-oak-swamp".into()),
            Strength::Full,
        );
        b
    }

    fn mv(force: &str, to: &str) -> Decision {
        Decision::MoveForce {
            force: force.into(),
            to: to.into(),
        }
    }

    fn moves(board: &Board, step: Step, options: Vec<Decision>) -> RequestView {
        let r = Request::new("9.2", "Move", options);
        GameView::build(board.clone(), Some(step), Some(&r))
            .request
            .expect("asked")
    }

    /// Only the selected Force's legal moves light up; a retreat's areas
    /// whatever is selected.
    #[test]
    fn destinations_are_the_selected_forces_legal_moves() {
        let b = seven_days();
        let r = moves(
            &b,
            Step::ConfederateMoves,
            vec![
                mv("longstreet", "white-oak-swamp"),
                mv("hill", "fair-oaks"),
                mv("longstreet", "fair-oaks"),
                Decision::MoveLee {
                    to: "seven-pines".into(),
                },
                Decision::JacksonMarch {
                    force: "jackson".into(),
                    via: "hundleys-corner".into(),
                    to: "cold-harbor".into(),
                },
                Decision::EndMoves,
            ],
        );
        let pick = |force: Option<&str>| -> Vec<String> {
            r.destinations(force)
                .into_iter()
                .filter_map(|c| c.to.clone())
                .collect()
        };
        assert_eq!(
            pick(Some("longstreet")),
            vec!["white-oak-swamp", "fair-oaks"]
        );
        assert_eq!(pick(Some("lee")), vec!["seven-pines"]);
        assert_eq!(pick(Some("jackson")), vec!["cold-harbor"]);
        assert!(pick(Some("magruder")).is_empty());
        assert!(pick(None).is_empty());
        // Each Force once, however many areas it may go to.
        assert_eq!(r.movers(), vec!["longstreet", "hill", "lee", "jackson"]);
        let retreat = Request::new(
            "14.5",
            "Retreat",
            vec![Decision::RetreatTo {
                force: "longstreet".into(),
                area: "malvern-hill".into(),
            }],
        );
        let v = GameView::build(b, None, Some(&retreat));
        let r = v.request.expect("asked");
        assert_eq!(r.destinations(None)[0].to.as_deref(), Some("malvern-hill"));
    }

    /// 9.3: a move into Union Forces starts a battle; one elsewhere, or
    /// Lee's, does not. 15.1: in the Forced March a Force's move costs 1.
    #[test]
    fn a_move_says_its_cost_and_the_battle_it_brings() {
        let b = seven_days();
        let options = vec![
            mv("longstreet", "white-oak-swamp"),
            mv("longstreet", "malvern-hill"),
            Decision::MoveLee {
                to: "white-oak-swamp".into(),
            },
        ];
        let r = moves(&b, Step::ConfederateMoves, options.clone());
        let into = &r.choices[0];
        assert!(into.starts_battle);
        assert_eq!(into.cost, 0);
        let kearny = b.area_combat("white-oak-swamp", Side::Union);
        let odds = into.odds.expect("the armies that meet");
        assert_eq!(
            (odds.confederate, odds.union),
            (b.piece("longstreet").unwrap().combat(), kearny)
        );
        assert!(!r.choices[1].starts_battle && r.choices[1].odds.is_none());
        assert!(!r.choices[2].starts_battle);
        let forced = GameView::build(
            b.clone(),
            Some(Step::ForcedMarch),
            Some(&Request::new("15.1", "Forced March", options)),
        );
        assert!(forced.forced_march());
        let r = forced.request.expect("asked");
        assert_eq!(
            r.choices.iter().map(|c| c.cost).collect::<Vec<_>>(),
            vec![1, 1, 0]
        );
    }

    /// 3.2: a move that leaves Lee without Confederate Forces (sends him
    /// alone or into Union Forces, or takes his last Force away) says the
    /// campaign is lost, and so does ending the Moves while he is alone.
    #[test]
    fn a_move_that_leaves_lee_alone_says_the_campaign_is_lost() {
        let mut b = seven_days();
        b.lee = Location::Area("glendale".into());
        let lee = |to: &str| Decision::MoveLee { to: to.into() };
        let r = moves(
            &b,
            Step::ConfederateMoves,
            vec![
                lee("malvern-hill"),
                lee("white-oak-swamp"),
                mv("longstreet", "malvern-hill"),
                Decision::EndMoves,
            ],
        );
        let lost = |i: usize| r.choices[i].loses_campaign.clone();
        assert!(
            lost(0)
                .is_some_and(|w| w.contains("alone") && w.contains("the campaign is lost (3.2)"))
        );
        assert!(
            lost(1).is_some_and(|w| w.contains("Union Forces")),
            "{:?}",
            lost(1)
        );
        assert!(lost(2).is_some_and(|w| w.contains("left without Confederate Forces")));
        assert_eq!(lost(3), None, "Lee is with Longstreet");
        assert!(r.needs_confirmation(&lee("malvern-hill"), &[]).is_some());
        // A second Force with him: Longstreet may go.
        b.place("ap-hill", Location::Area("glendale".into()), Strength::Full);
        let r = moves(
            &b,
            Step::ConfederateMoves,
            vec![mv("longstreet", "malvern-hill")],
        );
        assert_eq!(r.choices[0].loses_campaign, None);
        // Lee left alone: ending the Moves loses the campaign.
        b.lee = Location::Area("malvern-hill".into());
        let r = moves(&b, Step::ConfederateMoves, vec![Decision::EndMoves]);
        assert!(r.choices[0].loses_campaign.is_some());
        // Forces unmoved: "End moves with 1 of 2 Forces moved?".
        let r = moves(
            &b,
            Step::ConfederateMoves,
            vec![mv("ap-hill", "malvern-hill"), Decision::EndMoves],
        );
        let done = [mv("longstreet", "white-oak-swamp")];
        assert_eq!(
            r.end_moves_warning(&done).as_deref(),
            Some("End moves with 1 of 2 Forces moved?")
        );
    }

    /// 10.2.9: the hint names who would be Enveloped at 3:1 — nobody when
    /// no Confederate Force would be there.
    #[test]
    fn the_envelopment_hint_is_the_rules_3_to_1() {
        let hint = |c, u| {
            BattleOdds {
                confederate: c,
                union: u,
            }
            .text()
        };
        assert_eq!(hint(3, 9), "battle: you 3 vs Union 9 — Enveloped at 3:1!");
        assert_eq!(hint(3, 8), "battle: you 3 vs Union 8");
        assert_eq!(hint(9, 3), "battle: you 9 vs Union 3 — you Envelop at 3:1");
        assert_eq!(hint(0, 5), "battle: you 0 vs Union 5");
    }

    /// 3.1: one failed objective puts Victory out of reach while the
    /// campaign goes on; the warning names it and the score still open
    /// (the failed objective's VP off, Casualties' 21.1 VP on). Nothing to
    /// warn about before, nor once the campaign is over.
    #[test]
    fn a_failed_objective_puts_victory_out_of_reach() {
        let mut b = seven_days();
        assert_eq!(
            GameView::build(b.clone(), None, None).victory_out_of_reach(),
            None
        );
        let first = b.campaign.victory.objectives[0].clone();
        b.progress.objectives.insert(first.id.clone(), false);
        let v = GameView::build(b.clone(), None, None);
        let w = v.victory_out_of_reach().expect("an objective failed");
        assert_eq!(w.failed, vec![first.id.clone()]);
        let all: u32 = v.objectives.iter().map(|o| o.vp).sum();
        let casualties = b.campaign.victory.casualties.as_ref().map_or(0, |c| c.vp);
        let left = all - first.vp + casualties;
        assert!(w.text.contains(&first.text), "{}", w.text);
        assert!(w.text.contains("can no longer be won"), "{}", w.text);
        assert!(
            w.text.contains(&format!("can still reach {left} VP")),
            "{}",
            w.text
        );
        b.progress.result = Some(CampaignResult {
            victory: false,
            reason: "test".into(),
            victory_points: 0,
            rating: Rating::Inferior,
        });
        assert_eq!(GameView::build(b, None, None).victory_out_of_reach(), None);
    }

    /// 3.1: decided objectives keep their mark; undecided ones read the
    /// map; at the end of the campaign every undecided one has failed and
    /// 21.1 counts the named Forces still on the map.
    #[test]
    fn objectives_stand_as_the_rules_decide_and_the_end_counts_21_1() {
        let mut b = seven_days();
        let v = GameView::build(b.clone(), None, None);
        assert!(v.end.is_none());
        assert!(
            v.objectives
                .iter()
                .all(|o| matches!(o.standing, Standing::MetNow | Standing::AtRisk))
        );
        b.progress.result = Some(CampaignResult {
            victory: false,
            reason: "test".into(),
            victory_points: 0,
            rating: Rating::Inferior,
        });
        let v = GameView::build(b.clone(), None, None);
        assert!(v.objectives.iter().all(|o| o.standing == Standing::Failed));
        let end = v.end.expect("over");
        assert!(end.objectives.iter().all(|(_, _, met)| !met));
        let longstreet = b.piece("longstreet").unwrap();
        assert!(longstreet.force.is_named());
        assert_eq!(end.named_combat, longstreet.combat());
    }

    /// 3.1: a "reach" objective limited to a corps is met now only when a
    /// Force of that corps has entered the area (Second Manassas: Jackson's
    /// wing at Manassas Junction).
    #[test]
    fn a_reach_objective_counts_only_the_forces_it_names() {
        let c = Arc::new(crate::campaign::load_bundled("second-manassas").expect("loads"));
        let mut b = Board::empty(c, GameOptions::default());
        let standing = |b: &Board| {
            GameView::build(b.clone(), None, None)
                .objectives
                .iter()
                .find(|o| o.text.contains("Manassas Junction"))
                .expect("the objective")
                .standing
        };
        assert_eq!(standing(&b), Standing::AtRisk);
        b.progress
            .entered
            .entry("manassas-junction".into())
            .or_default()
            .insert("hood".into());
        assert_eq!(standing(&b), Standing::AtRisk, "Hood is not Jackson's");
        b.progress
            .entered
            .entry("manassas-junction".into())
            .or_default()
            .insert("ewell".into());
        assert_eq!(standing(&b), Standing::MetNow);
    }
}
