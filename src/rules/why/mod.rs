//! Why? The rules behind a question and what each legal answer does, and
//! why a Force, an area or a Square can or cannot be chosen now: typed
//! reasons, each with its rule, read from the same checks that make the
//! legal list (`turn::moves`, `battle::turns::resolve`,
//! `battle::advanced::movement`). Computed only when the window asks:
//! the engine's own path never words a reason.

use crate::campaign::Side;
use crate::rules::battle::ground::Square;
use crate::rules::battle::record::SheetUnit;
use crate::rules::battle::terms::PlanCounter;
use crate::rules::board::Board;
use crate::rules::components::Id;
use crate::rules::decision::{Decision, Move, Request};
use crate::rules::turn::moves;
use crate::rules::view::word;

#[cfg(test)]
mod battle_tests;
pub mod reason;

pub use reason::{CounterBar, GROUP_LIMIT, Reason};

/// Whether a Force, an area or a Square can be chosen now: the answers it
/// has, or why it has none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    Can(Vec<Decision>),
    Cannot(Reason),
}

impl Verdict {
    pub fn reason(&self) -> Option<&Reason> {
        match self {
            Verdict::Can(_) => None,
            Verdict::Cannot(r) => Some(r),
        }
    }
}

/// The Force an answer has act or move ("lee" for Robert E. Lee's moves).
pub fn actor(d: &Decision) -> Option<&'static str> {
    match d {
        Decision::MoveForce { force, .. }
        | Decision::JacksonMarch { force, .. }
        | Decision::RetreatTo { force, .. }
        | Decision::Refit { force }
        | Decision::Purchase { force, .. }
        | Decision::BuyBrigade { force, .. }
        | Decision::PlaceForce { force, .. }
        | Decision::PlaceOnSquare { force, .. }
        | Decision::AssignPlan { force, .. }
        | Decision::TakeBackPlan { force, .. }
        | Decision::ClearOrders { force }
        | Decision::Act { force, .. }
        | Decision::FormationChange { force }
        | Decision::EntrenchOn { force } => Some(force.as_str()),
        Decision::MoveLee { .. } => Some("lee"),
        _ => None,
    }
}

/// The area an answer sends its Force to, on the campaign map.
fn destination(d: &Decision) -> Option<Id> {
    match d {
        Decision::MoveForce { to, .. }
        | Decision::JacksonMarch { to, .. }
        | Decision::MoveLee { to } => Some(*to),
        Decision::RetreatTo { area, .. } | Decision::PlaceArrival { area, .. } => Some(*area),
        _ => None,
    }
}

/// A Moves or Forced March question (9.2, 15.1).
fn is_moves(request: &Request) -> Option<bool> {
    request
        .options
        .contains(&Decision::EndMoves)
        .then(|| request.rule == "15.1")
}

/// The battle unit `who` as the question's sheet shows it.
fn unit<'a>(request: &'a Request, who: &str) -> Option<&'a SheetUnit> {
    request
        .sheet
        .as_ref()?
        .units
        .iter()
        .find(|u| u.force == who)
}

/// Why Force `who` (or "lee") can or cannot act in answer to `request`:
/// its answers, or the reason the rules' own checks give against it.
pub fn force(board: &Board, request: &Request, who: &str) -> Verdict {
    let mine: Vec<Decision> = request
        .options
        .iter()
        .filter(|d| actor(d) == Some(who))
        .copied()
        .collect();
    if !mine.is_empty() {
        return Verdict::Can(mine);
    }
    Verdict::Cannot(against(board, request, who))
}

/// Why Force `who` has no answer in `request`.
fn against(board: &Board, request: &Request, who: &str) -> Reason {
    let asked = || Reason::NotAsked { rule: request.rule };
    if let Some(forced) = is_moves(request) {
        if who == "lee" {
            return moves::lee_refusal(board, request.moved.lee, forced).unwrap_or_else(asked);
        }
        let Some(i) = board.index(who) else {
            return Reason::NotOnMap;
        };
        let moved = request.moved.forces.iter().any(|f| f == who);
        if let Some(r) = moves::mover_refusal(board, i, moved, forced) {
            return r;
        }
        // Every move it has is refused: the first one's reason.
        let mut first = None;
        moves::candidate_moves(board, i, forced, |_, to| {
            if first.is_none() {
                first = moves::destination_refusal(board, i, &to);
            }
        });
        return first.unwrap_or_else(asked);
    }
    if board
        .piece(who)
        .is_some_and(|p| p.force.side == Side::Union)
    {
        return Reason::EnemyForce;
    }
    if let (Some(_), Some(sheet)) = (request.battle_location, request.sheet.as_deref()) {
        // 10.2.16, A10.2.14: the Forces are placed one at a time.
        if request.about.moving == Some(Move::Place)
            && let Some(placing) = request.about.force
        {
            return match unit(request, who) {
                Some(_) => Reason::AlreadyPlaced { rule: request.rule },
                None => Reason::PlacingAnother {
                    rule: request.rule,
                    placing,
                },
            };
        }
        let Some(u) = unit(request, who) else {
            return Reason::NotOnSheet;
        };
        let has = |f: &dyn Fn(&Decision) -> bool| request.options.iter().any(f);
        let mobile = board
            .piece(who)
            .is_none_or(|p| p.force.force_type.is_mobile());
        if is_resolve(request) {
            let prepared_only = request.rule == PREPARED_RULE;
            let ready =
                crate::rules::battle::turns::resolve::waiting(u.acted, prepared_only, u.prepare);
            return match ready {
                Some(r) => r.with_rule(resolve_rule(sheet)),
                None if !mobile => Reason::ActsByItself,
                None => asked(),
            };
        }
        if request.options.contains(&Decision::EndAssign) {
            return assign_refusal(board, sheet, u).unwrap_or_else(asked);
        }
        if has(&|d| matches!(d, Decision::FormationChange { .. })) {
            let ty = board.piece(who).map(|p| p.force.force_type);
            if ty.is_some_and(|t| !crate::rules::battle::turns::plans::changes_formation(t)) {
                return Reason::NoFormationChange;
            }
        }
        if has(&|d| matches!(d, Decision::EntrenchOn { .. })) && u.in_melee {
            return Reason::InMelee { rule: request.rule };
        }
    }
    asked()
}

