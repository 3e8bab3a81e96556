//! The saves and autosaves of the data folder grouped by game, as the Load
//! screen lists them. One game is one campaign (or stand-alone battle)
//! with one set-up, its seed among it: every file of a game carries them
//! in its header, so files written before games had ids (`game` 0) are
//! grouped as well as new ones, and so is a game loaded, played on and
//! saved again under a new id.
//!
//! A game may have a parent: a what-if branch (`save::branch`), a game
//! that starts from another game's decisions. A branch is a game of its
//! own (its key names the branch: [`BranchKey`]) although its set-up is
//! its parent's; [`Game::parent`] holds the game it branched from and
//! [`Games::rows`] lists a branch right under it, by the branch's name.

use std::path::PathBuf;

use crate::rules::difficulty::{DiceMode, GameOptions, OPTIONAL};
use crate::save::{Listed, SaveFile};

/// What makes two files the same game: the campaign, the stand-alone
/// battle if it is one, and the whole set-up (difficulty, Union AI, battle
/// rules, dice, seed, Optional rules).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GameKey {
    pub campaign: String,
    pub stand_alone: Option<String>,
    pub options: GameOptions,
    /// A what-if branch: where it branched from (None for a game begun
    /// from a set-up).
    pub branch: Option<BranchKey>,
}

/// What tells a branch from its parent and from another branch of it:
/// the parent's game id, the decisions kept, the dice (the same as the
/// parent's, or fresh from `rolled` on with their seed).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BranchKey {
    pub parent: u64,
    pub kept: usize,
    pub same_dice: bool,
    pub rolled: u64,
    pub fresh_seed: Option<u64>,
}

impl GameKey {
    pub fn of(save: &SaveFile) -> GameKey {
        GameKey {
            campaign: save.campaign.clone(),
            stand_alone: save.stand_alone.clone(),
            options: save.options,
            branch: save.branch.as_ref().map(|b| BranchKey {
                parent: b.parent,
                kept: b.kept,
                same_dice: b.same_dice,
                rolled: b.rolled,
                fresh_seed: (!b.same_dice)
                    .then(|| {
                        save.reseeds
                            .iter()
                            .find(|r| r.from == b.rolled)
                            .map(|r| r.seed)
                    })
                    .flatten(),
            }),
        }
    }
}

/// Which folder (and kind of file) a file of a game is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    /// Saved by the player (Ctrl+S, Save).
    Save,
    /// At the start of a phase (the last few of each game kept).
    Autosave,
    /// The game as of its last decision (`latest-<game>.json`).
    Latest,
}

impl FileKind {
    pub fn name(self) -> &'static str {
        match self {
            FileKind::Save => "save",
            FileKind::Autosave => "autosave",
            FileKind::Latest => "last decision",
        }
    }
}

/// One loadable file of a game.
#[derive(Debug, Clone)]
pub struct GameFile {
    pub path: PathBuf,
    pub save: SaveFile,
    pub kind: FileKind,
}

impl GameFile {
    /// "turn 3 · Moves", "turn 8 · finished".
    pub fn position(&self) -> String {
        let s = &self.save;
        let step = if s.finished {
            " · finished".to_string()
        } else {
            s.step
                .map_or(String::new(), |st| format!(" · {}", st.name()))
        };
        format!("turn {}{step}", s.turn)
    }

    pub fn file_name(&self) -> String {
        self.path
            .file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned())
    }
}

/// One game and its files, newest first.
#[derive(Debug, Clone)]
pub struct Game {
    pub key: GameKey,
    /// The game this one branches from; None for a game begun from a
    /// set-up.
    pub parent: Option<GameKey>,
    /// Seconds since 1970 when it began, as its ids say (a game's id is
    /// the time it began), or its first file if that is earlier.
    pub started: u64,
    pub files: Vec<GameFile>,
}

impl Game {
    /// The newest file (the one "Load" on the game takes).
    pub fn newest(&self) -> &GameFile {
        &self.files[0]
    }

    /// When it was last written.
    pub fn last_saved(&self) -> u64 {
        self.newest().save.saved_at
    }

