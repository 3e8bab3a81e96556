//! Battles: the machinery every battle mode shares (10.2.1–10.2.9 pre-battle,
//! 11.9–11.11 hits, 14.5–14.8 endings, 5.9.1 artillery capture) and the two
//! modes fought on the campaign map (Part Two: Quick and Very Quick).
//!
//! Everything here works on a [`Board`]; see `rules::board` for why.

/// A chronicle line worded only when the chronicle keeps it: a quiet
/// simulated battle (odds, simulate) skips the formatting.
macro_rules! note {
    ($ctx:expr, $rule:expr, $($text:tt)+) => {
        $ctx.chronicle.note_with($rule, || format!($($text)+))
    };
}

pub mod basic;
pub mod fog;
pub mod quick;
pub mod record;

use serde::{Deserialize, Serialize};

use super::board::{Board, label};
use super::components::{Location, Strength};
use super::decision::{Decider, Decision, Interrupt, Situation, ask, ask_in};
use super::difficulty::BattleMode;
use crate::campaign::{CounterKind, ForceType, Insight, Side, SpecialRule, WithdrawalResult};
use crate::chronicle::Chronicle;
use crate::dice::{Check, Dice, pick_logged, roll_check, roll_d10};
use fog::FogEvent;

/// Everything a rule procedure works with.
pub struct Ctx<'a> {
    pub board: &'a mut Board,
    pub dice: &'a mut Dice,
    pub chronicle: &'a mut Chronicle,
    pub decider: &'a mut dyn Decider,
}

impl Ctx<'_> {
    pub fn note(&mut self, rule: &str, text: impl Into<String>) {
        self.chronicle.note(rule, text);
    }

    /// Ask the player (see `rules::decision`).
    pub fn ask(
        &mut self,
        rule: &str,
        prompt: impl Into<String>,
        options: Vec<Decision>,
    ) -> Result<Decision, Interrupt> {
        ask(self.decider, self.board, rule, prompt, options)
    }

    /// A random choice among board pieces.
    pub fn pick_piece(
        &mut self,
        rule: &'static str,
        what: &str,
        candidates: &[usize],
    ) -> Result<usize, Interrupt> {
        let board = &*self.board;
        let i = pick_logged(
            self.dice,
            self.chronicle,
            rule,
            what,
            candidates.len(),
            |i| board.label(candidates[i]),
        )?;
        Ok(candidates[i])
    }

    pub fn pick_area(
        &mut self,
        rule: &'static str,
        what: &str,
        areas: &[String],
    ) -> Result<String, Interrupt> {
        let board = &*self.board;
        let i = pick_logged(self.dice, self.chronicle, rule, what, areas.len(), |i| {
            board.area_name(&areas[i]).to_string()
        })?;
        Ok(areas[i].clone())
    }
}

/// A battle to fight.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleSpec {
    /// The Battle Location Area (4.16).
    pub area: String,
    /// The army that entered the enemy-occupied area (Quick/Very Quick
    /// "Determine Attacker").
    pub attacker: Side,
}

/// How a battle ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Ending {
    /// 10.2.9: the weaker army was Enveloped and destroyed.
    Enveloped { loser: Side },
    /// 14.5: an army Routed.
    Routed { loser: Side },
    /// 14.8.2 / 14.8.3: an army retreated after the battle, by the table or
    /// automatically at 2:1.
    Retreat { side: Side },
    /// 14.8.4: both armies stay; no new battle in this step.
    Encamp,
    /// One army (or both) has no Forces left in the area (14.7).
    Cleared { loser: Option<Side> },
    /// Quick 14.5.1 / Very Quick 14.8.1: the player took the army away.
    ConfederateWithdrew,
}

