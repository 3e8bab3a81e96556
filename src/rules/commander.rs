//! Scripted commanders: policies that answer the Confederate player's
//! decisions through the same legal-decision interface as the GUI. Used by
//! tests, `fcrel battle` and `fcrel simulate`.

use serde::{Deserialize, Serialize};

use super::battle::ground::Region;
use super::battle::terms::{Formation, PlanCounter};
use super::board::{Board, Piece};
use super::components::{Id, SpecialBattlePlan};
use super::decision::{
    Decider, Decision, DefaultPlan, FormationChange, Interrupt, Request, SecondMove, SheetRead,
    UnitView,
};
use super::turn::victory::{has_reached, qualifies};
use crate::campaign::{Condition, DefeatCondition, ForceFilter, ForceType, Side};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Policy {
    /// Keeps its Scouts and Command Points, attacks only at 2:1, retreats
    /// from losing fights, protects Lee.
    #[default]
    Cautious,
    /// Plays to the victory conditions: marches (and force-marches) on the
    /// most urgent objective, attacks at even odds, fights battles out.
    #[serde(alias = "bold")]
    Objective,
}

impl Policy {
    pub fn by_name(name: &str) -> Option<Policy> {
        match name {
            "cautious" => Some(Policy::Cautious),
            "objective" | "bold" => Some(Policy::Objective),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Policy::Cautious => "cautious",
            Policy::Objective => "objective",
        }
    }

    /// Attack ratio this policy accepts when marching into Union Forces.
    fn nerve(self) -> (u32, u32) {
        match self {
            Policy::Cautious => (3, 1),
            Policy::Objective => (2, 1),
        }
    }
}

/// The areas the army should make for, with the turn each is due and
/// which Forces count: the pending positional objectives' areas not yet
/// satisfied, the areas a defeat condition needs reached (3.2), and the
/// areas to be held with a Combat Value at the end (2.2).
fn goals(board: &Board) -> Vec<(u32, String, ForceFilter)> {
    let any = ForceFilter::Any {};
    let mut v: Vec<(u32, String, ForceFilter)> = Vec::new();
    for o in board
        .options
        .objectives(&board.campaign)
        .filter(|o| !board.progress.objectives.contains_key(&o.id))
    {
        match &o.condition {
            Condition::ClearArea { area, by } if board.has_side(area, Side::Union) => {
                v.push((by.turn, area.clone(), any.clone()))
            }
            Condition::Reach { area, by, forces } => {
                v.push((by.turn, area.clone(), forces.clone()))
            }
            Condition::Occupy { areas, at } => v.extend(
                areas
                    .iter()
                    .filter(|a| !board.has_side(a, Side::Confederate))
                    .map(|a| (at.turn, a.clone(), any.clone())),
            ),
            Condition::HoldWithCombatValue { areas, min_combat } => v.extend(
                areas
                    .iter()
                    .filter(|a| {
                        board.holder(a) != Some(Side::Confederate)
                            || board.area_combat(a, Side::Confederate) < *min_combat
                    })
                    .map(|a| (board.last_turn(), a.clone(), any.clone())),
            ),
            _ => {}
        }
    }
    for d in &board.campaign.victory.defeat {
        if let DefeatCondition::FailToReach { area, by, forces } = d
            && !has_reached(board, area, forces)
        {
            v.push((by.turn, area.clone(), forces.clone()));
        }
    }
    v.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
    v
}

/// Areas an objective needs a Force to stay in (Occupy).
fn anchors(board: &Board) -> Vec<String> {
    board
        .options
        .objectives(&board.campaign)
        .filter(|o| !board.progress.objectives.contains_key(&o.id))
        .filter_map(|o| match &o.condition {
            Condition::Occupy { areas, .. } => Some(areas.clone()),
            _ => None,
        })
        .flatten()
        .collect()
}

/// A Force's part of a move decision: the counter, its area (map index),
/// when its target is due and which area it is (map index), and whether
/// it must stay where it is.
type ForceMove<'a> = (&'a Piece, usize, u32, usize, bool);