    /// Any of its files is of the finished game.
    pub fn finished(&self) -> bool {
        self.files.iter().any(|f| f.save.finished)
    }

    /// A stand-alone battle's name, else the campaign's: "Malvern Hill,
    /// 1 July 1862", "The Seven Days Battles".
    pub fn title(&self) -> String {
        match &self.key.stand_alone {
            Some(key) => {
                crate::scenario::bundled_battle_name(key).unwrap_or_else(|| key.to_string())
            }
            // A branch by its own name.
            None => self.newest().save.title().to_string(),
        }
    }

    /// What kind of game: "Campaign", "Grand Campaign", "Stand-alone
    /// battle (The Seven Days Battles)".
    pub fn kind(&self) -> String {
        if let Some(b) = &self.newest().save.branch {
            format!(
                "What-if branch of {} ({})",
                b.parent_name,
                if b.same_dice {
                    "the same dice"
                } else {
                    "fresh dice"
                }
            )
        } else if self.key.stand_alone.is_some() {
            format!("Stand-alone battle ({})", self.newest().save.campaign_name)
        } else if self.files.iter().any(|f| f.save.grand.is_some()) {
            "Grand Campaign (21.0)".into()
        } else {
            "Campaign".into()
        }
    }

    /// The set-up in words: "You Regular · Union AI Hard · Advanced
    /// battles · the program's dice, seed 42".
    pub fn set_up(&self) -> String {
        let o = &self.key.options;
        let dice = match o.dice {
            DiceMode::Program => format!("the program's dice, seed {}", o.seed),
            DiceMode::Physical => "your own dice".to_string(),
        };
        format!(
            "You {:?} · Union AI {} · {} battles · {dice}",
            o.player,
            o.union.summary(),
            o.battles.name()
        )
    }

    /// The Optional rules chosen, by name ("Shock Attacks (O11.4)").
    pub fn optional_rules(&self) -> Vec<String> {
        OPTIONAL
            .iter()
            .filter(|r| r.chosen(&self.key.options))
            .map(|r| r.title())
            .collect()
    }

    /// Every file of the game, to move to the trash together.
    pub fn paths(&self) -> Vec<PathBuf> {
        self.files.iter().map(|f| f.path.clone()).collect()
    }
}

/// The saves folders as the Load screen lists them.
#[derive(Debug, Clone, Default)]
pub struct Games {
    /// Newest first (by the newest file of each).
    pub games: Vec<Game>,
    /// Files that cannot be loaded, with their problems, newest first.
    pub unreadable: Vec<Listed>,
}

