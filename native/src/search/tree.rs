//! The search tree, grown by one thread or by several at once without a lock (Enzenberger and
//! Müller, "A lock-free multithreaded Monte-Carlo tree search algorithm", 2009).
//!
//! A node's statistics and proof are atomics read and written one at a time; two threads may
//! add a visit at the same moment and one of the two is then lost (seldom), which costs the
//! search far less than a lock on every step of a walk (a walk is most of an iteration: under a
//! lock two threads did less than one). What must be exact is exact:
//! - a node is expanded by one thread (`expansion`), and its moves are read only once it is;
//! - each of a node's moves is given one child (`tried` is claimed by compare-and-swap), and a
//!   new child is pushed on its parent's list by compare-and-swap, written in full before;
//! - the arrays never move while threads walk: their room is made before (`Grow`).
//! On one thread the walk is the one it always was, seed for seed.

use std::sync::atomic::{AtomicI8, AtomicU16, AtomicU32, AtomicU64, AtomicU8, AtomicUsize, Ordering::*};
use std::sync::OnceLock;

use crate::game::{Game, Knowledge, Rng};

pub(crate) const NIL: u32 = u32::MAX;
pub(crate) const UNPROVED: i8 = -1;
pub(crate) const LOSS: i8 = 0;
pub(crate) const DRAW: i8 = 1;
pub(crate) const WIN: i8 = 2;

/// A node's expansion: not yet, under way on some thread, done.
const FRESH: u8 = 0;
const EXPANDING: u8 = 1;
const EXPANDED: u8 = 2;

/// Room kept free for new nodes beyond what the tree may fill, a thread's: threads making a
/// node at once as the tree reaches its limit pass it by one node each.
const NODE_MARGIN: usize = 64;

/// A node. `mv`, `parent`, `sibling` and `player` are written before the node is linked into
/// its parent's list and never while threads walk; the rest may change under a walk.
#[derive(Debug)]
#[repr(C)] // 48 bytes with moves of 4 bytes: its counts live in its parent's entry (`Kid`), so a visit writes no node
pub(crate) struct Node<M> {
    pub sibling: u32,
    proof: AtomicI8,      // UNPROVED, or LOSS / DRAW / WIN for `player`
    pub player: u8,       // who played `mv`: the point of view of `w` and `proof`
    expansion: AtomicU8,  // FRESH, EXPANDING or EXPANDED
    mover: AtomicU8,      // who moves here
    pub mv: Option<M>,    // the move into this node (None at the root)
    child: AtomicU32,     // first child, then linked through `sibling`
    pub parent: u32,
    moves_at: AtomicU32,  // this node's moves in `Tree::moves`, in the order they are tried
    kids_at: AtomicU32,   // its children's indices in `Tree::kids`, one a move, from its first child on (NIL before)
    depth: AtomicU32,     // plies to the end when proved
    len: AtomicU16,       // how many moves
    active: AtomicU16,    // moves in play; the rest are held back (see Knowledge::order)
    tried: AtomicU16,     // moves given a child so far (always the first `tried`)
    secure: AtomicI8,     // the best proved value among the moves here, for `mover` (LOSS: none better)
    pub slot: u32,        // its place in its parent's list in `Tree::kids` (NIL: none, the root)
}

impl<M> Node<M> {
    pub(crate) fn new(mv: Option<M>, parent: u32, player: u8) -> Node<M> {
        Node {
            mv,
            parent,
            slot: NIL,
            sibling: NIL,
            player,
            child: AtomicU32::new(NIL),
            moves_at: AtomicU32::new(0),
            kids_at: AtomicU32::new(NIL),
            len: AtomicU16::new(0),
            active: AtomicU16::new(0),
            tried: AtomicU16::new(0),
            expansion: AtomicU8::new(FRESH),
            mover: AtomicU8::new(0),
            proof: AtomicI8::new(UNPROVED),
            secure: AtomicI8::new(LOSS),
            depth: AtomicU32::new(0),
        }
    }

    pub fn child(&self) -> u32 {
        self.child.load(Acquire) // a child read is written in full (see `Tree::select`)
    }
    /// Link to `child` first (a tree rebuilt with no walk under way).
    pub fn relink(&self, child: u32) {
        self.child.store(child, Relaxed)
    }
    /// Its moves now at `at` (the moves array rebuilt with no walk under way).
    pub fn move_moves(&self, at: usize) {
        self.moves_at.store(at as u32, Relaxed)
    }
    pub fn moves_at(&self) -> usize {
        self.moves_at.load(Relaxed) as usize
    }
    /// Where its children's indices are in `Tree::kids` (NIL: it has none yet).
    pub fn kids_at(&self) -> u32 {
        self.kids_at.load(Acquire) // the slots are written NIL before (see `Tree::kids_of`)
    }
    /// Its children's indices now at `at` (the array rebuilt with no walk under way).
    pub fn move_kids(&self, at: u32) {
        self.kids_at.store(at, Relaxed)
    }
    pub fn len(&self) -> usize {
        self.len.load(Relaxed) as usize
    }
    pub fn active(&self) -> usize {
        self.active.load(Relaxed) as usize
    }
    pub fn set_active(&self, active: usize) {
        self.active.store(active as u16, Relaxed)
    }
    pub fn tried(&self) -> usize {
        self.tried.load(Relaxed) as usize
    }
    pub fn expanded(&self) -> bool {
        self.expansion.load(Acquire) == EXPANDED // its moves are written before
    }
    pub fn mover(&self) -> u8 {
        self.mover.load(Relaxed)
    }
    pub fn proof(&self) -> i8 {
        self.proof.load(Relaxed)
    }
    fn set_proof(&self, proof: i8) {
        self.proof.store(proof, Relaxed)
    }
    pub fn depth(&self) -> u32 {
        self.depth.load(Relaxed)
    }
    pub fn set_depth(&self, depth: u32) {
        self.depth.store(depth, Relaxed)
    }
}

impl<M: Clone> Clone for Node<M> {
    fn clone(&self) -> Node<M> {
        let copy = Node { mv: self.mv.clone(), sibling: self.sibling, slot: self.slot, ..Node::new(None, self.parent, self.player) };
        copy.child.store(self.child(), Relaxed);
        copy.moves_at.store(self.moves_at() as u32, Relaxed);
        copy.kids_at.store(self.kids_at(), Relaxed);
        copy.len.store(self.len() as u16, Relaxed);
        copy.active.store(self.active() as u16, Relaxed);
        copy.tried.store(self.tried() as u16, Relaxed);
        copy.expansion.store(self.expansion.load(Relaxed), Relaxed);
        copy.mover.store(self.mover(), Relaxed);
        copy.proof.store(self.proof(), Relaxed);
        copy.secure.store(self.secure.load(Relaxed), Relaxed);
        copy.depth.store(self.depth(), Relaxed);
        copy
    }
}

