//! The columns both importance-sampling tables share, written and read back as plain vectors.

use anyhow::{Context, Result};
use polars::prelude::{Column, DataFrame};

/// `theta_1..4`, `estimate` and `gradient_1..4`: the descent state of every row.
pub fn descent_columns(
    theta: [Vec<f64>; 4],
    estimate: Vec<Option<f64>>,
    gradient: [Vec<Option<f64>>; 4],
) -> Vec<Column> {
    let mut columns: Vec<Column> = theta
        .into_iter()
        .enumerate()
        .map(|(j, values)| Column::new(format!("theta_{}", j + 1).into(), values))
        .collect();
    columns.push(Column::new("estimate".into(), estimate));
    columns.extend(
        gradient
            .into_iter()
            .enumerate()
            .map(|(j, values)| Column::new(format!("gradient_{}", j + 1).into(), values)),
    );
    columns
}

fn column<'a>(frame: &'a DataFrame, name: &str) -> Result<&'a Column> {
    frame.column(name).with_context(|| format!("the results have no `{name}` column"))
}

/// A text column.
pub fn strings(frame: &DataFrame, name: &str) -> Result<Vec<Option<String>>> {
    Ok(column(frame, name)?.str()?.iter().map(|s| s.map(str::to_owned)).collect())
}

/// A floating-point column.
pub fn floats(frame: &DataFrame, name: &str) -> Result<Vec<Option<f64>>> {
    Ok(column(frame, name)?.f64()?.iter().collect())
}

/// An unsigned integer column.
pub fn counts(frame: &DataFrame, name: &str) -> Result<Vec<Option<u32>>> {
    Ok(column(frame, name)?.u32()?.iter().collect())
}

/// A boolean column.
pub fn flags(frame: &DataFrame, name: &str) -> Result<Vec<Option<bool>>> {
    Ok(column(frame, name)?.bool()?.iter().collect())
}

/// The four theta columns, row by row.
pub fn thetas(frame: &DataFrame) -> Result<Vec<[f64; 4]>> {
    let cols: Vec<Vec<Option<f64>>> =
        (1..=4).map(|j| floats(frame, &format!("theta_{j}"))).collect::<Result<_>>()?;
    Ok((0..frame.height()).map(|i| [0, 1, 2, 3].map(|j| cols[j][i].unwrap_or(f64::NAN))).collect())
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