/// The target for `force` in area `from` (map index): the nearest of the
/// goals it counts for that are due first, as its due turn and map index.
/// The goals are listed once a request (they depend on the board only),
/// each with its area's map index (None: not on the map).
fn target_among(
    board: &Board,
    goals: &[(u32, Option<usize>, ForceFilter)],
    force: &str,
    from: usize,
) -> Option<(u32, usize)> {
    let mut mine = goals.iter().filter(|(_, _, f)| qualifies(board, f, force));
    let first_due = mine.clone().next()?.0;
    mine.by_ref()
        .filter(|(due, _, _)| *due == first_due)
        .filter_map(|&(due, a, _)| {
            let a = a?;
            board.graph.distance_at(from, a).map(|d| (d, due, a))
        })
        // Nearest, then the first in id order (the goals' own order).
        .min_by_key(|&(d, due, a)| (d, due, &board.graph.ids[a]))
        .map(|(_, due, a)| (due, a))
}

fn dist(board: &Board, a: &str, b: &str) -> u32 {
    board.graph.distance(a, b).unwrap_or(1000)
}

/// [`dist`] between map indices.
fn dist_at(board: &Board, a: usize, b: usize) -> u32 {
    board.graph.distance_at(a, b).unwrap_or(1000)
}

fn hold_areas(board: &Board) -> Vec<String> {
    board
        .options
        .objectives(&board.campaign)
        .filter_map(|o| match &o.condition {
            Condition::HoldThroughout { areas } | Condition::HoldWithCombatValue { areas, .. } => {
                Some(areas.clone())
            }
            _ => None,
        })
        .flatten()
        .collect()
}

