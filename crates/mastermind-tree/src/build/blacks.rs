//! A Worst case bound for one arrangement, from the black pegs it scores over a node's secrets.
//!
//! A candidate's multiset fixes `m[t]`, how many secrets share `t` colours with it
//! ([`NodeBounds::totals`](crate::build::multisets::NodeBounds::totals)), and its arrangement
//! fixes `B`, the black pegs it scores summed over the secrets: the secrets holding its colour
//! at each peg, summed over the pegs, which a table of the node's colours by peg gives in a few
//! lookups. The secrets sharing `t` colours split by black pegs into parts `(t, b)`, `b` in
//! `0..=t` (not `pegs - 1` with the full total, and at most one secret with `b = pegs`). If no
//! part may hold more than `cap` secrets, the `m[t]` secrets of total `t` score between `lo_t`
//! black pegs (the lowest parts filled first) and `hi_t` (the highest first). So a candidate
//! whose `B` lies outside `[sum lo_t, sum hi_t]` has a part larger than `cap`: its largest part,
//! the Worst case cost, exceeds `cap`, and it is ruled out without scoring a secret.
//!
//! The multiset bound is this test without `B` (some `m[t]` exceeds its parts' capacity), so
//! the test only adds to it. Measured at 6x7 Knuth, it rules out two thirds of the candidates
//! the multiset bound let through and scoring then rejected.
//!
//! In nodes of many secrets a second test adds `Q`, the squares of the black pegs summed over
//! the secrets: `B` plus twice the secrets matching the candidate at each pair of pegs, from a
//! table of the node's colours by pair of pegs. For any `λ`, the parts' sizes `n(t, b)` satisfy
//! `Q - λB = sum n(t, b) (b² - λb)`, which lies between the least and the most that sum can
//! be under the cap: each total's parts filled in order of `b² - λb` (the black-peg counts
//! nearest `λ / 2` first for the least, farthest first for the most). Outside that range, a
//! part exceeds the cap. This is the linear relaxation's dual with the constraint on `B`
//! priced at `λ`; its value changes slope only at integer `λ` from 1 to `2 pegs - 1`, which are
//! the ones tested.
//!
//! Where a scan scores one multiset's arrangements against the secrets grouped by their total
//! with it ([`TotalSums::group`]), the sums are also taken total by total: each total's black
//! pegs must fit its own parts, which rules out more than their sum over all totals (6x7 Knuth:
//! a fifth fewer feedback computations). In a node of many secrets per distinct multiset, each
//! total's table is the sum of tables made once per node for the secrets' own multisets (every
//! secret of a multiset has the same total with the candidate's), and the secrets themselves
//! are put in order only when an arrangement passes the sums ([`TotalSums::tables`],
//! [`TotalSums::order`]): grouping the secrets took 39% of 7x8 Knuth's time before.

use mastermind_core::Game;
use mastermind_core::words::{Packed, Slice, Word, Words};

/// One node's table of colours by peg, and the range of black-peg sums each multiset allows
/// under the last cap it was asked about.
#[derive(Debug)]
pub(crate) struct BlackSums {
    pegs: usize,
    /// Slots per peg in `at`: a peg byte is `colour + 1`, from 1 to the number of colours.
    stride: usize,
    /// `at[peg * stride + colour + 1]`: how many of the node's secrets hold `colour` at `peg`.
    at: Vec<u32>,
    /// By multiset number: the cap, then the least and the most black-peg sum that cap allows
    /// (`u32::MAX` as the cap: none computed at this node).
    ranges: Vec<(u32, u32, u32)>,
    /// Pairs of pegs `p < q`, in the order of `pair_at`'s blocks.
    pairs: Vec<(usize, usize)>,
    /// `pair_at[pair * stride² + (colour_p + 1) * stride + colour_q + 1]`: how many secrets
    /// hold both colours at that pair of pegs (filled for nodes of [`SQUARES_SECRETS`] or more).
    pair_at: Vec<u32>,
    /// Nodes of at least this many secrets test the squares ([`SQUARES_SECRETS`]).
    squares_from: usize,
    /// Whether `pair_at` holds the current node.
    squares: bool,
    /// By multiset number: the cap the `priced` ranges were computed for (`UNSET`: none).
    priced_caps: Vec<u32>,
    /// For each `λ` from 1 to `2 pegs - 1` and each total `t`: the black-peg counts `0..=t` by
    /// price ([`by_price`]), the same at every node.
    orders: Vec<[(i64, usize); 17]>,
    /// By multiset number, for each `λ` from 1 to `2 pegs - 1`: the least and the most of
    /// `sum n(t, b) (b² - λb)` under the cap (`2 (2 pegs - 1)` values per multiset).
    priced: Vec<i64>,
}

