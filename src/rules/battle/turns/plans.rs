//! 12.2 Select and Place Confederate Battle Plans: which counters a Force
//! may take (12.2, 12.3), the player's assignment with Clear Orders
//! (11.2.1), and Cover rolled once the counters are placed (12.3.3).

use super::activation::activated;
use super::{R, Sheet, ask_on};
use crate::campaign::{ForceType, Side};
use crate::rules::battle::field::{ClearOrders, Field, Slot};
use crate::rules::battle::terms::{Formation, PlanCounter};
use crate::rules::board::{Board, PieceIx};
use crate::rules::ctx::Ctx;
use crate::rules::decision::Decision;
use crate::rules::why::reason::{CounterBar, Takers};

/// Why this counter may not be attached to this unit now (12.2, 12.3), in
/// the rules' words with the rule; None when it may.
pub fn refusal<P: Sheet>(f: &Field<P>, k: Slot, plan: PlanCounter) -> Option<String> {
    refusal_reason(f, k, plan, f.in_melee(k))
        .map(|bar| format!("{} ({}).", bar.says(plan), bar.rule(plan)))
}

/// What of a Force decides which counters it may take (12.2, 12.3): read
/// from the battle's units here, from the sheet shown by the Why?
/// (`rules::why`), so both ask [`counter_bar`].
#[derive(Debug, Clone, Copy)]
pub struct Taker {
    pub side: Side,
    pub force_type: ForceType,
    pub formation: Formation,
    pub counter: Option<PlanCounter>,
    pub prepare: bool,
    pub melee: bool,
}

/// What stands against counter `plan` going on `t` now, or None: it may.
/// `confused`: Officers Confused took the counter this turn; `no_target`:
/// a counter that declares a target (A12.3) and no Union Force to aim at.
/// Inline: the 12.2 assignment asks it for every counter and unit, and a
/// call into another codegen unit made an Advanced battle ~3% dearer.
#[inline]
pub fn counter_bar(
    t: &Taker,
    plan: PlanCounter,
    confused: bool,
    no_target: bool,
) -> Option<CounterBar> {
    if t.side != Side::Confederate {
        return Some(CounterBar::Union);
    }
    if confused {
        return Some(CounterBar::Confused);
    }
    if plan == PlanCounter::Prepare {
        return t.prepare.then_some(CounterBar::PrepareAttached);
    }
    if plan == PlanCounter::Formation {
        return Some(CounterBar::Formation);
    }
    if t.melee {
        return Some(CounterBar::InMelee);
    }
    if no_target && matches!(plan, PlanCounter::Flank | PlanCounter::RapidAdvance) {
        return Some(CounterBar::NoTarget);
    }
    if let Some(c) = t.counter {
        return Some(CounterBar::Attached(c));
    }
    let ty = t.force_type;
    let infantry = ty == ForceType::Infantry;
    let foot_or_horse = matches!(ty, ForceType::Infantry | ForceType::Cavalry);
    let only = match plan {
        PlanCounter::Canister if !matches!(ty, ForceType::Artillery | ForceType::Fortification) => {
            Takers::ArtilleryAndFortifications
        }
        PlanCounter::AimedVolley if !infantry => Takers::Infantry,
        PlanCounter::AimedVolley if t.formation != Formation::Line => Takers::InfantryInLine,
        PlanCounter::RapidAdvance | PlanCounter::RapidFire | PlanCounter::Volley if !infantry => {
            Takers::Infantry
        }
        // 12.2: counters go on Infantry and Cavalry unless they say otherwise.
        PlanCounter::Cover
        | PlanCounter::Engage
        | PlanCounter::FightingRetreat
        | PlanCounter::Flank
            if !foot_or_horse =>
        {
            Takers::InfantryAndCavalry
        }
        _ => return None,
    };
    Some(CounterBar::Only(only))
}

/// `melee` is `f.in_melee(k)`, read once by the caller.
fn refusal_reason<P: Sheet>(
    f: &Field<P>,
    k: Slot,
    plan: PlanCounter,
    melee: bool,
) -> Option<CounterBar> {
    let u = &f.units[k];
    let taker = Taker {
        side: u.side,
        force_type: f.force_type(k),
        formation: u.formation,
        counter: u.counter,
        prepare: u.prepare,
        melee,
    };
    // Read only for the counters that declare a target.
    let no_target = P::DECLARES_TARGETS
        && matches!(plan, PlanCounter::Flank | PlanCounter::RapidAdvance)
        && !f.has_side(Side::Union);
    counter_bar(&taker, plan, f.confused.contains(&plan), no_target)
}

