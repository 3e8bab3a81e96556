//! Player decisions (Rally the Troops style): the rules compute the legal
//! choices, and a front end may only answer with one of them.
//!
//! Procedures are written straight through and ask a [`Decider`] whenever
//! the player must choose. A scripted commander answers at once. The GUI's
//! decider answers from the list of decisions made so far; when the list
//! runs out it interrupts with [`Interrupt::Decide`], the front end asks the
//! player, and the procedure is run again from its checkpoint with one more
//! answer. Since the dice are restored to the checkpoint too, a rerun
//! repeats exactly what happened: a game is its set-up plus its decisions.

use serde::{Deserialize, Serialize};

use super::battle::ground::{Region, Square};
use super::battle::terms::{Formation, PlanCounter};
use super::board::Board;
use super::components::{Id, SpecialBattlePlan};
use crate::campaign::Insight;
use crate::dice::DiceError;

/// One choice the Confederate player can make.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Decision {
    /// 10.2.2: keep this Fog of War roll.
    AcceptFogOfWar,
    /// 10.2.2: discard a Scout and roll again (no going back).
    RerollFogOfWar,
    /// 10.2.6 event 4: decline to pay for a Brigade.
    DeclineBrigade,
    /// 10.2.6 event 4: pay 2 CP for this Brigade, placed in this area.
    BuyBrigade {
        force: Id,
        area: Id,
    },
    /// Which Union Force of equal Skill Level takes the Hit (11.9 Quick).
    HitUnionForce {
        force: Id,
    },
    /// Quick/Very Quick Confederate BRT ±1 (the random-Insight event):
    /// shift one column left (-1) or right (+1), or not now (0).
    ShiftColumn {
        shift: i32,
    },
    /// Quick 14.5.1: fight on, or retreat the army now.
    FightOn,
    VoluntaryRetreat,
    /// Very Quick 14.8.1: accept Rejoin, or retreat instead (14.8.3).
    Rejoin,
    RetreatInsteadOfRejoin,
    /// 14.5: where a Confederate Force leaving the battle goes.
    RetreatTo {
        force: Id,
        area: Id,
    },
    /// 7.9: where a Late Arrival enters.
    PlaceArrival {
        arrival: Id,
        area: Id,
    },
    /// 9.2 Moves / 15.1 Forced March: a Force to an adjacent area.
    MoveForce {
        force: Id,
        to: Id,
    },
    /// 15.1.1: one of Jackson's unhit Forces two areas for 1 CP.
    JacksonMarch {
        force: Id,
        via: Id,
        to: Id,
    },
    /// 9.2 / 15.1: Robert E. Lee to an adjacent area.
    MoveLee {
        to: Id,
    },
    /// End the Moves or Forced March step.
    EndMoves,
    /// 9.3: which battle to fight next.
    FightBattleAt {
        area: Id,
    },
    /// 15.4 Refit a reduced Force for 2 CP.
    Refit {
        force: Id,
    },
    /// 15.5 Purchase a Force (at its reduced value if `reduced`) into an
    /// area with Confederate Forces.
    Purchase {
        force: Id,
        area: Id,
        reduced: bool,
    },
    /// 15.6 Purchase a Scout for 1 CP.
    BuyScout,
    /// End the Confederate Resupply step.
    EndResupply,
    /// 16.3: which Union group rolls for its orders next.
    OrdersFor {
        area: Id,
        group: Id,
    },
    /// 16.3: the groups left roll one after another in the order listed,
    /// without asking again (20.0: the player's choice, made once).
    OrdersInOrder,
    /// 16.3.1: keep the Union Orders roll.
    AcceptOrders,
    /// 16.3.1: discard a Scout to roll again (no going back).
    RerollOrders,
    /// 16.3.1: discard a Scout to change the roll by +1 or -1.
    ModifyOrders {
        by: i32,
    },
    /// 10.2.11: buy 1 (2 CP) or 2 (5 CP) more Battle Plans, or none (0).
    BuyBattlePlans {
        extra: u32,
    },
    /// 10.2.12: choose an Insight (one Battle Plan each).
    ChooseInsight {
        insight: Insight,
    },
    /// 10.2.12.7: the Cavalry and Infantry Forces that Screen.
    ScreenWith {
        cavalry: Id,
        infantry: Id,
    },
    /// 10.2.12.7: leave a free Screen Insight unused; every Force fights.
    NoScreen,
    /// End the choice of Insights.
    EndInsights,
    /// 14.0.1: discard a Scout to take this Special Battle Plan out of the
    /// cup for the battle.
    RemoveSpecialPlan {
        plan: SpecialBattlePlan,
    },
    /// End the Scout removals.
    EndRemovals,
    /// 10.2.20: use Screened Approach with this Cavalry Force, or not.
    ScreenedApproach {
        cavalry: Option<Id>,
    },
    /// 10.2.12.8: all Union Forces in this Region (Approach or Reserve).
    TerrainRegion {
        region: Region,
    },
    /// 10.2.13–10.2.16: a Confederate Force's Region and Formation.
    PlaceForce {
        force: Id,
        region: Region,
        formation: Formation,
    },
    /// A10.2.14: a Confederate Force's Square and Formation on the Advanced
    /// Battlefield Sheet.
    PlaceOnSquare {
        force: Id,
        square: Square,
        formation: Formation,
    },
    /// 10.2.12.3: the Force Entrench goes to.
    EntrenchOn {
        force: Id,
    },
    /// 10.2.12.1: lengthen (+1) or shorten (-1) the battle.
    Duration {
        by: i32,
    },
    /// 12.1: try an Insight that needs a roll this turn (Demolitions on a
    /// target, Screen), or not.
    TryDemolitions {
        target: Id,
    },
    TryScreen,
    EndInsightActivation,
    /// 12.1.1: keep an Insight roll, or re-roll it with a Scout.
    AcceptInsightRoll,
    RerollInsight,
    /// 12.2: attach a Battle Plan Counter; Formation goes beside the sheet.
    AssignPlan {
        force: Id,
        plan: PlanCounter,
    },
    HoldFormationCounter,
    /// 12.2: take back a Battle Plan Counter given this turn, before Done
    /// (the counter goes back to the player's hand).
    TakeBackPlan {
        force: Id,
        plan: PlanCounter,
    },
    /// 11.2.1: a Scout for Clear Orders: this Force's Battle Plan Counter
    /// without a roll, or its Default Battle Plan.
    ClearOrders {
        force: Id,
    },
    EndAssign,
    /// 14.4: the next Confederate Force to act, and its Default Battle Plan
    /// when it has no counter.
    Act {
        force: Id,
        plan: Option<DefaultPlan>,
    },
    /// 12.3.7: use the Formation counter now, on up to three Forces.
    UseFormationCounter,
    /// 12.3.7: change this Force's Formation (with the counter in use).
    FormationChange {
        force: Id,
    },
    EndFormationChanges,
    /// 11.4: the Union Force (of equal lowest Skill) receiving a Shock attack.
    ShockTarget {
        force: Id,
    },
    /// 14.5: of the equal lowest-Skill Routed Forces crowding into a
    /// Region, the one destroyed.
    CrowdLoss {
        force: Id,
    },
    /// 12.4.3 Disrupt: examine the cup and take out this plan, or three at random.
    DisruptTake {
        plan: Option<SpecialBattlePlan>,
    },
    /// A11.0, A12.4 on the Advanced Battlefield Sheet: the Square a
    /// Confederate Force moves into (a Union Force there: a Shock attack,
    /// A11.4).
    MarchInto {
        square: Square,
    },
    /// A11.4, A11.6, A12.3 on the Advanced Battlefield Sheet: the Union
    /// Force attacked, or declared as the target of Flank or Rapid Advance
    /// when the counter is placed.
    Target {
        force: Id,
    },
}