/// A child's entry in its parent's list (`Tree::kids`): its index, its visits and results, and a
/// copy of its proof. Four entries to a cache line: the choice reads a line for four children,
/// where it read each child's node, a line apiece (UCB1's choice was 40% of a thread's time in
/// Icebreaker, 49% on two threads, most of it waiting on those lines). The counts live here
/// alone, not in the node: a visit writes one line, and the nodes, read at every step of every
/// thread's walk, are seldom written, so no core has to fetch them again from another.
#[derive(Debug, Default)]
#[repr(C, align(16))]
pub(crate) struct Kid {
    at: AtomicU32, // the child's index, its proof + 1 in the top two bits; NIL until the child is made
    n: AtomicU32,
    w: AtomicU64, // the f64's bits
}

/// The bits of `Kid::at` that hold the child's index: a tree has fewer nodes than that (`Tree::grow`).
const KID_INDEX: u32 = (1 << 30) - 1;

impl Kid {
    pub fn new() -> Kid {
        Kid { at: AtomicU32::new(NIL), ..Kid::default() } // w: 0.0's bits are 0
    }
    /// The same entry for the child renumbered `node` (a tree cut: no walk under way).
    pub fn renumbered(&self, node: u32) -> Kid {
        let kid = Kid { at: AtomicU32::new(node), n: AtomicU32::new(self.n()), w: AtomicU64::new(self.w.load(Relaxed)) };
        if node != NIL {
            kid.set_proof(self.node().1);
        }
        kid
    }
    /// The child's index and proof; NIL while the child is not yet made.
    #[inline(always)]
    pub fn node(&self) -> (u32, i8) {
        let at = self.at.load(Acquire); // a child is written in full before its index (see `Tree::grow`)
        if at == NIL {
            return (NIL, UNPROVED);
        }
        (at & KID_INDEX, (at >> 30) as i8 - 1)
    }
    fn set_proof(&self, proof: i8) {
        let at = self.at.load(Relaxed) & KID_INDEX;
        self.at.store(at | ((proof + 1) as u32) << 30, Release);
    }
    pub fn n(&self) -> u32 {
        self.n.load(Relaxed)
    }
    pub fn w(&self) -> f64 {
        f64::from_bits(self.w.load(Relaxed))
    }
}

/// An array threads append to at once. Slots are claimed with an atomic count within room made
/// beforehand (`make_room`, with no walk under way), and a slot claimed is written once, by its
/// claimer, before any other thread can reach it; so the array never moves under a walk.
pub(crate) struct Grow<T> {
    buf: Vec<T>, // its length is `taken` whenever no walk is under way (`sync`)
    ptr: *mut T,
    taken: Apart<AtomicUsize>,
}

/// A value on a cache line of its own: one written by every thread (a count) does not make the
/// others read again what sits beside it (the arrays' addresses, read at every step of a walk).
#[repr(align(64))]
#[derive(Default)]
pub(crate) struct Apart<T>(T);

impl<T> std::ops::Deref for Apart<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> std::ops::DerefMut for Apart<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

// Safety: slots are shared only once written (see above); writes go to slots no other thread has.
unsafe impl<T: Send + Sync> Sync for Grow<T> {}
unsafe impl<T: Send> Send for Grow<T> {}

impl<T> Default for Grow<T> {
    fn default() -> Grow<T> {
        let mut buf = Vec::new();
        Grow { ptr: buf.as_mut_ptr(), buf, taken: Apart::default() }
    }
}

impl<T> Drop for Grow<T> {
    fn drop(&mut self) {
        self.sync();
    }
}

impl<T> Grow<T> {
    pub fn len(&self) -> usize {
        self.taken.load(Relaxed)
    }
    #[cfg(test)]
    pub fn capacity(&self) -> usize {
        self.buf.capacity()
    }
    fn sync(&mut self) {
        // Safety: every slot below `taken` was written by its claimer, whose walk is over.
        unsafe { self.buf.set_len(*self.taken.get_mut()) }
    }
    /// The array as a Vec to change with no walk under way.
    pub fn edit<R>(&mut self, f: impl FnOnce(&mut Vec<T>) -> R) -> R {
        self.sync();
        let out = f(&mut self.buf);
        *self.taken.get_mut() = self.buf.len();
        self.ptr = self.buf.as_mut_ptr();
        out
    }
    /// Room for `more` slots past those taken (at least twice the room before, as a Vec grows).
    pub fn make_room(&mut self, more: usize) {
        let grown = self.enlarge(more, false);
        assert!(grown, "no memory for the search's tree");
    }
    /// Room for `more` slots past those taken and no more, if the system gives it.
    fn try_make_room(&mut self, more: usize) -> bool {
        self.enlarge(more, true)
    }
    /// A larger array copies only the slots taken. A Vec's own growth may copy all its room: for
    /// values aligned past what the system's `realloc` promises (the nodes were once aligned to 64
    /// bytes) Rust allocates anew and copies the old allocation whole, so a planted tree grown to the
    /// room for all threads copied 275 MB of room it never used, 0.36 s of a 0.5 s move, and made it
    /// resident.
    fn enlarge(&mut self, more: usize, exact: bool) -> bool {
        self.edit(|v| {
            if v.capacity() - v.len() >= more {
                return true;
            }
            let want = v.len().saturating_add(more);
            let want = if exact { want } else { want.max(v.capacity().saturating_mul(2)) };
            let mut new = Vec::new();
            if new.try_reserve_exact(want).is_err() {
                return false;
            }
            new.append(v);
            *v = new;
            true
        })
    }
    /// `k` slots claimed, the first's index; None if there is no room.
    fn claim(&self, k: usize) -> Option<usize> {
        let room = self.buf.capacity();
        self.taken.fetch_update(Relaxed, Relaxed, |t| (t + k <= room).then_some(t + k)).ok()
    }
    /// `k` slots claimed, the first's index: from a thread's `chunk` of this array where it has
    /// one (a thread on a shared tree), else straight from the array. The chunk is taken anew (at
    /// least `size` slots, or just `k` where the array has no more room) when it has too few, what
    /// was left of the old one filled with `fill`. None if there is no room.
    fn claim_in(&self, k: usize, chunk: Option<&mut std::ops::Range<usize>>, size: usize, fill: impl Fn(&Self, usize) -> T) -> Option<usize> {
        let Some(chunk) = chunk else { return self.claim(k) };
        if chunk.len() < k {
            self.fill(chunk, fill);
            let at = match self.claim(size.max(k)) {
                Some(at) => at..at + size.max(k),
                None => self.claim(k).map(|at| at..at + k)?,
            };
            *chunk = at;
        }
        chunk.start += k;
        Some(chunk.start - k)
    }

