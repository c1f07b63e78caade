//! Helpers shared by the integration tests: relative comparison of floats.

/// Asserts that `actual` is within relative tolerance `rel` of `expected`.
#[track_caller]
pub fn assert_close(actual: f64, expected: f64, rel: f64) {
    let err = (actual - expected).abs();
    assert!(
        err <= rel * expected.abs(),
        "actual {actual:e} differs from expected {expected:e} by {err:e} (relative {:e} > {rel:e})",
        err / expected.abs()
    );
}
