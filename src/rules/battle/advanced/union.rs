//! A13.1, A13.3, A14.2 The Union's Default Battle Plans on the Squares:
//! which one each Union Force uses this turn.

use super::attack::{range_to_enemy, targets};
use super::field::Field;
use crate::campaign::{ForceType, Side};
use crate::rules::battle::terms::Tactics;

/// A Union Force's Default Battle Plan (A14.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnionDefault {
    /// A14.2.2 Combat: an attack on a Force in its own or an adjacent
    /// Square, or for Artillery and Fortifications at range 1 or more.
    Combat,
    /// A14.2.2.1: Union Cavalry whose nearest Confederate Force is exactly
    /// 2 Squares away attacks it from where it is, at −2/−2.
    CavalryAtTwo,
    /// A14.2.1 Advance (Aggressive): one Square toward the closest
    /// Confederate Force, in Column.
    Advance,
    /// A14.2.4 Hold (Defensive; and a Force with nothing to do).
    Hold,
    /// A14.2 Retreat (Routed only): one Square toward Row A, in Column.
    Retreat,
}

/// The Default Battle Plan unit `k` (a Union Force) uses now.
pub fn union_default(f: &Field, k: usize) -> UnionDefault {
    let ty = f.force_type(k);
    let mobile_foot = matches!(ty, ForceType::Infantry | ForceType::Cavalry);
    if f.routed == Some(Side::Union) {
        // Artillery was captured at the Rout (14.5); Static Forces stay.
        return if mobile_foot {
            UnionDefault::Retreat
        } else {
            UnionDefault::Hold
        };
    }
    let can_attack = !targets(f, k).is_empty();
    if !mobile_foot {
        // A11.1 Garrisons, Fortifications; A11.1.2 Artillery never March.
        return if can_attack {
            UnionDefault::Combat
        } else {
            UnionDefault::Hold
        };
    }
    match range_to_enemy(f, k) {
        // A11.5: in Melee always Combat; A14.2.2: 1 Square or less.
        Some(r) if r <= 1 => UnionDefault::Combat,
        Some(2) if ty == ForceType::Cavalry => UnionDefault::CavalryAtTwo,
        Some(_) if f.tactics == Tactics::Aggressive => UnionDefault::Advance,
        _ => UnionDefault::Hold,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::battle::advanced::testing::{k, sheet};

    fn default_of(at: &[(&str, &str)], tactics: Tactics, id: &str) -> UnionDefault {
        let (b, mut f) = sheet(at);
        f.tactics = tactics;
        union_default(&f, k(&b, &f, id))
    }

    #[test]
    fn each_union_force_takes_its_default_battle_plan() {
        use Tactics::*;
        use UnionDefault::*;
        // Next to a Confederate Force, or in Melee: Combat (A14.2.2, A11.5).
        assert_eq!(
            default_of(
                &[("kearny", "C4"), ("longstreet", "D5")],
                Defensive,
                "kearny"
            ),
            Combat
        );
        assert_eq!(
            default_of(
                &[("kearny", "D5"), ("longstreet", "D5")],
                Aggressive,
                "kearny"
            ),
            Combat
        );
        // Farther: Advance under Aggressive tactics, Hold under Defensive.
        assert_eq!(
            default_of(
                &[("kearny", "B4"), ("longstreet", "D5")],
                Aggressive,
                "kearny"
            ),
            Advance
        );
        assert_eq!(
            default_of(
                &[("kearny", "B4"), ("longstreet", "D5")],
                Defensive,
                "kearny"
            ),
            Hold
        );
        // Cavalry exactly 2 Squares away attacks from there (A14.2.2.1).
        assert_eq!(
            default_of(
                &[("stoneman", "B4"), ("longstreet", "D5")],
                Defensive,
                "stoneman"
            ),
            CavalryAtTwo
        );
        // Artillery fires at range, never marches (A11.1.2, A11.7).
        assert_eq!(
            default_of(&[("hunt", "A3"), ("longstreet", "E5")], Aggressive, "hunt"),
            Combat
        );
        assert_eq!(
            default_of(&[("hunt", "A3"), ("longstreet", "A3")], Aggressive, "hunt"),
            Hold,
            "in Melee it cannot fire"
        );
        // Routed: Retreat.
        let (b, mut f) = sheet(&[("kearny", "C4"), ("longstreet", "D5")]);
        f.routed = Some(Side::Union);
        assert_eq!(union_default(&f, k(&b, &f, "kearny")), Retreat);
    }
}