/// A Confederate Default Battle Plan (12.4) with its choices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum DefaultPlan {
    /// 12.4.1: change Formation before or after the move (or not); Cavalry
    /// may Advance or Retreat a second Region.
    March {
        change: FormationChange,
        #[serde(default)]
        then: SecondMove,
    },
    /// 12.4.1 / 14.5.1: leave the sheet behind the Confederate Reserve.
    MarchOff,
    /// 11.5: in Melee, March back one Region (Retreat move only).
    MarchBack,
    Fire,
    Disrupt,
    Pivot,
    Hold,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum FormationChange {
    #[default]
    None,
    Before,
    After,
    /// A12.4: Advanced Cavalry may change Formation, March one Square and
    /// change again (no second Square).
    Both,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum SecondMove {
    #[default]
    None,
    Advance,
    Retreat,
    /// A12.4: Advanced Cavalry Marches a second Square, in any direction.
    Another,
}

impl Decision {
    /// The Confederate Command Points this answer spends: 15.1 a Forced
    /// March move 1 (Jackson's two areas 1, 15.1.1; Lee nothing), 15.4
    /// Refit 2, 15.5 a purchase its Combat Value, 15.6 a Scout 1, 10.2.6 a
    /// Brigade 2, 10.2.11 Battle Plans 2 for one and 5 for two.
    pub fn cost(&self, board: &Board, forced_march: bool) -> u32 {
        match self {
            Decision::MoveForce { .. } if forced_march => 1,
            Decision::JacksonMarch { .. } => 1,
            Decision::Refit { .. } | Decision::BuyBrigade { .. } => 2,
            Decision::Purchase { force, reduced, .. } => board
                .piece(force)
                .map_or(0, |p| p.force.purchase_cost(*reduced)),
            Decision::BuyScout => 1,
            Decision::BuyBattlePlans { extra: 0 } => 0,
            Decision::BuyBattlePlans { extra: 1 } => 2,
            Decision::BuyBattlePlans { .. } => 5,
            _ => 0,
        }
    }
}

/// The kind of move a question's Square or Region answers make, for the
/// screen to name (never read from the prompt's words).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Move {
    /// A March (12.4.1, A12.4), a Cavalry's second Square included.
    March,
    /// An Advance (11.3, A11.3: Engage, Flank, Rapid Advance).
    Advance,
    /// A Retreat (11.4.2, 14.5, A11.0, A12.3 Fighting Retreat).
    Retreat,
    /// A Force placed at set-up (10.2.16, A10.2.14).
    Place,
}

