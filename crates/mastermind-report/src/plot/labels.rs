//! Where to write the names of the points of a scatter plot so that no name covers another name,
//! a point or an error bar: a greedy search over positions around each point, in pixels.
//!
//! Points whose markers touch or nearly so (a cluster, such as strategy trees that take the same
//! time and nearly the same guesses) are labelled first, as one column beside the cluster in the
//! order of their points from top to bottom, each label joined to its point by a leader line
//! that passes no other marker where a column can avoid it: beside markers that cover one
//! another, a label next to "its" point could belong to any of them.
//!
//! Every other label tries the eight places next to its point, then places further up and down
//! on either side (drawn with a leader line back to the point); the first place that touches
//! nothing wins, and where every place touches something, the one that covers least.

/// A rectangle in pixels (x grows to the right, y downwards).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    /// Left edge.
    pub left: f64,
    /// Top edge.
    pub top: f64,
    /// Right edge.
    pub right: f64,
    /// Bottom edge.
    pub bottom: f64,
}

impl Rect {
    /// The rectangle of `width` by `height` whose top-left corner is `(left, top)`.
    pub fn sized(left: f64, top: f64, width: f64, height: f64) -> Rect {
        Rect { left, top, right: left + width, bottom: top + height }
    }

    /// The square of half-side `radius` around `(x, y)` (a marker).
    pub fn around(x: f64, y: f64, radius: f64) -> Rect {
        Rect { left: x - radius, top: y - radius, right: x + radius, bottom: y + radius }
    }

    /// The area this rectangle shares with `other` (0 when they do not meet).
    pub fn overlap(&self, other: &Rect) -> f64 {
        let w = self.right.min(other.right) - self.left.max(other.left);
        let h = self.bottom.min(other.bottom) - self.top.max(other.top);
        if w > 0.0 && h > 0.0 { w * h } else { 0.0 }
    }

    /// The area of this rectangle outside `bounds`.
    fn outside(&self, bounds: &Rect) -> f64 {
        (self.right - self.left) * (self.bottom - self.top) - self.overlap(bounds)
    }

    /// The point of this rectangle nearest to `(x, y)`.
    pub fn nearest(&self, x: f64, y: f64) -> (f64, f64) {
        (x.clamp(self.left, self.right), y.clamp(self.top, self.bottom))
    }

    /// How far `(x, y)` lies from this rectangle (0 inside).
    pub fn distance(&self, x: f64, y: f64) -> f64 {
        let (nx, ny) = self.nearest(x, y);
        (nx - x).hypot(ny - y)
    }
}

/// One label to place: the point it names and the size of its text.
#[derive(Debug, Clone, Copy)]
pub struct LabelRequest {
    /// The point, in pixels.
    pub anchor: (f64, f64),
    /// Width and height of the text, in pixels.
    pub size: (f64, f64),
    /// How far the point's marker reaches from its centre, in pixels: markers that touch form
    /// a cluster whose labels are stacked in a column.
    pub radius: f64,
}

/// Space between a point and the text beside it, in pixels.
const GAP: f64 = 9.0;
/// Farther than this from its point, a label is joined to it by a leader line.
pub const LEADER_BEYOND: f64 = 14.0;
/// How many rows of text above and below a point a displaced label may move.
const ROWS: usize = 10;
/// Room kept free round every label placed, in pixels.
const LABEL_CLEARANCE: f64 = 3.0;
/// Markers whose edges are closer than this, in pixels, belong to one cluster.
const CLUSTER_SLACK: f64 = 4.0;
/// Room between a cluster's outermost marker and its column of labels, in pixels: enough that
/// every label of the column is joined to its point by a leader line.
const COLUMN_GAP: f64 = 2.0 * GAP;
/// The cost of a leader line that passes over a marker other than its own: as much as a label
/// covering a hundred pixels of another.
const LEADER_ON_MARKER: f64 = 1e6;

