//! The bounds of every number in the campaign, scenario and save formats,
//! taken from the game's components: a validated file is always playable,
//! and nothing the engine sizes from file data (counters, cups, Victory
//! Point histograms, distance tables) can grow without a bound.
//! `docs/campaign-format.md` lists each with its reason; the validators
//! (`campaign::validate`, `scenario`, `save`) enforce them.

/// Campaign Turn Track boxes (3.0, 9.1): the printed campaigns have 8 or 9.
pub const MAX_TURNS: u32 = 30;
/// A campaign's one-line `summary` (the main menu's card).
pub const MAX_SUMMARY_CHARS: usize = 160;
/// The Grand Campaign links five campaigns (21.0).
pub const MAX_GRAND_CAMPAIGN_ORDER: u32 = 5;
/// Robert E. Lee's Command Rating (4.7, 5.8).
pub const MAX_COMMAND_RATING: u32 = 6;
/// Forces in one Union group (16.3.3): Gettysburg's is 6.
pub const MAX_GROUP: u32 = 12;
/// A d10 result (4.5): tables, targets, Activation numbers, Combat Values.
pub const D10: u32 = 10;
/// Width and height of the map's drawing space.
pub const MAX_MAP_SIZE: f32 = 10_000.0;
/// Areas on one Campaign map (the printed maps have about 40).
pub const MAX_AREAS: usize = 100;
/// Corps of both sides in one campaign.
pub const MAX_CORPS: usize = 40;
/// Named Force counters in one campaign (the printed ones have 24 to 35).
pub const MAX_FORCES: usize = 100;
/// Generic counters of one side, kind and type (4.8: the printed campaigns
/// use at most 11 of one sort).
pub const MAX_COUNTERS_PER_TYPE: u32 = 40;
/// Command Points either side starts with (7.4).
pub const MAX_START_COMMAND_POINTS: u32 = 20;
/// Command Points gained in one Resupply step, or from one Union Resupply
/// Table result (15.3, 18.0, 18.2).
pub const MAX_RESUPPLY_COMMAND_POINTS: u32 = 10;
/// Physical Scout counters (4.10).
pub const MAX_SCOUT_COUNTERS: u32 = 20;
/// Confederate Battle Plan Counters a battle turn without Lee (10.2.10):
/// fewer than the 11 Battle Plan Counters there are (12.3).
pub const MAX_BATTLE_PLANS: u32 = 10;
/// Union Special Battle Plans drawn a battle turn (10.2.10): the cup holds
/// 16 (13.2, 13.4), and Advanced battles draw one more (A10.2).
pub const MAX_SPECIAL_BATTLE_PLANS: u32 = 15;
/// Rolls on the Union Resupply Table in one Union Resupply phase (18.2).
pub const MAX_RESUPPLY_ROLLS: u32 = 10;
/// Columns of a Battle Resolution Table (the printed one has 9).
pub const MAX_RESOLUTION_COLUMNS: usize = 21;
/// Largest Battle Differential a column bound may name, either sign.
pub const MAX_DIFFERENTIAL: i32 = 100;
/// Hits one army suffers from one Battle Resolution Table cell (the
/// printed cells give at most 3).
pub const MAX_RESOLUTION_HITS: u32 = 10;
/// Withdrawal table rolls that give Rejoin (14.8.1): the printed table
/// has 1–2. At most half, so each Withdrawal ends the battle at least as
/// often as it starts it again.
pub const MAX_REJOIN_ROLLS: usize = 5;
/// Objectives of one campaign (3.1; the printed ones have 5).
pub const MAX_OBJECTIVES: usize = 20;
/// Campaign-specific defeat conditions (3.2).
pub const MAX_DEFEATS: usize = 20;
/// Victory Points of one objective, or of the Casualties rule (21.0: "for
/// every Objective achieved, you score 1 Victory Point"; 21.1: "an
/// additional Victory Point").
pub const MAX_VP: u32 = 5;

/// Command Points a battle scenario starts with.
pub const MAX_SCENARIO_COMMAND_POINTS: u32 = 100;
/// Scripted dice of a battle scenario: a Basic battle rolls a few hundred.
pub const MAX_SCENARIO_DICE: usize = 10_000;
/// Scripted decisions of a battle scenario.
pub const MAX_SCENARIO_DECISIONS: usize = 10_000;

/// Decisions in a save: a whole campaign with Basic battles makes a few
/// hundred to a few thousand.
pub const MAX_SAVE_DECISIONS: usize = 100_000;
/// Physical dice typed in and kept in a save: a whole campaign rolls a few
/// thousand.
pub const MAX_SAVE_DICE: usize = 100_000;

/// Characters in a name a save carries (its campaign's name, a branch's
/// name and its parent's, the decision it takes back): fcrel's own are
/// well under 300, so a longer one is a damaged or hand-made file.
pub const MAX_SAVE_NAME: usize = 1_000;

/// Characters in a save's recorded digest ("fcrel2-" and 16 hex digits,
/// or an older kind of about the same length).
pub const MAX_SAVE_DIGEST: usize = 100;
