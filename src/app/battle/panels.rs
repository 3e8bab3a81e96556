//! The battle panels: the pre-battle panel (Fog of War table with the rolled
//! row, the Envelopment check against its 3:1 line), the Quick and Very
//! Quick panel (the campaign's Battle Resolution Table with the column, each
//! shift and the roll), the battle log, and the decision panel for the
//! questions the rules ask during a battle. Only the rules' legal options
//! are offered; what is not allowed says why on hover.

use bevy::prelude::MessageWriter;
use bevy_egui::egui::{self, Color32, RichText};

use super::BattleScreen;
use crate::campaign::{Insight, Side};
use crate::chronicle::Chronicle;
use crate::rules::battle::fog;
use crate::rules::battle::ground::{Region, Square};
use crate::rules::battle::outweighs_at;
use crate::rules::battle::record::{BattleRecord, EventKind, Resolution, SheetView, round_start};
use crate::rules::battle::terms::{Formation, PlanCounter};
use crate::rules::board::{Board, label};
use crate::rules::components::SpecialBattlePlan;
use crate::rules::decision::{Decision, Request};
use crate::rules::difficulty::BattleMode;
use crate::rules::sequence::Decide;

const RED: Color32 = Color32::from_rgb(170, 30, 30);
const BLUE: Color32 = Color32::from_rgb(46, 76, 158);
const HIGHLIGHT: Color32 = Color32::from_rgb(246, 214, 90);

pub fn mode_name(m: BattleMode) -> &'static str {
    match m {
        BattleMode::Basic => "Basic Battle Rules",
        BattleMode::Quick => "Quick Battle Rules",
        BattleMode::VeryQuick => "Very Quick Battle Rules",
        BattleMode::Advanced => "Advanced Battle Rules",
    }
}

pub fn insight_text(i: Insight) -> (&'static str, &'static str) {
    match i {
        Insight::Duration => (
            "10.2.12.1",
            "The battle lasts one turn more or one fewer (1 to 6).",
        ),
        Insight::Demolitions => (
            "10.2.12.2",
            "An Insight roll destroys a Union Garrison or Fortification in or next to a Region you occupy.",
        ),
        Insight::Entrench => (
            "10.2.12.3",
            "One non-Melee Force: Union attacks on it at -2/-2 and +2/+2 to its own Shock checks, until it moves.",
        ),
        Insight::Front => (
            "10.2.12.4",
            "Place up to 3 Mobile Forces in the Confederate Front.",
        ),
        Insight::Morale => (
            "10.2.12.5",
            "+2/+0 to your Forces' Shock checks for the battle.",
        ),
        Insight::Officers => (
            "10.2.12.6",
            "+1 to your Forces' Activation numbers for the battle.",
        ),
        Insight::Screen => (
            "10.2.12.7",
            "A Cavalry and an Infantry Force stay off the sheet; an Insight roll at +2 gives three attacks at the Infantry's Combat Value.",
        ),
        Insight::Terrain => (
            "10.2.12.8",
            "Every Union Force is placed in the Union Approach or the Union Reserve, as you choose.",
        ),
    }
}

/// Events of the battle's current round revealed so far (a Rejoin starts
/// a new round from the Fog of War).
fn revealed(b: &BattleRecord, cursor: usize) -> &[crate::rules::battle::record::BattleEvent] {
    let end = cursor.min(b.events.len());
    &b.events[round_start(&b.events, end)..end]
}

