//! The project's task runner (placeholder until the runner lands).
fn main() {}
