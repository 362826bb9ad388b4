//! Frozen Forest on bitboards: the rules of `game/frozen_forest.py` and the search's knowledge.
//!
//! A spot is a cell id of the 10×10 (or size×size) board of `boards.rs`, the same ids as
//! Python's; every board of this game fits a u128. A move is Yuki's or Mina's destination.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use crate::boards::{mix64, Bits, Board, Layout};
use crate::engine::{boxed, Engine};
use crate::game::{cached, result0, Game, Knowledge, Native, Options, Rng};
use crate::search::mcts::Spec;

const YUKI: usize = 0;
const MINA: usize = 1;
const NONE: u8 = u8::MAX;
const RING_BOARD: usize = 10;

/// Board, starting trees and the between-masks of every pair of spots (gcd geometry).
pub struct Config {
    pub board: Board<u128>,
    queen: bool,
    passes_yuki: bool,
    on_trees: bool, // Mina's slides end only on a tree (`mina_ends_on = "tree"`)
    start_trees: u128,
    between: Vec<u128>, // between[a * size + b]: the spots strictly between a and b
    mina_dirs: usize,   // Mina slides along the first 4 (orthogonal) directions, or all 8
    start_cells: Vec<u8>,      // the spots that start with a tree
    slide_cells: Vec<Vec<u8>>, // per spot: every spot a slide from it could reach on an empty board
}

impl Config {
    fn new(options: &Options) -> Result<Config, String> {
        let size = options.number("size", 10, 4, 10)?;
        let ring = options.choice("layout", &["grid", "ring"])? == "ring";
        if ring && ![4, 6, 8].contains(&size) {
            return Err(format!("option layout=ring is allowed only for sizes 4, 6 and 8, not {size}"));
        }
        let queen = options.choice("mina_moves", &["queen", "rook"])? == "queen";
        let passes_yuki = options.flag("mina_passes_yuki", false)?;
        let on_trees = options.choice("mina_ends_on", &["any", "tree"])? == "tree";
        let n = if ring { RING_BOARD } else { size };
        let board = Board::<u128>::new(&Layout::square(n));
        let lo = (n - size) / 2;
        let mut start_trees = 0u128;
        for row in lo..lo + size {
            for col in lo..lo + size {
                start_trees |= u128::bit(row * board.width + col);
            }
        }
        let mut between = vec![0u128; board.size * board.size];
        for &a in &board.cells {
            let (ax, ay) = board.col_row(a);
            for &b in &board.cells {
                let (bx, by) = board.col_row(b);
                let (dx, dy) = (bx as i64 - ax as i64, by as i64 - ay as i64);
                let g = gcd(dx.unsigned_abs(), dy.unsigned_abs()) as i64;
                let mut m = 0u128;
                for k in 1..g {
                    let (x, y) = (ax as i64 + k * dx / g, ay as i64 + k * dy / g);
                    m |= u128::bit(y as usize * board.width + x as usize);
                }
                between[a * board.size + b] = m;
            }
        }
        let mina_dirs = if queen { 8 } else { 4 };
        let start_cells = start_trees.iter().map(|c| c as u8).collect();
        let slide_cells = (0..board.size)
            .map(|c| board.rays[c].iter().take(mina_dirs).flatten().map(|&d| d as u8).collect())
            .collect();
        Ok(Config { board, queen, passes_yuki, on_trees, start_trees, between, mina_dirs, start_cells, slide_cells })
    }

    #[inline]
    fn between(&self, a: usize, b: usize) -> u128 {
        self.between[a * self.board.size + b]
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The engine for these options; every board fits a u128 (the registry's `Maker`).
pub fn engine(options: &Options, spec: Spec, seed: u64, threads: usize) -> Result<Box<dyn Engine>, String> {
    boxed(FrozenForest::new(options), spec, seed, threads)
}

static CONFIGS: OnceLock<Mutex<HashMap<String, &'static Config>>> = OnceLock::new();

/// A Frozen Forest position: the two pieces, the trees left and the trees eaten.
#[derive(Clone, Debug)]
pub struct FrozenForest {
    cfg: &'static Config,
    yuki: u8,
    mina: u8,
    trees: u128,
    eaten: u16,
    to_move: u8,
}

impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "FrozenForestConfig(queen={}, passes_yuki={}, on_trees={})", self.queen, self.passes_yuki, self.on_trees)
    }
}

