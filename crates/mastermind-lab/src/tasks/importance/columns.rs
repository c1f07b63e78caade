//! What both importance-sampling reports share.

/// Every `stride`-th index of `0..n`, the last one included (to thin long paths for figures).
pub fn thinned(n: usize, most: usize) -> Vec<usize> {
    let stride = n.div_ceil(most.max(1)).max(1);
    let mut out: Vec<usize> = (0..n).step_by(stride).collect();
    if n > 0 && out.last() != Some(&(n - 1)) {
        out.push(n - 1);
    }
    out
}
