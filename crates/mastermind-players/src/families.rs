//! What the lab and the command line use of each player family beyond
//! [`PlayerSpec`](crate::PlayerSpec): the configuration types a spec or `--config` writes, and the
//! APIs of the experiments that belong to one family (the importance-sampling training, Justus's
//! runs, the Metropolis-Hastings budget curves, the strategy trees' export and the exact search's
//! progress). Only this crate names the player crates; what is not listed here is internal to its
//! family.

/// The one-ply heuristics (Runarsson & Merelo 2009).
pub mod one_ply {
    pub use mastermind_heuristics::{
        Heuristic, OnePlyConfig, PartitionOver, Pool, Prior, Subset, Ties,
    };
}

/// The evolutionary players: the EDA, Evo++, the hill-climber and Justus's GA.
pub mod evolution {
    pub use mastermind_evolution::palette::Palette;
    pub use mastermind_evolution::{
        EdaConfig, EdaFitness, EvoConfig, Generation, JustusConfig, JustusRun, JustusStrategy,
        ParentPool, Selection, ShcConfig,
    };
}

/// Snyder's Metropolis-Hastings player and the scripts of his Table 7.
pub mod mcmc {
    pub use mastermind_mcmc::{
        Budget, CostScale, FullReplyScope, MAX_STEPS, MhConfig, MhReadings, Step, StuckRule,
        table7_scripts,
    };
}

/// Snyder's exponential-family policy and its importance-sampling training.
pub mod importance {
    pub use mastermind_importance::player::DEFAULT_MAX_TURNS;
    pub use mastermind_importance::{
        ColourPattern, Estimate, ExpFamilyConfig, ExpFamilyStrategy, FixedSampleConfig,
        FixedSampleRun, GameRecord, ImportanceError, LengthSummary, StepRecord, Theta,
        TrainingConfig, TrainingRun, first_guess_table, fixed_sample_descent, resume, simulate,
        train,
    };
}

/// Strategy trees: the tree, its presets, its export, its players, the tree built in pieces.
pub mod tree {
    pub use mastermind_tree::export;
    pub use mastermind_tree::pieces;
    pub use mastermind_tree::{
        BYTES_PER_CODE, Branch, BuildProgress, BuildStats, Node, Preset, StrategyTree, TreeError,
        TreeStrategy, choose_guess, memory_estimate, piece_memory_estimate,
    };
}

/// The exact search's limits and progress reports, and the search split into units (stored,
/// sharded, merged).
pub mod optimal {
    pub use mastermind_optimal::units;
    pub use mastermind_optimal::{
        MAX_CODES, MEMO_BYTES, Progress, ProgressCallback, Solution, memory_estimate,
    };
}

/// Other programs, through the referee protocol: their configuration, the protocol's messages,
/// the lab's players speaking it, and the reaping of their processes.
pub mod program {
    pub use mastermind_referee::protocol::{Hello, ProcessUse, Ready};
    pub use mastermind_referee::serve::{NewPlayer, ServeError, serve};
    pub use mastermind_referee::{
        DEFAULT_MAX_GUESSES, ProgramConfig, ProgramStrategy, RefereeError, VERSION, reaper,
    };
}