/// The counters a unit may be given now, as bits by place in
/// [`PlanCounter::ALL`]: [`counter_bar`]'s answers for a Confederate
/// Force, read from [`takers_bits`] (asking it of every counter for every
/// Force was 3% of an Advanced battle), less the counters Officers
/// Confused took and, with no Union Force to aim at, Flank and Rapid
/// Advance (A12.3): those two only ever bar.
fn assignable<P: Sheet>(f: &Field<P>, k: Slot) -> u16 {
    let u = &f.units[k];
    if u.side != Side::Confederate {
        return 0;
    }
    let key = taker_key(
        f.force_type(k),
        u.formation,
        u.counter.is_some(),
        u.prepare,
        f.in_melee(k),
    );
    let mut bits = takers_bits()[key];
    for plan in &f.confused {
        bits &= !plan_bit(*plan);
    }
    if P::DECLARES_TARGETS && !f.has_side(Side::Union) {
        bits &= !(plan_bit(PlanCounter::Flank) | plan_bit(PlanCounter::RapidAdvance));
    }
    debug_assert_eq!(
        bits,
        (PlanCounter::ALL.iter())
            .filter(|&&plan| refusal_reason(f, k, plan, f.in_melee(k)).is_none())
            .fold(0, |bits, &plan| bits | plan_bit(plan)),
        "12.2: the table differs from counter_bar"
    );
    bits
}

/// A counter's bit: its place in [`PlanCounter::ALL`].
fn plan_bit(plan: PlanCounter) -> u16 {
    let j = PlanCounter::ALL
        .iter()
        .position(|&p| p == plan)
        .expect("every counter");
    1 << j
}

const FORCE_TYPES: [ForceType; 5] = [
    ForceType::Infantry,
    ForceType::Cavalry,
    ForceType::Artillery,
    ForceType::Garrison,
    ForceType::Fortification,
];

/// What of a Confederate Force [`counter_bar`] reads, as an index into
/// [`takers_bits`].
fn taker_key(
    ty: ForceType,
    formation: Formation,
    attached: bool,
    prepare: bool,
    melee: bool,
) -> usize {
    let ty = FORCE_TYPES
        .iter()
        .position(|&t| t == ty)
        .expect("every type");
    let formation = usize::from(formation == Formation::Column);
    (((ty * 2 + formation) * 2 + usize::from(attached)) * 2 + usize::from(prepare)) * 2
        + usize::from(melee)
}

/// For every [`taker_key`], the counters [`counter_bar`] lets a
/// Confederate Force take when no counter is Confused and a target is
/// there to declare.
fn takers_bits() -> &'static [u16; 80] {
    static BITS: std::sync::OnceLock<[u16; 80]> = std::sync::OnceLock::new();
    BITS.get_or_init(|| {
        let mut table = [0; 80];
        for ty in FORCE_TYPES {
            for formation in [Formation::Line, Formation::Column] {
                for (attached, prepare, melee) in
                    (0..8).map(|b| (b & 4 != 0, b & 2 != 0, b & 1 != 0))
                {
                    let taker = Taker {
                        side: Side::Confederate,
                        force_type: ty,
                        formation,
                        // Which counter is attached bars alike.
                        counter: attached.then_some(PlanCounter::Volley),
                        prepare,
                        melee,
                    };
                    table[taker_key(ty, formation, attached, prepare, melee)] = (PlanCounter::ALL
                        .iter())
                    .filter(|&&plan| counter_bar(&taker, plan, false, false).is_none())
                    .fold(0, |bits, &plan| bits | plan_bit(plan));
                }
            }
        }
        table
    })
}