/// 10.2.1–10.2.9 as far as playback has gone: each Fog of War roll on the
/// table in use with its row highlighted, and the Envelopment check.
pub fn pre_battle(ui: &mut egui::Ui, b: &BattleRecord, cursor: usize) {
    let events = revealed(b, cursor);
    let start = round_start(&b.events, cursor);
    if let Some(EventKind::Rejoin { round }) = start.checked_sub(1).map(|i| &b.events[i].kind) {
        ui.label(
            RichText::new(format!(
                "Rejoin (14.8.1): round {round}, a new battle from the Fog of War."
            ))
            .strong()
            .color(RED),
        );
    }
    let rolls: Vec<(crate::campaign::UnionLevel, u32)> = events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::FogOfWar { level, die, .. } => Some((*level, *die)),
            _ => None,
        })
        .collect();
    if let Some(&(level, die)) = rolls.last() {
        ui.label(
            RichText::new(format!(
                "Fog of War ({}, {level:?} table)",
                fog::rule(level)
            ))
            .strong(),
        );
        if rolls.len() > 1 {
            let earlier: Vec<String> = rolls[..rolls.len() - 1]
                .iter()
                .map(|r| r.1.to_string())
                .collect();
            ui.label(format!(
                "Rolled {}; a Scout was discarded for each re-roll (10.2.2).",
                earlier.join(", then ")
            ));
        }
        egui::Grid::new(("fog", b.id)).striped(true).show(ui, |ui| {
            ui.label(RichText::new("d10").strong());
            ui.label(RichText::new("Turns").strong());
            ui.label(RichText::new("Event").strong());
            ui.end_row();
            let mut d = 1;
            while d <= 10 {
                let row = fog::lookup(level, d);
                let hit = (row.from..=row.to).contains(&die);
                let text = |s: String| {
                    let t = RichText::new(s).size(12.0);
                    if hit {
                        t.strong().background_color(HIGHLIGHT)
                    } else {
                        t
                    }
                };
                let span = if row.from == row.to {
                    row.from.to_string()
                } else {
                    format!("{}–{}", row.from, row.to)
                };
                ui.label(text(span));
                let turns = if super::on_sheet(b.mode) {
                    row.battle_turns.to_string()
                } else {
                    format!(
                        "{} → {}",
                        row.battle_turns,
                        row.battle_turns.saturating_sub(2).max(1)
                    )
                };
                ui.label(text(turns));
                let color = if row.event.favours_confederates() {
                    Color32::from_gray(60)
                } else {
                    BLUE
                };
                let event = row.event.text_in(!super::on_sheet(b.mode));
                ui.label(text(event.to_string()).color(color));
                ui.end_row();
                d = row.to + 1;
            }
        });
        if !super::on_sheet(b.mode) {
            ui.label(
                RichText::new(
                    "Quick and Very Quick: battle turns on the table minus 2, at least 1 (10.2.4).",
                )
                .italics()
                .size(11.0),
            );
        }
    } else {
        ui.label("The Fog of War is about to be rolled (10.2.1).");
    }
    if let Some((c, u, enveloped)) = events.iter().find_map(|e| match e.kind {
        EventKind::Envelopment {
            confederate,
            union,
            enveloped,
        } => Some((confederate, union, enveloped)),
        _ => None,
    }) {
        ui.add_space(6.0);
        ui.label(RichText::new("Envelopment check (10.2.9)").strong());
        envelopment_bars(ui, c, u);
        match enveloped {
            Some(side) => ui.colored_label(
                RED,
                format!("3:1 — the {} are Enveloped and destroyed.", side.army()),
            ),
            None => {
                ui.label("Neither army has 3 times the other's Combat Value: the battle is fought.")
            }
        };
    }
}

/// 14.8 Withdrawal, once the battle turns have run out, and how the battle
/// ended.
pub fn withdrawal_and_ending(ui: &mut egui::Ui, board: &Board, b: &BattleRecord, cursor: usize) {
    for e in revealed(b, cursor) {
        if let EventKind::Withdrawal {
            confederate,
            union,
            die,
            result,
        } = &e.kind
        {
            ui.label(RichText::new("Withdrawal (14.8)").strong());
            match die {
                None => ui.label(format!(
                    "Confederate {confederate} against Union {union}: 2:1 or worse, the weaker army Retreats without a roll: {}.",
                    result.name()
                )),
                Some(d) => {
                    let rows: Vec<String> = board
                        .campaign
                        .withdrawal
                        .iter()
                        .map(|r| {
                            let span = match (r.rolls.first(), r.rolls.last()) {
                                (Some(a), Some(z)) if a != z => format!("{a}–{z}"),
                                (Some(a), _) => a.to_string(),
                                _ => String::new(),
                            };
                            if r.rolls.contains(d) {
                                format!("[{span}: {}]", r.result.name())
                            } else {
                                format!("{span}: {}", r.result.name())
                            }
                        })
                        .collect();
                    ui.label(format!(
                        "Confederate {confederate} against Union {union}, less than 2:1: rolled {d} on the campaign's Withdrawal table — {}.",
                        result.name()
                    ));
                    ui.label(RichText::new(rows.join(" · ")).size(11.0).monospace())
                }
            };
        }
    }
    if cursor >= b.events.len()
        && let Some(ending) = b.ending
    {
        ui.label(
            RichText::new(format!("The battle is over: {}.", ending.describe()))
                .strong()
                .color(RED),
        );
    }
}

/// The two combined Combat Values as bars, with the 3:1 line of each side.
pub fn envelopment_bars(ui: &mut egui::Ui, c: u32, u: u32) {
    let max = (c.max(u) as f32).max(1.0) * 1.05;
    let width = ui.available_width().min(420.0);
    for (name, v, other, color) in [
        ("Confederate", c, u, Color32::from_gray(120)),
        ("Union", u, c, BLUE),
    ] {
        let (r, _) = ui.allocate_exact_size(egui::vec2(width, 18.0), egui::Sense::hover());
        let p = ui.painter();
        let bar_w = (width - 130.0).max(40.0);
        let x0 = r.left() + 120.0;
        p.text(
            r.left_center(),
            egui::Align2::LEFT_CENTER,
            format!("{name} {v}"),
            egui::FontId::proportional(12.0),
            Color32::BLACK,
        );
        p.rect_filled(
            egui::Rect::from_min_size(
                egui::pos2(x0, r.top() + 3.0),
                egui::vec2(bar_w * v as f32 / max, 12.0),
            ),
            2.0,
            color,
        );
        // The 3:1 line: what outweighs the other army.
        let line = outweighs_at(other) as f32;
        if line <= max {
            let x = x0 + bar_w * line / max;
            p.line_segment(
                [egui::pos2(x, r.top()), egui::pos2(x, r.bottom())],
                egui::Stroke::new(2.0, RED),
            );
        }
    }
    ui.label(
        RichText::new(format!(
            "3:1 lines: the Union needs {} to Envelop you, you need {} to Envelop it.",
            outweighs_at(c),
            outweighs_at(u)
        ))
        .size(11.0),
    );
}

