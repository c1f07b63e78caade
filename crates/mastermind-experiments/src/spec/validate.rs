//! Validation: from a parsed spec to a plan, or an error naming the line and field at fault.

use super::SpecFile;
use super::error::SpecError;
use super::scaled::Profile;
use crate::plan::Plan;
use crate::tasks::PlanContext;

/// Checks every value of `spec` and resolves `profile` into a plan. Nothing is run or written.
pub fn validate(spec: &SpecFile, profile: Profile) -> Result<Plan, SpecError> {
    let task = spec.raw.task.plan(&PlanContext { spec }, profile)?;
    Ok(Plan {
        name: spec.name.clone(),
        path: spec.path.clone(),
        source: spec.source.clone(),
        raw: spec.raw.clone(),
        profile,
        task,
    })
}
