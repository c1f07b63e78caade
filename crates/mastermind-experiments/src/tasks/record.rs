//! Typed rows and their Parquet columns: one schema per kind, declared once with [`record!`](crate::record!).
//!
//! A kind's result row is a plain struct; [`record!`](crate::record) derives the conversion to
//! polars columns (one per field, named after it, in field order) and back. Reading refuses a
//! table that lacks a column, holds it with another type, or has an empty cell where the field is
//! not an `Option`, so a stored table never turns silently into zeros.

use crate::error::{Context, Result, bail};
use polars::prelude::{Column, DataFrame};

/// The stored columns that measure wall time: a game's or a Justus run's `nanos`, a tree's
/// `build_seconds`. They are the only columns in which two runs of one spec and seed may differ,
/// whatever the thread count or the split into shards; every other column is the same, row for
/// row. A row field that measures time is listed here (a tidy test of the lab reads every
/// `record!` declaration for it).
pub const WALL_TIME_COLUMNS: [&str; 2] = ["nanos", "build_seconds"];

/// A value that one Parquet column holds.
pub trait ColumnValue: Sized {
    /// The column `name` holding `values`.
    fn column(name: &str, values: Vec<Self>) -> Column;

    /// The values of `column`, row by row.
    fn read(column: &Column) -> Result<Vec<Self>>;
}

/// Reads a column's cells as options, then requires every one to be present.
fn required<T>(column: &Column, cells: impl Iterator<Item = Option<T>>) -> Result<Vec<T>> {
    cells
        .enumerate()
        .map(|(row, cell)| {
            cell.with_context(|| format!("column `{}` is empty at row {row}", column.name()))
        })
        .collect()
}

macro_rules! column_value {
    ($($ty:ty => $accessor:ident),* $(,)?) => {$(
        impl ColumnValue for $ty {
            fn column(name: &str, values: Vec<Self>) -> Column {
                Column::new(name.into(), values)
            }
            fn read(column: &Column) -> Result<Vec<Self>> {
                required(column, column.$accessor()?.iter())
            }
        }
        impl ColumnValue for Option<$ty> {
            fn column(name: &str, values: Vec<Self>) -> Column {
                Column::new(name.into(), values)
            }
            fn read(column: &Column) -> Result<Vec<Self>> {
                Ok(column.$accessor()?.iter().collect())
            }
        }
    )*};
}

column_value!(u32 => u32, u64 => u64, f64 => f64, bool => bool);

impl ColumnValue for String {
    fn column(name: &str, values: Vec<Self>) -> Column {
        Column::new(name.into(), values)
    }
    fn read(column: &Column) -> Result<Vec<Self>> {
        required(column, column.str()?.iter().map(|s| s.map(str::to_owned)))
    }
}

impl ColumnValue for Option<String> {
    fn column(name: &str, values: Vec<Self>) -> Column {
        Column::new(name.into(), values)
    }
    fn read(column: &Column) -> Result<Vec<Self>> {
        Ok(column.str()?.iter().map(|s| s.map(str::to_owned)).collect())
    }
}

/// A field of a row: one column (any [`ColumnValue`]), or several (a row nested in a row with
/// [`record!`](crate::record), whose columns take the field's place).
pub trait Field: Sized {
    /// Appends the column (or columns) of `values`, named `name`, to `out`.
    fn write(name: &str, values: Vec<Self>, out: &mut Vec<Column>);

    /// The values of the field `name` of `frame`, row by row.
    fn read(name: &str, frame: &DataFrame) -> Result<Vec<Self>>;
}

impl<T: ColumnValue> Field for T {
    fn write(name: &str, values: Vec<Self>, out: &mut Vec<Column>) {
        out.push(T::column(name, values));
    }

    fn read(name: &str, frame: &DataFrame) -> Result<Vec<Self>> {
        T::read(column(frame, name)?)
    }
}

/// A row of a stored table: written as columns, read back from a frame.
pub trait Record: Sized + Send {
    /// The columns of `rows`, in the order they are stored.
    fn columns(rows: Vec<Self>) -> Vec<Column>;

    /// The rows of a stored table.
    fn from_frame(frame: &DataFrame) -> Result<Vec<Self>>;

    /// The table of `rows`.
    fn frame(rows: Vec<Self>) -> Result<DataFrame> {
        let height = rows.len();
        DataFrame::new(height, Self::columns(rows)).context("building the result table")
    }
}

/// The column `name` of `frame`, or an error that names it.
pub fn column<'a>(frame: &'a DataFrame, name: &str) -> Result<&'a Column> {
    match frame.column(name) {
        Ok(column) => Ok(column),
        Err(_) => bail!("the stored table has no `{name}` column: it was written by another kind"),
    }
}

