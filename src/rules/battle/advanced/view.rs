//! The Squares as the player sees them, for the sheet's view: each Force's
//! relation to every enemy Force (range, Formations, where an attack
//! strikes, the modifiers) and where a March takes it, from the rules that
//! fight them.

use super::field::Field;
use super::{attack, combat, confederate};
use crate::campaign::Side;
use crate::chronicle::Modifier;
use crate::rules::battle::field::Slot;
use crate::rules::battle::ground::{Ground, Square};
use crate::rules::battle::record::Relation;
use crate::rules::battle::turns::attack::defence_modifiers;
use crate::rules::battle::turns::shock::{facing_modifier, formation_modifiers};
use crate::rules::board::Board;
use crate::rules::decision::DefaultPlan;

/// Unit `k` and each enemy Force on the Squares, as the rules that fight
/// them see it: the range (A11.0.1), the Formations toward each other
/// (A10.3), where an attack by `k` strikes and a Shock attack's modifiers
/// (11.4.3, A11.4.2.2, A11.4.2.3, as `shock_on` adds them), an attack's
/// modifiers from where they stand and the target's own (A11.5, A11.7.2,
/// A14.2.2.1, 11.8, as `attack_on` adds them), and whether it is a target
/// now (A11.6).
pub fn relations(f: &Field, k: Slot) -> Vec<Relation> {
    let u = &f.units[k];
    let targets = attack::targets(f, k);
    f.side(u.side.other())
        .map(|t| {
            let enemy = &f.units[t];
            let distance = u.at().distance(enemy.at());
            let own = combat::formation_toward(f, k, enemy.at());
            let theirs = combat::formation_toward(f, t, u.at());
            let facing = enemy.at().facing(enemy.side, u.at());
            let (mut their_shock, mut own_shock) = (Vec::new(), Vec::new());
            // A Shock attack is made on a Force next to the attacker
            // (A11.4); Melee ignores Formation, Flank and Rear (A11.5).
            if distance == 1 {
                let (d, a) = formation_modifiers(own, theirs);
                if d != 0 {
                    let what = format!("{own:?} against {theirs:?}");
                    their_shock.push(Modifier::new(d, what.clone(), "11.4.3"));
                    own_shock.push(Modifier::new(a, what, "11.4.3"));
                }
                if let Some((n, what, rule)) = facing_modifier(facing) {
                    their_shock.push(Modifier::new(-n, what, rule));
                    own_shock.push(Modifier::new(n, what, rule));
                }
            }
            let target = targets.contains(&t);
            let mut mods = Vec::new();
            if target {
                mods = attack::position_modifiers(f, k, t);
                mods.extend(defence_modifiers(f, u.side, Some(t)));
            }
            Relation {
                force: enemy.id.to_string(),
                distance,
                own_formation: own,
                their_formation: theirs,
                strikes: (distance > 0).then(|| facing.into()),
                their_shock,
                own_shock,
                attack: mods,
                target,
            }
        })
        .collect()
}

