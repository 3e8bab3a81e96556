//! 11.6–11.8 (A11.6–A11.8) An attack's roll, whatever the sheet: the
//! Combat Value with every modifier against one d10 (0, 1 or 2 Hits,
//! 5.7), the target's own modifiers and the range table.

use super::{R, Sheet};
use crate::campaign::Side;
use crate::chronicle::Modifier;
use crate::dice::attack_hits;
use crate::rules::battle::field::{Field, Slot};
use crate::rules::board::{PieceIx, label};
use crate::rules::ctx::Ctx;

/// Modifiers an attack on unit `t` gets from Battle Plans, Insights and
/// Special Battle Plans (11.8).
pub fn defence_modifiers<P>(f: &Field<P>, attacker: Side, t: Option<Slot>) -> Vec<Modifier> {
    let mut m = Vec::new();
    if let Some(t) = t {
        let u = &f.units[t];
        if attacker == Side::Union {
            if u.entrench {
                m.push(Modifier::pair(-2, -2, "Entrench Insight", "10.2.12.3"));
            }
            if u.cover {
                m.push(Modifier::pair(
                    -1,
                    -1,
                    "Cover Battle Plan Counter",
                    "12.3.3",
                ));
            }
        } else if u.hard_cover {
            m.push(Modifier::pair(-2, -2, "Hard Cover", "14.1.2"));
        }
    }
    if attacker == Side::Confederate && f.effects.smoke {
        m.push(Modifier::pair(-1, -1, "Smoke", "14.1.5"));
    }
    m
}

/// One attack roll by counter `pid` on the Forces at `at` with `mods`
/// (11.6, 11.8): its Hits, chronicled with every modifier.
pub fn roll_attack<P: Sheet>(
    ctx: &mut Ctx,
    pid: PieceIx,
    mods: Vec<Modifier>,
    what: &str,
    at: P,
    rule: &'static str,
) -> R<u32> {
    let p = &ctx.board.pieces[pid];
    let v = p.force.values(p.strength);
    let base = (v.combat as i32, v.superior.unwrap_or(0) as i32);
    let total: i32 = mods.iter().map(|m| m.amount).sum();
    let sup: i32 = mods.iter().map(Modifier::superior_amount).sum();
    let (cv, sv) = (base.0 + total, base.1 + sup);
    let text = || format!("{what}: {} on {}", label(p), at.label());
    let die = ctx
        .dice
        .d10_for(|| format!("{rule} {}", text()))
        .map_err(|e| crate::dice::with_faces(e, || crate::dice::DieFaces::attack(cv, sv)))?;
    let hits = attack_hits(die, cv, sv);
    let side = p.force.side;
    // A quiet chronicle keeps nothing: the roll is not worded.
    if !ctx.chronicle.is_quiet() {
        let text = text();
        ctx.chronicle.roll(
            rule,
            text,
            crate::chronicle::RollDetail {
                die,
                target: Some(cv),
                base: Some((base.0, format!("Combat Value {}/{}", base.0, base.1))),
                modifiers: mods,
                outcome: match hits {
                    0 => "miss".into(),
                    1 => "1 Hit".into(),
                    n => format!("{n} Hits"),
                },
                luck: Some(crate::chronicle::Luck::attack(side)),
            },
        );
    }
    Ok(hits)
}

/// 11.7.2 (A11.7.2) Artillery and Fortifications Ranged Attack Modifier, to
/// the Combat Value and its superscript alike: range 1 +2, 2 0, 3 −1, 4 −2,
/// 5 or more −3.
pub fn range_modifier(range: i32) -> i32 {
    match range {
        1 => 2,
        2 => 0,
        3 => -1,
        4 => -2,
        _ => -3,
    }
}
