//! A battle on a battlefield sheet, whatever its geometry: the Forces with
//! their Formation and attached Battle Plans, and the battle's bookkeeping
//! (Battle Plan Counters, Insights, the Special Battle Plan cup, tactics,
//! effects). A unit stands at a place `P` of the sheet: a `Region` of the
//! Battlefield Sheet (10.2.14); the geometry's own module answers where it
//! may go.

use crate::campaign::{ForceType, Insight, Side, Skill};
use crate::rules::battle::ground::Ground;
use crate::rules::battle::terms::{Formation, PlanCounter, Tactics};
use crate::rules::board::{Board, PieceIx};
use crate::rules::components::{Location, SpecialBattlePlan, Strength};
use crate::rules::ix::IxVec;
pub use crate::rules::ix::Slot;
use std::cell::Cell;
use std::ops::{Deref, Index, IndexMut};

/// A Force on a battlefield sheet, at a place `P` of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unit<P> {
    /// Index of the counter on the board.
    pub piece: PieceIx,
    /// The counter's id and Force type, copied from the board when the unit
    /// is placed (neither changes): listing a question's answers reads the
    /// sheet, not the board.
    pub(crate) id: crate::rules::components::Id,
    pub(crate) ty: ForceType,
    pub side: Side,
    /// Its place: read with [`Unit::at`], changed only through
    /// [`Units::set_at`], so that [`Units::occupied`] is never stale.
    at: P,
    pub formation: Formation,
    /// The Battle Plan Counter attached this turn (Confederates).
    pub counter: Option<PlanCounter>,
    /// The Union Force (its counter) declared as the target of Flank or
    /// Rapid Advance when the counter was placed (A12.3).
    pub target: Option<PieceIx>,
    /// Prepare attached: acts before the Union (12.3.8).
    pub prepare: bool,
    /// The Entrench Insight is attached (10.2.12.3).
    pub entrench: bool,
    /// Hard Cover is attached (14.1.2).
    pub hard_cover: bool,
    /// Cover activated and still in place (12.3.3).
    pub cover: bool,
    /// Has acted (or been ordered to Hold) this turn.
    pub acted: bool,
    /// A Scout's Clear Orders this turn (11.2.1): no Activation roll for
    /// its Battle Plan Counter, or for its Default Battle Plan.
    pub clear_orders: Option<ClearOrders>,
    /// Passing through a friend's Square on a move of two Squares
    /// (A10.2.14): the one Force of a side a Square it does not count
    /// against while there.
    pub passing: bool,
}

/// What a Scout's Clear Orders cover (11.2.1, R-11.2.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClearOrders {
    /// The Battle Plan Counter the Force had when the Scout was redeemed.
    Counter,
    /// Its Default Battle Plan (and two more Forces' from the pool,
    /// `Field::clear_defaults`).
    Default,
}

/// Cumulative turn-long Special Battle Plan effects (14.0).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Effects {
    pub close_ranks: u32,
    pub well_struck: bool,
    pub smoke: bool,
    pub mixed_orders: bool,
    pub heavy_fire: bool,
}

/// An Insight chosen for the battle and where it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InsightState {
    pub insight: Insight,
    /// Used up (the one-time Insights after they act).
    pub spent: bool,
}

pub use crate::rules::battle::awards::FirstEntries;