/// The places a label of `size` may take around `anchor`, in order of preference.
fn candidates((x, y): (f64, f64), (w, h): (f64, f64)) -> Vec<Rect> {
    let mut places = vec![
        Rect::sized(x + GAP, y - h / 2.0, w, h),
        Rect::sized(x - GAP - w, y - h / 2.0, w, h),
        Rect::sized(x + GAP / 2.0, y - GAP / 2.0 - h, w, h),
        Rect::sized(x + GAP / 2.0, y + GAP / 2.0, w, h),
        Rect::sized(x - GAP / 2.0 - w, y - GAP / 2.0 - h, w, h),
        Rect::sized(x - GAP / 2.0 - w, y + GAP / 2.0, w, h),
        Rect::sized(x - w / 2.0, y - GAP - h, w, h),
        Rect::sized(x - w / 2.0, y + GAP, w, h),
    ];
    let step = h + 2.0;
    for row in 1..=ROWS {
        let dy = step * row as f64;
        // Farther out sideways as well as up or down, so that the leader line has room.
        let dx = 2.0 * GAP + 4.0 * row.min(4) as f64;
        for sign in [-1.0, 1.0] {
            places.push(Rect::sized(x + dx, y - h / 2.0 + sign * dy, w, h));
            places.push(Rect::sized(x - dx - w, y - h / 2.0 + sign * dy, w, h));
        }
    }
    places
}

/// Places every label: returns, for each request in order, the rectangle its text takes.
///
/// Labels avoid each other, the `obstacles` (markers, error bars, a legend) and the outside of
/// `bounds`; a label that cannot avoid everything takes the place that covers least, weighing
/// other labels above obstacles. The labels of a cluster of touching markers are placed first,
/// as a column ([`column_places`]).
pub fn place_labels(requests: &[LabelRequest], obstacles: &[Rect], bounds: Rect) -> Vec<Rect> {
    let mut placed: Vec<Option<Rect>> = vec![None; requests.len()];
    for members in clusters(requests) {
        let column = column_places(requests, &members, &placed, obstacles, bounds);
        for (&i, place) in members.iter().zip(column) {
            placed[i] = Some(place);
        }
    }
    // Crowded points first: the ones with the most neighbours have the fewest free places.
    let crowding = |i: usize| {
        let (x, y) = requests[i].anchor;
        requests.iter().filter(|r| (r.anchor.0 - x).abs() + (r.anchor.1 - y).abs() < 60.0).count()
    };
    let mut order: Vec<usize> = (0..requests.len()).filter(|&i| placed[i].is_none()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(crowding(i)));
    for i in order {
        let request = requests[i];
        let mut best: Option<(f64, Rect)> = None;
        for (rank, place) in candidates(request.anchor, request.size).into_iter().enumerate() {
            // Among places that touch nothing, the earliest (nearest) wins.
            let total = cost(&place, &placed, obstacles, &bounds) + rank as f64 * 1e-3;
            if best.is_none_or(|(b, _)| total < b) {
                best = Some((total, place));
            }
            if total < 1.0 {
                break;
            }
        }
        placed[i] = best.map(|b| b.1);
    }
    placed.into_iter().map(|p| p.unwrap_or(Rect::sized(0.0, 0.0, 0.0, 0.0))).collect()
}

/// What a label at `place` covers, weighed: the outside of `bounds` above all, then the labels
/// already `placed` (with [`LABEL_CLEARANCE`] round each, so that two labels never touch), then
/// the `obstacles`.
fn cost(place: &Rect, placed: &[Option<Rect>], obstacles: &[Rect], bounds: &Rect) -> f64 {
    let on_labels: f64 = placed
        .iter()
        .flatten()
        .map(|p| {
            let c = LABEL_CLEARANCE;
            place.overlap(&Rect {
                left: p.left - c,
                top: p.top - c,
                right: p.right + c,
                bottom: p.bottom + c,
            })
        })
        .sum();
    let on_obstacles: f64 = obstacles.iter().map(|o| place.overlap(o)).sum();
    1e8 * place.outside(bounds) + 1e4 * on_labels + 1e2 * on_obstacles
}

