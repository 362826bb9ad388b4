//! Horizontal/Vertical on bitboards: the rules of `game/hv_grid.py` and the search's knowledge.
//!
//! A square is a cell id of `Layout::square(size)`, the same ids as Python's. Grids up to
//! 10×10 fit a u128; 11×11 and 12×12 need the 256-bit `W256` (`engine::make` picks by `ids`).
//! A position keeps the empty squares, the reference square L, how many initials each player
//! wrote (only they score) and the phase of the diagonal-request protocol (`diagonals = ask`).

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use crate::boards::{mix64, Bits, Board, Layout, W256};
use crate::engine::{boxed, Engine};
use crate::game::{cached, Game, Knowledge, Native, Options, Rng, SolverOrder};
use crate::search::mcts::Spec;

const HORIZONTAL: usize = 0;
const NONE: u8 = u8::MAX;
/// Random guesses at an empty square before one is counted out instead (both exactly uniform).
const GUESSES: usize = 4;

/// How "both players agree" to a diagonal move is played (RULES.md's `diagonals`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Diagonals {
    Ask,
    Stuck,
    Always,
    Never,
}

/// Where the mover stands in a turn (only `Ask` uses the last two).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Phase {
    Free,    // fill, request (ask) or write initials
    Pending, // answer the opponent's request
    Refused, // told no: no more requests this turn
}

/// A move: fill `d4`, request `d4?`, initials `d4*`, or an answer `yes` / `no`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Move {
    Fill(u8),
    Request(u8),
    Initials(u8),
    Yes,
    No,
}

/// What the rules look up from a reference square L.
#[derive(Clone, Copy, Debug, Default)]
struct FromSquare<B> {
    line: [B; 2], // Horizontal's candidates along L's row, Vertical's along its column
    diag: B,      // the squares diagonally touching L
}

/// Of the mover's empty orthogonal and diagonal candidates, those it may fill and those it may
/// request, by the `diagonals` option.
#[inline]
fn allowed<B: Bits>(diagonals: Diagonals, phase: Phase, orth: B, diag: B) -> (B, B) {
    match diagonals {
        Diagonals::Ask if phase == Phase::Free => (orth, diag),
        Diagonals::Always => (orth | diag, B::zero()),
        Diagonals::Stuck if orth.is_empty() => (diag, B::zero()),
        _ => (orth, B::zero()),
    }
}

/// With adjacent reach, what the mover may fill or request from L for one pattern of empty
/// squares in L's 3×3 block: the squares as offsets from the block's lower left corner.
#[derive(Clone, Copy, Debug, Default)]
struct Block {
    count: u8,              // none: the mover is stuck
    squares: [(u8, bool); 6], // (offset, requested): fills first, then requests
}

/// Board and candidate masks for one size/reach/diagonals setting.
#[derive(Debug)]
pub struct Config<B: Bits> {
    pub board: Board<B>,
    diagonals: Diagonals,
    from: Vec<FromSquare<B>>, // by cell id
    blocks: Vec<Block>,       // adjacent reach: by mover, refused, and the 9 bits of L's block
    cells: Vec<u8>,           // every square, for guessing a random one
}