/// 12.3.8: the question of the Forces with Prepare, before the Union acts.
pub use crate::rules::battle::turns::resolve::PREPARED_RULE;

/// The rule the order of resolution is asked under on this sheet (14.4,
/// A14.4 on the Squares).
fn resolve_rule(sheet: &crate::rules::battle::record::SheetView) -> Id {
    Id::from_static(if sheet.units.iter().any(|u| u.square.is_some()) {
        "A14.4"
    } else {
        "14.4"
    })
}

/// 12.2: why unit `u` can take no Battle Plan Counter now: none left this
/// turn (10.2.10), else why not Prepare and why not the first other
/// counter refused for the Force rather than for its type. None when the
/// rules' check would give it one.
fn assign_refusal(
    board: &Board,
    sheet: &crate::rules::battle::record::SheetView,
    u: &SheetUnit,
) -> Option<Reason> {
    if sheet.quantity <= sheet.assigned {
        return Some(Reason::NoCountersLeft);
    }
    let bars = counter_bars(board, sheet, u)?;
    let prepare = bars
        .iter()
        .find(|(p, _)| *p == PlanCounter::Prepare)
        .and_then(|(_, b)| *b)?;
    let others: Vec<(PlanCounter, CounterBar)> = bars
        .iter()
        .filter(|(p, _)| !matches!(p, PlanCounter::Prepare | PlanCounter::Formation))
        .map(|(p, b)| b.map(|b| (*p, b)))
        .collect::<Option<_>>()?;
    let other = others
        .iter()
        .find(|(_, b)| !matches!(b, CounterBar::Only(_)))
        .or(others.first())
        .copied()?;
    Some(Reason::NoCounterFits { prepare, other })
}

/// 12.2, 12.3: for every counter, what stands against it going on unit
/// `u` of the sheet now (None: it may), by the rules' own check
/// (`plans::counter_bar`); None when the board lacks the Force.
pub fn counter_bars(
    board: &Board,
    sheet: &crate::rules::battle::record::SheetView,
    u: &SheetUnit,
) -> Option<Vec<(PlanCounter, Option<CounterBar>)>> {
    use crate::rules::battle::turns::plans::{Taker, counter_bar};
    let taker = Taker {
        side: u.side,
        force_type: board.piece(&u.force)?.force.force_type,
        formation: u.formation,
        counter: u.counter,
        prepare: u.prepare,
        melee: u.in_melee,
    };
    // A12.3: a target to declare, on the Squares only.
    let no_target = sheet.units.iter().any(|u| u.square.is_some())
        && !sheet.units.iter().any(|u| u.side == Side::Union);
    Some(
        PlanCounter::ALL
            .into_iter()
            .map(|plan| {
                let aims = matches!(plan, PlanCounter::Flank | PlanCounter::RapidAdvance);
                let bar = counter_bar(
                    &taker,
                    plan,
                    sheet.confused.contains(&plan),
                    no_target && aims,
                );
                (plan, bar)
            })
            .collect(),
    )
}

/// Why counter `plan` cannot go on Force `who` now, in a 12.2 question;
/// its answer when it can.
pub fn counter(board: &Board, request: &Request, who: &str, plan: PlanCounter) -> Verdict {
    let d = Decision::AssignPlan {
        force: Id::new(who),
        plan,
    };
    if request.options.contains(&d) {
        return Verdict::Can(vec![d]);
    }
    let asked = Reason::NotAsked { rule: request.rule };
    let (Some(sheet), Some(u)) = (request.sheet.as_deref(), unit(request, who)) else {
        return Verdict::Cannot(asked);
    };
    if sheet.quantity <= sheet.assigned {
        return Verdict::Cannot(Reason::NoCountersLeft);
    }
    let bar = counter_bars(board, sheet, u)
        .and_then(|bars| bars.into_iter().find(|(p, _)| *p == plan))
        .and_then(|(_, b)| b);
    Verdict::Cannot(bar.map_or(asked, |bar| Reason::Counter { plan, bar }))
}

/// 14.4 (A14.4): "which Force acts next?"
fn is_resolve(request: &Request) -> bool {
    request
        .options
        .iter()
        .any(|d| matches!(d, Decision::Act { .. }))
}

impl Reason {
    /// The reason given under the question's own rule (14.4 or A14.4).
    fn with_rule(self, rule: Id) -> Reason {
        match self {
            Reason::AlreadyActed { .. } => Reason::AlreadyActed { rule },
            other => other,
        }
    }
}

