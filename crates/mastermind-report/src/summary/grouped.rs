//! What a headline rests on, with the claims that say the same thing said once: claims of one
//! spec about different cells of its table (`Entropy mu=10: mean guesses`, `Most parts mu=20:
//! mean guesses`) with the same verdict and the same sentence but for its numbers share a line,
//! the sentence once and then each cell's numbers; their differences from the paper share an
//! entry of the line of differences the same way.

use super::capitalised;
use crate::counts::count_of;
use crate::verdict::{Outcome, Verdict, Wording};

/// One claim a headline rests on, with its verdict (none: the claim has none in this profile).
pub(super) struct Claim<'a> {
    /// The spec that judges it.
    pub spec: &'a str,
    /// The claim, as the spec's verdict table writes it.
    pub claim: &'a str,
    /// Its verdict.
    pub verdict: Option<&'a Verdict>,
}

/// The cell of a table a claim is about, and what it claims of that cell: a claim written
/// `<cell>: <what>` (`Entropy mu=10: mean guesses`) is about that cell; a claim written
/// otherwise is about no cell, and is a kind of its own.
pub(super) fn cell_and_kind(claim: &str) -> (Option<&str>, &str) {
    match claim.split_once(": ") {
        Some((cell, kind)) if !cell.is_empty() && !kind.is_empty() => (Some(cell), kind),
        _ => (None, claim),
    }
}

/// `items` gathered by `key`, each group where its first item stands; an item without a key is
/// a group of its own.
fn gathered<T, K: PartialEq>(items: Vec<T>, key: impl Fn(&T) -> Option<K>) -> Vec<Vec<T>> {
    let mut groups: Vec<(Option<K>, Vec<T>)> = Vec::new();
    for item in items {
        let k = key(&item);
        match groups.iter_mut().find(|(g, _)| g.is_some() && *g == k) {
            Some((_, members)) => members.push(item),
            None => groups.push((k, vec![item])),
        }
    }
    groups.into_iter().map(|(_, members)| members).collect()
}

/// A claim ready to be written: its cell and kind, and its verdict's sentence.
struct Said<'a> {
    claim: &'a Claim<'a>,
    cell: Option<&'a str>,
    kind: &'a str,
    wording: Wording,
}

/// The lines for `claims`, in their order: claims of one spec, one kind, one verdict and one
/// wording on one line, where the first of them stands.
pub(super) fn lines(claims: &[Claim<'_>]) -> Vec<String> {
    let said: Vec<Said<'_>> = claims
        .iter()
        .map(|claim| {
            let (cell, kind) = cell_and_kind(claim.claim);
            let wording = claim.verdict.map(Verdict::wording).unwrap_or_default();
            Said { claim, cell, kind, wording }
        })
        .collect();
    let key = |s: &Said<'_>| {
        let v = s.claim.verdict?;
        s.cell
            .map(|_| (s.claim.spec.to_owned(), s.kind.to_owned(), v.outcome, s.wording.template()))
    };
    gathered(said, key).iter().flat_map(|group| written(group)).collect()
}

/// One claim's line: `spec: claim: verdict (why)`.
fn alone(claim: &Claim<'_>) -> String {
    let (spec, text) = (claim.spec, claim.claim);
    match claim.verdict {
        Some(v) if v.why().is_empty() => format!("{spec}: {text}: {}", v.outcome.name()),
        Some(v) => format!("{spec}: {text}: {} ({})", v.outcome.name(), v.why()),
        None => format!("{spec}: {text}: no verdict"),
    }
}

