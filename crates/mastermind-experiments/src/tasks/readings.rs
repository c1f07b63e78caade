//! Checks of the readings arms name: an arm that plays another reading of the paper names an arm
//! of the same spec that carries the paper's numbers, and carries none itself.

use crate::spec::SpecError;
use crate::spec::raw::Reading;
use crate::tasks::PlanContext;
use std::collections::HashMap;

/// What the check needs to know of one arm as written in the spec.
pub(crate) struct ArmReading<'a> {
    /// The arm's label as written (for a swept arm, before the sweep adds its values).
    pub label: &'a str,
    /// The reading the arm names, if any.
    pub reading: Option<&'a Reading>,
    /// Whether the arm gives paper numbers of its own.
    pub has_paper: bool,
}

/// Checks every arm's reading against the others: `of` names another arm (by its written label,
/// or by any label in `also_named`, such as a swept arm's expanded labels, mapped to the written
/// label they come from) that plays the default reading itself, and an arm with `of` carries no
/// paper numbers. `arms_path` is the spec path of the arm list (`task.arms`).
pub(crate) fn check(
    ctx: &PlanContext<'_>,
    arms_path: &str,
    arms: &[ArmReading<'_>],
    also_named: &HashMap<&str, &str>,
) -> Result<(), SpecError> {
    let by_label: HashMap<&str, &ArmReading<'_>> = arms.iter().map(|a| (a.label, a)).collect();
    for arm in arms {
        let Some(reading) = arm.reading else { continue };
        let error = |field: &str, message: String, hint: &str| {
            ctx.error(
                Some(arm.label),
                field,
                &format!("{arms_path}.reading.{field}"),
                message,
                hint,
            )
        };
        if reading.name.trim().is_empty() {
            return Err(error("name", "the reading has no name".into(), "name it in a few words"));
        }
        if reading.because.trim().is_empty() {
            return Err(error(
                "because",
                "the reading gives no reason".into(),
                "say which sentence of which paper supports it, and how it is read",
            ));
        }
        if reading.counts_only && reading.of.is_none() {
            return Err(error(
                "counts_only",
                "a reading of the counts alone names no arm".into(),
                "`counts_only` judges the arm on the counts of the arm `of` names: name it",
            ));
        }
        let Some(of) = reading.of.as_deref() else { continue };
        let written = also_named.get(of).copied().unwrap_or(of);
        let Some(target) = by_label.get(written) else {
            let labels: Vec<&str> = arms.iter().map(|a| a.label).collect();
            return Err(error(
                "of",
                format!("no arm is labelled {of:?}"),
                &format!(
                    "`of` names the arm that carries the paper's numbers: {}",
                    labels.join(", ")
                ),
            ));
        };
        if target.label == arm.label {
            return Err(error(
                "of",
                format!("the arm {:?} names itself", arm.label),
                "`of` names the arm that plays the default reading; leave it out on that arm",
            ));
        }
        if target.reading.is_some_and(|r| r.of.is_some()) {
            return Err(error(
                "of",
                format!("{of:?} plays another reading itself"),
                "name the arm that plays the default reading and carries the paper's numbers",
            ));
        }
        if arm.has_paper {
            return Err(ctx.error(
                Some(arm.label),
                "paper",
                &format!("{arms_path}.paper"),
                format!("the arm {:?} plays another reading and gives paper numbers", arm.label),
                &format!("it is judged against the numbers of {of:?}; remove its own"),
            ));
        }
    }
    Ok(())
}

/// A planned arm as the report pairs readings: its label, the series it belongs to, its x and
/// the reading it plays.
pub(crate) trait PairedArm {
    /// The arm's label (a swept arm's, values included).
    fn label(&self) -> &str;
    /// The series of a swept arm (its label as written).
    fn group(&self) -> &str;
    /// Its position on a sweep.
    fn x(&self) -> Option<f64>;
    /// The reading it plays, if the spec names one.
    fn reading(&self) -> Option<&Reading>;
}

/// The arm whose paper numbers `arm` is judged against: itself, or the arm its reading names
/// (by label, or for a swept arm the point of the named sweep with the same x).
pub(crate) fn judged_against<'a, A: PairedArm>(arms: &'a [A], arm: &'a A) -> Option<&'a A> {
    let Some(of) = arm.reading().and_then(|r| r.of.as_deref()) else { return Some(arm) };
    arms.iter()
        .find(|a| a.label() == of)
        .or_else(|| arms.iter().find(|a| a.group() == of && a.x().is_some() && a.x() == arm.x()))
}