    /// What is left of a thread's `chunk` filled with `fill(self, slot)`, and the chunk emptied:
    /// every slot claimed is written.
    fn fill(&self, chunk: &mut std::ops::Range<usize>, fill: impl Fn(&Self, usize) -> T) {
        for i in chunk.clone() {
            self.put(i, fill(self, i));
        }
        *chunk = chunk.end..chunk.end;
    }

    /// Write a slot this thread claimed and no other thread can yet reach.
    fn put(&self, i: usize, value: T) {
        assert!(i < self.buf.capacity());
        unsafe { self.ptr.add(i).write(value) }
    }
}

impl<T> std::ops::Index<usize> for Grow<T> {
    type Output = T;
    fn index(&self, i: usize) -> &T {
        assert!(i < self.buf.capacity());
        unsafe { &*self.ptr.add(i) }
    }
}

/// Visit counts below this find their UCB1 terms in a table (`ucb_terms`).
const UCB_TABLE: usize = 4096;

/// (1/n, 1/√n, √ln n) for visits n (at least 1): a walk's UCB1 scores are most of an iteration,
/// and a division and a square root per child, a logarithm per node, were most of those (perf).
#[inline]
fn ucb_terms(n: u32) -> (f64, f64, f64) {
    fn terms(n: u32) -> (f64, f64, f64) {
        let n = n.max(1) as f64;
        (n.recip(), n.recip().sqrt(), n.ln().sqrt())
    }
    static TABLE: OnceLock<Vec<(f64, f64, f64)>> = OnceLock::new();
    let table = TABLE.get_or_init(|| (0..UCB_TABLE as u32).map(terms).collect());
    table.get(n as usize).copied().unwrap_or_else(|| terms(n))
}

/// What a walk down the tree reads, fixed for one search.
#[derive(Clone, Debug, Default)]
pub(crate) struct Walk {
    pub c: f64,               // Spec::c for this game, read once
    pub widen: u32,           // Spec::widen
    pub proofs: bool,         // Spec::proofs
    pub repeats: Option<f64>, // Spec::repetition in a game whose positions recur, else None
    pub draw0: f64,           // what a proved draw (or a repetition) is worth to player 0: see `worth`
    pub history: Vec<u64>,    // the keys of the game's positions before the root, sorted, when `repeats`
    pub seen: [u64; 16],      // a bit for each of those keys (`Walk::bit`): a key whose bit is clear is not there
}

impl Walk {
    /// The positions before the root (`history`, and `seen` from it).
    pub fn set_history(&mut self, keys: &[u64]) {
        self.history.clear();
        self.history.extend_from_slice(keys);
        self.history.sort_unstable();
        self.history.dedup();
        self.seen = [0; 16];
        for &key in &self.history {
            let (word, bit) = Walk::bit(key);
            self.seen[word] |= bit;
        }
    }

    /// A key's place among 1024 bits (mixed: a game's key need not be random in its high bits).
    fn bit(key: u64) -> (usize, u64) {
        let b = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 54) as usize;
        (b >> 6, 1 << (b & 63))
    }

    /// True if the position `key` came before the root. The bits answer most walks' steps, where
    /// the sorted keys' search was a fifth of a walk's step in Icebreaker (perf).
    pub fn before_root(&self, key: u64) -> bool {
        let (word, bit) = Walk::bit(key);
        self.seen[word] & bit != 0 && self.history.binary_search(&key).is_ok()
    }

    /// What a proof held for `who` is worth to `who`: a win 1, a loss 0, a draw one half; but in a
    /// game whose positions recur, where the solver's draws are its cycles (it scores a position
    /// repeated on its line as a draw), a draw is worth what a repetition is (`Spec::repetition`):
    /// else a cycle the solver proves would count for more than one the search meets.
    pub fn worth(&self, proof: i8, who: u8) -> f64 {
        match proof {
            WIN => 1.0,
            DRAW if who == 0 => self.draw0,
            DRAW => 1.0 - self.draw0,
            _ => 0.0,
        }
    }
}

/// Visits from which a node of a shared tree is busy: its visits and results are held back by
/// each thread and written in batches (`Held`); never at or below the visits at which the walk
/// offers a node to the endgame solver, which are counted one by one to meet that count exactly.
const BUSY: u32 = 128;
/// A busy node's visits a thread holds before it writes them: this many, or a sixteenth of the
/// node's visits if more (a batch moves the node's mean by a few hundredths at most).
const BATCH: u32 = 16;
const BATCH_SHARE: u32 = 4; // a batch of n >> BATCH_SHARE visits
/// The slots of the nodes' array a thread on a shared tree takes at once (see `Held`)...
const NODES_CHUNK: usize = 32;
/// ...and of the moves' and children's arrays.
const MOVES_CHUNK: usize = 256;
/// The busy nodes a thread holds at once (a power of two): a node's slot is its index's low bits.
const HELD_SLOTS: usize = 512;

/// What a thread on a shared tree keeps to itself for a while: its visits and results at the
/// tree's busy nodes, and slots of the tree's arrays taken ahead. Two threads on one tree both
/// walk its busiest nodes at nearly every iteration, and each write there makes the other core
/// read the node's line again (a round trip of 60 to 300 ns here, against a walk's step of a few
/// ns); taking each new node's slots was a write to a count every thread writes. Held back and
/// written in batches, they cost that once a batch. The thread's own walk counts what it holds
/// at once (`counts`), so it walks as if it were written; the other threads see it a batch late,
/// at nodes of a hundred visits and more, where a batch moves a mean by a few hundredths at most.
/// Off on a tree of one thread's own, whose walk is the one it always was.
#[derive(Default)]
pub(crate) struct Held {
    slots: Vec<(u32, u32, f64)>, // (node, visits, results for its `player`); node NIL: free
    busy: u32,                   // the visits from which a node is busy
    /// The slots of the tree's arrays this thread has taken and not yet used: on a shared tree a
    /// thread takes them a chunk at a time, where taking each alone was a write to a count all
    /// threads write, at every iteration.
    nodes: std::ops::Range<usize>,
    moves: std::ops::Range<usize>,
    kids: std::ops::Range<usize>,
}