impl FrozenForest {
    /// The starting position for these options (an error names the bad option).
    pub fn new(options: &Options) -> Result<FrozenForest, String> {
        let cfg = cached(&CONFIGS, options.cache_key(), || Config::new(options))?;
        Ok(FrozenForest { cfg, yuki: NONE, mina: NONE, trees: cfg.start_trees, eaten: 0, to_move: YUKI as u8 })
    }

    /// The neighbouring trees Yuki might step to (Mina's spot aside): his steps are those that see her.
    #[inline]
    fn yuki_candidates(&self) -> u128 {
        self.cfg.board.nbr_mask[self.yuki as usize] & self.trees & !u128::bit(self.mina as usize)
    }

    /// The row of between-masks from spot `a` to every spot.
    #[inline]
    fn between_row(&self, a: usize) -> &'static [u128] {
        let size = self.cfg.board.size;
        &self.cfg.between[a * size..(a + 1) * size]
    }

    /// How many trees a walker can reach stepping from tree to tree, starting from `start`'s trees.
    fn reachable(&self, trees: u128, start: u128) -> u32 {
        let mut seen = start & trees;
        loop {
            let grown = seen | (self.cfg.board.spread(seen) & trees);
            if grown == seen {
                return seen.count();
            }
            seen = grown;
        }
    }

    /// Mina's playout rule: the hiding spot that leaves Yuki the fewest steps (none wins at once).
    fn mina_playout_move(&self, moves: &[u8], rng: &mut Rng) -> u8 {
        let cfg = self.cfg;
        let trees = self.trees;
        let mut steps = [0usize; 8];
        let mut k = 0;
        for &d in &cfg.board.neighbours[self.yuki as usize] {
            if trees.has(d) {
                steps[k] = d;
                k += 1;
            }
        }
        let (mut best, mut best_n, mut ties) = (moves[0], u32::MAX, 0u32);
        for &mv in moves {
            let row = self.between_row(mv as usize);
            let n = steps[..k].iter().filter(|&&s| row[s] & trees == 0).count() as u32;
            if n == 0 {
                return mv; // Yuki is stuck: Mina wins
            }
            if n < best_n {
                (best, best_n, ties) = (mv, n, 1);
            } else if n == best_n {
                ties += 1;
                if rng.below(ties as usize) == 0 {
                    best = mv; // reservoir sampling: each tie equally likely
                }
            }
        }
        best
    }

    /// Calls `f` with every spot Mina may slide to (she has been placed).
    #[inline]
    fn for_each_hide(&self, mut f: impl FnMut(usize)) {
        let cfg = self.cfg;
        let trees = self.trees;
        let y = self.yuki as usize;
        let row = self.between_row(y);
        let ends = if cfg.on_trees { trees } else { u128::MAX }; // the spots a slide may end on
        for ray in &cfg.board.rays[self.mina as usize][..cfg.mina_dirs] {
            for &d in ray {
                if d == y {
                    if cfg.passes_yuki {
                        continue; // over his spot, never onto it
                    }
                    break;
                }
                if ends.has(d) && row[d] & trees != 0 {
                    f(d);
                }
            }
        }
    }

    /// How many steps Yuki would have if Mina hid on `spot`: the neighbouring trees that see it.
    #[cfg(feature = "experiments")]
    #[inline]
    fn yuki_steps_facing(&self, spot: usize) -> u32 {
        let row = self.between_row(spot);
        let trees = self.trees;
        (self.cfg.board.nbr_mask[self.yuki as usize] & trees).iter().filter(|&s| row[s] & trees == 0).count() as u32
    }

    /// Yuki's playout rule: his sweep (safe Warnsdorff) in his own search, else toward Mina.
    fn yuki_playout_move(&self, moves: &[u8], rule: YukiRule, rng: &mut Rng) -> u8 {
        let board = &self.cfg.board;
        let trees = self.trees;
        let (mx, my) = board.col_row(self.mina as usize);
        let (mut best, mut best_n, mut ties) = (moves[0], i64::MAX, 0u32);
        for &mv in moves {
            let around = board.nbr_mask[mv as usize];
            let n = match rule {
                YukiRule::Sweep => sweep_key((around & trees).count()) as i64,
                YukiRule::Approach => {
                    let (x, y) = board.col_row(mv as usize);
                    (x as i64 - mx as i64).abs().max((y as i64 - my as i64).abs())
                }
                #[cfg(feature = "experiments")]
                YukiRule::Keep => {
                    let left = trees & !u128::bit(mv as usize);
                    sweep_key((around & left).count()) as i64 - 128 * self.reachable(left, around) as i64
                }
                #[cfg(feature = "experiments")]
                YukiRule::Corner => {
                    let mut next = self.clone();
                    next.play(mv);
                    let mut spots = 0i64;
                    next.for_each_hide(|_| spots += 1);
                    if spots == 0 {
                        return mv; // Mina is caught
                    }
                    spots
                }
            };
            if n < best_n {
                (best, best_n, ties) = (mv, n, 1);
            } else if n == best_n {
                ties += 1;
                if rng.below(ties as usize) == 0 {
                    best = mv;
                }
            }
        }
        best
    }
}

