//! The runner's progress bar: a [`Progress`] a task counts its units into, drawn on standard
//! error when it is a terminal and hidden otherwise (CI, pipes).

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use mastermind_core::progress::Progress;
use std::io::IsTerminal;

/// A bar of `pos/len <unit>`, the time spent and the time left, under a message (the spec's
/// name, or its shard).
#[derive(Debug, Clone)]
pub struct Bar(ProgressBar);

impl Bar {
    /// A bar of `len` units called `unit`, showing `message`; hidden unless standard error is a
    /// terminal.
    pub fn new(len: u64, message: String, unit: &str) -> Bar {
        let bar = ProgressBar::new(len);
        if std::io::stderr().is_terminal() {
            let template = format!(
                "{{msg:40!}} [{{bar:30}}] {{pos}}/{{len}} {unit}, {{elapsed}} (eta {{eta}})"
            );
            bar.set_style(
                ProgressStyle::with_template(&template)
                    .unwrap_or_else(|_| ProgressStyle::default_bar())
                    .progress_chars("=> "),
            );
            bar.set_message(message);
        } else {
            bar.set_draw_target(ProgressDrawTarget::hidden());
        }
        Bar(bar)
    }

    /// Takes the bar off the terminal once the work is done.
    pub fn finish(&self) {
        self.0.finish_and_clear();
    }
}

impl Progress for Bar {
    fn set_length(&self, units: u64) {
        self.0.set_length(units);
    }

    fn set_position(&self, units: u64) {
        self.0.set_position(units);
    }

    fn advance(&self, units: u64) {
        self.0.inc(units);
    }
}