/// Nodes of at least this many secrets also test the squares of the black pegs (the test costs
/// about as much as scoring a few dozen secrets).
const SQUARES_SECRETS: usize = 48;

/// No range computed.
const UNSET: u32 = u32::MAX;

impl BlackSums {
    /// Tables for `game`, whose colour multisets number `multisets`.
    pub fn new(game: Game, multisets: usize) -> BlackSums {
        let pegs = usize::from(game.pegs());
        let stride = usize::from(game.colours()) + 1;
        let pairs: Vec<(usize, usize)> =
            (0..pegs).flat_map(|p| (p + 1..pegs).map(move |q| (p, q))).collect();
        let prices = 2 * (2 * pegs).saturating_sub(1);
        BlackSums {
            pegs,
            stride,
            at: vec![0; pegs * stride],
            ranges: vec![(UNSET, 0, 0); multisets],
            pair_at: vec![0; pairs.len() * stride * stride],
            pairs,
            squares_from: SQUARES_SECRETS,
            squares: false,
            priced_caps: vec![UNSET; multisets],
            priced: vec![0; multisets * prices],
            orders: (1..(2 * pegs).max(1) as i64)
                .flat_map(|lambda| {
                    (0..=pegs).map(move |t| {
                        let mut order = [(0i64, 0usize); 17];
                        by_price(t, lambda, &mut order);
                        order
                    })
                })
                .collect(),
        }
    }

    /// Counts the colours by peg of a new node's `secrets` and forgets the last node's ranges.
    pub fn start<W: Word>(&mut self, secrets: Slice<'_, W>) {
        self.at.fill(0);
        for &word in secrets.pegs {
            for peg in 0..self.pegs {
                self.at[peg * self.stride + usize::from(word.byte(peg))] += 1;
            }
        }
        for range in &mut self.ranges {
            range.0 = UNSET;
        }
        self.squares = secrets.len() >= self.squares_from;
        if self.squares {
            self.pair_at.fill(0);
            let block = self.stride * self.stride;
            for &word in secrets.pegs {
                for (pair, &(p, q)) in self.pairs.iter().enumerate() {
                    let (a, b) = (usize::from(word.byte(p)), usize::from(word.byte(q)));
                    self.pair_at[pair * block + a * self.stride + b] += 1;
                }
            }
            self.priced_caps.fill(UNSET);
        }
    }

    /// The squares of the black pegs `candidate` scores, summed over the node's secrets, given
    /// their sum `sum`.
    #[inline(always)]
    fn black_squares<W: Word>(&self, candidate: Packed<W>, sum: u32) -> i64 {
        let block = self.stride * self.stride;
        let mut both = 0u32;
        for (pair, &(p, q)) in self.pairs.iter().enumerate() {
            let (a, b) = (usize::from(candidate.pegs.byte(p)), usize::from(candidate.pegs.byte(q)));
            both += self.pair_at[pair * block + a * self.stride + b];
        }
        i64::from(sum) + 2 * i64::from(both)
    }

    /// The black pegs `candidate` scores, summed over the node's secrets.
    #[inline(always)]
    fn black_sum<W: Word>(&self, candidate: Packed<W>) -> u32 {
        let mut sum = 0;
        for peg in 0..self.pegs {
            sum += self.at[peg * self.stride + usize::from(candidate.pegs.byte(peg))];
        }
        sum
    }