/// The Quick / Very Quick panel: the Battle Resolution Table for each
/// resolution so far, with the differential's column, each shift as an
/// arrow, the roll and the Hits, then the Hits applied.
pub fn quick_panel(ui: &mut egui::Ui, board: &Board, b: &BattleRecord, cursor: usize) {
    let events = revealed(b, cursor);
    let table = &board.campaign.battle_resolution;
    let latest: Option<&Resolution> = events.iter().rev().find_map(|e| match &e.kind {
        EventKind::Resolution(r) => Some(r),
        _ => None,
    });
    let Some(r) = latest else {
        ui.label("The Battle Resolution Table is consulted after the Envelopment check.");
        return;
    };
    let when = if r.multiplier > 1 {
        format!("One roll for {} battle turns", r.multiplier)
    } else {
        format!("Battle turn {} of {}", r.battle_turn, r.battle_turns)
    };
    ui.label(
        RichText::new(format!(
            "{when}: the {} ({}) attack the {} ({}); differential {:+}",
            r.attacker.army(),
            r.attacker_combat,
            r.attacker.other().army(),
            r.defender_combat,
            r.attacker_combat as i32 - r.defender_combat as i32
        ))
        .strong(),
    );
    // Docked beside the map, the table may be wider than its panel: it
    // scrolls sideways, and the text around it wraps.
    egui::ScrollArea::horizontal()
        .id_salt(("brt-scroll", b.id))
        .show(ui, |ui| brt_grid(ui, table, b, r));
    ui.label(
        RichText::new("Cells: Hits on the attacker / Hits on the defender.")
            .size(11.0)
            .italics(),
    );
    ui.label(format!(
        "Column for {:+}: \"{}\"",
        r.attacker_combat as i32 - r.defender_combat as i32,
        table.columns[r.base_column].label
    ));
    for s in &r.shifts {
        let arrow = if s.by < 0 {
            "◀".repeat(s.by.unsigned_abs() as usize)
        } else {
            "▶".repeat(s.by as usize)
        };
        ui.label(format!(
            "{arrow} {} column(s) {}: {} ({})",
            s.by.abs(),
            if s.by < 0 { "left" } else { "right" },
            s.why,
            s.rule
        ));
    }
    ui.label(
        RichText::new(format!(
            "Final column \"{}\"",
            table.columns[r.column].label
        ))
        .strong(),
    );
    match r.die {
        Some(d) => {
            let [a, dh] = r.hits;
            let mult = if r.multiplier > 1 {
                format!(
                    " × {} battle turns = {} and {} (Very Quick, 12.0)",
                    r.multiplier,
                    a * r.multiplier,
                    dh * r.multiplier
                )
            } else {
                String::new()
            };
            ui.label(
                RichText::new(format!(
                    "Rolled {d}: the attacking {} suffer {a} Hit(s), the defending {} {dh}{mult}.",
                    r.attacker.army(),
                    r.attacker.other().army()
                ))
                .strong(),
            );
        }
        None => {
            ui.label("Before the roll: you may use your Confederate BRT ±1 (10.2.5).");
        }
    }
    // The Hits applied since the latest resolution.
    let after = events
        .iter()
        .rposition(|e| matches!(e.kind, EventKind::Resolution(_)))
        .unwrap_or(0);
    for e in &events[after..] {
        if let EventKind::Hits { side, hits, on } = &e.kind {
            let list: Vec<String> = on
                .iter()
                .map(|(id, destroyed)| {
                    let name = board.piece(id).map_or(id.clone(), label);
                    if *destroyed {
                        format!("{name} is destroyed")
                    } else {
                        format!("{name} is flipped to its reduced side")
                    }
                })
                .collect();
            let color = if *side == Side::Union {
                BLUE
            } else {
                Color32::from_gray(60)
            };
            ui.colored_label(
                color,
                format!(
                    "{hits} Hit(s) on the {} (11.9: lowest Skill first): {}",
                    side.army(),
                    if list.is_empty() {
                        "none left to take them".to_string()
                    } else {
                        list.join(", ")
                    }
                ),
            );
        }
    }
}