impl Policy {
    fn choose_move(self, board: &Board, request: &Request, forced: bool) -> Decision {
        let (num, den) = self.nerve();
        let lee_at = board.lee.area().map(str::to_string);
        let can_move_lee = request
            .options
            .iter()
            .any(|d| matches!(d, Decision::MoveLee { .. }));
        let area = |id: &str| board.graph.idx(id);
        let holds: Vec<usize> = hold_areas(board).iter().filter_map(|a| area(a)).collect();
        let anchors: Vec<usize> = anchors(board).iter().filter_map(|a| area(a)).collect();
        let goals: Vec<(u32, Option<usize>, ForceFilter)> = goals(board)
            .into_iter()
            .map(|(due, a, f)| (due, area(&a), f))
            .collect();
        let lee_idx = lee_at.as_deref().and_then(area);
        // Looked up once a request, not once an option: the areas with
        // Union Forces, by map index.
        let areas = board.graph.ids.len();
        let union_at: Vec<bool> = board.sides_present().iter().map(|s| s[1]).collect();
        // The Confederate counters and Mobile Forces in each area, counted
        // once a request instead of a pass over every counter for each Force.
        let mut here_at = vec![(0usize, 0usize); areas];
        for q in &board.pieces {
            if q.force.side == Side::Confederate
                && let Some(a) = q.area_index()
            {
                here_at[a].0 += 1;
                here_at[a].1 += usize::from(q.force.force_type.is_mobile());
            }
        }
        let union_areas: Vec<usize> = (0..areas).filter(|&a| union_at[a]).collect();
        // What every move into an area would bring there, summed once when
        // first needed.
        let mut joining_to: Option<Vec<u32>> = None;
        // What depends on the Force alone, worked out once a Force (its
        // moves are listed together): where it is, its target, and whether
        // it must stay where it is.
        let mut by_force: Option<(Id, Option<ForceMove>)> = None;
        let mut best: Option<(i64, u32, Decision)> = None;
        for o in &request.options {
            let (force, to, via) = match o {
                Decision::MoveForce { force, to } => (force, to, None),
                Decision::JacksonMarch { force, via, to } => (force, to, Some(via)),
                _ => continue,
            };
            if by_force.as_ref().is_none_or(|(f, _)| !f.is(*force)) {
                let known = (|| {
                    let i = board.index(force)?;
                    let p = &board.pieces[i];
                    let from = p.area_index()?;
                    let (due, target) = target_among(board, &goals, force, from)?;
                    // Never leave Lee alone, nor a threatened Hold objective empty.
                    let (here, mobile_here) = here_at[from];
                    let stays = (lee_idx == Some(from) && here == 1 && !can_move_lee)
                        || (anchors.contains(&from) && mobile_here == 1)
                        || (holds.contains(&from)
                            && mobile_here == 1
                            && union_areas.iter().any(|&a| dist_at(board, a, from) <= 2));
                    Some((p, from, due, target, stays))
                })();
                by_force = Some((*force, known));
            }
            let Some((_, Some((p, from, due, target, stays)))) = by_force else {
                continue;
            };
            if stays {
                continue;
            }
            let Some(to_idx) = area(to) else { continue };
            let gain = dist_at(board, from, target) as i64 - dist_at(board, to_idx, target) as i64;
            if gain <= 0 {
                continue;
            }
            // Forced marches only when the objective is due before the Force
            // would arrive on foot, and only for the bold.
            if forced {
                let left = due.saturating_sub(board.turn.turn);
                if self == Policy::Cautious || dist_at(board, from, target) <= left {
                    continue;
                }
            }
            if via.is_some() && gain < 2 {
                continue;
            }
            // Into Union Forces only with the odds: everything that can join
            // the attack this step against what is there. With the deadline
            // upon it, the bold commander attacks at even odds.
            let union_there = if union_at[to_idx] {
                board.area_combat_at(to_idx, Side::Union)
            } else {
                0
            };
            let (num, den) = if self == Policy::Objective && due <= board.turn.turn + 1 {
                (1, 1)
            } else {
                (num, den)
            };
            if union_there > 0 {
                let joining_to = joining_to.get_or_insert_with(|| {
                    let mut m = vec![0; areas];
                    for d in &request.options {
                        if let Decision::MoveForce { force, to } = d
                            && let Some(p) = board.piece(force)
                            && let Some(t) = area(to)
                        {
                            m[t] += p.combat();
                        }
                    }
                    m
                });
                let joining: u32 =
                    joining_to[to_idx] + board.area_combat_at(to_idx, Side::Confederate);
                if joining * den < union_there * num {
                    continue;
                }
            }
            let key = (gain, p.combat());
            if best.as_ref().is_none_or(|(g, c, _)| (*g, *c) < key) {
                best = Some((key.0, key.1, *o));
            }
        }
        if let Some((_, _, d)) = best {
            return d;
        }
        // Lee goes to the strongest Confederate stack next to him, but into
        // a battle only at the odds he would attack with.
        if let Some(lee) = &lee_at {
            let here = board.area_combat(lee, Side::Confederate);
            let alone = here == 0;
            let mut moves: Vec<(u32, String)> = request
                .options
                .iter()
                .filter_map(|d| match d {
                    Decision::MoveLee { to } => {
                        Some((board.area_combat(to, Side::Confederate), to.to_string()))
                    }
                    _ => None,
                })
                .filter(|(cv, to)| {
                    let union = board.area_combat(to, Side::Union);
                    // Lee risks a battle only at half again the odds the
                    // army attacks with.
                    *cv > 0
                        && (alone
                            || (*cv > here && (union == 0 || 2 * cv * den >= 3 * union * num)))
                })
                .collect();
            moves.sort();
            if let Some((_, to)) = moves.pop() {
                return Decision::MoveLee { to: to.into() };
            }
        }
        Decision::EndMoves
    }

    fn choose_resupply(self, board: &Board, request: &Request) -> Decision {
        let cp = board.cp.confederate;
        let reserve = match self {
            Policy::Cautious => 0,
            Policy::Objective => 2,
        };
        // Refit the strongest reduced Force first.
        let refit = request
            .options
            .iter()
            .filter_map(|d| match d {
                Decision::Refit { force } => board.piece(force).map(|p| (p.force.full.combat, *d)),
                _ => None,
            })
            .max_by_key(|(cv, _)| *cv);
        if let Some((_, d)) = refit {
            return d;
        }
        let scouts_wanted = match self {
            Policy::Cautious => 3,
            Policy::Objective => 2,
        };
        if board.scouts.available < scouts_wanted && request.options.contains(&Decision::BuyScout) {
            return Decision::BuyScout;
        }
        // Buy back named Forces, then Brigades, with Lee's army.
        let lee = board.lee.area().unwrap_or("");
        let buy = request
            .options
            .iter()
            .filter_map(|d| match d {
                Decision::Purchase { force, area, reduced: false } if area == lee => {
                    board.piece(force).map(|p| (p.force.is_named(), p.force.full.combat, *d))
                }
                _ => None,
            })
            .filter(|(_, cost, _)| cp >= cost + reserve && *cost > 0)
            .filter(|(_, _, d)| {
                matches!(d, Decision::Purchase { force, .. } if board.piece(force).is_some_and(|p| p.force.force_type.is_mobile()))
            })
            .max_by_key(|(named, cv, _)| (*named, *cv));
        if self == Policy::Objective
            && let Some((_, _, d)) = buy
        {
            return d;
        }
        Decision::EndResupply
    }
}