    /// Whether `candidate`, of multiset `number` whose totals at this node are `totals`
    /// (`totals[t]`: secrets sharing `t` colours with it), has a part of more than `cap`
    /// secrets.
    #[inline]
    pub fn exceeds<W: Word>(
        &mut self,
        candidate: Packed<W>,
        number: u32,
        totals: &[u32],
        cap: u32,
    ) -> bool {
        let range = &mut self.ranges[number as usize];
        if range.0 != cap {
            *range = match black_range(totals, cap) {
                Some((lo, hi)) => (cap, lo, hi),
                // No arrangement fits: an empty range.
                None => (cap, 1, 0),
            };
        }
        let (_, lo, hi) = *range;
        let sum = self.black_sum(candidate);
        if sum < lo || sum > hi {
            return true;
        }
        if !self.squares {
            return false;
        }
        let prices = 2 * (2 * self.pegs - 1);
        let at = number as usize * prices;
        if self.priced_caps[number as usize] != cap {
            self.priced_caps[number as usize] = cap;
            priced_ranges(totals, cap, &self.orders, &mut self.priced[at..at + prices]);
        }
        let squares = self.black_squares(candidate, sum);
        let sum = i64::from(sum);
        self.priced[at..at + prices].chunks_exact(2).zip(1i64..).any(|(range, lambda)| {
            let value = squares - lambda * sum;
            value < range[0] || value > range[1]
        })
    }
}

/// For each `λ` from 1 to `2 pegs - 1`, writes to `out` (two values per `λ`) the least and the
/// most of `sum n(t, b) (b² - λb)` over the part sizes `n(t, b)` that hold `totals[t]` secrets
/// of each total with no part above `cap` (their black-peg sum free). Needs every total to fit
/// its parts ([`black_range`] is `Some`).
/// `orders` holds [`by_price`] for each `λ` and total (`pegs + 1` entries per `λ`).
fn priced_ranges(totals: &[u32], cap: u32, orders: &[[(i64, usize); 17]], out: &mut [i64]) {
    let pegs = totals.len() - 1;
    let by_lambda = orders.chunks_exact(pegs + 1);
    for (range, orders) in out.chunks_exact_mut(2).zip(by_lambda) {
        let (mut least, mut most) = (0i64, 0i64);
        for (t, &m) in totals.iter().enumerate() {
            let (l, h) = fill(t, m, pegs, cap, &orders[t][..=t])
                .expect("every total fits its parts: the sums' range is tested first");
            least += l;
            most += h;
        }
        range[0] = least;
        range[1] = most;
    }
}

/// The black-peg counts `0..=t` with their price `b² - λb`, ascending (nearest `λ / 2` first),
/// written to the front of `order`: prices fall down to `λ / 2` and rise after it, so the two
/// sides are merged from there outwards.
#[inline(always)]
fn by_price(t: usize, lambda: i64, order: &mut [(i64, usize); 17]) -> &[(i64, usize)] {
    let price = |b: usize| (b * b) as i64 - lambda * b as i64;
    let middle = ((lambda / 2) as usize).min(t);
    // `below` counts down from the middle, `above` up from just after it.
    let (mut below, mut above) = (Some(middle), middle + 1);
    for slot in order[..=t].iter_mut() {
        let take_below = match below {
            Some(b) => above > t || price(b) <= price(above),
            None => false,
        };
        let b = if take_below {
            let b = below.expect("taken from below");
            below = b.checked_sub(1);
            b
        } else {
            above += 1;
            above - 1
        };
        *slot = (price(b), b);
    }
    &order[..=t]
}

/// How many secrets part `(t, b)` of a game of `pegs` pegs may hold under `cap`: none for
/// `pegs - 1` black pegs with the full total, at most one for `pegs` black pegs.
#[inline(always)]
fn part_capacity(t: usize, b: usize, pegs: usize, cap: u32) -> u64 {
    if t == pegs && pegs > 0 && b == pegs - 1 {
        0
    } else if t == pegs && b == pegs {
        u64::from(cap.min(1))
    } else {
        u64::from(cap)
    }
}

/// The least and the most black pegs, summed over secrets whose totals are `totals` (one slot
/// per total, the last the full one), when no part holds more than `cap` secrets; `None` when
/// some total has more secrets than its parts can hold.
fn black_range(totals: &[u32], cap: u32) -> Option<(u32, u32)> {
    let pegs = totals.len() - 1;
    let (mut lo, mut hi) = (0i64, 0i64);
    for (t, &m) in totals.iter().enumerate() {
        let (least, most) = total_range(t, m, pegs, cap)?;
        lo += least;
        hi += most;
    }
    let clamp = |sum: i64| sum.min(i64::from(u32::MAX)) as u32;
    Some((clamp(lo), clamp(hi)))
}

