//! Exact solver: negamax with alpha-beta and a transposition table keyed by `Game::key`.
//!
//! Scores are for the player to move: WIN - n means "wins in n plies", -(WIN - n) "loses in
//! n plies", 0 a draw. A child's score becomes its parent's by changing sign when the mover
//! changes (players need not alternate) and moving one ply further from the end. The table
//! keeps bounds, so windowed searches share it safely; it survives between calls.
//!
//! A node tries first the move its table holds as best, then its ply's killers (see `killers_on`),
//! then the rest in the game's order (`Knowledge::solver_order`).
//!
//! In a game whose positions recur (Goats Wintering, Icebreaker) lines can run on without end. A
//! solver that does not deepen gives up at the first line MAX_DEPTH plies long; one that does
//! (`deepen`: the analysis's, and the search's own in such a game) searches to a horizon that
//! doubles from the game's first (8 plies, 32 in Icebreaker), a line cut there counting as a draw
//! that proves nothing: a win needs a child proved lost, a loss every child proved won, so cuts
//! never make one, and a draw is given only by a try that cut no line. The analysis's also takes the game's own proof of
//! a win (`known_win`: passing to the end while ahead) where only the outcome is asked.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};
use std::time::Instant;

use super::Watch;
use crate::game::{Game, SolverOrder};

pub const WIN: i32 = 1_000_000;
pub const INF: i32 = 10 * WIN;
/// A line longer than this is given up on (cycling games).
const MAX_DEPTH: usize = 600;
/// A deepening solver's first horizon (plies on a line) unless the game sets its own
/// (`Knowledge::first_horizon`); each try doubles it up to MAX_DEPTH.
pub const FIRST_HORIZON: usize = 8;
/// An entry's depth when nothing in its search was cut at a horizon: good at any depth.
const ANY_DEPTH: u16 = u16::MAX;
/// Past this many entries the table is cleared (it only speeds up later tries); a search's own
/// solver's table is also kept within the memory the search leaves it (`set_table_room`).
const TABLE_LIMIT: usize = 4_000_000;

/// Keys are already mixed: hash them as they are.
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, _: &[u8]) {
        unreachable!("only u64 keys")
    }
    fn write_u64(&mut self, k: u64) {
        self.0 = k;
    }
}

pub type KeyMap<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;

/// The maps a `Table` is split into.
const SHARDS: usize = 64;

/// The slots a map of `capacity` entries holds: it doubles them once 7/8 are full (all but one of
/// fewer than 8).
fn slots(capacity: usize) -> usize {
    match capacity {
        0 => 0,
        1..=7 => capacity + 1,
        _ => capacity / 7 * 8,
    }
}

/// A map from keys to values in SHARDS maps, picked by bits 32-37 of the key: a map rehashes
/// all its entries at once when it grows, and one of 1.8 million took 240 ms here (a try past its
/// time, a cancellation unheard), where a shard's takes a 64th of that. The maps hash a key by
/// its low bits and its top 7, which the pick leaves alone.
struct Table<V> {
    shards: Vec<KeyMap<V>>,
    len: usize,
    slots: usize,
}

impl<V> Table<V> {
    fn new() -> Table<V> {
        Table { shards: (0..SHARDS).map(|_| KeyMap::default()).collect(), len: 0, slots: 0 }
    }

    #[inline]
    fn shard(key: u64) -> usize {
        (key >> 32) as usize % SHARDS
    }

    #[inline]
    fn get(&self, key: &u64) -> Option<&V> {
        self.shards[Self::shard(*key)].get(key)
    }

    fn insert(&mut self, key: u64, value: V) {
        let map = &mut self.shards[Self::shard(key)];
        let before = map.capacity();
        if map.insert(key, value).is_none() {
            self.len += 1;
            if map.capacity() != before {
                self.slots += slots(map.capacity()) - slots(before);
            }
        }
    }

    /// The slots a new entry for `key` would add (its map doubles when full).
    fn growth(&self, key: u64) -> usize {
        let map = &self.shards[Self::shard(key)];
        if map.len() < map.capacity() {
            0
        } else {
            slots(map.capacity()).max(4)
        }
    }

    /// Empties every map and keeps its slots.
    fn clear(&mut self) {
        self.shards.iter_mut().for_each(KeyMap::clear);
        self.len = 0;
    }
}

