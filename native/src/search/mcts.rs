//! Monte Carlo tree search (UCT) with MCTS-Solver, an endgame solver and tree reuse.
//!
//! Values are expected results in 0..1 (win 1, draw 0.5, loss 0). Players need not
//! alternate (Horizontal/Vertical lets a player move twice), so every node records who
//! moved into it and rewards are turned to that player's point of view. A finished game is
//! a proved value; a node whose mover has a proved winning reply is proved won; a node whose
//! replies are all proved is proved at their best. Proved nodes are not searched again.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::margin::MarginSolver;
use super::minimax::Minimax;
use super::solver::{Solver, Stop};
use super::tree::{Hand, Held, Leaf, Place, Tree, Walk, LOSS, NIL, UNPROVED, WIN};
use super::Watch;
use crate::game::{Game, Knowledge, Rng};

/// What one bot's search may hold, its trees and endgame solvers' tables together on all its
/// threads (less on a machine with little memory: see `team::thread_bytes`). Past it a tree stops
/// growing and its playouts start from its leaves. The bot worker then peaks under 512 MB with
/// Expert on every core (the bench's `--memory`); Expert's trees capped at half of this lost
/// nothing measurable against uncapped ones (docs/measurements.md, Memory).
pub const SEARCH_BYTES: usize = 320 << 20;
/// A thread's tree and solver table share its memory, whichever needs it: the table may grow into
/// all the tree leaves, but never past this share of the memory...
const TABLE_MOST: f64 = 0.75;
/// ...and this share is always kept for it (the tree of Icebreaker or Goats Wintering fills the rest).
pub(crate) const TABLE_KEPT: f64 = 0.125;

/// UCB1's exploration constant at every level (textbook UCT's), unless the game's knowledge asks
/// for its own (`Knowledge::exploration`: Icebreaker and Goats Wintering, 0.4). H/V measured 0.6
/// and 0.7 no better.
pub const C: f64 = 1.0;
/// Every level offers a node to the endgame solver when its visits reach this.
pub const SOLVE_AT: u32 = 200;
/// Every level gives the in-tree solver at most this share of the search's time.
pub const SOLVER_SHARE: f64 = 0.25;
/// Every level with a time budget lets the solver try the root first (where the game's knowledge
/// asks) for at most this share of it.
pub const ROOT_SHARE: f64 = 0.5;
/// A level whose move is at least this long (Expert's 1.5 s) gives the endgame solver's try at the
/// root its share of the move (ROOT_SHARE) wherever alpha-beta chooses the move
/// (`Knowledge::minimax`), and alpha-beta the rest: threefold time takes alpha-beta a ply or two
/// deeper, where a proof plays the rest of the game right. Measured in Icebreaker, role-swapped pairs
/// against Strong: with alpha-beta from 22 icebergs left and this try only from 16 (where the game
/// asks for it, `Knowledge::wants_root_solver`), Expert won 8, drew 5, lost 7 of 20; with it, 13-1-6, then
/// 23-5-12 of 40 more (the ladder, 3 Dec).
pub const PROOF_BEFORE_MINIMAX: f64 = 1.0;
/// A level whose move is at least PROOF_BEFORE_MINIMAX (Expert) keeps this share of it, at the
/// end, for the endgame solver to check the move alpha-beta chose: a move it proves lost is left
/// out and alpha-beta chooses again (`Minimax::checked`). The solver's table from the proof's try
/// makes such a proof quick where the move loses fast. Measured in Icebreaker (3 Dec, session 73):
/// Expert kept 326 of 330 plays of the suite, where 325 (with 0.3: 324); against Strong (the
/// ladder), 34 won, 11 drawn, 15 lost of 60 pairs (65.8%), where 24-3-13 of 40 without it.
pub const CHECK_SHARE: f64 = 0.2;
/// Every level spends this share of its budget finding the best try in a position proved lost.
pub const SWINDLE: f64 = 0.5;
/// Whether a search's threads grow one tree (tree parallelism with virtual loss, without a lock:
/// see `tree`) rather than one tree each, their roots' visits summed (root parallelism). See
/// `team`. Strong on 2 threads on one tree won Icebreaker 27 of 40 against Strong on 1 (67.5%
/// [52-80%]); with a tree each, 30 of 60 (docs/measurements.md, Threads).
pub const SHARED_TREE: bool = true;
/// What a repetition is worth to the side the search plays for, in games whose positions recur
/// (see `Spec::repetition`).
pub const REPETITION: f64 = 0.3;

/// How a search thinks: its budget, its solver's, and whether it is textbook UCT. A level's
/// search has the game's knowledge, MCTS-Solver's proofs and tree reuse; the rest is the
/// constants above (the `experiments` build may change each, see `Knobs`).
#[derive(Clone, Debug, Default)]
pub struct Spec {
    pub seconds: Option<f64>,
    pub iterations: Option<u64>,
    pub solve_nodes: u64, // the endgame solver's node budget per try (0: off)
    pub solve_root: bool, // the level has the time to let the solver try the whole position first
    pub uct: Option<f64>, // Some(c): textbook UCT: UCB1 with this c, no proofs, solver, reuse or knowledge
    pub shared: Option<bool>, // threads grow one tree (None: SHARED_TREE)
    #[cfg(feature = "experiments")]
    pub knobs: Knobs,
}

/// An experiment's override of a setting (`experiments` build); None (the setting's own) otherwise.
#[cfg(feature = "experiments")]
macro_rules! tuned {
    ($knob:expr) => {
        $knob
    };
}
#[cfg(not(feature = "experiments"))]
macro_rules! tuned {
    ($knob:expr) => {
        None
    };
}

impl Spec {
    /// A level's search within this budget, the solver off.
    pub fn new(seconds: Option<f64>, iterations: Option<u64>) -> Spec {
        Spec { seconds, iterations, ..Spec::default() }
    }

    /// Textbook UCT within this budget: UCB1 with `c`, random playouts, no proofs, solver or reuse.
    pub fn uct(c: f64, seconds: Option<f64>, iterations: Option<u64>) -> Spec {
        Spec { uct: Some(c), ..Spec::new(seconds, iterations) }
    }

    /// UCB1's exploration constant, given the game's (`Knowledge::exploration`, if any).
    pub fn c(&self, game: Option<f64>) -> f64 {
        let level = if self.knowledge() { game.unwrap_or(C) } else { C };
        tuned!(self.knobs.c).unwrap_or(self.uct.unwrap_or(level))
    }

    /// MCTS-Solver: proved nodes and lost replies skipped (not in textbook UCT).
    pub fn proofs(&self) -> bool {
        tuned!(self.knobs.proofs).unwrap_or(self.uct.is_none())
    }

    /// The tree is kept from move to move (not in textbook UCT).
    pub fn reuse(&self) -> bool {
        tuned!(self.knobs.reuse).unwrap_or(self.uct.is_none())
    }

    /// The game's knowledge orders moves and plays the playouts (textbook UCT: shuffled, random).
    pub fn knowledge(&self) -> bool {
        tuned!(self.knobs.knowledge).unwrap_or(self.uct.is_none())
    }

    /// What the whole search may hold (see SEARCH_BYTES).
    pub fn memory(&self) -> usize {
        tuned!(self.knobs.memory).unwrap_or(SEARCH_BYTES)
    }

    /// See SOLVE_AT.
    pub fn solve_at(&self) -> u32 {
        tuned!(self.knobs.solve_at).unwrap_or(SOLVE_AT)
    }

    /// See SOLVER_SHARE.
    pub fn solver_share(&self) -> f64 {
        tuned!(self.knobs.solver_share).unwrap_or(SOLVER_SHARE)
    }

    /// See ROOT_SHARE.
    pub fn root_share(&self) -> f64 {
        tuned!(self.knobs.root_share).unwrap_or(ROOT_SHARE)
    }

    /// See CHECK_SHARE: a level with a long move has it, the others none.
    pub fn check_share(&self) -> f64 {
        let long = self.seconds.is_some_and(|s| s >= PROOF_BEFORE_MINIMAX);
        tuned!(self.knobs.check).unwrap_or(if long { CHECK_SHARE } else { 0.0 })
    }

    /// See SWINDLE (textbook UCT proves nothing lost, so never looks).
    pub fn swindle(&self) -> f64 {
        tuned!(self.knobs.swindle).unwrap_or(SWINDLE)
    }

    /// A node's held-back moves join once it has this many visits; 0 (every level): only once
    /// every kept move is proved not to win.
    pub fn widen(&self) -> u32 {
        tuned!(self.knobs.widen).unwrap_or(0)
    }

    /// Once the root is proved won, the rest of the move's time looks for a faster win where the
    /// game's knowledge asks (`Knowledge::length_counts`; not in textbook UCT).
    pub fn shorten(&self) -> bool {
        tuned!(self.knobs.shorten).unwrap_or(self.uct.is_none())
    }

