//! The Battlefield Sheet (10.2.14): six Regions, the Forces on them with
//! their Formation and attached Battle Plans, and the battle's bookkeeping.

use crate::rules::battle::ground::Region;
use crate::rules::battle::terms::{Formation, PlanCounter, Tactics};

use crate::campaign::{ForceType, Insight, Side, Skill};
use crate::rules::board::Board;
use crate::rules::components::SpecialBattlePlan;

/// A Force on the Battlefield Sheet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unit {
    /// Index of the counter on the board.
    pub piece: usize,
    /// The counter's id and Force type, copied from the board when the unit
    /// is placed (neither changes): listing a question's answers reads the
    /// sheet, not the board.
    pub(super) id: crate::rules::components::Id,
    ty: ForceType,
    pub side: Side,
    pub region: Region,
    pub formation: Formation,
    /// The Battle Plan Counter attached this turn (Confederates).
    pub counter: Option<PlanCounter>,
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

/// Which regions Union Forces have first entered (18.4) and whether a
/// Confederate Force has entered the Union Reserve (15.3).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FirstEntries {
    pub union_in: Vec<Region>,
    pub confederate_in_union_reserve: bool,
}

/// The battle on the Battlefield Sheet.
#[derive(Debug, Clone)]
pub struct Field {
    pub area: String,
    pub units: Vec<Unit>,
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
    /// The Formation counter held aside this turn (12.3.7).
    pub formation_counter: bool,
    pub routed: Option<Side>,
    pub entries: FirstEntries,
    /// Default Battle Plans of other Forces that Scouts' Clear Orders still
    /// cover this turn: two with every Scout redeemed for Default Battle
    /// Plans, spent on the next that would roll (11.2.1, R-11.2.1).
    pub clear_defaults: u32,
    /// The Cavalry and Infantry Forces off the sheet Screening (10.2.12.7).
    pub screen: Option<(usize, usize)>,
    /// Union Mobile Forces Terrain placed in the Union Approach, its limit
    /// of 4 ignored (10.2.12.8): the Region may hold that many until they
    /// thin out, and no Union Force enters it while it holds 4 or more
    /// (R-10.2.12.8).
    pub terrain_approach: usize,
}

impl Unit {
    pub fn new(
        board: &Board,
        piece: usize,
        side: Side,
        region: Region,
        formation: Formation,
    ) -> Unit {
        Unit {
            piece,
            id: board.pieces[piece].id().clone(),
            ty: board.pieces[piece].force.force_type,
            side,
            region,
            formation,
            counter: None,
            prepare: false,
            entrench: false,
            hard_cover: false,
            cover: false,
            acted: false,
            clear_orders: None,
        }
    }
}

impl Field {
    /// An empty sheet for a battle in `area`.
    pub fn new(area: &str, lee: bool, turns: u32) -> Field {
        let mut cup = SpecialBattlePlan::counter_mix();
        cup.sort();
        Field {
            area: area.to_string(),
            units: Vec::new(),
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
            formation_counter: false,
            routed: None,
            entries: FirstEntries::default(),
            clear_defaults: 0,
            screen: None,
            terrain_approach: 0,
        }
    }

    pub fn unit_of(&self, piece: usize) -> Option<usize> {
        self.units.iter().position(|u| u.piece == piece)
    }

    /// Units of a side, in board (id) order.
    pub fn side(&self, side: Side) -> impl DoubleEndedIterator<Item = usize> + '_ {
        (0..self.units.len()).filter(move |&k| self.units[k].side == side)
    }

    /// Whether a side has any unit on the sheet.
    pub fn has_side(&self, side: Side) -> bool {
        self.units.iter().any(|u| u.side == side)
    }

    pub fn in_region(&self, region: Region, side: Side) -> Vec<usize> {
        (0..self.units.len())
            .filter(|&k| self.units[k].side == side && self.units[k].region == region)
            .collect()
    }

    /// Whether any of a side's Forces is in a Region.
    pub fn any_in_region(&self, region: Region, side: Side) -> bool {
        self.units
            .iter()
            .any(|u| u.side == side && u.region == region)
    }

    /// Mobile Forces of a side in a Region (static Forces do not count, 10.2.14).
    pub fn mobile_count(&self, region: Region, side: Side) -> usize {
        self.units
            .iter()
            .filter(|u| u.side == side && u.region == region && u.ty.is_mobile())
            .count()
    }

    pub fn has_room(&self, region: Region, side: Side) -> bool {
        region
            .capacity()
            .is_none_or(|cap| self.mobile_count(region, side) < cap)
    }

    /// In Melee combat: enemy Forces in the same Region (11.5).
    pub fn in_melee(&self, k: usize) -> bool {
        let u = &self.units[k];
        self.any_in_region(u.region, u.side.other())
    }

    /// Regions to the nearest enemy Force; None when there is none.
    pub fn range_to_enemy(&self, k: usize) -> Option<i32> {
        let u = &self.units[k];
        Occupancy::regions_of(self).range(u.region, u.side)
    }

    pub fn force_type(&self, k: usize) -> ForceType {
        self.units[k].ty
    }

    pub fn skill(&self, board: &Board, k: usize) -> Skill {
        board.pieces[self.units[k].piece].force.skill
    }

    pub fn label(&self, board: &Board, k: usize) -> String {
        board.label(self.units[k].piece)
    }

    pub fn id(&self, k: usize) -> crate::rules::components::Id {
        self.units[k].id.clone()
    }

    pub fn combat_total(&self, board: &Board, side: Side) -> u32 {
        self.side(side)
            .map(|k| board.pieces[self.units[k].piece].combat())
            .sum()
    }

    pub fn has_insight(&self, i: Insight) -> bool {
        self.insights.iter().any(|s| s.insight == i)
    }
}