impl Held {
    /// Held back on a shared tree (`on`), or written at once; a node busy from BUSY visits, or
    /// past `solve_at` (where the walk offers a node to the endgame solver) if that is more.
    pub fn new(on: bool, solve_at: Option<u32>) -> Held {
        let busy = BUSY.max(solve_at.map_or(0, |s| s.saturating_add(1)));
        Held { slots: if on { vec![(NIL, 0, 0.0); HELD_SLOTS] } else { Vec::new() }, busy, ..Held::default() }
    }

    /// Whether this thread holds visits back (on a shared tree).
    #[inline(always)]
    pub fn on(&self) -> bool {
        !self.slots.is_empty()
    }

    /// `node`'s visits and summed results `(n, w)` as written, with those held (on a shared tree).
    #[inline(always)]
    fn counts(&self, node: usize, (n, w): (u32, f64)) -> (u32, f64) {
        match self.slots[node & (HELD_SLOTS - 1)] {
            (at, held_n, held_w) if at == node as u32 => (n + held_n, w + held_w),
            _ => (n, w),
        }
    }

    /// One visit more at `node`: held if the node is busy (where this thread holds its batches).
    #[inline]
    fn visit<M>(&mut self, node: usize, tree: &Tree<M>) {
        let nd = &tree.nodes[node];
        if self.slots.is_empty() || tree.entry(nd).n() < self.busy {
            return tree.write(nd, 1, 0.0);
        }
        let slot = &mut self.slots[node & (HELD_SLOTS - 1)];
        if slot.0 != node as u32 {
            if slot.0 != NIL {
                tree.write(&tree.nodes[slot.0 as usize], slot.1, slot.2);
            }
            *slot = (node as u32, 0, 0.0);
        }
        slot.1 += 1;
    }

    /// A result added at `node`: held with its visit, and the batch written once it is full.
    #[inline]
    fn add<M>(&mut self, node: usize, tree: &Tree<M>, r: f64) {
        let nd = &tree.nodes[node];
        match self.slots.get_mut(node & (HELD_SLOTS - 1)) {
            Some(slot) if slot.0 == node as u32 => {
                slot.2 += r;
                if slot.1 >= BATCH.max(tree.entry(nd).n() >> BATCH_SHARE) {
                    tree.write(nd, slot.1, slot.2);
                    slot.0 = NIL;
                }
            }
            _ => tree.write(nd, 0, r),
        }
    }

    /// Every held batch written, and the slots taken and not used filled (at the end of a
    /// thread's iterations): with nodes linked nowhere, copies of the move before, no children.
    pub fn write_all<M: Copy>(&mut self, tree: &Tree<M>) {
        for slot in &mut self.slots {
            if slot.0 != NIL {
                tree.write(&tree.nodes[slot.0 as usize], slot.1, slot.2);
                slot.0 = NIL;
            }
        }
        tree.nodes.fill(&mut self.nodes, |_, _| Node::new(None, NIL, 0));
        tree.moves.fill(&mut self.moves, |moves, i| moves[i - 1]); // a chunk's first slot is always used
        tree.kids.fill(&mut self.kids, |_, _| Kid::new());
    }
}

/// Where one walk down the tree ends.
pub(crate) enum Leaf {
    Playout(usize),    // a leaf to play out from
    Value(usize, f64), // a value for player 0 to back up from this node: a proof's, or a repetition's
    Solve(usize),      // a node for the endgame solver to try; the walk goes on from it after
}

/// A thread's own part of a walk: its knowledge, random source and scratch lists.
pub(crate) struct Hand<'a, G: Game, K> {
    pub knowledge: &'a K,
    pub rng: &'a mut Rng,
    pub scratch: &'a mut Vec<G::Move>,
    pub path: &'a mut Vec<u64>, // the keys of the positions on the line walked, when the walk `repeats`
    pub held: &'a mut Held,     // its visits at a shared tree's busy nodes, not yet written
}

/// The tree: nodes and their moves, all one search's threads grow (see `team`).
pub(crate) struct Tree<M> {
    pub nodes: Grow<Node<M>>,
    pub moves: Grow<M>,
    /// A node's children's entries side by side (`Kid`), one slot a move in the order they are
    /// tried (NIL until its child is made). The list through `sibling` has the children too, but
    /// the walk's choice reads them here, four to a line, and needs no child's node but the one
    /// it goes on to.
    pub kids: Grow<Kid>,
    pub limit: usize, // the bytes past which the tree stops growing, and its playouts start from its leaves
    pub root: usize,  // the root's index: 0, or where a kept tree's root lies when it was not cut out (`Tree::move_root`)
    most: Apart<AtomicUsize>, // the most moves a node has had: room for a few such lists is kept (`make_room`)
    top: Apart<Kid>,          // the root's visits and results, which no parent's list holds
}

impl<M> Default for Tree<M> {
    fn default() -> Tree<M> {
        Tree { nodes: Grow::default(), moves: Grow::default(), kids: Grow::default(), limit: usize::MAX, root: 0, most: Apart::default(), top: Apart::default() }
    }
}

impl<M> Tree<M> {
    /// The entry that holds `nd`'s visits and results: its slot in its parent's list, or the root's own.
    #[inline(always)]
    fn entry(&self, nd: &Node<M>) -> &Kid {
        if nd.slot == NIL { &self.top } else { &self.kids[nd.slot as usize] }
    }

    /// `node`'s visits.
    pub fn n(&self, node: usize) -> u32 {
        self.entry(&self.nodes[node]).n()
    }

    /// `node`'s summed results, for its `player`.
    pub fn w(&self, node: usize) -> f64 {
        self.entry(&self.nodes[node]).w()
    }

    /// `n` visits and results `w` (for the node's `player`) added at `nd`'s entry. Two threads'
    /// at once may count as one: an atomic addition would make the two cores take turns at every
    /// node near the root (a shared tree did 1.07 times the iterations of one thread with it,
    /// 1.35 times without).
    #[inline(always)]
    fn write(&self, nd: &Node<M>, n: u32, w: f64) {
        let kid = self.entry(nd);
        if n > 0 {
            kid.n.store(kid.n() + n, Relaxed);
        }
        if w != 0.0 {
            kid.w.store((kid.w() + w).to_bits(), Relaxed);
        }
    }

    /// `node`, about to become the root, keeps its counts in the root's entry.
    pub fn take_top(&mut self, node: usize) {
        *self.top = self.entry(&self.nodes[node]).renumbered(NIL);
    }
}

/// What `Tree::grow` did.
enum Grown {
    Child(usize), // made this child
    Full,         // nothing: the tree may not grow
    Taken,        // nothing: other threads gave the last moves their children meanwhile
}