/// The clusters of two or more requests whose markers touch or nearly so (within
/// [`CLUSTER_SLACK`], chained), each ordered by its points from top to bottom.
fn clusters(requests: &[LabelRequest]) -> Vec<Vec<usize>> {
    let near = |a: &LabelRequest, b: &LabelRequest| {
        let apart = (a.anchor.0 - b.anchor.0).hypot(a.anchor.1 - b.anchor.1);
        apart < a.radius + b.radius + CLUSTER_SLACK
    };
    let mut seen = vec![false; requests.len()];
    let mut clusters = Vec::new();
    for start in 0..requests.len() {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let mut members = vec![start];
        let mut k = 0;
        while k < members.len() {
            let i = members[k];
            for (j, other) in requests.iter().enumerate() {
                if !seen[j] && near(&requests[i], other) {
                    seen[j] = true;
                    members.push(j);
                }
            }
            k += 1;
        }
        if members.len() > 1 {
            members.sort_by(|&a, &b| requests[a].anchor.1.total_cmp(&requests[b].anchor.1));
            clusters.push(members);
        }
    }
    clusters
}

/// The places of a cluster's labels (`members`, top to bottom): one column, right of the
/// cluster or else left of it, its labels in the members' order a row apart, centred on the
/// cluster or shifted up or down by whole rows. The column that covers least wins, counting
/// [`LEADER_ON_MARKER`] for each leader line (from a point to the nearest point of its label)
/// that passes over another marker.
fn column_places(
    requests: &[LabelRequest],
    members: &[usize],
    placed: &[Option<Rect>],
    obstacles: &[Rect],
    bounds: Rect,
) -> Vec<Rect> {
    let of = |f: fn(&LabelRequest) -> f64| members.iter().map(move |&i| f(&requests[i]));
    // Rows further apart than elsewhere: the leader lines of a column fan out between them.
    let step = of(|r| r.size.1).fold(0.0, f64::max) + 6.0;
    let middle = of(|r| r.anchor.1).sum::<f64>() / members.len() as f64;
    let right = of(|r| r.anchor.0 + r.radius).fold(f64::NEG_INFINITY, f64::max) + COLUMN_GAP;
    let left = of(|r| r.anchor.0 - r.radius).fold(f64::INFINITY, f64::min) - COLUMN_GAP;
    let first_top = middle - step * members.len() as f64 / 2.0;
    let shifts = (0..=ROWS as i32).flat_map(|k| if k == 0 { vec![0] } else { vec![k, -k] });
    let mut best: Option<(f64, Vec<Rect>)> = None;
    for (rank, (shift, on_right)) in shifts.flat_map(|k| [(k, true), (k, false)]).enumerate() {
        let column: Vec<Rect> = members
            .iter()
            .enumerate()
            .map(|(row, &i)| {
                let (w, h) = requests[i].size;
                let top = first_top + step * (row as f64 + f64::from(shift)) + (step - h) / 2.0;
                Rect::sized(if on_right { right } else { left - w }, top, w, h)
            })
            .collect();
        let mut total = rank as f64 * 1e-3;
        for (k, (&i, place)) in members.iter().zip(&column).enumerate() {
            let earlier: Vec<Option<Rect>> =
                placed.iter().copied().chain(column[..k].iter().map(|p| Some(*p))).collect();
            total += cost(place, &earlier, obstacles, &bounds);
            let anchor = requests[i].anchor;
            let end = place.nearest(anchor.0, anchor.1);
            let crossed = requests.iter().enumerate().filter(|&(j, other)| {
                j != i && segment_distance(anchor, end, other.anchor) < other.radius
            });
            total += LEADER_ON_MARKER * crossed.count() as f64;
        }
        if best.as_ref().is_none_or(|(b, _)| total < *b) {
            best = Some((total, column));
        }
        if total < 1.0 {
            break;
        }
    }
    best.map_or_else(Vec::new, |b| b.1)
}

