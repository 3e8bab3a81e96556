//! A11.4.2.1–A11.4.2.3: the Shock check's Combat Value modifiers for a
//! Shock attack from the Flank or the Rear.

use crate::chronicle::Modifier;
use crate::rules::battle::ground::Facing;

/// The defending Force's modifier for its Shock check (Flank −3/−3, Rear
/// −6/−6), and the attacking Force's for the counter-attack when the
/// defender passes (Flank +3/+3, Rear +6/+6); none for a frontal attack.
/// Melee ignores them (A11.5).
pub fn facing_modifiers(facing: Facing) -> Option<(Modifier, Modifier)> {
    let (n, what, rule) = match facing {
        Facing::Front => return None,
        Facing::Flank => (3, "Flank attack", "A11.4.2.2"),
        Facing::Rear => (6, "Rear attack", "A11.4.2.3"),
    };
    Some((
        Modifier::pair(-n, -n, what, rule),
        Modifier::pair(n, n, what, rule),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::campaign::Side;
    use crate::rules::battle::ground::{Ground, Square};

    /// A11.4.2.3's example: Slocum in D4 attacked from E4 (front), D5
    /// (Flank: −3/−3 to his check, +3/+3 to the attacker's) and C4 (Rear:
    /// −6/−6 and +6/+6).
    #[test]
    fn flank_and_rear_shock_modifiers() {
        let at = |s: &str| Square::named(s).expect("a Square");
        let slocum = at("D4");
        let from = |s: &str| facing_modifiers(slocum.facing(Side::Union, at(s)));
        assert!(from("E4").is_none());
        let (defender, attacker) = from("D5").expect("a Flank attack");
        assert_eq!((defender.amount, defender.superior), (-3, Some(-3)));
        assert_eq!((attacker.amount, attacker.superior), (3, Some(3)));
        assert_eq!(defender.rule, "A11.4.2.2");
        let (defender, attacker) = from("C4").expect("a Rear attack");
        assert_eq!((defender.amount, attacker.amount), (-6, 6));
        assert_eq!(attacker.rule, "A11.4.2.3");
    }
}
