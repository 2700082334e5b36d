//! A small in-place heapsort for the crate's cold sorts (the hermes listing's groups, the
//! feedback terms' ranking, term ids sharing their first eight bytes).
//!
//! Each `sort_unstable_by` call site with its own element type or comparator links its own
//! copy of the standard library's pattern-defeating quicksort into the wasm core: four to ten
//! kilobytes each, about a twelfth of the whole core for a dozen sorts. Sorts that run once
//! per catalog on short lists, or on lists the caller has already nearly ordered, do not need
//! that speed; this one is a few hundred bytes per use, `O(n log n)` in the worst case, and
//! allocates nothing. Like any unstable sort, equal elements may come out in any order:
//! callers that need one order give a total order (an index as the last key).

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