/// 12.2: the player assigns up to the Battle Plan Quantity, and may spend
/// Scouts on Clear Orders (11.2.1).
pub fn assign<P: Sheet>(ctx: &mut Ctx, f: &mut Field<P>) -> R<()> {
    let mut left = f.quantity;
    f.assigned = 0;
    f.clear_defaults = 0;
    // Nothing moves during the assignment: a unit's legal counters change
    // only when it is given one, so each is listed once and kept.
    let confederates: Vec<Slot> = f.side(Side::Confederate).collect();
    let mut allowed: Vec<u16> = confederates.iter().map(|&k| assignable(f, k)).collect();
    // The counters given in this assignment: each may be taken back.
    let mut given: Vec<(Slot, PlanCounter)> = Vec::new();
    loop {
        debug_assert!(
            confederates
                .iter()
                .zip(&allowed)
                .all(|(&k, &bits)| bits == assignable(f, k)),
            "12.2: kept counters differ from the rules'"
        );
        // Room for every counter on every Force, and the rest.
        let mut options = Vec::with_capacity(f.units.len() * (PlanCounter::ALL.len() + 1) + 2);
        if left > 0 {
            for (&k, &bits) in confederates.iter().zip(&allowed) {
                for (j, plan) in PlanCounter::ALL.into_iter().enumerate() {
                    if bits & 1 << j != 0 {
                        options.push(Decision::AssignPlan {
                            force: f.id(k),
                            plan,
                        });
                    }
                }
            }
            if !f.formation_counter && !f.confused.contains(&PlanCounter::Formation) {
                options.push(Decision::HoldFormationCounter);
            }
        }
        if ctx.board.scouts.available > 0 {
            for k in f.side(Side::Confederate) {
                if f.units[k].clear_orders.is_none() {
                    options.push(Decision::ClearOrders { force: f.id(k) });
                }
            }
        }
        options.push(Decision::EndAssign);
        // After Done, so that "the first answer" stays what it was; only
        // while the question is asked anyway (R-12.2-back: with the last
        // counter given and no Scout the turn goes on, as it always has, and
        // earlier saves replay the same). A counter Clear Orders were given
        // to stays (the Scout is spent).
        let asked = options.len() > 1;
        for &(k, plan) in given.iter().filter(|_| asked) {
            if plan == PlanCounter::Prepare || f.units[k].clear_orders != Some(ClearOrders::Counter)
            {
                options.push(Decision::TakeBackPlan {
                    force: f.id(k),
                    plan,
                });
            }
        }
        let (turn, quantity) = (f.turn, f.quantity);
        let prompt = move |_: &Board| {
            format!(
                "Battle turn {turn}: assign Battle Plan Counters ({left} of {quantity} left), use Scouts for Clear Orders, or end."
            )
        };
        match ask_on(ctx, f, "12.2", prompt, options)? {
            Decision::EndAssign => return Ok(()),
            Decision::AssignPlan { force, plan } => {
                let k = f
                    .unit_of(ctx.board.index(&force).expect("offered"))
                    .expect("on the sheet");
                if plan == PlanCounter::Prepare {
                    f.units[k].prepare = true;
                } else {
                    f.units[k].counter = Some(plan);
                }
                let at = confederates.iter().position(|&c| c == k).expect("listed");
                allowed[at] = assignable(f, k);
                given.push((k, plan));
                left -= 1;
                f.assigned += 1;
                note!(
                    ctx,
                    "12.2",
                    "{} is given {} ({}).",
                    f.label(ctx.board, k),
                    plan.name(),
                    plan.rule()
                );
                if P::DECLARES_TARGETS
                    && matches!(plan, PlanCounter::Flank | PlanCounter::RapidAdvance)
                {
                    declare_target(ctx, f, k, plan)?;
                }
            }
            Decision::TakeBackPlan { force, plan } => {
                let k = f
                    .unit_of(ctx.board.index(&force).expect("offered"))
                    .expect("on the sheet");
                given.retain(|&g| g != (k, plan));
                if plan == PlanCounter::Prepare {
                    f.units[k].prepare = false;
                } else {
                    f.units[k].counter = None;
                    // A12.3: the target went with the counter.
                    f.units[k].target = None;
                }
                let at = confederates.iter().position(|&c| c == k).expect("listed");
                allowed[at] = assignable(f, k);
                left += 1;
                f.assigned -= 1;
                note!(
                    ctx,
                    "12.2",
                    "{} is taken back from {}.",
                    plan.name(),
                    f.label(ctx.board, k)
                );
            }
            Decision::HoldFormationCounter => {
                f.formation_counter = true;
                left -= 1;
                f.assigned += 1;
                note!(
                    ctx,
                    "12.3.7",
                    "The Formation counter is placed beside the sheet."
                );
            }
            Decision::ClearOrders { force } => {
                let k = f
                    .unit_of(ctx.board.index(&force).expect("offered"))
                    .expect("on the sheet");
                ctx.board.scouts.available -= 1;
                if crate::rules::cavalry::scout_negated(ctx, "Clear Orders")? {
                    note!(
                        ctx,
                        "11.2.1",
                        "No Clear Orders reach {}.",
                        f.label(ctx.board, k)
                    );
                    continue;
                }
                // One Scout: this Force's counter, or the Default Battle
                // Plans of this Force and two more.
                if f.units[k].counter.is_some() {
                    f.units[k].clear_orders = Some(ClearOrders::Counter);
                    note!(
                        ctx,
                        "11.2.1",
                        "A Scout gives Clear Orders to {}: its Battle Plan Counter without an Activation roll.",
                        f.label(ctx.board, k)
                    );
                } else {
                    f.units[k].clear_orders = Some(ClearOrders::Default);
                    f.clear_defaults += 2;
                    note!(
                        ctx,
                        "11.2.1",
                        "A Scout gives Clear Orders to {} and two more Forces: their Default Battle Plans without an Activation roll.",
                        f.label(ctx.board, k)
                    );
                }
            }
            other => unreachable!("not offered: {other:?}"),
        }
    }
}