impl<B: Bits> Config<B> {
    fn new(options: &Options) -> Result<Config<B>, String> {
        let size = options.number("size", 8, 3, 12)?;
        let line = options.choice("reach", &["adjacent", "line"])? == "line";
        let diagonals = match options.choice("diagonals", &["ask", "stuck", "always", "never"])? {
            "ask" => Diagonals::Ask,
            "stuck" => Diagonals::Stuck,
            "always" => Diagonals::Always,
            _ => Diagonals::Never,
        };
        let board = Board::<B>::new(&Layout::square(size));
        // Rays in the square layout's order: right, left, up, down, then the four diagonals.
        let rays = |c: usize, dirs: &[usize], all: bool| {
            let mut m = B::zero();
            for &d in dirs {
                let ray = &board.rays[c][d];
                for &s in &ray[..if all { ray.len() } else { ray.len().min(1) }] {
                    m |= B::bit(s);
                }
            }
            m
        };
        let mut from = vec![FromSquare::default(); board.size];
        for &c in &board.cells {
            let f = &mut from[c];
            f.line = [rays(c, &[0, 1], line), rays(c, &[2, 3], line)];
            f.diag = rays(c, &[4, 5, 6, 7], false);
        }
        // Adjacent reach: every block pattern worked out once by the rule, around the square b2
        // (whose block starts at id 0, so offsets are ids there).
        let mut blocks = Vec::new();
        if !line {
            let (w, b2) = (board.width, board.width + 1);
            for key in 0..4 * 512 {
                let (p, refused, pattern) = (key / 1024, key / 512 % 2 == 1, key % 512);
                let empty = (0..9).filter(|i| pattern >> i & 1 == 1).fold(B::zero(), |m, i| m | B::bit(i / 3 * w + i % 3));
                let phase = if refused { Phase::Refused } else { Phase::Free };
                let (fills, requests) = allowed(diagonals, phase, from[b2].line[p] & empty, from[b2].diag & empty);
                let mut block = Block::default();
                for (c, requested) in fills.iter().map(|c| (c, false)).chain(requests.iter().map(|c| (c, true))) {
                    block.squares[block.count as usize] = (c as u8, requested);
                    block.count += 1;
                }
                blocks.push(block);
            }
        }
        let cells = board.cells.iter().map(|&c| c as u8).collect();
        Ok(Config { board, diagonals, from, blocks, cells })
    }
}

/// Per-option tables, built once for each bitboard type (a static cannot be generic).
type Cache<B> = OnceLock<Mutex<HashMap<String, &'static Config<B>>>>;

/// A bitboard type this game runs on: u128 up to 10×10, W256 beyond.
pub trait Cells: Bits {
    fn configs() -> &'static Cache<Self>;
    /// The cells 0 to 63 of the set, as a word.
    fn low(self) -> u64;
}

impl Cells for u128 {
    fn configs() -> &'static Cache<u128> {
        static CONFIGS: Cache<u128> = OnceLock::new();
        &CONFIGS
    }
    #[inline]
    fn low(self) -> u64 {
        self as u64
    }
}

impl Cells for W256 {
    fn configs() -> &'static Cache<W256> {
        static CONFIGS: Cache<W256> = OnceLock::new();
        &CONFIGS
    }
    #[inline]
    fn low(self) -> u64 {
        self.0[0]
    }
}

/// The cell ids a grid of these options needs (more than 128: use `HvGrid<W256>`).
pub fn ids(options: &Options) -> Result<usize, String> {
    Ok(Layout::square(options.number("size", 8, 3, 12)?).size())
}

/// The engine for these options: u128 grids, W256 past 128 cell ids (the registry's `Maker`).
pub fn engine(options: &Options, spec: Spec, seed: u64, threads: usize) -> Result<Box<dyn Engine>, String> {
    if ids(options)? > 128 {
        boxed(HvGrid::<W256>::new(options), spec, seed, threads)
    } else {
        boxed(HvGrid::<u128>::new(options), spec, seed, threads)
    }
}

/// A Horizontal/Vertical position: empty squares, L, initials written, request phase.
#[derive(Clone, Debug)]
pub struct HvGrid<B: Cells> {
    cfg: &'static Config<B>,
    empty: B,
    reference: u8, // L: the square marked last (NONE before the first move)
    pending: u8,   // the diagonal square asked for and awaiting an answer (NONE otherwise)
    phase: Phase,
    to_move: u8,
    left: u8,      // how many squares are empty
    initials: [u8; 2],
}

impl<B: Cells> HvGrid<B> {
    /// The empty grid, Horizontal to fill any square (an error names the bad option).
    pub fn new(options: &Options) -> Result<HvGrid<B>, String> {
        let cfg = cached(B::configs(), options.cache_key(), || Config::new(options))?;
        Ok(HvGrid {
            cfg,
            empty: cfg.board.mask,
            reference: NONE,
            pending: NONE,
            phase: Phase::Free,
            to_move: HORIZONTAL as u8,
            left: cfg.cells.len() as u8,
            initials: [0, 0],
        })
    }

    /// The squares the mover may fill and those it may request around L (both empty: stuck).
    #[inline]
    fn choices(&self) -> (B, B) {
        let from = &self.cfg.from[self.reference as usize];
        let orth = from.line[self.to_move as usize] & self.empty;
        allowed(self.cfg.diagonals, self.phase, orth, from.diag & self.empty)
    }