/// Why Force `who` (or "lee") can or cannot go into area `to` now.
pub fn area(board: &Board, request: &Request, who: &str, to: &str) -> Verdict {
    let mine: Vec<Decision> = request
        .options
        .iter()
        .filter(|d| actor(d) == Some(who) && destination(d).is_some_and(|a| a == to))
        .copied()
        .collect();
    if !mine.is_empty() {
        return Verdict::Can(mine);
    }
    if let Verdict::Cannot(r) = force(board, request, who) {
        return Verdict::Cannot(r);
    }
    let retreating = request
        .options
        .iter()
        .any(|d| matches!(d, Decision::RetreatTo { force, .. } if force.as_str() == who));
    if retreating {
        return Verdict::Cannot(retreat_refusal(board, request, who, to));
    }
    let forced = is_moves(request).unwrap_or(false);
    let from = if who == "lee" {
        board.lee.area().map(Id::new)
    } else {
        board
            .piece(who)
            .and_then(|p| p.location().area())
            .map(Id::new)
    };
    // A move there the rules refuse, with their reason.
    if who != "lee"
        && let Some(i) = board.index(who)
    {
        let mut refused = None;
        moves::candidate_moves(board, i, forced, |_, there| {
            if refused.is_none() && there == to {
                refused = moves::destination_refusal(board, i, &there);
            }
        });
        if let Some(r) = refused {
            return Verdict::Cannot(r);
        }
    }
    Verdict::Cannot(match from {
        Some(from) => Reason::NotAdjacent {
            from,
            to: Id::new(to),
            forced,
        },
        None => Reason::NotOnMap,
    })
}

/// 14.5, 14.5.1: why Force `who` leaving the battle may not retreat into
/// `to`: not adjacent, or Union Forces there (`endings::retreat_open`).
fn retreat_refusal(board: &Board, request: &Request, who: &str, to: &str) -> Reason {
    let asked = Reason::NotAsked { rule: request.rule };
    let Some(from) = board.piece(who).and_then(|p| p.location().area()) else {
        return asked;
    };
    let adjacent = board.neighbours(from).iter().any(|a| a.as_str() == to);
    let enemy = !crate::rules::battle::endings::retreat_open(board, to);
    if adjacent && !enemy {
        return asked;
    }
    Reason::RetreatRefused {
        rule: request.rule,
        from: Id::new(from),
        to: Id::new(to),
        enemy: adjacent && enemy,
    }
}

/// Why Square `square` can or cannot be chosen in answer to `request` on
/// the Advanced Battlefield Sheet, for the Force the question is about.
pub fn square(board: &Board, request: &Request, square: Square) -> Verdict {
    let mine: Vec<Decision> = request
        .options
        .iter()
        .filter(|d| match d {
            Decision::MarchInto { square: s } | Decision::PlaceOnSquare { square: s, .. } => {
                *s == square
            }
            _ => false,
        })
        .copied()
        .collect();
    if !mine.is_empty() {
        return Verdict::Can(mine);
    }
    let asked = Reason::NotAsked { rule: request.rule };
    if request.about.moving == Some(Move::Place) {
        return Verdict::Cannot(set_up_square(board, request, square).unwrap_or(asked));
    }
    let marching = matches!(
        request.about.moving,
        Some(Move::March) | Some(Move::Advance)
    );
    let (Some(sheet), Some(who), true) = (request.sheet.as_ref(), request.about.force, marching)
    else {
        return Verdict::Cannot(asked);
    };
    let Some(u) = sheet.units.iter().find(|u| u.force == who.as_str()) else {
        return Verdict::Cannot(Reason::NotOnSheet);
    };
    let Some(at) = u.square else {
        return Verdict::Cannot(Reason::NotOnSheet);
    };
    let held = |side: Side| {
        move |s: Square| {
            sheet
                .units
                .iter()
                .any(|o| o.side == side && o.square == Some(s) && o.force != who.as_str())
        }
    };
    let artillery = board
        .piece(&who)
        .is_some_and(|p| p.force.force_type == crate::campaign::ForceType::Artillery);
    let reason = crate::rules::battle::advanced::movement::march_refusal(
        u.side,
        at,
        square,
        sheet.columns,
        held(u.side),
    )
    .or_else(|| {
        (artillery && request.about.moving == Some(Move::March) && held(Side::Union)(square))
            .then_some(Reason::ArtilleryIntoEnemy { square })
    });
    Verdict::Cannot(reason.unwrap_or(asked))
}

/// A10.2.14: why the Force being placed may not be set up in `square`, by
/// the rules' own list (`placement::set_up_squares`); None when it may.
fn set_up_square(board: &Board, request: &Request, square: Square) -> Option<Reason> {
    use crate::rules::battle::ground::Region;
    let sheet = request.sheet.as_deref()?;
    let ty = board.piece(&request.about.force?)?.force.force_type;
    let taken = |s: Square| {
        sheet
            .units
            .iter()
            .any(|u| u.side == Side::Confederate && u.square == Some(s))
    };
    // A10.2.12: up to three Mobile Forces in Row D by the Front Insight.
    let in_front = sheet
        .units
        .iter()
        .filter(|u| u.side == Side::Confederate && u.region == Region::ConfederateFront)
        .count();
    let front_left = has_front(sheet).then(|| 3usize.saturating_sub(in_front));
    crate::rules::battle::advanced::placement::set_up_refusal(
        sheet.columns,
        ty,
        front_left,
        taken,
        square,
    )
}

/// 10.2.12.4, A10.2.12: the Front Insight was chosen for this battle.
fn has_front(sheet: &crate::rules::battle::record::SheetView) -> bool {
    sheet
        .insights
        .iter()
        .any(|(i, _)| *i == crate::campaign::Insight::Front)
}