    /// Likewise, once the root is proved lost, the rest of the move's time looks for the slowest
    /// loss, which is then played instead of the best try (see SWINDLE).
    pub fn lengthen(&self) -> bool {
        tuned!(self.knobs.lengthen).unwrap_or(self.uct.is_none())
    }

    /// See SHARED_TREE.
    pub fn shared_tree(&self) -> bool {
        self.shared.unwrap_or(SHARED_TREE)
    }

    /// In a game whose positions recur, a line that comes back to a position earlier on it or
    /// earlier in the game is worth this much to the side the search plays for (its root's
    /// mover), and the rest to the other: less than a draw, so the bot makes progress when
    /// ahead and fights on when a little behind, and takes a cycle only when clearly losing.
    /// None: repetitions are not looked for (textbook UCT). Goats Wintering: see
    /// docs/measurements.md, Search ideas.
    pub fn repetition(&self) -> Option<f64> {
        let level = if self.uct.is_none() { Some(REPETITION) } else { None };
        match tuned!(self.knobs.repetition) {
            Some(v) if v < 0.0 => None,
            Some(v) => Some(v),
            None => level,
        }
    }
}

/// Experiments' overrides of the search's settings, set by name (the `experiments` build only).
#[cfg(feature = "experiments")]
#[derive(Clone, Debug, Default)]
pub struct Knobs {
    pub c: Option<f64>,
    pub proofs: Option<bool>,
    pub reuse: Option<bool>,
    pub knowledge: Option<bool>,
    pub solve_at: Option<u32>,
    pub solver_share: Option<f64>,
    pub root_share: Option<f64>,
    pub check: Option<f64>,
    pub swindle: Option<f64>,
    pub widen: Option<u32>,
    pub repetition: Option<f64>,
    pub memory: Option<usize>, // bytes (the knob is in MB)
    pub deepen: Option<bool>,
    pub shorten: Option<bool>,
    pub lengthen: Option<bool>,
}

#[cfg(feature = "experiments")]
impl Knobs {
    /// The search's knobs, by name.
    pub const NAMES: &'static [&'static str] =
        &["c", "proofs", "reuse", "knowledge", "solve_at", "solver_share", "root_share", "check", "swindle", "widen", "repetition", "memory", "deepen", "shorten", "lengthen"];

    /// Sets the knob `name` (false: no such knob of the search); an error names a value out of range.
    pub fn set(&mut self, name: &str, value: f64) -> Result<bool, String> {
        let within = |lo: f64, hi: f64| {
            if value.is_finite() && (lo..=hi).contains(&value) {
                Ok(value)
            } else {
                Err(format!("{name} must be a number from {lo} to {hi}, not {value:?}"))
            }
        };
        match name {
            "c" => self.c = Some(within(0.0, 1e6)?),
            "proofs" => self.proofs = Some(value != 0.0),
            "reuse" => self.reuse = Some(value != 0.0),
            "knowledge" => self.knowledge = Some(value != 0.0),
            "solve_at" => self.solve_at = Some(within(0.0, u32::MAX as f64)? as u32),
            "solver_share" => self.solver_share = Some(within(0.0, 1.0)?),
            "root_share" => self.root_share = Some(within(0.0, 1.0)?),
            "check" => self.check = Some(within(0.0, 1.0)?),
            "swindle" => self.swindle = Some(within(0.0, 1.0)?),
            "widen" => self.widen = Some(within(0.0, u32::MAX as f64)? as u32),
            "repetition" => self.repetition = Some(if value < 0.0 { -1.0 } else { within(0.0, 1.0)? }),
            "memory" => self.memory = Some((within(1.0, 1e6)? * (1 << 20) as f64) as usize),
            "deepen" => self.deepen = Some(value != 0.0),
            "shorten" => self.shorten = Some(value != 0.0),
            "lengthen" => self.lengthen = Some(value != 0.0),
            _ => return Ok(false),
        }
        Ok(true)
    }
}

/// A move of the root as the search sees it: value for the mover, visits, proof in plies.
#[derive(Clone, Debug)]
pub struct Candidate<M> {
    pub mv: M,
    pub value: f64,
    pub visits: u32,
    pub proof: Option<i32>, // +n wins in n plies, -n loses in n, 0 a draw
}

/// Counters of the last search, for benchmarks and tests.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub iterations: u64,
    pub reused: u32,  // visits the root already had from the previous move
    pub solved: u32,  // nodes the endgame solver settled
    pub nodes: usize,
    pub bytes: usize, // what the trees and solver tables hold (see `Mcts::bytes`)
    pub seconds: f64,
    pub swindled: bool, // the best try in a lost position was looked for
}

/// UCT over a native game with per-game `Knowledge`.
pub struct Mcts<G: Game, K: Knowledge<G> + Clone> {
    pub spec: Spec,
    pub knowledge: K,
    pub stats: Stats,
    rng: Rng,
    tree: Tree<G::Move>,
    root_state: Option<G>,
    view: u32,
    solver: Option<Solver<G>>,
    scratch: Vec<G::Move>,
    t0: Instant,
    deadline: Option<Instant>,
    solver_time: Duration,
    walk: Walk,
    max_bytes: usize, // past this the tree stops growing (see `set_memory`)
    /// Another thread's word that this search may end (a team's helpers and main search).
    pub halt: Option<Arc<AtomicBool>>,
    /// Whether the root is offered to the solver first (a team's helpers leave it to the main one).
    pub root_solver: bool,
    /// The threads the kept tree's cut may use (a team's on one tree, whose others wait for it).
    pub cut_threads: usize,
    path: Vec<u64>, // the keys of the positions on the current iteration's line, when the walk `repeats`
    held: Held,     // this thread's visits at a shared tree's busy nodes, not yet written (none on its own tree)
    table_room: Option<usize>, // a fixed room for the solver's table (a helper on a shared tree), else what the tree leaves
    longest: Option<G::Move>, // in a root proved lost, the move found to last longest (see `measure`)
    margin: Option<MarginSolver<G>>, // where the match counts the margin (`Knowledge::margin_room`), the root try's solver
    minimax: Option<Minimax<G>>, // where the game's knowledge asks (`Knowledge::minimax`), alpha-beta with its evaluation, made on first use
    chosen: Option<(G::Move, f64)>, // the root's move the root's try chose outright (see `Found::Chosen`), and its value for the mover
}

/// What the root's try found: a proved win (the move, and the plies to the end), or a move chosen
/// outright and played without the iterations: where the match counts the margin of score, the
/// move that holds the exact margin; where the game's knowledge asks, alpha-beta's move with its
/// evaluation (`Knowledge::minimax`).
pub(crate) enum Found<M> {
    Win(M, u32),
    Chosen(M, f64), // and its value for the mover (the margin's reward, `Knowledge::margin_reward`, or alpha-beta's chance)
}

impl<G: Game, K: Knowledge<G> + Clone> Mcts<G, K> {
    /// A search with this spec and knowledge; `can_repeat` for games whose positions recur.
    pub fn new(spec: Spec, knowledge: K, seed: u64, can_repeat: bool) -> Mcts<G, K> {
        let solver = if spec.solve_nodes > 0 && spec.proofs() {
            let mut solver = Solver::new(can_repeat, knowledge.solver_order());
            solver.deepen = can_repeat; // a line that runs on is cut at a growing horizon, not given up on
            solver.first_horizon = knowledge.first_horizon();
            #[cfg(feature = "experiments")]
            if let Some(d) = spec.knobs.deepen {
                solver.deepen = d && can_repeat;
            }
            Some(solver)
        } else {
            None
        };
        let margin = knowledge.margin_room().filter(|_| spec.proofs()).map(|room| MarginSolver::new(room, can_repeat, knowledge.solver_order()));
        Mcts {
            walk: Walk {
                c: spec.c(knowledge.exploration()),
                widen: spec.widen(),
                proofs: spec.proofs(),
                repeats: spec.repetition().filter(|_| can_repeat),
                draw0: 0.5,
                history: Vec::new(),
                seen: [0; 16],
            },
            max_bytes: spec.memory(),
            spec,
            knowledge,
            stats: Stats::default(),
            rng: Rng::new(seed),
            tree: Tree::default(),
            root_state: None,
            view: 0,
            solver,
            scratch: Vec::new(),
            t0: Instant::now(),
            deadline: None,
            solver_time: Duration::ZERO,
            halt: None,
            root_solver: true,
            cut_threads: 1,
            path: Vec::new(),
            held: Held::default(),
            table_room: None,
            longest: None,
            margin,
            minimax: None,
            chosen: None,
        }
    }

    /// Let this search hold at most `bytes`, its tree and its solver's table together.
    pub fn set_memory(&mut self, bytes: usize) {
        self.max_bytes = bytes;
    }