    /// Marks square `c` (a fill or initials): it becomes L and `next` moves from it.
    #[inline]
    fn mark(&mut self, c: u8, next: u8) {
        self.empty ^= B::bit(c as usize);
        self.left -= 1;
        self.reference = c;
        self.phase = Phase::Free;
        self.to_move = next;
    }

    /// A uniformly random empty square (there is one): guessed while most squares are empty,
    /// else counted out (late in the game, where most initials are written).
    #[inline(never)]
    fn random_empty(&self, rng: &mut Rng) -> u8 {
        let cells = &self.cfg.cells;
        if 2 * self.left as usize >= cells.len() {
            for _ in 0..GUESSES {
                let c = cells[rng.below(cells.len())];
                if self.empty.has(c as usize) {
                    return c;
                }
            }
        }
        self.empty.nth(rng.below(self.left as usize) as u32) as u8
    }

    /// A uniformly random square among the mover's fills and requests, as (square, requested);
    /// None if the mover is stuck. With adjacent reach, read from the table of L's block; with
    /// line reach, counted out.
    #[inline(always)]
    fn draw(&self, rng: &mut Rng) -> Option<(u8, bool)> {
        let cfg = self.cfg;
        if cfg.blocks.is_empty() {
            let (fills, requests) = self.choices();
            let nf = fills.count() as usize;
            let n = nf + requests.count() as usize;
            if n == 0 {
                return None;
            }
            let k = rng.below(n);
            return Some(if k < nf {
                (fills.nth(k as u32) as u8, false)
            } else {
                (requests.nth((k - nf) as u32) as u8, true)
            });
        }
        let w = cfg.board.width;
        let corner = self.reference as i32 - w as i32 - 1;
        let bits = self.empty.shifted(-corner).low();
        let pattern = (bits & 7) | (bits >> w & 7) << 3 | (bits >> (2 * w) & 7) << 6;
        let refused = (self.phase == Phase::Refused) as usize;
        let block = &cfg.blocks[(self.to_move as usize * 2 + refused) * 512 + pattern as usize];
        if block.count == 0 {
            return None;
        }
        let (offset, requested) = block.squares[rng.below(block.count as usize)];
        Some(((corner + offset as i32) as u8, requested))
    }

    /// True if the opponent, moving next from square `c`, has no empty square on its line there.
    #[inline]
    fn leaves_opponent_stuck(&self, c: u8) -> bool {
        let line = self.cfg.from[c as usize].line[1 - self.to_move as usize];
        (line & self.empty & !B::bit(c as usize)).is_empty()
    }
}

impl<B: Cells> Game for HvGrid<B> {
    const QUICK_END: bool = true;
    type Move = Move;

    #[inline]
    fn to_move(&self) -> usize {
        self.to_move as usize
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.empty.is_empty() {
            return;
        }
        if self.phase == Phase::Pending {
            out.extend([Move::Yes, Move::No]);
        } else if self.reference == NONE {
            out.extend(self.empty.iter().map(|c| Move::Fill(c as u8)));
        } else {
            let (fills, requests) = self.choices();
            if fills.any() || requests.any() {
                out.extend(fills.iter().map(|c| Move::Fill(c as u8)));
                out.extend(requests.iter().map(|c| Move::Request(c as u8)));
            } else {
                out.extend(self.empty.iter().map(|c| Move::Initials(c as u8)));
            }
        }
    }

    #[inline]
    fn play(&mut self, mv: Move) {
        let p = self.to_move;
        match mv {
            Move::Fill(c) => self.mark(c, 1 - p),
            // Granted: the requester's square is filled and the answering player moves on from it.
            Move::Yes => {
                let c = self.pending;
                self.pending = NONE;
                self.mark(c, p);
            }
            // Refused: the requester moves again from the same L, without requests.
            Move::No => {
                self.pending = NONE;
                self.phase = Phase::Refused;
                self.to_move = 1 - p;
            }
            Move::Request(c) => {
                self.pending = c;
                self.phase = Phase::Pending;
                self.to_move = 1 - p;
            }
            Move::Initials(c) => {
                self.initials[p as usize] += 1;
                self.mark(c, 1 - p);
            }
        }
    }

    #[inline]
    fn is_over(&self) -> bool {
        self.empty.is_empty()
    }