/// 12.3.3 Cover, rolled for once the counters are placed: it
/// must be in force before the Union acts, Charge! included. On success the
/// Force is in Cover until the turn ends or it moves, retreats or meets an
/// enemy in its Region; it Holds when it acts. On failure it Holds (11.2).
pub fn take_cover<P: Sheet>(ctx: &mut Ctx, f: &mut Field<P>) -> R<()> {
    let covering: Vec<PieceIx> = f
        .side(Side::Confederate)
        .filter(|&k| f.units[k].counter == Some(PlanCounter::Cover))
        .map(|k| f.units[k].piece)
        .collect();
    for pid in covering {
        if activated(ctx, f, pid, "Cover", "12.3.3", &[], false)? {
            let k = f.unit_of(pid).expect("here");
            f.units[k].cover = true;
            note!(ctx, "12.3.3", "{} takes Cover.", f.label(ctx.board, k));
        } else {
            let k = f.unit_of(pid).expect("here");
            f.units[k].counter = None;
            f.units[k].acted = true;
        }
        ctx.frame(f, |b| {
            format!(
                "{} rolls for Cover",
                crate::rules::board::label(&b.pieces[pid])
            )
        });
    }
    Ok(())
}

/// 12.3.7: the Formation counter held beside the sheet, used before the
/// Union acts if the player wishes.
pub fn formation_counter<P: Sheet>(ctx: &mut Ctx, f: &mut Field<P>) -> R<()> {
    let answer = ask_on(
        ctx,
        f,
        "12.3.7",
        "Use the Formation counter before the Union acts?",
        vec![Decision::EndFormationChanges, Decision::UseFormationCounter],
    )?;
    if answer == Decision::UseFormationCounter {
        use_formation_counter(ctx, f)?;
    }
    Ok(())
}

/// 12.3.7: whether a Force of this type changes Formation by the counter
/// (Infantry and Cavalry); the Why? reads it too.
pub fn changes_formation(ty: ForceType) -> bool {
    matches!(ty, ForceType::Infantry | ForceType::Cavalry)
}

/// 12.3.7: change up to three Forces' Formation, Melee or not.
pub fn use_formation_counter<P: Sheet>(ctx: &mut Ctx, f: &mut Field<P>) -> R<()> {
    f.formation_counter = false;
    note!(ctx, "12.3.7", "The Formation counter is used.");
    for _ in 0..3 {
        let mut options: Vec<Decision> = f
            .side(Side::Confederate)
            .filter(|&k| changes_formation(f.force_type(k)))
            .map(|k| Decision::FormationChange { force: f.id(k) })
            .collect();
        options.push(Decision::EndFormationChanges);
        match ask_on(
            ctx,
            f,
            "12.3.7",
            "Change the Formation of which Force?",
            options,
        )? {
            Decision::FormationChange { force } => {
                let k = f
                    .unit_of(ctx.board.index(&force).expect("offered"))
                    .expect("on the sheet");
                f.units[k].formation = f.units[k].formation.other();
                note!(
                    ctx,
                    "12.3.7",
                    "{} changes to {:?}.",
                    f.label(ctx.board, k),
                    f.units[k].formation
                );
            }
            _ => break,
        }
    }
    Ok(())
}