/// 10.2.16: why the Force being placed on the Basic sheet can or cannot
/// be set up in `region` now: its answers there, or the rules' reason
/// (`basic::region_refusal`).
pub fn region(
    board: &Board,
    request: &Request,
    region: crate::rules::battle::ground::Region,
) -> Verdict {
    use crate::rules::battle::ground::Region;
    let mine: Vec<Decision> = request
        .options
        .iter()
        .filter(|d| matches!(d, Decision::PlaceForce { region: r, .. } if *r == region))
        .copied()
        .collect();
    if !mine.is_empty() {
        return Verdict::Can(mine);
    }
    let asked = Reason::NotAsked { rule: request.rule };
    let (Some(sheet), Some(who), Some(Move::Place)) = (
        request.sheet.as_deref(),
        request.about.force,
        request.about.moving,
    ) else {
        return Verdict::Cannot(asked);
    };
    let Some(ty) = board.piece(&who).map(|p| p.force.force_type) else {
        return Verdict::Cannot(asked);
    };
    let mobile_in = |r: Region| {
        sheet
            .units
            .iter()
            .filter(|u| u.side == Side::Confederate && u.region == r)
            .filter(|u| {
                board
                    .piece(&u.force)
                    .is_some_and(|p| p.force.force_type.is_mobile())
            })
            .count()
    };
    let front =
        has_front(sheet).then(|| 3usize.saturating_sub(mobile_in(Region::ConfederateFront)));
    let bar = crate::rules::battle::basic::region_refusal(
        ty,
        region,
        mobile_in(Region::ConfederateApproach),
        front,
    );
    Verdict::Cannot(bar.map_or(asked, |bar| Reason::NotInRegion { region, bar }))
}

/// A rule behind a question, with our one-line summary of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleLine {
    pub rule: Id,
    pub summary: &'static str,
}

/// What a legal answer does, typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effect {
    /// Moves a Force (None: Robert E. Lee) on the campaign map.
    Move {
        force: Option<Id>,
        from: Option<Id>,
        via: Option<Id>,
        to: Id,
        /// Command Points it costs (15.1).
        cost: u32,
        /// Into Union Forces: a battle there (9.3, 15.2).
        battle: bool,
        /// It leaves Robert E. Lee without his army (3.2).
        leaves_lee_alone: bool,
    },
    /// Spends Command Points.
    Spend { cp: u32 },
    /// Discards a Scout.
    DiscardScout,
    /// Ends the step.
    EndStep,
    /// Attaches a Battle Plan Counter to a Force (12.2).
    AssignCounter { force: Id, plan: PlanCounter },
    /// A Force acts now (14.4).
    Act { force: Id },
    /// Any other choice: its words say it.
    Choose,
}

/// One legal answer and what it does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnswerLine {
    pub decision: Decision,
    /// The rule the answer follows.
    pub rule: Id,
    pub effect: Effect,
    /// What it does, in the rules' words (no rule numbers: see `also`).
    pub words: String,
    /// Rules its consequences follow (9.3 a battle, 3.2 Lee alone).
    pub also: Vec<Id>,
}

/// The Why? of a question: the rules behind it, then every legal answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    pub rules: Vec<RuleLine>,
    pub answers: Vec<AnswerLine>,
}

/// The rule an answer follows, the question's own where it is the one.
fn answer_rule(request: &Request, d: &Decision) -> Id {
    let own = request.rule;
    let advanced = request
        .sheet
        .as_ref()
        .is_some_and(|s| s.units.iter().any(|u| u.square.is_some()));
    Id::from_static(match d {
        Decision::AcceptFogOfWar | Decision::RerollFogOfWar => "10.2.2",
        Decision::DeclineBrigade | Decision::BuyBrigade { .. } => "10.2.6",
        Decision::HitUnionForce { .. } => "11.9",
        Decision::FightOn | Decision::VoluntaryRetreat => "14.5.1",
        Decision::Rejoin => "14.8.1",
        Decision::RetreatInsteadOfRejoin => "14.8.3",
        Decision::RetreatTo { .. } | Decision::CrowdLoss { .. } => "14.5",
        Decision::PlaceArrival { .. } => "7.9",
        Decision::JacksonMarch { .. } => "15.1.1",
        Decision::FightBattleAt { .. } => "9.3",
        Decision::Refit { .. } => "15.4",
        Decision::Purchase { .. } => "15.5",
        Decision::BuyScout => "15.6",
        Decision::OrdersFor { .. } | Decision::OrdersInOrder => "16.3",
        Decision::AcceptOrders | Decision::RerollOrders | Decision::ModifyOrders { .. } => "16.3.1",
        Decision::BuyBattlePlans { .. } => "10.2.11",
        Decision::ChooseInsight { .. } | Decision::EndInsights => "10.2.12",
        Decision::ScreenWith { .. } | Decision::NoScreen => "10.2.12.7",
        Decision::RemoveSpecialPlan { .. } | Decision::EndRemovals => "14.0.1",
        Decision::ScreenedApproach { .. } => "10.2.20",
        Decision::TerrainRegion { .. } => "10.2.12.8",
        Decision::PlaceOnSquare { .. } => "A10.2.14",
        Decision::EntrenchOn { .. } => "10.2.12.3",
        Decision::Duration { .. } => "10.2.12.1",
        Decision::TryDemolitions { .. } | Decision::TryScreen | Decision::EndInsightActivation => {
            "12.1"
        }
        Decision::AcceptInsightRoll | Decision::RerollInsight => "12.1.1",
        Decision::AssignPlan { .. }
        | Decision::HoldFormationCounter
        | Decision::TakeBackPlan { .. }
        | Decision::EndAssign => "12.2",
        Decision::ClearOrders { .. } => "11.2.1",
        Decision::Act { plan: Some(_), .. } if advanced => "A12.4",
        Decision::Act { plan: Some(_), .. } => "12.4",
        Decision::UseFormationCounter
        | Decision::FormationChange { .. }
        | Decision::EndFormationChanges => "12.3.7",
        Decision::ShockTarget { .. } => "11.4",
        Decision::DisruptTake { .. } => "12.4.3",
        _ => return own,
    })
}