/// Declares a row struct and derives [`Record`] for it: one column
/// per field, named after the field, in field order. Field types implement
/// [`ColumnValue`] (`u32`, `u64`, `f64`, `bool`, `String` and
/// their `Option`s, the latter stored as nullable columns), or are rows declared with this macro
/// themselves, whose columns then stand in the field's place (the field's name is not stored).
#[macro_export]
macro_rules! record {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $( $(#[$field_meta:meta])* pub $field:ident : $ty:ty ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        pub struct $name {
            $( $(#[$field_meta])* pub $field: $ty, )*
        }

        impl $crate::tasks::record::Record for $name {
            fn columns(rows: Vec<Self>) -> Vec<polars::prelude::Column> {
                $( let mut $field: Vec<$ty> = Vec::with_capacity(rows.len()); )*
                for row in rows {
                    $( $field.push(row.$field); )*
                }
                let mut columns = Vec::new();
                $( <$ty as $crate::tasks::record::Field>::write(
                    stringify!($field), $field, &mut columns,
                ); )*
                columns
            }

            fn from_frame(frame: &polars::prelude::DataFrame) -> $crate::error::Result<Vec<Self>> {
                $(
                    let mut $field =
                        <$ty as $crate::tasks::record::Field>::read(stringify!($field), frame)?
                            .into_iter();
                )*
                Ok((0..frame.height())
                    .map_while(|_| Some(Self { $( $field: $field.next()?, )* }))
                    .collect())
            }
        }

        impl $crate::tasks::record::Field for $name {
            fn write(_: &str, values: Vec<Self>, out: &mut Vec<polars::prelude::Column>) {
                out.extend(<Self as $crate::tasks::record::Record>::columns(values));
            }

            fn read(_: &str, frame: &polars::prelude::DataFrame) -> $crate::error::Result<Vec<Self>> {
                <Self as $crate::tasks::record::Record>::from_frame(frame)
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::record! {
        /// A row with one column of every supported type.
        #[derive(Debug, Clone, PartialEq)]
        pub struct Sample {
            /// A label.
            pub label: String,
            /// A count.
            pub count: u32,
            /// A big count.
            pub big: u64,
            /// A measurement.
            pub value: f64,
            /// A flag.
            pub flag: bool,
            /// An optional measurement.
            pub maybe: Option<f64>,
            /// An optional label.
            pub note: Option<String>,
        }
    }

    crate::record! {
        /// A row with a nested row in the middle.
        #[derive(Debug, Clone, PartialEq)]
        pub struct Outer {
            /// Before.
            pub first: u32,
            /// The nested row's columns.
            pub inner: Sample,
            /// After.
            pub last: bool,
        }
    }

    #[test]
    fn a_nested_row_stores_its_columns_in_its_place() {
        let outer: Vec<Outer> =
            rows().into_iter().map(|inner| Outer { first: 1, inner, last: false }).collect();
        let frame = Outer::frame(outer.clone()).unwrap();
        let names: Vec<String> = frame.get_column_names().iter().map(|c| c.to_string()).collect();
        let expected = ["first", "label", "count", "big", "value", "flag", "maybe", "note", "last"];
        assert_eq!(names, expected);
        assert_eq!(Outer::from_frame(&frame).unwrap(), outer);
    }

    fn rows() -> Vec<Sample> {
        vec![
            Sample {
                label: "a".into(),
                count: 1,
                big: u64::MAX,
                value: 0.5,
                flag: true,
                maybe: None,
                note: Some("n".into()),
            },
            Sample {
                label: "b".into(),
                count: 2,
                big: 3,
                value: -1.0,
                flag: false,
                maybe: Some(2.5),
                note: None,
            },
        ]
    }

    #[test]
    fn rows_survive_the_round_trip_through_columns() {
        let frame = Sample::frame(rows()).unwrap();
        let names: Vec<String> = frame.get_column_names().iter().map(|c| c.to_string()).collect();
        assert_eq!(names, ["label", "count", "big", "value", "flag", "maybe", "note"]);
        assert_eq!(Sample::from_frame(&frame).unwrap(), rows());
    }

    #[test]
    fn a_missing_column_or_an_empty_cell_is_an_error_not_a_default() {
        let mut frame = Sample::frame(rows()).unwrap();
        frame.drop_in_place("flag").unwrap();
        let error = Sample::from_frame(&frame).unwrap_err().to_string();
        assert!(error.contains("`flag`"), "{error}");

        let mut frame = Sample::frame(rows()).unwrap();
        frame.with_column(Column::new("count".into(), [Some(1u32), None])).unwrap();
        let error = format!("{:#}", Sample::from_frame(&frame).unwrap_err());
        assert!(error.contains("`count` is empty at row 1"), "{error}");
    }

    #[test]
    fn a_column_of_another_type_is_an_error() {
        let mut frame = Sample::frame(rows()).unwrap();
        frame.with_column(Column::new("count".into(), [1.0f64, 2.0])).unwrap();
        assert!(Sample::from_frame(&frame).is_err());
    }
}