/// How a thread reaches the tree it grows: its own, where it makes room as it goes, or one
/// shared with other threads, all its room made before they start (`make_room_for_all`).
pub(crate) enum Place<'a, M> {
    Own(&'a mut Tree<M>),
    Shared(&'a Tree<M>),
}

impl<M> Place<'_, M> {
    pub fn tree(&self) -> &Tree<M> {
        match self {
            Place::Own(t) => t,
            Place::Shared(t) => t,
        }
    }
}

impl<M: Copy + PartialEq> Tree<M> {
    pub fn node(&self, i: usize) -> &Node<M> {
        &self.nodes[i]
    }

    /// The bytes the nodes and move lists fill.
    pub fn bytes(&self) -> usize {
        self.nodes.len() * std::mem::size_of::<Node<M>>() + self.moves.len() * std::mem::size_of::<M>() + self.kids.len() * std::mem::size_of::<Kid>()
    }

    /// `nd`'s proof, and its entry's in its parent's list.
    pub fn set_proof(&self, nd: &Node<M>, proof: i8) {
        nd.set_proof(proof);
        if nd.slot != NIL {
            self.kids[nd.slot as usize].set_proof(proof);
        }
    }

    pub fn root_node(&self) -> &Node<M> {
        &self.nodes[self.root]
    }

    /// True once the root is proved (won, drawn or lost).
    pub fn settled(&self) -> bool {
        self.nodes.len() > 0 && self.root_node().proof() != UNPROVED
    }

    /// No tree.
    pub fn clear(&mut self) {
        self.root = 0;
        *self.top = Kid::default();
        self.nodes.edit(|v| v.clear());
        self.moves.edit(|v| v.clear());
        self.kids.edit(|v| v.clear());
    }

    /// Make `node`, a node of the tree, the root where it lies. The nodes outside its subtree stay
    /// in the arrays, out of every walk's reach, until a cut (`keep_subtree`) drops them.
    pub fn move_root(&mut self, node: usize) {
        self.take_top(node);
        self.nodes.edit(|v| {
            let nd = &mut v[node];
            (nd.parent, nd.sibling, nd.slot, nd.mv) = (NIL, NIL, NIL, None);
        });
        self.root = node;
    }

    /// A tree of one root, whose move was `player`'s.
    pub fn plant(&mut self, player: u8) {
        self.clear();
        self.nodes.edit(|v| v.push(Node::new(None, NIL, player)));
    }

    /// Room for one walk more (its new node and the moves of the nodes it expands).
    pub fn make_room(&mut self) {
        self.nodes.make_room(NODE_MARGIN);
        let most = (*self.most.get_mut()).max(64);
        self.moves.make_room(4 * most);
        self.kids.make_room(4 * most);
    }

    /// Room for all the tree may grow to, `limit` (and what threads making their last nodes at
    /// once may pass it by): threads share the tree only with all its room made. The system
    /// gives memory to a page only once it is written. Each array's room is what it would take
    /// to fill `limit` alone, counted from its start rather than from what the tree holds now,
    /// so it is the same from move to move and a new move seldom needs more than the last made.
    /// If the system refuses that room (little memory, or none to promise), the tree is let
    /// grow to half as much, and so on.
    pub fn make_room_for_all(&mut self, threads: usize) {
        let most = (*self.most.get_mut()).max(64);
        loop {
            let room = self.limit.max(self.bytes());
            let all = |size: usize, margin: usize| (room / size.max(1)).saturating_add(margin * threads);
            let nodes = all(std::mem::size_of::<Node<M>>(), NODE_MARGIN).saturating_sub(self.nodes.len());
            let moves = all(std::mem::size_of::<M>(), 4 * most).saturating_sub(self.moves.len());
            let kids = all(std::mem::size_of::<Kid>(), 4 * most).saturating_sub(self.kids.len());
            if self.nodes.try_make_room(nodes) && self.moves.try_make_room(moves) && self.kids.try_make_room(kids) {
                return;
            }
            if self.limit <= self.bytes() {
                // Full: only the threads' last nodes, which the walks count on.
                self.nodes.make_room(nodes);
                self.moves.make_room(moves);
                self.kids.make_room(kids);
                return;
            }
            self.limit = self.bytes() + (self.limit - self.bytes()) / 2;
        }
    }

    /// The moves at `node`, in the order they are tried (none until it is expanded).
    pub fn moves_of(&self, node: usize) -> &[M] {
        let nd = &self.nodes[node];
        let (at, len) = (nd.moves_at(), nd.len());
        assert!(at + len <= self.moves.len());
        unsafe { std::slice::from_raw_parts(self.moves.ptr.add(at), len) }
    }

    /// A leaf at its first visit: true (and the leaf proved) if the game is over there. Its moves are
    /// not kept: most leaves get no second visit, and their lists were a fifth of the tree's bytes
    /// (Icebreaker and Goats Wintering) and much of what the kept tree's cut moves. A leaf is expanded
    /// at its second visit, where the walk goes on to its first child.
    fn ends_at<G: Game<Move = M>>(&self, node: usize, state: &G, scratch: &mut Vec<M>) -> bool {
        let nd = &self.nodes[node];
        nd.mover.store(state.to_move() as u8, Relaxed);
        let over = if G::QUICK_END {
            state.is_over()
        } else {
            state.legal_moves(scratch);
            scratch.is_empty()
        };
        if over {
            self.prove_end(nd, state);
        }
        over
    }

    /// The game is over at `nd` (its mover noted): proved with its result, as the plain result counts it,
    /// whatever the rewards.
    fn prove_end<G: Game<Move = M>>(&self, nd: &Node<M>, state: &G) {
        let r0 = match state.winner() {
            Some(0) => WIN,
            Some(_) => LOSS,
            None => DRAW,
        };
        self.set_proof(nd, if nd.player == 0 { r0 } else { WIN - r0 });
        nd.set_depth(0);
    }