/// The least and the most black pegs of `m` secrets sharing `t` colours with a candidate of a
/// game of `pegs` pegs, when no part holds more than `cap` of them (the lowest black-peg counts
/// filled first, then the highest); `None` when its parts cannot hold them all.
pub(crate) fn total_range(t: usize, m: u32, pegs: usize, cap: u32) -> Option<(i64, i64)> {
    let mut order = [(0i64, 0usize); 17];
    for (b, slot) in order[..=t].iter_mut().enumerate() {
        *slot = (b as i64, b);
    }
    fill(t, m, pegs, cap, &order[..=t])
}

/// The totals of a node's secrets with one multiset (`totals[t]` share `t` colours with it),
/// the one whose parts must hold the most secrets each first: where each total's secrets start
/// in that order, calling `held` on each total that holds a secret, in order.
fn busiest_first(pegs: usize, totals: &[u32], mut held: impl FnMut(usize)) -> [usize; 17] {
    let parts = |t: usize| if t == pegs { pegs.max(1) } else { t + 1 } as u32;
    let mut by_load: [usize; 17] = std::array::from_fn(|t| t);
    by_load[..=pegs].sort_by_key(|&t| std::cmp::Reverse(totals[t].div_ceil(parts(t))));
    let mut next = [0usize; 17];
    let mut start = 0;
    for &t in &by_load[..=pegs] {
        next[t] = start;
        start += totals[t] as usize;
        if totals[t] > 0 {
            held(t);
        }
    }
    next
}

/// Copies `secrets` to `ordered` grouped by their total with the multiset whose count word is
/// `counts`, total `t`'s next secret going to `next[t]` ([`busiest_first`]), and calls `each`
/// on every secret's total and peg word on the way: one pass for the order and the tables.
#[inline(always)]
fn scatter<W: Word>(
    counts: W,
    next: &mut [usize; 17],
    secrets: Slice<'_, W>,
    ordered: &mut Words<W>,
    mut each: impl FnMut(usize, W),
) {
    ordered.pegs.resize(secrets.len(), W::default());
    ordered.counts.resize(secrets.len(), W::default());
    for (&word, &secret) in secrets.pegs.iter().zip(secrets.counts) {
        let t = (counts & secret).ones() as usize;
        ordered.pegs[next[t]] = word;
        ordered.counts[next[t]] = secret;
        next[t] += 1;
        each(t, word);
    }
}

/// The least and the most of `sum k(b) price(b)` over the ways to place `m` secrets of total
/// `t` in its parts, `k(b)` in part `(t, b)`, with no part above `cap`: the parts filled in the
/// order of `by_price` (`(price, b)`, ascending) for the least, in reverse for the most. `None`
/// when the parts cannot hold them all.
fn fill(t: usize, m: u32, pegs: usize, cap: u32, by_price: &[(i64, usize)]) -> Option<(i64, i64)> {
    if m == 0 {
        // Most totals of a small node hold no secret: nothing to place.
        return Some((0, 0));
    }
    let capacity = |b: usize| part_capacity(t, b, pegs, cap);
    let mut sums = [0i64; 2];
    for (sum, reverse) in sums.iter_mut().zip([false, true]) {
        let mut left = u64::from(m);
        let mut place = |&(price, b): &(i64, usize)| {
            let k = left.min(capacity(b));
            *sum += k as i64 * price;
            left -= k;
        };
        if reverse {
            by_price.iter().rev().for_each(&mut place);
        } else {
            by_price.iter().for_each(&mut place);
        }
        if left > 0 {
            return None;
        }
    }
    Some((sums[0], sums[1]))
}