/// A battle on a battlefield sheet whose places are `P`.
#[derive(Debug, Clone)]
pub struct Field<P> {
    pub area: String,
    pub units: Units<P>,
    pub lee: bool,
    pub turn: u32,
    pub turns: u32,
    /// Battle Plan Counters a turn (after purchases and Insights).
    pub quantity: u32,
    /// Battle Plan Counters assigned this turn (12.2).
    pub assigned: u32,
    /// Union Special Battle Plans a turn.
    pub union_quantity: u32,
    pub insights: Vec<InsightState>,
    pub tactics: Tactics,
    pub effects: Effects,
    /// The Special Battle Plan counters in the cup: the physical mix less
    /// those removed for this battle by Scouts (14.0.1).
    pub cup: Vec<SpecialBattlePlan>,
    /// Removed by Disrupt until the end of the next draw (12.4.3).
    pub disrupted: Vec<SpecialBattlePlan>,
    /// Drawn and in effect this turn (returned at its end).
    pub drawn: Vec<SpecialBattlePlan>,
    /// Optional rule Officers Confused: the Battle Plan Counters out of
    /// the player's choice this battle turn, and the Special Battle Plans out
    /// of the cup.
    pub confused: Vec<PlanCounter>,
    pub confused_plans: Vec<SpecialBattlePlan>,
    /// The Formation counter held aside this turn (12.3.7).
    pub formation_counter: bool,
    pub routed: Option<Side>,
    pub entries: FirstEntries,
    /// Default Battle Plans of other Forces that Scouts' Clear Orders still
    /// cover this turn: two with every Scout redeemed for Default Battle
    /// Plans, spent on the next that would roll (11.2.1, R-11.2.1).
    pub clear_defaults: u32,
    /// The Cavalry and Infantry Forces off the sheet Screening (10.2.12.7).
    pub screen: Option<(PieceIx, PieceIx)>,
    /// The Advanced Battlefield Sheet's Columns: 6 (A10.2.14), a Battle
    /// Pack's modified sheet 11 or 12. Unused on the Regions.
    pub columns: u8,
    /// A stand-alone battle (`advanced::stand_alone`): the Union's tactics
    /// stay as set, and the last battle turn ends it without Withdrawal.
    pub stand_alone: bool,
    /// Battle Packs: the Union Objective Markers' places ("Union Objective
    /// Markers"); none in campaign battles.
    pub objectives: Vec<P>,
    /// A stand-alone battle: each counter placed and its strength as the
    /// battle began, whence the Hits each army has suffered (11.10);
    /// empty in campaign battles.
    pub start: Vec<(PieceIx, Strength)>,
    /// Union Mobile Forces Terrain placed in the Union Approach, its limit
    /// of 4 ignored (10.2.12.8): the Region may hold that many until they
    /// thin out, and no Union Force enters it while it holds 4 or more
    /// (R-10.2.12.8).
    pub terrain_approach: usize,
}

/// The units on a sheet, read as an [`IxVec`], and where each side stands
/// as bits by place ([`Ground::bit`], [`Units::occupied_by`]), worked out
/// when first asked after a unit moved, entered or left. The Advanced sheet's questions ask it of
/// every Force (`advanced::field::Occupancy`), some 130 times a battle:
/// read afresh each time it was 5% of an Advanced battle.
#[derive(Debug, Clone)]
pub struct Units<P> {
    list: IxVec<Slot, Unit<P>>,
    /// `[Confederate, Union]`; None: to be read again.
    occupied: Cell<Option<[u128; 2]>>,
}

impl<P> Default for Units<P> {
    fn default() -> Self {
        Units {
            list: IxVec::new(),
            occupied: Cell::new(None),
        }
    }
}

impl<P> Deref for Units<P> {
    type Target = IxVec<Slot, Unit<P>>;
    fn deref(&self) -> &Self::Target {
        &self.list
    }
}

impl<P> Index<Slot> for Units<P> {
    type Output = Unit<P>;
    #[inline]
    fn index(&self, k: Slot) -> &Unit<P> {
        &self.list[k]
    }
}

/// A unit's place is private to this module: changing anything else of it
/// leaves [`Units::occupied`] as it was.
impl<P> IndexMut<Slot> for Units<P> {
    #[inline]
    fn index_mut(&mut self, k: Slot) -> &mut Unit<P> {
        &mut self.list[k]
    }
}

impl<'a, P> IntoIterator for &'a Units<P> {
    type Item = &'a Unit<P>;
    type IntoIter = std::slice::Iter<'a, Unit<P>>;
    fn into_iter(self) -> Self::IntoIter {
        self.list.iter()
    }
}