/// Forces looked up in a request's Battlefield Sheet by id, each search
/// resuming where the last one ended: the rules list the answers in the
/// sheet's order, so a pass over the answers is one pass over the sheet.
struct SheetLookup<'a> {
    view: &'a [UnitView],
    at: std::cell::Cell<usize>,
}

impl<'a> SheetLookup<'a> {
    fn new(request: &'a Request) -> Self {
        SheetLookup {
            view: request.battlefield.as_deref().unwrap_or(&[]),
            at: std::cell::Cell::new(0),
        }
    }

    fn find(&self, id: &str) -> Option<&'a UnitView> {
        let n = self.view.len();
        let i = (0..n)
            .map(|i| (self.at.get() + i) % n)
            .find(|&i| self.view[i].force == id)?;
        self.at.set(i);
        Some(&self.view[i])
    }
}

/// The units attached to the request, for `decide` (`decide_on_sheet`
/// reads them on the sheet itself).
impl SheetRead for SheetLookup<'_> {
    fn unit(&self, force: Id) -> Option<UnitView> {
        self.find(&force).cloned()
    }

    fn units(&self) -> Vec<UnitView> {
        self.view.to_vec()
    }
}

impl Policy {
    /// Battle Plan Counters where they pay: Volley for Infantry in Line at
    /// range 1 (no roll); the bold only: Engage for Forces in Column two
    /// Regions off, and on the Squares Flank two Squares off and Rapid
    /// Advance three (A12.3; measured in docs/balance.md), Flank first.
    fn choose_plan<'r>(
        self,
        board: &Board,
        request: &'r Request,
        view: &dyn SheetRead,
    ) -> &'r Decision {
        // One pass over the answers: the strongest Force (the last of equals)
        // each counter would suit.
        let mut volley: Option<(u32, &Decision)> = None;
        let mut engage: Option<(u32, &Decision)> = None;
        // A12.3 on the Squares: Flank two Squares off, Rapid Advance three.
        let mut flank: Option<(u32, &Decision)> = None;
        let mut rapid: Option<(u32, &Decision)> = None;
        let bold = self == Policy::Objective;
        // The answers list each Force's counters together: its unit read
        // once for them all.
        let mut last: Option<(Id, Option<UnitView>)> = None;
        for d in &request.options {
            let Decision::AssignPlan { force, plan } = d else {
                continue;
            };
            let best = match plan {
                PlanCounter::Volley => &mut volley,
                PlanCounter::Engage if bold => &mut engage,
                PlanCounter::Flank if bold => &mut flank,
                PlanCounter::RapidAdvance if bold => &mut rapid,
                _ => continue,
            };
            if last.as_ref().is_none_or(|(id, _)| id != force) {
                last = Some((*force, view.unit(*force)));
            }
            let Some((_, Some(u))) = &last else {
                continue;
            };
            let squares = u.square.is_some();
            let suits = !u.in_melee
                && match plan {
                    PlanCounter::Volley => u.range == Some(1) && u.formation == Formation::Line,
                    PlanCounter::Flank => squares && u.range == Some(2),
                    PlanCounter::RapidAdvance => squares && u.range == Some(3),
                    _ => u.range == Some(2) && u.formation == Formation::Column,
                };
            if suits {
                let cv = board.piece(force).map_or(0, |p| p.combat());
                if best.is_none_or(|(top, _)| cv >= top) {
                    *best = Some((cv, d));
                }
            }
        }
        flank
            .or(volley)
            .or(rapid)
            .or(engage)
            .map(|(_, d)| d)
            .or_else(|| {
                request
                    .options
                    .iter()
                    .find(|d| matches!(d, Decision::EndAssign))
            })
            .unwrap_or(&request.options[0])
    }

    /// What `choose_act` answers without the sheet: a Battle Plan Counter
    /// first, then Fire where possible.
    fn act_unseen(request: &Request) -> Option<&Decision> {
        let mut fire = None;
        for d in &request.options {
            match d {
                Decision::Act { plan: None, .. } => return Some(d),
                Decision::Act {
                    plan: Some(DefaultPlan::Fire),
                    ..
                } if fire.is_none() => fire = Some(d),
                _ => {}
            }
        }
        fire
    }

    /// Battle Plan Counters first; then Fire where possible; the bold march
    /// on the enemy, the cautious hold.
    fn choose_act<'r>(self, request: &'r Request, view: &dyn SheetRead) -> &'r Decision {
        let acts = || {
            request
                .options
                .iter()
                .filter(|d| matches!(d, Decision::Act { .. }))
        };
        if let Some(d) = Policy::act_unseen(request) {
            return d;
        }
        let far = |force: &Id| {
            view.unit(*force)
                .is_some_and(|u| u.range.is_some_and(|r| r >= 2))
        };
        let march = DefaultPlan::March {
            change: FormationChange::None,
            then: SecondMove::None,
        };
        if self == Policy::Objective
            && let Some(d) = acts().find(|d| matches!(d, Decision::Act { force, plan: Some(p) } if *p == march && far(force)))
        {
            return d;
        }
        acts()
            .find(|d| {
                matches!(
                    d,
                    Decision::Act {
                        plan: Some(DefaultPlan::Hold),
                        ..
                    }
                )
            })
            .or_else(|| acts().next())
            .unwrap_or(&request.options[0])
    }
}