    /// The solver, its table let grow into what a tree of `tree_bytes` leaves (at most TABLE_MOST
    /// of the memory), or into its fixed room (a helper on a shared tree).
    fn solver_with_room(&mut self, tree_bytes: usize) -> &mut Solver<G> {
        let room = self.room_beside(tree_bytes);
        let solver = self.solver.as_mut().unwrap();
        solver.set_table_room(room);
        solver
    }

    /// The room a solver's table has beside a tree of `tree_bytes` (see `solver_with_room`).
    fn room_beside(&self, tree_bytes: usize) -> usize {
        let free = self.max_bytes.saturating_sub(tree_bytes).min((self.max_bytes as f64 * TABLE_MOST) as usize);
        self.table_room.unwrap_or(free)
    }

    /// Give the solver's table a fixed room, whatever the tree fills (a helper on a shared tree).
    pub(crate) fn set_table_room(&mut self, bytes: usize) {
        self.table_room = Some(bytes);
    }

    /// The keys of the game's positions before the one the next search starts from: a line that
    /// comes back to one of them is a repetition too (without them each search would see a cycle
    /// only once it came round to its own root, and would always mean to leave it a move later).
    pub fn set_history(&mut self, keys: &[u64]) {
        self.walk.set_history(if self.walk.repeats.is_some() { keys } else { &[] });
    }

    /// Forget the tree kept from the previous move.
    pub fn reset(&mut self) {
        self.tree.clear();
        self.root_state = None;
    }

    /// Restart the random source, keeping the tree.
    pub fn reseed(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
    }

    /// Grow the tree for `state` within the budget. `since` is the moves played from the
    /// previous search's position to this one, when known: the kept tree is walked down them.
    pub fn search(&mut self, state: &G, since: Option<&[G::Move]>, watch: &mut Watch) -> Result<(), Stop> {
        self.begin(state, since, watch)?;
        let mut tree = self.take_tree();
        let worked = self.work(Place::Own(&mut tree), state, watch);
        self.put_tree(tree);
        worked?;
        self.finish(state, watch)
    }

    /// What comes before the iterations: the kept tree walked down `since` (or a new one), the
    /// root expanded, and the root offered to the game's knowledge and the endgame solver.
    pub(crate) fn begin(&mut self, state: &G, since: Option<&[G::Move]>, watch: &mut Watch) -> Result<(), Stop> {
        self.ready(state, since, watch)?;
        self.solve_root(state, watch)
    }

    /// What comes before the root is offered to the endgame solver (see `begin`); a cancellation
    /// heard while the kept tree is cut out leaves no tree. The move's time counts from here, the
    /// cut included: on many threads the kept tree is big, and a cut takes up to some 80 ms of a
    /// 0.5 s move on 2 threads (`cut.rs`), where the bot should answer in the time its level says.
    pub(crate) fn ready(&mut self, state: &G, since: Option<&[G::Move]>, watch: &mut Watch) -> Result<(), Stop> {
        let t0 = Instant::now();
        let view = self.knowledge.begin(state);
        let reused = view == self.view && self.spec.reuse() && since.map_or(Ok(false), |path| self.reroot(path, watch))?;
        self.view = view;
        if !reused {
            self.tree.plant(1 - state.to_move() as u8);
        }
        self.root_state = Some(state.clone());
        self.walk.draw0 = match self.walk.repeats {
            Some(worth) if state.to_move() == 0 => worth,
            Some(worth) => 1.0 - worth,
            None => 0.5,
        };
        self.stats = Stats { reused: self.tree.n(self.tree.root), ..Stats::default() };
        self.t0 = t0;
        self.deadline = self.spec.seconds.map(|s| self.t0 + Duration::from_secs_f64(s));
        self.solver_time = Duration::ZERO;
        self.longest = None;
        self.chosen = None;
        if !self.tree.root_node().expanded() {
            self.tree.make_room();
            self.tree.expand(self.tree.root, state, &self.knowledge, &mut self.rng, &mut self.scratch, &mut Held::default());
        }
        let root = self.tree.root_node();
        if root.proof() != UNPROVED && root.expanded() {
            // Proved by the endgame solver, not by its moves: let the search find the proving move.
            self.tree.set_proof(root, UNPROVED);
            self.tree.update_proof(self.tree.root as u32);
        }
        if self.spec.proofs() && self.root_solver && self.tree.root_node().proof() == UNPROVED {
            if let Some((mv, plies)) = self.knowledge.winning_move(state) {
                self.prove_root_move(mv, plies);
            }
        }
        Ok(())
    }

    /// The tree, taken out for the iterations (shared by a team's threads, or this thread's own:
    /// see `put_tree`), with the room this search leaves it now.
    pub(crate) fn take_tree(&mut self) -> Tree<G::Move> {
        let limit = self.tree_limit();
        let mut tree = std::mem::take(&mut self.tree);
        tree.limit = limit;
        tree
    }

    /// The tree put back after the iterations.
    pub(crate) fn put_tree(&mut self, tree: Tree<G::Move>) {
        self.tree = tree;
    }

    /// A helper thread's start on `main`'s tree (see `team`): the same clock and point of view.
    pub(crate) fn join(&mut self, main: &Mcts<G, K>, state: &G) {
        self.view = self.knowledge.begin(state);
        self.walk.draw0 = main.walk.draw0;
        self.stats = Stats::default();
        self.t0 = main.t0;
        self.deadline = main.deadline;
        self.solver_time = Duration::ZERO;
    }

    /// Iterations on `tree` (this search's own, or one shared with other threads: `shared`) until
    /// the budget is spent, the root is proved, or another thread calls a halt.
    pub(crate) fn work(&mut self, mut tree: Place<G::Move>, state: &G, watch: &mut Watch) -> Result<(), Stop> {
        let solve_at = self.solver.as_ref().map(|_| self.spec.solve_at());
        self.held = Held::new(matches!(tree, Place::Shared(_)), solve_at);
        let out = self.iterations(&mut tree, state, solve_at, watch);
        self.held.write_all(tree.tree());
        out
    }

    /// `work`'s iterations.
    fn iterations(&mut self, tree: &mut Place<G::Move>, state: &G, solve_at: Option<u32>, watch: &mut Watch) -> Result<(), Stop> {
        let mut settled = tree.tree().settled() || self.chosen.is_some();
        let mut done = 0u64;
        while !settled {
            settled = match self.iterate(tree, state, solve_at, watch) {
                Ok(settled) => settled,
                Err(stop) => {
                    self.stats.iterations = done;
                    return Err(stop);
                }
            };
            done += 1;
            watch.done = done;
            if self.spec.iterations.map_or(false, |n| done >= n) {
                break;
            }
            let now = Instant::now();
            if self.deadline.map_or(false, |d| now >= d) {
                break;
            }
            if self.halt.as_ref().map_or(false, |h| h.load(Ordering::Relaxed)) {
                break;
            }
            if !watch.tick(now) {
                self.stats.iterations = done;
                return Err(Stop::Cancel);
            }
        }
        self.stats.iterations = done;
        Ok(())
    }

    /// What comes after the iterations: how long a proved game lasts, where it counts, and the counters.
    pub(crate) fn finish(&mut self, state: &G, watch: &mut Watch) -> Result<(), Stop> {
        self.measure(state, watch)?;
        self.stats.nodes = self.tree.nodes.len();
        self.stats.bytes = self.bytes();
        self.stats.seconds = self.t0.elapsed().as_secs_f64();
        Ok(())
    }

    /// Walk the kept tree down `path` and make the node reached the root; false if it is not there.
    /// Where that node's subtree holds at least half the nodes and the tree at most half its room,
    /// it becomes the root where it lies; else its subtree is cut out (`cut.rs`).
    fn reroot(&mut self, path: &[G::Move], watch: &mut Watch) -> Result<bool, Stop> {
        if self.tree.nodes.len() == 0 {
            return Ok(false);
        }
        let mut node = self.tree.root as u32;
        for &mv in path {
            let mut c = self.tree.node(node as usize).child();
            while c != NIL && self.tree.node(c as usize).mv != Some(mv) {
                c = self.tree.node(c as usize).sibling;
            }
            if c == NIL {
                return Ok(false);
            }
            node = c;
        }
        if node as usize == self.tree.root {
            return Ok(true);
        }
        // The nodes under `node`: at most its visits and itself (a walk adds one node at most).
        let (kept, all) = (self.tree.n(node as usize) as usize + 1, self.tree.nodes.len());
        if 2 * kept >= all && 2 * self.tree.bytes() <= self.tree_limit() {
            // Most of the tree is kept and there is room: the root moves, and the nodes dropped
            // wait for a later cut, which would have to move nearly every node now.
            self.tree.move_root(node as usize);
        } else {
            // Whether the caller still wants the search, asked every 16 384 steps of the cut.
            let heard = |step: usize| if step % 16_384 == 0 && !watch.tick(Instant::now()) { Err(Stop::Cancel) } else { Ok(()) };
            self.tree.keep_subtree(node as usize, self.cut_threads > 1, heard).inspect_err(|_| self.tree.clear())?;
        }
        Ok(true)
    }

