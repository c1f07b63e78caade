//! Validation: from a parsed spec to a plan, or an error naming the line and field at fault.

use super::SpecFile;
use super::error::SpecError;
use super::scaled::Profile;
use crate::plan::Plan;
use crate::tasks::PlanContext;

/// Checks every value of `spec` and resolves `profile` into a plan. Nothing is run or written.
pub fn validate(spec: &SpecFile, profile: Profile) -> Result<Plan, SpecError> {
    let ctx = PlanContext { spec };
    check_sample_cap(spec, &ctx)?;
    let task = spec.raw.task.plan(&ctx, profile)?;
    Ok(Plan {
        name: spec.name.clone(),
        path: spec.path.clone(),
        source: spec.source.clone(),
        raw: spec.raw.clone(),
        profile,
        task,
    })
}

/// The spec's cap on its own size, where it states one: a multiple of at least 1 (a cap below
/// the stored size would forbid the size it stores), with a reason.
fn check_sample_cap(spec: &SpecFile, ctx: &PlanContext<'_>) -> Result<(), SpecError> {
    let Some(cap) = &spec.raw.judging.sample_cap else { return Ok(()) };
    let factor = cap.factor.get();
    if !(1.0..=1e6).contains(&factor) {
        return Err(ctx.error(
            None,
            "sample_cap",
            "judging.sample_cap.factor",
            format!("{factor} is not a multiple of the stored size; use 1 to 1000000"),
            "the cap is the largest multiple of the size the spec stores that a power analysis \
             may ask for (10 by default)",
        ));
    }
    if cap.because.trim().is_empty() {
        return Err(ctx.error(
            None,
            "sample_cap",
            "judging.sample_cap.because",
            "the cap gives no reason".to_owned(),
            "say why this multiple (the time a run takes, the size it is a multiple of)",
        ));
    }
    Ok(())
}