    /// Fill a node's moves in the knowledge's order (and prove it if the game is over); false if
    /// another thread is at it, or there is no room for its moves.
    pub fn expand<G: Game<Move = M>, K: Knowledge<G>>(&self, node: usize, state: &G, knowledge: &K, rng: &mut Rng, scratch: &mut Vec<M>, held: &mut Held) -> bool {
        let nd = &self.nodes[node];
        if nd.expansion.compare_exchange(FRESH, EXPANDING, Acquire, Relaxed).is_err() {
            return false;
        }
        let mut moves = std::mem::take(scratch);
        state.legal_moves(&mut moves);
        nd.mover.store(state.to_move() as u8, Relaxed);
        let mut done = true;
        if moves.is_empty() {
            self.prove_end(nd, state);
        } else {
            let kept = knowledge.order(state, &mut moves, rng);
            if moves.len() > self.most.load(Relaxed) {
                self.most.fetch_max(moves.len(), Relaxed); // seldom: a write to a line all threads read
            }
            match self.moves.claim_in(moves.len(), held.on().then_some(&mut held.moves), MOVES_CHUNK, |moves, i| moves[i - 1]) {
                Some(at) => {
                    for (k, &mv) in moves.iter().enumerate() {
                        self.moves.put(at + k, mv);
                    }
                    nd.moves_at.store(at as u32, Relaxed);
                    nd.len.store(moves.len() as u16, Relaxed);
                    nd.set_active(if kept == 0 { moves.len() } else { kept.min(moves.len()) });
                }
                None => done = false, // no room: left for later
            }
        }
        nd.expansion.store(if done { EXPANDED } else { FRESH }, Release);
        *scratch = moves;
        done
    }

    /// Walk down from `node` (the root, or a node given to the solver: `resumed`) to where a
    /// playout starts or a value is known, playing the moves on `state`. Every node walked
    /// through counts its visit at once, as a loss until the backup adds the result (a virtual
    /// loss: other threads on a shared tree look elsewhere meanwhile). On one thread that is the
    /// count after the backup, so the walk is the same as with the visit counted there.
    pub fn descend<G: Game<Move = M>, K: Knowledge<G>>(
        &self,
        mut node: usize,
        resumed: bool,
        state: &mut G,
        walk: &Walk,
        hand: &mut Hand<G, K>,
        solve_at: Option<u32>,
        shared: bool,
    ) -> Leaf {
        // On a shared tree a node given to the solver counted its visit then: no other thread gives it again.
        let mut counted = resumed && shared;
        let mut offer = !resumed;
        loop {
            let nd = &self.nodes[node];
            if nd.proof() != UNPROVED {
                break;
            }
            if !nd.expanded() {
                // A leaf seen for the first time: is the game over here? Else it is played out from,
                // its moves kept only at its next visit (`ends_at`), which goes on to its first child.
                // (Another thread's leaf, or one with no room for its moves, is played out from as it is.)
                // A full tree grows no more lists either (the root's aside: a search needs its moves).
                let first = node != self.root && self.entry(nd).n() == 0;
                let room = || node == self.root || self.bytes() < self.limit;
                let expanded = !first && room() && self.expand(node, state, hand.knowledge, hand.rng, hand.scratch, hand.held);
                if (first && self.ends_at(node, state, hand.scratch)) || nd.proof() != UNPROVED {
                    if walk.proofs {
                        self.update_proof(nd.parent);
                    }
                    break;
                }
                if !expanded {
                    hand.held.visit(node, self);
                    return Leaf::Playout(node);
                }
            }
            if offer && node != self.root && solve_at == Some(self.entry(nd).n()) {
                if shared {
                    hand.held.visit(node, self);
                }
                return Leaf::Solve(node);
            }
            offer = true;
            let next = self.select(node, walk, hand.held);
            if !counted {
                hand.held.visit(node, self);
            }
            counted = false;
            let Some(child) = next else {
                return Leaf::Playout(node); // out of room: play out from here without growing the tree
            };
            state.play(self.nodes[child].mv.unwrap());
            node = child;
            if walk.repeats.is_some() {
                let key = state.key();
                if hand.path.contains(&key) || walk.before_root(key) {
                    // A value, not a proof: it holds on this line only.
                    hand.held.visit(node, self);
                    return Leaf::Value(node, walk.draw0);
                }
                hand.path.push(key);
            }
        }
        let nd = &self.nodes[node];
        if !counted {
            hand.held.visit(node, self);
        }
        let v = walk.worth(nd.proof(), nd.player);
        Leaf::Value(node, if nd.player == 0 { v } else { 1.0 - v })
    }

    /// Adds a playout's result along the path up from `node` (the visits were counted on the
    /// way down); a mover who can secure a proved draw (or better) by another move never counts
    /// less than that (score-bounded MCTS). True once the root is proved.
    pub fn backup(&self, mut node: usize, mut r0: f64, walk: &Walk, held: &mut Held) -> bool {
        loop {
            let nd = &self.nodes[node];
            let secure = nd.secure.load(Relaxed);
            if secure > LOSS {
                let (floor, mover) = (walk.worth(secure, nd.mover()), nd.mover());
                r0 = if mover == 0 { r0.max(floor) } else { r0.min(1.0 - floor) };
            }
            held.add(node, self, if nd.player == 0 { r0 } else { 1.0 - r0 });
            if nd.parent == NIL {
                return nd.proof() != UNPROVED;
            }
            node = nd.parent as usize;
        }
    }

    /// The next untried move's new child, else the child with the best UCB score (skipping
    /// replies proved lost for the mover); None when the tree may not grow.
    pub fn select(&self, node: usize, walk: &Walk, held: &mut Held) -> Option<usize> {
        let nd = &self.nodes[node];
        let visits = self.entry(nd).n();
        if walk.widen > 0 && nd.active() < nd.len() && visits >= walk.widen {
            nd.set_active(nd.len()); // progressive widening: the held-back moves join
        }
        if nd.tried() < nd.active() {
            match self.grow(node, held) {
                Grown::Child(id) => return Some(id),
                Grown::Full => return None,
                Grown::Taken => {} // by other threads meanwhile: every move has its child
            }
        }
        // UCB1: mean + c·√(ln N / n), as mean + (c·√ln N)·(1/√n).
        let explore = walk.c * ucb_terms(if held.on() { held.counts(node, (visits, 0.0)).0 } else { visits }).2;
        let mut best = None;
        let mut best_score = f64::NEG_INFINITY;
        let (first, player) = (nd.child(), nd.mover()); // every child's `player` is the mover here
        // The newest child first, as the list has them: one thread walks as it did through the list.
        for kid in self.kids_of(node).iter().rev() {
            let (ch, proof) = kid.node();
            if ch == NIL {
                continue; // its move claimed by another thread, the child not yet made
            }
            // With proofs, a proved move needs no more visits: what it secures is in `secure`.
            if walk.proofs && proof != UNPROVED {
                continue;
            }
            let (n, w) = if held.on() { held.counts(ch as usize, (kid.n(), kid.w())) } else { (kid.n(), kid.w()) };
            let (inverse, inverse_root, _) = ucb_terms(n);
            let mean = if proof != UNPROVED { walk.worth(proof, player) } else { w * inverse };
            let score = mean + explore * inverse_root;
            if score > best_score {
                best_score = score;
                best = Some(ch as usize);
            }
        }
        best.or(if first != NIL { Some(first as usize) } else { None })
    }