/// What a question is about, typed, for the screen: the Force it asks
/// about and the kind of move its answers make.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct About {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub force: Option<Id>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moving: Option<Move>,
}

impl About {
    /// About the Force `force`.
    pub fn force(force: impl Into<Id>) -> About {
        About {
            force: Some(force.into()),
            moving: None,
        }
    }

    /// Its answers move the Force so.
    pub fn moving(mut self, m: Move) -> About {
        self.moving = Some(m);
        self
    }

    fn is_empty(&self) -> bool {
        *self == About::default()
    }
}

/// What the player is asked, with every legal answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request {
    /// The rule that asks ("10.2.2"); short, so an inline string.
    pub rule: Id,
    pub prompt: String,
    pub options: Vec<Decision>,
    /// The battle's state when asked during a battle, for advice and display.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub situation: Option<Situation>,
    /// The Battlefield Sheet when asked during a Basic battle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battlefield: Option<Vec<UnitView>>,
    /// 4.16 The Battle Location Area when asked during a battle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battle_location: Option<Id>,
    /// Answers the rules refuse here, each with why (the Area Group Limit's
    /// moves), for the screen to explain; never to be taken.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub refused: Vec<(Decision, String)>,
    /// What some answers lead to, in words (a Scout's ±1: the order the
    /// changed roll gives, 16.3.1), shown with them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub explained: Vec<(Decision, String)>,
    /// The Force the question is about and the kind of move it asks.
    #[serde(default, skip_serializing_if = "About::is_empty")]
    pub about: About,
    /// The battle's sheet as it stands when asked, for the window (kept
    /// only when the battle is recorded: simulations make none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sheet: Option<Box<crate::rules::battle::record::SheetView>>,
    /// Who has moved already in the step that asks (9.2, 15.1): what the
    /// procedure knows and the board does not, for the rules' Why?
    /// (`rules::why`).
    #[serde(default, skip_serializing_if = "Moved::is_empty")]
    pub moved: Moved,
}

