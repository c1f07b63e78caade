//! The report of a strategy-trees experiment: the league of mean guesses per game, the published
//! totals beside ours, the guess distributions and build costs, figures of mean guesses against
//! the number of colours (one per number of pegs), and every small tree exported as JSON.

use super::rows::{StoredTree, TreeRow, stored_trees};
use super::spec::TreesPlan;
use crate::error::Result;
use crate::tasks::{Export, Rendered, ReportContext};
use mastermind_core::Game;
use mastermind_report::plot::{self, Labels, LineSeries, NamedFigure};
use mastermind_report::table::Table;
use mastermind_report::verdict::{self, Estimate, Printed, Verdict};

/// Tables, figure, notes and exported trees.
pub fn render(ctx: &ReportContext<'_>, plan: &TreesPlan, rows: Vec<TreeRow>) -> Result<Rendered> {
    let trees = stored_trees(rows)?;
    let mut rendered = Rendered::default();
    rendered.tables.push(league(ctx, plan, &trees));
    let (published, note) = against_published(ctx, plan, &trees);
    if let Some(table) = published {
        rendered.tables.push(table);
    }
    rendered.notes.extend(note);
    rendered.verdicts = verdicts(plan, &trees);
    rendered.tables.push(distributions(ctx, &trees));
    rendered.figures.extend(mean_against_colours(ctx, plan, &trees));
    for tree in trees.iter().filter(|t| t.game.size().unwrap_or(0) <= plan.export_up_to_codes) {
        let name = format!("tree-{}-{}", slug(&tree.label), game_file_name(tree.game));
        let text = mastermind_players::families::tree::export::to_json(&tree.tree()?);
        rendered.exports.push(Export { name, extension: "json".to_owned(), text });
    }
    Ok(rendered)
}

/// The game as a file name: `4x6`, or `4x10n` without repeated colours (as `mastermind` and
/// fancidev's `mmstrat` write it).
fn game_file_name(game: Game) -> String {
    let rule = if game.repeats() { "" } else { "n" };
    format!("{}x{}{rule}", game.pegs(), game.colours())
}

/// Mean guesses (and the most for any secret) of every player at every game.
fn league(ctx: &ReportContext<'_>, plan: &TreesPlan, trees: &[StoredTree]) -> Table {
    let mut headers = vec!["Game".to_owned(), "Codes".to_owned()];
    headers.extend(plan.labels.iter().cloned());
    let header_refs: Vec<&str> = headers.iter().map(String::as_str).collect();
    let mut table = Table::new(
        format!(
            "{}: mean guesses over every secret (most guesses for any secret in brackets); exact, \
             each tree replayed against every secret",
            ctx.title
        ),
        &header_refs,
    );
    for game in games(trees) {
        let mut row = vec![game.to_string(), game.size().unwrap_or(0).to_string()];
        for label in &plan.labels {
            row.push(
                trees
                    .iter()
                    .find(|t| t.game == game && t.label == *label)
                    .map_or("–".to_owned(), |t| {
                        format!("{:.4} ({})", t.total() as f64 / t.guesses.len() as f64, t.max())
                    }),
            );
        }
        table.row(row);
    }
    table
}

/// The published totals beside ours, and a sentence saying how many agree.
fn against_published(
    ctx: &ReportContext<'_>,
    plan: &TreesPlan,
    trees: &[StoredTree],
) -> (Option<Table>, Option<String>) {
    if plan.published.is_empty() {
        return (None, None);
    }
    let mut table = Table::new(
        format!("{}: totals over all secrets against the published ones", ctx.title),
        &["Player", "Game", "Total", "Max", "Published", "Published max", "Source", "Agrees"],
    );
    let (mut compared, mut agreed, mut differences) = (0, 0, Vec::new());
    for published in &plan.published {
        let ours = trees.iter().find(|t| t.label == published.label && t.game == published.game);
        let verdict = match ours {
            None => "not built in this profile".to_owned(),
            Some(t) => {
                compared += 1;
                let max_agrees = published.max.is_none_or(|m| m == t.max());
                if t.total() == published.total && max_agrees {
                    agreed += 1;
                    "yes".to_owned()
                } else {
                    let delta = t.total() as i64 - published.total as i64;
                    differences.push(format!("{} at {} ({delta:+})", published.label, t.game));
                    format!("no ({delta:+})")
                }
            }
        };
        table.row(vec![
            published.label.to_string(),
            published.game.to_string(),
            ours.map_or("–".to_owned(), |t| t.total().to_string()),
            ours.map_or("–".to_owned(), |t| t.max().to_string()),
            published.total.to_string(),
            published.max.map_or("–".to_owned(), |m| m.to_string()),
            published.source.to_string(),
            verdict,
        ]);
    }
    let note = (compared > 0).then(|| {
        if differences.is_empty() {
            format!("All {compared} published totals built in this profile are reproduced exactly.")
        } else {
            format!(
                "{agreed} of {compared} published totals are reproduced exactly; different: {}.",
                differences.join(", ")
            )
        }
    });
    (Some(table), note)
}