/// A group's line: its sentence once, each number its claims do not share standing as its name,
/// then each cell with those numbers. A group of one, or one whose claims differ in two numbers
/// of one name (which a reader could not tell apart), is written a line per claim.
fn written(group: &[Said<'_>]) -> Vec<String> {
    let first = &group[0];
    let shared = first.wording.numbers();
    let varying: Vec<usize> = (0..shared.len())
        .filter(|&k| group.iter().any(|s| s.wording.numbers().get(k) != shared.get(k)))
        .collect();
    let names: Vec<&str> = varying.iter().map(|&k| shared[k].0).collect();
    let distinct = names.iter().enumerate().all(|(i, n)| !names[..i].contains(n));
    if group.len() == 1 || !distinct {
        return group.iter().map(|s| alone(s.claim)).collect();
    }
    let sentence = first.wording.render(|k, name, value| {
        if varying.contains(&k) { format!("*{name}*") } else { value.to_owned() }
    });
    let cells = group.iter().map(|s| s.cell.unwrap_or_default());
    let outcome = first.claim.verdict.map_or("no verdict", |v| v.outcome.name());
    let count = count_of(group.len() as u64, "claims");
    let mut line = format!("{}: {}: {outcome} for {count}", first.claim.spec, first.kind);
    if varying.is_empty() {
        // A cell's name may hold commas (`4x6, pattern 2,1,1`).
        line += &format!(": {}", cells.collect::<Vec<_>>().join("; "));
        if !sentence.is_empty() {
            line += &format!(" ({sentence})");
        }
        return vec![line];
    }
    let values: Vec<String> = group
        .iter()
        .zip(cells)
        .map(|(s, cell)| {
            let numbers = s.wording.numbers();
            let shown: Vec<&str> = varying.iter().map(|&k| numbers[k].1).collect();
            format!("{cell} {}", shown.join(", "))
        })
        .collect();
    line += &format!(" ({sentence} {} by claim: {}.)", listed(&names), values.join("; "));
    vec![line]
}

/// Names as a list in words, the first capitalised: `Interval, margin and paper's error`.
fn listed(names: &[&str]) -> String {
    capitalised(&match names {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    })
}

/// How far a verdict not reproduced is from what it claims, as printed.
struct Distance<'a> {
    spec: &'a str,
    claim: &'a str,
    cell: Option<&'a str>,
    kind: &'a str,
    /// Which difference: `ours − paper's` or `first − second`.
    side: &'static str,
    difference: String,
    margin: String,
    outcome: Outcome,
}

impl<'a> Distance<'a> {
    /// The distance of a verdict of spec `spec` with a test (none for a statement or a claim
    /// made of parts).
    fn of(spec: &'a str, v: &'a Verdict) -> Option<Distance<'a>> {
        let test = v.test.as_ref()?;
        let d = test.digits.max(1);
        let (cell, kind) = cell_and_kind(&v.claim);
        Some(Distance {
            spec,
            claim: &v.claim,
            cell,
            kind,
            side: if test.paper.is_some() { "ours − paper's" } else { "first − second" },
            difference: format!("{:+.d$}", test.difference().estimate),
            margin: format!("±{:.d$}", test.margin),
            outcome: v.outcome,
        })
    }
}