    /// One walk down the tree from the root, a playout from where it ends, and the backup;
    /// true once the root is proved.
    fn iterate(&mut self, place: &mut Place<G::Move>, root_state: &G, solve_at: Option<u32>, watch: &mut Watch) -> Result<bool, Stop> {
        let (tree, shared): (&Tree<G::Move>, bool) = match place {
            Place::Own(t) => {
                t.limit = self.tree_limit();
                t.make_room();
                (t, false)
            }
            Place::Shared(t) => (t, true),
        };
        let mut state = root_state.clone();
        if self.walk.repeats.is_some() {
            self.path.clear();
            self.path.push(state.key());
        }
        let (mut from, mut resumed) = (tree.root, false);
        loop {
            let mut hand = Hand { knowledge: &self.knowledge, rng: &mut self.rng, scratch: &mut self.scratch, path: &mut self.path, held: &mut self.held };
            let (node, r0) = match tree.descend(from, resumed, &mut state, &self.walk, &mut hand, solve_at, shared) {
                Leaf::Solve(node) => {
                    if let Some((v, plies)) = self.solve_node(&state, tree.bytes(), watch)? {
                        tree.prove(node, v, plies);
                        self.stats.solved += 1;
                    }
                    (from, resumed) = (node, true);
                    continue;
                }
                Leaf::Playout(node) => (node, self.knowledge.playout(&mut state, &mut self.scratch, &mut self.rng)),
                Leaf::Value(node, r0) => (node, r0),
            };
            return Ok(tree.backup(node, r0, &self.walk, &mut self.held));
        }
    }

    /// What the tree may fill: the search's memory less what the solver's table holds or has
    /// kept for it (TABLE_KEPT).
    fn tree_limit(&self) -> usize {
        let table = match &self.solver {
            Some(solver) => solver.bytes().max((self.max_bytes as f64 * TABLE_KEPT) as usize),
            None => 0,
        };
        self.max_bytes.saturating_sub(table)
    }

    /// The endgame solver's try at a well-visited node's position, within its node budget: the
    /// value for the position's mover (LOSS, DRAW or WIN) and the plies to the end.
    fn solve_node(&mut self, state: &G, tree_bytes: usize, watch: &mut Watch) -> Result<Option<(i8, u32)>, Stop> {
        if !self.knowledge.wants_solver(state) {
            return Ok(None);
        }
        let now = Instant::now();
        if self.solver_time.as_secs_f64() > self.spec.solver_share() * (now - self.t0).as_secs_f64() {
            return Ok(None); // keep most of the time for the search itself
        }
        let (nodes, deadline) = (self.spec.solve_nodes, self.deadline);
        let found = self.solver_with_room(tree_bytes).try_solve(state, Some(nodes), deadline, watch);
        self.solver_time += now.elapsed();
        Ok(found?.map(|(value, plies)| ((value * 2.0).round() as i8, plies as u32)))
    }

    /// Try to prove the root won before searching; a proved win is played at once, as is the
    /// move that holds the exact margin where the match counts it, and alpha-beta's move where the
    /// game asks for it (`Knowledge::minimax`).
    ///
    /// A failed try still pays: the solver's table keeps what it settled, so the next move's
    /// try starts further on. A proved loss is left to the search (then the best try is sought).
    pub(crate) fn solve_root(&mut self, state: &G, watch: &mut Watch) -> Result<(), Stop> {
        let tree = std::mem::take(&mut self.tree);
        let found = self.root_try(state, &tree, false, watch);
        self.tree = tree;
        if let Some(found) = found? {
            self.settle(found);
        }
        Ok(())
    }

    /// What the root's try found (see `solve_root`): what the proof's try found, else, where the
    /// game asks, alpha-beta's move. `tree` is this search's, taken out or not.
    pub(crate) fn root_try(&mut self, state: &G, tree: &Tree<G::Move>, team: bool, watch: &mut Watch) -> Result<Option<Found<G::Move>>, Stop> {
        match self.proof_try(state, tree, team, watch)? {
            None => self.minimax_try(state, tree, watch),
            found => Ok(found),
        }
    }

    /// Where the game's knowledge asks (`Knowledge::minimax`) and the root is not proved,
    /// alpha-beta's move with the game's evaluation, searched for the rest of the move's time (a
    /// level with a time budget and its own root try). A root alpha-beta finds lost on every line
    /// is left to the iterations, which seek the best try there. The root's moves the solver has
    /// proved lost (a proof try that fails on the root often proves some) are left out: Expert kept
    /// 98.5% of Icebreaker's suite with that, where 97.3%. A level with a long move keeps the end
    /// of it for the solver to check alpha-beta's move (CHECK_SHARE, `Minimax::checked`). On a
    /// team's one tree the other threads iterate meanwhile: their visits are shown, and
    /// alpha-beta's move is played.
    fn minimax_try(&mut self, state: &G, tree: &Tree<G::Move>, watch: &mut Watch) -> Result<Option<Found<G::Move>>, Stop> {
        if !(self.spec.solve_root && self.spec.proofs() && self.root_solver) || tree.settled() || self.chosen.is_some() {
            return Ok(None);
        }
        let (Some(deadline), Some(eval)) = (self.deadline, self.knowledge.minimax(state)) else { return Ok(None) };
        let avoid = self.proved_lost(state);
        let room = self.room_beside(tree.bytes());
        let minimax = self.minimax.get_or_insert_with(Minimax::default);
        let check = self.spec.check_share();
        let found = match self.solver.as_mut().filter(|_| check > 0.0) {
            Some(solver) => {
                solver.set_table_room(room);
                let seconds = self.spec.seconds.unwrap_or(0.0);
                let until = deadline.min(self.t0 + Duration::from_secs_f64((1.0 - check) * seconds));
                minimax.checked(state, eval, avoid, solver, Some(until), Some(deadline), u32::MAX, watch)?
            }
            None => minimax.best(state, eval, &avoid, Some(deadline), u32::MAX, watch)?,
        };
        Ok(found.filter(|&(_, chance, _)| chance > 0.0).map(|(mv, chance, _)| Found::Chosen(mv, chance)))
    }

    /// The root's moves the endgame solver's table proves lost for the mover (its try at the root,
    /// or the tree's, proved them before failing to prove the root).
    fn proved_lost(&self, state: &G) -> Vec<G::Move> {
        let Some(solver) = &self.solver else { return Vec::new() };
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        moves.retain(|&mv| {
            let mut child = state.clone();
            child.play(mv);
            solver.proved(&child).is_some_and(|score| if child.to_move() == state.to_move() { score < 0 } else { score > 0 })
        });
        moves
    }

    /// What the endgame solver's try at the root found within its share of the time (on a `team`'s
    /// one tree, `Knowledge::team_root_share`): the winning move and the plies to the win, or where
    /// the match counts the margin, the move that holds the exact margin.
    fn proof_try(&mut self, state: &G, tree: &Tree<G::Move>, team: bool, watch: &mut Watch) -> Result<Option<Found<G::Move>>, Stop> {
        let (Some(deadline), Some(seconds)) = (self.deadline, self.spec.seconds) else { return Ok(None) };
        // A root the tree has proved won still gets the margin's try: its proof says who wins, not by how much.
        if (self.solver.is_none() && self.margin.is_none()) || !self.root_solver || (tree.settled() && self.margin.is_none()) {
            return Ok(None);
        }
        let share = match team.then(|| self.knowledge.team_root_share(state)).flatten() {
            Some(share) => share,
            None if self.knowledge.wants_root_solver(state) => self.spec.root_share(),
            None if seconds >= PROOF_BEFORE_MINIMAX && self.knowledge.minimax(state).is_some() => self.spec.root_share(),
            None => return Ok(None),
        };
        if share <= 0.0 {
            return Ok(None);
        }
        let until = deadline.min(self.t0 + Duration::from_secs_f64(share * seconds));
        if self.margin.is_some() {
            let room = self.room_beside(tree.bytes());
            let margins = self.margin.as_mut().unwrap();
            margins.set_table_room(room);
            let Some((mv, margin)) = margins.best(state, Some(until), watch)? else { return Ok(None) };
            let reward = self.knowledge.margin_reward(margin);
            return Ok(Some(Found::Chosen(mv, if state.to_move() == 0 { reward } else { 1.0 - reward })));
        }
        let solver = self.solver_with_room(tree.bytes());
        match solver.try_solve(state, None, Some(until), watch)? {
            Some((value, plies)) if value >= 1.0 => Ok(solver.best_move(state).map(|mv| Found::Win(mv, plies.max(1) as u32))),
            _ => Ok(None),
        }
    }