    fn winner(&self) -> Option<usize> {
        let [a, b] = self.initials;
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        }
    }

    fn scores(&self) -> [i32; 2] {
        [self.initials[0] as i32, self.initials[1] as i32]
    }

    /// Python's key, except that only the initials' difference is kept: the result and the
    /// shaped reward depend on nothing else, so more positions meet in the solver's table.
    fn key(&self) -> u64 {
        let lead = (self.initials[0] as i64 - self.initials[1] as i64 + 256) as u64;
        let rest = self.reference as u64
            | (self.pending as u64) << 8
            | (self.phase as u64) << 16
            | (self.to_move as u64) << 18
            | lead << 20;
        self.empty.mix() ^ mix64(rest ^ 0x4856_0000_0000_0000)
    }

    fn notation(&self, mv: Move) -> String {
        let name = |c: u8| self.cfg.board.name(c as usize);
        match mv {
            Move::Fill(c) => name(c).to_string(),
            Move::Request(c) => format!("{}?", name(c)),
            Move::Initials(c) => format!("{}*", name(c)),
            Move::Yes => "yes".into(),
            Move::No => "no".into(),
        }
    }

    /// Uniform among the legal moves without listing them: a random fill or request (`draw`),
    /// else a random empty square for initials (or the first fill), or a random answer.
    #[inline(always)]
    fn random_move(&self, _moves: &mut Vec<Move>, rng: &mut Rng) -> Option<Move> {
        if self.empty.is_empty() {
            return None;
        }
        if self.phase == Phase::Pending {
            return Some(if rng.below(2) == 0 { Move::Yes } else { Move::No });
        }
        if self.reference == NONE {
            return Some(Move::Fill(self.random_empty(rng)));
        }
        Some(match self.draw(rng) {
            Some((c, false)) => Move::Fill(c),
            Some((c, true)) => Move::Request(c),
            None => Move::Initials(self.random_empty(rng)),
        })
    }
}

/// Horizontal/Vertical's search knowledge (see `Knowledge`).
///
/// Playouts are uniformly random (requests answered yes or no at random), and rewards mix the
/// result with the margin of initials: half each, the margin through tanh(margin / 6). Between
/// strong bots Horizontal always wins, by 5 to 8 initials, and a match of two games is decided by
/// the initials; at weight 0.3 and scale 3 the reward hardly told those margins apart. Against
/// that older reward, Strong, 0.5 s, role-swapped pairs: 22 won, 7 drawn, 11 lost of 40, +1.05
/// initials a pair (t = 3.3). The tree expands gifts (moves after which the opponent has
/// no square on its line) last. Measured against plain UCT at 0.2 s a move: gifts last 14/16, then
/// 30/40 and 30.5/40 (margin reward alone 10/16, 28/40). No better in 16 games: UCT constant 0.7
/// 13/16, margin weight 0.5 12.5/16, stuck playout players trying 3 squares for one that leaves
/// the opponent a fill 12.5/16, playout fills avoiding a stuck opponent half the time 12/16, gifts
/// held out of the tree 8/16; with slower playouts: avoid-gift playouts 8.5/16, an in-search
/// endgame solver from 14 empty squares (3000 nodes) 6/16, UCT constant 0.6 9/16.
///
/// The root's try. Proofs of the result alone had a level play the first winning move found,
/// whatever the initials: Expert trying from 18 empty squares against Strong, 0.5 s, role-swapped
/// pairs scored as matches by total initials: 0 won, 1 drawn, 4 lost of 5. From `root_empty` (28)
/// empty squares Strong and Expert now find the exact margin of initials instead (`margin_room`,
/// `search::margin`) and play a move that holds it. From 24 it takes 0.01-0.2 s; from 26 to 28 a
/// fresh table seldom finds it in the try's quarter second, but a try that fails leaves its table
/// to the next move's. Casual does not (`solve_root`). Measured: see docs/measurements.md's table of search
/// ideas (from 24, then from 28).
#[derive(Clone, Debug)]
pub struct HvGridKnowledge {
    pub gifts_last: bool,   // the tree tries gifts of initials last (else in shuffled order)
    pub margin_weight: f64, // share of the reward that follows the margin of initials
    pub margin_scale: f64,  // initials of margin for a tanh(1) share of that part
    #[cfg(feature = "experiments")]
    pub solve_empty: u32, // the in-tree solver tries nodes with at most this many empty squares (0: off)
    pub root_empty: u32, // the root's try finds the exact margin of initials from this many empty squares (0: never)
    solve_root: bool,    // the level has the time to let the solver try the root (Strong and Expert)
}

