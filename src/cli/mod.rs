//! The command line (DESIGN.md, Command line).

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand};

use crate::campaign::{self, Place, Problem};

#[derive(Parser, Debug)]
#[command(
    name = "fcrel",
    version,
    about = "A solitaire companion for the board wargame Field Commander: Robert E. Lee"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Check campaign files (default: the bundled campaigns/ folder).
    ///
    /// Exit 0 when all are valid; otherwise exit 1 and one line per problem,
    /// `FILE:LINE:COL: message` or `FILE: field.path: message`.
    Validate {
        /// Campaign files or folders of them.
        paths: Vec<PathBuf>,
    },
}

/// Run `fcrel validate`; returns the process exit code.
pub fn validate(paths: &[PathBuf], out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let paths = if paths.is_empty() {
        vec![campaign::bundled_dir()]
    } else {
        paths.to_vec()
    };
    let mut files: Vec<PathBuf> = Vec::new();
    let mut problems: Vec<Problem> = Vec::new();
    for p in &paths {
        if p.is_dir() {
            match campaign::load::campaign_files_in(p) {
                Ok(found) if found.is_empty() => problems.push(file_problem(
                    p,
                    "is a directory with no campaign files (*.json) in it",
                )),
                Ok(found) => files.extend(found),
                Err(e) => problems.push(file_problem(p, &format!("cannot read directory: {e}"))),
            }
        } else {
            files.push(p.clone());
        }
    }
    // A file named directly and found again in a named folder is read once.
    let mut seen = std::collections::BTreeSet::new();
    files.retain(|f| seen.insert(std::fs::canonicalize(f).unwrap_or_else(|_| f.clone())));
    let mut valid = 0;
    for f in &files {
        match campaign::load_campaign_file(f) {
            Ok(c) => {
                valid += 1;
                let _ = writeln!(
                    out,
                    "{}: ok: {} ({} areas, {} forces, {} turns)",
                    f.display(),
                    c.name,
                    c.map.areas.len(),
                    c.forces.len(),
                    c.turns
                );
            }
            Err(ps) => problems.extend(ps),
        }
    }
    for p in &problems {
        let _ = writeln!(err, "{p}");
    }
    if problems.is_empty() {
        let _ = writeln!(out, "{valid} campaign file(s) valid");
        0
    } else {
        let _ = writeln!(
            err,
            "{} problem(s); {valid} of {} file(s) valid",
            problems.len(),
            files.len()
        );
        1
    }
}

fn file_problem(path: &Path, message: &str) -> Problem {
    Problem {
        file: path.to_path_buf(),
        place: Place::File,
        message: message.to_string(),
    }
}