/// The black-peg sums of a candidate's multiset's totals taken one at a time: a node's secrets
/// grouped by their total with one multiset, a table of colours by peg for each total, and the
/// range each total's sum may take under a cap ([`total_range`]). The black pegs of each total
/// must fit its own parts, which rules out more arrangements than their sum over all totals.
#[derive(Debug)]
pub(crate) struct TotalSums {
    pegs: usize,
    stride: usize,
    /// The totals held, in the order the secrets are grouped: each total and its secrets.
    totals: Vec<(usize, u32)>,
    /// `at[k * pegs * stride + peg * stride + colour + 1]`: how many secrets of the `k`-th
    /// total hold `colour` at `peg`.
    at: Vec<u32>,
    /// The cap `ranges` were computed for (`UNSET`: none).
    cap: u32,
    /// Each total's least and most black-peg sum under the cap (least above most: none fits).
    ranges: Vec<(i64, i64)>,
    /// The node's secrets by their own multiset ([`take_multisets`](Self::take_multisets)):
    /// each distinct multiset's count word, widened.
    multisets: Vec<u128>,
    /// `multiset_tables[d * pegs * stride + peg * stride + colour + 1]`: how many secrets of
    /// the `d`-th multiset of `multisets` hold `colour` at `peg`.
    multiset_tables: Vec<u32>,
    /// Scratch of `take_multisets`, by multiset number: one more than its index in
    /// `multisets` (zero: not met), zero again once it returns.
    slot_of: Vec<u32>,
}

impl TotalSums {
    /// Empty tables for `game`.
    pub fn new(game: Game) -> TotalSums {
        TotalSums {
            pegs: usize::from(game.pegs()),
            stride: usize::from(game.colours()) + 1,
            totals: Vec::new(),
            at: Vec::new(),
            cap: UNSET,
            ranges: Vec::new(),
            multisets: Vec::new(),
            multiset_tables: Vec::new(),
            slot_of: Vec::new(),
        }
    }

    /// Copies a node's `secrets` to `ordered`, grouped by their total with the multiset whose
    /// count word is `counts` (`totals[t]` of them share `t` colours with it), the total whose
    /// parts must hold the most secrets each first (most secrets per black-peg count), and
    /// counts each total's colours by peg on the way. A candidate of that multiset most often
    /// has its largest part in that total, so scoring the secrets in this order shows a part too
    /// large early, and its scoring stops there.
    pub fn group<W: Word>(
        &mut self,
        counts: W,
        totals: &[u32],
        secrets: Slice<'_, W>,
        ordered: &mut Words<W>,
    ) {
        let (mut next, table) = self.start_totals(totals);
        self.at.clear();
        self.at.resize(self.totals.len() * self.pegs * self.stride, 0);
        let (pegs, stride, block) = (self.pegs, self.stride, self.pegs * self.stride);
        scatter(counts, &mut next, secrets, ordered, |t, word| {
            let at = &mut self.at[table[t]..table[t] + block];
            for peg in 0..pegs {
                at[peg * stride + usize::from(word.byte(peg))] += 1;
            }
        });
    }

    /// Takes a node's `secrets`, whose multiset numbers are `numbers` (of a game of
    /// `multiset_count` multisets), grouped by their own multiset: each multiset's secrets
    /// counted by peg and colour, so that [`tables`](Self::tables) sums a table per multiset
    /// rather than a row per secret. Returns how many distinct multisets they hold.
    pub fn take_multisets<W: Word>(
        &mut self,
        secrets: Slice<'_, W>,
        numbers: &[u32],
        multiset_count: usize,
    ) -> usize {
        let block = self.pegs * self.stride;
        self.slot_of.resize(multiset_count, 0);
        self.multisets.clear();
        self.multiset_tables.clear();
        for ((&word, &counts), &number) in secrets.pegs.iter().zip(secrets.counts).zip(numbers) {
            let slot = &mut self.slot_of[number as usize];
            if *slot == 0 {
                self.multisets.push(counts.widen());
                self.multiset_tables.resize(self.multiset_tables.len() + block, 0);
                *slot = self.multisets.len() as u32;
            }
            let start = (*slot as usize - 1) * block;
            let table = &mut self.multiset_tables[start..start + block];
            for peg in 0..self.pegs {
                table[peg * self.stride + usize::from(word.byte(peg))] += 1;
            }
        }
        for &number in numbers {
            self.slot_of[number as usize] = 0;
        }
        self.multisets.len()
    }