/// Where each side stands on the sheet, read in one pass over the units:
/// the Regions it occupies (bits by position) and its Mobile Forces in each
/// (10.2.14). It answers as `Field::any_in_region`, `in_melee` and
/// `has_room` do (tests/battle_props.rs), for listing a question's answers
/// without rescanning the sheet for every Force; it is stale as soon as
/// anything on the sheet moves.
#[derive(Debug, Clone, Copy)]
pub struct Occupancy {
    regions: [u8; 2],
    /// Mobile Forces by side and Region; counted only by [`Occupancy::of`].
    mobile: [[u8; 6]; 2],
}

impl Occupancy {
    fn index(side: Side) -> usize {
        usize::from(side == Side::Union)
    }

    /// Regions and Mobile Forces.
    pub fn of(f: &Field) -> Occupancy {
        let mut at = Occupancy::regions_of(f);
        for u in &f.units {
            if u.ty.is_mobile() {
                at.mobile[Occupancy::index(u.side)][u.region as usize] += 1;
            }
        }
        at
    }

    /// Regions only (no counts for [`Occupancy::has_room`]).
    pub fn regions_of(f: &Field) -> Occupancy {
        let mut regions = [0u8; 2];
        for u in &f.units {
            regions[Occupancy::index(u.side)] |= 1 << u.region.pos();
        }
        Occupancy {
            regions,
            mobile: [[0; 6]; 2],
        }
    }

    /// Whether any of a side's Forces is in a Region.
    pub fn any(&self, region: Region, side: Side) -> bool {
        self.regions[Occupancy::index(side)] & 1 << region.pos() != 0
    }

    /// Both sides in the Region: Melee there (11.5).
    pub fn melee(&self, region: Region) -> bool {
        self.any(region, Side::Confederate) && self.any(region, Side::Union)
    }

    /// Regions from a Force of `side` in `region` to the nearest enemy.
    pub fn range(&self, region: Region, side: Side) -> Option<i32> {
        let enemy = self.regions[Occupancy::index(side.other())];
        let p = region.pos() as u32;
        // The nearest enemy Region at or beyond this one, and at or before.
        let ahead = (enemy >> p != 0).then(|| (enemy >> p).trailing_zeros());
        let behind_bits = enemy & (((1u16 << (p + 1)) - 1) as u8);
        let behind = (behind_bits != 0).then(|| p - (7 - behind_bits.leading_zeros()));
        match (ahead, behind) {
            (Some(a), Some(b)) => Some(a.min(b) as i32),
            (a, b) => a.or(b).map(|d| d as i32),
        }
    }

    /// Room for one more Mobile Force of `side` (10.2.14).
    pub fn has_room(&self, region: Region, side: Side) -> bool {
        region.capacity().is_none_or(|cap| {
            usize::from(self.mobile[Occupancy::index(side)][region as usize]) < cap
        })
    }

    /// The closest non-Melee Region with enemies, other than its own, for
    /// Artillery of `side` in `region` (11.7).
    pub fn artillery_target(&self, region: Region, side: Side) -> Option<Region> {
        Region::ALL
            .into_iter()
            .filter(|r| *r != region && self.any(*r, side.other()) && !self.melee(*r))
            .min_by_key(|r| r.distance(region))
    }
}