/// The Forces (and Lee) that have moved in this Moves or Forced March
/// step (9.2, 15.1): each moves once a step.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Moved {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forces: Vec<Id>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub lee: bool,
}

impl Moved {
    fn is_empty(&self) -> bool {
        self.forces.is_empty() && !self.lee
    }
}

impl Request {
    /// A question asked under `rule` with its legal answers.
    pub fn new(rule: &'static str, prompt: impl Into<String>, options: Vec<Decision>) -> Request {
        Request {
            rule: Id::from_static(rule),
            prompt: prompt.into(),
            options,
            situation: None,
            battlefield: None,
            battle_location: None,
            refused: Vec::new(),
            explained: Vec::new(),
            about: About::default(),
            sheet: None,
            moved: Moved::default(),
        }
    }

    /// The same question with the same answers: everything but the sheet
    /// drawn for the window (a run that records no battle attaches none).
    pub fn same_question(&self, other: &Request) -> bool {
        let bare = |r: &Request| Request {
            sheet: None,
            ..r.clone()
        };
        bare(self) == bare(other)
    }

    /// With what it is about.
    pub fn about(mut self, about: About) -> Request {
        self.about = about;
        self
    }

    /// With what some answers lead to, in words.
    pub fn explaining(mut self, explained: Vec<(Decision, String)>) -> Request {
        self.explained = explained;
        self
    }

    /// With who has moved already this step (9.2, 15.1).
    pub fn having_moved(mut self, moved: Moved) -> Request {
        self.moved = moved;
        self
    }

    /// With the answers refused here and why.
    pub fn refusing(mut self, refused: Vec<(Decision, String)>) -> Request {
        self.refused = refused;
        self
    }

    /// Asked during a battle: its balance, for advice and display.
    pub fn in_battle(mut self, situation: Situation) -> Request {
        self.situation = Some(situation);
        self
    }
}

/// A Force on the Battlefield Sheet as the player sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitView {
    pub force: Id,
    pub side: crate::campaign::Side,
    /// The Region, or on the Advanced sheet the Region its Row takes the
    /// place of (A10.2.14).
    pub region: Region,
    /// The Square on the Advanced Battlefield Sheet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub square: Option<Square>,
    pub formation: Formation,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counter: Option<PlanCounter>,
    /// Regions (Squares) to the nearest enemy Force.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<i32>,
    pub in_melee: bool,
    /// Passing through a friend's Square (A10.2.14, R-A10.2.14-through).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub passing: bool,
}

/// The units on the sheet a battle question is asked on, read where they
/// stand ([`Decider::decide_on_sheet`]): a decider that reads a few of
/// them needs no view of every unit made for each question.
pub trait SheetRead {
    /// Force `force`'s unit, as [`Request::battlefield`] shows it.
    fn unit(&self, force: Id) -> Option<UnitView>;
    /// Every unit, as [`Request::battlefield`] holds them.
    fn units(&self) -> Vec<UnitView>;
    /// The Squares of `side`'s units (none on the Regions): what
    /// [`SheetRead::units`] shows of them.
    fn squares(&self, side: crate::campaign::Side) -> Vec<Square> {
        self.units()
            .iter()
            .filter(|u| u.side == side)
            .filter_map(|u| u.square)
            .collect()
    }
}

/// A battle's balance when a decision is asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Situation {
    pub confederate_combat: u32,
    pub union_combat: u32,
    pub lee_present: bool,
    /// Which side attacks this battle turn (Quick/Very Quick).
    pub confederates_attack: bool,
}