/// The battle's chronicle up to playback, newest last, with roll tooltips.
pub fn battle_log(ui: &mut egui::Ui, chronicle: &Chronicle, b: &BattleRecord, cursor: usize) {
    let end = if cursor >= b.events.len() {
        chronicle.entries().len()
    } else {
        b.events[cursor.saturating_sub(1)].chronicle_len
    };
    let entries = chronicle.entries();
    let start = b.id.min(entries.len());
    let end = end.clamp(start, entries.len());
    egui::ScrollArea::vertical()
        .id_salt(("battle-log", b.id))
        .stick_to_bottom(true)
        .auto_shrink(false)
        .show(ui, |ui| {
            for e in &entries[start..end] {
                crate::app::theme::chronicle_entry(ui, e, 11.5);
            }
        });
}

fn send(decide: &mut MessageWriter<Decide>, d: &Decision) {
    decide.write(Decide(d.clone()));
}

/// The decision panel during a battle. Returns false when the request is
/// not one this panel lays out (the generic list then shows it).
pub fn decision(
    ui: &mut egui::Ui,
    board: &Board,
    r: &Request,
    b: Option<&BattleRecord>,
    sheet: Option<&SheetView>,
    screen: &mut BattleScreen,
    decide: &mut MessageWriter<Decide>,
    advisor: &crate::app::advisor::Advisor,
) -> bool {
    let has_cup = b.is_some_and(|b| {
        b.events
            .iter()
            .any(|e| matches!(e.kind, EventKind::Cup { .. }))
    });
    let Some(layout) = layout(r, sheet.is_some(), has_cup) else {
        return false;
    };
    ui.label(RichText::new(format!("({}) {}", r.rule, r.prompt)).strong());
    match layout {
        Layout::SetUp => set_up(ui, board, r, screen, decide),
        Layout::Squares => march_into(ui, board, r, sheet, decide),
        Layout::Target => targets(ui, board, r, sheet, decide),
        Layout::Assign => {
            assignment(ui, board, r, sheet, screen, decide);
            crate::app::advisor::show(
                ui,
                advisor,
                &Decision::EndAssign,
                "the battle if these counters are committed",
            );
        }
        Layout::Act => order_of_resolution(ui, board, r, sheet, screen, decide),
        Layout::Place => placement(ui, r, decide),
        Layout::Cup => cup_removals(ui, r, b, decide),
        Layout::Insights => insights(ui, r, decide),
        Layout::Fog => {
            ui.colored_label(
                RED,
                "A re-roll costs a Scout and there is no going back to this roll (10.2.2).",
            );
            if ui
                .button(format!(
                    "Keep this roll (Enter) — Scouts left {}",
                    board.scouts.available
                ))
                .clicked()
            {
                send(decide, &Decision::AcceptFogOfWar);
            }
            if ui.button("Discard a Scout and roll again").clicked() {
                send(decide, &Decision::RerollFogOfWar);
            }
        }
        Layout::Between => {
            between_turns(ui, board, r, decide);
            for (d, what) in [
                (Decision::FightOn, "the battle if you fight on"),
                (Decision::Rejoin, "the battle if you Rejoin"),
            ] {
                crate::app::advisor::show(ui, advisor, &d, what);
            }
        }
    }
    true
}

/// The battle requests this panel lays out itself.
enum Layout {
    /// A10.2.14: a Square and Formation for the Force being set up.
    SetUp,
    /// A11.0, A12.4: the Square a Force moves or retreats into.
    Squares,
    /// A11.4, A11.6, A12.3: the Union Force attacked or aimed at.
    Target,
    Assign,
    Act,
    Place,
    Cup,
    Insights,
    Fog,
    Between,
}

/// `sheet` and `cup`: whether the record has what those layouts draw;
/// without it the generic list of choices is shown instead.
fn layout(r: &Request, sheet: bool, cup: bool) -> Option<Layout> {
    let has = |f: &dyn Fn(&Decision) -> bool| r.options.iter().any(f);
    Some(if has(&|d| matches!(d, Decision::PlaceOnSquare { .. })) {
        Layout::SetUp
    } else if has(&|d| matches!(d, Decision::MarchInto { .. })) {
        Layout::Squares
    } else if has(&|d| matches!(d, Decision::Target { .. })) {
        Layout::Target
    }
    // 12.2: assigning, even when only "done" is left.
    else if sheet
        && has(&|d| {
            matches!(
                d,
                Decision::AssignPlan { .. }
                    | Decision::ClearOrders { .. }
                    | Decision::HoldFormationCounter
                    | Decision::EndAssign
            )
        })
    {
        Layout::Assign
    } else if has(&|d| matches!(d, Decision::Act { .. })) {
        Layout::Act
    } else if has(&|d| matches!(d, Decision::PlaceForce { .. })) {
        Layout::Place
    } else if cup && has(&|d| matches!(d, Decision::RemoveSpecialPlan { .. })) {
        Layout::Cup
    } else if has(&|d| matches!(d, Decision::ChooseInsight { .. })) {
        Layout::Insights
    } else if r.options.contains(&Decision::RerollFogOfWar) {
        Layout::Fog
    } else if has(&|d| {
        matches!(
            d,
            Decision::FightOn
                | Decision::VoluntaryRetreat
                | Decision::Rejoin
                | Decision::RetreatInsteadOfRejoin
                | Decision::ShiftColumn { .. }
        )
    }) {
        Layout::Between
    } else {
        return None;
    })
}