/// What answer `d` does.
fn effect(board: &Board, request: &Request, d: &Decision) -> Effect {
    let forced = request.rule == "15.1";
    let cost = d.cost(board, forced);
    match d {
        Decision::MoveForce { force, to } | Decision::JacksonMarch { force, to, .. } => {
            let from = board
                .piece(force)
                .and_then(|p| p.location().area())
                .map(Id::new);
            Effect::Move {
                force: Some(*force),
                from,
                via: match d {
                    Decision::JacksonMarch { via, .. } => Some(*via),
                    _ => None,
                },
                to: *to,
                cost,
                battle: board.has_side(to, Side::Union) && from != Some(*to),
                leaves_lee_alone: crate::rules::view::leaves_lee_alone(board, d).is_some(),
            }
        }
        Decision::MoveLee { to } => Effect::Move {
            force: None,
            from: board.lee.area().map(Id::new),
            via: None,
            to: *to,
            cost: 0,
            battle: false,
            leaves_lee_alone: crate::rules::view::leaves_lee_alone(board, d).is_some(),
        },
        Decision::EndMoves | Decision::EndResupply => Effect::EndStep,
        Decision::AssignPlan { force, plan } => Effect::AssignCounter {
            force: *force,
            plan: *plan,
        },
        Decision::Act { force, .. } => Effect::Act { force: *force },
        _ if crate::rules::view::commits(d) == crate::rules::view::Commits::Scout => {
            Effect::DiscardScout
        }
        _ if cost > 0 => Effect::Spend { cp: cost },
        _ => Effect::Choose,
    }
}

/// The words of an answer's effect.
fn effect_words(board: &Board, d: &Decision, e: &Effect) -> String {
    let area = |id: &Id| board.area_name(id).to_string();
    // The short name: the answer's own words carry the full label.
    let name = |id: &Id| {
        board
            .piece(id)
            .map_or(id.to_string(), |p| p.force.name.clone())
    };
    match e {
        Effect::Move {
            force,
            from,
            via,
            to,
            cost,
            battle,
            leaves_lee_alone,
        } => {
            let who = force.as_ref().map_or("Robert E. Lee".to_string(), name);
            let mut s = match from {
                Some(f) => format!("Moves {who} from {} to {}", area(f), area(to)),
                None => format!("Moves {who} to {}", area(to)),
            };
            if let Some(v) = via {
                s.push_str(&format!(" through {}", area(v)));
            }
            s.push_str(&match cost {
                0 => ", free".to_string(),
                1 => " for 1 Command Point".to_string(),
                n => format!(" for {n} Command Points"),
            });
            if *battle {
                s.push_str("; Union Forces are there: a battle in the Resolve Battles step");
            }
            if *leaves_lee_alone {
                s.push_str("; it leaves Robert E. Lee without Confederate Forces: the campaign is lost if the step ends so");
            }
            s.push('.');
            s
        }
        Effect::Spend { cp } => format!(
            "{}: spends {cp} Command Point{} ({} left).",
            word(board, d),
            if *cp == 1 { "" } else { "s" },
            board.cp.confederate.saturating_sub(*cp)
        ),
        Effect::DiscardScout => format!(
            "{}: discards a Scout ({} left), with no going back.",
            word(board, d),
            board.scouts.available.saturating_sub(1)
        ),
        Effect::EndStep => "Ends this step; whatever was not done stays undone.".to_string(),
        Effect::AssignCounter { force, plan } => format!(
            "Attaches {} to {}: it carries it out when it acts this battle turn.",
            plan.name(),
            name(force)
        ),
        // The answer's own words name the Force.
        Effect::Act { .. } => format!("{}.", word(board, d)),
        Effect::Choose => format!("{}.", word(board, d)),
    }
}

/// The Why? of `request`: its rule and those that shape its answers,
/// each summarised, then what every legal answer does.
pub fn explain(board: &Board, request: &Request) -> Explanation {
    let mut rules: Vec<Id> = vec![request.rule];
    let add = |r: Id, rules: &mut Vec<Id>| {
        if !rules.contains(&r) {
            rules.push(r);
        }
    };
    let answers: Vec<AnswerLine> = request
        .options
        .iter()
        .map(|d| {
            let rule = answer_rule(request, d);
            let effect = effect(board, request, d);
            let mut also = Vec::new();
            if let Effect::Move {
                battle,
                leaves_lee_alone,
                ..
            } = &effect
            {
                if *battle {
                    also.push(Id::from_static("9.3"));
                }
                if *leaves_lee_alone {
                    also.push(Id::from_static("3.2"));
                }
            }
            let words = effect_words(board, d, &effect);
            AnswerLine {
                decision: *d,
                rule,
                effect,
                words,
                also,
            }
        })
        .collect();
    for a in &answers {
        add(a.rule, &mut rules);
        for r in &a.also {
            add(*r, &mut rules);
        }
    }
    if !request.refused.is_empty() {
        add(Id::from_static(GROUP_LIMIT), &mut rules);
    }
    Explanation {
        rules: rules
            .into_iter()
            .map(|rule| RuleLine {
                rule,
                summary: summary(&rule),
            })
            .collect(),
        answers,
    }
}

