//! A validated experiment, with the profile resolved: the only thing the runner executes.

use crate::spec::raw::RawExperiment;
use crate::spec::scaled::Profile;
use crate::tasks::Task;
use std::path::PathBuf;
use std::sync::Arc;

/// An experiment ready to run.
#[derive(Clone)]
pub struct Plan {
    /// The spec's name (`runarsson-merelo-2009/table-2`): names its data and figure files.
    pub name: String,
    /// The spec file.
    pub path: PathBuf,
    /// The spec text as read, stored with the results.
    pub source: String,
    /// The parsed spec.
    pub raw: RawExperiment,
    /// The profile the sizes were resolved for.
    pub profile: Profile,
    /// The validated task.
    pub task: Arc<dyn Task>,
}

impl Plan {
    /// What a result's cache key covers besides the code and the profile: the spec text, and
    /// the fingerprints of the data files the task reads beside it.
    pub fn keyed_text(&self) -> String {
        let inputs = self.task.inputs();
        if inputs.is_empty() { self.source.clone() } else { format!("{}\n{inputs}", self.source) }
    }
}
