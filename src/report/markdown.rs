//! The report as Markdown: each turn's map is an SVG file beside it,
//! linked by `map_file`.

use super::Report;
use super::doc::{Block, blocks};

/// The report in Markdown; `map_file(turn)` names each turn's SVG.
pub fn to_markdown(r: &Report, map_file: &dyn Fn(u32) -> String) -> String {
    let mut s = String::new();
    for b in blocks(r) {
        match b {
            Block::Heading(level, text, anchor) => {
                if level > 1 {
                    s.push_str(&format!("<a id=\"{anchor}\"></a>\n\n"));
                }
                s.push_str(&format!("{} {text}\n\n", "#".repeat(level as usize)));
            }
            Block::Para(text) => s.push_str(&format!("{text}\n\n")),
            Block::List(items) => {
                for i in items {
                    s.push_str(&format!("- {}\n", i.replace('\n', " ")));
                }
                s.push('\n');
            }
            Block::Table(header, rows) => {
                let row = |cells: &[String]| {
                    let cells: Vec<String> = cells.iter().map(|c| c.replace('|', "/")).collect();
                    format!("| {} |\n", cells.join(" | "))
                };
                s.push_str(&row(&header));
                s.push_str(&format!("|{}\n", "---|".repeat(header.len())));
                for r in &rows {
                    s.push_str(&row(r));
                }
                s.push('\n');
            }
            Block::Map(i, caption) => {
                let turn = r.turns[i].turn;
                s.push_str(&format!("![{caption}]({})\n\n", map_file(turn)));
            }
        }
    }
    s
}
