//! What both importance-sampling tables share: the descent's state in a row, and the thinning of
//! long paths for figures.

use mastermind_players::families::importance::{Estimate, Theta};

crate::record! {
    /// Theta at a row, and the importance-sampling estimate there, if the row has one.
    #[derive(Debug, Clone, Copy, PartialEq, Default)]
    pub struct Descent {
        /// Theta, first coordinate.
        pub theta_1: f64,
        /// Theta, second coordinate.
        pub theta_2: f64,
        /// Theta, third coordinate.
        pub theta_3: f64,
        /// Theta, fourth coordinate.
        pub theta_4: f64,
        /// The importance-sampling estimate of the mean game length.
        pub estimate: Option<f64>,
        /// Its gradient, first coordinate.
        pub gradient_1: Option<f64>,
        /// Its gradient, second coordinate.
        pub gradient_2: Option<f64>,
        /// Its gradient, third coordinate.
        pub gradient_3: Option<f64>,
        /// Its gradient, fourth coordinate.
        pub gradient_4: Option<f64>,
        /// The effective sample size.
        pub ess: Option<f64>,
    }
}

impl Descent {
    /// Theta, with the estimate at it if there is one.
    pub fn at(theta: Theta, estimate: Option<Estimate>) -> Descent {
        let [theta_1, theta_2, theta_3, theta_4] = theta.to_array();
        let gradient = |j: usize| estimate.map(|e| e.gradient[j]);
        Descent {
            theta_1,
            theta_2,
            theta_3,
            theta_4,
            estimate: estimate.map(|e| e.mean_length),
            gradient_1: gradient(0),
            gradient_2: gradient(1),
            gradient_3: gradient(2),
            gradient_4: gradient(3),
            ess: estimate.map(|e| e.effective_sample_size),
        }
    }

    /// Theta's coordinates.
    pub fn theta(&self) -> [f64; 4] {
        [self.theta_1, self.theta_2, self.theta_3, self.theta_4]
    }
}

/// Every `stride`-th index of `0..n`, the last one included (to thin long paths for figures).
pub fn thinned(n: usize, most: usize) -> Vec<usize> {
    let stride = n.div_ceil(most.max(1)).max(1);
    let mut out: Vec<usize> = (0..n).step_by(stride).collect();
    if n > 0 && out.last() != Some(&(n - 1)) {
        out.push(n - 1);
    }
    out
}