    /// Take in what the root's try found: a proved win marks its move, a move chosen outright
    /// ends the search and is played.
    pub(crate) fn settle(&mut self, found: Found<G::Move>) {
        match found {
            Found::Win(mv, plies) => self.prove_root_move(mv, plies),
            Found::Chosen(mv, value) => self.chosen = Some((mv, value)),
        }
    }

    /// With the root proved, spend what is left of the move's time on how long the game lasts,
    /// where that counts (`Knowledge::length_counts`): a proof's plies are those of the first line
    /// found, seldom the fastest win or the slowest loss. The solver asks "a win within k plies?"
    /// or "lasting k plies?" (null windows) with k halving the range still open. A faster win is
    /// proved at the root, where the fastest proved win goes first; the slowest loss is kept as
    /// `longest`, played instead of the best try. Only a level with a time budget and its own
    /// root solver (a team's main search).
    fn measure(&mut self, state: &G, watch: &mut Watch) -> Result<(), Stop> {
        let Some(deadline) = self.deadline else { return Ok(()) };
        let won = match self.tree.root_node().proof() {
            LOSS if self.spec.shorten() => true, // for the player who moved into the root
            WIN if self.spec.lengthen() => false,
            _ => return Ok(()),
        };
        if self.solver.is_none() || !self.root_solver || !self.knowledge.length_counts() {
            return Ok(());
        }
        let (mut lo, mut hi) = (1, self.tree.root_node().depth()); // the length sought lies in lo..=hi
        let mut found = None;
        while lo < hi {
            let solver = self.solver_with_room(self.tree.bytes());
            let k = if won { (lo + hi - 1) / 2 } else { (lo + hi + 1) / 2 };
            let answer = if won { solver.win_within(state, k, Some(deadline), watch) } else { solver.lasts(state, k, Some(deadline), watch) };
            match answer {
                Ok(Some(plies)) if won => hi = plies,
                Ok(Some(plies)) => lo = plies,
                Ok(None) if won => lo = k + 1,
                Ok(None) => hi = k - 1,
                Err(Stop::Budget) => break,
                Err(stop) => return Err(stop),
            }
            if let (Ok(Some(plies)), Some(mv)) = (answer, solver.best_move(state)) {
                found = Some((mv, plies));
            }
        }
        match found {
            Some((mv, plies)) if won => self.prove_root_move(mv, plies),
            Some((mv, plies)) => {
                // No move lasts past hi: the others' first lines found are cut to that.
                let mut ch = self.tree.root_node().child();
                while ch != NIL {
                    let c = self.tree.node(ch as usize);
                    c.set_depth(if c.mv == Some(mv) { plies - 1 } else { c.depth().min(hi.max(plies) - 1) });
                    ch = c.sibling;
                }
                self.longest = Some(mv);
            }
            None => {}
        }
        Ok(())
    }

    /// Mark the root's move `mv` proved won in `plies` plies, giving it a child first (tried
    /// next) if it has none yet.
    pub(crate) fn prove_root_move(&mut self, mv: G::Move, plies: u32) {
        let mut ch = self.tree.root_node().child();
        while ch != NIL && self.tree.node(ch as usize).mv != Some(mv) {
            ch = self.tree.node(ch as usize).sibling;
        }
        if ch == NIL {
            let root = self.tree.root_node();
            let (at, tried) = (root.moves_at(), root.tried());
            let Some(k) = self.tree.moves_of(self.tree.root).iter().position(|&m| m == mv) else { return };
            if k < tried {
                return;
            }
            self.tree.moves.edit(|moves| moves.swap(at + tried, at + k));
            let root = self.tree.root_node();
            if root.active() <= tried {
                root.set_active(tried + 1);
            }
            self.tree.limit = self.tree_limit();
            self.tree.make_room();
            ch = self.tree.select(self.tree.root, &self.walk, &mut Held::default()).map_or(NIL, |c| c as u32);
            if ch == NIL {
                return;
            }
        }
        let child = self.tree.node(ch as usize);
        self.tree.set_proof(child, WIN); // for the mover, who played it
        child.set_depth(plies.saturating_sub(1));
        self.stats.solved += 1;
        self.tree.update_proof(self.tree.root as u32);
    }

    /// The root's moves, best first: fastest proved win, then visits, then slowest proved loss.
    pub fn analysis(&self) -> Vec<Candidate<G::Move>> {
        let root = self.tree.root_node();
        let mut out = Vec::new();
        let mut ch = root.child();
        while ch != NIL {
            let c = self.tree.node(ch as usize);
            // Without proofs (textbook UCT) a finished game's value is only a statistic too.
            let (proof, n) = (c.proof(), self.tree.n(ch as usize));
            out.push(if proof != UNPROVED && self.spec.proofs() {
                let plies = c.depth() as i32 + 1;
                let proved = match proof {
                    WIN => plies,
                    LOSS => -plies,
                    _ => 0,
                };
                Candidate { mv: c.mv.unwrap(), value: self.walk.worth(proof, c.player), visits: n, proof: Some(proved) }
            } else {
                let value = if n > 0 { self.tree.w(ch as usize) / n as f64 } else { 0.5 };
                Candidate { mv: c.mv.unwrap(), value, visits: n, proof: None }
            });
            ch = c.sibling;
        }
        for &mv in &self.tree.moves_of(self.tree.root)[root.tried()..root.active()] {
            out.push(Candidate { mv, value: 0.5, visits: 0, proof: None });
        }
        best_first(&mut out);
        out
    }

    /// How many nodes the tree holds.
    pub fn node_count(&self) -> usize {
        self.tree.nodes.len()
    }

    /// The bytes the tree fills and the solver's table holds (the arrays' room to grow is not
    /// counted: the system gives memory to a page only once it is written).
    pub fn bytes(&self) -> usize {
        self.tree.bytes() + self.solver.as_ref().map_or(0, |s| s.bytes()) + self.margin.as_ref().map_or(0, |m| m.bytes())
    }

    /// Search, then the analysis, best first; in a position proved lost the move an imperfect
    /// opponent most often answers wrongly comes first (a short search without proofs finds it).
    pub fn choose(&mut self, state: &G, since: Option<&[G::Move]>, watch: &mut Watch) -> Result<Vec<Candidate<G::Move>>, Stop> {
        self.search(state, since, watch)?;
        let mut evals = self.analysis();
        self.best_try(state, &mut evals, watch)?;
        Ok(evals)
    }

    /// True once the root is proved (won, drawn or lost), or its move chosen outright (the exact
    /// margin's, alpha-beta's): the search has nothing left to do.
    pub fn settled(&self) -> bool {
        self.tree.settled() || self.chosen.is_some()
    }

    /// Put first the move the root's try chose outright (the exact margin's, alpha-beta's). In a position
    /// proved lost, put first the move found to last longest where how long the game
    /// lasts counts (see `measure`), else the move an imperfect opponent most often answers
    /// wrongly (a short search without proofs finds it); `evals` is the analysis, best first.
    pub fn best_try(&mut self, state: &G, evals: &mut Vec<Candidate<G::Move>>, watch: &mut Watch) -> Result<(), Stop> {
        if let Some((mv, value)) = self.chosen {
            put_first(evals, mv);
            // Not a proof in plies (the line's length is not sought). No other move can hold more than
            // the exact margin, nor is judged above alpha-beta's, so no estimate shows above it.
            for e in evals.iter_mut() {
                e.value = if e.mv == mv { value } else { e.value.min(value) };
            }
            return Ok(());
        }
        let lost = evals.first().map_or(false, |e| e.proof.map_or(false, |p| p < 0));
        if let (true, Some(mv)) = (lost, self.longest) {
            put_first(evals, mv);
            return Ok(());
        }
        if lost && evals.len() > 1 && self.spec.swindle() > 0.0 {
            // The same share of whichever budgets the search had (time, iterations or both).
            let share = self.spec.swindle();
            let spec = Spec::uct(
                self.walk.c,
                self.spec.seconds.map(|s| s * share),
                self.spec.iterations.map(|n| (n as f64 * share).ceil() as u64),
            );
            let mut hope = Mcts::new(spec, self.knowledge.clone(), self.rng.next_u64(), false);
            hope.search(state, None, watch)?;
            if let Some(best_try) = hope.analysis().first() {
                put_first(evals, best_try.mv); // still "loses in N"
            }
            self.stats.swindled = true;
        }
        Ok(())
    }
}

/// Moves the candidate for `mv` to the front.
fn put_first<M: PartialEq>(evals: &mut Vec<Candidate<M>>, mv: M) {
    if let Some(i) = evals.iter().position(|e| e.mv == mv) {
        let e = evals.remove(i);
        evals.insert(0, e);
    }
}

