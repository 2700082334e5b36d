//! The crate's sorts: a small in-place heapsort for the cold ones (the hermes listing's
//! groups, the feedback terms' ranking, term ids sharing their first eight bytes), and a
//! radix sort for the build's `(hash, id)` keys (terms by their first bytes, typo keys, name
//! hashes), tens of thousands of them per catalog.
//!
//! Each `sort_unstable_by` call site with its own element type or comparator links its own
//! copy of the standard library's pattern-defeating quicksort into the wasm core: four to ten
//! kilobytes each, about a twelfth of the whole core for a dozen sorts. Sorts that run once
//! per catalog on short lists, or on lists the caller has already nearly ordered, do not need
//! that speed; the heapsort is a few hundred bytes per use, `O(n log n)` in the worst case,
//! and allocates nothing. Like any unstable sort, equal elements may come out in any order:
//! callers that need one order give a total order (an index as the last key).

/// A `(key, id)` pair the radix sort orders by key, then id: its bytes, least significant
/// first (the id's, then the key's).
pub trait Keyed: Copy + Default {
    /// How many bytes the pair has.
    const BYTES: usize;
    /// Its `at`-th byte, least significant first.
    fn byte(&self, at: usize) -> usize;
}

impl Keyed for (u64, u32) {
    const BYTES: usize = 12;
    fn byte(&self, at: usize) -> usize {
        let wide = if at < 4 {
            u64::from(self.1) >> (8 * at)
        } else {
            self.0 >> (8 * (at - 4))
        };
        (wide & 0xff) as usize
    }
}

impl Keyed for (u32, u32) {
    const BYTES: usize = 8;
    fn byte(&self, at: usize) -> usize {
        ((((u64::from(self.0)) << 32 | u64::from(self.1)) >> (8 * at)) & 0xff) as usize
    }
}

/// Sorts `(key, id)` pairs by key, then id: a least-significant-byte-first radix sort, one
/// pass over the pairs to count every byte's values, then one stable pass per byte whose
/// values differ (ids below 2^16 and keys sharing their high bytes skip passes). Linear
/// time, with a buffer the size of `items`; the standard library's sorts of these two types
/// had cost the wasm core ~5 KB of gzip.
pub fn radix_sort<T: Keyed>(items: &mut Vec<T>) {
    let mut counts = vec![0usize; T::BYTES * 256];
    for item in items.iter() {
        for at in 0..T::BYTES {
            if let Some(c) = counts.get_mut(at * 256 + item.byte(at)) {
                *c += 1;
            }
        }
    }
    let mut other: Vec<T> = Vec::new();
    for (at, count) in counts.chunks_exact_mut(256).enumerate() {
        if count.contains(&items.len()) {
            continue; // Every pair has the same value here: the pass would change nothing.
        }
        let mut start = 0;
        for c in count.iter_mut() {
            (*c, start) = (start, start + *c);
        }
        other.clear();
        other.resize(items.len(), T::default());
        for item in items.iter() {
            if let Some(c) = count.get_mut(item.byte(at)) {
                if let Some(slot) = other.get_mut(*c) {
                    *slot = *item;
                }
                *c += 1;
            }
        }
        std::mem::swap(items, &mut other);
    }
}

/// Sorts `items` so that no element is `less` than the one before it.
pub fn sort_by<T>(items: &mut [T], mut less: impl FnMut(&T, &T) -> bool) {
    let n = items.len();
    // Build a max-heap, then move its top to the end, one element at a time.
    for root in (0..n / 2).rev() {
        sift_down(items, root, n, &mut less);
    }
    for end in (1..n).rev() {
        items.swap(0, end);
        sift_down(items, 0, end, &mut less);
    }
}

/// Restores the heap order of `items[..end]` below `root`.
fn sift_down<T>(
    items: &mut [T],
    mut root: usize,
    end: usize,
    less: &mut impl FnMut(&T, &T) -> bool,
) {
    loop {
        let mut child = 2 * root + 1;
        if child >= end {
            return;
        }
        if child + 1 < end && is_less(items, child, child + 1, less) {
            child += 1;
        }
        if !is_less(items, root, child, less) {
            return;
        }
        items.swap(root, child);
        root = child;
    }
}

/// `less(items[a], items[b])` (false for an index out of range).
fn is_less<T>(items: &[T], a: usize, b: usize, less: &mut impl FnMut(&T, &T) -> bool) -> bool {
    matches!((items.get(a), items.get(b)), (Some(x), Some(y)) if less(x, y))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator (no dependency): xorshift.
    fn numbers(seed: u64, n: usize, modulo: u64) -> Vec<u64> {
        let mut x = seed | 1;
        (0..n)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x % modulo
            })
            .collect()
    }

    #[test]
    fn radix_sorts_pairs_as_the_standard_library_does() {
        for (seed, n, modulo) in [
            (1, 0, 10),
            (2, 1, 10),
            (3, 2, 1 << 63),
            (4, 17, 5),
            (5, 3000, 1 << 40),
            (6, 777, 3),
            (7, 5000, u64::MAX),
        ] {
            let keys = numbers(seed, n, modulo);
            let ids = numbers(seed + 100, n, 70_000);
            let mut ours: Vec<(u64, u32)> = keys
                .iter()
                .zip(&ids)
                .map(|(&k, &i)| (k, i as u32))
                .collect();
            let mut want = ours.clone();
            want.sort_unstable();
            radix_sort(&mut ours);
            assert_eq!(ours, want, "seed {seed}, n {n}");
            let mut narrow: Vec<(u32, u32)> = ours.iter().map(|&(k, i)| (k as u32, i)).collect();
            let mut want = narrow.clone();
            want.sort_unstable();
            radix_sort(&mut narrow);
            assert_eq!(narrow, want, "narrow: seed {seed}, n {n}");
        }
    }

    #[test]
    fn sorts_as_the_standard_library_does() {
        for (seed, n, modulo) in [
            (1, 0, 10),
            (2, 1, 10),
            (3, 2, 10),
            (4, 17, 5),
            (5, 1000, 1 << 40),
            (6, 777, 3),
        ] {
            let mut ours = numbers(seed, n, modulo);
            let mut std = ours.clone();
            sort_by(&mut ours, |a, b| a < b);
            std.sort_unstable();
            assert_eq!(ours, std, "seed {seed}, {n} numbers below {modulo}");
        }
    }

    #[test]
    fn a_total_order_gives_one_result_whatever_the_input_order() {
        // Pairs sorted by their first value descending, the second as the tie-break.
        let pairs: Vec<(u64, u64)> = numbers(9, 300, 7).into_iter().zip(0..).collect();
        let mut forward = pairs.clone();
        let mut backward: Vec<(u64, u64)> = pairs.into_iter().rev().collect();
        let less = |a: &(u64, u64), b: &(u64, u64)| b.0.cmp(&a.0).then(a.1.cmp(&b.1)).is_lt();
        sort_by(&mut forward, less);
        sort_by(&mut backward, less);
        assert_eq!(forward, backward);
        assert!(forward.windows(2).all(|w| !less(&w[1], &w[0])));
        assert_eq!(forward.first().map(|p| p.0), Some(6));
    }
}
