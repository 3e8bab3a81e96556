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

pub mod reason;

pub use reason::{GROUP_LIMIT, Reason};

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
    if request.battle_location.is_some() && request.sheet.is_some() {
        let Some(u) = unit(request, who) else {
            return Reason::NotOnSheet;
        };
        if is_resolve(request) {
            let mobile = board
                .piece(who)
                .is_none_or(|p| p.force.force_type.is_mobile());
            let ready = crate::rules::battle::turns::resolve::waiting(u.acted, false, u.prepare);
            return match ready {
                Some(r) => r.with_rule(request.rule),
                None if !mobile => Reason::ActsByItself,
                None => asked(),
            };
        }
    }
    asked()
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

/// Our one-line summary of a rule the questions ask under (never the
/// rulebook's words).
pub fn summary(rule: &str) -> &'static str {
    match rule {
        "3.2" => {
            "Lee must never end a step without Confederate Forces beside him: that loses the campaign."
        }
        "7.9" => "A Late Arrival enters the map in one of the areas its campaign allows.",
        "9.2" => "Each Mobile Force may move once, free, to an adjacent area; Lee moves once too.",
        "9.3" => "Where both armies stand in one area a battle is fought; you choose the order.",
        "10.2.2" => "Fog of War decides how much each army brings; a Scout buys a second roll.",
        "10.2.6" => "A random event may offer a Brigade for 2 Command Points.",
        "10.2.11" => "Before a battle you may buy extra Battle Plan Counters for each turn.",
        "10.2.12" => "Insights are advantages bought with Battle Plans before the battle.",
        "10.2.12.1" => "Duration lengthens or shortens the battle by one turn.",
        "10.2.12.2" => "Front chooses where the Union line stands.",
        "10.2.12.3" => "Entrench digs one Force in: Union attacks on it are weaker.",
        "10.2.12.7" => "Screen keeps a Cavalry and an Infantry Force out of the battle.",
        "10.2.12.8" => "Terrain puts the Union Forces of one Region at a disadvantage.",
        "10.2.13" | "10.2.16" => "You place your Forces on the Battlefield Sheet before the Union.",
        "10.2.20" => "Screened Approach: the Union places first, one Cavalry Force waits aside.",
        "A10.2.12" | "A10.2.14" => "On the Advanced sheet each Force takes a Square of its Rows.",
        "11.2.1" => "Clear Orders: a Scout gives a Force its counter without a roll.",
        "11.4" => "A Shock attack: the defender checks against its Combat Value or falls back.",
        "11.9" => "Hits fall on the Forces of lowest Skill first; ties are your choice.",
        "12.1" => "Some Insights need a roll to work; you choose when to try them.",
        "12.1.1" => "A failed Insight roll may be rolled again for a Scout.",
        "12.2" => "Attach this turn's Battle Plan Counters to your Forces, one each.",
        "12.3.7" => "The Formation counter lets up to three Forces change Formation.",
        "12.4" => "A Force without a counter uses one of its Default Battle Plans.",
        "A12.4" => {
            "On the Advanced sheet a Force without a counter Marches, Fires or Holds by Squares."
        }
        "12.4.3" => "Disrupt takes Special Battle Plans out of the Union's cup.",
        "A12.3" => "Flank, Rapid Advance and Fighting Retreat name a target or a way back.",
        "14.0.1" => "A Scout may take one Special Battle Plan out of the cup for the battle.",
        "14.4" | "A14.4" => {
            "Your Forces act one at a time, in the order you choose, each once a turn."
        }
        "14.5" => "A Force leaving the battle goes to an adjacent area it may enter.",
        "14.5.1" => "Between turns you may fight on or retreat the whole army.",
        "14.8.1" => "After a Very Quick battle the armies may Rejoin and fight again.",
        "14.8.3" => "Instead of Rejoining you may retreat.",
        "15.1" => "Each Mobile Force may move one area more for 1 Command Point; Lee free.",
        "15.1.1" => "Jackson's unhit Forces may Force March two areas for 1 Command Point.",
        "15.3" => "Spend Command Points on Refits, new Forces and Scouts.",
        "15.4" => "A reduced Force is restored for 2 Command Points.",
        "15.5" => "A Force is bought for its Combat Value into an area with your Forces.",
        "15.6" => "A Scout costs 1 Command Point.",
        "16.3" => "Each Union group rolls for its orders; you choose the order of the groups.",
        "16.3.1" => "A Scout may re-roll or shift a Union Orders roll.",
        GROUP_LIMIT => {
            "Your Forces in an area form one group of one Corps, no larger than the Union's."
        }
        _ => "",
    }
}

#[cfg(test)]
mod tests;