    /// `node`'s children's entries, one a move tried so far (NIL where another thread has claimed
    /// the move and not yet made its child); none before its first child.
    pub(crate) fn kids_of(&self, node: usize) -> &[Kid] {
        let nd = &self.nodes[node];
        let at = nd.kids_at();
        if at == NIL {
            return &[];
        }
        let tried = nd.tried().min(nd.len());
        assert!(at as usize + tried <= self.kids.buf.capacity()); // not `len`: a count every thread writes
        unsafe { std::slice::from_raw_parts(self.kids.ptr.add(at as usize), tried) }
    }

    /// `node`'s slots for its children's indices, made with its first child (by whichever
    /// thread comes first: another's, made meanwhile, stays unused); None if there is no room.
    fn kid_slots(&self, node: usize, held: &mut Held) -> Option<u32> {
        let nd = &self.nodes[node];
        let at = nd.kids_at();
        if at != NIL {
            return Some(at);
        }
        let len = nd.len();
        let mine = self.kids.claim_in(len, held.on().then_some(&mut held.kids), MOVES_CHUNK, |_, _| Kid::new())?;
        for k in 0..len {
            self.kids.put(mine + k, Kid::new());
        }
        // Release: a walk that reads the place reads the slots written.
        match nd.kids_at.compare_exchange(NIL, mine as u32, Release, Acquire) {
            Ok(_) => Some(mine as u32),
            Err(theirs) => Some(theirs),
        }
    }

    /// A new child of `node` for its next untried move, linked first in its list.
    fn grow(&self, node: usize, held: &mut Held) -> Grown {
        let nd = &self.nodes[node];
        if self.bytes() >= self.limit || self.nodes.len() >= (KID_INDEX / 2) as usize {
            return Grown::Full; // the second: 32 GB of nodes, half what an entry can index (threads' chunks pass it)
        }
        let Some(kids_at) = self.kid_slots(node, held) else {
            return Grown::Full;
        };
        let mut tried = nd.tried();
        loop {
            if tried >= nd.active() {
                return Grown::Taken;
            }
            match nd.tried.compare_exchange_weak(tried as u16, tried as u16 + 1, Relaxed, Relaxed) {
                Ok(_) => break,
                Err(now) => tried = now as usize,
            }
        }
        // There is room: a walk adds one node at most, and each thread passes the limit by one
        // at most (see `make_room` and `make_room_for_all`).
        let id = self.nodes.claim_in(1, held.on().then_some(&mut held.nodes), NODES_CHUNK, |_, _| Node::new(None, NIL, 0)).expect("room for a node");
        let mv = self.moves[nd.moves_at() + tried];
        let mut head = nd.child.load(Relaxed);
        let slot = kids_at + tried as u32;
        self.nodes.put(id, Node { sibling: head, slot, ..Node::new(Some(mv), node as u32, nd.mover()) });
        // Pushed on the list written in full (Release: a walk that reads the link sees it all).
        while let Err(now) = nd.child.compare_exchange_weak(head, id as u32, Release, Relaxed) {
            head = now;
            // Safety: the slot is still this thread's alone, linked nowhere.
            unsafe { (*self.nodes.ptr.add(id)).sibling = head };
        }
        self.kids[slot as usize].at.store(id as u32, Release);
        Grown::Child(id)
    }

    /// The endgame solver's value `v` for the mover at `node`, proved in `plies`: `node` and its
    /// ancestors are proved as far as it reaches.
    pub fn prove(&self, node: usize, v: i8, plies: u32) {
        let nd = &self.nodes[node];
        if nd.proof() != UNPROVED {
            return; // proved meanwhile from its moves (another thread's walk on a shared tree)
        }
        self.set_proof(nd, if nd.player == nd.mover() { v } else { WIN - v });
        nd.set_depth(plies);
        self.update_proof(nd.parent);
    }