/// The differences of `verdicts` (those with a test), each with its spec, as the entries of the
/// line of differences: `claim: ours − paper's d (margin ±m), verdict` for a claim alone, and for
/// claims of one spec, kind, side and verdict, `kind, ours − paper's (± margin), verdict: cell d
/// (±m), ...`.
pub(super) fn differences(verdicts: &[(&str, &Verdict)]) -> Vec<String> {
    let distances: Vec<Distance<'_>> =
        verdicts.iter().filter_map(|(spec, v)| Distance::of(spec, v)).collect();
    let key = |d: &Distance<'_>| {
        d.cell.map(|_| (d.spec.to_owned(), d.kind.to_owned(), d.side, d.outcome))
    };
    gathered(distances, key)
        .into_iter()
        .map(|group| match group.as_slice() {
            [d] => {
                format!(
                    "{}: {} {} (margin {}), {}",
                    d.claim,
                    d.side,
                    d.difference,
                    d.margin,
                    d.outcome.name()
                )
            }
            _ => {
                let d = &group[0];
                let cells: Vec<String> = group
                    .iter()
                    .map(|g| {
                        format!("{} {} ({})", g.cell.unwrap_or_default(), g.difference, g.margin)
                    })
                    .collect();
                format!(
                    "{}, {} (± margin), {}: {}",
                    d.kind,
                    d.side,
                    d.outcome.name(),
                    cells.join(", ")
                )
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judging::Margin;
    use crate::verdict::{Estimate, Printed, compare};

    /// The claim `claim` with our mean `mean` over ten runs, against the paper's 4.400 within
    /// ±0.02, judged alone.
    fn judged(claim: &str, mean: f64) -> Verdict {
        let margin = Margin {
            absolute: Some(0.02.try_into().unwrap()),
            relative: None,
            because: "a test".to_owned().try_into().unwrap(),
        };
        let ours = Estimate { mean, se: Some(0.004), df: Some(9.0) };
        let mut v = compare(claim.to_owned(), ours, Printed::new(4.4, 3), Some(&margin));
        v.decide(0.05);
        v
    }

    fn claims(verdicts: &[Verdict]) -> Vec<Claim<'_>> {
        verdicts.iter().map(|v| Claim { spec: "p/t", claim: &v.claim, verdict: Some(v) }).collect()
    }

    #[test]
    fn claims_sharing_kind_verdict_and_wording_share_one_line() {
        let verdicts = [
            judged("A: mean guesses", 4.405),
            judged("B: mean guesses", 4.403),
            judged("C: mean guesses", 4.415),
            judged("E: mean guesses", 4.45),
            judged("D: mean guesses", 4.416),
            judged("F: evaluations", 4.403),
            judged("A beats B", 4.404),
        ];
        let outcomes: Vec<Outcome> = verdicts.iter().map(|v| v.outcome).collect();
        use Outcome::{Contradicted, Inconclusive, Reproduced};
        let expected = [
            Reproduced,
            Reproduced,
            Inconclusive,
            Contradicted,
            Inconclusive,
            Reproduced,
            Reproduced,
        ];
        assert_eq!(outcomes, expected);
        let lines = lines(&claims(&verdicts));
        assert_eq!(lines.len(), 5, "{lines:#?}");
        // Two reproduced cells, one sentence: the cells are listed, the sentence said once.
        let point = verdicts[0].why();
        assert_eq!(lines[0], format!("p/t: mean guesses: reproduced for 2 claims: A; B ({point})"));
        // Two inconclusive cells: the numbers they do not share are named in the sentence and
        // given per cell; those they share (the level) stay in it.
        let both = &lines[1];
        assert!(
            both.starts_with("p/t: mean guesses: inconclusive for 2 claims (The 90.00% "),
            "{both}"
        );
        assert!(both.contains("interval of the difference, *interval*, reaches both"), "{both}");
        assert_eq!(both.matches("reaches both sides").count(), 1, "{both}");
        let c = verdicts[2].interval.unwrap();
        assert!(both.contains(&format!("C [{:+.4}, {:+.4}]", c.lower, c.upper)), "{both}");
        assert!(both.contains("; D ["), "{both}");
        // Another verdict, another kind, or a claim about no cell: a line of its own, as before.
        assert_eq!(lines[2], format!("p/t: E: mean guesses: contradicted ({})", verdicts[3].why()));
        assert_eq!(lines[3], format!("p/t: F: evaluations: reproduced ({point})"));
        assert_eq!(lines[4], format!("p/t: A beats B: reproduced ({point})"));
    }

    #[test]
    fn a_claim_without_a_verdict_or_alone_in_its_group_is_written_as_before() {
        let verdicts = [judged("A: mean guesses", 4.415)];
        let mut claims = claims(&verdicts);
        claims.push(Claim { spec: "p/t", claim: "B: mean guesses", verdict: None });
        let lines = lines(&claims);
        assert_eq!(lines[0], format!("p/t: A: mean guesses: inconclusive ({})", verdicts[0].why()));
        assert_eq!(lines[1], "p/t: B: mean guesses: no verdict");
    }

    #[test]
    fn differences_of_one_spec_kind_and_verdict_share_an_entry() {
        let verdicts = [
            judged("C: mean guesses", 4.415),
            judged("E: mean guesses", 4.45),
            judged("D: mean guesses", 4.416),
            judged("C: mean guesses", 4.417),
        ];
        // The last is of another spec's table: an entry of its own.
        let specs = ["p/t", "p/t", "p/t", "p/u"];
        let apart: Vec<(&str, &Verdict)> = specs.into_iter().zip(&verdicts).collect();
        assert_eq!(
            differences(&apart),
            [
                "mean guesses, ours − paper's (± margin), inconclusive: C +0.0150 (±0.0200), \
                 D +0.0160 (±0.0200)",
                "E: mean guesses: ours − paper's +0.0500 (margin ±0.0200), contradicted",
                "C: mean guesses: ours − paper's +0.0170 (margin ±0.0200), inconclusive",
            ]
        );
    }
}