/// How Yuki's playout steps are chosen: his sweep, or toward Mina.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum YukiRule {
    Sweep,
    Approach,
    #[cfg(feature = "experiments")]
    Keep, // the sweep keeping the most trees within his reach first
    #[cfg(feature = "experiments")]
    Corner, // the step after which Mina has the fewest hiding spots (none: caught)
}

/// Safe Warnsdorff: three or more trees around first, then the fewest (lower is better).
#[inline]
fn sweep_key(around: u32) -> u32 {
    if around >= SAFE_TREES {
        around
    } else {
        100 - around
    }
}

/// Trees around Yuki that stop Mina hiding from every step of his.
const SAFE_TREES: u32 = 3;

impl Game for FrozenForest {
    type Move = u8;

    #[inline]
    fn to_move(&self) -> usize {
        self.to_move as usize
    }

    fn legal_moves(&self, out: &mut Vec<u8>) {
        out.clear();
        let cfg = self.cfg;
        let trees = self.trees;
        if self.to_move as usize == YUKI {
            if self.yuki == NONE {
                out.extend(cfg.start_trees.iter().map(|c| c as u8));
            } else {
                let row = self.between_row(self.mina as usize);
                out.extend(self.yuki_candidates().iter().filter(|&d| row[d] & trees == 0).map(|d| d as u8));
            }
            return;
        }
        let y = self.yuki as usize;
        let row = self.between_row(y);
        if self.mina == NONE {
            out.extend(trees.iter().filter(|&c| c != y && row[c] & trees != 0).map(|c| c as u8));
            return;
        }
        self.for_each_hide(|d| out.push(d as u8));
    }

    #[inline]
    fn play(&mut self, mv: u8) {
        if self.to_move as usize == YUKI {
            self.yuki = mv;
            self.trees &= !u128::bit(mv as usize);
            self.eaten += 1;
            self.to_move = MINA as u8;
        } else {
            self.mina = mv;
            self.to_move = YUKI as u8;
        }
    }

    fn winner(&self) -> Option<usize> {
        Some(1 - self.to_move as usize) // the player to move is stuck
    }

    fn scores(&self) -> [i32; 2] {
        [self.eaten as i32, self.eaten as i32]
    }

