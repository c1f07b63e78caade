//! Helpers shared by the runner's integration tests: throwaway workspaces with given specs.

#![allow(dead_code)]

use mastermind_lab::runner::Workspace;
use std::path::PathBuf;

/// A fresh folder laid out like a checkout (`Cargo.toml`, `experiments/`), removed on drop.
pub struct Scratch {
    pub root: PathBuf,
}

impl Scratch {
    pub fn new(tag: &str) -> Scratch {
        let root =
            std::env::temp_dir().join(format!("mastermind-lab-test-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("experiments")).unwrap();
        std::fs::write(root.join("Cargo.toml"), "").unwrap();
        Scratch { root }
    }

    /// Writes `experiments/<name>.ron` and returns its path.
    pub fn spec(&self, name: &str, text: &str) -> PathBuf {
        let path = self.root.join("experiments").join(format!("{name}.ron"));
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        path
    }

    pub fn workspace(&self) -> Workspace {
        Workspace::find(&self.root).unwrap()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

/// A small valid spec on 3 pegs x 4 colours with two one-ply arms; `extra` is spliced into the
/// arm list.
pub fn small_spec(runs: &str, extra_arms: &str) -> String {
    format!(
        r#"Experiment(
    title: "small",
    paper: "Test paper",
    section: "Table 1",
    seed: 7,
    task: Games((
        game: (pegs: 3, colours: 4),
        secrets: All,
        runs: {runs},
        max_guesses: 12,
        arms: [
            (label: "Entropy", player: OnePly((heuristic: Entropy))),
            (label: "Random", player: OnePly((heuristic: Random, first_guess: Some("AAB")))),
            {extra_arms}
        ],
    )),
)
"#
    )
}