/// Sorts a root's moves best first: fastest proved win, then visits, then slowest proved loss;
/// a proved draw gets no more visits once proved, so it goes first when the most-visited
/// unproved move is expected to do worse than the draw is worth (its `value`: one half, or less
/// where a draw is a cycle, see `Mcts::worth`).
pub fn best_first<M>(out: &mut Vec<Candidate<M>>) {
    out.sort_by(|a, b| rank(b).partial_cmp(&rank(a)).unwrap());
    let draw = out.iter().position(|c| c.proof == Some(0));
    let open = out.iter().position(|c| c.proof.is_none());
    if let (Some(d), Some(o)) = (draw, open) {
        if d > o && out[o].value < out[d].value {
            let c = out.remove(d);
            out.insert(o, c);
        }
    }
}

/// Sort key, best first: fastest proved win, then visits, then slowest proved loss.
fn rank<M>(c: &Candidate<M>) -> (i32, f64, f64) {
    match c.proof {
        Some(p) if p > 0 => (3, -(p as f64), 0.0),
        Some(p) if p < 0 => (0, -(p as f64), 0.0),
        Some(_) => (1, c.visits as f64, 0.5),
        None => (1, c.visits as f64, c.value),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::game::{Knowledge, Plain};
    use crate::search::tree::{Kid, Node, DRAW};

    /// Nim with one pile: take 1 to 3 stones; whoever takes the last one wins.
    #[derive(Clone, Debug)]
    pub(crate) struct Nim {
        pub stones: u32,
        pub to_move: usize,
    }

    impl Game for Nim {
        type Move = u32;
        fn to_move(&self) -> usize {
            self.to_move
        }
        fn legal_moves(&self, out: &mut Vec<u32>) {
            out.clear();
            out.extend((1..=3).filter(|&k| k <= self.stones));
        }
        fn play(&mut self, k: u32) {
            self.stones -= k;
            self.to_move = 1 - self.to_move;
        }
        fn winner(&self) -> Option<usize> {
            Some(1 - self.to_move)
        }
        fn scores(&self) -> [i32; 2] {
            [0, 0]
        }
        fn key(&self) -> u64 {
            crate::boards::mix64((self.stones as u64) << 1 | self.to_move as u64)
        }
        fn notation(&self, k: u32) -> String {
            k.to_string()
        }
    }

    /// Keeps only the move taking one stone; the others are held back.
    #[derive(Clone)]
    struct TakeOne;

    impl Knowledge<Nim> for TakeOne {
        fn order(&self, _: &Nim, moves: &mut [u32], _: &mut Rng) -> usize {
            moves.sort();
            1
        }
    }

    fn spec(iterations: u64) -> Spec {
        Spec::new(None, Some(iterations))
    }

    #[test]
    fn where_positions_recur_a_proved_draw_is_a_cycle_and_worth_what_a_repetition_is() {
        // The solver scores a position repeated on its line as a draw: such a "draw" is the cycle the
        // search's contempt values at REPETITION for the side it plays for, not one half.
        for (can_repeat, to_move) in [(true, 1), (true, 0), (false, 1)] {
            let mut m = Mcts::new(spec(100), Plain, 1, can_repeat);
            m.search(&Nim { stones: 5, to_move }, None, &mut Watch::silent()).unwrap();
            let (mine, theirs) = (m.walk.worth(DRAW, to_move as u8), m.walk.worth(DRAW, 1 - to_move as u8));
            let expected = if can_repeat { REPETITION } else { 0.5 };
            assert!((mine - expected).abs() < 1e-12 && (theirs - (1.0 - expected)).abs() < 1e-12, "{mine} {theirs}");
            assert_eq!((m.walk.worth(WIN, 0), m.walk.worth(LOSS, 1)), (1.0, 0.0));
        }
    }

    #[test]
    fn a_proved_draw_goes_first_only_when_the_best_open_move_is_worth_less_than_it() {
        let order = |draw_value: f64| {
            let mut out = vec![
                Candidate { mv: 1u32, value: 0.4, visits: 900, proof: None },
                Candidate { mv: 2u32, value: draw_value, visits: 50, proof: Some(0) },
            ];
            best_first(&mut out);
            out.iter().map(|c| c.mv).collect::<Vec<_>>()
        };
        assert_eq!(order(0.5), vec![2, 1]); // a real draw beats an open move expected at 0.4
        assert_eq!(order(REPETITION), vec![1, 2]); // a cycle worth 0.3 does not
    }

    /// Player 0 takes one or two from a count and wins on reaching nought; player 1 waits, or
    /// also takes two if `hasty` (offered first, so the solver's first line loses fast).
    #[derive(Clone, Debug)]
    struct Countdown {
        left: u32,
        to_move: usize,
        hasty: bool,
    }

    impl Game for Countdown {
        type Move = u32;
        fn to_move(&self) -> usize {
            self.to_move
        }
        fn legal_moves(&self, out: &mut Vec<u32>) {
            out.clear();
            match self.to_move {
                0 => out.extend((1..=2).filter(|&k| k <= self.left)),
                _ if self.left > 0 => out.extend(if self.hasty { &[2, 0][..] } else { &[0][..] }.iter().filter(|&&k| k <= self.left)),
                _ => {}
            }
        }
        fn play(&mut self, k: u32) {
            self.left -= k;
            self.to_move = 1 - self.to_move;
        }
        fn winner(&self) -> Option<usize> {
            Some(0)
        }
        fn scores(&self) -> [i32; 2] {
            [0, 0]
        }
        fn key(&self) -> u64 {
            crate::boards::mix64((self.left as u64) << 2 | (self.hasty as u64) << 1 | self.to_move as u64)
        }
        fn notation(&self, k: u32) -> String {
            k.to_string()
        }
    }

    /// Lets the solver try the root; asks for fast wins or not.
    #[derive(Clone)]
    struct Hurry(bool);

    impl Knowledge<Countdown> for Hurry {
        fn wants_root_solver(&self, _: &Countdown) -> bool {
            true
        }
        fn length_counts(&self) -> bool {
            self.0
        }
    }

    #[test]
    fn a_proved_win_is_made_as_short_as_it_can_be_where_the_game_asks() {
        // From 10, the solver's first line takes one at a time (17 plies); two at a time wins in 9.
        for (fast, mv, plies) in [(false, 1, 17), (true, 2, 9)] {
            let spec = Spec { seconds: Some(5.0), solve_nodes: 1_000, ..Spec::default() };
            let mut m = Mcts::new(spec, Hurry(fast), 1, false);
            let t = Instant::now();
            m.search(&Countdown { left: 10, to_move: 0, hasty: false }, None, &mut Watch::silent()).unwrap();
            assert!(t.elapsed() < Duration::from_secs(1), "the search ends once the fastest win is proved");
            let best = &m.analysis()[0];
            assert_eq!((best.mv, best.proof), (mv, Some(plies)), "{:?}", m.analysis());
        }
    }

    #[test]
    fn a_proved_loss_is_made_as_long_as_it_can_be_where_the_game_asks() {
        // From 10 with player 1 to move, waiting every time lasts 10 plies; taking two is faster
        // (8 plies at most: taking one would tie, as 9 left takes player 0 as many moves as 10).
        for fast in [false, true] {
            let spec = Spec { seconds: Some(5.0), solve_nodes: 1_000, ..Spec::default() };
            let mut m = Mcts::new(spec, Hurry(fast), 1, false);
            let t = Instant::now();
            let evals = m.choose(&Countdown { left: 10, to_move: 1, hasty: true }, None, &mut Watch::silent()).unwrap();
            assert!(evals.iter().all(|c| c.proof.map_or(false, |p| p < 0)), "{evals:?}");
            if fast {
                assert!(t.elapsed() < Duration::from_secs(1), "the search ends once the slowest loss is proved");
                assert_eq!((evals[0].mv, evals[0].proof, m.stats.swindled), (0, Some(-10), false), "{evals:?}");
                assert!(evals.iter().all(|c| c.proof >= evals[0].proof), "no other move lasts longer: {evals:?}");
            } else {
                assert!(m.stats.swindled, "without the game asking, the best try is played");
            }
        }
    }

    #[test]
    fn mcts_solver_proves_the_winning_take() {
        // 9 stones: take 1 leaves 8, a multiple of 4: the mover wins.
        let mut m = Mcts::new(spec(20_000), Plain, 1, false);
        m.search(&Nim { stones: 9, to_move: 0 }, None, &mut Watch::silent()).unwrap();
        let best = &m.analysis()[0];
        assert_eq!(best.mv, 1);
        assert!(best.proof.unwrap() > 0, "{:?}", m.analysis());
    }

    #[test]
    fn a_lost_position_is_proved_lost_on_every_move() {
        let mut m = Mcts::new(spec(20_000), Plain, 2, false);
        m.search(&Nim { stones: 8, to_move: 0 }, None, &mut Watch::silent()).unwrap();
        assert!(m.analysis().iter().all(|c| c.proof.map_or(false, |p| p < 0)), "{:?}", m.analysis());
    }

    #[test]
    fn held_moves_are_searched_once_the_kept_ones_are_proved_not_to_win() {
        // 7 stones: taking one leaves 6 (a win for the opponent); taking 3 wins. Only 1 is kept.
        let mut m = Mcts::new(spec(50_000), TakeOne, 3, false);
        m.search(&Nim { stones: 7, to_move: 0 }, None, &mut Watch::silent()).unwrap();
        let best = &m.analysis()[0];
        assert_eq!((best.mv, best.proof.map(|p| p > 0)), (3, Some(true)), "{:?}", m.analysis());
    }

    #[test]
    fn the_tree_is_walked_down_the_moves_played_since() {
        let mut m = Mcts::new(spec(3_000), Plain, 4, false);
        let start = Nim { stones: 30, to_move: 0 };
        m.search(&start, None, &mut Watch::silent()).unwrap();
        let mut next = start.clone();
        next.play(2);
        next.play(1);
        m.search(&next, Some(&[2, 1]), &mut Watch::silent()).unwrap();
        assert!(m.stats.reused > 0);
        m.search(&start, None, &mut Watch::silent()).unwrap();
        assert_eq!(m.stats.reused, 0);
    }

    /// The subtree under `node` as text: each node's move, visits, proof and move list, and its
    /// children (whose parent it must be), in move order.
    fn picture(m: &Mcts<Nim, Plain>, node: u32) -> String {
        let nd = m.tree.node(node as usize);
        let mut children = Vec::new();
        let mut c = nd.child();
        let mut linked = Vec::new();
        while c != NIL {
            assert_eq!(m.tree.node(c as usize).parent, node);
            children.push((m.tree.node(c as usize).mv, picture(m, c)));
            linked.push(c);
            c = m.tree.node(c as usize).sibling;
        }
        // The children's indices side by side are the list's, newest last on one thread (on a
        // shared tree two threads' new children may join the list in the other order).
        let mut list: Vec<u32> = m.tree.kids_of(node as usize).iter().map(|k| k.node().0).collect();
        list.reverse();
        // Each entry points back from its child and holds the child's proof.
        for (k, kid) in m.tree.kids_of(node as usize).iter().enumerate() {
            let (ch, proof) = kid.node();
            let child = m.tree.node(ch as usize);
            assert_eq!((child.slot as usize, proof), (nd.kids_at() as usize + k, child.proof()));
        }
        if m.held.on() {
            (list.sort(), linked.sort());
        }
        assert_eq!(list, linked);
        children.sort();
        format!("{}/{} {} {:?} [{}]", m.tree.w(node as usize), m.tree.n(node as usize), nd.proof(), m.tree.moves_of(node as usize), children.into_iter().map(|(_, p)| p).collect::<Vec<_>>().join(", "))
    }

    fn child(m: &Mcts<Nim, Plain>, node: u32, mv: u32) -> u32 {
        let mut c = m.tree.node(node as usize).child();
        while m.tree.node(c as usize).mv != Some(mv) {
            c = m.tree.node(c as usize).sibling;
        }
        c
    }

    #[test]
    fn the_subtree_walked_down_to_is_kept_as_it_was_in_the_same_arrays() {
        let mut m = Mcts::new(spec(20_000), Plain, 4, false);
        m.search(&Nim { stones: 60, to_move: 0 }, None, &mut Watch::silent()).unwrap();
        let node = child(&m, child(&m, 0, 2), 1);
        let before = picture(&m, node);
        let size = before.matches('/').count();
        let arrays = (m.tree.nodes.capacity(), m.tree.moves.capacity(), m.tree.kids.capacity());
        assert!(size > 100 && size < m.tree.nodes.len() / 2, "{size} of {}", m.tree.nodes.len());
        assert!(m.reroot(&[2, 1], &mut Watch::silent()).unwrap());
        assert_eq!(picture(&m, 0), before);
        let root = m.tree.node(0);
        assert_eq!((m.tree.nodes.len(), root.parent, root.sibling, root.mv), (size, NIL, NIL, None));
        // The lists of moves fill the array exactly, each its own part, and no array was made anew.
        assert_eq!((0..size).map(|i| m.tree.node(i).len()).sum::<usize>(), m.tree.moves.len());
        // So do the lists of children's indices, of the nodes that have children.
        let with_kids = (0..size).filter(|&i| m.tree.node(i).kids_at() != NIL);
        assert_eq!(with_kids.map(|i| m.tree.node(i).len()).sum::<usize>(), m.tree.kids.len());
        assert_eq!((m.tree.nodes.capacity(), m.tree.moves.capacity(), m.tree.kids.capacity()), arrays);
    }

    #[test]
    fn the_subtree_kept_after_threads_on_one_tree_leaves_the_slots_they_did_not_use() {
        let spec = Spec { shared: Some(true), ..spec(40_000) };
        let mut team = crate::search::team::Team::new(spec, Plain, 9, false, 2);
        team.choose(&Nim { stones: 60, to_move: 0 }, None, &mut Watch::silent()).unwrap();
        let m = &mut team.members[0];
        let node = child(m, child(m, 0, 2), 1);
        let before = picture(m, node);
        // Each thread took its nodes' slots a chunk at a time: some children lie before their parents.
        let behind = (1..m.tree.nodes.len()).filter(|&i| m.tree.node(i).parent != NIL && m.tree.node(i).parent as usize > i).count();
        assert!(behind > 0);
        assert!(m.reroot(&[2, 1], &mut Watch::silent()).unwrap());
        assert_eq!(picture(m, 0), before);
        let size = before.matches('/').count();
        assert_eq!(m.tree.nodes.len(), size);
        // The kept lists fill their arrays exactly, as on one thread.
        assert_eq!((0..size).map(|i| m.tree.node(i).len()).sum::<usize>(), m.tree.moves.len());
        let with_kids = (0..size).filter(|&i| m.tree.node(i).kids_at() != NIL);
        assert_eq!(with_kids.map(|i| m.tree.node(i).len()).sum::<usize>(), m.tree.kids.len());
    }

    #[test]
    fn a_subtree_holding_most_of_the_tree_becomes_the_root_where_it_lies_and_a_later_cut_drops_what_it_left() {
        let mut m = Mcts::new(spec(20_000), Plain, 4, false);
        m.search(&Nim { stones: 55, to_move: 0 }, None, &mut Watch::silent()).unwrap();
        // Taking three stones wins: more than half the search went there.
        let node = child(&m, 0, 3);
        let (before, all, visits) = (picture(&m, node), m.tree.nodes.len(), m.tree.n(node as usize));
        assert!(2 * (visits as usize + 1) >= all, "{visits} of {all}");
        assert!(m.reroot(&[3], &mut Watch::silent()).unwrap());
        assert_eq!((m.tree.root, m.tree.nodes.len()), (node as usize, all), "moved, not cut");
        assert_eq!(picture(&m, node), before);
        let root = m.tree.node(node as usize);
        assert_eq!((root.parent, root.sibling, root.mv), (NIL, NIL, None));
        // The next search grows the tree from there: its walks reach only the kept subtree and new nodes.
        let next = Nim { stones: 52, to_move: 1 };
        m.search(&next, Some(&[]), &mut Watch::silent()).unwrap();
        assert_eq!((m.tree.root, m.stats.reused), (node as usize, visits));
        assert!(m.tree.nodes.len() > all);
        let mut reached = vec![node];
        let mut old = std::collections::HashSet::new();
        while let Some(i) = reached.pop() {
            if (i as usize) < all {
                old.insert(i);
            }
            let mut c = m.tree.node(i as usize).child();
            while c != NIL {
                reached.push(c);
                c = m.tree.node(c as usize).sibling;
            }
        }
        assert_eq!(old.len(), before.matches('/').count(), "of the old nodes, the kept subtree's");
        // A move into a small part of it is cut out, the nodes the moved root left dropped with the rest.
        let (a, b) = (1, 3);
        let small = child(&m, child(&m, node, a), b);
        let before = picture(&m, small);
        let size = before.matches('/').count();
        assert!(2 * size < m.tree.nodes.len());
        assert!(m.reroot(&[a, b], &mut Watch::silent()).unwrap());
        assert_eq!((m.tree.root, m.tree.nodes.len()), (0, size));
        assert_eq!(picture(&m, 0), before);
        assert_eq!((0..size).map(|i| m.tree.node(i).len()).sum::<usize>(), m.tree.moves.len());
        let with_kids = (0..size).filter(|&i| m.tree.node(i).kids_at() != NIL);
        assert_eq!(with_kids.map(|i| m.tree.node(i).len()).sum::<usize>(), m.tree.kids.len());
    }

    #[test]
    fn a_cancellation_heard_while_the_kept_tree_is_cut_out_leaves_none_and_the_next_search_starts_anew() {
        let mut m = Mcts::new(spec(20_000), Plain, 4, false);
        let nim = Nim { stones: 60, to_move: 0 };
        m.search(&nim, None, &mut Watch::silent()).unwrap();
        let halt = AtomicBool::new(true); // the caller has already asked to stop
        let next = Nim { stones: 57, to_move: 0 };
        assert_eq!(m.search(&next, Some(&[2, 1]), &mut Watch::helper(&halt, None, None)), Err(Stop::Cancel));
        assert_eq!((m.tree.nodes.len(), m.tree.moves.len(), m.tree.kids.len()), (0, 0, 0));
        m.search(&next, Some(&[2, 1]), &mut Watch::silent()).unwrap();
        assert_eq!((m.stats.reused, m.stats.iterations), (0, 20_000), "a fresh tree");
        assert_eq!(m.tree.n(0), 20_000);
    }

    #[test]
    fn a_leaf_keeps_its_moves_from_its_second_visit_and_one_where_the_game_ends_is_proved_at_its_first() {
        let mut m = Mcts::new(spec(3_000), Plain, 2, false);
        m.search(&Nim { stones: 16, to_move: 0 }, None, &mut Watch::silent()).unwrap();
        let (mut listed, mut bare, mut ended) = (m.tree.node(0).len(), 0, 0);
        for i in 1..m.tree.nodes.len() {
            let nd = m.tree.node(i);
            if nd.expanded() {
                assert!(m.tree.n(i) >= 2, "a list of moves at a node of {} visits", m.tree.n(i));
                listed += nd.len();
            } else if nd.proof() == UNPROVED {
                assert!(m.tree.n(i) <= 1, "no list of moves at a node of {} visits", m.tree.n(i));
                bare += 1;
            } else {
                ended += 1; // no stones left: proved at its first visit, with no list
            }
        }
        assert!(bare > 100 && ended > 0, "{bare} {ended}");
        assert_eq!(m.tree.moves.len(), listed, "the moves' array holds the expanded nodes' lists and no more");
    }

    #[test]
    fn a_search_holds_no_more_than_its_memory() {
        for solver in [false, true] {
            // Plain knowledge never calls the solver, so its table stays empty: its room is kept.
            let mut m = Mcts::new(Spec { solve_nodes: if solver { 1_000 } else { 0 }, ..spec(30_000) }, Plain, 8, false);
            m.set_memory(256 << 10);
            m.search(&Nim { stones: 300, to_move: 0 }, None, &mut Watch::silent()).unwrap();
            // The tree stops there (its last node, list of moves and slots for a node's children may
            // pass it); the search goes on.
            let most = if solver { (256 << 10) * 7 / 8 } else { 256 << 10 };
            let last = std::mem::size_of::<Node<u32>>() + 3 * 4 + 3 * std::mem::size_of::<Kid>();
            assert!(m.tree.bytes() >= most && m.tree.bytes() <= most + last, "{}", m.tree.bytes());
            assert_eq!((m.solver.is_some(), m.stats.iterations), (solver, 30_000));
            assert!(m.tree.nodes.len() < 10_000);
        }
    }

    #[test]
    fn a_cancelled_search_stops_at_once() {
        let mut m = Mcts::new(Spec { seconds: Some(10.0), ..spec(u64::MAX) }, Plain, 5, false);
        let mut calls = 0;
        let mut stop = |_f: f64| {
            calls += 1;
            false
        };
        let t = Instant::now();
        let mut watch = Watch::new(Some(&mut stop), Some(Duration::from_secs(10)), None);
        assert_eq!(m.search(&Nim { stones: 200, to_move: 0 }, None, &mut watch), Err(Stop::Cancel));
        assert!(t.elapsed() < Duration::from_millis(500));
        assert_eq!(calls, 1);
    }

    #[test]
    fn the_best_try_in_a_lost_position_keeps_to_the_iteration_budget() {
        // A huge time budget with an iteration cap (the puzzle generator's replayable bots):
        // the best-try search takes its share of the iterations, not of the hour.
        let spec = Spec { seconds: Some(3600.0), ..spec(2_000) };
        let mut m = Mcts::new(spec, Plain, 7, false);
        let t = Instant::now();
        let evals = m.choose(&Nim { stones: 8, to_move: 0 }, None, &mut Watch::silent()).unwrap();
        assert!(m.stats.swindled && evals.iter().all(|c| c.proof.map_or(false, |p| p < 0)));
        assert!(t.elapsed() < Duration::from_secs(5));
    }

    #[test]
    fn a_levels_spec_has_the_shared_settings_and_textbook_uct_none_of_its_parts() {
        let level = Spec { solve_nodes: 500, ..Spec::new(Some(1.0), None) };
        assert_eq!((level.c(None), level.solve_at(), level.solver_share(), level.root_share(), level.swindle(), level.widen()),
                   (C, SOLVE_AT, SOLVER_SHARE, ROOT_SHARE, SWINDLE, 0));
        assert!(level.proofs() && level.reuse() && level.knowledge());
        assert_eq!((level.check_share(), Spec::new(Some(0.5), None).check_share(), Spec::new(None, Some(1000)).check_share()), (CHECK_SHARE, 0.0, 0.0));
        let uct = Spec::uct(2f64.sqrt(), Some(1.0), None);
        assert_eq!((uct.c(None), uct.c(Some(0.4))), (2f64.sqrt(), 2f64.sqrt()));
        assert_eq!(level.c(Some(0.4)), 0.4, "a game may ask for its own");
        assert!(!uct.proofs() && !uct.reuse() && !uct.knowledge());
    }

    #[cfg(feature = "experiments")]
    #[test]
    fn an_experiment_sets_a_shared_setting_by_name_and_refuses_a_bad_one() {
        let mut spec = Spec::new(Some(1.0), None);
        assert_eq!(spec.knobs.set("solve_at", 40.0), Ok(true));
        assert_eq!(spec.knobs.set("c", 0.7), Ok(true));
        assert_eq!(spec.knobs.set("max_playout", 12.0), Ok(false)); // a game's knob, not the search's
        assert!(spec.knobs.set("swindle", 1.5).unwrap_err().contains("swindle"));
        assert_eq!((spec.solve_at(), spec.c(Some(0.4)), spec.swindle()), (40, 0.7, SWINDLE));
    }

    #[test]
    fn threads_on_one_tree_give_each_move_one_child_and_link_it_once() {
        for threads in [2, 4] {
            let spec = Spec { shared: Some(true), ..Spec::uct(C, None, Some(60_000)) };
            let mut team = crate::search::team::Team::new(spec, Plain, 9, false, threads);
            team.choose(&Nim { stones: 300, to_move: 0 }, None, &mut Watch::silent()).unwrap();
            let tree = &team.members[0].tree;
            let mut links = vec![0; tree.nodes.len()];
            for i in 0..tree.nodes.len() {
                let nd = tree.node(i);
                assert!(nd.tried() <= nd.active() && nd.active() <= nd.len());
                let mut moves = Vec::new();
                let mut c = nd.child();
                while c != NIL {
                    links[c as usize] += 1;
                    assert_eq!(tree.node(c as usize).parent, i as u32);
                    moves.push(tree.node(c as usize).mv.unwrap());
                    c = tree.node(c as usize).sibling;
                }
                // The children's moves are the moves tried, each once.
                let mut tried = tree.moves_of(i)[..nd.tried()].to_vec();
                (moves.sort(), tried.sort());
                assert_eq!(moves, tried, "node {i}");
            }
            // Every node but the root is linked once, but for the slots the threads took in
            // their last chunks and did not use (linked nowhere, no parent). Nearly every
            // iteration made one: a walk that meets a leaf another thread is expanding plays out from it.
            let unused = |i: usize| tree.node(i).parent == NIL && tree.node(i).mv.is_none();
            assert!((1..links.len()).all(|i| links[i] == usize::from(!unused(i))));
            let made = (1..links.len()).filter(|&i| !unused(i)).count() + 1;
            assert!(made > 59_400 && made <= 60_001, "{made}");
            assert!(links.len() - made < 32 * threads, "{} slots unused", links.len() - made);
            assert!(tree.n(0) >= 58_800, "{}", tree.n(0)); // two visits at once may count once
        }
    }

    #[test]
    fn textbook_uct_reports_statistics_not_proofs() {
        let mut m = Mcts::new(Spec::uct(C, None, Some(5_000)), Plain, 6, false);
        m.search(&Nim { stones: 2, to_move: 0 }, None, &mut Watch::silent()).unwrap();
        let a = m.analysis();
        assert!(a.iter().all(|c| c.proof.is_none()));
        assert_eq!(a[0].mv, 2); // taking both wins: the most visited
    }
}
