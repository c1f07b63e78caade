//! The secrets of a node split by their reply to one guess.

use crate::context::Context;
use mastermind_core::ReplySort;

/// The secrets of a node grouped by their reply to one guess (the core's stable counting sort,
/// so each part stays in rank order).
#[derive(Default)]
pub(crate) struct Partition {
    /// 64 slots hold the at most 45 replies of 8 pegs.
    sort: ReplySort<64>,
    sorted: Vec<u16>,
    /// The reply of each secret to the guess, in the secrets' order.
    replies: Vec<u8>,
    /// `(reply, start, len)` of every non-empty, non-winning part.
    spans: Vec<(usize, usize, usize)>,
}

impl Partition {
    /// Groups `secrets` by their reply to `guess`.
    pub fn split(&mut self, ctx: &Context, secrets: &[u16], guess: u16) {
        let replies = ctx.replies_to(guess);
        self.sorted.clear();
        self.sorted.resize(secrets.len(), 0);
        // The replies are looked up once (the sort walks them twice).
        self.replies.clear();
        self.replies.extend(secrets.iter().map(|&s| replies[usize::from(s)]));
        let sorted = &mut self.sorted;
        let place = |k: usize, slot: usize| sorted[slot] = secrets[k];
        self.sort.sort(self.replies.iter().copied(), ctx.feedback_count, place);
        self.spans.clear();
        for j in 0..ctx.feedback_count {
            let part = self.sort.part(j);
            if j != usize::from(ctx.win) && !part.is_empty() {
                self.spans.push((j, part.start, part.len()));
            }
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