/// 14.0.1: the cup's counters with their counts, each removable for a Scout.
fn cup_removals(
    ui: &mut egui::Ui,
    r: &Request,
    b: Option<&BattleRecord>,
    decide: &mut MessageWriter<Decide>,
) {
    let cup: Vec<SpecialBattlePlan> = b
        .and_then(|b| {
            b.events.iter().rev().find_map(|e| match &e.kind {
                EventKind::Cup { cup } => Some(cup.clone()),
                _ => None,
            })
        })
        .unwrap_or_default();
    ui.label(format!(
        "The Special Battle Plan cup holds {} counters (14.0):",
        cup.len()
    ));
    let mut kinds = cup.clone();
    kinds.dedup();
    for p in kinds {
        let n = cup.iter().filter(|q| **q == p).count();
        let d = Decision::RemoveSpecialPlan { plan: p };
        let text = format!("{} ×{n}", p.name());
        if r.options.contains(&d) {
            if ui
                .button(format!("Take out {text}"))
                .on_hover_text(format!("{} ({}): {}", p.name(), p.rule(), p.effect()))
                .clicked()
            {
                send(decide, &d);
            }
        } else {
            ui.label(text);
        }
    }
    ui.label(
        RichText::new("Each costs a Scout and keeps that plan out for this battle only (14.0.1).")
            .size(11.0),
    );
    if ui.button("Keep my Scouts (Enter)").clicked() {
        send(decide, &Decision::EndRemovals);
    }
}

/// 10.2.12: the Insights still open, each with its effect.
fn insights(ui: &mut egui::Ui, r: &Request, decide: &mut MessageWriter<Decide>) {
    for d in &r.options {
        match d {
            Decision::ChooseInsight { insight } => {
                let (rule, text) = insight_text(*insight);
                if ui
                    .button(format!("{insight:?} ({rule})"))
                    .on_hover_text(text)
                    .clicked()
                {
                    send(decide, d);
                }
                ui.label(RichText::new(text).size(11.0));
            }
            Decision::EndInsights => {
                ui.separator();
                if ui.button("No more Insights (Enter)").clicked() {
                    send(decide, d);
                }
            }
            _ => {}
        }
    }
}

/// Between battle turns and at Rejoin: the Combat Values against their 3:1
/// lines, and the choices.
fn between_turns(
    ui: &mut egui::Ui,
    board: &Board,
    r: &Request,
    decide: &mut MessageWriter<Decide>,
) {
    if let Some(s) = r.situation {
        envelopment_bars(ui, s.confederate_combat, s.union_combat);
        ui.label(
            RichText::new(
                "Rout at 3:1 after each battle turn (14.5); at the end, 2:1 or worse retreats without a roll (14.8).",
            )
            .size(11.0),
        );
    }
    for d in &r.options {
        let tip = match d {
            Decision::FightOn => "Fight the next battle turn.",
            Decision::VoluntaryRetreat => {
                "14.5.1: your Forces leave the battle now (you choose where); no Rout, no further Hits."
            }
            Decision::Rejoin => "14.8.1: a new battle starts here from the Fog of War.",
            Decision::RetreatInsteadOfRejoin => {
                "14.8.3: retreat your army instead of fighting again."
            }
            _ => "One column shift on the Battle Resolution Table, once in the battle (10.2.5).",
        };
        if ui
            .button(crate::rules::view::word(board, d))
            .on_hover_text(tip)
            .clicked()
        {
            send(decide, d);
        }
    }
}

