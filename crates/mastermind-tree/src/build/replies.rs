//! Counting the parts of one colour multiset's arrangements from their black pegs alone.
//!
//! Every arrangement of a multiset shares its correct colours (black plus white) with each
//! secret, so a secret's total, and with it the block of replies it can give, is known before
//! any arrangement is. Two secrets of different totals always land in different parts; a secret
//! alone with its total is a part of its own whatever the arrangement. So the parts of an
//! arrangement are the secrets alone with their total, counted once per multiset, plus the
//! replies of the others, whose bits need only their black pegs
//! ([`Scorer::black_masks`]).

use mastermind_core::words::{Scorer, Slice, Word};

/// A node's secrets as one multiset's arrangements see them: those that share their total with
/// another secret, each with its reply block's first bit, and how many are alone with theirs.
#[derive(Debug, Default)]
pub(crate) struct MultisetReplies<W> {
    /// The multiset the secrets were last split for.
    number: Option<u32>,
    /// The peg words of the secrets sharing their total.
    shared: Vec<W>,
    /// Their [`Scorer::reply_base`], in the same order.
    bases: Vec<u8>,
    /// Secrets alone with their total.
    alone: u32,
}

impl<W: Word> MultisetReplies<W> {
    /// Forgets the last split: the next [`split`](Self::split) recomputes it (a new node).
    pub fn forget(&mut self) {
        self.number = None;
    }

    /// Splits `secrets` by their totals with multiset `number`, whose count word is `counts`,
    /// unless they were last split for it; returns the feedback computations it took.
    pub fn split(&mut self, number: u32, counts: W, secrets: Slice<'_, W>, scorer: Scorer) -> u64 {
        if self.number == Some(number) {
            return 0;
        }
        self.number = Some(number);
        let mut secrets_by_total = [0u32; 17];
        for &secret in secrets.counts {
            secrets_by_total[(counts & secret).ones() as usize] += 1;
        }
        self.shared.clear();
        self.bases.clear();
        self.alone = 0;
        for (&pegs, &secret) in secrets.pegs.iter().zip(secrets.counts) {
            let total = (counts & secret).ones();
            if secrets_by_total[total as usize] == 1 {
                self.alone += 1;
            } else {
                self.shared.push(pegs);
                self.bases.push(scorer.reply_base::<W>(total));
            }
        }
        secrets.len() as u64
    }

    /// Each of `candidates`' reply sets (arrangements of the multiset last split for, at most
    /// [`MASK_LANES`](mastermind_core::words::MASK_LANES)) over the secrets sharing their total
    /// into `masks`; their parts are the bits set plus [`alone`](Self::alone). Returns the
    /// feedback computations it took.
    pub fn masks(&self, candidates: Slice<'_, W>, scorer: Scorer, masks: &mut [u64]) -> u64 {
        scorer.black_masks(candidates, &self.shared, &self.bases, masks);
        (candidates.len() * self.shared.len()) as u64
    }

    /// The secrets alone with their total: one part each.
    pub fn alone(&self) -> u32 {
        self.alone
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mastermind_core::words::{MASK_LANES, Packed, Words};
    use mastermind_core::{CodeSet, Game};

    /// Over node sets of 4x6 and 5x3, every arrangement's parts counted this way equal its
    /// distinct replies.
    #[test]
    fn parts_are_the_alone_secrets_plus_the_shared_replies() {
        for (pegs, colours) in [(4u32, 6u32), (5, 3)] {
            let game = Game::new(pegs, colours).unwrap();
            let scorer = Scorer::new::<u64>(game);
            let codes: Vec<Packed<u64>> =
                CodeSet::enumerate(game).unwrap().iter().map(Packed::from_code).collect();
            for (size, stride) in [(3usize, 97usize), (12, 31), (40, 7)] {
                let mut secrets = Words::new();
                codes.iter().step_by(stride).take(size).for_each(|&code| secrets.push(code));
                let mut replies = MultisetReplies::default();
                let mut split_for = 0;
                for (number, &head) in codes.iter().enumerate().step_by(13) {
                    let mut batch = Words::new();
                    codes
                        .iter()
                        .filter(|code| code.counts == head.counts)
                        .take(MASK_LANES)
                        .for_each(|&code| batch.push(code));
                    split_for += replies.split(number as u32, head.counts, secrets.slice(), scorer);
                    let mut masks = [0u64; MASK_LANES];
                    replies.masks(batch.slice(), scorer, &mut masks[..batch.len()]);
                    for (lane, mask) in masks[..batch.len()].iter().enumerate() {
                        let mut distinct: Vec<u32> = (0..secrets.len())
                            .map(|j| scorer.index(batch.slice().get(lane), secrets.slice().get(j)))
                            .collect();
                        distinct.sort_unstable();
                        distinct.dedup();
                        let parts = mask.count_ones() + replies.alone();
                        assert_eq!(parts as usize, distinct.len(), "{game}: {size} secrets");
                    }
                }
                assert!(split_for > 0);
            }
        }
    }
}