impl<P> Units<P> {
    /// A unit enters the sheet.
    pub fn push(&mut self, unit: Unit<P>) {
        self.occupied.set(None);
        self.list.push(unit);
    }

    /// A unit leaves the sheet, the later ones moving down a slot.
    pub fn remove(&mut self, k: Slot) -> Unit<P> {
        self.occupied.set(None);
        self.list.remove(k)
    }

    /// Unit `k` moves to `at`.
    pub fn set_at(&mut self, k: Slot, at: P) {
        self.occupied.set(None);
        self.list[k].at = at;
    }

    pub fn iter_mut(&mut self) -> std::slice::IterMut<'_, Unit<P>> {
        self.list.iter_mut()
    }
}

impl<P: Ground> Units<P> {
    /// The places `side` holds, as bits by [`Ground::bit`].
    #[inline]
    pub fn occupied_by(&self, side: Side) -> u128 {
        self.occupied()[usize::from(side == Side::Union)]
    }

    /// [`Units::occupied_by`] of both sides, `[Confederate, Union]`.
    #[inline]
    fn occupied(&self) -> [u128; 2] {
        if let Some(bits) = self.occupied.get() {
            debug_assert_eq!(bits, self.occupied_now(), "a unit moved unseen");
            return bits;
        }
        let bits = self.occupied_now();
        self.occupied.set(Some(bits));
        bits
    }

    fn occupied_now(&self) -> [u128; 2] {
        let mut bits = [0u128; 2];
        for u in &self.list {
            bits[usize::from(u.side == Side::Union)] |= 1 << u.at.bit();
        }
        bits
    }
}

impl<P: Copy> Unit<P> {
    /// Where the unit stands.
    #[inline]
    pub fn at(&self) -> P {
        self.at
    }
}

impl<P> Unit<P> {
    pub fn new(board: &Board, piece: PieceIx, side: Side, at: P, formation: Formation) -> Unit<P> {
        Unit {
            piece,
            id: *board.pieces[piece].id(),
            ty: board.pieces[piece].force.force_type,
            side,
            at,
            formation,
            counter: None,
            target: None,
            prepare: false,
            entrench: false,
            hard_cover: false,
            cover: false,
            acted: false,
            clear_orders: None,
            passing: false,
        }
    }
}

/// The Hits a counter has suffered since `before`: a step to its reduced
/// side 1, destroyed or captured the steps it had left (11.10).
pub fn steps_lost(before: Strength, has_reduced: bool, after: Option<Strength>) -> u32 {
    let steps = |s: Strength| -> u32 {
        match s {
            Strength::Full if has_reduced => 2,
            _ => 1,
        }
    };
    match after {
        Some(now) => steps(before).saturating_sub(steps(now)),
        None => steps(before),
    }
}

impl<P: Ground> Field<P> {
    /// Whether any of a side's Forces is at a place.
    #[inline]
    pub fn any_at(&self, at: P, side: Side) -> bool {
        self.units.occupied_by(side) & 1 << at.bit() != 0
    }

    /// In Melee combat: enemy Forces at the same place (11.5, A11.5).
    pub fn in_melee(&self, k: Slot) -> bool {
        let u = &self.units[k];
        self.any_at(u.at, u.side.other())
    }

    /// The invariants every sheet shares: no Battle Plan Counter on a Force
    /// in Melee (11.5, A12.2), every unit's counter in the battle's area.
    pub fn units_problem(&self, board: &Board) -> Option<String> {
        for (k, u) in self.units.iter_enumerated() {
            if u.counter.is_some() && self.in_melee(k) {
                return Some(format!(
                    "{} keeps a Battle Plan Counter in Melee",
                    self.label(board, k)
                ));
            }
            if board.pieces[u.piece].location().area() != Some(self.area.as_str()) {
                return Some(format!(
                    "{} is on the sheet but not in {}",
                    self.label(board, k),
                    self.area
                ));
            }
        }
        None
    }
}