/// Why a solve stopped before the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// Out of nodes or time: nothing partial was stored.
    Budget,
    /// The caller asked to stop (its progress callback said so).
    Cancel,
}

/// A score seen from one ply further away from the end.
#[inline]
pub fn to_parent(score: i32) -> i32 {
    score - score.signum()
}

/// The child-side bound x such that to_parent(x) compares with `bound` the same way.
#[inline]
fn child_bound(bound: i32, upper: bool) -> i32 {
    if upper {
        if bound > 0 {
            bound + 1
        } else {
            bound - 1
        }
    } else if bound >= 0 {
        bound + 1
    } else {
        bound - 1
    }
}

/// (value 0..1 for the mover, proof in plies: +n win, -n loss, 0 draw).
pub fn score_to_value(score: i32) -> (f64, i32) {
    if score > 0 {
        (1.0, WIN - score)
    } else if score < 0 {
        (0.0, -(WIN + score))
    } else {
        (0.5, 0)
    }
}

#[derive(Clone, Copy)]
struct Entry<M> {
    lo: i32,
    hi: i32,
    best: Option<M>,
    /// The plies left to the horizon when a line below was cut there (ANY_DEPTH if none was):
    /// then only a proved win (lo > 0) or loss (hi < 0) holds at a node with more plies left.
    depth: u16,
}

/// Memoised alpha-beta over a native game.
pub struct Solver<G: Game> {
    table: Table<Entry<G::Move>>,
    table_room: usize, // bytes the table may grow to; it is cleared rather than grown past them
    path: HashSet<u64, BuildHasherDefault<KeyHasher>>,
    can_repeat: bool, // positions may recur on a line (Goats Wintering): cycles count as draws
    pub order: SolverOrder<G>, // how a node's moves are ordered after the table's best
    /// In a game whose positions recur, search to a horizon that doubles (`first_horizon`, twice
    /// that, ...) rather than give up at the first line MAX_DEPTH long: a line cut at the horizon
    /// scores as a draw and proves nothing, so a proved win or loss still holds; a draw is only
    /// given if no line was cut. Else a line MAX_DEPTH long ends the solve (the search's own solver, which must be quick).
    pub deepen: bool,
    /// The horizon of a deepening solve's first try, in plies.
    pub first_horizon: usize,
    /// The game's own proof that the mover wins (Goats Wintering: passing to the end while ahead),
    /// with the winning move and the most plies to the end; tried where only the outcome is asked.
    pub known_win: Option<fn(&G) -> Option<(G::Move, u32)>>,
    outcome: bool, // this solve asks only win, draw or loss (not the plies)
    horizon: usize,
    cuts: u64, // lines cut at the horizon so far in this try
    pub nodes: u64,
    limit: Option<u64>,
    deadline: Option<Instant>,
    ply: usize, // plies from the solve's root to the node being searched
    killers: Vec<[Option<G::Move>; 2]>, // per ply, the last two moves that cut a node off there
    /// Whether a node tries its ply's killers right after the table's move (the killer heuristic):
    /// a sibling's refutation often refutes it too. By default not with the fewest-replies order
    /// (Frozen Forest, Goats Wintering), where putting them before the most forcing move made
    /// Frozen Forest's proofs 2-3 times slower; it made Icebreaker's and Horizontal/Vertical's faster.
    pub killers_on: bool,
    /// Lists a node fills and clears, kept for the next node rather than allocated anew.
    spare: Vec<Lists<G>>,
}

/// A node's legal moves, a child's replies (where counted) and the children still to search:
/// (order key, move, position, its key).
struct Lists<G: Game> {
    moves: Vec<G::Move>,
    replies: Vec<G::Move>,
    children: Vec<(i32, G::Move, G, u64)>,
}

impl<G: Game> Solver<G> {
    /// An empty solver; `can_repeat` for games whose positions can come back.
    pub fn new(can_repeat: bool, order: SolverOrder<G>) -> Solver<G> {
        Solver {
            table: Table::new(),
            table_room: usize::MAX,
            path: Default::default(),
            can_repeat,
            order,
            deepen: false,
            first_horizon: FIRST_HORIZON,
            known_win: None,
            outcome: false,
            horizon: MAX_DEPTH,
            cuts: 0,
            nodes: 0,
            limit: None,
            deadline: None,
            ply: 0,
            killers: Vec::new(),
            killers_on: !matches!(order, SolverOrder::Mobility),
            spare: Vec::new(),
        }
    }

