//! The tables of `docs/design.md`, made from the theme itself: the
//! palette, the type scale, the spacing scale and the contrast of every
//! pair. The test `docs_design_md_matches_the_theme` fails while the
//! page says otherwise; `FCREL_WRITE_DESIGN_DOC=1 cargo test --lib
//! app::theme::doc` writes them in.

use super::contrast;
use super::palette::{Group, SWATCHES, hex_of};
use super::scale::{Type, space};

/// Each generated block of the page: its marker name and its text.
pub fn blocks() -> Vec<(&'static str, String)> {
    vec![
        ("palette", palette()),
        ("type", type_scale()),
        ("spacing", spacing()),
        ("contrast", contrast::table()),
    ]
}

fn palette() -> String {
    let mut out = String::new();
    for g in Group::ALL {
        out.push_str(&format!(
            "#### {}\n\n| Name | Hex | Use |\n|---|---|---|\n",
            g.title()
        ));
        for s in SWATCHES.iter().filter(|s| s.group == g) {
            out.push_str(&format!(
                "| `{}` | `{}` | {} |\n",
                s.name,
                hex_of(s.color),
                s.usage
            ));
        }
        out.push('\n');
    }
    out
}

fn type_scale() -> String {
    let mut out =
        String::from("| Step | egui style | Size (pt) | Face | Use |\n|---|---|---:|---|---|\n");
    for t in Type::ALL {
        out.push_str(&format!(
            "| {} | `{:?}` | {} | `{}` | {} |\n",
            t.name(),
            t.style(),
            t.size(),
            t.face(),
            t.usage()
        ));
    }
    out
}

fn spacing() -> String {
    let mut out = String::from("| Step | Points |\n|---|---:|\n");
    for (name, s) in space::ALL {
        out.push_str(&format!("| `space::{name}` | {s} |\n"));
    }
    out
}

/// `text` with each block between `<!-- BEGIN generated: NAME -->` and
/// `<!-- END generated: NAME -->` replaced; the names not found.
pub fn fill(text: &str) -> (String, Vec<&'static str>) {
    let mut out = text.to_string();
    let mut missing = Vec::new();
    for (name, body) in blocks() {
        let begin = format!("<!-- BEGIN generated: {name} -->\n");
        let end = format!("<!-- END generated: {name} -->");
        match (out.find(&begin), out.find(&end)) {
            (Some(b), Some(e)) if b < e => {
                out.replace_range(b + begin.len()..e, &body);
            }
            _ => missing.push(name),
        }
    }
    (out, missing)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn docs_design_md_matches_the_theme() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/design.md");
        let text = std::fs::read_to_string(&path).expect("docs/design.md");
        let (filled, missing) = fill(&text);
        assert!(missing.is_empty(), "docs/design.md lacks {missing:?}");
        if std::env::var_os("FCREL_WRITE_DESIGN_DOC").is_some() {
            std::fs::write(&path, &filled).expect("docs/design.md written");
            return;
        }
        assert!(
            filled == text,
            "docs/design.md's tables differ from the theme: run \
             FCREL_WRITE_DESIGN_DOC=1 cargo test --lib app::theme::doc"
        );
    }

    #[test]
    fn a_block_is_filled_between_its_markers() {
        let page =
            "intro\n<!-- BEGIN generated: spacing -->\nold\n<!-- END generated: spacing -->\nend\n";
        let (filled, missing) = fill(page);
        assert!(filled.contains("| `space::XXS` | 2 |"), "{filled}");
        assert!(!filled.contains("old"));
        assert!(filled.starts_with("intro\n") && filled.ends_with("-->\nend\n"));
        assert_eq!(missing, vec!["palette", "type", "contrast"]);
    }
}