    fn key(&self) -> u64 {
        self.trees.mix() ^ mix64((self.yuki as u64) | (self.mina as u64) << 8 | (self.to_move as u64) << 16 | 1 << 40)
    }

    /// Uniform among the legal moves by rejection: a uniform guess among the spots that could be
    /// legal, kept if it is; after a few misses, the full list (which also finds "no move").
    fn random_move(&self, moves: &mut Vec<u8>, rng: &mut Rng) -> Option<u8> {
        const TRIES: usize = 12;
        let cfg = self.cfg;
        let trees = self.trees;
        let y = self.yuki as usize;
        if self.to_move as usize == YUKI {
            if self.yuki == NONE {
                return Some(cfg.start_cells[rng.below(cfg.start_cells.len())]);
            }
            // Draw his candidate steps without replacement until one sees Mina: each equally likely.
            let row = self.between_row(self.mina as usize);
            let mut cand = self.yuki_candidates();
            while cand.any() {
                let d = cand.nth(rng.below(cand.count() as usize) as u32);
                if row[d] & trees == 0 {
                    return Some(d as u8);
                }
                cand ^= u128::bit(d);
            }
            return None;
        } else if self.mina == NONE {
            for _ in 0..TRIES {
                let c = cfg.start_cells[rng.below(cfg.start_cells.len())] as usize;
                if c != y && trees.has(c) && cfg.between(y, c) & trees != 0 {
                    return Some(c as u8);
                }
            }
        } else {
            let m = self.mina as usize;
            let cells = &cfg.slide_cells[m];
            let (from_mina, from_yuki) = (self.between_row(m), self.between_row(y));
            for _ in 0..TRIES {
                let d = cells[rng.below(cells.len())] as usize;
                let blocked = d == y || (!cfg.passes_yuki && from_mina[d].has(y)) || (cfg.on_trees && !trees.has(d));
                if !blocked && from_yuki[d] & trees != 0 {
                    return Some(d as u8);
                }
            }
        }
        self.legal_moves(moves);
        if moves.is_empty() {
            None
        } else {
            Some(moves[rng.below(moves.len())])
        }
    }

    fn notation(&self, mv: u8) -> String {
        self.cfg.board.name(mv as usize).to_string()
    }
}

/// Frozen Forest's search knowledge (see `Knowledge`), with the measurements that keep it.
#[derive(Clone, Debug)]
pub struct FrozenForestKnowledge {
    searcher: usize,       // who is searching: only Yuki's own search keeps to his sweep
    pub keep_forest: bool, // Yuki's tree search looks first at his sweeping steps
    pub root_trees: u32,   // the solver tries the whole position once this few trees are left
    pub team_root_trees: u32, // ... and on a team's one tree from this many, for the whole move
    pub approach: f64,     // share of Yuki's playout steps toward Mina in Mina's search
    pub sweep: bool,       // Yuki's playouts in his own search sweep (safe Warnsdorff); else random
    pub mina_greedy: bool, // Mina's playouts hide where Yuki has the fewest steps; else random
    /// In play (`play_for_match`), Yuki's reward for a lost playout in which he ate at least
    /// `target` trees (0: the plain result). See `begin`.
    pub komi: f64,
    for_match: bool, // this search chooses a move to play: it steers by the match's trees
    target: u32,     // the trees eaten that earn a lost Yuki `komi`
    #[cfg(feature = "experiments")]
    pub tried: Tried,
}

/// Whether Mina has placed and at most `trees` trees are left: where the solver tries the root.
fn placed_within(state: &FrozenForest, trees: u32) -> bool {
    state.mina != NONE && state.trees.count() <= trees
}

/// Playouts from the root whose median count of trees eaten is the match's target (`begin`).
const TARGET_PLAYOUTS: usize = 64;