/// A10.2.14: the Force being set up on the Advanced sheet. Every Square
/// offered, Row by Row as on the sheet (a click here is a click on the
/// sheet), then the Formations offered in the Square picked.
fn set_up(
    ui: &mut egui::Ui,
    board: &Board,
    r: &Request,
    screen: &mut BattleScreen,
    decide: &mut MessageWriter<Decide>,
) {
    let offer = super::offer_for(r, screen.square);
    let name = r
        .options
        .iter()
        .find_map(|d| match d {
            Decision::PlaceOnSquare { force, .. } => Some(force),
            _ => None,
        })
        .map_or(String::new(), |f| {
            board.piece(f).map_or(f.to_string(), label)
        });
    ui.label(
        RichText::new(format!(
            "Click a highlighted Square on the sheet or here for {name}, then its Formation."
        ))
        .size(11.0),
    );
    egui::Grid::new("set-up-squares")
        .spacing([4.0, 4.0])
        .show(ui, |ui| {
            for row in 0..i32::from(Square::ROWS) {
                let here: Vec<Square> = Square::all_on(Square::MAX_COLUMNS)
                    .filter(|s| s.row() == row && offer.squares.contains(s))
                    .collect();
                if here.is_empty() {
                    continue;
                }
                let region = here[0].region();
                ui.label(format!("Row {}", Square::row_letter(region)))
                    .on_hover_text(region.name());
                let columns = offer
                    .squares
                    .iter()
                    .map(|s| s.column() + 1)
                    .max()
                    .unwrap_or(0);
                for column in 0..columns.max(i32::from(Square::COLUMNS)) {
                    match here.iter().find(|s| s.column() == column) {
                        Some(&s) => {
                            let chosen = screen.square == Some(s);
                            if ui.selectable_label(chosen, s.name()).clicked() {
                                let input = super::sheet::SheetInput {
                                    square: Some(s),
                                    ..Default::default()
                                };
                                if let Some(d) = super::answer(&input, r, screen) {
                                    screen.square = None;
                                    send(decide, &d);
                                }
                            }
                        }
                        None => {
                            ui.label("");
                        }
                    }
                }
                ui.end_row();
            }
        });
    if let Some((s, formations)) = &offer.chosen {
        ui.horizontal(|ui| {
            ui.label(RichText::new(format!("Square {}:", s.name())).strong());
            for f in formations {
                let text = match f {
                    Formation::Line => "In Line (—)",
                    Formation::Column => "In Column (|)",
                };
                if let Some(d) = r.options.iter().find(|d| {
                    matches!(d, Decision::PlaceOnSquare { square, formation, .. } if square == s && formation == f)
                }) && ui.button(text).clicked()
                {
                    screen.square = None;
                    send(decide, d);
                }
            }
        });
    }
    ui.label(RichText::new("A10.2.14: Static Forces in Row F; Mobile Forces in Row E or F, Row D once those are full (up to 3 there with the Front Insight); Artillery and Static Forces in Line (10.3).").size(11.0));
}

/// What stands in a Square of the sheet, in words.
fn in_square(board: &Board, sheet: Option<&SheetView>, at: Square) -> Option<String> {
    let u = sheet?
        .units
        .iter()
        .find(|u| u.square == Some(at) && u.side == Side::Union)?;
    Some(board.piece(&u.force).map_or(u.force.clone(), label))
}

/// A11.0, A12.4: the Squares a Force may move or retreat into; a Union
/// Force in one is Shock attacked (A11.4).
fn march_into(
    ui: &mut egui::Ui,
    board: &Board,
    r: &Request,
    sheet: Option<&SheetView>,
    decide: &mut MessageWriter<Decide>,
) {
    ui.label(RichText::new("Click a highlighted Square on the sheet, or:").size(11.0));
    for d in &r.options {
        let Decision::MarchInto { square } = d else {
            continue;
        };
        let (text, tip) = match in_square(board, sheet, *square) {
            Some(enemy) => (
                format!("{} — Shock attack on {enemy}", crate::rules::view::word(board, d)),
                "A11.4: the Union Force in the Square entered is the target of the Shock attack; it fires first (Defensive Fire, A11.4.1).".to_string(),
            ),
            None => (
                crate::rules::view::word(board, d),
                format!("An empty Square ({}).", square.region().name()),
            ),
        };
        if ui.button(text).on_hover_text(tip).clicked() {
            send(decide, d);
        }
    }
}

/// A11.4, A11.6, A12.3: the Union Forces the question offers as targets,
/// each with its Square.
fn targets(
    ui: &mut egui::Ui,
    board: &Board,
    r: &Request,
    sheet: Option<&SheetView>,
    decide: &mut MessageWriter<Decide>,
) {
    ui.label(RichText::new("Click a highlighted Union counter on the sheet, or:").size(11.0));
    for d in &r.options {
        let Decision::Target { force } = d else {
            continue;
        };
        let unit = sheet.and_then(|s| s.units.iter().find(|u| u.force == force.as_str()));
        let mut text = crate::rules::view::word(board, d);
        if let Some(u) = unit {
            text.push_str(&format!(" · {}", super::sheet::place(u)));
        }
        let tip = board.piece(force).map_or(String::new(), |p| {
            format!("{} · Combat Value {}", label(p), p.combat())
        });
        if ui.button(text).on_hover_text(tip).clicked() {
            send(decide, d);
        }
    }
}

/// 10.2.16: the Force being placed, every legal Region and Formation.
fn placement(ui: &mut egui::Ui, r: &Request, decide: &mut MessageWriter<Decide>) {
    egui::Grid::new("placement").show(ui, |ui| {
        ui.label("");
        ui.label(RichText::new("Line (—)").strong());
        ui.label(RichText::new("Column (|)").strong());
        ui.end_row();
        for region in [
            Region::ConfederateFront,
            Region::ConfederateApproach,
            Region::ConfederateReserve,
        ] {
            let offered: Vec<&Decision> = r
                .options
                .iter()
                .filter(|d| matches!(d, Decision::PlaceForce { region: rg, .. } if *rg == region))
                .collect();
            if offered.is_empty() {
                continue;
            }
            ui.label(region.name());
            for f in [Formation::Line, Formation::Column] {
                match offered.iter().find(
                    |d| matches!(d, Decision::PlaceForce { formation, .. } if *formation == f),
                ) {
                    Some(d) => {
                        if ui.button("Place").clicked() {
                            send(decide, d);
                        }
                    }
                    None => {
                        ui.label("—")
                            .on_hover_text("Artillery is always in Line (10.3).");
                    }
                }
            }
            ui.end_row();
        }
    });
    ui.label(RichText::new("The Approach holds 4 Mobile Forces; Artillery starts in the Reserve; the Front only with the Front Insight (10.2.15, 10.2.12.4).").size(11.0));
}

