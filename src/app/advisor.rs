//! The odds advisor in the window (issue 10, `docs/odds.md`): before a move
//! that starts a battle, before the Battle Plan Counters of a battle turn
//! are committed (12.2), and at the choice to fight on, retreat (14.5.1) or
//! Rejoin (14.8.1), the battle is fought [`TRIALS`] times on a worker thread
//! — the same code as `fcrel odds` — and the panel shows the estimate.
//!
//! Nothing hidden is looked at: a battle under way replays only the dice
//! already rolled (all of them shown in the Chronicle), and every trial
//! rolls its own dice from a seed of its own, never the game's dice, so the
//! advisor changes nothing in the game.

use std::sync::atomic::AtomicBool;

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::egui;

use super::theme::thousands;
use super::view::Selection;
use super::worker::{Job, workers};
use crate::app::theme::link::HoverWords;
use crate::odds::locate::{SaveChoice, SourceInfo, Waiting};
use crate::odds::report::Odds;
use crate::rules::commander::Policy;
use crate::rules::decision::Decision;
use crate::rules::sequence::{GameLog, GameState, PendingDecision, StepDecisions, run_step};
use crate::rules::view::GameView;
use crate::sim::game_seed;

/// Battles fought for one estimate.
pub const TRIALS: u64 = 2_000;

/// The policy that plays the player's later choices in the trials.
const POLICY: Policy = Policy::Objective;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Advisor>()
        .add_systems(Update, apply_advisor_trials)
        .add_systems(
            Update,
            (ask, poll)
                .chain()
                .after(run_step)
                .after(super::view::refresh)
                .run_if(in_state(GameState::Playing)),
        );
}

/// The advisor fights as many battles an estimate as the settings say.
fn apply_advisor_trials(
    settings: Option<Res<super::settings::AppSettings>>,
    advisor: Option<ResMut<Advisor>>,
) {
    if let (Some(settings), Some(mut a)) = (settings, advisor)
        && (settings.is_changed() || a.is_added())
        && a.trials != settings.loaded.settings.advisor_trials
    {
        a.trials = settings.loaded.settings.advisor_trials;
    }
}

/// What an estimate answers: the game's decisions so far and the answer
/// being weighed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Question {
    pub decisions: Vec<Decision>,
    pub answer: Decision,
    /// Moves weighed with a move's answer: the other Forces that can still
    /// go where it goes, when the player asks for the whole group.
    pub with: Vec<Decision>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Estimate {
    Working,
    Ready(Box<Odds>),
    /// Why there is no estimate (said in the panel, never fatal).
    Failed(String),
}

#[derive(Resource)]
pub struct Advisor {
    pub question: Option<Question>,
    pub estimate: Option<Estimate>,
    /// Battles fought for an estimate ([`TRIALS`]; fewer in tests).
    pub trials: u64,
    /// Weigh a move with every other Force that can still go there.
    pub weigh_group: bool,
    job: Option<Job<Result<Odds, String>>>,
}

impl Default for Advisor {
    fn default() -> Self {
        Advisor {
            question: None,
            estimate: None,
            trials: TRIALS,
            weigh_group: false,
            job: None,
        }
    }
}

impl Advisor {
    /// The estimate for this answer to the pending request, if it is the
    /// one being weighed.
    pub fn for_answer(&self, answer: &Decision) -> Option<&Estimate> {
        match &self.question {
            Some(q) if q.answer == *answer => self.estimate.as_ref(),
            _ => None,
        }
    }

    fn drop_job(&mut self) {
        // The thread stops at its next trial (`Job`'s drop).
        self.job = None;
    }
}

/// The other Forces' moves to where `answer` sends a Force, one a Force
/// (the first the rules list), for weighing the whole group sent there.
pub fn group_moves(view: &GameView, answer: &Decision) -> Vec<Decision> {
    let (Some(r), Decision::MoveForce { force, to } | Decision::JacksonMarch { force, to, .. }) =
        (view.request.as_ref(), answer)
    else {
        return Vec::new();
    };
    let mut moves: Vec<Decision> = Vec::new();
    let mut movers: Vec<&str> = vec![force.as_str()];
    for c in &r.choices {
        if let Decision::MoveForce { force: f, to: t }
        | Decision::JacksonMarch {
            force: f, to: t, ..
        } = &c.decision
            && t == to
            && !movers.contains(&f.as_str())
            && c.loses_campaign.is_none()
        {
            movers.push(f.as_str());
            moves.push(c.decision);
        }
    }
    moves
}