/// A12.3: the Union Force Flank (exactly 2 Squares off when it acts) or
/// Rapid Advance (exactly 3) is aimed at, declared when the counter is
/// placed; those at that distance now are offered first.
fn declare_target<P: Sheet>(ctx: &mut Ctx, f: &mut Field<P>, k: Slot, plan: PlanCounter) -> R<()> {
    let want = plan.aim_distance().expect("a Flank or Rapid Advance");
    let at = f.units[k].at();
    let mut union: Vec<Slot> = f.side(Side::Union).collect();
    union.sort_by_key(|&t| {
        let d = at.distance(f.units[t].at());
        ((d - want).abs(), d)
    });
    let options = union
        .iter()
        .map(|&t| Decision::Target { force: f.id(t) })
        .collect();
    let prompt = move |_: &Board| {
        format!(
            "{}: declare its target, a Union Force it must be exactly {want} Squares from when it acts (A12.3).",
            plan.name()
        )
    };
    if let Decision::Target { force } = ask_on(ctx, f, "A12.3", prompt, options)? {
        let t = ctx.board.index(&force).expect("offered");
        f.units[k].target = Some(t);
        note!(
            ctx,
            "A12.3",
            "{}'s {} is aimed at {}.",
            f.label(ctx.board, k),
            plan.name(),
            ctx.board.label(t)
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::battle::ground::Region;
    use crate::rules::board::Board;
    use crate::rules::decision::{Interrupt, Recorded};
    use crate::rules::difficulty::GameOptions;

    fn field(b: &mut Board) -> Field<Region> {
        let mut f = super::super::sequence::tests::longstreet_at_glendale(b);
        f.quantity = 2;
        f
    }

    fn run(b: &mut Board, f: &mut Field<Region>, answers: Vec<Decision>) -> R<()> {
        let mut dice = crate::dice::Dice::scripted([]);
        let mut chronicle = crate::chronicle::Chronicle::default();
        let mut decider = Recorded::new(answers);
        let mut ctx = Ctx {
            board: b,
            dice: &mut dice,
            chronicle: &mut chronicle,
            decider: &mut decider,
        };
        assign(&mut ctx, f)
    }

    /// 12.2: a counter given this turn can be taken back before Done; the
    /// quantity is whole again and another counter can go in its place.
    #[test]
    fn a_counter_can_be_taken_back_before_done() {
        let c = std::sync::Arc::new(crate::campaign::load_bundled("seven-days").unwrap());
        let mut b = Board::empty(c, GameOptions::default());
        let mut f = field(&mut b);
        let Err(Interrupt::Decide(r)) = run(&mut b.clone(), &mut f.clone(), vec![]) else {
            panic!("asked")
        };
        assert!(
            !r.options
                .iter()
                .any(|d| matches!(d, Decision::TakeBackPlan { .. })),
            "nothing given yet"
        );
        let plans: Vec<PlanCounter> = r
            .options
            .iter()
            .filter_map(|d| match d {
                Decision::AssignPlan { plan, .. } if *plan != PlanCounter::Prepare => Some(*plan),
                _ => None,
            })
            .collect();
        let (first, second) = (plans[0], plans[1]);
        let give = |plan| Decision::AssignPlan {
            force: "longstreet".into(),
            plan,
        };
        let back = Decision::TakeBackPlan {
            force: "longstreet".into(),
            plan: first,
        };
        // Given: it may come back, offered after the others.
        let Err(Interrupt::Decide(r)) = run(&mut b.clone(), &mut f.clone(), vec![give(first)])
        else {
            panic!("asked")
        };
        assert_eq!(r.options.last(), Some(&back));
        assert_ne!(r.options[0], back, "the first answer is not a take-back");
        let mut g = f.clone();
        run(
            &mut b.clone(),
            &mut g,
            vec![give(first), back, give(second), Decision::EndAssign],
        )
        .unwrap();
        assert_eq!(g.units.iter().next().unwrap().counter, Some(second));
        assert_eq!(g.assigned, 1);
        // The last counter given with no Scout: the turn goes on unasked,
        // as it always has (R-12.2-back).
        let prepare = Decision::AssignPlan {
            force: "longstreet".into(),
            plan: PlanCounter::Prepare,
        };
        run(&mut b, &mut f, vec![give(first), prepare]).unwrap();
        assert_eq!(f.assigned, 2);
    }
}