    /// The tables of [`group`](Self::group) for the multiset whose count word is `counts`
    /// (`totals[t]` secrets share `t` colours with it), summed from the secrets' own
    /// multisets' ([`take_multisets`](Self::take_multisets)), without visiting a secret; the
    /// secrets themselves are put in that order by [`order`](Self::order).
    pub fn tables<W: Word>(&mut self, counts: W, totals: &[u32]) {
        let (_, table) = self.start_totals(totals);
        let block = self.pegs * self.stride;
        self.at.clear();
        self.at.resize(self.totals.len() * block, 0);
        let counts = counts.widen();
        for (&secret, from) in self.multisets.iter().zip(self.multiset_tables.chunks_exact(block)) {
            let t = (counts & secret).count_ones() as usize;
            for (sum, &count) in self.at[table[t]..table[t] + block].iter_mut().zip(from) {
                *sum += count;
            }
        }
    }

    /// Copies a node's `secrets` to `ordered` in the order of [`group`](Self::group), for the
    /// multiset whose count word is `counts` and whose tables were last made.
    pub fn order<W: Word>(
        &self,
        counts: W,
        totals: &[u32],
        secrets: Slice<'_, W>,
        ordered: &mut Words<W>,
    ) {
        let mut next = busiest_first(self.pegs, totals, |_| ());
        scatter(counts, &mut next, secrets, ordered, |_, _| ());
    }

    /// Orders the totals busiest first into `self.totals` and forgets the cap's ranges; returns
    /// where each total's secrets start in that order and where its table starts in `at`.
    fn start_totals(&mut self, totals: &[u32]) -> ([usize; 17], [usize; 17]) {
        let block = self.pegs * self.stride;
        self.totals.clear();
        let mut table = [0usize; 17];
        let held = &mut self.totals;
        let next = busiest_first(self.pegs, totals, |t| {
            table[t] = held.len() * block;
            held.push((t, totals[t]));
        });
        self.cap = UNSET;
        (next, table)
    }

