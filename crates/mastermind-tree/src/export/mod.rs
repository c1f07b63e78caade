//! Strategy trees written out and read back: JSON (nested guess → reply → subtree, the one form
//! that can be imported), the compact text grammar of public strategy contests, and GraphViz DOT.

mod dot;
mod json;
mod text;

pub use dot::to_dot;
pub use json::{ImportError, from_json, to_json};
pub use text::to_text;