/// Why a procedure stopped before its end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Interrupt {
    /// The player must choose; run again with one more answer.
    Decide(Box<Request>),
    /// A die is needed (physical dice) or the dice are wrong.
    Dice(DiceError),
    /// Something this build cannot play yet (named, never faked).
    Unsupported(String),
    /// An answer that is not among the legal options.
    Illegal {
        request: Box<Request>,
        answer: Decision,
    },
}

impl From<DiceError> for Interrupt {
    fn from(e: DiceError) -> Self {
        Interrupt::Dice(e)
    }
}

impl std::fmt::Display for Interrupt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Interrupt::Decide(r) => write!(f, "decision needed ({}): {}", r.rule, r.prompt),
            Interrupt::Dice(e) => write!(f, "{e}"),
            Interrupt::Unsupported(what) => write!(f, "{what}"),
            // In the files' JSON form: what a scenario or save would hold.
            Interrupt::Illegal { request, answer } => {
                const SHOWN: usize = 12;
                let json = |d: &Decision| serde_json::to_string(d).unwrap_or_default();
                let mut legal: Vec<String> = request.options.iter().take(SHOWN).map(json).collect();
                if request.options.len() > SHOWN {
                    legal.push(format!("… {} more", request.options.len() - SHOWN));
                }
                write!(
                    f,
                    "{} is not a legal answer to \"{}\" ({}); legal: [{}]",
                    json(answer),
                    request.prompt,
                    request.rule,
                    legal.join(", ")
                )
            }
        }
    }
}

/// The words of a question, made only when someone reads them: a policy
/// answering a simulated battle reads none ([`Decider::reads_prompts`]),
/// and wording every question was a tenth of a battle's cost.
pub trait Prompt {
    fn words(self, board: &Board) -> String;
}

impl Prompt for String {
    fn words(self, _: &Board) -> String {
        self
    }
}

impl Prompt for &str {
    fn words(self, _: &Board) -> String {
        self.to_string()
    }
}

impl<F: FnOnce(&Board) -> String> Prompt for F {
    fn words(self, board: &Board) -> String {
        self(board)
    }
}

/// Answers the player's decisions. The board is the game as the player
/// sees it when asked.
pub trait Decider {
    fn decide(&mut self, board: &Board, request: &Request) -> Result<Decision, Interrupt>;

    /// Whether it reads a request's prompt (or may hand the request on, in
    /// an interrupt): when not, questions asked with a [`Prompt`] leave it
    /// empty.
    fn reads_prompts(&self) -> bool {
        true
    }

    /// Whether it reads the units on the sheet attached to a battle
    /// question (`Request::battlefield`): when not, none is made for it.
    fn reads_sheet(&self, _request: &Request) -> bool {
        true
    }

    /// Whether it reads the battle's balance attached to a battle question
    /// (`Request::situation`): when not, and no battle is recorded, none is
    /// worked out for it (both armies' Combat Values, every question).
    fn reads_situation(&self, _request: &Request) -> bool {
        true
    }

    /// [`Decider::decide`] for a battle question, with the units on its
    /// sheet read where they stand. By default the units it reads are
    /// attached to the request ([`Decider::reads_sheet`]) and `decide`
    /// answers.
    fn decide_on_sheet(
        &mut self,
        board: &Board,
        request: &Request,
        _sheet: &dyn SheetRead,
    ) -> Result<Decision, Interrupt> {
        self.decide(board, request)
    }

    /// True when [`Decider::decide_on_sheet`] reads the units on the sheet
    /// in place: none are attached to the request for it.
    fn reads_sheet_in_place(&self) -> bool {
        false
    }

    /// True when every answer `decide` returns is one of `request.options`
    /// (it checks its own): [`ask`] then does not search the list again.
    fn answers_from_options(&self) -> bool {
        false
    }

    /// How many recorded answers it has given (`Recorded`); others 0.
    fn answered(&self) -> usize {
        0
    }
}