/// 12.2: each Confederate Force with the counters it may take now (the
/// others say why on hover), the counters left, Prepare, the Formation
/// counter and Clear Orders by Scout.
fn assignment(
    ui: &mut egui::Ui,
    board: &Board,
    r: &Request,
    sheet: Option<&SheetView>,
    screen: &mut BattleScreen,
    decide: &mut MessageWriter<Decide>,
) {
    let Some(sheet) = sheet else { return };
    let left = sheet.quantity.saturating_sub(sheet.assigned);
    let ours: Vec<&str> = sheet
        .units
        .iter()
        .filter(|u| u.side == Side::Confederate)
        .map(|u| u.force.as_str())
        .collect();
    if !screen.picked.as_deref().is_some_and(|p| ours.contains(&p)) {
        screen.picked = sheet
            .units
            .iter()
            .find(|u| u.side == Side::Confederate && u.counter.is_none() && !u.in_melee)
            .or_else(|| sheet.units.iter().find(|u| u.side == Side::Confederate))
            .map(|u| u.force.clone());
    }
    ui.label(
        RichText::new(format!(
            "Battle Plan Counters: {left} of {} left this turn",
            sheet.quantity
        ))
        .strong(),
    );
    ui.label(RichText::new("Click a Force on the sheet or below; a Force without a counter uses a Default Battle Plan (12.4).").size(11.0));
    let hold = Decision::HoldFormationCounter;
    if r.options.contains(&hold)
        && ui
            .button("Formation counter beside the sheet")
            .on_hover_text(format!(
                "{} ({})",
                PlanCounter::Formation.summary(),
                PlanCounter::Formation.rule()
            ))
            .clicked()
    {
        send(decide, &hold);
    }
    egui::ScrollArea::vertical()
        .id_salt("assignment")
        .max_height(ui.available_height() - 60.0)
        .show(ui, |ui| {
        for u in sheet.units.iter().filter(|u| u.side == Side::Confederate) {
            let name = board.piece(&u.force).map_or(u.force.clone(), label);
            let picked = screen.picked.as_deref() == Some(u.force.as_str());
            let mut head = format!("{name} · in {:?} · {}", u.formation, super::sheet::place(u));
            if let Some(c) = u.counter {
                head.push_str(&format!(" · {}", c.name()));
            }
            if u.prepare {
                head.push_str(" · Prepare");
            }
            if ui.selectable_label(picked, RichText::new(head).strong()).clicked() {
                screen.picked = Some(u.force.clone());
            }
            if !picked {
                continue;
            }
            ui.indent(("assign", &u.force), |ui| {
                for plan in PlanCounter::ALL {
                    let d = Decision::AssignPlan { force: u.force.as_str().into(), plan };
                    let why = u.refusals.iter().find(|(p, _)| *p == plan).map(|(_, w)| w.clone());
                    let legal = r.options.contains(&d);
                    let text = format!("{} ({})", plan.name(), plan.rule());
                    let resp = ui.add_enabled(legal, egui::Button::new(text));
                    let resp = if legal {
                        resp.on_hover_text(plan.summary())
                    } else {
                        resp.on_disabled_hover_text(why.unwrap_or_else(|| {
                            if left == 0 {
                                "No Battle Plan Counters left this turn (10.2.10).".into()
                            } else {
                                "Not allowed now.".into()
                            }
                        }))
                    };
                    if resp.clicked() {
                        send(decide, &d);
                    }
                }
                // 12.2 (R-12.2-back): a counter given this turn comes back
                // until Done.
                for d in r.options.iter().filter(|d| matches!(d, Decision::TakeBackPlan { force, .. } if force.as_str() == u.force)) {
                    if let Decision::TakeBackPlan { plan, .. } = d
                        && ui
                            .button(format!("Take {} back", plan.name()))
                            .on_hover_text("Until Done, a counter given this turn may be taken back; its place in the quantity is free again (R-12.2-back).")
                            .clicked()
                    {
                        send(decide, d);
                    }
                }
                let clear = Decision::ClearOrders { force: u.force.as_str().into() };
                if r.options.contains(&clear)
                    && ui
                        .button(format!("Clear Orders: discard a Scout ({} left)", board.scouts.available))
                        .on_hover_text("11.2.1: no Activation roll for this Force's Battle Plan Counter this turn; without a counter, Clear Orders for up to three Forces' Default Battle Plans.")
                        .clicked()
                {
                    send(decide, &clear);
                }
            });
        }
    });
    ui.separator();
    if ui
        .button(RichText::new("Done: the Union draws and the turn is resolved (Enter)").strong())
        .clicked()
    {
        send(decide, &Decision::EndAssign);
    }
}