impl HvGridKnowledge {
    /// Player 0's reward for final initials a to b: mostly the result, partly the margin.
    pub fn reward(&self, a: i32, b: i32) -> f64 {
        let r = match a.cmp(&b) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Less => 0.0,
            std::cmp::Ordering::Equal => 0.5,
        };
        let shaped = 0.5 + 0.5 * ((a - b) as f64 / self.margin_scale).tanh();
        (1.0 - self.margin_weight) * r + self.margin_weight * shaped
    }
}

impl<B: Cells> Native for HvGrid<B> {
    type Know = HvGridKnowledge;

    fn knowledge(solve_root: bool) -> HvGridKnowledge {
        HvGridKnowledge {
            gifts_last: true,
            margin_weight: 0.5,
            margin_scale: 6.0,
            #[cfg(feature = "experiments")]
            solve_empty: 0,
            root_empty: 28,
            solve_root,
        }
    }
}

impl<B: Cells> Knowledge<HvGrid<B>> for HvGridKnowledge {
    /// Shuffled, but moves that leave the opponent stuck (gifts of initials) are tried last.
    fn order(&self, state: &HvGrid<B>, moves: &mut [Move], rng: &mut Rng) -> usize {
        let mut others = moves.len();
        if self.gifts_last && state.reference != NONE {
            others = 0;
            for i in 0..moves.len() {
                let gift = match moves[i] {
                    Move::Fill(c) | Move::Initials(c) => state.leaves_opponent_stuck(c),
                    _ => false,
                };
                if !gift {
                    moves.swap(others, i);
                    others += 1;
                }
            }
        }
        rng.shuffle(&mut moves[..others]);
        rng.shuffle(&mut moves[others..]);
        moves.len()
    }

    /// Uniformly random moves to the end, then the shaped reward.
    fn playout(&self, state: &mut HvGrid<B>, moves: &mut Vec<Move>, rng: &mut Rng) -> f64 {
        while let Some(mv) = state.random_move(moves, rng) {
            state.play(mv);
        }
        self.result(state)
    }

    fn result(&self, state: &HvGrid<B>) -> f64 {
        let [a, b] = state.scores();
        self.reward(a, b)
    }

    /// Only in the experiments build (`solve_empty`): the levels leave the in-tree solver off here,
    /// measured worse than without it (6/16, above), and offer it only the root.
    #[cfg(feature = "experiments")]
    fn wants_solver(&self, state: &HvGrid<B>) -> bool {
        (state.left as u32) <= self.solve_empty
    }

    /// From `root_empty` empty squares, at the levels with the time for it, the root's try finds
    /// the exact margin of initials (see `margin_room`), and its move is played.
    fn wants_root_solver(&self, state: &HvGrid<B>) -> bool {
        self.solve_root && (state.left as u32) <= self.root_empty
    }

    /// On a team's one tree the first thread seeks the exact margin for the whole move, while the
    /// others iterate, where one thread seeks it for half the move. Measured: docs/measurements.md, Threads.
    fn team_root_share(&self, state: &HvGrid<B>) -> Option<f64> {
        self.wants_root_solver(state).then_some(1.0)
    }

    /// A match counts the initials, and a square gives at most one.
    fn margin_room(&self) -> Option<fn(&HvGrid<B>) -> i32> {
        Some(|state| state.left as i32)
    }

    fn margin_reward(&self, margin: i32) -> f64 {
        self.reward(margin, 0)
    }

    /// The replies' count says little here; the solver was measured slower with it.
    fn solver_order(&self) -> SolverOrder<HvGrid<B>> {
        SolverOrder::AsListed
    }

    #[cfg(feature = "experiments")]
    fn tune(&mut self, name: &str, value: f64) -> bool {
        match name {
            "gifts_last" => self.gifts_last = value != 0.0,
            "margin_weight" => self.margin_weight = value,
            "margin_scale" => self.margin_scale = value,
            "solve_empty" => self.solve_empty = value as u32,
            "root_empty" => self.root_empty = value as u32,
            _ => return false,
        }
        true
    }
}

#[cfg(test)]
mod tests;