impl<P> Field<P> {
    /// A stand-alone battle: the Hits each army has suffered so far, the
    /// Confederates' then the Union's (11.10), from [`Field::start`].
    pub fn hits_suffered(&self, board: &Board) -> [u32; 2] {
        let mut hits = [0, 0];
        for &(i, before) in &self.start {
            let p = &board.pieces[i];
            let after = matches!(p.location(), Location::Area(_)).then_some(p.strength);
            let side = usize::from(p.force.side == Side::Union);
            hits[side] += steps_lost(before, p.force.reduced.is_some(), after);
        }
        hits
    }
}

impl<P: Copy + Eq> Field<P> {
    /// An empty sheet for a battle in `area`.
    pub fn new(area: &str, lee: bool, turns: u32) -> Field<P> {
        let cup = SpecialBattlePlan::full_cup();
        Field {
            area: area.to_string(),
            units: Units::default(),
            lee,
            turn: 1,
            turns,
            quantity: 0,
            assigned: 0,
            union_quantity: 0,
            insights: Vec::new(),
            tactics: Tactics::Defensive,
            effects: Effects::default(),
            cup,
            disrupted: Vec::new(),
            drawn: Vec::new(),
            confused: Vec::new(),
            confused_plans: Vec::new(),
            formation_counter: false,
            routed: None,
            entries: FirstEntries::default(),
            clear_defaults: 0,
            screen: None,
            columns: 6,
            stand_alone: false,
            objectives: Vec::new(),
            start: Vec::new(),
            terrain_approach: 0,
        }
    }

    /// The slot of the counter `piece`, if it is on the sheet.
    pub fn unit_of(&self, piece: PieceIx) -> Option<Slot> {
        self.units.position(|u| u.piece == piece)
    }

    /// Units of a side, in board (id) order.
    pub fn side(&self, side: Side) -> impl DoubleEndedIterator<Item = Slot> + '_ {
        self.units
            .indices()
            .filter(move |&k| self.units[k].side == side)
    }

    /// Whether a side has any unit on the sheet.
    pub fn has_side(&self, side: Side) -> bool {
        self.units.iter().any(|u| u.side == side)
    }

    /// A side's units at a place.
    pub fn units_at(&self, at: P, side: Side) -> Vec<Slot> {
        self.units
            .indices()
            .filter(|&k| self.units[k].side == side && self.units[k].at == at)
            .collect()
    }

    /// Mobile Forces of a side at a place (static Forces do not count, 10.2.14).
    pub fn mobile_count(&self, at: P, side: Side) -> usize {
        self.units
            .iter()
            .filter(|u| u.side == side && u.at == at && u.ty.is_mobile())
            .count()
    }

    pub fn force_type(&self, k: Slot) -> ForceType {
        self.units[k].ty
    }

    pub fn skill(&self, board: &Board, k: Slot) -> Skill {
        board.pieces[self.units[k].piece].force.skill
    }

    pub fn label(&self, board: &Board, k: Slot) -> String {
        board.label(self.units[k].piece)
    }

    pub fn id(&self, k: Slot) -> crate::rules::components::Id {
        self.units[k].id
    }

    /// Both sides' [`Field::combat_total`], `[Confederate, Union]`, in one
    /// pass over the sheet.
    pub fn combat_totals(&self, board: &Board) -> [u32; 2] {
        let mut totals = [0u32; 2];
        for u in &self.units {
            let t = &mut totals[usize::from(u.side == Side::Union)];
            *t = t.saturating_add(board.pieces[u.piece].combat());
        }
        totals
    }

    pub fn combat_total(&self, board: &Board, side: Side) -> u32 {
        self.side(side)
            .map(|k| board.pieces[self.units[k].piece].combat())
            .fold(0, u32::saturating_add)
    }

    pub fn has_insight(&self, i: Insight) -> bool {
        self.insights.iter().any(|s| s.insight == i)
    }
}