/// Frozen Forest's knobs tried and left off (the `experiments` build only; all off by default).
#[cfg(feature = "experiments")]
#[derive(Clone, Debug, Default)]
pub struct Tried {
    pub mina_sample: usize, // Mina's greedy playouts judge only this many of her moves, drawn at random (0: all)
    pub playout_keep: bool, // Yuki's sweep in playouts first keeps the most trees within his reach
    pub mina_order: bool,   // the tree tries Mina's most dangerous spots first (fewest steps for Yuki)
    pub mina_keep: usize,   // ... and holds back all but this many of them (0: none held)
    pub corner_trees: u32,  // from this few trees, Yuki's playouts corner Mina instead of sweeping
    pub own_approach: f64,  // share of Yuki's playout steps toward Mina in his own search
    pub mina_sees_sweep: bool, // in play, Mina's playouts give Yuki his own sweep instead of the approach
}

impl Native for FrozenForest {
    type Know = FrozenForestKnowledge;

    fn knowledge(_solve_root: bool) -> FrozenForestKnowledge {
        FrozenForestKnowledge {
            searcher: YUKI,
            keep_forest: true,
            root_trees: 45,
            team_root_trees: 60,
            approach: 0.8,
            sweep: true,
            mina_greedy: true,
            komi: 0.5,
            for_match: false,
            target: 0,
            #[cfg(feature = "experiments")]
            tried: Tried::default(),
        }
    }
}

impl FrozenForestKnowledge {
    /// A playout to the game's end by the game's playout policy.
    fn play_out(&self, state: &mut FrozenForest, moves: &mut Vec<u8>, rng: &mut Rng) {
        loop {
            state.legal_moves(moves);
            if moves.is_empty() {
                return;
            }
            let mv = if moves.len() == 1 || state.yuki == NONE || state.mina == NONE {
                moves[rng.below(moves.len())]
            } else if state.to_move() == MINA {
                self.mina_playout_step(state, moves, rng)
            } else if self.searcher == YUKI || self.sees_sweep() {
                self.own_playout_step(state, moves, rng)
            } else if rng.unit() < self.approach {
                state.yuki_playout_move(moves, YukiRule::Approach, rng)
            } else {
                moves[rng.below(moves.len())]
            };
            state.play(mv);
        }
    }

    #[cfg(feature = "experiments")]
    fn sees_sweep(&self) -> bool {
        self.for_match && self.tried.mina_sees_sweep
    }
    #[cfg(not(feature = "experiments"))]
    fn sees_sweep(&self) -> bool {
        false
    }

    /// Mina's playout step: where Yuki has the fewest steps (or at random without `mina_greedy`).
    fn mina_playout_step(&self, state: &FrozenForest, moves: &mut [u8], rng: &mut Rng) -> u8 {
        if !self.mina_greedy {
            return moves[rng.below(moves.len())];
        }
        #[cfg(feature = "experiments")]
        if self.tried.mina_sample > 0 && moves.len() > self.tried.mina_sample {
            let sample = self.tried.mina_sample;
            for i in 0..sample {
                let j = i + rng.below(moves.len() - i);
                moves.swap(i, j);
            }
            return state.mina_playout_move(&moves[..sample], rng);
        }
        state.mina_playout_move(moves, rng)
    }

    /// Yuki's playout step in his own search: his sweep (or at random without `sweep`).
    fn own_playout_step(&self, state: &FrozenForest, moves: &[u8], rng: &mut Rng) -> u8 {
        #[cfg(feature = "experiments")]
        if self.tried.own_approach > 0.0 && rng.unit() < self.tried.own_approach {
            return state.yuki_playout_move(moves, YukiRule::Approach, rng);
        }
        if !self.sweep {
            return moves[rng.below(moves.len())];
        }
        #[cfg(feature = "experiments")]
        if state.trees.count() <= self.tried.corner_trees {
            return state.yuki_playout_move(moves, YukiRule::Corner, rng);
        } else if self.tried.playout_keep {
            return state.yuki_playout_move(moves, YukiRule::Keep, rng);
        }
        state.yuki_playout_move(moves, YukiRule::Sweep, rng)
    }
}