    /// Forget every solved position.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Bytes a slot of the table takes: a key, an entry and a control byte.
    const SLOT: usize = std::mem::size_of::<(u64, Entry<G::Move>)>() + 1;

    /// The bytes the table holds at its capacity.
    pub fn bytes(&self) -> usize {
        self.table.slots * Self::SLOT
    }

    /// Let the table grow to at most `bytes`: once full it is cleared rather than grown past them.
    pub fn set_table_room(&mut self, bytes: usize) {
        self.table_room = bytes;
    }

    /// Whether a new entry for `key` now would grow the table past its limit or its room.
    fn full(&self, key: u64) -> bool {
        self.table.len >= TABLE_LIMIT || (self.table.slots + self.table.growth(key)) * Self::SLOT > self.table_room
    }

    /// How many positions the table holds.
    pub fn table_len(&self) -> usize {
        self.table.len
    }

    fn check(&mut self, watch: &mut Watch) -> Result<(), Stop> {
        if let Some(limit) = self.limit {
            if self.nodes >= limit {
                return Err(Stop::Budget);
            }
        }
        let now = Instant::now();
        if let Some(d) = self.deadline {
            if now >= d {
                return Err(Stop::Budget);
            }
        }
        if !watch.tick(now) {
            return Err(Stop::Cancel);
        }
        Ok(())
    }

    /// The score of `state` for its mover, exact when strictly inside (alpha, beta).
    pub fn negamax(&mut self, state: &G, alpha: i32, beta: i32, watch: &mut Watch) -> Result<i32, Stop> {
        self.node(state, None, alpha, beta, watch)
    }

    /// `negamax` where the caller may already know the state's key.
    fn node(&mut self, state: &G, key: Option<u64>, alpha: i32, beta: i32, watch: &mut Watch) -> Result<i32, Stop> {
        self.nodes += 1;
        if self.nodes & 255 == 0 {
            self.check(watch)?;
        }
        let mut lists = self.spare.pop().unwrap_or_else(|| Lists { moves: Vec::new(), replies: Vec::new(), children: Vec::new() });
        let score = self.search(state, key, alpha, beta, watch, &mut lists);
        lists.children.clear();
        self.spare.push(lists);
        score
    }

