//! The order the Forces act in, the same on every sheet: 14.4 (A14.4) the
//! player picks which Confederate Force acts next, and how; 14.2–14.3
//! (A14.3) the Union Forces act front to rear. What each Force may do, and
//! doing it, the sheet supplies through [`Sheet`].

use super::{R, Sheet, ask_on, k_of, plans};
use crate::campaign::Side;
use crate::rules::battle::field::{Field, Slot};
use crate::rules::board::label;
use crate::rules::components::Id;
use crate::rules::ctx::Ctx;
use crate::rules::decision::{Decision, DefaultPlan};
use crate::rules::why::reason::Reason;

/// 12.3.8: the rule the order of resolution is asked under while only the
/// Forces with Prepare act, before the Union: the Why? (`rules::why`) tells
/// that question from the 14.4 one by it.
pub const PREPARED_RULE: &str = "12.3.8";

/// 14.4 Resolve Confederate Battle Plans (A14.4); `prepared_only`: those
/// with Prepare attached, before the Union acts (12.3.8).
pub fn confederate<P: Sheet>(ctx: &mut Ctx, f: &mut Field<P>, prepared_only: bool) -> R<()> {
    let mut ready = Vec::new();
    loop {
        if f.routed == Some(Side::Confederate) {
            // Retreat, in the Confederate step (no Prepare: a Routed side
            // places no Battle Plans, 14.5).
            return if prepared_only {
                Ok(())
            } else {
                P::rout_retreat(ctx, f, Side::Confederate)
            };
        }
        ready.clear();
        ready.extend(f.side(Side::Confederate).filter(|&k| {
            let u = &f.units[k];
            waiting(u.acted, prepared_only, u.prepare).is_none()
        }));
        if ready.is_empty() {
            return Ok(());
        }
        // Static Forces act by themselves (11.1, A11.1); a Fortification
        // given Canister fires it (12.3.2).
        if let Some(&k) = ready.iter().find(|&&k| !f.force_type(k).is_mobile()) {
            let pid = f.units[k].piece;
            f.units[k].acted = true;
            match f.units[k].counter.take() {
                Some(counter) if !f.in_melee(k) => P::run_counter(ctx, f, pid, counter)?,
                _ => P::static_fire(ctx, f, pid)?,
            }
            continue;
        }
        let mut options = P::confederate_options(ctx, f, &ready);
        if f.formation_counter {
            options.push(Decision::UseFormationCounter);
        }
        let rule = if prepared_only {
            PREPARED_RULE
        } else {
            P::RESOLVE_RULE
        };
        match ask_on(ctx, f, rule, "Which Force acts next, and how?", options)? {
            Decision::UseFormationCounter => plans::use_formation_counter(ctx, f)?,
            Decision::Act { force, plan } => {
                let pid = ctx.board.index(&force).expect("offered");
                let k = f.unit_of(pid).expect("on the sheet");
                f.units[k].acted = true;
                match plan {
                    None => {
                        let counter = f.units[k].counter.expect("offered with a counter");
                        P::run_counter(ctx, f, pid, counter)?;
                        if let Some(k) = f.unit_of(pid) {
                            f.units[k].counter = None;
                            f.units[k].target = None;
                        }
                    }
                    Some(d) => P::run_default(ctx, f, pid, d)?,
                }
                ctx.frame(f, |b| format!("{} acts", label(&b.pieces[pid])));
            }
            other => unreachable!("not offered: {other:?}"),
        }
        if !f.has_side(Side::Union) {
            return Ok(());
        }
    }
}

/// 14.4 (A14.4): what stands against a Confederate Force acting now, or
/// None: it has acted this turn, or (`prepared_only`) it has no Prepare
/// (12.3.8). The window's Why? reads the same check (`rules::why`).
#[inline]
pub fn waiting(acted: bool, prepared_only: bool, prepare: bool) -> Option<Reason> {
    if acted {
        Some(Reason::AlreadyActed {
            rule: crate::rules::components::Id::from_static("14.4"),
        })
    } else if prepared_only && !prepare {
        Some(Reason::NotPrepared)
    } else {
        None
    }
}

/// 14.4 (A14.4): the answers to "which Force acts next, and how?" for the
/// Mobile Forces `ready`, on either sheet: its Battle Plan Counter, never
/// in Melee (11.5, A11.5), or each Default Battle Plan it may use now,
/// which the sheet's `defaults` adds for unit `k` to the answers it is
/// given through [`act`] (12.4, A12.4). `in_melee` answers
/// `Field::in_melee` from the sheet read once for the question.
pub fn act_options<P: Copy + Eq>(
    f: &Field<P>,
    ready: &[Slot],
    in_melee: impl Fn(Slot) -> bool,
    mut defaults: impl FnMut(Slot, &mut Vec<Decision>),
) -> Vec<Decision> {
    // Room for every answer and the Formation counter.
    let mut options = Vec::with_capacity(ready.len() * 8 + 2);
    for &k in ready {
        if f.units[k].counter.is_some() && !in_melee(k) {
            options.push(Decision::Act {
                force: f.id(k),
                plan: None,
            });
        } else {
            defaults(k, &mut options);
        }
    }
    options
}

/// Each Default Battle Plan given, as the answer that Force `force` acts
/// by it (14.4): the sheets' `defaults` write straight into the answers
/// (no list of plans made and copied for each Force).
pub fn act(options: &mut Vec<Decision>, force: Id) -> impl FnMut(DefaultPlan) + '_ {
    move |plan| {
        options.push(Decision::Act {
            force,
            plan: Some(plan),
        })
    }
}

/// 14.2–14.3 (A14.3): each Union Force that has not acted carries out its
/// Default Battle Plan, in the sheet's order, until no Confederate Force
/// is left; a Routed Union army retreats instead.
pub fn union<P: Sheet>(ctx: &mut Ctx, f: &mut Field<P>) -> R<()> {
    if f.routed == Some(Side::Union) {
        return P::rout_retreat(ctx, f, Side::Union);
    }
    for pid in P::union_order(ctx, f)? {
        let Some(k) = k_of(f, pid) else { continue };
        if f.units[k].acted {
            continue;
        }
        f.units[k].acted = true;
        P::union_default(ctx, f, pid)?;
        ctx.frame(f, |b| format!("{} acts", label(&b.pieces[pid])));
        if !f.has_side(Side::Confederate) {
            break;
        }
    }
    Ok(())
}