/// The answer of the pending request the advisor weighs now, if any.
pub fn weighed_answer(view: &GameView, selection: &Selection) -> Option<Decision> {
    let r = view.request.as_ref()?;
    let options = &r.request.options;
    // 12.2: the counters assigned so far, committed as they stand.
    if r.request.battle_location.is_some() && options.contains(&Decision::EndAssign) {
        return Some(Decision::EndAssign);
    }
    // 14.5.1 / 14.8.1: what fighting on would bring.
    for d in [Decision::FightOn, Decision::Rejoin] {
        if options.contains(&d) {
            return Some(d);
        }
    }
    // A move waiting for confirmation into an area the Union holds.
    let to = selection.confirm.as_deref()?;
    r.destinations(selection.force.as_deref())
        .into_iter()
        .find(|c| c.to.as_deref() == Some(to) && c.starts_battle)
        .map(|c| c.decision)
}

/// Starts an estimate when the weighed answer changes (the one before it is
/// dropped).
fn ask(world: &mut World) {
    let pending = world.resource::<PendingDecision>().clone();
    let selection = world
        .get_resource::<Selection>()
        .cloned()
        .unwrap_or_default();
    // Switched off in the settings (headless, there are none: on). A
    // stand-alone battle is weighed on its own terms (who wins it).
    // With Suggest on at a battle question it covers, its panel has the
    // estimates (the player's choice among them): one worker, not two.
    // A move waiting for confirmation is still weighed here: Suggest
    // weighs the map's moves by whole campaigns, never the battle the
    // move brings (issue 48: with Suggest remembered on, a Basic game's
    // move confirmation showed no estimate).
    let enabled = world
        .get_resource::<super::settings::AppSettings>()
        .is_none_or(|s| s.loaded.settings.odds_advisor)
        && (selection.confirm.is_some()
            || !world
                .get_resource::<super::suggest::Suggest>()
                .is_some_and(|s| s.on && s.covered));
    let group = world.resource::<Advisor>().weigh_group;
    let weigh = |v: &GameView| {
        weighed_answer(v, &selection).map(|a| {
            let with = if group {
                group_moves(v, &a)
            } else {
                Vec::new()
            };
            (a, with)
        })
    };
    let answer = if pending.request.is_none() || !enabled {
        None
    } else if let Some(view) = world.get_resource::<GameView>() {
        weigh(view)
    } else {
        super::view::build(world).and_then(|v| weigh(&v))
    };
    let Some((answer, with)) = answer else {
        let mut advisor = world.resource_mut::<Advisor>();
        if advisor.question.is_some() {
            advisor.drop_job();
            advisor.question = None;
            advisor.estimate = None;
        }
        return;
    };
    // Asked again every frame while an estimate runs: compared in place,
    // copied only when it is a new question.
    let (log, current) = (
        world.resource::<GameLog>(),
        world.resource::<StepDecisions>(),
    );
    let same = world
        .resource::<Advisor>()
        .question
        .as_ref()
        .is_some_and(|q| q.answer == answer && q.with == with && log.is_now(current, &q.decisions));
    if same {
        return;
    }
    let question = Question {
        decisions: world
            .resource::<GameLog>()
            .with_current(world.resource::<StepDecisions>()),
        answer,
        with: with.clone(),
    };
    let Some(waiting) = Waiting::from_world(world) else {
        return;
    };
    // The same situation always gets the same estimate.
    let seed = game_seed(
        world
            .get_resource::<crate::rules::difficulty::GameOptions>()
            .map_or(0, |o| o.seed),
        question.decisions.len() as u64,
    );
    let trials = world.resource::<Advisor>().trials;
    let job = Job::spawn("odds advisor", move |stop| {
        estimate(waiting, answer, &with, seed, trials, stop)
    });
    let mut advisor = world.resource_mut::<Advisor>();
    advisor.drop_job();
    advisor.question = Some(question);
    match job {
        Ok(job) => {
            advisor.job = Some(job);
            advisor.estimate = Some(Estimate::Working);
        }
        Err(e) => advisor.estimate = Some(Estimate::Failed(format!("no worker thread: {e}"))),
    }
}

