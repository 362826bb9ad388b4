//! The kept tree cut out in place (`Tree::keep_subtree`): when a move is played, the subtree of
//! the position reached becomes the whole tree, without a copy of it beside the old arrays, so a
//! search's memory never holds two trees.
//!
//! The cut comes before a move's search, while a team's other threads wait, so its time is what
//! they lose at each move (20-125 ms of a 0.5 s move on 2 threads when the nodes' new indices
//! were an array of one number per node, read in random order). Its passes read the nodes in
//! order and look up only what the core's own cache holds: which nodes are kept is one bit a
//! node, and a kept node's new index is counted from the bits (see `Kept`). On a team, the two
//! arrays of lists move on two threads at once. (Moving the nodes too on every thread, a block
//! at a time through buffers, with what the later passes need noted in the first, was slower on
//! 2 threads: 126-152 ns a kept node where this takes 87-104.)
//!
//! Most moves need no cut: where the subtree reached holds at least half the tree's nodes and the
//! tree has room, its node becomes the root where it lies (`Tree::move_root`) and the nodes it
//! leaves out wait, out of every walk's reach, for a later cut (`Mcts::reroot`). Cuts that keep
//! most nodes were the dearest; in Icebreaker and Goats Wintering games a third of the moves cut
//! now, and the cuts' time fell from 43-52 ms a move to 11-24 on 2 threads, from 23-32 to 8-10
//! on one.

use std::iter::once;

use super::solver::Stop;
use super::tree::{Node, Tree, NIL};

/// Which nodes a cut keeps, and their new indices: the new root 0, the other kept nodes 1, 2, …
/// in their old order. One bit a node, and a count a word of 64 bits (a tree of a million nodes:
/// 190 KB, where an index a node took 4 MB).
struct Kept {
    bits: Vec<u64>,
    before: Vec<u32>, // kept nodes in the words before each
    root: u32,
}

fn bit(bits: &[u64], i: usize) -> bool {
    bits[i / 64] >> (i % 64) & 1 == 1
}

fn set(bits: &mut [u64], i: usize) {
    bits[i / 64] |= 1 << (i % 64);
}

impl Kept {
    /// The nodes under `root`. A node is kept if its parent is. One pass in order settles each
    /// node from its parent's fate: on one thread a parent always lies before its children, so
    /// it is known already; threads on one tree take slots a chunk at a time, so there a child
    /// may lie before its parent, and the pass then climbs the parents to the first whose fate is
    /// known and settles the whole climb (each node is settled once).
    fn find<M>(nodes: &[Node<M>], root: usize, heard: &mut impl FnMut(usize) -> Result<(), Stop>) -> Result<Kept, Stop> {
        let words = nodes.len().div_ceil(64);
        let (mut known, mut bits) = (vec![0u64; words], vec![0u64; words]);
        set(&mut known, root);
        set(&mut bits, root);
        let mut climb = Vec::new();
        for old in 0..nodes.len() {
            heard(old)?;
            let mut at = old;
            while !bit(&known, at) {
                climb.push(at);
                match nodes[at].parent {
                    NIL => break, // the old root, or a slot a thread took and did not use: dropped
                    parent => at = parent as usize,
                }
            }
            let kept = bit(&bits, at);
            for i in climb.drain(..) {
                set(&mut known, i);
                if kept {
                    set(&mut bits, i);
                }
            }
        }
        let mut sum = 0;
        let before = bits.iter().map(|w| {
            let b = sum;
            sum += w.count_ones();
            b
        });
        let before = before.collect();
        Ok(Kept { bits, before, root: root as u32 })
    }

    fn count(&self) -> usize {
        self.before.last().map_or(0, |&b| b as usize + self.bits.last().unwrap().count_ones() as usize)
    }

    /// The new index of the node at `old`; NIL if it is dropped (or `old` is NIL).
    fn id(&self, old: u32) -> u32 {
        if old == NIL || !bit(&self.bits, old as usize) {
            return NIL;
        }
        if old == self.root {
            return 0;
        }
        let w = (old / 64) as usize;
        let rank = self.before[w] + (self.bits[w] & ((1u64 << (old % 64)) - 1)).count_ones();
        rank + 1 - u32::from(self.root < old)
    }

    /// The old indices of the kept nodes in their new order.
    fn order(&self) -> impl Iterator<Item = usize> + '_ {
        let others = self.bits.iter().enumerate().flat_map(|(w, &word)| {
            let mut word = word;
            std::iter::from_fn(move || {
                (word != 0).then(|| {
                    let b = word.trailing_zeros() as usize;
                    word &= word - 1;
                    w * 64 + b
                })
            })
        });
        once(self.root as usize).chain(others.filter(move |&old| old != self.root as usize))
    }
}