impl Ending {
    pub fn describe(self) -> String {
        match self {
            Ending::Enveloped { loser } => format!("the {} were Enveloped (10.2.9)", loser.army()),
            Ending::Routed { loser } => format!("the {} Routed (14.5)", loser.army()),
            Ending::Retreat { side } => format!("{} Retreat (14.8)", side.name()),
            Ending::Encamp => "Encamp (14.8.4)".to_string(),
            Ending::Cleared { loser: Some(side) } => {
                format!("no {} Forces are left in the area (14.7)", side.name())
            }
            Ending::Cleared { loser: None } => {
                "no Forces of either side are left (14.7)".to_string()
            }
            Ending::ConfederateWithdrew => {
                "the Confederates withdrew (14.5.1 / 14.8.1)".to_string()
            }
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub ending: Ending,
    /// 3.2: Lee ended alone or was destroyed.
    pub campaign_lost: bool,
    /// How many times the battle was fought (Rejoin starts it again).
    pub rounds: u32,
}

/// What the pre-battle sequence leaves for the battle itself.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PreBattle {
    pub fog_roll: u32,
    pub battle_turns: u32,
    /// Basic: the random Insight (10.2.6 event 1).
    pub insight: Option<Insight>,
    /// Basic: extra Union Special Battle Plans each battle turn.
    pub union_special_bonus: u32,
    /// Quick/Very Quick: the Union's column shifts each battle turn.
    pub union_shifts: u32,
    /// Quick/Very Quick: the Confederate BRT ±1 (replaces the Insight).
    pub confederate_shift: bool,
}

/// A battle's end: 3.2, the campaign is lost if Lee is left alone.
pub fn finish(ctx: &mut Ctx, ending: Ending, rounds: u32) -> Outcome {
    let campaign_lost = ctx.board.lee_isolated();
    if campaign_lost {
        ctx.note(
            "3.2",
            "Robert E. Lee is left without Confederate Forces: the campaign is lost.",
        );
    }
    Outcome {
        ending,
        campaign_lost,
        rounds,
    }
}

pub fn lee_present(board: &Board, area: &str) -> bool {
    board.lee.area() == Some(area)
}

/// The battle's balance, for decisions asked during it.
pub fn situation(board: &Board, area: &str, attacker: Side) -> Situation {
    Situation {
        confederate_combat: board.area_combat(area, Side::Confederate),
        union_combat: board.area_combat(area, Side::Union),
        lee_present: lee_present(board, area),
        confederates_attack: attacker == Side::Confederate,
    }
}

fn on_map(mode: BattleMode) -> bool {
    matches!(mode, BattleMode::Quick | BattleMode::VeryQuick)
}

/// 10.2.1–10.2.8: roll for Fog of War (with Scout re-rolls), set the battle
/// turns and resolve the event.
pub fn pre_battle(ctx: &mut Ctx, area: &str, mode: BattleMode) -> Result<PreBattle, Interrupt> {
    let level = ctx.board.options.union.fog_of_war;
    let rule = fog::rule(level);
    // A roll kept because the Union's Saving Throw negated the Scout.
    let mut kept: Option<u32> = None;
    let row = loop {
        let rolled = kept.is_none();
        let die = match kept.take() {
            Some(die) => die,
            None => roll_d10(ctx.dice, ctx.chronicle, rule, "Fog of War", |d| {
                let r = fog::lookup(level, d);
                format!(
                    "{} battle turns; {}",
                    r.battle_turns,
                    r.event.text_in(on_map(mode))
                )
            })?,
        };
        let row = fog::lookup(level, die);
        if rolled && ctx.recording() {
            ctx.record(record::EventKind::FogOfWar {
                level,
                die,
                battle_turns: row.battle_turns,
                event: row.event.text_in(on_map(mode)).to_string(),
            });
        }
        if ctx.board.scouts.available == 0 {
            break (die, row);
        }
        let here = situation(ctx.board, area, Side::Confederate);
        let choice = ask_in(
            ctx.decider,
            ctx.board,
            "10.2.2",
            format!(
                "Fog of War {die}: {} battle turns{}, {} Keep it, or discard 1 of your {} Scout(s) to roll again (no going back)?",
                row.battle_turns,
                if on_map(mode) {
                    format!(
                        " ({} in a Quick or Very Quick battle)",
                        row.battle_turns.saturating_sub(2).max(1)
                    )
                } else {
                    String::new()
                },
                row.event.text_in(on_map(mode)),
                ctx.board.scouts.available
            ),
            vec![Decision::AcceptFogOfWar, Decision::RerollFogOfWar],
            Some(here),
        )?;
        if choice == Decision::AcceptFogOfWar {
            break (die, row);
        }
        ctx.board.scouts.available -= 1;
        ctx.note(
            "10.2.2",
            "A Scout is discarded to roll the Fog of War again.",
        );
        if crate::rules::cavalry::scout_negated(ctx, "Fog of War re-roll")? {
            kept = Some(die);
        }
    };
    let (die, row) = row;
    let mut pre = PreBattle {
        fog_roll: die,
        battle_turns: row.battle_turns,
        ..PreBattle::default()
    };
    if on_map(mode) {
        // Quick / Very Quick: battle turns minus two, at least one.
        pre.battle_turns = row.battle_turns.saturating_sub(2).max(1);
        note!(
            ctx,
            "10.2.4",
            "The battle lasts {} battle turn(s) ({} on the table, minus 2, at least 1: Quick/Very Quick rules).",
            pre.battle_turns,
            row.battle_turns
        );
    } else {
        note!(
            ctx,
            "10.2.4",
            "The battle lasts {} battle turns.",
            pre.battle_turns
        );
    }
    resolve_event(ctx, area, mode, row.event, &mut pre)?;
    Ok(pre)
}

/// 10.2.5: resolve a Fog of War event; one that cannot be resolved is ignored.
fn resolve_event(
    ctx: &mut Ctx,
    area: &str,
    mode: BattleMode,
    event: FogEvent,
    pre: &mut PreBattle,
) -> Result<(), Interrupt> {
    let rule = "10.2.5";
    match event {
        FogEvent::RandomInsight if on_map(mode) => {
            pre.confederate_shift = true;
            ctx.note(
                rule,
                "Random Insight becomes the Confederate BRT ±1: one column shift, left or right, when you choose (Quick/Very Quick).",
            );
        }
        FogEvent::RandomInsight => {
            let forbidden: Vec<Insight> = ctx
                .board
                .campaign
                .special_rules
                .iter()
                .flat_map(|r| match r {
                    SpecialRule::ForbiddenInsights { insights, .. } => insights.clone(),
                    _ => Vec::new(),
                })
                .collect();
            let all = Insight::ALL;
            let allowed: Vec<Insight> =
                all.into_iter().filter(|i| !forbidden.contains(i)).collect();
            if allowed.is_empty() {
                ctx.note(
                    rule,
                    "No Insight may be chosen in this campaign: the event is ignored.",
                );
            } else {
                let k = pick_logged(
                    ctx.dice,
                    ctx.chronicle,
                    "10.2.6",
                    "Random Insight",
                    allowed.len(),
                    |i| format!("{:?}", allowed[i]),
                )?;
                pre.insight = Some(allowed[k]);
            }
        }
        FogEvent::GainCommandPoints => {
            ctx.board.cp.confederate += 2;
            ctx.note(rule, "You gain 2 Command Points.");
        }
        FogEvent::GainScout => {
            let s = &mut ctx.board.scouts;
            if s.available < s.counters {
                s.available += 1;
                ctx.note(rule, "You gain 1 Scout.");
            } else {
                ctx.note(
                    rule,
                    "Every Scout counter is already in the Scout box (4.10): the event is ignored.",
                );
            }
        }
        FogEvent::BuyBrigade => buy_brigade(ctx)?,
        FogEvent::RegimentOrTransfer => {
            let die = roll_d10(
                ctx.dice,
                ctx.chronicle,
                "10.2.6",
                "Regiment or transfer",
                |d| {
                    if d <= 5 {
                        "1-5: add 1 Union Regiment".into()
                    } else {
                        "6-10: transfer 2 of your Command Points to the Union".into()
                    }
                },
            )?;
            if die >= 6 && ctx.board.cp.confederate >= 2 {
                ctx.board.cp.confederate -= 2;
                ctx.board.cp.union += 2;
                ctx.note(rule, "2 Confederate Command Points go to the Union.");
            } else {
                if die >= 6 {
                    ctx.note(
                        rule,
                        "You do not have 2 Command Points: a Union Regiment is added instead.",
                    );
                }
                if !add_from_cup(ctx, area, CounterKind::Regiment, "Union Regiment")? {
                    ctx.note(
                        rule,
                        "No Union Regiment is available: the event is ignored.",
                    );
                }
            }
        }
        FogEvent::Disease => {
            let Some(target) = disease_area(ctx, area)? else {
                return Ok(());
            };
            let infantry: Vec<usize> = ctx
                .board
                .side_in_area(&target, Side::Confederate)
                .into_iter()
                .filter(|&i| ctx.board.pieces[i].force.force_type == ForceType::Infantry)
                .collect();
            if infantry.is_empty() {
                let name = ctx.board.area_name(&target).to_string();
                note!(
                    ctx,
                    rule,
                    "No Confederate Infantry in {name}: Disease is ignored."
                );
            } else {
                let i = ctx.pick_piece("10.2.6", "Disease strikes", &infantry)?;
                ctx.board.hit(i, ctx.chronicle, "10.2.6");
            }
        }
        FogEvent::VirulentDisease => {
            let Some(target) = disease_area(ctx, area)? else {
                return Ok(());
            };
            for i in ctx.board.side_in_area(&target, Side::Confederate) {
                ctx.board.hit(i, ctx.chronicle, "10.2.7");
            }
        }
        FogEvent::Desertion => {
            let held = ctx.board.held_areas(Side::Confederate);
            if held.is_empty() {
                ctx.note(
                    rule,
                    "You Hold no Area: Desertion cannot be resolved and is ignored (R-10.2.8).",
                );
                return Ok(());
            }
            let target = ctx.pick_area("10.2.8", "Desertion: area", &held)?;
            let forces = ctx.board.side_in_area(&target, Side::Confederate);
            let i = ctx.pick_piece("10.2.8", "Desertion: Force", &forces)?;
            let p = &ctx.board.pieces[i];
            let activation = p.force.values(p.strength).activation.unwrap_or(0) as i32;
            let check = Check::new(
                format!("Desertion: {}", label(p)),
                "5.6",
                activation,
                "Activation",
            );
            let out = roll_check(ctx.dice, ctx.chronicle, check)?;
            if out.success {
                if ctx.board.hit(i, ctx.chronicle, "10.2.8") == super::board::HitResult::Destroyed {
                    ctx.board.remove_from_game(i, ctx.chronicle, "10.2.8");
                }
            } else {
                ctx.board.remove_from_game(i, ctx.chronicle, "10.2.8");
            }
        }
        FogEvent::UnionReinforcement => union_reinforcement(ctx, area)?,
        FogEvent::UnionStatic => {
            let die = roll_d10(
                ctx.dice,
                ctx.chronicle,
                "10.2.6",
                "Union Fortification or Garrison",
                |d| {
                    if d <= 2 {
                        "1-2: a Union Fortification".into()
                    } else {
                        "3-10: a Union Garrison".into()
                    }
                },
            )?;
            let kind = if die <= 2 {
                CounterKind::Fortification
            } else {
                CounterKind::Garrison
            };
            let stock = ctx.board.in_pile(&Location::StaticForcesPile, |f| {
                f.side == Side::Union && f.kind == Some(kind)
            });
            match stock.first() {
                Some(&i) => {
                    ctx.board.move_to(i, area);
                    note!(
                        ctx,
                        rule,
                        "{} joins the battle in {}.",
                        ctx.board.label(i),
                        ctx.board.area_name(area)
                    );
                }
                None => {
                    ctx.board.cp.union += 2;
                    note!(
                        ctx,
                        rule,
                        "No Union {} is left: the Union gains 2 Command Points instead.",
                        kind.name()
                    );
                }
            }
        }
        FogEvent::UnionSpecialPlans(n) if on_map(mode) => {
            pre.union_shifts += n;
            note!(
                ctx,
                rule,
                "The Union gains {n} column shift(s) on the Battle Resolution Table each battle turn (right when attacking, left when defending)."
            );
        }
        FogEvent::UnionSpecialPlans(n) => {
            pre.union_special_bonus += n;
            note!(
                ctx,
                rule,
                "The Union draws {n} more Special Battle Plan(s) each turn of this battle."
            );
        }
    }
    Ok(())
}

/// Disease and Virulent Disease: a random Confederate-Held Area, or the
/// battle's own area when the Confederates Hold none (10.2.6; R-10.2.7-b for
/// Virulent Disease).
fn disease_area(ctx: &mut Ctx, battle: &str) -> Result<Option<String>, Interrupt> {
    let held = ctx.board.held_areas(Side::Confederate);
    if held.is_empty() {
        if ctx.board.has_side(battle, Side::Confederate) {
            ctx.note(
                "10.2.6",
                "You Hold no Area: Disease strikes the battle's area.",
            );
            return Ok(Some(battle.to_string()));
        }
        return Ok(None);
    }
    Ok(Some(ctx.pick_area("10.2.6", "Disease: area", &held)?))
}

/// 10.2.6 event 4: pay 2 CP for an unpurchased Brigade in a Confederate
/// Held Area (never the battle's, which is not Held).
fn buy_brigade(ctx: &mut Ctx) -> Result<(), Interrupt> {
    let rule = "10.2.6";
    let brigades = ctx.board.in_pile(&Location::ConfederateAvailable, |f| {
        f.side == Side::Confederate && f.kind == Some(CounterKind::Brigade)
    });
    // One choice per kind of Brigade: identical counters are one choice.
    let mut kinds: Vec<usize> = Vec::new();
    for i in brigades {
        let f = &ctx.board.pieces[i].force;
        if !kinds.iter().any(|&k| {
            let g = &ctx.board.pieces[k].force;
            g.force_type == f.force_type && g.full == f.full && g.skill == f.skill
        }) {
            kinds.push(i);
        }
    }
    let areas = ctx.board.held_areas(Side::Confederate);
    if ctx.board.cp.confederate < 2 || kinds.is_empty() || areas.is_empty() {
        ctx.note(rule, "You cannot pay 2 Command Points for a Brigade, or none can be placed: the event is ignored.");
        return Ok(());
    }
    let mut options = vec![Decision::DeclineBrigade];
    for &k in &kinds {
        for a in &areas {
            options.push(Decision::BuyBrigade {
                force: ctx.board.pieces[k].id().clone(),
                area: a.as_str().into(),
            });
        }
    }
    match ask(
        ctx.decider,
        ctx.board,
        rule,
        "Pay 2 Command Points to add 1 Brigade to a Confederate Held Area?",
        options,
    )? {
        Decision::BuyBrigade { force, area } => {
            let i = ctx.board.index(&force).expect("offered brigades exist");
            ctx.board.cp.confederate -= 2;
            ctx.board.move_to(i, &area);
            note!(
                ctx,
                rule,
                "You pay 2 Command Points: {} joins in {}.",
                ctx.board.label(i),
                ctx.board.area_name(&area)
            );
        }
        _ => ctx.note(rule, "You decline to pay for a Brigade."),
    }
    Ok(())
}

/// A random Union counter of this kind from the Additional Forces cup joins
/// the battle. False when there is none.
fn add_from_cup(
    ctx: &mut Ctx,
    area: &str,
    kind: CounterKind,
    what: &str,
) -> Result<bool, Interrupt> {
    let cup = ctx.board.in_pile(&Location::AdditionalForcesCup, |f| {
        f.side == Side::Union && f.kind == Some(kind)
    });
    if cup.is_empty() {
        return Ok(false);
    }
    let i = ctx.pick_piece(
        "10.2.6",
        &format!("{what} from the Additional Forces cup"),
        &cup,
    )?;
    ctx.board.move_to(i, area);
    ctx.board.pieces[i].strength = Strength::Full;
    note!(ctx, "10.2.6", "{} joins the battle.", ctx.board.label(i));
    Ok(true)
}

/// 10.2.6 event 7: a random Reinforcement, else Brigade, Regiment, Battery,
/// else 4 Command Points.
fn union_reinforcement(ctx: &mut Ctx, area: &str) -> Result<(), Interrupt> {
    let cup = ctx
        .board
        .in_pile(&Location::ReinforcementCup, |f| f.side == Side::Union);
    if !cup.is_empty() {
        let i = ctx.pick_piece(
            "10.2.6",
            "Union Reinforcement from the Reinforcement cup",
            &cup,
        )?;
        ctx.board.move_to(i, area);
        ctx.board.pieces[i].strength = Strength::Full;
        note!(ctx, "10.2.6", "{} joins the battle.", ctx.board.label(i));
        return Ok(());
    }
    for (kind, what) in [
        (CounterKind::Brigade, "Union Brigade"),
        (CounterKind::Regiment, "Union Regiment"),
        (CounterKind::Battery, "Union Battery"),
    ] {
        if add_from_cup(ctx, area, kind, what)? {
            return Ok(());
        }
    }
    ctx.board.cp.union += 4;
    ctx.note("10.2.6", "No Union Reinforcement, Brigade, Regiment or Battery is left: the Union gains 4 Command Points.");
    Ok(())
}

/// 10.2.9 Envelopment Check, with the Fog of War additions. Returns the
/// ending when one army is Enveloped.
pub fn envelopment(ctx: &mut Ctx, area: &str) -> Option<Ending> {
    let u = ctx.board.area_combat(area, Side::Union);
    let c = ctx.board.area_combat(area, Side::Confederate);
    let loser = outweighed(c, u);
    if ctx.recording() {
        ctx.record(record::EventKind::Envelopment {
            confederate: c,
            union: u,
            enveloped: loser,
        });
    }
    let Some(loser) = loser else {
        note!(
            ctx,
            "10.2.9",
            "Envelopment check: Union {u} against Confederate {c}: no Envelopment (3:1 needed)."
        );
        return None;
    };
    note!(
        ctx,
        "10.2.9",
        "Envelopment check: Union {u} against Confederate {c}: the {} Forces are Enveloped and destroyed (artillery destroyed, not captured).",
        loser.name()
    );
    for i in ctx.board.side_in_area(area, loser) {
        ctx.board.destroy(i, ctx.chronicle, "10.2.9");
    }
    match loser {
        Side::Union => {
            ctx.board.cp.confederate += 1;
            ctx.note(
                "15.3",
                "+1 Confederate Command Point for Enveloping the Union.",
            );
        }
        Side::Confederate => {
            ctx.board.cp.union += 2;
            ctx.note(
                "18.4",
                "+2 Union Command Points for Enveloping the Confederates.",
            );
        }
    }
    Some(Ending::Enveloped { loser })
}

/// 11.9 (Quick/Very Quick): apply Hits to one army in the area, lowest
/// category then lowest Skill Level first; the player picks among equal
/// Union Forces, the dice among equal Confederate Forces. Hits left when
/// the army is gone are discarded.
pub fn allocate_hits(
    ctx: &mut Ctx,
    area: &str,
    side: Side,
    hits: u32,
    rule: &'static str,
) -> Result<(), Interrupt> {
    let mut on = Vec::new();
    for n in 0..hits {
        let forces = ctx.board.side_in_area(area, side);
        if forces.is_empty() {
            note!(
                ctx,
                rule,
                "{} Hit(s) on the {} army are discarded: none of its Forces remain.",
                hits - n,
                side.name()
            );
            break;
        }
        let key = |i: usize| {
            let f = &ctx.board.pieces[i].force;
            (super::board::hit_category(f.force_type), f.skill)
        };
        let lowest = forces.iter().map(|&i| key(i)).min().expect("not empty");
        let candidates: Vec<usize> = forces.into_iter().filter(|&i| key(i) == lowest).collect();
        let target = if candidates.len() == 1 {
            candidates[0]
        } else if side == Side::Union {
            let options = candidates
                .iter()
                .map(|&i| Decision::HitUnionForce {
                    force: ctx.board.pieces[i].id().clone(),
                })
                .collect();
            match ask(
                ctx.decider,
                ctx.board,
                rule,
                "Which Union Force of equal Skill Level takes the Hit?",
                options,
            )? {
                Decision::HitUnionForce { force } => ctx.board.index(&force).expect("offered"),
                _ => unreachable!("ask returns an offered option"),
            }
        } else {
            ctx.pick_piece(rule, "Hit on an equal-Skill Confederate Force", &candidates)?
        };
        let result = ctx.board.hit(target, ctx.chronicle, rule);
        on.push((
            ctx.board.pieces[target].force.id.clone(),
            result == super::board::HitResult::Destroyed,
        ));
    }
    if ctx.recording() && hits > 0 {
        ctx.record(record::EventKind::Hits { side, hits, on });
    }
    Ok(())
}

/// 5.9.1–5.9.2: an Artillery Force is captured. It goes to the Captured
/// Artillery pile and the capturing side places an Artillery Force of equal
/// or lower Combat Value in `area`: a recaptured one first, then one from
/// stock; with none, the capturing side gains 2 Command Points.
pub fn capture_artillery(ctx: &mut Ctx, i: usize, area: &str, rule: &'static str) {
    let captured = ctx.board.pieces[i].clone();
    let cv = captured.force.full.combat;
    let captor = captured.force.side.other();
    // A captured battery is lost to its army like a destroyed one.
    ctx.board.progress.casualties.lost(captured.force.side);
    ctx.board.set_location(i, Location::CapturedArtilleryPile);
    ctx.board.pieces[i].strength = Strength::Full;
    note!(
        ctx,
        rule,
        "{} is captured (5.9.1) and goes to the Captured Artillery pile.",
        label(&captured)
    );
    let own_stock = match captor {
        Side::Union => Location::AdditionalForcesCup,
        Side::Confederate => Location::ConfederateAvailable,
    };
    let best = |b: &Board, pile: &Location, stock_only: bool| -> Option<usize> {
        b.in_pile(pile, |f| {
            f.side == captor
                && f.force_type == ForceType::Artillery
                && f.full.combat <= cv
                && (!stock_only || f.kind == Some(CounterKind::Battery))
        })
        .into_iter()
        .max_by_key(|&j| (b.pieces[j].force.full.combat, std::cmp::Reverse(j)))
    };
    let substitute = best(ctx.board, &Location::CapturedArtilleryPile, false)
        .or_else(|| best(ctx.board, &own_stock, true));
    match substitute {
        Some(j) => {
            ctx.board.move_to(j, area);
            ctx.board.pieces[j].strength = Strength::Full;
            note!(
                ctx,
                rule,
                "{} takes its place for the {} (5.9.2).",
                ctx.board.label(j),
                captor.army()
            );
        }
        None => {
            match captor {
                Side::Union => ctx.board.cp.union += 2,
                Side::Confederate => ctx.board.cp.confederate += 2,
            }
            note!(
                ctx,
                rule,
                "No {} Artillery can take its place: the {} gain 2 Command Points (5.9.2).",
                captor.name(),
                captor.name()
            );
        }
    }
}

/// Static Forces of a side leaving the battle are destroyed and its
/// Artillery is captured (14.5, 14.8.2, 14.8.3).
fn abandon(ctx: &mut Ctx, area: &str, side: Side, rule: &'static str) {
    for i in ctx.board.side_in_area(area, side) {
        match ctx.board.pieces[i].force.force_type {
            ForceType::Garrison | ForceType::Fortification => {
                ctx.board.destroy(i, ctx.chronicle, rule)
            }
            ForceType::Artillery => capture_artillery(ctx, i, area, rule),
            _ => {}
        }
    }
}

fn union_retreat_choices(board: &Board, area: &str) -> Vec<String> {
    let nb = board.neighbours(area);
    let held: Vec<String> = nb
        .iter()
        .filter(|a| board.holder(a) == Some(Side::Union))
        .cloned()
        .collect();
    if !held.is_empty() {
        return held;
    }
    nb.into_iter()
        .filter(|a| board.holder(a) != Some(Side::Confederate))
        .collect()
}

/// 14.5 Rout (and the Quick Voluntary Retreat, which follows its
/// procedure for the Confederates): static Forces destroyed, Artillery
/// captured, each Mobile Force to an adjacent area by the rules'
/// preference, destroyed when there is none; Lee follows the first
/// Confederate Force out.
pub fn leave_battle(ctx: &mut Ctx, area: &str, side: Side, routed: bool) -> Result<(), Interrupt> {
    let rule = if routed { "14.5" } else { "14.5.1" };
    leave_area(ctx, area, side, rule, true)?;
    if routed {
        rout_award(ctx, side);
    }
    Ok(())
}

/// Every Force of `side` still in `area` leaves it as 14.5 says (static
/// Forces destroyed, Artillery captured, the others to an adjacent area);
/// Lee goes with the first when `with_lee`.
pub fn leave_area(
    ctx: &mut Ctx,
    area: &str,
    side: Side,
    rule: &'static str,
    with_lee: bool,
) -> Result<(), Interrupt> {
    let lee_here = with_lee && lee_present(ctx.board, area);
    abandon(ctx, area, side, rule);
    let mut lee_moved = false;
    for i in ctx.board.side_in_area(area, side) {
        let id = ctx.board.pieces[i].force.id.clone();
        let dest = match side {
            Side::Union => {
                let choices = union_retreat_choices(ctx.board, area);
                if choices.is_empty() {
                    None
                } else {
                    Some(ctx.pick_area(rule, &format!("{id} retreats to"), &choices)?)
                }
            }
            Side::Confederate => {
                let choices: Vec<String> = ctx
                    .board
                    .neighbours(area)
                    .into_iter()
                    .filter(|a| !ctx.board.has_side(a, Side::Union))
                    .collect();
                if choices.is_empty() {
                    None
                } else {
                    let options = choices
                        .iter()
                        .map(|a| Decision::RetreatTo {
                            force: id.as_str().into(),
                            area: a.as_str().into(),
                        })
                        .collect();
                    let prompt = format!("Where does {} go?", ctx.board.label(i));
                    match ask(ctx.decider, ctx.board, rule, prompt, options)? {
                        Decision::RetreatTo { area, .. } => Some(area.to_string()),
                        _ => unreachable!("ask returns an offered option"),
                    }
                }
            }
        };
        match dest {
            Some(to) => {
                ctx.board.move_to(i, &to);
                note!(
                    ctx,
                    rule,
                    "{} leaves the battle for {}.",
                    ctx.board.label(i),
                    ctx.board.area_name(&to)
                );
                if side == Side::Confederate && lee_here && !lee_moved {
                    ctx.board.lee = Location::Area(to.clone());
                    lee_moved = true;
                    note!(
                        ctx,
                        rule,
                        "Robert E. Lee goes with it to {}.",
                        ctx.board.area_name(&to)
                    );
                }
            }
            None => {
                ctx.note(rule, "No adjacent area is open to it.");
                ctx.board.destroy(i, ctx.chronicle, rule);
            }
        }
    }
    Ok(())
}

/// The Command Points a Rout earns the winner: +1 Confederate for Routing
/// the Union (15.3), +2 Union for Routing the Confederates (18.4).
pub fn rout_award(ctx: &mut Ctx, loser: Side) {
    match loser {
        Side::Union => {
            ctx.board.cp.confederate += 1;
            ctx.note(
                "15.3",
                "+1 Confederate Command Point for Routing the Union.",
            );
        }
        Side::Confederate => {
            ctx.board.cp.union += 2;
            ctx.note(
                "18.4",
                "+2 Union Command Points for Routing the Confederates.",
            );
        }
    }
}

/// 14.8.2 Union Retreat / 14.8.3 Confederate Retreat: the whole army goes to
/// one randomly selected adjacent area (own-Held first, then not Held by the
/// enemy), or is destroyed when there is none (with Lee: defeat).
pub fn withdraw(ctx: &mut Ctx, area: &str, side: Side) -> Result<(), Interrupt> {
    let rule = match side {
        Side::Union => "14.8.2",
        Side::Confederate => "14.8.3",
    };
    abandon(ctx, area, side, rule);
    let nb = ctx.board.neighbours(area);
    let own: Vec<String> = nb
        .iter()
        .filter(|a| ctx.board.holder(a) == Some(side))
        .cloned()
        .collect();
    let choices = if own.is_empty() {
        nb.into_iter()
            .filter(|a| ctx.board.holder(a) != Some(side.other()))
            .collect()
    } else {
        own
    };
    let mobile = ctx.board.side_in_area(area, side);
    let lee_here = lee_present(ctx.board, area);
    if choices.is_empty() {
        note!(
            ctx,
            rule,
            "No adjacent area is open to the {} army: it is destroyed.",
            side.name()
        );
        for i in mobile {
            ctx.board.destroy(i, ctx.chronicle, rule);
        }
        if side == Side::Confederate && lee_here {
            ctx.board.lee = Location::RemovedFromGame;
            ctx.note(rule, "Robert E. Lee is lost with his army (3.2).");
        }
        return Ok(());
    }
    let to = ctx.pick_area(
        rule,
        &format!("The {} army retreats to", side.name()),
        &choices,
    )?;
    for i in mobile {
        ctx.board.move_to(i, &to);
    }
    if side == Side::Confederate && lee_here {
        ctx.board.lee = Location::Area(to.clone());
    }
    note!(
        ctx,
        rule,
        "The {} army retreats to {}.",
        side.name(),
        ctx.board.area_name(&to)
    );
    Ok(())
}

/// 14.8 Withdrawal: automatic Retreat at 2:1, the campaign's table
/// otherwise, for the combined Combat Values of the Forces still fighting
/// (`confederate`, `union`): on a Battlefield Sheet those "remaining on the
/// Battlefield sheet", not Forces kept off it.
pub fn withdrawal_result(
    ctx: &mut Ctx,
    confederate: u32,
    union: u32,
) -> Result<WithdrawalResult, Interrupt> {
    let (c, u) = (confederate, union);
    let record = |ctx: &mut Ctx, die: Option<u32>, result: WithdrawalResult| {
        if ctx.recording() {
            ctx.record(record::EventKind::Withdrawal {
                confederate: c,
                union: u,
                die,
                result,
            });
        }
        result
    };
    if c >= 2 * u {
        note!(
            ctx,
            "14.8",
            "Confederate {c} against Union {u}: the Union is at 2:1 or worse and Retreats."
        );
        return Ok(record(ctx, None, WithdrawalResult::UnionRetreat));
    }
    if u >= 2 * c {
        note!(
            ctx,
            "14.8",
            "Union {u} against Confederate {c}: the Confederates are at 2:1 or worse and Retreat."
        );
        return Ok(record(ctx, None, WithdrawalResult::ConfederateRetreat));
    }
    let table = ctx.board.campaign.withdrawal.clone();
    let result_of = |d: u32| {
        table
            .iter()
            .find(|r| r.rolls.contains(&d))
            .map(|r| r.result)
            .expect("validated: the withdrawal table covers 1-10")
    };
    let die = roll_d10(
        ctx.dice,
        ctx.chronicle,
        "14.8",
        format!("Withdrawal table (Confederate {c} against Union {u}, less than 2:1)"),
        |d| result_of(d).name().to_string(),
    )?;
    Ok(record(ctx, Some(die), result_of(die)))
}

/// 14.5: does one army have 3 times or more the other's Combat Value?
pub fn routed_side(board: &Board, area: &str) -> Option<Side> {
    let u = board.area_combat(area, Side::Union);
    let c = board.area_combat(area, Side::Confederate);
    outweighed(c, u).filter(|&loser| board.has_side(area, loser))
}

/// 10.2.9 Envelopment, 14.5 Rout: the side whose combined Combat Value the
/// other has 3 times or more.: a side of Combat Value 0 is
/// outweighed by any larger one; two sides of 0 by neither.
pub fn outweighed(confederate: u32, union: u32) -> Option<Side> {
    if union > confederate && union >= 3 * confederate {
        Some(Side::Confederate)
    } else if confederate > union && confederate >= 3 * union {
        Some(Side::Union)
    } else {
        None
    }
}

/// The army missing from the area, if any (14.7).
pub fn cleared(board: &Board, area: &str) -> Option<Option<Side>> {
    let u = board.has_side(area, Side::Union);
    let c = board.has_side(area, Side::Confederate);
    match (c, u) {
        (true, true) => None,
        (true, false) => Some(Some(Side::Union)),
        (false, true) => Some(Some(Side::Confederate)),
        (false, false) => Some(None),
    }
}
