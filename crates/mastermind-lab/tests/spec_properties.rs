//! Property tests of the spec reader: no text, however broken, makes parsing or validation panic,
//! and every error it gives points inside the file.

mod common;

use common::{Scratch, small_spec};
use mastermind_experiments::spec::scaled::Profile;
use mastermind_experiments::spec::{SpecError, load, parse, validate};
use proptest::prelude::*;
use std::path::Path;

/// Characters that matter to RON, so that mutations reach past the first token.
const RON_ALPHABET: &str = "(){}[],:\"'\\/*- .0123456789eEinfNaSomeNoAlltruex_\n\t\u{feff}é€";

fn within_file(e: &SpecError, text: &str) -> Result<(), TestCaseError> {
    if let Some(line) = e.line {
        prop_assert!(line >= 1 && line <= text.lines().count().max(1) + 1, "line {line}: {e}");
    }
    prop_assert!(!e.field.contains('\n'), "{e}");
    Ok(())
}

fn check_text(scratch: &Scratch, text: &str) -> Result<(), TestCaseError> {
    if let Err(e) = parse(Path::new("spec.ron"), text) {
        within_file(&e, text)?;
    }
    let path = scratch.spec("mutant", text);
    if let Err(e) =
        load(&scratch.root.join("experiments"), &path).and_then(|s| validate(&s, Profile::Quick))
    {
        within_file(&e, text)?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text_never_panics_the_reader(text in "\\PC{0,400}") {
        let scratch = Scratch::new("prop-text");
        check_text(&scratch, &text)?;
    }

    #[test]
    fn a_mutated_valid_spec_never_panics_the_reader(
        edits in proptest::collection::vec((any::<prop::sample::Index>(), 0..RON_ALPHABET.chars().count()), 1..6)
    ) {
        let scratch = Scratch::new("prop-mutant");
        let alphabet: Vec<char> = RON_ALPHABET.chars().collect();
        let mut chars: Vec<char> = small_spec("2", "").chars().collect();
        for (at, letter) in edits {
            let i = at.index(chars.len());
            chars[i] = alphabet[letter];
        }
        let text: String = chars.into_iter().collect();
        check_text(&scratch, &text)?;
    }
}
