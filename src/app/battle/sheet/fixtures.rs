//! Sheets and relations for the sheet's tests.

use crate::campaign::Side;
use crate::chronicle::Modifier;
use crate::rules::battle::ground::Square;
use crate::rules::battle::record::{Relation, SheetUnit, SheetView, Strikes};
use crate::rules::battle::terms::{Formation, Tactics};

pub fn unit(force: &str, side: Side, square: &str, formation: Formation) -> SheetUnit {
    let square = Square::named(square).expect("a Square");
    SheetUnit {
        force: force.into(),
        side,
        region: square.region(),
        square: Some(square),
        target: None,
        aim_lost: false,
        formation,
        reduced: false,
        combat: 5,
        counter: None,
        prepare: false,
        entrench: false,
        hard_cover: false,
        cover: false,
        acted: false,
        clear_orders: false,
        in_melee: true,
        passing: false,
        range: Some(0),
        refusals: Vec::new(),
        relations: Vec::new(),
        reach: Vec::new(),
    }
}

pub fn sheet(units: Vec<SheetUnit>) -> SheetView {
    SheetView {
        turn: 1,
        turns: 4,
        quantity: 2,
        assigned: 0,
        union_quantity: 3,
        tactics: Tactics::Defensive,
        confederate_combat: 5,
        union_combat: 5,
        lee: false,
        units,
        cup: Vec::new(),
        drawn: Vec::new(),
        disrupted: Vec::new(),
        insights: Vec::new(),
        formation_counter: false,
        routed: None,
        columns: 6,
        objectives: Vec::new(),
        hits: None,
        confused: Vec::new(),
    }
}

pub fn relation(force: &str, distance: i32, strikes: Option<Strikes>, target: bool) -> Relation {
    Relation {
        force: force.into(),
        distance,
        own_formation: Formation::Column,
        their_formation: Formation::Line,
        strikes,
        their_shock: vec![
            Modifier::new(-2, "Column against Line", "11.4.3"),
            Modifier::new(-3, "Flank attack", "A11.4.2.2"),
        ],
        own_shock: vec![
            Modifier::new(2, "Column against Line", "11.4.3"),
            Modifier::new(3, "Flank attack", "A11.4.2.2"),
        ],
        attack: Vec::new(),
        target,
    }
}