/// The estimate of the battle the game waits at (or that `answer` starts),
/// with `answer` given, and for a move the moves `with` it that can still
/// be made.
pub fn estimate(
    waiting: Waiting,
    answer: Decision,
    with: &[Decision],
    seed: u64,
    trials: u64,
    stop: &AtomicBool,
) -> Result<Odds, String> {
    let source = |name: &str| SourceInfo {
        kind: "game".into(),
        file: "this game".into(),
        name: name.into(),
    };
    let prepared = match &answer {
        Decision::MoveForce { to, .. } | Decision::JacksonMarch { to, .. } => {
            let mut after = waiting.after(answer)?;
            for m in with {
                // A move the first ones made illegal (a full area) is left out.
                if let Ok(next) = after.after(*m) {
                    after = next;
                }
            }
            let choice = SaveChoice {
                battles: None,
                area: Some(to.to_string()),
            };
            crate::odds::locate::from_waiting(
                &after,
                &choice,
                source("the battle this move starts"),
            )?
        }
        _ => {
            let mut p = crate::odds::locate::from_waiting(
                &waiting,
                &SaveChoice::default(),
                source("the battle under way"),
            )?;
            p.prefix_decisions.push(answer);
            p
        }
    };
    let tally = crate::odds::trials::tally_until(&prepared, POLICY, seed, trials, workers(), stop)
        .map_err(|e| e.to_string())?;
    Ok(crate::odds::report::report(&prepared, POLICY, seed, &tally))
}

fn poll(mut advisor: ResMut<Advisor>, mut redraw: MessageWriter<RequestRedraw>) {
    let finished = advisor.job.as_ref().is_some_and(|job| job.is_finished());
    if !finished {
        if advisor.job.is_some() {
            // The window sleeps when idle: wake it to look again.
            redraw.write(RequestRedraw);
        }
        return;
    }
    let job = advisor.job.take().expect("finished");
    advisor.estimate = Some(match job.join() {
        Ok(Ok(odds)) => Estimate::Ready(Box::new(odds)),
        Ok(Err(why)) | Err(why) => Estimate::Failed(why),
    });
    redraw.write(RequestRedraw);
}

fn pct(p: f64) -> String {
    format!("{:.0}%", p * 100.0)
}