impl Games {
    /// Group the files of the saves and autosaves folders by game.
    pub fn group(saves: &[Listed], autosaves: &[Listed]) -> Games {
        let mut out = Games::default();
        let tagged = saves
            .iter()
            .map(|l| (l, FileKind::Save))
            .chain(autosaves.iter().map(|l| {
                let latest = l
                    .path
                    .file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with("latest-"));
                (
                    l,
                    if latest {
                        FileKind::Latest
                    } else {
                        FileKind::Autosave
                    },
                )
            }));
        for (l, kind) in tagged {
            let save = match &l.save {
                Ok(s) => s,
                Err(_) => {
                    out.unreadable.push(l.clone());
                    continue;
                }
            };
            let key = GameKey::of(save);
            let file = GameFile {
                path: l.path.clone(),
                save: save.clone(),
                kind,
            };
            match out.games.iter_mut().find(|g| g.key == key) {
                Some(g) => g.files.push(file),
                None => out.games.push(Game {
                    key,
                    parent: None,
                    started: u64::MAX,
                    files: vec![file],
                }),
            }
        }
        // A branch's parent: the game with a file of its parent's id, else
        // the game begun from the same set-up.
        let parents: Vec<Option<GameKey>> =
            out.games
                .iter()
                .map(|g| {
                    let b = g.key.branch.as_ref()?;
                    let by_id = out.games.iter().find(|p| {
                        p.key != g.key && p.files.iter().any(|f| f.save.game == b.parent)
                    });
                    let by_set_up = || {
                        out.games.iter().find(|p| {
                            p.key.branch.is_none()
                                && p.key.campaign == g.key.campaign
                                && p.key.stand_alone == g.key.stand_alone
                                && p.key.options == g.key.options
                        })
                    };
                    by_id.or_else(by_set_up).map(|p| p.key.clone())
                })
                .collect();
        for (g, parent) in out.games.iter_mut().zip(parents) {
            g.parent = parent;
        }
        for g in &mut out.games {
            g.files.sort_by(|a, b| {
                b.save
                    .saved_at
                    .cmp(&a.save.saved_at)
                    .then_with(|| b.path.cmp(&a.path))
            });
            g.started = g
                .files
                .iter()
                .flat_map(|f| [f.save.game, f.save.saved_at])
                .filter(|t| *t != 0)
                .min()
                .unwrap_or(0);
        }
        out.games.sort_by(|a, b| {
            b.last_saved()
                .cmp(&a.last_saved())
                .then_with(|| b.newest().path.cmp(&a.newest().path))
        });
        out.unreadable.sort_by(|a, b| {
            b.modified
                .cmp(&a.modified)
                .then_with(|| b.path.cmp(&a.path))
        });
        out
    }

    /// The games in the order listed, each with its depth: a game with a
    /// parent right under it (newest first among its siblings), one level
    /// deeper; a game whose parent has no file left is listed at the top.
    pub fn rows(&self) -> Vec<(usize, &Game)> {
        let mut out = Vec::new();
        let listed = |k: &GameKey| self.games.iter().any(|g| &g.key == k);
        for g in &self.games {
            if g.parent.as_ref().is_none_or(|p| !listed(p)) {
                self.with_branches(g, 0, &mut out);
            }
        }
        out
    }

    fn with_branches<'a>(&'a self, g: &'a Game, depth: usize, out: &mut Vec<(usize, &'a Game)>) {
        // A parent chain loops only in hand-made data; stop there.
        if out.iter().any(|(_, seen)| seen.key == g.key) {
            return;
        }
        out.push((depth, g));
        for b in self
            .games
            .iter()
            .filter(|b| b.parent.as_ref() == Some(&g.key))
        {
            self.with_branches(b, depth + 1, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::difficulty::BattleMode;

    fn save(seed: u64, saved_at: u64, game: u64) -> SaveFile {
        let mut s: SaveFile = serde_json::from_str(include_str!(
            "../../tests/fixtures/seven-days-basic-turn-7-digest-2.json"
        ))
        .unwrap();
        s.options.seed = seed;
        s.saved_at = saved_at;
        s.game = game;
        s.grand = None;
        s
    }

    fn listed(name: &str, s: SaveFile) -> Listed {
        Listed {
            path: PathBuf::from(name),
            save: Ok(s),
            modified: std::time::UNIX_EPOCH,
        }
    }

    /// Files of one seed and set-up are one game, whatever their ids (an
    /// older file without one, a loaded game saved again under a new one);
    /// a stand-alone battle is its own game under its own name; games and
    /// their files are newest first; a damaged file is listed apart.
    #[test]
    fn saves_are_grouped_by_game_and_named() {
        let mut malvern = save(9, 3_000, 2_900);
        malvern.options.battles = BattleMode::Advanced;
        malvern.stand_alone = Some("malvern-hill".into());
        let mut hard = save(5, 1_500, 1_400);
        hard.options.player = crate::rules::difficulty::PlayerLevel::Hard;
        hard.options.shock_checks = true;
        hard.grand = Some(1_400);
        // A file from before games had ids or Grand Campaigns: no "game",
        // no "grand".
        let mut old: serde_json::Value = serde_json::from_str(include_str!(
            "../../tests/fixtures/seven-days-basic-turn-7-digest-2.json"
        ))
        .unwrap();
        let o = old.as_object_mut().unwrap();
        o.remove("game");
        o.remove("grand");
        o.insert("saved_at".into(), 1_000.into());
        let old = crate::save::parse(std::path::Path::new("old.json"), old.to_string().as_bytes())
            .unwrap();
        let saves = vec![
            listed("saves/old.json", old),
            listed("saves/malvern.json", malvern),
            listed("saves/hard.json", hard),
            Listed {
                path: PathBuf::from("saves/broken.json"),
                save: Err(
                    crate::save::read(std::path::Path::new("/nonexistent/broken.json"))
                        .unwrap_err(),
                ),
                modified: std::time::UNIX_EPOCH,
            },
        ];
        let autosaves = vec![
            listed("autosaves/autosave-a.json", save(5, 2_000, 1_900)),
            listed("autosaves/latest-1900.json", save(5, 2_100, 1_900)),
        ];
        let games = Games::group(&saves, &autosaves);
        let names: Vec<Vec<String>> = games
            .games
            .iter()
            .map(|g| g.files.iter().map(GameFile::file_name).collect())
            .collect();
        assert_eq!(
            names,
            vec![
                vec!["malvern.json".to_string()],
                vec![
                    "latest-1900.json".into(),
                    "autosave-a.json".into(),
                    "old.json".into()
                ],
                vec!["hard.json".into()],
            ]
        );
        let [malvern, seven, hard] = &games.games[..] else {
            panic!()
        };
        assert_eq!(malvern.title(), "Malvern Hill, 1 July 1862");
        assert_eq!(
            malvern.kind(),
            "Stand-alone battle (The Seven Days Battles)"
        );
        assert!(
            malvern.set_up().contains("Advanced battles"),
            "{}",
            malvern.set_up()
        );
        assert_eq!(seven.title(), "The Seven Days Battles");
        assert_eq!(seven.kind(), "Campaign");
        // Begun no later than its first file.
        assert_eq!(seven.started, 1_000);
        assert_eq!(
            seven.files.iter().map(|f| f.kind).collect::<Vec<_>>(),
            vec![FileKind::Latest, FileKind::Autosave, FileKind::Save]
        );
        assert_eq!(
            seven.set_up(),
            "You Regular · Union AI Regular · Basic battles · the program's dice, seed 5"
        );
        assert!(seven.optional_rules().is_empty());
        assert_eq!(hard.started, 1_400);
        assert_eq!(hard.kind(), "Grand Campaign (21.0)");
        assert_eq!(hard.optional_rules(), vec!["Shock Attacks (O11.4)"]);
        assert!(hard.set_up().starts_with("You Hard"));
        assert_eq!(seven.newest().position(), "turn 7 · Union Orders");
        assert_eq!(games.unreadable.len(), 1);
        // Every game at the top, none a branch.
        assert_eq!(
            games.rows().iter().map(|(d, _)| *d).collect::<Vec<_>>(),
            vec![0, 0, 0]
        );
    }

    /// A game with a parent is listed right under it, one level deeper;
    /// one whose parent has no file left stands at the top.
    #[test]
    fn a_branch_is_listed_under_its_game() {
        let saves = vec![
            listed("a.json", save(1, 300, 0)),
            listed("b.json", save(2, 200, 0)),
            listed("c.json", save(3, 100, 0)),
            listed("d.json", save(4, 50, 0)),
        ];
        let mut games = Games::group(&saves, &[]);
        let key = |i: usize| games.games[i].key.clone();
        // c branches from b, a from c; d from a game with no file left.
        let (b, c) = (key(1), key(2));
        games.games[2].parent = Some(b);
        games.games[0].parent = Some(c);
        games.games[3].parent = Some(GameKey {
            campaign: "gone".into(),
            stand_alone: None,
            options: GameOptions::default(),
            branch: None,
        });
        let rows: Vec<(usize, String)> = games
            .rows()
            .iter()
            .map(|(d, g)| (*d, g.newest().file_name()))
            .collect();
        assert_eq!(
            rows,
            vec![
                (0, "b.json".to_string()),
                (1, "c.json".into()),
                (2, "a.json".into()),
                (0, "d.json".into()),
            ]
        );
    }
}