    /// Whether `candidate` (of the multiset the secrets are grouped by) has a part of more than
    /// `cap` secrets, by the black pegs of some total. Totals of at most `cap` secrets are not
    /// tested: they fit any split.
    #[inline]
    pub fn exceeds<W: Word>(&mut self, candidate: Packed<W>, cap: u32) -> bool {
        if self.cap != cap {
            self.cap = cap;
            self.ranges.clear();
            for &(t, m) in &self.totals {
                self.ranges.push(total_range(t, m, self.pegs, cap).unwrap_or((1, 0)));
            }
        }
        let block = self.pegs * self.stride;
        for (k, (&(_, m), &(lo, hi))) in self.totals.iter().zip(&self.ranges).enumerate() {
            if m <= cap {
                continue;
            }
            let table = &self.at[k * block..(k + 1) * block];
            let mut sum = 0i64;
            for peg in 0..self.pegs {
                sum += i64::from(table[peg * self.stride + usize::from(candidate.pegs.byte(peg))]);
            }
            if sum < lo || sum > hi {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mastermind_core::CodeSet;
    use mastermind_core::score::{score, score_index};

    /// Every candidate against a spread of node sets of 4x3 and 3x5: whenever the test rules a
    /// candidate out at a cap, its largest part exceeds that cap, and at the cap one below the
    /// largest part the test rules out some candidates.
    #[test]
    fn ruled_out_candidates_have_a_part_above_the_cap() {
        for (pegs, colours) in [(4u32, 3u32), (3, 5)] {
            let game = Game::new(pegs, colours).unwrap();
            let codes = CodeSet::enumerate(game).unwrap().to_vec();
            // Candidates ruled out at one below their largest part, by the sums alone and by
            // the squares where the sums alone let them through.
            let (mut by_sums, mut by_squares) = (0, 0);
            for step in [1, 2, 3, 5, 7] {
                for offset in 0..step {
                    let node: Vec<_> = codes.iter().skip(offset).step_by(step).cloned().collect();
                    let words = Words::<u64>::from_codes(&node);
                    // Each candidate is its own multiset number, so nothing is reused.
                    let mut sums = BlackSums::new(game, codes.len());
                    sums.squares_from = usize::MAX;
                    sums.start(words.slice());
                    let mut squares = BlackSums::new(game, codes.len());
                    squares.squares_from = 0;
                    squares.start(words.slice());
                    for (number, candidate) in (0u32..).zip(&codes) {
                        let mut parts = vec![0u32; game.feedback_count()];
                        let mut totals = vec![0u32; pegs as usize + 1];
                        for secret in &node {
                            parts[score_index(secret, candidate)] += 1;
                            let reply = score(secret, candidate);
                            totals[usize::from(reply.black + reply.white)] += 1;
                        }
                        let largest = *parts.iter().max().unwrap();
                        let packed = Packed::<u64>::from_code(candidate);
                        for cap in 0..largest + 2 {
                            let by_sum = sums.exceeds(packed, number, &totals, cap);
                            let by_square = squares.exceeds(packed, number, &totals, cap);
                            let what = format!("{game} {candidate} cap {cap}");
                            assert!(!by_sum || largest > cap, "sums: {what}");
                            assert!(!by_square || largest > cap, "squares: {what}");
                            assert!(by_square || !by_sum, "squares without the sums' test: {what}");
                            if cap + 1 == largest {
                                by_sums += usize::from(by_sum);
                                by_squares += usize::from(by_square && !by_sum);
                            }
                        }
                    }
                }
            }
            assert!(by_sums > 0, "{pegs}x{colours}: the sums never rule out a candidate");
            assert!(by_squares > 0, "{pegs}x{colours}: the squares never add to the sums");
        }
    }

    /// As above, for the sums total by total: every candidate it rules out has a part above the
    /// cap, and it rules out some that the sum over all totals lets through.
    #[test]
    fn totals_taken_one_at_a_time_rule_out_only_parts_above_the_cap() {
        let game = Game::new(4, 4).unwrap();
        let codes = CodeSet::enumerate(game).unwrap().to_vec();
        let mut beyond_sum = 0;
        for step in [1, 2, 3, 5] {
            let node: Vec<_> = codes.iter().step_by(step).cloned().collect();
            let words = Words::<u64>::from_codes(&node);
            let mut sums = BlackSums::new(game, codes.len());
            sums.squares_from = usize::MAX;
            sums.start(words.slice());
            for (number, candidate) in (0u32..).zip(&codes) {
                let mut parts = vec![0u32; game.feedback_count()];
                let mut by_total: Vec<Vec<_>> = vec![Vec::new(); 5];
                for secret in &node {
                    parts[score_index(secret, candidate)] += 1;
                    let reply = score(secret, candidate);
                    by_total[usize::from(reply.black + reply.white)].push(*secret);
                }
                let totals: Vec<u32> = by_total.iter().map(|g| g.len() as u32).collect();
                let packed = Packed::<u64>::from_code(candidate);
                let mut each = TotalSums::new(game);
                each.group(packed.counts, &totals, words.slice(), &mut Words::new());
                let largest = *parts.iter().max().unwrap();
                for cap in 0..largest + 2 {
                    let by_each = each.exceeds(packed, cap);
                    assert!(!by_each || largest > cap, "{candidate} step {step} cap {cap}");
                    let by_sum = sums.exceeds(packed, number, &totals, cap);
                    beyond_sum += usize::from(by_each && !by_sum);
                }
            }
        }
        assert!(beyond_sum > 0, "the totals one at a time never add to their sum");
    }

    #[test]
    fn secrets_are_grouped_by_total_busiest_first() {
        let game = Game::new(4, 6).unwrap();
        let codes = CodeSet::enumerate(game).unwrap().to_vec();
        let node: Vec<_> = codes.iter().step_by(3).cloned().collect();
        let secrets = Words::<u64>::from_codes(&node);
        for candidate in codes.iter().step_by(37) {
            let counts = Packed::<u64>::from_code(candidate).counts;
            let total = |secret: u64| (counts & secret).count_ones() as usize;
            let mut totals = [0u32; 5];
            secrets.counts.iter().for_each(|&s| totals[total(s)] += 1);
            let (mut sums, mut ordered) = (TotalSums::new(game), Words::new());
            sums.group(counts, &totals, secrets.slice(), &mut ordered);
            // The same codes, each once.
            let mut before: Vec<_> = secrets.pegs.iter().zip(&secrets.counts).collect();
            let mut after: Vec<_> = ordered.pegs.iter().zip(&ordered.counts).collect();
            before.sort();
            after.sort();
            assert_eq!(before, after, "{candidate}");
            // One run per total, in the order of `sums.totals`, busiest (most secrets per
            // black-peg count) first.
            let mut runs: Vec<usize> = ordered.counts.iter().map(|&s| total(s)).collect();
            runs.dedup();
            let held: Vec<usize> = sums.totals.iter().map(|&(t, _)| t).collect();
            assert_eq!(runs, held, "{candidate}");
            assert!(sums.totals.iter().all(|&(t, m)| m == totals[t] && m > 0));
            let load = |t: usize| totals[t].div_ceil(if t == 4 { 4 } else { t as u32 + 1 });
            assert!(runs.windows(2).all(|w| load(w[0]) >= load(w[1])), "{candidate}");
        }
    }

    /// Tables summed from the secrets' own multisets, and the secrets ordered apart from them,
    /// are those made secret by secret, for every candidate multiset of a spread of nodes; and
    /// the scratch is left clean for the next node.
    #[test]
    fn tables_from_multisets_are_the_tables_from_secrets() {
        let game = Game::new(5, 4).unwrap();
        let multisets = crate::build::multisets::Multisets::<u64>::of_game(game);
        let codes = CodeSet::enumerate(game).unwrap().to_vec();
        let mut by_multiset = TotalSums::new(game);
        for step in [1, 3, 7, 40] {
            let node: Vec<_> = codes.iter().step_by(step).cloned().collect();
            let secrets = Words::<u64>::from_codes(&node);
            let numbers = multisets.numbers(secrets.slice());
            let distinct = by_multiset.take_multisets(secrets.slice(), &numbers, multisets.len());
            let mut seen = numbers.clone();
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(distinct, seen.len(), "step {step}");
            assert!(by_multiset.slot_of.iter().all(|&slot| slot == 0), "scratch left set");
            for number in 0..multisets.len() as u32 {
                let counts = multisets.counts(number);
                let mut totals = [0u32; 6];
                for &s in &secrets.counts {
                    totals[(counts & s).count_ones() as usize] += 1;
                }
                let (mut by_secret, mut grouped) = (TotalSums::new(game), Words::new());
                by_secret.group(counts, &totals, secrets.slice(), &mut grouped);
                by_multiset.tables(counts, &totals);
                assert_eq!(by_multiset.totals, by_secret.totals, "step {step} multiset {number}");
                assert_eq!(by_multiset.at, by_secret.at, "step {step} multiset {number}");
                let mut ordered = Words::new();
                by_multiset.order(counts, &totals, secrets.slice(), &mut ordered);
                assert_eq!(ordered.pegs, grouped.pegs, "step {step} multiset {number}");
                assert_eq!(ordered.counts, grouped.counts, "step {step} multiset {number}");
            }
        }
    }

    #[test]
    fn black_peg_counts_come_by_price() {
        for t in 0..=16 {
            for lambda in 1..32 {
                let mut order = [(0, 0); 17];
                let prices: Vec<i64> =
                    by_price(t, lambda, &mut order).iter().map(|o| o.0).collect();
                let mut sorted: Vec<i64> = (0..=t as i64).map(|b| b * b - lambda * b).collect();
                sorted.sort();
                assert_eq!(prices, sorted, "t {t} λ {lambda}");
                let mut counts: Vec<usize> = order[..=t].iter().map(|o| o.1).collect();
                counts.sort();
                assert_eq!(counts, (0..=t).collect::<Vec<_>>());
            }
        }
    }

    #[test]
    fn a_total_beyond_its_parts_has_no_range() {
        // Four secrets sharing one colour fill parts (1, 0) and (1, 1) of two each at most.
        assert_eq!(black_range(&[0, 4, 0], 2), Some((2, 2)));
        assert_eq!(black_range(&[0, 5, 0], 2), None);
        // The full total: never `pegs - 1` black pegs, at most one secret with all of them.
        assert_eq!(black_range(&[0, 0, 3], 2), Some((2, 2)));
        assert_eq!(black_range(&[0, 0, 2], 5), Some((0, 2)));
    }
}