/// The estimate for `answer`, as the panels show it: a heading line, the
/// endings that happen at all, Lee's risk, the expected Hits; every figure
/// explains itself on hover.
pub fn show(ui: &mut egui::Ui, advisor: &Advisor, answer: &Decision, what: &str) {
    let Some(estimate) = advisor.for_answer(answer) else {
        return;
    };
    let frame = egui::Frame::group(ui.style()).fill(super::theme::palette::PAPER_DEEP);
    frame.show(ui, |ui| match estimate {
        Estimate::Working => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(format!(
                    "Odds advisor: fighting {what} {} times…",
                    thousands(advisor.trials)
                ));
            });
        }
        Estimate::Failed(why) => {
            ui.label(
                egui::RichText::new(format!("Odds advisor: no estimate ({why})."))
                    .italics()
                    .size(12.0),
            );
        }
        Estimate::Ready(o) => {
            ui.label(egui::RichText::new(format!("Odds advisor — {what}")).strong())
                .on_hover_words(format!(
                    "An estimate from {} simulated battles, not a promise: each is fought to its end with the real Union AI and the rulebook's tables, your later choices made by the scripted commander ({}), every die its own. The interval after each figure is its 95% range (Wilson).",
                    o.trials,
                    o.policy.name()
                ));
            let from = match &o.in_progress {
                Some(p) => format!(
                    "each going on from the battle as it stands ({} dice, {} decisions so far)",
                    p.dice_replayed, p.decisions_replayed
                ),
                None => format!(
                    "{} {} vs Union {}",
                    if o.start.lee_present { "Lee's army" } else { "you" },
                    o.start.confederate_combat,
                    o.start.union_combat
                ),
            };
            ui.label(
                egui::RichText::new(format!(
                    "Estimate from {} simulated battles · {from}",
                    thousands(o.trials)
                ))
                .size(11.0),
            );
            let mut endings: Vec<_> = o.endings.iter().filter(|e| e.odds.count > 0).collect();
            endings.sort_by_key(|e| std::cmp::Reverse(e.odds.count));
            // The outcome lines are short: kept whole, not wrapped into
            // the first column.
            let wrap = ui.style().wrap_mode;
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
            egui::Grid::new("advisor").num_columns(2).show(ui, |ui| {
                let row = |ui: &mut egui::Ui, name: &str, p: &crate::odds::stats::Proportion, tip: &str| {
                    ui.label(name).on_hover_words(tip);
                    ui.label(egui::RichText::new(pct(p.probability)).strong())
                        .on_hover_words(format!(
                            "{} of {} battles; 95% interval {}–{}",
                            p.count,
                            o.trials,
                            pct(p.low),
                            pct(p.high)
                        ));
                    ui.end_row();
                };
                // A stand-alone battle: who wins it on its own terms.
                if let Some(v) = &o.victory {
                    let tip = "Who wins the battle on its terms (Objectives or Hits inflicted, 11.10; a Rout, an Envelopment or leaving the field loses at once): these add up to 100%.";
                    row(ui, "Confederate victory", &v.confederate, tip);
                    row(ui, "Union victory", &v.union, tip);
                    if v.draw.count > 0 {
                        row(ui, "A draw", &v.draw, tip);
                    }
                    return;
                }
                row(
                    ui,
                    "Union driven from the area",
                    &o.union_leaves_area,
                    "Routed, retreated, Enveloped or destroyed (14.5, 14.8, 10.2.9, 14.7).",
                );
                row(
                    ui,
                    "Confederates leave the area",
                    &o.confederates_leave_area,
                    "Routed, retreated, withdrew, Enveloped or destroyed (14.5, 14.5.1, 14.8, 10.2.9, 14.7).",
                );
                // The two summaries above count several endings each; the
                // endings below are apart and sum to 100%.
                ui.label(egui::RichText::new("How it ends (these add up to 100%):").italics().size(11.0));
                ui.end_row();
                for e in endings.iter().take(4) {
                    row(ui, e.label, &e.odds, "One of the battle's endings; they sum to 100%.");
                }
                if o.campaign_lost.count > 0 {
                    row(
                        ui,
                        "Campaign lost (Lee's army destroyed)",
                        &o.campaign_lost,
                        "Lee left without Confederate Forces or destroyed with his army (3.2).",
                    );
                }
            });
            ui.style_mut().wrap_mode = wrap;
            if o.victory.is_some() {
                // A stand-alone battle: its verdicts only, and the Hits.
            } else if endings.len() > 4 {
                ui.label(
                    egui::RichText::new(format!(
                        "{} rarer endings not listed.",
                        endings.len() - 4
                    ))
                    .size(11.0),
                );
            }
            if o.victory.is_none() {
                ui.label(
                    egui::RichText::new(
                        "The first two lines overlap the endings: \"driven from the area\" counts every ending the Union leaves by, \"leave the area\" every ending you leave by.",
                    )
                    .size(11.0),
                );
            }
            ui.label(
                egui::RichText::new(format!(
                    "Expected Hits: you {:.1}, Union {:.1} · Forces lost: you {:.1}, Union {:.1}",
                    o.hits.confederate.mean,
                    o.hits.union.mean,
                    o.forces_lost.confederate.mean,
                    o.forces_lost.union.mean
                ))
                .size(11.0),
            )
            .on_hover_words("Averages over the simulated battles (11.10, 11.11).");
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::campaign::Side;
    use crate::rules::board::Board;
    use crate::rules::decision::{Decider, Request};
    use crate::rules::difficulty::{BattleMode, GameOptions};
    use crate::rules::sequence::Decide;
    use crate::rules::setup::NewCampaign;
    use bevy::state::app::StatesPlugin;
    use std::sync::Arc;

    fn seven_days() -> Arc<crate::campaign::Campaign> {
        Arc::new(crate::campaign::load_bundled("seven-days").expect("loads"))
    }

    /// The rules and the advisor, headless, with a small trial count.
    fn app(battles: BattleMode, seed: u64) -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin, crate::RulesPlugin))
            .add_message::<RequestRedraw>()
            // Battles recorded, as the window has them: their questions
            // carry the sheet.
            .init_resource::<crate::rules::battle::record::BattleRecords>()
            .add_plugins(plugin);
        app.world_mut().resource_mut::<Advisor>().trials = 40;
        let options = GameOptions {
            battles,
            seed,
            ..GameOptions::default()
        };
        app.world_mut()
            .write_message(NewCampaign::new(seven_days(), options));
        app
    }

    /// Answer with the objective policy until `stop` says so at a request.
    fn play_until(app: &mut App, mut stop: impl FnMut(&mut World, &Request) -> bool) -> bool {
        let mut policy = Policy::Objective;
        for _ in 0..20_000 {
            app.update();
            let world = app.world_mut();
            if *world.resource::<State<GameState>>().get() == GameState::Over {
                return false;
            }
            if let Some(r) = world.resource::<PendingDecision>().request.clone() {
                if stop(world, &r) {
                    return true;
                }
                let board = Board::from_world(world).expect("a board");
                let d = policy.decide(&board, &r).expect("an answer");
                world.write_message(Decide(d));
            }
        }
        panic!("the campaign does not end");
    }

    /// Let the worker finish (the window keeps drawing meanwhile).
    fn settle(app: &mut App) -> Estimate {
        for _ in 0..6_000 {
            app.update();
            match &app.world().resource::<Advisor>().estimate {
                Some(Estimate::Working) | None => {
                    std::thread::sleep(std::time::Duration::from_millis(5))
                }
                Some(e) => return e.clone(),
            }
        }
        panic!("no estimate after 30 s");
    }

    fn digest(app: &mut App) -> String {
        crate::rules::digest::state_digest(app.world_mut()).expect("a digest")
    }

    #[test]
    fn counts_read_with_thousands_separators() {
        assert_eq!(thousands(40), "40");
        assert_eq!(thousands(2_000), "2,000");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }

    fn sums_to_trials(o: &Odds) {
        let n: u64 = o.endings.iter().map(|e| e.odds.count).sum();
        assert_eq!(n, o.trials);
        assert_eq!(o.trials, 40);
    }

    #[test]
    fn before_committing_battle_plans_the_battle_under_way_is_estimated_and_the_game_is_untouched()
    {
        // On the Battlefield Sheet and on the Advanced sheet's Squares.
        for mode in [BattleMode::Basic, BattleMode::Advanced] {
            let mut app = app(mode, 3);
            assert!(play_until(&mut app, |_, r| {
                r.battle_location.is_some() && r.options.contains(&Decision::EndAssign)
            }));
            let before = digest(&mut app);
            let dice_before = app.world().resource::<crate::dice::Dice>().rolled();
            let Estimate::Ready(o) = settle(&mut app) else {
                panic!(
                    "no estimate: {:?}",
                    app.world().resource::<Advisor>().estimate
                )
            };
            sums_to_trials(&o);
            let q = app
                .world()
                .resource::<Advisor>()
                .question
                .clone()
                .expect("asked");
            assert_eq!(q.answer, Decision::EndAssign);
            // The battle under way is replayed, the commit given.
            let p = o.in_progress.as_ref().expect("a battle under way");
            assert!(p.decisions_replayed >= 1);
            assert!(p.dice_replayed >= 1, "the Fog of War was rolled");
            assert_eq!(
                o.area,
                app.world()
                    .resource::<PendingDecision>()
                    .request
                    .as_ref()
                    .and_then(|r| r.battle_location)
                    .expect("in a battle")
            );
            // The game itself did not move: same state, no die rolled.
            assert_eq!(digest(&mut app), before);
            assert_eq!(
                app.world().resource::<crate::dice::Dice>().rolled(),
                dice_before
            );
            // Answering moves the question on: this estimate is dropped.
            app.world_mut().write_message(Decide(Decision::EndAssign));
            app.update();
            app.update();
            assert_ne!(
                app.world().resource::<Advisor>().question.as_ref(),
                Some(&q)
            );
        }
    }

    /// A stand-alone battle won on Hits (Malvern Hill, 11.10): before the
    /// Battle Plans are committed the advisor weighs who wins it on its
    /// own terms; the verdicts sum to every trial, and the game is
    /// untouched.
    #[test]
    fn a_stand_alone_battle_is_weighed_on_its_own_terms() {
        let (s, game) = crate::scenario::bundled_battle("malvern-hill").expect("bundled");
        assert_eq!(
            game.terms.victory,
            crate::rules::battle::advanced::battle_pack::Victory::Casualties
        );
        let campaign = Arc::new(crate::campaign::load_bundled(&s.campaign).unwrap());
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin, crate::RulesPlugin))
            .add_message::<RequestRedraw>()
            .init_resource::<crate::rules::battle::record::BattleRecords>()
            .add_plugins(plugin);
        app.world_mut().resource_mut::<Advisor>().trials = 40;
        let options = GameOptions {
            battles: BattleMode::Advanced,
            seed: 5,
            ..GameOptions::default()
        };
        app.world_mut()
            .write_message(NewCampaign::stand_alone(campaign, options, Arc::new(game)));
        assert!(play_until(&mut app, |_, r| {
            r.battle_location.is_some() && r.options.contains(&Decision::EndAssign)
        }));
        let before = digest(&mut app);
        let Estimate::Ready(o) = settle(&mut app) else {
            panic!(
                "no estimate: {:?}",
                app.world().resource::<Advisor>().estimate
            )
        };
        let v = o.victory.as_ref().expect("verdicts");
        assert_eq!(v.confederate.count + v.union.count + v.draw.count, 40);
        assert_eq!(digest(&mut app), before);
    }

    /// The whole group: every other Force that can still go where the move
    /// goes, each once; not the mover, not other areas, not Lee.
    #[test]
    fn the_group_sent_is_every_other_force_that_can_go_there() {
        let board = Board::empty(seven_days(), GameOptions::default());
        let mv = |force: &str, to: &str| Decision::MoveForce {
            force: force.into(),
            to: to.into(),
        };
        let r = Request::new(
            "9.2",
            "Moves",
            vec![
                mv("longstreet", "glendale"),
                mv("longstreet", "fair-oaks"),
                mv("hill", "glendale"),
                mv("magruder", "fair-oaks"),
                Decision::JacksonMarch {
                    force: "jackson".into(),
                    via: "white-oak-swamp".into(),
                    to: "glendale".into(),
                },
                Decision::MoveLee {
                    to: "glendale".into(),
                },
                Decision::EndMoves,
            ],
        );
        let view = GameView::build(board, None, Some(&r));
        assert_eq!(
            group_moves(&view, &mv("longstreet", "glendale")),
            vec![
                mv("hill", "glendale"),
                Decision::JacksonMarch {
                    force: "jackson".into(),
                    via: "white-oak-swamp".into(),
                    to: "glendale".into(),
                },
            ]
        );
        assert!(group_moves(&view, &Decision::EndMoves).is_empty());
    }

    #[test]
    fn a_move_waiting_for_confirmation_into_the_enemy_is_estimated_as_the_battle_it_brings() {
        for mode in [BattleMode::Quick, BattleMode::Basic, BattleMode::Advanced] {
            a_move_is_estimated(mode, false);
        }
        // Issue 48: Suggest on (remembered from a battle) covers the move
        // on the map, weighing campaigns; the battle the move brings is
        // still estimated.
        a_move_is_estimated(BattleMode::Basic, true);
    }

    fn a_move_is_estimated(mode: BattleMode, suggest: bool) {
        // A Moves step in which some Force can march into Union Forces.
        let mut found = None;
        for seed in 1..30 {
            let mut app = app(mode, seed);
            if suggest {
                let mut s = crate::app::suggest::Suggest::default();
                (s.on, s.covered) = (true, true);
                app.insert_resource(s);
            }
            let mut mv = None;
            let ok = play_until(&mut app, |world, r| {
                let Some(board) = Board::from_world(world) else {
                    return false;
                };
                let view = GameView::build(board, None, Some(r));
                mv = view.request.and_then(|rv| {
                    rv.choices
                        .into_iter()
                        .find(|c| {
                            matches!(c.decision, Decision::MoveForce { .. }) && c.starts_battle
                        })
                        .map(|c| c.decision)
                });
                mv.is_some()
            });
            if ok {
                found = Some((app, mv.expect("found")));
                break;
            }
        }
        let (mut app, mv) = found.expect("a move into the Union army in 30 games");
        let Decision::MoveForce { force, to } = mv else {
            unreachable!()
        };
        let before = digest(&mut app);
        app.world_mut().insert_resource(Selection {
            force: Some(force.to_string()),
            confirm: Some(to.to_string()),
            ..Selection::default()
        });
        let Estimate::Ready(o) = settle(&mut app) else {
            panic!(
                "no estimate: {:?}",
                app.world().resource::<Advisor>().estimate
            )
        };
        sums_to_trials(&o);
        assert_eq!(o.area, to);
        assert_eq!(o.attacker, Side::Confederate);
        assert_eq!(o.mode, mode);
        // The Force that moves is in the battle's Combat Value.
        let board = Board::from_world(app.world_mut()).unwrap();
        let mover = board.piece(&force).unwrap().combat();
        assert_eq!(
            o.start.confederate_combat,
            board.area_combat(&to, Side::Confederate) + mover
        );
        assert_eq!(o.start.union_combat, board.area_combat(&to, Side::Union));
        assert_eq!(digest(&mut app), before, "weighing a move does not make it");
        // Cancelled: no question, no estimate.
        app.world_mut().resource_mut::<Selection>().confirm = None;
        app.update();
        assert!(app.world().resource::<Advisor>().question.is_none());
    }

    #[test]
    fn switched_off_in_the_settings_the_advisor_fights_nothing() {
        let mut app = app(BattleMode::Basic, 3);
        let mut off = crate::settings::LoadedSettings::default();
        off.settings.odds_advisor = false;
        app.insert_resource(crate::app::settings::AppSettings {
            loaded: off,
            persist: false,
            message: None,
        });
        assert!(play_until(&mut app, |_, r| {
            r.battle_location.is_some() && r.options.contains(&Decision::EndAssign)
        }));
        for _ in 0..5 {
            app.update();
        }
        let advisor = app.world().resource::<Advisor>();
        assert!(advisor.question.is_none());
        assert!(advisor.estimate.is_none());
    }

    #[test]
    fn fighting_on_is_estimated_at_the_voluntary_retreat_choice() {
        let mut found = None;
        for seed in 1..40 {
            let mut app = app(BattleMode::Quick, seed);
            if play_until(&mut app, |_, r| r.options.contains(&Decision::FightOn)) {
                found = Some(app);
                break;
            }
        }
        let mut app = found.expect("a Quick battle that asks to fight on");
        let Estimate::Ready(o) = settle(&mut app) else {
            panic!(
                "no estimate: {:?}",
                app.world().resource::<Advisor>().estimate
            )
        };
        sums_to_trials(&o);
        let q = app.world().resource::<Advisor>().question.clone().unwrap();
        assert_eq!(q.answer, Decision::FightOn);
        assert!(o.in_progress.is_some());
        // Fighting on, the army never "withdrew" at this very choice: a
        // trial that retreats does so at a later turn, having fought on.
        assert!(o.mean_rounds >= 1.0);
    }
}