impl Field {
    /// The sheet's invariants: no Region over its capacity, no Battle Plan
    /// Counter on a Force in Melee, every unit's counter on the battle's area.
    pub fn problem(&self, board: &Board) -> Option<String> {
        for r in Region::ALL {
            for side in [Side::Confederate, Side::Union] {
                if let Some(cap) = r.capacity() {
                    let cap = if (r, side) == (Region::UnionApproach, Side::Union) {
                        cap.max(self.terrain_approach)
                    } else {
                        cap
                    };
                    let n = self.mobile_count(r, side);
                    if n > cap {
                        return Some(format!(
                            "{n} {} Mobile Forces in the {} (at most {cap})",
                            side.name(),
                            r.name()
                        ));
                    }
                }
            }
        }
        for k in 0..self.units.len() {
            let u = &self.units[k];
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

/// Why this counter may not be attached to this unit now (12.2, 12.3); None
/// when it may.
pub fn refusal(f: &Field, k: usize, plan: PlanCounter) -> Option<String> {
    refusal_reason(f, k, plan, f.in_melee(k)).map(|r| match r {
        Refusal::Said(text) => text.to_string(),
        Refusal::Attached(c) => format!(
            "{} is already attached: one counter a Force, Prepare apart (12.2).",
            c.name()
        ),
        Refusal::Only(why, rule) => format!("{why} ({rule})."),
    })
}

/// A refusal, worded only when shown (the legal counters are computed for
/// every Force at every assignment).
pub(super) enum Refusal {
    Said(&'static str),
    Attached(PlanCounter),
    /// Who may take the counter, and the rule that says so.
    Only(&'static str, &'static str),
}

/// `melee` is `f.in_melee(k)`, read once by the caller.
pub(super) fn refusal_reason(
    f: &Field,
    k: usize,
    plan: PlanCounter,
    melee: bool,
) -> Option<Refusal> {
    let u = &f.units[k];
    if u.side != Side::Confederate {
        return Some(Refusal::Said(
            "Battle Plan Counters are Confederate (12.2).",
        ));
    }
    if plan == PlanCounter::Prepare {
        return u
            .prepare
            .then_some(Refusal::Said("Prepare is already attached (12.3.8)."));
    }
    if plan == PlanCounter::Formation {
        return Some(Refusal::Said(
            "Formation is not attached to a Force: it is placed beside the sheet (12.3.7).",
        ));
    }
    if melee {
        return Some(Refusal::Said(
            "In Melee: only Prepare may be attached (11.5, 12.3.8).",
        ));
    }
    if let Some(c) = u.counter {
        return Some(Refusal::Attached(c));
    }
    let ty = f.force_type(k);
    let infantry = ty == ForceType::Infantry;
    let foot_or_horse = matches!(ty, ForceType::Infantry | ForceType::Cavalry);
    let (why, rule) = match plan {
        PlanCounter::Canister if !matches!(ty, ForceType::Artillery | ForceType::Fortification) => {
            ("Artillery and Fortifications only", plan.rule())
        }
        PlanCounter::AimedVolley if !infantry => ("Infantry only", plan.rule()),
        PlanCounter::AimedVolley if u.formation != Formation::Line => {
            ("Line Formation only", plan.rule())
        }
        PlanCounter::RapidAdvance | PlanCounter::RapidFire | PlanCounter::Volley if !infantry => {
            ("Infantry only", plan.rule())
        }
        // 12.2: counters go on Infantry and Cavalry unless they say otherwise.
        PlanCounter::Cover
        | PlanCounter::Engage
        | PlanCounter::FightingRetreat
        | PlanCounter::Flank
            if !foot_or_horse =>
        {
            ("Infantry and Cavalry only", "12.2")
        }
        _ => return None,
    };
    Some(Refusal::Only(why, rule))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Occupancy::range` is the distance to the nearest Region the enemy
    /// holds, as a scan of the Regions finds it, for every placement of
    /// the two sides.
    #[test]
    fn occupancy_range_is_the_nearest_enemy_region() {
        for confederate in 0u8..64 {
            for union in 0u8..64 {
                let at = Occupancy {
                    regions: [confederate, union],
                    mobile: [[0; 6]; 2],
                };
                for side in [Side::Confederate, Side::Union] {
                    let enemy = if side == Side::Confederate {
                        union
                    } else {
                        confederate
                    };
                    for region in Region::ALL {
                        let scanned = Region::ALL
                            .iter()
                            .filter(|r| enemy & 1 << r.pos() != 0)
                            .map(|r| (r.pos() - region.pos()).abs())
                            .min();
                        assert_eq!(
                            at.range(region, side),
                            scanned,
                            "{side:?} in {region:?}, enemy {enemy:06b}"
                        );
                    }
                }
            }
        }
    }
}