/// How far `point` lies from the segment from `a` to `b`.
fn segment_distance(a: (f64, f64), b: (f64, f64), point: (f64, f64)) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let length2 = dx * dx + dy * dy;
    let t = if length2 > 0.0 {
        (((point.0 - a.0) * dx + (point.1 - a.1) * dy) / length2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (a.0 + t * dx - point.0).hypot(a.1 + t * dy - point.1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(x: f64, y: f64) -> LabelRequest {
        LabelRequest { anchor: (x, y), size: (90.0, 16.0), radius: 6.0 }
    }

    fn markers(requests: &[LabelRequest]) -> Vec<Rect> {
        requests.iter().map(|r| Rect::around(r.anchor.0, r.anchor.1, 7.0)).collect()
    }

    fn check_no_overlap(requests: &[LabelRequest], obstacles: &[Rect], bounds: Rect) {
        let placed = place_labels(requests, obstacles, bounds);
        for (i, a) in placed.iter().enumerate() {
            assert_eq!(a.outside(&bounds), 0.0, "label {i} leaves the plot: {a:?}");
            for (j, b) in placed.iter().enumerate().skip(i + 1) {
                assert_eq!(a.overlap(b), 0.0, "labels {i} and {j} overlap: {a:?} {b:?}");
            }
            for (k, o) in obstacles.iter().enumerate() {
                assert_eq!(a.overlap(o), 0.0, "label {i} covers obstacle {k}: {a:?} {o:?}");
            }
        }
    }

    #[test]
    fn a_lone_label_sits_right_of_its_point() {
        let requests = [request(100.0, 100.0)];
        let placed =
            place_labels(&requests, &markers(&requests), Rect::sized(0.0, 0.0, 500.0, 500.0));
        assert_eq!(placed[0], Rect::sized(109.0, 92.0, 90.0, 16.0));
    }

    #[test]
    fn labels_of_a_tight_cluster_neither_overlap_nor_cover_points() {
        // Five strategy trees within a few pixels of each other, as at 4x6 and 5x8.
        let requests = [
            request(160.0, 470.0),
            request(163.0, 472.0),
            request(168.0, 480.0),
            request(170.0, 490.0),
            request(175.0, 445.0),
            request(180.0, 402.0),
        ];
        check_no_overlap(&requests, &markers(&requests), Rect::sized(95.0, 50.0, 880.0, 510.0));
    }

    #[test]
    fn labels_of_markers_that_cover_one_another_stand_in_a_column_in_their_order() {
        // Three trees as at 5x8: two ringed markers one above the other, a third over the lower.
        let ringed = |x, y| LabelRequest { radius: 11.0, ..request(x, y) };
        let requests = [request(176.0, 502.0), ringed(165.0, 485.0), ringed(165.0, 503.0)];
        let obstacles: Vec<Rect> =
            requests.iter().map(|r| Rect::around(r.anchor.0, r.anchor.1, r.radius)).collect();
        let bounds = Rect::sized(95.0, 50.0, 880.0, 510.0);
        assert_eq!(clusters(&requests), [vec![1, 0, 2]]);
        let placed = place_labels(&requests, &obstacles, bounds);
        check_no_overlap(&requests, &obstacles, bounds);
        // One column, in the points' order from top to bottom, every label with a leader line
        // that passes over no other marker.
        assert!(placed.iter().all(|p| p.left == placed[0].left), "{placed:?}");
        assert!(placed[1].top < placed[0].top && placed[0].top < placed[2].top, "{placed:?}");
        for (i, (r, p)) in requests.iter().zip(&placed).enumerate() {
            assert!(p.distance(r.anchor.0, r.anchor.1) > LEADER_BEYOND, "label {i}: {p:?}");
            let end = p.nearest(r.anchor.0, r.anchor.1);
            for (j, other) in requests.iter().enumerate().filter(|&(j, _)| j != i) {
                let apart = segment_distance(r.anchor, end, other.anchor);
                assert!(apart >= other.radius, "leader {i} passes over marker {j}: {apart}");
            }
        }
    }

    #[test]
    fn labels_avoid_error_bars_and_a_legend() {
        // Four one-ply players stacked on one time, error bars through each other's labels.
        let requests = [
            request(730.0, 400.0),
            request(732.0, 412.0),
            request(731.0, 440.0),
            request(729.0, 460.0),
        ];
        let mut obstacles = markers(&requests);
        obstacles.extend(requests.iter().map(|r| Rect {
            left: r.anchor.0 - 2.0,
            top: r.anchor.1 - 40.0,
            right: r.anchor.0 + 2.0,
            bottom: r.anchor.1 + 40.0,
        }));
        obstacles.push(Rect::sized(600.0, 55.0, 370.0, 30.0));
        check_no_overlap(&requests, &obstacles, Rect::sized(95.0, 50.0, 880.0, 510.0));
    }

    #[test]
    fn labels_stay_inside_the_plot_near_its_edge() {
        let requests = [request(960.0, 60.0), request(962.0, 64.0)];
        check_no_overlap(&requests, &markers(&requests), Rect::sized(95.0, 50.0, 880.0, 510.0));
    }
}