/// Answers from a list of decisions made so far; interrupts when it runs
/// out (the GUI) and refuses answers that are not legal.
#[derive(Debug, Clone, Default)]
pub struct Recorded {
    pub answers: Vec<Decision>,
    pub used: usize,
}

impl Recorded {
    pub fn new(answers: Vec<Decision>) -> Self {
        Recorded { answers, used: 0 }
    }
}

impl Decider for Recorded {
    fn decide(&mut self, _board: &Board, request: &Request) -> Result<Decision, Interrupt> {
        let Some(answer) = self.answers.get(self.used).cloned() else {
            return Err(Interrupt::Decide(Box::new(request.clone())));
        };
        if !request.options.contains(&answer) {
            return Err(Interrupt::Illegal {
                request: Box::new(request.clone()),
                answer,
            });
        }
        self.used += 1;
        Ok(answer)
    }

    fn answered(&self) -> usize {
        self.used
    }

    fn answers_from_options(&self) -> bool {
        true
    }
}

/// Recorded answers first, then a policy for the rest (scenario files,
/// simulations that replay a prefix).
pub struct ThenPolicy<P: Decider> {
    pub recorded: Recorded,
    pub policy: P,
}

impl<P: Decider> Decider for ThenPolicy<P> {
    fn decide(&mut self, board: &Board, request: &Request) -> Result<Decision, Interrupt> {
        if self.recorded.used < self.recorded.answers.len() {
            self.recorded.decide(board, request)
        } else {
            self.policy.decide(board, request)
        }
    }

    fn answers_from_options(&self) -> bool {
        self.recorded.answers_from_options() && self.policy.answers_from_options()
    }

    fn reads_prompts(&self) -> bool {
        self.recorded.used < self.recorded.answers.len() || self.policy.reads_prompts()
    }

    fn reads_sheet(&self, request: &Request) -> bool {
        self.recorded.used < self.recorded.answers.len() || self.policy.reads_sheet(request)
    }

    fn reads_situation(&self, request: &Request) -> bool {
        self.recorded.used < self.recorded.answers.len() || self.policy.reads_situation(request)
    }

    fn decide_on_sheet(
        &mut self,
        board: &Board,
        request: &Request,
        sheet: &dyn SheetRead,
    ) -> Result<Decision, Interrupt> {
        if self.recorded.used < self.recorded.answers.len() {
            self.recorded.decide(board, request)
        } else {
            self.policy.decide_on_sheet(board, request, sheet)
        }
    }

    fn reads_sheet_in_place(&self) -> bool {
        self.recorded.used >= self.recorded.answers.len() && self.policy.reads_sheet_in_place()
    }

    fn answered(&self) -> usize {
        self.recorded.used
    }
}

/// Ask the player: the one way every rule procedure asks (Rally the
/// Troops style). The request lists every legal answer; with only one there
/// is nothing to ask. An answer outside the options is refused
/// (`Interrupt::Illegal`) unless the decider checks its own answers.
pub fn ask(
    decider: &mut dyn Decider,
    board: &Board,
    request: Request,
) -> Result<Decision, Interrupt> {
    ask_on_sheet(decider, board, request, None)
}

/// [`ask`] a battle question, the units on its sheet read in place by a
/// decider that does ([`Decider::decide_on_sheet`]).
pub fn ask_on_sheet(
    decider: &mut dyn Decider,
    board: &Board,
    mut request: Request,
    sheet: Option<&dyn SheetRead>,
) -> Result<Decision, Interrupt> {
    if request.options.len() == 1 {
        return Ok(request.options.swap_remove(0));
    }
    request.battle_location = board.battle_location;
    let answer = match sheet {
        Some(sheet) => decider.decide_on_sheet(board, &request, sheet)?,
        None => decider.decide(board, &request)?,
    };
    if decider.answers_from_options() {
        debug_assert!(request.options.contains(&answer), "{answer:?} not offered");
        Ok(answer)
    } else if request.options.contains(&answer) {
        Ok(answer)
    } else {
        Err(Interrupt::Illegal {
            request: Box::new(request),
            answer,
        })
    }
}