/// 14.4: the player picks who acts next and, without a counter, its Default
/// Battle Plan (only the legal ones).
fn order_of_resolution(
    ui: &mut egui::Ui,
    board: &Board,
    r: &Request,
    sheet: Option<&SheetView>,
    screen: &mut BattleScreen,
    decide: &mut MessageWriter<Decide>,
) {
    if r.options.contains(&Decision::UseFormationCounter)
        && ui
            .button("Use the Formation counter now (12.3.7)")
            .on_hover_text(PlanCounter::Formation.summary())
            .clicked()
    {
        send(decide, &Decision::UseFormationCounter);
    }
    let mut forces: Vec<String> = Vec::new();
    for d in &r.options {
        if let Decision::Act { force, .. } = d
            && !forces.iter().any(|f| f == force)
        {
            forces.push(force.to_string());
        }
    }
    // One Force's choices at a time: the one picked, else the first ready.
    if !screen.picked.as_ref().is_some_and(|p| forces.contains(p)) {
        screen.picked = forces.first().cloned();
    }
    ui.label(RichText::new("Pick a Force (here or on the sheet) to see its orders.").size(11.0));
    egui::ScrollArea::vertical()
        .id_salt("order-of-resolution")
        .max_height(ui.available_height() - 10.0)
        .show(ui, |ui| {
            for f in forces {
                let name = board.piece(&f).map_or(f.clone(), label);
                let unit = sheet.and_then(|s| s.units.iter().find(|u| u.force == f));
                let mut head = name.clone();
                if let Some(u) = unit {
                    head.push_str(&format!(
                        " · in {:?} · {}",
                        u.formation,
                        super::sheet::place(u)
                    ));
                    if u.in_melee {
                        head.push_str(" · Melee");
                    }
                }
                let picked = screen.picked.as_deref() == Some(f.as_str());
                if ui
                    .selectable_label(picked, RichText::new(head).strong())
                    .clicked()
                {
                    screen.picked = Some(f.clone());
                }
                if !picked {
                    continue;
                }
                ui.indent(("act", &f), |ui| {
                    for d in &r.options {
                        let Decision::Act { force, plan } = d else {
                            continue;
                        };
                        if *force != f {
                            continue;
                        }
                        let (text, tip) = match plan {
                            None => {
                                let c = unit.and_then(|u| u.counter);
                                (
                                    format!("Carry out {}", c.map_or("its counter", |c| c.name())),
                                    c.map_or(String::new(), |c| {
                                        format!("{}: {}", c.rule(), c.summary())
                                    }),
                                )
                            }
                            Some(p) => (
                                crate::rules::view::default_plan(p, board.options.battles),
                                "A Default Battle Plan (12.4).".to_string(),
                            ),
                        };
                        if ui.button(text).on_hover_text(tip).clicked() {
                            send(decide, d);
                        }
                    }
                });
            }
        });
}

/// The Battle Resolution Table (12.0) with the column and the roll of
/// resolution `r` highlighted.
fn brt_grid(
    ui: &mut egui::Ui,
    table: &crate::campaign::BattleResolutionTable,
    b: &BattleRecord,
    r: &Resolution,
) {
    egui::Grid::new(("brt", b.id, r.battle_turn))
        .striped(true)
        .min_col_width(36.0)
        .show(ui, |ui| {
            ui.label(RichText::new("d10").strong());
            for (i, c) in table.columns.iter().enumerate() {
                let mut t = RichText::new(&c.label).strong().size(12.0);
                if i == r.column {
                    t = t.background_color(HIGHLIGHT);
                } else if i == r.base_column {
                    t = t.underline();
                }
                ui.label(t);
            }
            ui.end_row();
            for row in &table.rows {
                let span = match (row.rolls.first(), row.rolls.last()) {
                    (Some(a), Some(z)) if a != z => format!("{a}–{z}"),
                    (Some(a), _) => a.to_string(),
                    _ => String::new(),
                };
                let rolled = r.die.is_some_and(|d| row.rolls.contains(&d));
                ui.label(if rolled {
                    RichText::new(span).strong().background_color(HIGHLIGHT)
                } else {
                    RichText::new(span)
                });
                for (i, cell) in row.cells.iter().enumerate() {
                    let mut t = RichText::new(format!("{}/{}", cell[0], cell[1]))
                        .monospace()
                        .size(12.0);
                    if i == r.column && rolled {
                        t = t.strong().color(Color32::WHITE).background_color(RED);
                    } else if i == r.column {
                        t = t.background_color(HIGHLIGHT.gamma_multiply(0.5));
                    }
                    ui.label(t);
                }
                ui.end_row();
            }
        });
}
