//! A player's readings of its paper are written apart from its parameters (`readings: (...)`),
//! and a spec written before they were grouped still reads the same player: its results, stored
//! with its text, are still rendered from that text.

use mastermind_players::PlayerSpec;

fn player(text: &str) -> Result<PlayerSpec, ron::error::SpannedError> {
    ron::from_str(text)
}

#[test]
fn grouped_and_flat_readings_read_the_same_player() {
    for (grouped, flat) in [
        (
            "MetropolisHastings((theta: 1.0, readings: (step: AcceptedMove, cost_scale: Mean)))",
            "MetropolisHastings((theta: 1.0, step: AcceptedMove, cost_scale: Mean))",
        ),
        (
            "MetropolisHastings((readings: (full_reply_scope: Latest, avoid_replays: true, \
             full_reply_rule_in_restarts: true)))",
            "MetropolisHastings((full_reply_scope: Latest, avoid_replays: true, \
             full_reply_rule_in_restarts: true))",
        ),
        (
            "MetropolisHastings((p_subset: 0.1, readings: (subset_move: CyclicShift)))",
            "MetropolisHastings((p_subset: 0.1, subset_move: CyclicShift))",
        ),
        (
            "OnePly((heuristic: ExpectedSize, readings: (prior: Pooled)))",
            "OnePly((heuristic: ExpectedSize, prior: Pooled))",
        ),
    ] {
        let (a, b) = (player(grouped).unwrap(), player(flat).unwrap());
        assert_eq!(a, b, "{grouped}");
        // Written back, the readings are grouped, and read again the same.
        let written = ron::to_string(&a).unwrap();
        assert!(written.contains("readings"), "{written}");
        assert_eq!(player(&written).unwrap(), a, "{written}");
    }
    // The thesis's defaults write no readings at all.
    let default = ron::to_string(&player("MetropolisHastings(())").unwrap()).unwrap();
    assert!(!default.contains("readings"), "{default}");
}

#[test]
fn a_reading_is_written_once() {
    for both in [
        "MetropolisHastings((cost_scale: Mean, readings: (step: AcceptedMove)))",
        "OnePly((heuristic: ExpectedSize, prior: Pooled, readings: (prior: Pooled)))",
    ] {
        let error = player(both).unwrap_err().to_string();
        assert!(error.contains("inside `readings"), "{both}: {error}");
    }
    let unknown = player("MetropolisHastings((readings: (stp: AcceptedMove)))").unwrap_err();
    assert!(unknown.to_string().contains("stp"), "{unknown}");
}