impl Policy {
    /// On the Advanced sheet: the bold go to the Square nearest a Union
    /// Force, the cautious to the one farthest from them.
    fn choose_square<'r>(self, request: &'r Request, view: &dyn SheetRead) -> &'r Decision {
        let union = view.squares(crate::campaign::Side::Union);
        let nearest = |d: &Decision| match d {
            Decision::MarchInto { square } => union
                .iter()
                .map(|u| crate::rules::battle::ground::Ground::distance(*square, *u))
                .min()
                .unwrap_or(0),
            _ => 0,
        };
        let pick = match self {
            Policy::Objective => request.options.iter().min_by_key(|d| nearest(d)),
            Policy::Cautious => request.options.iter().max_by_key(|d| nearest(d)),
        };
        pick.unwrap_or(&request.options[0])
    }
}

/// The commander's answer: one of the request's options as it stands, or
/// an answer it wants, taken when offered (else the first option). Taking
/// an option by reference spares a search of the list for the answer (the
/// battle questions list dozens: about 3% of a battle).
enum Pick<'r> {
    Offered(&'r Decision),
    Wanted(Decision),
}

impl Policy {
    /// The answer, the units on the sheet read from `sheet`.
    fn decide_with(
        &mut self,
        board: &Board,
        request: &Request,
        sheet: &dyn SheetRead,
    ) -> Result<Decision, Interrupt> {
        use Pick::{Offered, Wanted};

        let first = &request.options[0];
        let s = request.situation;
        let pick = match first {
            Decision::AcceptFogOfWar => Wanted(Decision::AcceptFogOfWar),
            Decision::DeclineBrigade => Offered(request
                .options
                .iter()
                .find(|d| matches!(d, Decision::BuyBrigade { area, .. } if board.lee.area() == Some(area.as_str())))
                .or_else(|| request.options.iter().find(|d| matches!(d, Decision::BuyBrigade { .. })))
                .unwrap_or(first)),
            Decision::ShiftColumn { .. } => {
                // Right helps the attacker: use it at once, toward the
                // Confederates.
                let toward = match s {
                    Some(s) if s.confederates_attack => 1,
                    _ => -1,
                };
                Wanted(Decision::ShiftColumn { shift: toward })
            }
            Decision::FightOn => Wanted(match (*self, s) {
                (Policy::Cautious, Some(s))
                    if s.union_combat * 2 >= s.confederate_combat * 3
                        || (s.lee_present && s.union_combat > s.confederate_combat) =>
                {
                    Decision::VoluntaryRetreat
                }
                _ => Decision::FightOn,
            }),
            Decision::Rejoin => Wanted(match (*self, s) {
                (_, Some(s)) if s.lee_present && s.union_combat >= s.confederate_combat => {
                    Decision::RetreatInsteadOfRejoin
                }
                (Policy::Cautious, Some(s)) if s.union_combat > s.confederate_combat => {
                    Decision::RetreatInsteadOfRejoin
                }
                _ => Decision::Rejoin,
            }),
            Decision::RetreatTo { .. } => {
                // Toward Lee's army, else the first.
                let lee = board.lee.area().unwrap_or("");
                Offered(request
                    .options
                    .iter()
                    .min_by_key(|d| match d {
                        Decision::RetreatTo { area, .. } => dist(board, area, lee),
                        _ => u32::MAX,
                    })
                    .unwrap_or(first))
            }
            Decision::PlaceArrival { arrival, .. } => {
                // The most urgent goal the arriving Forces count for.
                let forces: Vec<String> = board
                    .campaign
                    .late_arrivals
                    .iter()
                    .find(|a| &a.id == arrival)
                    .map(|a| a.forces.clone())
                    .unwrap_or_default();
                let goal = goals(board)
                    .into_iter()
                    .find(|(_, _, f)| forces.iter().any(|id| qualifies(board, f, id)))
                    .map(|(_, a, _)| a);
                Offered(request
                    .options
                    .iter()
                    .min_by_key(|d| match (d, &goal) {
                        (Decision::PlaceArrival { area, .. }, Some(g)) => dist(board, area, g),
                        _ => 0,
                    })
                    .unwrap_or(first))
            }
            Decision::MoveForce { .. } | Decision::JacksonMarch { .. } | Decision::MoveLee { .. } | Decision::EndMoves => {
                Wanted(self.choose_move(board, request, request.rule == "15.1"))
            }
            Decision::Refit { .. } | Decision::Purchase { .. } | Decision::BuyScout | Decision::EndResupply => {
                Wanted(self.choose_resupply(board, request))
            }
            Decision::AcceptOrders => Wanted(Decision::AcceptOrders),
            Decision::BuyBattlePlans { .. } => {
                let extra = if *self == Policy::Objective && board.cp.confederate >= 4 { 1 } else { 0 };
                Wanted(Decision::BuyBattlePlans { extra })
            }
            Decision::ChooseInsight { .. } | Decision::EndInsights => Wanted(Decision::EndInsights),
            // 14.0.1: the bold spend a Scout to take Screened March out
            // of the cup, the one removal the advisor measured to pay in
            // the 8-against-8 battles (docs/odds.md, "Scouts").
            Decision::RemoveSpecialPlan { .. } | Decision::EndRemovals => {
                let screened = Decision::RemoveSpecialPlan { plan: SpecialBattlePlan::ScreenedMarch };
                if *self == Policy::Objective && request.options.contains(&screened) {
                    Wanted(screened)
                } else {
                    Wanted(Decision::EndRemovals)
                }
            }
            Decision::ScreenedApproach { .. } => Wanted(Decision::ScreenedApproach { cavalry: None }),
            Decision::TerrainRegion { .. } => Wanted(Decision::TerrainRegion { region: Region::UnionReserve }),
            Decision::PlaceForce { force, .. } => {
                // Infantry in the Approach in Line while there is room; the
                // rest in the Reserve.
                let infantry = board.piece(force).is_some_and(|p| p.force.force_type == ForceType::Infantry);
                let want = if infantry { Region::ConfederateApproach } else { Region::ConfederateReserve };
                Offered(request
                    .options
                    .iter()
                    .find(|d| matches!(d, Decision::PlaceForce { region, formation: Formation::Line, .. } if *region == want))
                    .or_else(|| {
                        request.options.iter().find(|d| {
                            matches!(d, Decision::PlaceForce { region: Region::ConfederateReserve, formation: Formation::Line, .. })
                        })
                    })
                    .unwrap_or(first))
            }
            Decision::PlaceOnSquare { force, .. } => {
                // As on the Battlefield Sheet: Infantry in Line in the
                // Confederate Approach's Row E while there is room, the
                // rest in Row F; the offered order puts the centre first.
                let infantry = board.piece(force).is_some_and(|p| p.force.force_type == ForceType::Infantry);
                let want = if infantry { Region::ConfederateApproach } else { Region::ConfederateReserve };
                Offered(request
                    .options
                    .iter()
                    .find(|d| matches!(d, Decision::PlaceOnSquare { square, formation: Formation::Line, .. } if square.region() == want))
                    .or_else(|| request.options.iter().find(|d| matches!(d, Decision::PlaceOnSquare { formation: Formation::Line, .. })))
                    .unwrap_or(first))
            }
            Decision::Duration { .. } => Wanted(match s {
                Some(s) if s.confederate_combat > s.union_combat => Decision::Duration { by: 1 },
                _ => Decision::Duration { by: -1 },
            }),
            Decision::TryDemolitions { .. } | Decision::TryScreen => Offered(first),
            Decision::AcceptInsightRoll => Wanted(Decision::AcceptInsightRoll),
            Decision::AssignPlan { .. }
            | Decision::HoldFormationCounter
            | Decision::ClearOrders { .. }
            | Decision::EndAssign => Offered(self.choose_plan(board, request, sheet)),
            Decision::Act { .. } | Decision::UseFormationCounter => Offered(self.choose_act(request, sheet)),
            Decision::FormationChange { .. } | Decision::EndFormationChanges => Wanted(Decision::EndFormationChanges),
            Decision::MarchInto { .. } => Offered(self.choose_square(request, sheet)),
            // A12.3 offers the Force at the counter's distance first; an
            // attack goes at the weakest Force it may.
            Decision::Target { .. } if request.rule == "A12.3" => Offered(first),
            Decision::Target { .. } => Offered(request
                .options
                .iter()
                .min_by_key(|d| match d {
                    Decision::Target { force } => board.piece(force).map_or(u32::MAX, |p| p.combat()),
                    _ => u32::MAX,
                })
                .unwrap_or(first)),
            Decision::DisruptTake { .. } => Offered(request
                .options
                .iter()
                .find(|d| matches!(d, Decision::DisruptTake { plan: Some(SpecialBattlePlan::Charge) }))
                .unwrap_or(first)),
            _ => Offered(first),
        };
        Ok(match pick {
            Offered(d) => *d,
            Wanted(d) if request.options.contains(&d) => d,
            Wanted(_) => *first,
        })
    }
}