/// The Squares a Confederate unit `k` would March into now: those of its
/// March Default Battle Plan when it has one (A12.4, A11.5, A11.1.1),
/// for Artillery none holding a Union Force (A12.4).
pub fn reach(board: &Board, f: &Field, k: Slot) -> Vec<Square> {
    if f.units[k].side != Side::Confederate
        || !confederate::defaults(board, f, k)
            .iter()
            .any(|d| matches!(d, DefaultPlan::March { .. }))
    {
        return Vec::new();
    }
    confederate::march_to(f, k)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::battle::advanced::testing::{k, run, sheet, sq};
    use crate::rules::battle::record::SheetView;
    use crate::rules::battle::record::Strikes;
    use crate::rules::battle::terms::Formation;
    use crate::rules::battle::turns::view::sheet_view;

    fn view(b: &Board, f: &Field) -> SheetView {
        run(&mut b.clone(), &[], Vec::new(), |ctx| {
            sheet_view(f, ctx, false)
        })
        .0
    }

    fn relation<'a>(s: &'a SheetView, from: &str, to: &str) -> &'a Relation {
        let u = s
            .units
            .iter()
            .find(|u| u.force == from)
            .expect("on the sheet");
        u.relations
            .iter()
            .find(|r| r.force == to)
            .expect("an enemy")
    }

    /// (amount, rule) of each modifier.
    fn mods(m: &[Modifier]) -> Vec<(i32, &str)> {
        m.iter().map(|m| (m.amount, m.rule.as_ref())).collect()
    }

    /// A11.4.2.3's example: Slocum in D4 attacked from E4 (his front), D5
    /// (his Flank: −3 to his Shock check, +3 to the attacker's) and C4
    /// (his Rear: −6 and +6); each Confederate next to him may attack him.
    #[test]
    fn relations_say_where_an_attack_strikes_and_its_modifiers() {
        let (b, mut f) = sheet(&[
            ("slocum", "D4"),
            ("longstreet", "E4"),
            ("ap-hill", "D5"),
            ("magruder", "C4"),
        ]);
        // Longstreet in Column toward Slocum's Row: Column against Line
        // (11.4.3).
        let longstreet = k(&b, &f, "longstreet");
        f.units[longstreet].formation = Formation::Column;
        let s = view(&b, &f);
        let front = relation(&s, "longstreet", "slocum");
        assert_eq!((front.distance, front.strikes), (1, Some(Strikes::Front)));
        assert_eq!(
            (front.own_formation, front.their_formation),
            (Formation::Column, Formation::Line)
        );
        assert_eq!(mods(&front.their_shock), [(-2, "11.4.3")]);
        assert_eq!(mods(&front.own_shock), [(2, "11.4.3")]);
        assert!(front.target && front.attack.is_empty());
        // A.P. Hill in Line beside him: both are Column toward each other
        // in one Row (A10.3), no 11.4.3 modifier.
        let flank = relation(&s, "ap-hill", "slocum");
        assert_eq!(flank.strikes, Some(Strikes::Flank));
        assert_eq!(
            (flank.own_formation, flank.their_formation),
            (Formation::Column, Formation::Column)
        );
        assert_eq!(mods(&flank.their_shock), [(-3, "A11.4.2.2")]);
        assert_eq!(mods(&flank.own_shock), [(3, "A11.4.2.2")]);
        let rear = relation(&s, "magruder", "slocum");
        assert_eq!(rear.strikes, Some(Strikes::Rear));
        assert_eq!(mods(&rear.their_shock), [(-6, "A11.4.2.3")]);
        assert_eq!(mods(&rear.own_shock), [(6, "A11.4.2.3")]);
        assert!(flank.target && rear.target);
        // And from Slocum's side: Magruder, past him toward Row A, faces
        // away from him: Slocum would strike his Rear too.
        let back = relation(&s, "slocum", "magruder");
        assert_eq!((back.distance, back.strikes), (1, Some(Strikes::Rear)));
        let ahead = relation(&s, "slocum", "longstreet");
        assert_eq!(ahead.strikes, Some(Strikes::Front));
        // A March takes Longstreet into the Squares around him without a
        // friend, Slocum's among them (a Shock attack, A11.4).
        let reach = &s
            .units
            .iter()
            .find(|u| u.force == "longstreet")
            .unwrap()
            .reach;
        assert!(reach.contains(&sq("D4")) && !reach.contains(&sq("D5")));
        assert_eq!(reach.len(), 7);
    }

    /// A12.3: a Flank aimed at a Union Force two Squares away is shown
    /// aimed; driven back a Square (by Broken, A14.1), the Force is no
    /// longer at its distance and will hold: the view says so.
    #[test]
    fn a_force_driven_out_of_its_distance_has_lost_its_aim() {
        use crate::rules::battle::terms::PlanCounter;
        let (b, mut f) = sheet(&[("slocum", "C4"), ("longstreet", "E4")]);
        let longstreet = k(&b, &f, "longstreet");
        f.units[longstreet].counter = Some(PlanCounter::Flank);
        f.units[longstreet].target = Some(f.units[k(&b, &f, "slocum")].piece);
        let lost = |f: &Field| {
            let s = view(&b, f);
            let u = s.units.iter().find(|u| u.force == "longstreet").unwrap();
            (u.target.clone(), u.aim_lost)
        };
        assert_eq!(lost(&f), (Some("slocum".to_string()), false));
        f.units.set_at(longstreet, sq("F4"));
        assert_eq!(lost(&f), (Some("slocum".to_string()), true));
    }

    /// A11.5: in Melee no Facing, no Shock modifiers, +3/+3 to Fire; a
    /// Force two Squares away is no target for Infantry (A11.6).
    #[test]
    fn melee_and_range_in_the_relations() {
        let (b, f) = sheet(&[("slocum", "D4"), ("longstreet", "D4"), ("ap-hill", "F4")]);
        let s = view(&b, &f);
        let melee = relation(&s, "longstreet", "slocum");
        assert_eq!((melee.distance, melee.strikes), (0, None));
        assert!(melee.their_shock.is_empty() && melee.own_shock.is_empty());
        assert!(melee.target);
        assert_eq!(
            (
                melee.attack[0].amount,
                melee.attack[0].superior,
                melee.attack[0].rule.as_ref()
            ),
            (3, Some(3), "A11.5")
        );
        let far = relation(&s, "ap-hill", "slocum");
        assert_eq!(far.distance, 2);
        assert!(!far.target && far.attack.is_empty());
        // In Melee, Longstreet may not March (A11.5); A.P. Hill may.
        let reach = |id: &str| s.units.iter().find(|u| u.force == id).unwrap().reach.len();
        assert_eq!((reach("longstreet"), reach("ap-hill")), (0, 5));
    }
}