impl Knowledge<FrozenForest> for FrozenForestKnowledge {
    /// In play, the search aims at the match as well as the game (dynamic komi, as Go programs
    /// set it when one side is far ahead: Baudiš, "Balancing MCTS by dynamically adjusting komi",
    /// 2011). Between good players Mina wins every game, and the match goes to the Yuki who ate
    /// more trees; a search whose every playout ends in Mina's win cannot tell Yuki's moves
    /// apart, nor Mina's. So a lost Yuki who ate at least the target gets `komi` instead of 0:
    /// Yuki's search reaches for the target, Mina's keeps him below it. The target is the median
    /// of the trees eaten in playouts from the root, so that about half of them reach it. A
    /// search for a person (hints, reviews) keeps the plain result, whose values are chances.
    fn begin(&mut self, root: &FrozenForest) -> u32 {
        self.searcher = root.to_move();
        if self.for_match && self.komi > 0.0 {
            let mut rng = Rng::new(root.key() ^ 0x6b6f_6d69); // the same target on every thread
            let mut moves = Vec::new();
            let mut eaten: Vec<u16> = (0..TARGET_PLAYOUTS)
                .map(|_| {
                    let mut end = root.clone();
                    self.play_out(&mut end, &mut moves, &mut rng);
                    end.eaten
                })
                .collect();
            eaten.sort_unstable();
            self.target = u32::from(eaten[TARGET_PLAYOUTS / 2]);
        }
        // A tree grown for play is not reused for a person's view, nor the other way round; a
        // target moved from one move to the next keeps the tree (its values drift by little).
        self.searcher as u32 | u32::from(self.for_match) << 1
    }

    fn play_for_match(&mut self, on: bool) {
        self.for_match = on;
    }

    /// Yuki's own search looks first at the steps his sweep would take, and at any that wins:
    /// the most trees kept within his reach, then safe Warnsdorff; the rest are held back.
    fn order(&self, state: &FrozenForest, moves: &mut [u8], rng: &mut Rng) -> usize {
        rng.shuffle(moves);
        #[cfg(feature = "experiments")]
        if self.tried.mina_order && state.to_move() == MINA && state.mina != NONE && moves.len() > 1 {
            // Her most dangerous hiding spots first (fewest steps left to Yuki), the rest held back.
            moves.sort_by_cached_key(|&mv| state.yuki_steps_facing(mv as usize));
            let keep = self.tried.mina_keep;
            return if keep == 0 { moves.len() } else { keep.min(moves.len()) };
        }
        if !self.keep_forest || self.searcher != YUKI || state.to_move() != YUKI || state.mina == NONE || moves.len() < 2 {
            return moves.len();
        }
        let nbr = &state.cfg.board.nbr_mask;
        let keys: Vec<(i64, u32)> = moves
            .iter()
            .map(|&mv| {
                let left = state.trees & !u128::bit(mv as usize);
                let around = nbr[mv as usize];
                (-(state.reachable(left, around) as i64), sweep_key((around & left).count()))
            })
            .collect();
        let top = *keys.iter().min().unwrap();
        let mut scratch = Vec::new();
        let mut kept = 0;
        for i in 0..moves.len() {
            let wins = {
                let mut next = state.clone();
                next.play(moves[i]);
                next.legal_moves(&mut scratch);
                scratch.is_empty()
            };
            if keys[i] == top || wins {
                moves.swap(kept, i);
                kept += 1;
            }
        }
        kept
    }

    fn playout(&self, state: &mut FrozenForest, moves: &mut Vec<u8>, rng: &mut Rng) -> f64 {
        self.play_out(state, moves, rng);
        self.result(state)
    }

    fn result(&self, state: &FrozenForest) -> f64 {
        if self.for_match && self.komi > 0.0 && state.winner() == Some(MINA) && u32::from(state.eaten) >= self.target {
            return self.komi;
        }
        result0(state)
    }