impl Decider for Policy {
    fn decide(&mut self, board: &Board, request: &Request) -> Result<Decision, Interrupt> {
        self.decide_with(board, request, &SheetLookup::new(request))
    }

    fn decide_on_sheet(
        &mut self,
        board: &Board,
        request: &Request,
        sheet: &dyn SheetRead,
    ) -> Result<Decision, Interrupt> {
        self.decide_with(board, request, sheet)
    }

    fn reads_sheet_in_place(&self) -> bool {
        true
    }

    fn answers_from_options(&self) -> bool {
        true
    }

    /// It answers from the options and the sheet, never the words.
    fn reads_prompts(&self) -> bool {
        false
    }

    /// The battle's balance only where `decide` reads it (the first
    /// answer's kind decides what it reads).
    fn reads_situation(&self, request: &Request) -> bool {
        matches!(
            request.options.first(),
            Some(
                Decision::ShiftColumn { .. }
                    | Decision::FightOn
                    | Decision::Rejoin
                    | Decision::Duration { .. }
            )
        )
    }

    /// The units on the sheet only where `decide` reads them: to give
    /// Battle Plan Counters (`choose_plan`), for the bold's March when no
    /// counter or Fire comes first (`choose_act`) and the Square to move
    /// into (`choose_square`). Making
    /// the view for every question was a tenth of a battle.
    fn reads_sheet(&self, request: &Request) -> bool {
        match request.options.first() {
            Some(
                Decision::AssignPlan { .. }
                | Decision::HoldFormationCounter
                | Decision::ClearOrders { .. }
                | Decision::EndAssign
                | Decision::MarchInto { .. },
            ) => true,
            Some(Decision::Act { .. } | Decision::UseFormationCounter) => {
                *self == Policy::Objective && Policy::act_unseen(request).is_none()
            }
            _ => false,
        }
    }
}