impl<M: Copy> Tree<M> {
    /// Make `root`'s subtree the whole tree, in place. The kept nodes keep their order, `root`
    /// first: the k-th other kept node becomes node k, and lay at k or later, so each moves down
    /// to a slot no node still to be moved holds. Their lists of moves and of children's indices
    /// are kept the same way, in the order the lists were filled; the lists' new places are
    /// noted aside and written into the nodes in a last pass in order.
    ///
    /// `heard(step)` is asked as the passes go (a tree of millions of nodes takes tens of ms);
    /// an error from it stops them and leaves the arrays to be cleared.
    pub fn keep_subtree(&mut self, root: usize, two_threads: bool, mut heard: impl FnMut(usize) -> Result<(), Stop>) -> Result<(), Stop> {
        self.take_top(root); // its entry in its parent's list is dropped
        // The kept nodes' lists, each as (where it lies, new node) in one number, where in the
        // high half, gathered as the nodes move; and each kept node's number of moves.
        let (mut moves_lists, mut kids_lists, mut lens) = (Vec::new(), Vec::new(), Vec::new());
        let kept = self.nodes.edit(|nodes| {
            let kept = Kept::find(nodes, root, &mut heard)?;
            let count = kept.count();
            moves_lists.reserve_exact(count);
            kids_lists.reserve_exact(count);
            lens.reserve_exact(count);
            for (new, old) in kept.order().enumerate() {
                heard(new)?;
                let mut nd = nodes[old].clone();
                nd.relink(kept.id(nd.child()));
                if new == 0 {
                    (nd.parent, nd.sibling, nd.mv) = (NIL, NIL, None);
                } else {
                    (nd.parent, nd.sibling) = (kept.id(nd.parent), kept.id(nd.sibling));
                }
                if nd.len() > 0 {
                    moves_lists.push((nd.moves_at() as u64) << 32 | new as u64);
                }
                if nd.kids_at() != NIL {
                    kids_lists.push(u64::from(nd.kids_at()) << 32 | new as u64);
                }
                lens.push(nd.len() as u16);
                nodes[new] = nd;
            }
            nodes.truncate(count);
            Ok(kept)
        })?;
        // Each array's kept lists moved down in the order they were filled, so that none lands
        // on a list still to be moved; the children's indices renumbered. The two arrays apart,
        // on two threads where a second is free.
        let (moves, kids, lens, kept) = (&mut self.moves, &mut self.kids, &lens, &kept);
        let moves_side = || {
            let mut moves_at = vec![0u32; lens.len()];
            sort_by_high_half(&mut moves_lists);
            moves.edit(|moves| {
                let mut to = 0usize;
                for (k, list) in moves_lists.into_iter().enumerate() {
                    heard(k)?;
                    let (at, id) = ((list >> 32) as usize, list as u32 as usize);
                    let n = lens[id] as usize;
                    moves.copy_within(at..at + n, to);
                    moves_at[id] = to as u32;
                    to += n;
                }
                moves.truncate(to);
                Ok(moves_at)
            })
        };
        let kids_side = || {
            let (mut kids_at, mut slots) = (vec![NIL; lens.len()], vec![NIL; lens.len()]);
            sort_by_high_half(&mut kids_lists);
            kids.edit(|kids| {
                let mut to = 0usize;
                for list in kids_lists {
                    let (at, id) = ((list >> 32) as usize, list as u32 as usize);
                    let n = lens[id] as usize;
                    for i in 0..n {
                        let new = kept.id(kids[at + i].node().0);
                        kids[to + i] = kids[at + i].renumbered(new);
                        if new != NIL {
                            slots[new as usize] = (to + i) as u32;
                        }
                    }
                    kids_at[id] = to as u32;
                    to += n;
                }
                kids.truncate(to);
            });
            (kids_at, slots)
        };
        let (moves_at, (kids_at, slots)) = if two_threads {
            std::thread::scope(|scope| {
                let kids_at = scope.spawn(kids_side);
                let moves_at = moves_side();
                (moves_at, kids_at.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
            })
        } else {
            (moves_side(), kids_side())
        };
        let moves_at = moves_at?;
        self.root = 0;
        self.nodes.edit(|nodes| {
            for (id, nd) in nodes.iter_mut().enumerate() {
                heard(id)?;
                nd.move_moves(moves_at[id] as usize);
                nd.move_kids(kids_at[id]);
                nd.slot = slots[id];
            }
            Ok(())
        })
    }
}

/// Sorts numbers whose high halves all differ by their high halves: a radix sort, 11 bits a pass,
/// as many passes as the largest needs, none if they are in order already (one thread's lists
/// mostly are; two threads' lie in chunks taken in turns, and a comparison sort of a million of
/// them took 40-70 ms, where this takes 10-20).
fn sort_by_high_half(v: &mut Vec<u64>) {
    const BITS: u32 = 11;
    const MASK: u64 = (1 << BITS) - 1;
    if v.windows(2).all(|w| w[0] < w[1]) {
        return;
    }
    let width = 64 - v.iter().map(|&x| x >> 32).max().unwrap_or(0).leading_zeros();
    let mut out = vec![0u64; v.len()];
    let mut shift = 32;
    while shift < 32 + width {
        let mut start = [0usize; 1 << BITS];
        v.iter().for_each(|&x| start[((x >> shift) & MASK) as usize] += 1);
        let mut sum = 0;
        for s in start.iter_mut() {
            (*s, sum) = (sum, sum + *s);
        }
        for &x in v.iter() {
            let slot = &mut start[((x >> shift) & MASK) as usize];
            out[*slot] = x;
            *slot += 1;
        }
        std::mem::swap(v, &mut out);
        shift += BITS;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kept_nodes_are_those_under_the_root_numbered_in_order_with_the_root_first() {
        let mut rng = crate::game::Rng::new(5);
        for root in [1usize, 63, 64, 130, 700] {
            // 1 000 nodes under node 0, each a child of one of the 40 before it, and some slots a
            // thread took and left (no parent); then the order shuffled in chunks, as threads
            // take slots, so that some children lie before their parents.
            let mut parent: Vec<u32> = (0..1_000u32).map(|i| if i == 0 || rng.next_u64() % 20 == 0 { NIL } else { i - 1 - (rng.next_u64() % u64::from(i.min(40))) as u32 }).collect();
            for k in root..root + 30 {
                parent[k] = k as u32 - 1; // a line down from the root, across a word's end
            }
            let mut place: Vec<usize> = (0..1_000).collect();
            for chunk in place.chunks_mut(37) {
                chunk.reverse();
            }
            let at = |i: u32| if i == NIL { NIL } else { place[i as usize] as u32 };
            let mut nodes: Vec<Node<u8>> = (0..1_000).map(|_| Node::new(None, NIL, 0)).collect();
            for i in 0..1_000 {
                nodes[place[i]].parent = at(parent[i]);
            }
            let root = place[root];
            let under = |mut i: usize| loop {
                if i == root {
                    return true;
                }
                match nodes[i].parent {
                    NIL => return false,
                    p => i = p as usize,
                }
            };
            let kept = Kept::find(&nodes, root, &mut |_| Ok(())).unwrap();
            let expected: Vec<usize> = std::iter::once(root).chain((0..1_000).filter(|&i| i != root && under(i))).collect();
            assert!(expected.len() >= 30 && expected.len() < 900, "{}", expected.len());
            assert_eq!(kept.order().collect::<Vec<_>>(), expected);
            assert_eq!(kept.count(), expected.len());
            for i in 0..1_000 {
                let id = expected.iter().position(|&k| k == i).map_or(NIL, |k| k as u32);
                assert_eq!(kept.id(i as u32), id, "node {i}");
            }
            assert_eq!(kept.id(NIL), NIL);
        }
    }

    #[test]
    fn lists_are_put_in_the_order_they_were_filled_by_their_high_halves() {
        let mut rng = crate::game::Rng::new(3);
        // Places up to 2^27 (three passes of the sort), each with a node in the low half.
        let mut places: Vec<u64> = (0..50_000u64).map(|i| i * 2_003 + rng.next_u64() % 2_000).collect();
        let mut lists: Vec<u64> = places.iter().enumerate().map(|(node, &at)| at << 32 | node as u64).collect();
        for i in (1..lists.len()).rev() {
            lists.swap(i, rng.next_u64() as usize % (i + 1));
        }
        let mut expected = lists.clone();
        expected.sort_unstable();
        sort_by_high_half(&mut lists);
        assert_eq!(lists, expected);
        places.sort_unstable();
        assert!(lists.iter().map(|&l| l >> 32).eq(places.iter().copied()));
        // In order already: left as it is.
        let sorted = lists.clone();
        sort_by_high_half(&mut lists);
        assert_eq!(lists, sorted);
        sort_by_high_half(&mut Vec::new());
    }
}