    fn search(&mut self, state: &G, key: Option<u64>, mut alpha: i32, mut beta: i32, watch: &mut Watch, lists: &mut Lists<G>) -> Result<i32, Stop> {
        let Lists { moves, replies, children } = lists;
        state.legal_moves(moves);
        if moves.is_empty() {
            return Ok(terminal(state));
        }
        // A game still going scores within ±(WIN - 1): a window beyond that is settled at once.
        if alpha >= WIN - 1 {
            return Ok(WIN - 1);
        }
        if beta <= 1 - WIN {
            return Ok(1 - WIN);
        }
        let key = key.unwrap_or_else(|| state.key());
        let left = self.left();
        let mut best_move = None;
        if let Some(e) = self.table.get(&key).copied() {
            // A bound found with lines cut at a nearer horizon says nothing here, but a proof does;
            // one found with lines cut is used as a cut itself.
            let deep = e.depth >= left;
            let lo = if e.lo > 0 || deep { e.lo } else { -INF };
            let hi = if e.hi < 0 || deep { e.hi } else { INF };
            if e.depth != ANY_DEPTH && deep && (lo > -INF && lo <= 0 || hi < INF && hi >= 0) {
                self.cuts += 1;
            }
            if lo >= beta {
                return Ok(lo);
            }
            if hi <= alpha {
                return Ok(hi);
            }
            if lo == hi {
                return Ok(lo);
            }
            alpha = alpha.max(lo);
            beta = beta.min(hi);
            best_move = e.best;
        }
        if self.can_repeat && self.path.contains(&key) {
            return Ok(0); // a repeated position on this line: the cycle counts as a draw
        }
        if let (true, Some(known)) = (self.outcome, self.known_win) {
            if let Some((mv, plies)) = known(state) {
                let sc = WIN - plies as i32;
                self.store(key, sc, alpha, beta, Some(mv));
                return Ok(sc);
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        let mover = state.to_move();
        if let Some(first) = best_move {
            if let Some(i) = moves.iter().position(|&m| m == first) {
                moves[..=i].rotate_right(1);
            }
        }
        let mut best = -INF;
        let mut best_m = None;
        // Cheap pass first: a reply that ends the game settles or bounds the node at once. The
        // opponent's replies are counted only where the order sorts by them.
        let count = matches!(self.order, SolverOrder::Mobility) && best_move.is_none();
        for &mv in moves.iter() {
            let mut child = state.clone();
            child.play(mv);
            let n = if count {
                child.legal_moves(replies);
                replies.len() as i32
            } else {
                i32::from(!child.is_over())
            };
            if n == 0 {
                let sc = to_parent(match child.winner() {
                    None => 0,
                    Some(w) if w == mover => WIN,
                    Some(_) => -WIN,
                });
                if sc > best {
                    best = sc;
                    best_m = Some(mv);
                    if sc >= beta || sc == WIN - 1 {
                        self.store(key, sc, alpha0, beta0, best_m);
                        return Ok(sc);
                    }
                }
            } else {
                let child_key = child.key();
                children.push((if child.to_move() == mover { -n } else { n }, mv, child, child_key));
            }
        }
        // A child the table already proves won for this node's mover (lost for the opponent to
        // move there, or won where the mover moves again) settles the node at once (enhanced
        // transposition cutoff).
        for (_, mv, child, child_key) in children.iter() {
            let Some(e) = self.table.get(child_key) else { continue };
            let proved = if child.to_move() == mover { (e.lo > 0).then(|| e.lo) } else { (e.hi < 0).then(|| -e.hi) };
            if let Some(sc) = proved.map(to_parent).filter(|&sc| sc >= beta) {
                self.store(key, sc, alpha0, beta0, Some(*mv));
                return Ok(sc);
            }
        }
        // The table's move, if it is still at the front, keeps its place there.
        let first = usize::from(best_move.is_some() && children.first().map(|c| c.1) == best_move);
        match self.order {
            // Fewest replies for the opponent first (counted only where no move is the table's).
            SolverOrder::Mobility if best_move.is_none() => children.sort_by_key(|c| c.0),
            SolverOrder::Worth(worth) => {
                for c in &mut children[first..] {
                    c.0 = -worth(&c.2, mover);
                }
                children[first..].sort_by_key(|c| c.0);
            }
            _ => {}
        }
        // Then this ply's killers: the moves that last cut a node off at the same distance from
        // the root, where a sibling's refutation often refutes this node too.
        if self.killers_on {
            if let Some(ks) = self.killers.get(self.ply).copied() {
                let mut at = first;
                for k in ks.into_iter().flatten() {
                    if let Some(i) = children[at..].iter().position(|c| c.1 == k) {
                        children[at..=at + i].rotate_right(1);
                        at += 1;
                    }
                }
            }
        }
        if self.path.len() >= self.horizon && !children.is_empty() {
            if !self.deepen {
                return Err(Stop::Budget);
            }
            self.cuts += 1;
            return Ok(0); // cut: no proof either way
        }
        let cuts0 = self.cuts;
        if self.can_repeat {
            self.path.insert(key);
        }
        let mut result = Ok(());
        self.ply += 1;
        for (_, mv, child, child_key) in children.iter() {
            alpha = alpha.max(best);
            if alpha >= beta {
                break;
            }
            let sc = if child.to_move() == mover {
                self.node(child, Some(*child_key), child_bound(alpha, false), child_bound(beta, true), watch)
                    .map(to_parent)
            } else {
                self.node(child, Some(*child_key), -child_bound(beta, true), -child_bound(alpha, false), watch)
                    .map(|s| to_parent(-s))
            };
            match sc {
                Ok(sc) => {
                    if sc > best {
                        best = sc;
                        best_m = Some(*mv);
                    }
                }
                Err(stop) => {
                    result = Err(stop);
                    break;
                }
            }
        }
        self.ply -= 1;
        if self.can_repeat {
            self.path.remove(&key);
        }
        result?;
        if best >= beta && self.killers_on {
            if let Some(m) = best_m {
                if self.killers.len() <= self.ply {
                    self.killers.resize(self.ply + 1, [None, None]);
                }
                let ks = &mut self.killers[self.ply];
                if ks[0] != Some(m) {
                    ks[1] = ks[0];
                    ks[0] = Some(m);
                }
            }
        }
        let depth = if self.cuts > cuts0 { left } else { ANY_DEPTH };
        self.store_at(key, best, alpha0, beta0, best_m, depth);
        Ok(best)
    }

    /// Plies left to the horizon on the current line (ANY_DEPTH where lines are never cut).
    fn left(&self) -> u16 {
        if self.deepen && self.can_repeat {
            self.horizon.saturating_sub(self.path.len()).min(ANY_DEPTH as usize - 1) as u16
        } else {
            ANY_DEPTH
        }
    }

    fn store(&mut self, key: u64, score: i32, alpha: i32, beta: i32, mv: Option<G::Move>) {
        self.store_at(key, score, alpha, beta, mv, ANY_DEPTH);
    }

    fn store_at(&mut self, key: u64, score: i32, alpha: i32, beta: i32, mv: Option<G::Move>, depth: u16) {
        let (mut lo, mut hi) = (-INF, INF);
        if score <= alpha {
            hi = score;
        } else if score >= beta {
            lo = score;
        } else {
            lo = score;
            hi = score;
        }
        let mut best = mv;
        let old = self.table.get(&key).copied();
        if let Some(old) = old {
            // Bounds from a search that cut lines nearer merge only as far as they are proofs.
            let same = old.depth == depth;
            if same || old.lo > 0 {
                lo = lo.max(old.lo);
            }
            if same || old.hi < 0 {
                hi = hi.min(old.hi);
            }
            if best.is_none() {
                best = old.best;
            }
        }
        if old.is_none() && self.full(key) {
            self.table.clear(); // mid-try too: a root's try can fill it
            if self.full(key) {
                return; // the entry's map has no slots yet, and the room none to give it
            }
        }
        self.table.insert(key, Entry { lo, hi, best, depth });
    }

    fn begin(&mut self, nodes: Option<u64>, deadline: Option<Instant>) {
        self.nodes = 0;
        self.ply = 0;
        self.limit = nodes;
        self.deadline = deadline;
        self.path.clear();
        self.horizon = MAX_DEPTH;
        self.cuts = 0;
        self.outcome = false;
    }

    /// (value 0..1, plies) for the mover if win/draw/loss is settled within the budget.
    ///
    /// Only the outcome is sought (a null window around the draw), which prunes far more than
    /// the exact distance; the plies are those of the line found, so a win comes at least that fast.
    pub fn try_solve(&mut self, state: &G, nodes: Option<u64>, deadline: Option<Instant>, watch: &mut Watch) -> Result<Option<(f64, i32)>, Stop> {
        match self.solve_within(state, (-1, 1), nodes, deadline, watch) {
            Ok(score) => {
                let (value, proof) = score_to_value(score);
                Ok(Some((value, proof.abs())))
            }
            Err(Stop::Budget) => Ok(None),
            Err(Stop::Cancel) => Err(Stop::Cancel),
        }
    }

    /// The plies of a win for the mover of `state` within `plies` plies, if there is one (a null
    /// window at "wins in `plies`": lines longer than that are cut at once). Where positions
    /// recur, the horizon is just past `plies`, as a longer line cannot make such a win.
    pub fn win_within(&mut self, state: &G, plies: u32, deadline: Option<Instant>, watch: &mut Watch) -> Result<Option<u32>, Stop> {
        self.begin(None, deadline);
        if self.deepen && self.can_repeat {
            self.horizon = (plies as usize + 1).min(MAX_DEPTH);
        }
        let bound = WIN - plies.max(1) as i32;
        let score = self.negamax(state, bound - 1, bound, watch)?;
        Ok((score >= bound).then(|| (WIN - score) as u32))
    }

    /// The plies the mover of a lost `state` lasts, if at least `plies` (a null window at "loses
    /// in `plies`": a line is cut once it has lasted that long).
    pub fn lasts(&mut self, state: &G, plies: u32, deadline: Option<Instant>, watch: &mut Watch) -> Result<Option<u32>, Stop> {
        self.begin(None, deadline);
        let bound = plies.max(1) as i32 - WIN;
        let score = self.negamax(state, bound - 1, bound, watch)?;
        Ok((bound..0).contains(&score).then(|| (WIN + score) as u32))
    }

    /// The score of `state` in the window (exact: (-INF, INF); outcome only: (-1, 1)).
    pub fn solve(&mut self, state: &G, window: (i32, i32), deadline: Option<Instant>, watch: &mut Watch) -> Result<i32, Stop> {
        self.solve_within(state, window, None, deadline, watch)
    }

    /// The score of `state` in the window, within a node budget (a budget gives the same answer
    /// on any machine, where a deadline does not).
    pub fn solve_within(&mut self, state: &G, window: (i32, i32), nodes: Option<u64>, deadline: Option<Instant>, watch: &mut Watch) -> Result<i32, Stop> {
        self.begin(nodes, deadline);
        self.outcome = window.0 >= -1 && window.1 <= 1;
        if !(self.deepen && self.can_repeat) {
            return self.negamax(state, window.0, window.1, watch);
        }
        let mut horizon = self.first_horizon.min(MAX_DEPTH);
        loop {
            self.horizon = horizon;
            self.cuts = 0;
            self.path.clear();
            let score = self.negamax(state, window.0, window.1, watch)?;
            if score != 0 || self.cuts == 0 {
                return Ok(score);
            }
            if horizon >= MAX_DEPTH {
                return Err(Stop::Budget);
            }
            horizon = (2 * horizon).min(MAX_DEPTH);
        }
    }

    /// The score the table proves for the mover of `state`, if it holds a proof (a win or a loss).
    pub fn proved(&self, state: &G) -> Option<i32> {
        let e = self.table.get(&state.key())?;
        (e.lo > 0).then_some(e.lo).or((e.hi < 0).then_some(e.hi))
    }

    /// The move the table holds as best for `state`, if any.
    pub fn best_move(&self, state: &G) -> Option<G::Move> {
        self.table.get(&state.key()).and_then(|e| e.best)
    }

    /// The score, for the mover of `state`, of playing `mv` (in the window; table kept).
    pub fn child_score(&mut self, state: &G, mv: G::Move, window: (i32, i32), deadline: Option<Instant>, watch: &mut Watch) -> Result<i32, Stop> {
        let mut child = state.clone();
        child.play(mv);
        let sc = self.solve(&child, window, deadline, watch)?;
        Ok(to_parent(if child.to_move() == state.to_move() { sc } else { -sc }))
    }

    /// Every legal move with its score for the mover, best first: the root solved by
    /// `deadline` (else Stop::Budget), the other moves as far as `extra` allows.
    pub fn analyse(&mut self, state: &G, exact: bool, deadline: Option<Instant>, extra: std::time::Duration, watch: &mut Watch) -> Result<Vec<(G::Move, i32)>, Stop> {
        let window = if exact { (-INF, INF) } else { (-1, 1) };
        let best = self.solve(state, window, deadline, watch)?;
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let top = match self.best_move(state) {
            Some(m) => m,
            // A finished reply decided the root without a stored move: find it.
            None => {
                let mut found = moves[0];
                for &m in &moves {
                    if self.child_score(state, m, window, deadline, watch)?.signum() == best.signum() {
                        found = m;
                        break;
                    }
                }
                found
            }
        };
        let mut out = vec![(top, self.child_score(state, top, window, deadline, watch)?)];
        let until = Instant::now() + extra;
        for &m in &moves {
            if m == top {
                continue;
            }
            match self.child_score(state, m, window, Some(until), watch) {
                Ok(sc) => out.push((m, sc)),
                Err(Stop::Budget) => break,
                Err(Stop::Cancel) => return Err(Stop::Cancel),
            }
        }
        out.sort_by(|a, b| b.1.cmp(&a.1));
        Ok(out)
    }
}

/// The score of a finished game for the player to move.
fn terminal<G: Game>(state: &G) -> i32 {
    match state.winner() {
        None => 0,
        Some(w) if w == state.to_move() => WIN,
        Some(_) => -WIN,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::mcts::tests::Nim;

    #[test]
    fn a_child_the_table_proves_lost_settles_its_parent_before_any_is_searched() {
        // 11 stones: taking 3 leaves 8, lost for the opponent; the moves come as 1, 2, 3.
        let mut solver = Solver::<Nim>::new(false, SolverOrder::AsListed);
        let lost = solver.try_solve(&Nim { stones: 8, to_move: 1 }, None, None, &mut Watch::silent()).unwrap();
        assert_eq!(lost, Some((0.0, 4)));
        let parent = Nim { stones: 11, to_move: 0 };
        assert_eq!(solver.try_solve(&parent, None, None, &mut Watch::silent()).unwrap(), Some((1.0, 5)));
        assert_eq!((solver.nodes, solver.best_move(&parent)), (1, Some(3)), "only the parent was visited");
    }

    #[test]
    fn the_table_tells_a_proved_win_or_loss_and_nothing_unproved() {
        // 9 stones: the mover wins by taking 1 (8 left, lost for the opponent in 4 plies).
        let mut solver = Solver::<Nim>::new(false, SolverOrder::AsListed);
        assert_eq!(solver.proved(&Nim { stones: 8, to_move: 1 }), None, "nothing searched yet");
        solver.try_solve(&Nim { stones: 9, to_move: 0 }, None, None, &mut Watch::silent()).unwrap();
        assert!(solver.proved(&Nim { stones: 9, to_move: 0 }).is_some_and(|s| s > 0));
        assert!(solver.proved(&Nim { stones: 8, to_move: 1 }).is_some_and(|s| s < 0));
        assert_eq!(solver.proved(&Nim { stones: 30, to_move: 1 }), None);
    }

    #[test]
    fn a_table_kept_small_holds_no_more_and_proves_the_same() {
        let nim = Nim { stones: 25, to_move: 0 };
        let mut free = Solver::<Nim>::new(false, SolverOrder::AsListed);
        let proof = free.try_solve(&nim, None, None, &mut Watch::silent()).unwrap();
        let mut small = Solver::<Nim>::new(false, SolverOrder::AsListed);
        let room = Solver::<Nim>::SLOT * 128; // half the table's 64 maps with their first 4 slots
        small.set_table_room(room);
        assert_eq!(small.try_solve(&nim, None, None, &mut Watch::silent()).unwrap(), proof);
        assert_eq!(proof, Some((1.0, 13)), "take one, then answer every take with the rest of four: 1 + 2 * 6 plies");
        assert!(free.table_len() > 40 && small.bytes() > 0 && small.nodes > free.nodes, "it forgot, and searched again");
        assert!(small.bytes() <= room && free.bytes() > room, "{} > {room}", small.bytes());
    }

    #[test]
    fn every_games_positions_spread_evenly_over_the_tables_maps() {
        // A map's growth rehashes only its own entries: that bounds a store's stall only if no
        // game's keys crowd into a few maps.
        fn most_in_one_map<G: Game>(start: G) -> (usize, usize) {
            let (mut rng, mut moves, mut seen) = (crate::game::Rng::new(5), Vec::new(), HashSet::new());
            while seen.len() < 64 * SHARDS * 4 {
                let mut state = start.clone();
                while let Some(mv) = state.random_move(&mut moves, &mut rng) {
                    state.play(mv);
                    seen.insert(state.key());
                }
            }
            let mut counts = [0; SHARDS];
            seen.iter().for_each(|&k| counts[Table::<()>::shard(k)] += 1);
            (*counts.iter().max().unwrap(), seen.len() / SHARDS)
        }
        use crate::game::Options;
        let none = Options::default();
        for (game, (most, mean)) in [
            ("Frozen Forest", most_in_one_map(crate::frozen_forest::FrozenForest::new(&none).unwrap())),
            ("Icebreaker", most_in_one_map(crate::icebreaker::Icebreaker::<u128>::new(&none).unwrap())),
            ("Horizontal/Vertical", most_in_one_map(crate::hv_grid::HvGrid::<u128>::new(&none).unwrap())),
            ("Goats Wintering", most_in_one_map(crate::goats_wintering::GoatsWintering::<u128>::new(&none).unwrap())),
        ] {
            assert!(most < mean * 3 / 2, "{game}: {most} keys in one map, {mean} on average");
        }
    }
}