/// A rule's one-line summary: the first sentence of its entry in the
/// rules reference (F1), our own words kept in one place; "" for a rule
/// the reference lacks (a test finds none).
pub fn summary(rule: &str) -> &'static str {
    let Some(first) = crate::reference::bundled()
        .get(rule)
        .and_then(|e| e.text.first())
    else {
        return "";
    };
    match first.find(". ") {
        Some(end) => &first[..=end],
        None => first,
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::chronicle::Chronicle;
    use crate::dice::Dice;
    use crate::rules::board::Board;
    use crate::rules::components::{Location, Strength};
    use crate::rules::ctx::Ctx;
    use crate::rules::decision::{About, Decider, Interrupt, Recorded};
    use crate::rules::difficulty::{BattleMode, GameOptions};

    /// Seven Days with Lee and the given Forces in their areas.
    fn board(at: &[(&str, &str)], lee: &str) -> Board {
        let c = Arc::new(crate::campaign::load_bundled("seven-days").expect("loads"));
        let mut b = Board::empty(c, GameOptions::default());
        for (id, area) in at {
            assert!(b.place(id, Location::Area((*area).into()), Strength::Full));
        }
        b.lee = Location::Area(lee.into());
        b
    }

    /// The Moves (or Forced March) question after `answers`: the board as it
    /// stands then and the request the procedure asks.
    fn asked(mut b: Board, forced: bool, answers: Vec<Decision>) -> (Board, Request) {
        let mut dice = Dice::scripted([]);
        let mut chronicle = Chronicle::default();
        let mut decider = Recorded::new(answers);
        let mut ctx = Ctx {
            board: &mut b,
            dice: &mut dice,
            chronicle: &mut chronicle,
            decider: &mut decider,
        };
        match crate::rules::turn::moves::moves(&mut ctx, forced) {
            Err(Interrupt::Decide(r)) => (b, *r),
            other => panic!("no question: {other:?}"),
        }
    }

    fn mv(force: &str, to: &str) -> Decision {
        Decision::MoveForce {
            force: force.into(),
            to: to.into(),
        }
    }

    /// A Force that has moved this step: AlreadyMoved (9.2), said by name;
    /// another Force still can.
    #[test]
    fn a_moved_force_has_already_moved() {
        let b = board(
            &[("ap-hill", "glendale"), ("longstreet", "glendale")],
            "glendale",
        );
        let (b, r) = asked(b, false, vec![mv("ap-hill", "white-oak-swamp")]);
        let v = force(&b, &r, "ap-hill");
        assert_eq!(v, Verdict::Cannot(Reason::AlreadyMoved { forced: false }));
        let reason = v.reason().expect("a reason");
        assert_eq!(reason.rule(), "9.2");
        assert_eq!(
            reason.says(&b, "A.P. Hill"),
            "A.P. Hill has already moved in this Moves step"
        );
        // Its areas say the same, before any of adjacency.
        assert_eq!(
            area(&b, &r, "ap-hill", "glendale"),
            Verdict::Cannot(Reason::AlreadyMoved { forced: false })
        );
        match force(&b, &r, "longstreet") {
            Verdict::Can(moves) => assert!(moves.contains(&mv("longstreet", "fraysers-farm"))),
            other => panic!("{other:?}"),
        }
    }

    /// A Confederate Garrison never moves: Static (6.2).
    #[test]
    fn a_static_force_is_static() {
        let b = board(
            &[("longstreet", "glendale"), ("cs-garrison-1", "glendale")],
            "glendale",
        );
        let (b, r) = asked(b, false, Vec::new());
        let v = force(&b, &r, "cs-garrison-1");
        assert_eq!(v, Verdict::Cannot(Reason::Static));
        assert_eq!(v.reason().map(Reason::rule), Some("6.2"));
    }

    /// An area that is no neighbour: NotAdjacent under the step's rule; an
    /// adjacent one is offered.
    #[test]
    fn an_area_not_adjacent_is_not_adjacent() {
        let b = board(&[("longstreet", "glendale")], "glendale");
        let (b, r) = asked(b, false, Vec::new());
        let v = area(&b, &r, "longstreet", "mechanicsville");
        assert_eq!(
            v,
            Verdict::Cannot(Reason::NotAdjacent {
                from: "glendale".into(),
                to: "mechanicsville".into(),
                forced: false
            })
        );
        assert_eq!(v.reason().map(Reason::rule), Some("9.2"));
        assert_eq!(
            v.reason().map(|x| x.says(&b, "Longstreet")).as_deref(),
            Some("Mechanicsville is not adjacent to Glendale, where Longstreet stands")
        );
        assert_eq!(
            area(&b, &r, "longstreet", "willis-church"),
            Verdict::Can(vec![mv("longstreet", "willis-church")])
        );
    }

    /// A Forced March with no Command Point left: NoCommandPoints (15.1); Lee
    /// moves free all the same.
    #[test]
    fn no_command_points_no_forced_march() {
        let mut b = board(
            &[("longstreet", "glendale"), ("ap-hill", "glendale")],
            "glendale",
        );
        b.cp.confederate = 0;
        let (b, r) = asked(b, true, Vec::new());
        let v = force(&b, &r, "longstreet");
        assert_eq!(v, Verdict::Cannot(Reason::NoCommandPoints));
        assert_eq!(v.reason().map(Reason::rule), Some("15.1"));
        assert!(matches!(force(&b, &r, "lee"), Verdict::Can(_)));
    }

    /// Lee moves once a step (LeeAlreadyMoved, 9.2); and the move that takes
    /// his last Force away is explained as leaving him alone (3.2), the rule
    /// among the question's.
    #[test]
    fn lees_stack() {
        let b = board(
            &[("longstreet", "glendale"), ("ap-hill", "willis-church")],
            "glendale",
        );
        let (b, r) = asked(b, false, Vec::new());
        let why = explain(&b, &r);
        let away = why
            .answers
            .iter()
            .find(|a| a.decision == mv("longstreet", "fraysers-farm"))
            .expect("offered");
        assert!(matches!(
            away.effect,
            Effect::Move {
                leaves_lee_alone: true,
                ..
            }
        ));
        assert!(away.also.contains(&Id::from_static("3.2")));
        assert!(why.rules.iter().any(|l| l.rule == "3.2"));
        let lee = Decision::MoveLee {
            to: "willis-church".into(),
        };
        let (b, r) = asked(b, false, vec![lee]);
        let v = force(&b, &r, "lee");
        assert_eq!(
            v,
            Verdict::Cannot(Reason::LeeAlreadyMoved { forced: false })
        );
        assert_eq!(v.reason().map(Reason::rule), Some("9.2"));
    }

    /// The Area Group Limit refuses a move with its own words: the area's
    /// verdict is the refusal, the Force's too when every move is refused.
    #[test]
    fn the_group_limit_refuses_with_its_reason() {
        // A group of six, the campaign's maximum, where Longstreet would go.
        let mut b = board(
            &[
                ("longstreet", "glendale"),
                ("jackson", "willis-church"),
                ("ewell", "willis-church"),
                ("whiting", "willis-church"),
                ("cs-inf-brigade-1", "willis-church"),
                ("cs-inf-brigade-2", "willis-church"),
                ("cs-inf-brigade-3", "willis-church"),
            ],
            "glendale",
        );
        b.options.confederate_groups = true;
        let (b, r) = asked(b, false, Vec::new());
        let v = area(&b, &r, "longstreet", "willis-church");
        let Verdict::Cannot(reason @ Reason::AreaGroupLimit { .. }) = &v else {
            panic!("{v:?}")
        };
        assert_eq!(reason.rule(), GROUP_LIMIT);
        let (d, words) = r
            .refused
            .iter()
            .find(|(d, _)| *d == mv("longstreet", "willis-church"))
            .expect("refused");
        assert_eq!(words, &reason.words(&b), "{d:?}");
    }

    /// Every question's Why? opens with its rule, each summarised, and has a
    /// line for every legal answer, in order.
    #[test]
    fn the_explanation_lists_the_rule_and_every_answer() {
        let mut b = board(&[("longstreet", "glendale")], "glendale");
        b.cp.confederate = 3;
        let (b, r) = asked(b, true, Vec::new());
        let why = explain(&b, &r);
        assert_eq!(why.rules[0].rule, "15.1");
        assert!(!why.rules[0].summary.is_empty());
        let listed: Vec<Decision> = why.answers.iter().map(|a| a.decision).collect();
        assert_eq!(listed, r.options);
        let a = &why.answers[0];
        assert!(
            matches!(a.effect, Effect::Move { cost: 1, .. }),
            "{:?}",
            a.effect
        );
        assert!(a.words.contains("for 1 Command Point"), "{}", a.words);
        let end = why.answers.last().expect("End");
        assert_eq!(end.effect, Effect::EndStep);
    }

    /// Advanced battle: a Square two Rows away is out of a March's reach
    /// (A12.4), a friend's Square is refused (A11.0); the Squares offered can.
    #[test]
    fn an_advanced_square_out_of_reach() {
        use crate::rules::battle::advanced::testing::{run, sheet, sq};
        use crate::rules::battle::turns::view::sheet_view;
        let (b, f) = sheet(&[("longstreet", "E3"), ("ap-hill", "D3"), ("morell", "B3")]);
        let view = run(&mut b.clone(), &[], Vec::new(), |ctx| {
            sheet_view(&f, ctx, false)
        })
        .0;
        let options = vec![
            Decision::MarchInto { square: sq("D2") },
            Decision::MarchInto { square: sq("D4") },
        ];
        let mut r = Request::new("A12.4", "Longstreet marches into which Square?", options)
            .about(About::force("longstreet").moving(Move::March));
        r.sheet = Some(Box::new(view));
        let far = square(&b, &r, sq("C3"));
        assert_eq!(
            far,
            Verdict::Cannot(Reason::NotNextSquare { square: sq("C3") })
        );
        assert_eq!(far.reason().map(Reason::rule), Some("A12.4"));
        let friend = square(&b, &r, sq("D3"));
        assert_eq!(
            friend,
            Verdict::Cannot(Reason::FriendsSquare { square: sq("D3") })
        );
        assert_eq!(friend.reason().map(Reason::rule), Some("A11.0"));
        assert_eq!(
            square(&b, &r, sq("D2")),
            Verdict::Can(vec![Decision::MarchInto { square: sq("D2") }])
        );
    }

    /// Checks every Moves question of a game: for every counter and Lee,
    /// and every area, the Why?'s verdict agrees with the legal list.
    struct Checking {
        policy: crate::rules::commander::Policy,
        questions: usize,
    }

    impl Checking {
        fn check(board: &Board, request: &Request) {
            let offered = |who: &str, to: Option<&str>| -> Vec<Decision> {
                request
                    .options
                    .iter()
                    .filter(|d| actor(d) == Some(who))
                    .filter(|d| to.is_none_or(|t| destination(d).is_some_and(|a| a == t)))
                    .copied()
                    .collect()
            };
            let mut who: Vec<&str> = board.pieces.iter().map(|p| p.id().as_str()).collect();
            who.push("lee");
            for w in who {
                let legal = offered(w, None);
                match force(board, request, w) {
                    Verdict::Can(list) => assert_eq!(list, legal, "{w}: {}", request.rule),
                    Verdict::Cannot(r) => {
                        assert!(legal.is_empty(), "{w} refused ({r:?}) yet offered")
                    }
                }
                for a in &board.campaign.map.areas {
                    let legal = offered(w, Some(&a.id));
                    match area(board, request, w, &a.id) {
                        Verdict::Can(list) => assert_eq!(list, legal, "{w} to {}", a.id),
                        Verdict::Cannot(r) => {
                            assert!(
                                legal.is_empty(),
                                "{w} to {} refused ({r:?}) yet offered",
                                a.id
                            );
                            // A refused move is refused for its own reason.
                            let refused = request.refused.iter().any(|(d, _)| {
                                actor(d) == Some(w)
                                    && destination(d).is_some_and(|t| t == a.id.as_str())
                            });
                            if refused {
                                assert!(
                                    matches!(r, Reason::AreaGroupLimit { .. }),
                                    "{w} to {}: {r:?}",
                                    a.id
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    impl Decider for Checking {
        fn decide(&mut self, board: &Board, request: &Request) -> Result<Decision, Interrupt> {
            if request.options.contains(&Decision::EndMoves) {
                Checking::check(board, request);
                self.questions += 1;
            }
            self.policy.decide(board, request)
        }

        fn reads_prompts(&self) -> bool {
            false
        }

        fn reads_sheet(&self, _: &Request) -> bool {
            false
        }
    }

    /// Over played games (both scripted commanders, with and without the
    /// Area Group Limit, several campaigns), at every Moves and Forced March
    /// question: a Force (or Lee) can act exactly when the legal list has an
    /// answer for it, its answers are those, and an area likewise.
    #[test]
    fn the_why_agrees_with_the_legal_list_in_played_games() {
        use crate::rules::commander::Policy;
        let mut questions = 0;
        for (n, (campaign, policy, groups)) in [
            ("seven-days", Policy::Objective, false),
            ("seven-days", Policy::Cautious, true),
            ("second-manassas", Policy::Objective, true),
            ("antietam", Policy::Cautious, false),
        ]
        .into_iter()
        .enumerate()
        {
            let c = Arc::new(crate::campaign::load_bundled(campaign).expect("loads"));
            let options = GameOptions {
                seed: 47 + n as u64,
                battles: BattleMode::VeryQuick,
                confederate_groups: groups,
                ..GameOptions::default()
            };
            let mut chronicle = Chronicle::quiet();
            let mut b = crate::rules::setup::new_campaign(c, options, &mut chronicle);
            let mut dice = Dice::seeded(options.seed);
            let mut decider = Checking {
                policy,
                questions: 0,
            };
            let mut ctx = Ctx {
                board: &mut b,
                dice: &mut dice,
                chronicle: &mut chronicle,
                decider: &mut decider,
            };
            crate::rules::turn::play_to_end(&mut ctx, crate::rules::turn::Step::AdvanceTurn)
                .expect("plays to the end");
            questions += decider.questions;
        }
        assert!(questions > 20, "{questions} Moves questions checked");
    }
    /// Every rule a Why? names has its one line from the reference: the
    /// questions' rules, the reasons' and the answers'.
    #[test]
    fn every_rule_the_why_names_has_a_summary() {
        for rule in [
            "3.2",
            "6.2",
            "7.9",
            "9.2",
            "9.3",
            "10.2.2",
            "10.2.6",
            "10.2.11",
            "10.2.12",
            "10.2.12.1",
            "10.2.12.2",
            "10.2.12.3",
            "10.2.12.7",
            "10.2.12.8",
            "10.2.13",
            "10.2.16",
            "10.2.20",
            "A10.2.12",
            "A10.2.14",
            "11.0",
            "A11.0",
            "11.1",
            "11.2.1",
            "11.4",
            "11.9",
            "12.1",
            "12.1.1",
            "12.2",
            "12.3.7",
            "12.3.8",
            "12.4",
            "A12.4",
            "12.4.3",
            "A12.3",
            "14.0.1",
            "14.4",
            "A14.4",
            "14.5",
            "14.5.1",
            "14.8.1",
            "14.8.3",
            "15.1",
            "15.1.1",
            "15.3",
            "15.4",
            "15.5",
            "15.6",
            "16.0",
            "16.3",
            "16.3.1",
            GROUP_LIMIT,
            // The battle reasons' own (`reason::CounterBar`, `RegionBar`).
            "10.2.10",
            "10.2.12.4",
            "11.5",
            "Officers Confused",
            "12.3.1",
            "12.3.2",
            "12.3.11",
        ] {
            let s = summary(rule);
            assert!(s.ends_with('.') && s.len() > 12, "{rule}: {s:?}");
        }
        assert_eq!(summary("no such rule"), "");
    }
}