    fn wants_solver(&self, _state: &FrozenForest) -> bool {
        true
    }

    fn wants_root_solver(&self, state: &FrozenForest) -> bool {
        placed_within(state, self.root_trees)
    }

    /// On a team's one tree the first thread tries the whole position from 60 trees left, and for
    /// the whole move, while the others iterate: the try no longer costs the search half its time
    /// (alone, Strong trying from 60 trees won none of 7 pairs), and its proofs come some plies sooner,
    /// a won Mina's to be made short and a lost Yuki's long (`Mcts::measure`). Strong on 2 threads
    /// so against Strong on 1: see docs/measurements.md, Threads.
    fn team_root_share(&self, state: &FrozenForest) -> Option<f64> {
        placed_within(state, self.team_root_trees).then_some(1.0)
    }

    /// The match counts the trees a losing Yuki eats: Mina strands him as soon as she can, and he
    /// holds out as long as he can.
    fn length_counts(&self) -> bool {
        true
    }

    #[cfg(feature = "experiments")]
    fn tune(&mut self, name: &str, value: f64) -> bool {
        match name {
            "keep_forest" => self.keep_forest = value != 0.0,
            "root_trees" => self.root_trees = value as u32,
            "team_root_trees" => self.team_root_trees = value as u32,
            "approach" => self.approach = value,
            "sweep" => self.sweep = value != 0.0,
            "mina_greedy" => self.mina_greedy = value != 0.0,
            "mina_sample" => self.tried.mina_sample = value as usize,
            "playout_keep" => self.tried.playout_keep = value != 0.0,
            "mina_order" => self.tried.mina_order = value != 0.0,
            "mina_keep" => self.tried.mina_keep = value as usize,
            "corner_trees" => self.tried.corner_trees = value as u32,
            "own_approach" => self.tried.own_approach = value,
            "komi" => self.komi = value,
            "mina_sees_sweep" => self.tried.mina_sees_sweep = value != 0.0,
            _ => return false,
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(pairs: &[(&str, &str)]) -> Options {
        Options::from_pairs(pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())))
    }

    /// Random games under every reading of where Mina ends, with the other options: each random
    /// move is legal, and with `mina_ends_on = "tree"` every slide ends on a tree.
    #[test]
    fn random_moves_are_legal_and_mina_ends_on_a_tree_when_the_option_says_so() {
        let mut rng = Rng::new(18);
        let (mut scratch, mut moves) = (Vec::new(), Vec::new());
        for ends in ["any", "tree"] {
            for (size, layout) in [("4", "grid"), ("7", "grid"), ("6", "ring")] {
                for moves_as in ["queen", "rook"] {
                    for passes in ["false", "true"] {
                        let opts = options(&[("size", size), ("layout", layout), ("mina_moves", moves_as),
                                             ("mina_passes_yuki", passes), ("mina_ends_on", ends)]);
                        for _ in 0..20 {
                            let mut s = FrozenForest::new(&opts).unwrap();
                            while let Some(mv) = s.random_move(&mut scratch, &mut rng) {
                                s.legal_moves(&mut moves);
                                assert!(moves.contains(&mv), "{} not legal", s.notation(mv));
                                let (mina, trees) = (s.to_move() == MINA, s.trees);
                                s.play(mv);
                                if mina && ends == "tree" {
                                    assert!(trees.has(mv as usize), "{} holds no tree", s.notation(mv));
                                }
                            }
                            s.legal_moves(&mut moves);
                            assert!(moves.is_empty(), "no random move while moves remain");
                        }
                    }
                }
            }
        }
    }

