//! 10.2.1–10.2.9 before every battle: the Fog of War roll with its Scout
//! re-rolls and its events, and the Envelopment Check; and whether Lee is
//! present (10.2.10, 10.2.17).

use super::awards::{Win, win_award};
use super::fog::{self, FogEvent};
use super::{Ending, PreBattle, outweighed, record};
use crate::campaign::{CounterKind, ForceType, Insight, Side, SpecialRule};
use crate::chronicle::FaceSet;
use crate::dice::{Check, pick_logged, roll_check, roll_d10, roll_table};
use crate::rules::board::{Board, PieceIx, label};
use crate::rules::components::{Location, Strength};
use crate::rules::ctx::Ctx;
use crate::rules::decision::{Decision, Interrupt, Request, Situation};
use crate::rules::difficulty::BattleMode;

/// The battle's balance, for decisions asked during it.
pub fn situation(board: &Board, area: &str, attacker: Side) -> Situation {
    Situation {
        confederate_combat: board.area_combat(area, Side::Confederate),
        union_combat: board.area_combat(area, Side::Union),
        lee_present: board.lee_in(area),
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
            // 10.2.5: each row's event favours one side.
            None => roll_table(
                ctx.dice,
                ctx.chronicle,
                rule,
                "Fog of War",
                Some((
                    Side::Confederate,
                    FaceSet::from_fn(|d| fog::lookup(level, d).event.favours_confederates()),
                )),
                |d| {
                    let r = fog::lookup(level, d);
                    format!(
                        "{} battle turns; {}",
                        r.battle_turns,
                        r.event.text_in(on_map(mode))
                    )
                },
            )?,
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
        // Worded, and the balance worked out, only for a decider that reads them.
        let prompt = if ctx.decider.reads_prompts() {
            format!(
                "Fog of War {die}: {} battle turns{}, {} Keep it, or discard 1 of your {} to roll again (no going back)?",
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
                crate::chronicle::counted(ctx.board.scouts.available, "Scout", "Scouts")
            )
        } else {
            String::new()
        };
        let mut request = Request::new(
            "10.2.2",
            prompt,
            vec![Decision::AcceptFogOfWar, Decision::RerollFogOfWar],
        );
        if ctx.recording() || ctx.decider.reads_situation(&request) {
            request = request.in_battle(situation(ctx.board, area, Side::Confederate));
        }
        let choice = ctx.ask(request)?;
        if choice == Decision::AcceptFogOfWar {
            break (die, row);
        }
        ctx.board.scouts.available -= 1;
        note!(
            ctx,
            "10.2.2",
            "A Scout is discarded to roll the Fog of War again."
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
            "The battle lasts {} ({} on the table, minus 2, at least 1: Quick/Very Quick rules).",
            crate::chronicle::counted(pre.battle_turns, "battle turn", "battle turns"),
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
            note!(
                ctx,
                rule,
                "Random Insight becomes the Confederate BRT ±1: one column shift, left or right, when you choose (Quick/Very Quick)."
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
                note!(
                    ctx,
                    rule,
                    "No Insight may be chosen in this campaign: the event is ignored."
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
            note!(ctx, rule, "You gain 2 Command Points.");
        }
        FogEvent::GainScout => {
            let s = &mut ctx.board.scouts;
            if s.available < s.counters {
                s.available += 1;
                note!(ctx, rule, "You gain 1 Scout.");
            } else {
                note!(
                    ctx,
                    rule,
                    "Every Scout counter is already in the Scout box (4.10): the event is ignored."
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
                note!(ctx, rule, "2 Confederate Command Points go to the Union.");
            } else {
                if die >= 6 {
                    note!(
                        ctx,
                        rule,
                        "You do not have 2 Command Points: a Union Regiment is added instead."
                    );
                }
                if !add_from_cup(ctx, area, CounterKind::Regiment, "Union Regiment")? {
                    note!(
                        ctx,
                        rule,
                        "No Union Regiment is available: the event is ignored."
                    );
                }
            }
        }
        FogEvent::Disease => {
            let Some(target) = disease_area(ctx, area)? else {
                return Ok(());
            };
            let infantry: Vec<PieceIx> = ctx
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
                note!(
                    ctx,
                    rule,
                    "You Hold no Area: Desertion cannot be resolved and is ignored (R-10.2.8)."
                );
                return Ok(());
            }
            let target = ctx.pick_area("10.2.8", "Desertion: area", &held)?;
            let forces = ctx.board.side_in_area(&target, Side::Confederate);
            let i = ctx.pick_piece("10.2.8", "Desertion: Force", &forces)?;
            let p = &ctx.board.pieces[i];
            let activation = p.force.values(p.strength).activation.unwrap_or(0) as i32;
            let check = Check::new(
                Side::Confederate,
                format!("Desertion: {}", label(p)),
                "5.6",
                activation,
                "Activation",
            )
            .then("1 Hit", "removed from the game");
            let out = roll_check(ctx.dice, ctx.chronicle, check)?;
            if out.success {
                if ctx.board.hit(i, ctx.chronicle, "10.2.8")
                    == crate::rules::board::HitResult::Destroyed
                {
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
                "The Union gains {} on the Battle Resolution Table each battle turn (right when attacking, left when defending).",
                crate::chronicle::counted(n, "column shift", "column shifts")
            );
        }
        FogEvent::UnionSpecialPlans(n) => {
            pre.union_special_bonus += n;
            note!(
                ctx,
                rule,
                "The Union draws {} more each turn of this battle.",
                crate::chronicle::counted(n, "Special Battle Plan", "Special Battle Plans")
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
            note!(
                ctx,
                "10.2.6",
                "You Hold no Area: Disease strikes the battle's area."
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
    let mut kinds: Vec<PieceIx> = Vec::new();
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
        note!(
            ctx,
            rule,
            "You cannot pay 2 Command Points for a Brigade, or none can be placed: the event is ignored."
        );
        return Ok(());
    }
    let mut options = vec![Decision::DeclineBrigade];
    for &k in &kinds {
        for a in &areas {
            // Optional rule Confederate Groups and Area Group Limit.
            if crate::rules::group_limit::refuses(ctx.board, k, a).is_some() {
                continue;
            }
            options.push(Decision::BuyBrigade {
                force: *ctx.board.pieces[k].id(),
                area: a.as_str().into(),
            });
        }
    }
    let answer = ctx.ask(Request::new(
        rule,
        "Pay 2 Command Points to add 1 Brigade to a Confederate Held Area?",
        options,
    ))?;
    ctx.board.cp.confederate -= answer.cost(ctx.board, false);
    match answer {
        Decision::BuyBrigade { force, area } => {
            let i = ctx.board.index(&force).expect("offered brigades exist");
            ctx.board.move_to(i, &area);
            note!(
                ctx,
                rule,
                "You pay 2 Command Points: {} joins in {}.",
                ctx.board.label(i),
                ctx.board.area_name(&area)
            );
        }
        _ => note!(ctx, rule, "You decline to pay for a Brigade."),
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
    note!(
        ctx,
        "10.2.6",
        "No Union Reinforcement, Brigade, Regiment or Battery is left: the Union gains 4 Command Points."
    );
    Ok(())
}

/// Optional rule Counter-Battery Fire: the Hit number of an Artillery
/// Force of Combat Value `cv` — 1 to 5: 1, 6: 2, … 10: 6.
pub fn counter_battery_target(cv: u32) -> i32 {
    (cv as i32 - 4).clamp(1, 6)
}

/// Optional rule Counter-Battery Fire, before the Forces are placed (in
/// Quick and Very Quick battles before the first resolution): with
/// Artillery of both armies in the battle, each Artillery Force rolls once
/// against its Hit number, all dice first; each Hit destroys an enemy
/// Artillery Force of the lowest Skill Level (the dice among equals), which
/// takes no part in the battle (11.11: named Union Forces to the
/// Reinforcement cup, the others to the Additional Forces cup, Confederate
/// Forces beside the map). `off` are Forces kept off the sheet.
pub fn counter_battery_fire(ctx: &mut Ctx, area: &str, off: &[PieceIx]) -> Result<(), Interrupt> {
    if !ctx.board.options.counter_battery {
        return Ok(());
    }
    let guns = |b: &Board, side: Side| -> Vec<PieceIx> {
        b.side_in_area(area, side)
            .into_iter()
            .filter(|p| !off.contains(p) && b.pieces[*p].force.force_type == ForceType::Artillery)
            .collect()
    };
    let sides = [Side::Confederate, Side::Union];
    let batteries = sides.map(|s| guns(ctx.board, s));
    if batteries.iter().any(Vec::is_empty) {
        return Ok(());
    }
    note!(
        ctx,
        "Counter-Battery Fire",
        "Counter-Battery Fire: {} Confederate and {} Union Artillery Forces fire before the battle.",
        batteries[0].len(),
        batteries[1].len()
    );
    let mut hits = [0usize; 2];
    for (n, side) in batteries.iter().enumerate() {
        for &pid in side {
            let cv = ctx.board.pieces[pid].combat();
            let check = Check::new(
                ctx.board.pieces[pid].force.side,
                format!(
                    "Counter-Battery Fire: {}, Combat Value {cv}",
                    ctx.board.label(pid)
                ),
                "Counter-Battery Fire",
                counter_battery_target(cv),
                "Hit number",
            );
            if roll_check(ctx.dice, ctx.chronicle, check)?.success {
                hits[n] += 1;
            }
        }
    }
    for (n, side) in sides.into_iter().enumerate() {
        let mut targets = batteries[1 - n].clone();
        for _ in 0..hits[n] {
            let Some(lowest) = targets
                .iter()
                .map(|&p| ctx.board.pieces[p].force.skill)
                .min()
            else {
                break;
            };
            let tied: Vec<PieceIx> = targets
                .iter()
                .copied()
                .filter(|&p| ctx.board.pieces[p].force.skill == lowest)
                .collect();
            let pid = if tied.len() == 1 {
                tied[0]
            } else {
                ctx.pick_piece(
                    "Counter-Battery Fire",
                    "Counter-Battery Fire destroys",
                    &tied,
                )?
            };
            note!(
                ctx,
                "Counter-Battery Fire",
                "The {} counter-battery fire destroys {}.",
                side.name(),
                ctx.board.label(pid)
            );
            ctx.board
                .destroy(pid, ctx.chronicle, "Counter-Battery Fire");
            targets.retain(|&p| p != pid);
        }
    }
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
    win_award(ctx, loser, Win::Envelopment);
    Some(Ending::Enveloped { loser })
}
