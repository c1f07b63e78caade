//! Markers of a scatter plot that stay visible where points coincide or nearly so: a point is a
//! filled disc, unless a disc drawn before it lies within a marker's width; it is then a ring of
//! its colour around the disc, wider again for each further point it would cover. The data
//! stay where they are: only how a point is drawn changes.

/// The radius of a filled marker, in pixels.
pub(crate) const RADIUS: f64 = 5.0;

/// The width of a ring's stroke, in pixels.
pub(crate) const STROKE: u32 = 2;

/// How much wider each ring is than the marker inside it, in pixels.
const STEP: f64 = 3.0;

/// How one point is drawn.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Marker {
    /// A filled disc of [`RADIUS`].
    Disc,
    /// A ring of this radius (its stroke's middle), around the markers drawn before it.
    Ring(f64),
}

impl Marker {
    /// How far the marker reaches from its point, stroke included, in pixels.
    pub(crate) fn reach(self) -> f64 {
        match self {
            Marker::Disc => RADIUS,
            Marker::Ring(radius) => radius + f64::from(STROKE) / 2.0,
        }
    }
}

/// How each point at `centres` (pixels, in the order they are drawn) is drawn: a disc where no
/// point before it lies within a marker's width (two discs would meet), else a ring whose
/// radius grows with the number of such points, so that a disc under it shows inside it and
/// rings around one place differ in size.
pub(crate) fn markers(centres: &[(f64, f64)]) -> Vec<Marker> {
    centres
        .iter()
        .enumerate()
        .map(|(i, &(x, y))| {
            let under = centres[..i]
                .iter()
                .filter(|&&(bx, by)| (bx - x).hypot(by - y) < 2.0 * RADIUS)
                .count();
            match under {
                0 => Marker::Disc,
                k => Marker::Ring(RADIUS + 1.0 + STEP * (k - 1) as f64 + f64::from(STROKE) / 2.0),
            }
        })
        .collect()
}

/// How far from point `i` its marker and those of the points within a marker's width of it
/// reach ([`markers`] gives `marks` for `centres`): a ring drawn beyond (the Pareto front's)
/// clears them all.
pub(crate) fn reach_around(centres: &[(f64, f64)], marks: &[Marker], i: usize) -> f64 {
    let (x, y) = centres[i];
    centres
        .iter()
        .zip(marks)
        .map(|(&(bx, by), mark)| ((bx - x).hypot(by - y), mark.reach()))
        .filter(|&(distance, _)| distance < 2.0 * RADIUS)
        .map(|(distance, reach)| distance + reach)
        .fold(marks[i].reach(), f64::max)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_apart_are_discs() {
        let centres = [(10.0, 10.0), (30.0, 10.0), (10.0, 20.0)];
        assert_eq!(markers(&centres), [Marker::Disc; 3]);
    }

    #[test]
    fn a_point_on_an_earlier_one_is_a_ring_that_clears_its_disc() {
        let centres = [(10.0, 10.0), (10.0, 13.5)];
        let drawn = markers(&centres);
        assert_eq!(drawn[0], Marker::Disc);
        let Marker::Ring(radius) = drawn[1] else { panic!("{drawn:?}") };
        // The ring's inner edge passes outside the disc where the points coincide.
        assert!(radius - f64::from(STROKE) / 2.0 > RADIUS, "{radius}");
    }

    #[test]
    fn rings_round_one_place_grow_with_the_points_under_them() {
        let centres = [(0.0, 0.0), (0.0, 0.0), (1.0, 0.0), (40.0, 0.0)];
        let drawn = markers(&centres);
        let radius = |m: Marker| match m {
            Marker::Ring(r) => r,
            Marker::Disc => panic!("{drawn:?}"),
        };
        assert_eq!(drawn[0], Marker::Disc);
        assert!(radius(drawn[2]) - radius(drawn[1]) >= f64::from(STROKE), "{drawn:?}");
        assert_eq!(drawn[3], Marker::Disc);
        // The disc under both rings is cleared by a ring beyond the widest of them.
        assert_eq!(reach_around(&centres, &drawn, 0), 1.0 + drawn[2].reach());
        assert_eq!(reach_around(&centres, &drawn, 3), RADIUS);
    }
}
