//! What a spec writes about how its claims are judged, decided before the results: the margin
//! that matters, the readings its arms play, and why a claim has no other reading. The lab's
//! spec schema holds these types; the verdicts read them.

use crate::values::{Finite, Label};
use serde::{Deserialize, Serialize};

/// One reading of a choice the paper leaves open, carried by the arm that plays it.
///
/// The arm that plays the default reading names it with `of: None`; an arm that plays another
/// reading names the arm whose paper numbers it is judged against (`of: Some("Expected size")`).
/// The report gathers the arms of one claim into its sensitivity table: reading, value and
/// verdict under each.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reading {
    /// The label of the arm (in the same spec) whose paper numbers this arm is judged against;
    /// `None` for the arm that plays the default reading and carries those numbers itself.
    #[serde(default)]
    pub of: Option<Label>,
    /// A short name for the reading, shown in the sensitivity table (`"pooled prior"`).
    pub name: Label,
    /// Which sentence of which paper supports the reading, and how it is read (one or two
    /// sentences).
    pub because: Label,
    /// The reading concerns only what the paper counts (which of its counts belongs to which
    /// player, say): the arm is judged on the evaluations of the arm it names, not on its mean
    /// guesses. Needs `of`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub counts_only: bool,
}

/// The largest difference from a paper's number that does not matter, with its reason: the
/// larger of an absolute value and a share of the paper's number (and never tighter than the
/// paper's rounding, which the verdict adds).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Margin {
    /// An absolute margin, in the claim's unit (guesses per game, generations, ...).
    #[serde(default)]
    pub absolute: Option<Finite>,
    /// A margin as a share of the paper's number (`0.01`: one percent).
    #[serde(default)]
    pub relative: Option<Finite>,
    /// Why this margin: what difference the paper's own conclusions could not see (one sentence,
    /// decided before looking at the results).
    pub because: Label,
}

impl Margin {
    /// The margin around `value`.
    pub fn of(&self, value: f64) -> f64 {
        let absolute = self.absolute.map_or(0.0, Finite::get);
        let relative = self.relative.map_or(0.0, |r| r.get() * value.abs());
        absolute.max(relative)
    }
}

/// Why a claim is judged under one reading of the paper only.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NoOtherReading {
    /// The claim as the report names it (`"Random consistent: mean guesses"`).
    pub claim: Label,
    /// Why no other reading of the paper applies to it, or where its readings are tried (one or
    /// two sentences).
    pub because: Label,
}