    /// Prove `node` and its ancestors from their children, as far as the proofs reach.
    pub fn update_proof(&self, mut node: u32) {
        while node != NIL && self.nodes[node as usize].proof() == UNPROVED {
            let nd = &self.nodes[node as usize];
            if !nd.expanded() {
                return;
            }
            let mut win_depth: Option<u32> = None;
            let mut best = LOSS - 1;
            let mut best_depth = 0;
            let mut open = nd.tried() < nd.active();
            let mut ch = nd.child();
            while ch != NIL {
                let child = &self.nodes[ch as usize];
                match child.proof() {
                    UNPROVED => open = true,
                    WIN => win_depth = Some(win_depth.map_or(child.depth(), |d| d.min(child.depth()))),
                    p => {
                        if p > best || (p == best && child.depth() > best_depth) {
                            best = p;
                            best_depth = child.depth(); // lose (or draw) as slowly as possible
                        }
                    }
                }
                ch = child.sibling;
            }
            let (value, depth) = if let Some(d) = win_depth {
                (WIN, d) // win as fast as possible
            } else if open {
                if best > LOSS {
                    nd.secure.store(best, Relaxed);
                }
                return;
            } else if nd.active() < nd.len() {
                // No kept move wins: the moves held back must be searched too.
                nd.set_active(nd.len());
                return;
            } else {
                (best, best_depth)
            };
            self.set_proof(nd, if nd.player == nd.mover() { value } else { WIN - value });
            nd.set_depth(depth + 1);
            node = nd.parent;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_positions_before_the_root_are_found_by_their_bits_and_only_they() {
        let mut rng = Rng::new(3);
        let keys: Vec<u64> = (0..300).map(|_| rng.next_u64()).collect();
        let mut walk = Walk::default();
        walk.set_history(&keys[..100]);
        assert!(keys[..100].iter().all(|&k| walk.before_root(k)));
        assert!(!keys[100..].iter().any(|&k| walk.before_root(k)));
        // Keys that differ in their low bits only do not all share a bit.
        walk.set_history(&[5, 6]);
        assert!(walk.before_root(5) && walk.before_root(6) && !walk.before_root(7));
        assert_ne!(Walk::bit(5), Walk::bit(6));
    }

    #[test]
    fn a_childs_entry_holds_its_index_and_proof_apart_and_a_renumbered_one_keeps_its_counts() {
        assert_eq!((std::mem::size_of::<Kid>(), std::mem::size_of::<Node<u32>>()), (16, 48)); // four entries a cache line, a node three quarters of one (moves of 4 bytes)
        for node in [0, 1, 12_345, KID_INDEX - 1] {
            let kid = Kid::new();
            assert_eq!(kid.node(), (NIL, UNPROVED));
            kid.at.store(node, Relaxed);
            for proof in [UNPROVED, LOSS, DRAW, WIN, UNPROVED] {
                kid.set_proof(proof);
                assert_eq!(kid.node(), (node, proof));
            }
            kid.set_proof(DRAW);
            (kid.n.store(7, Relaxed), kid.w.store(2.5f64.to_bits(), Relaxed));
            let moved = kid.renumbered(3);
            assert_eq!((moved.node(), moved.n(), moved.w()), ((3, DRAW), 7, 2.5));
            assert_eq!(kid.renumbered(NIL).node(), (NIL, UNPROVED));
        }
    }

    #[test]
    fn a_tree_the_system_cannot_make_room_for_is_let_grow_to_what_it_can() {
        // No system gives room for a tree of all the address space: the tree is let grow to the
        // room it got, and takes its nodes there without moving.
        let mut tree: Tree<u32> = Tree::default();
        tree.plant(0);
        tree.limit = usize::MAX;
        tree.make_room_for_all(2);
        assert!(tree.limit < isize::MAX as usize);
        let room = tree.limit / std::mem::size_of::<Node<u32>>();
        assert!(tree.nodes.capacity() >= room.min(1 << 20), "{} {}", tree.nodes.capacity(), tree.limit);
        let at = tree.nodes.ptr;
        let id = tree.nodes.claim(1).unwrap();
        tree.nodes.put(id, Node::new(Some(7), 0, 1));
        assert_eq!((tree.nodes.len(), tree.nodes[1].mv, tree.nodes.ptr), (2, Some(7), at));
    }

    #[test]
    fn the_room_made_for_all_threads_stays_from_move_to_move_and_a_larger_array_keeps_its_slots() {
        let mut tree: Tree<u32> = Tree::default();
        tree.plant(0);
        tree.moves.edit(|v| v.extend(0..100_000)); // a kept tree's lists of moves
        tree.limit = 64 << 20;
        tree.make_room_for_all(2);
        let (at, room) = (tree.nodes.ptr, tree.nodes.capacity());
        for _ in 0..1000 {
            let id = tree.nodes.claim(1).unwrap();
            tree.nodes.put(id, Node::new(Some(id as u32), 0, 1));
        }
        tree.make_room_for_all(2); // the next move, the tree kept
        assert_eq!((tree.nodes.ptr, tree.nodes.capacity()), (at, room));
        tree.plant(1); // the next move, a new tree
        tree.make_room_for_all(2);
        assert_eq!((tree.nodes.ptr, tree.nodes.capacity()), (at, room));
        // Grown past its room, an array keeps what its slots hold.
        tree.nodes.edit(|v| v.extend((1..=5).map(|i| Node::new(Some(i), 0, 0))));
        tree.nodes.make_room(room);
        assert!(tree.nodes.capacity() >= room + 6);
        assert_eq!(tree.nodes.len(), 6);
        assert_eq!((1..6).map(|i| tree.nodes[i].mv).collect::<Vec<_>>(), [1, 2, 3, 4, 5].map(Some));
    }

    #[test]
    fn a_thread_holds_its_visits_at_a_busy_node_and_writes_them_in_batches() {
        let mut tree: Tree<u32> = Tree::default();
        tree.plant(0);
        (0..BUSY - 1).for_each(|_| tree.write(tree.node(0), 1, 0.0));
        // Not yet busy: written at once.
        let mut held = Held::new(true, None);
        held.visit(0, &tree);
        held.add(0, &tree, 1.0);
        assert_eq!((tree.n(0), tree.w(0)), (BUSY, 1.0));
        // Busy: the thread counts its visits and results at once, the tree a batch at a time.
        for k in 1..=BATCH {
            held.visit(0, &tree);
            assert_eq!(held.counts(0, (tree.n(0), 0.0)).0, BUSY + k);
            held.add(0, &tree, 0.5);
            let written = if k < BATCH { BUSY } else { BUSY + BATCH };
            assert_eq!(tree.n(0), written, "after {k}");
        }
        assert_eq!(tree.w(0), 1.0 + 0.5 * BATCH as f64);
        // What is held at the end is written.
        held.visit(0, &tree);
        held.add(0, &tree, 1.0);
        assert_eq!(tree.n(0), BUSY + BATCH);
        held.write_all(&tree);
        assert_eq!((tree.n(0), tree.w(0)), (BUSY + BATCH + 1, 2.0 + 0.5 * BATCH as f64));
        // A thread on its own tree holds nothing.
        let mut own = Held::default();
        own.visit(0, &tree);
        assert_eq!(tree.n(0), BUSY + BATCH + 2);
    }

    #[test]
    fn a_node_is_not_busy_until_past_the_visits_at_which_it_is_offered_to_the_solver() {
        // The walk offers a node to the endgame solver when its visits are exactly `solve_at`:
        // a batch must not jump over that count.
        let mut tree: Tree<u32> = Tree::default();
        tree.plant(0);
        let mut held = Held::new(true, Some(200));
        for k in 1..=201 {
            held.visit(0, &tree);
            assert_eq!(tree.n(0), k, "each visit written up to 201");
        }
        held.visit(0, &tree);
        assert_eq!(tree.n(0), 201, "busy from there");
        assert_eq!(Held::new(true, Some(20)).busy, BUSY);
    }

    #[test]
    fn a_chunk_taken_ahead_hands_out_its_slots_and_its_unused_ones_are_written_at_the_end() {
        let mut tree: Tree<u32> = Tree::default();
        tree.plant(0);
        tree.moves.make_room(1000);
        let mut held = Held::new(true, None);
        let a = tree.moves.claim_in(3, Some(&mut held.moves), MOVES_CHUNK, |m, i| m[i - 1]).unwrap();
        (0..3).for_each(|k| tree.moves.put(a + k, 10 + k as u32));
        let b = tree.moves.claim_in(2, Some(&mut held.moves), MOVES_CHUNK, |m, i| m[i - 1]).unwrap();
        (0..2).for_each(|k| tree.moves.put(b + k, 20 + k as u32));
        // One count taken for both, the rest of the chunk taken too.
        assert_eq!((a, b, tree.moves.len()), (0, 3, MOVES_CHUNK));
        held.write_all(&tree);
        assert!(held.moves.is_empty());
        tree.moves.edit(|v| assert_eq!((v.len(), v[4], v[5], v[MOVES_CHUNK - 1]), (MOVES_CHUNK, 21, 21, 21)));
    }
}
