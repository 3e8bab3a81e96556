//! The report as one self-contained HTML page: its style and every map
//! (inline SVG) inside it, nothing fetched.

use super::Report;
use super::doc::{Block, blocks};
use super::xml::escape;

const STYLE: &str = "body{font-family:Georgia,'Times New Roman',serif;max-width:62rem;margin:2rem auto;padding:0 1rem;background:#faf6ec;color:#2b2620;line-height:1.45}\
h1{font-size:1.9rem;border-bottom:2px solid #8a7a5a}h2{margin-top:2.2rem;border-bottom:1px solid #c9bb99}h3{margin-top:1.6rem}\
table{border-collapse:collapse;margin:.5rem 0 1rem}td,th{border:1px solid #c9bb99;padding:.2rem .6rem;text-align:left}th{background:#efe6cf}\
figure{margin:1rem 0}figure svg{width:100%;height:auto;border:1px solid #c9bb99;background:#f3ecd9}figcaption{font-style:italic;color:#5a5040}\
ul{margin-top:.2rem}li{margin:.1rem 0}a{color:#5b2a14}";

/// The report as HTML.
pub fn to_html(r: &Report) -> String {
    let mut s = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
        escape(&r.title)
    );
    for b in blocks(r) {
        match b {
            Block::Heading(level, text, anchor) => s.push_str(&format!(
                "<h{level} id=\"{anchor}\">{}</h{level}>\n",
                inline(&text)
            )),
            Block::Para(text) => s.push_str(&format!("<p>{}</p>\n", inline(&text))),
            Block::List(items) => {
                s.push_str("<ul>\n");
                for i in items {
                    s.push_str(&format!("<li>{}</li>\n", inline(&i)));
                }
                s.push_str("</ul>\n");
            }
            Block::Table(header, rows) => {
                s.push_str("<table>\n<tr>");
                for h in &header {
                    s.push_str(&format!("<th>{}</th>", escape(h)));
                }
                s.push_str("</tr>\n");
                for row in &rows {
                    s.push_str("<tr>");
                    for c in row {
                        s.push_str(&format!("<td>{}</td>", escape(c)));
                    }
                    s.push_str("</tr>\n");
                }
                s.push_str("</table>\n");
            }
            Block::Map(i, caption) => {
                let t = &r.turns[i];
                let svg =
                    super::svg::map(&r.campaign, &t.end, &caption, &super::battle_areas(r, t));
                s.push_str(&format!(
                    "<figure>\n{svg}\n<figcaption>{}</figcaption>\n</figure>\n",
                    escape(&caption)
                ));
            }
        }
    }
    s.push_str("</body>\n</html>\n");
    s
}

/// Text with `[words](#anchor)` links made links, everything else escaped.
fn inline(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        let after = &rest[open + 1..];
        let link = after
            .find("](#")
            .filter(|&m| after[..m].find('[').is_none());
        let close = link.and_then(|m| after[m..].find(')').map(|c| (m, m + c)));
        let Some((mid, close)) = close else {
            out.push_str(&escape(&rest[..=open]));
            rest = after;
            continue;
        };
        out.push_str(&escape(&rest[..open]));
        out.push_str(&format!(
            "<a href=\"#{}\">{}</a>",
            escape(&after[mid + 3..close]),
            escape(&after[..mid])
        ));
        rest = &after[close + 1..];
    }
    out.push_str(&escape(rest));
    out
}