/// Every published total (and maximum) of a tree built in this profile, judged: exact values,
/// so they must match exactly.
fn verdicts(plan: &TreesPlan, trees: &[StoredTree]) -> Vec<Verdict> {
    let mut verdicts = Vec::new();
    for published in &plan.published {
        let Some(tree) =
            trees.iter().find(|t| t.label == published.label && t.game == published.game)
        else {
            continue;
        };
        let explained = published.explained.as_deref();
        let exact = |value: u64| Printed::new(value as f64, 0);
        let claim =
            format!("{} at {}: total guesses ({})", published.label, tree.game, published.source);
        let total = Estimate::exact(tree.total() as f64);
        verdicts.push(
            verdict::compare(claim, total, exact(published.total), None).with_hypothesis(explained),
        );
        if let Some(max) = published.max {
            let claim = format!("{} at {}: most guesses", published.label, tree.game);
            let ours = Estimate::exact(f64::from(tree.max()));
            let printed = exact(u64::from(max));
            verdicts.push(verdict::compare(claim, ours, printed, None).with_hypothesis(explained));
        }
    }
    verdicts
}

/// Secrets solved with each number of guesses, and what each tree cost to build.
fn distributions(ctx: &ReportContext<'_>, trees: &[StoredTree]) -> Table {
    let most = trees.iter().map(StoredTree::max).max().unwrap_or(0) as usize;
    let mut headers: Vec<String> =
        ["Player", "Game", "Total", "Kind"].iter().map(|s| (*s).to_owned()).collect();
    headers.extend((1..=most).map(|k| k.to_string()));
    headers.extend(["Nodes", "Nodes scored", "Seconds"].iter().map(|s| (*s).to_owned()));
    let header_refs: Vec<&str> = headers.iter().map(String::as_str).collect();
    let mut table = Table::new(
        format!(
            "{}: secrets solved with 1, 2, ... guesses, tree size, nodes scored (heuristics) or \
             searched (optimum) and build wall time",
            ctx.title
        ),
        &header_refs,
    );
    for tree in trees {
        let mut counts = vec![0u64; most + 1];
        for &g in &tree.guesses {
            counts[g as usize] += 1;
        }
        let mut row = vec![
            tree.label.clone(),
            tree.game.to_string(),
            tree.total().to_string(),
            tree.optimality.clone(),
        ];
        row.extend(counts[1..].iter().map(|c| if *c == 0 { "".to_owned() } else { c.to_string() }));
        row.push(tree.nodes.to_string());
        row.push(tree.nodes_scored.to_string());
        row.push(format!("{:.3}", tree.seconds));
        table.row(row);
    }
    table.notes.push(
        "Build times are wall times of one run on the machine that produced the data.".into(),
    );
    table
}

/// Mean guesses against the number of colours, one line per player, one figure per number of
/// pegs that has at least three games (games of different peg counts but similar size differ too
/// much to share one line). Each mean is drawn as its excess over the best player of its game
/// (the optimum where the spec computes it): every player's mean grows by about half a guess per
/// colour, which drew the lines on top of each other, while the differences between players
/// are hundredths.
fn mean_against_colours(
    ctx: &ReportContext<'_>,
    plan: &TreesPlan,
    trees: &[StoredTree],
) -> Vec<NamedFigure> {
    let mut figures = Vec::new();
    let mean = |t: &StoredTree| t.total() as f64 / t.guesses.len() as f64;
    let best = |game: Game| {
        trees.iter().filter(|t| t.game == game).map(mean).fold(f64::INFINITY, f64::min)
    };
    let mut pegs: Vec<u8> = trees.iter().map(|t| t.game.pegs()).collect();
    pegs.sort_unstable();
    pegs.dedup();
    for p in pegs {
        let sizes = games(trees).into_iter().filter(|g| g.pegs() == p).count();
        if sizes < 3 {
            continue;
        }
        let series: Vec<LineSeries> = plan
            .labels
            .iter()
            .map(|label| LineSeries {
                name: label.clone(),
                points: trees
                    .iter()
                    .filter(|t| t.label == *label && t.game.pegs() == p)
                    .map(|t| (f64::from(t.game.colours()), mean(t) - best(t.game)))
                    .collect(),
            })
            .filter(|s| !s.points.is_empty())
            .collect();
        let title = format!("{}, {p} pegs", ctx.title);
        let x = format!("colours ({p} pegs, every secret of each game)");
        let y = if plan.labels.iter().any(|l| l.starts_with("Optimal")) {
            "mean guesses above the best (optimum if computed)"
        } else {
            "mean guesses above the game's best player"
        };
        let chart = plot::LineChart::new(Labels::new(title, x, y), series);
        figures.push(NamedFigure::new(format!("{p}-pegs"), chart));
    }
    figures
}

/// The games of `trees`, smallest code set first.
fn games(trees: &[StoredTree]) -> Vec<Game> {
    let mut games: Vec<Game> = Vec::new();
    for t in trees {
        if !games.contains(&t.game) {
            games.push(t.game);
        }
    }
    games.sort_by_key(|g| (g.size().unwrap_or(u64::MAX), g.pegs()));
    games
}

/// A label as a file-name part: lower case, runs of other characters as one `-`.
fn slug(label: &str) -> String {
    let mut out = String::new();
    for c in label.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_matches('-').to_owned()
}
