//! The secrets of a node split by their reply to one guess.

use crate::context::Context;

/// The secrets of a node grouped by their reply to one guess (a counting sort that keeps each
/// part in rank order).
#[derive(Default)]
pub(crate) struct Partition {
    sorted: Vec<u16>,
    /// `(reply, start, len)` of every non-empty, non-winning part.
    spans: Vec<(usize, usize, usize)>,
}

impl Partition {
    /// Groups `secrets` by their reply to `guess`.
    pub fn split(&mut self, ctx: &Context, secrets: &[u16], guess: u16) {
        let replies = ctx.replies_to(guess);
        let mut counts = [0usize; 46];
        for &s in secrets {
            counts[usize::from(replies[usize::from(s)]) + 1] += 1;
        }
        let mut starts = counts;
        for j in 1..starts.len() {
            starts[j] += starts[j - 1];
        }
        self.spans.clear();
        for j in 0..ctx.feedback_count {
            if j != usize::from(ctx.win) && counts[j + 1] > 0 {
                self.spans.push((j, starts[j], counts[j + 1]));
            }
        }
        self.sorted.clear();
        self.sorted.resize(secrets.len(), 0);
        let mut next = starts;
        for &s in secrets {
            let slot = &mut next[usize::from(replies[usize::from(s)])];
            self.sorted[*slot] = s;
            *slot += 1;
        }
        // Smallest parts first: they are solved cheaply, and their exact costs often refute the
        // guess before the large parts are searched.
        self.spans.sort_by_key(|&(reply, _, len)| (len, reply));
    }

    /// The non-winning parts, smallest first.
    pub fn parts(&self) -> impl Iterator<Item = &[u16]> + '_ {
        self.spans.iter().map(|&(_, start, len)| &self.sorted[start..start + len])
    }

    /// The non-winning parts with their reply index, in reply order.
    pub fn parts_in_reply_order(&self) -> Vec<(usize, Vec<u16>)> {
        let mut out: Vec<(usize, Vec<u16>)> = self
            .spans
            .iter()
            .map(|&(reply, start, len)| (reply, self.sorted[start..start + len].to_vec()))
            .collect();
        out.sort_by_key(|(reply, _)| *reply);
        out
    }
}
