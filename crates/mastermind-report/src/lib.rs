//! The report of mastermind-lab: tables and figures, always regenerated from stored results and
//! never edited by hand, with a verdict for every claim of the papers.
//!
//! The lab reads each spec's Parquet into typed rows and describes its tables, figures and
//! claims with this crate's types; this crate renders and judges them:
//!
//! - [`table`]: tables as Markdown and LaTeX, with the paper's numbers beside ours.
//! - [`plot`]: figures as PNG and SVG with an embedded font (bars, box plots, line charts, dot
//!   plots, panels, Pareto fronts, forest plots of the verdicts).
//! - [`verdict`]: a claim against the paper's number or statement: reproduced, explained,
//!   inconclusive or contradicted, with the test, the margin and the readings tried.
//! - [`judging`] and [`values`]: what a spec writes about how it is judged (margins, readings)
//!   and the checked values it writes them with.
//! - [`sections`]: a rendered spec's section, each paper's claims judged as one family, and the
//!   index (`REPORT.md`, `report.tex`); [`summary`]: the headline claims per paper.
//! - [`latex`], [`document`]: the one translation of report text into LaTeX, and the document
//!   (the lab builds its PDF with latexmk where TeX is installed).
//! - [`output`]: every file above returned as a value, a path and its bytes; [`counts`]: counts
//!   written with their unit, as every part of the report writes them.
//!
//! No Parquet, no RON, no knowledge of experiment kinds: the lab owns those. No file is read or
//! written here either: the lab writes what this crate returns, each file atomically.
#![deny(missing_docs)]

pub mod counts;
pub mod document;
pub mod judging;
pub mod latex;
pub mod output;
pub mod plot;
pub mod sections;
pub mod summary;
pub mod table;
pub mod values;
pub mod verdict;

pub use output::OutputFile;
pub use sections::{
    INDEX_FILE_NAME, PaperOrder, Pending, Section, VERDICT_SLOT, figure_links_from,
    figure_links_to_profile, finish, index_files,
};