    /// The knowledge's playouts (Mina's greedy hiding, Yuki's sweep and cornering) run to the end
    /// under both readings, and never let Mina stop off a tree under "tree".
    #[test]
    fn the_playouts_play_legal_games_under_both_readings() {
        for ends in ["any", "tree"] {
            let opts = options(&[("size", "6"), ("mina_ends_on", ends)]);
            #[allow(unused_mut)]
            let mut know = FrozenForest::knowledge(false);
            #[cfg(feature = "experiments")]
            {
                know.tried.corner_trees = 20;
            }
            let mut rng = Rng::new(7);
            let mut moves = Vec::new();
            for searcher in [YUKI, MINA] {
                for _ in 0..50 {
                    let mut s = FrozenForest::new(&opts).unwrap();
                    for _ in 0..2 {
                        s.legal_moves(&mut moves);
                        s.play(moves[rng.below(moves.len())]);
                    }
                    if searcher == MINA {
                        s.legal_moves(&mut moves);
                        s.play(moves[0]);
                    }
                    know.begin(&s);
                    let value = know.playout(&mut s, &mut moves, &mut rng);
                    assert!((0.0..=1.0).contains(&value));
                    s.legal_moves(&mut moves);
                    assert!(moves.is_empty(), "a playout ends when the player to move is stuck");
                    if ends == "tree" && s.to_move() == YUKI {
                        assert!(s.trees.has(s.mina as usize), "Mina stopped off a tree");
                    }
                }
            }
        }
    }

    /// In play, a lost Yuki who ate the target earns `komi`: the target is the median of the
    /// trees eaten in playouts from the root (so about half of them reach it), the same on every
    /// thread; a search for a person keeps the plain result, and the two never share a tree.
    #[test]
    fn in_play_a_lost_yuki_who_ate_the_median_of_the_playouts_earns_the_komi() {
        let opts = options(&[]);
        let mut root = FrozenForest::new(&opts).unwrap();
        let mut moves = Vec::new();
        for mv in ["e5", "a1", "e6"] {
            root.play(root.parse(mv).unwrap());
        }
        let (mut play, mut judge) = (FrozenForest::knowledge(false), FrozenForest::knowledge(false));
        play.play_for_match(true);
        let view = play.begin(&root);
        assert_ne!(view, judge.begin(&root), "a tree grown for play serves no person's view");
        let mut again = FrozenForest::knowledge(false);
        again.play_for_match(true);
        again.begin(&root);
        assert_eq!(again.target, play.target, "every thread aims at the same target");
        let mut rng = Rng::new(11);
        let (mut reached, mut games) = (0, 0);
        for _ in 0..400 {
            let mut end = root.clone();
            let value = play.playout(&mut end, &mut moves, &mut rng);
            let plain = judge.result(&end);
            assert_eq!(plain, result0(&end), "a person's view keeps the plain result");
            if end.winner() == Some(MINA) {
                games += 1;
                let over = u32::from(end.eaten) >= play.target;
                reached += usize::from(over);
                assert_eq!(value, if over { play.komi } else { 0.0 }, "{} eaten, target {}", end.eaten, play.target);
            } else {
                assert_eq!(value, 1.0);
            }
        }
        assert!(play.target > 3 && play.target < 100, "target {}", play.target);
        let share = reached as f64 / games as f64;
        assert!((0.35..=0.75).contains(&share), "{reached} of {games} lost playouts reached the target");
    }

    /// On a team's one tree the first thread tries the whole position from 60 trees left, for the
    /// whole move; a search on one thread from 45, for the level's share.
    #[test]
    fn a_team_tries_the_root_from_sixty_trees_and_one_thread_from_forty_five() {
        let mut state = FrozenForest::new(&options(&[])).unwrap();
        for mv in ["e5", "a1"] {
            state.play(state.parse(mv).unwrap());
        }
        let know = FrozenForest::knowledge(false);
        for (trees, team, alone) in [(61, None, false), (60, Some(1.0), false), (46, Some(1.0), false), (45, Some(1.0), true)] {
            let mut s = state.clone();
            while s.trees.count() > trees {
                s.trees &= s.trees - 1; // the lowest tree gone
            }
            assert_eq!((know.team_root_share(&s), know.wants_root_solver(&s)), (team, alone), "{trees} trees");
        }
    }
}
