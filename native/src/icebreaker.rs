//! Icebreaker on bitboards: the rules of `game/icebreaker.py` and the search's knowledge.
//!
//! Cells are the ids of `boards.rs`'s regular hexagon, the same as Python's. Sizes 3 to 6 fit
//! a u128 and sizes 7 and 8 need a W256, so the game is generic over its bitboard (`narrow`
//! tells `engine::make` which). A move is a ship's step, or the pass forced on a player
//! none of whose ships can move.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use crate::boards::{mix64, Bits, Board, Layout, W256};
use crate::engine::{boxed, Engine};
use crate::search::minimax::Evaluation;
use crate::game::{cached, result0, sigmoid, Game, Knowledge, Native, Options, Rng, SolverOrder};
use crate::search::mcts::Spec;

const RED: usize = 0;
const BLACK: usize = 1;
const NONE: u8 = u8::MAX;
/// Ships a side may have: three in a game, more in a position set up for a test.
const MAX_SHIPS: usize = 8;

/// A ship's step from one cell to a neighbour, or `PASS`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Step {
    pub from: u8,
    pub to: u8,
}

/// The pass of a player none of whose ships can move.
pub const PASS: Step = Step { from: NONE, to: NONE };

/// Board, start position and win threshold of one size.
#[derive(Debug)]
pub struct Config<B: Bits> {
    pub board: Board<B>,
    start_ships: [B; 2],
    start_ice: B,
    pub majority: u8, // the score that wins: more than half the starting icebergs
    width: u32,       // the hex directions are ±1, ±width and ±(width - 1)
    offsets: [i32; 7], // the cells of `around`'s bits, relative to its centre
}

impl<B: HexBits> Config<B> {
    fn new(size: usize) -> Config<B> {
        let board = Board::<B>::new(&Layout::hexagon(size));
        let rows = &board.rows;
        let (top, middle, bottom) = (&rows[rows.len() - 1], &rows[rows.len() / 2], &rows[0]);
        let fleet = |cells: [usize; 3]| cells.iter().fold(B::zero(), |m, &c| m | B::bit(c));
        let red = fleet([top[0], middle[middle.len() - 1], bottom[0]]);
        let black = fleet([top[top.len() - 1], middle[0], bottom[bottom.len() - 1]]);
        let start_ice = board.mask & !(red | black);
        let majority = (start_ice.count() / 2 + 1) as u8;
        let width = board.width as u32;
        let w = width as i32;
        let offsets = [-w, 1 - w, -1, 0, 1, w - 1, w];
        Config { board, start_ships: [red, black], start_ice, majority, width, offsets }
    }
}

/// The cells next to any cell of `m` on a board `w` bits wide (off-board cells too: callers
/// mask them out). Called with a constant `w`, the shifts are constants too.
#[inline(always)]
fn spread<B: Bits>(m: B, w: u32) -> B {
    // +w and +(w-1) are one shift of m | m << 1, as are -w and -(w-1) (the top bit is never a cell).
    let pair = m | (m << 1);
    (m << 1) | (m >> 1) | (pair << (w - 1)) | (pair >> w)
}

/// Evaluates `$body` with a constant `W` equal to the board width `$width` (6, 8, ..., 16).
macro_rules! with_width {
    ($width:expr, $body:expr) => {
        match $width {
            6 => { const W: u32 = 6; $body }
            8 => { const W: u32 = 8; $body }
            10 => { const W: u32 = 10; $body }
            12 => { const W: u32 = 12; $body }
            14 => { const W: u32 = 14; $body }
            _ => { const W: u32 = 16; $body }
        }
    };
}

/// Per-size configs, built once (see `game::cached`).
type Configs<B> = OnceLock<Mutex<HashMap<String, &'static Config<B>>>>;

/// The bitboard types Icebreaker runs on, each with its cache of per-size configs.
pub trait HexBits: Bits {
    /// The configs built so far for boards of this type.
    fn configs() -> &'static Configs<Self>;
    /// The set without its lowest cell (a set that is not empty).
    fn without_lowest(self) -> Self;
    /// Cells lo..lo + 64 of a set that lies within them, as the bits of a word (cells more
    /// than 64 away may wrap in: callers pass a ship's neighbours only).
    fn window(self, lo: i32) -> u64;
}

impl HexBits for u128 {
    fn configs() -> &'static Configs<u128> {
        static CONFIGS: Configs<u128> = OnceLock::new();
        &CONFIGS
    }
    #[inline]
    fn without_lowest(self) -> u128 {
        self & (self - 1)
    }
    #[inline]
    fn window(self, lo: i32) -> u64 {
        self.rotate_right(lo.rem_euclid(128) as u32) as u64 // no branch on the sign of lo
    }
}

impl HexBits for W256 {
    fn configs() -> &'static Configs<W256> {
        static CONFIGS: Configs<W256> = OnceLock::new();
        &CONFIGS
    }
    #[inline]
    fn without_lowest(self) -> W256 {
        self ^ W256::bit(self.lowest())
    }
    #[inline]
    fn window(self, lo: i32) -> u64 {
        (if lo >= 0 { self >> lo as u32 } else { self << (-lo) as u32 }).0[0]
    }
}

/// The cells of a set, lowest first (cheaper than `Bits::iter` on a u128).
#[inline]
fn cells<B: HexBits>(mut m: B) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m.is_empty() {
            return None;
        }
        let c = m.lowest();
        m = m.without_lowest();
        Some(c)
    })
}

/// The `size` option (3 to 8, default 5).
fn size_option(options: &Options) -> Result<usize, String> {
    options.number("size", 5, 3, 8)
}

/// True if the board of these options fits a u128 (sizes 3 to 6).
pub fn narrow(options: &Options) -> Result<bool, String> {
    Ok(Layout::hexagon(size_option(options)?).size() <= 128)
}

/// The engine for these options: u128 boards to size 6, W256 for 7 and 8 (the registry's `Maker`).
pub fn engine(options: &Options, spec: Spec, seed: u64, threads: usize) -> Result<Box<dyn Engine>, String> {
    if narrow(options)? {
        boxed(Icebreaker::<u128>::new(options), spec, seed, threads)
    } else {
        boxed(Icebreaker::<W256>::new(options), spec, seed, threads)
    }
}

/// An Icebreaker position: both fleets, the icebergs left, the captures and who moves.
#[derive(Clone, Debug)]
pub struct Icebreaker<B: HexBits> {
    cfg: &'static Config<B>,
    ships: [B; 2],
    fleet: [[u8; MAX_SHIPS]; 2], // the cells of each side's ships (`ships` as a list) ...
    fleet_len: [u8; 2],           // ... and how many
    ice: B,
    captured: [u8; 2],
    to_move: u8,
    hash: u64, // the ZOBRIST words of the ships' and icebergs' cells, XORed: the key's part that moves change
}

/// A random word for each cell of each fleet (0 and 1) and of the ice (2): a position's `hash` is
/// kept up to date by XORing in and out the words of the cells a move changes, where hashing the
/// bitboards anew took a tenth of the search's time (perf, the tree walk's repetition check).
static ZOBRIST: [[u64; 256]; 3] = {
    let mut words = [[0u64; 256]; 3];
    let mut part = 0;
    while part < 3 {
        let mut cell = 0;
        while cell < 256 {
            words[part][cell] = mix64(((part as u64) << 32 | cell as u64) ^ 0x5851_f42d_4c95_7f2d);
            cell += 1;
        }
        part += 1;
    }
    words
};

impl<B: HexBits> Icebreaker<B> {
    /// The starting position for these options (an error names the bad option).
    pub fn new(options: &Options) -> Result<Icebreaker<B>, String> {
        let size = size_option(options)?;
        let cfg = cached(B::configs(), options.cache_key(), || Ok(Config::new(size)))?;
        let mut state = Icebreaker { cfg, ships: [B::zero(); 2], fleet: [[0; MAX_SHIPS]; 2], fleet_len: [0; 2], ice: cfg.start_ice, captured: [0, 0], to_move: RED as u8, hash: 0 };
        state.set_ships(cfg.start_ships);
        state.rehash();
        Ok(state)
    }

    /// A position set up from cell names (as Python's `IcebreakerGame.position`), for tests.
    pub fn position(options: &Options, red: &str, black: &str, ice: &str, to_move: usize, captured: [u8; 2]) -> Result<Icebreaker<B>, String> {
        let mut state = Icebreaker::new(options)?;
        let board = &state.cfg.board;
        let mut used = B::zero();
        let mut masks = [B::zero(); 3];
        for (mask, names) in masks.iter_mut().zip([red, black, ice]) {
            for name in names.split_whitespace() {
                let cell = board.cell(name).ok_or_else(|| format!("{name}: not a cell of this board"))?;
                if used.has(cell) {
                    return Err(format!("{name} is used twice: a cell holds one ship or one iceberg"));
                }
                used |= B::bit(cell);
                *mask |= B::bit(cell);
            }
        }
        if masks[0].count() as usize > MAX_SHIPS || masks[1].count() as usize > MAX_SHIPS {
            return Err(format!("at most {MAX_SHIPS} ships a side"));
        }
        state.set_ships([masks[0], masks[1]]);
        (state.ice, state.captured, state.to_move) = (masks[2], captured, to_move as u8);
        state.rehash();
        Ok(state)
    }

    /// Puts each side's ships on the cells of `ships` (at most MAX_SHIPS a side).
    fn set_ships(&mut self, ships: [B; 2]) {
        self.ships = ships;
        for p in [RED, BLACK] {
            self.fleet_len[p] = 0;
            for c in cells(ships[p]) {
                self.fleet[p][self.fleet_len[p] as usize] = c as u8;
                self.fleet_len[p] += 1;
            }
        }
    }

    /// `hash` from the ships and icebergs as they stand.
    fn rehash(&mut self) {
        let word = |part: usize, m: B| cells(m).fold(0, |h, c| h ^ ZOBRIST[part][c]);
        self.hash = word(RED, self.ships[RED]) ^ word(BLACK, self.ships[BLACK]) ^ word(2, self.ice);
    }

    /// True once a player has captured more than half the starting icebergs.
    #[inline]
    fn over(&self) -> bool {
        self.captured[0].max(self.captured[1]) >= self.cfg.majority
    }

    /// Calls `found(ship, destinations)` for each ship of the mover that can move: its
    /// neighbours without a ship that lie one step closer to one of its nearest icebergs.
    ///
    /// One BFS outward from every iceberg at once serves all ships: a ship's nearest icebergs
    /// lie at distance k + 1 where layer k is the first to touch its neighbours, and its
    /// neighbours in that layer are exactly its destinations. Most ships touch an iceberg
    /// (layer 0), so that layer is looked at while the ships are listed.
    #[inline]
    fn each_ship_targets(&self, found: impl FnMut(u8, B)) {
        with_width!(self.cfg.width, self.each_ship_targets_w::<W>(found))
    }

    /// `each_ship_targets` on a board W bits wide.
    #[inline]
    fn each_ship_targets_w<const W: u32>(&self, mut found: impl FnMut(u8, B)) {
        let cfg = self.cfg;
        let passable = cfg.board.mask & !(self.ships[0] | self.ships[1]);
        let mut waiting = [0u8; MAX_SHIPS]; // ships that touch no iceberg but can move somewhere
        let mut n = 0;
        let p = self.to_move as usize;
        for &s in &self.fleet[p][..self.fleet_len[p] as usize] {
            let around = cfg.board.nbr_mask[s as usize];
            if (around & self.ice).any() {
                found(s, around & self.ice);
            } else if (around & passable).any() {
                waiting[n] = s;
                n += 1;
            }
        }
        let (mut layer, mut seen) = (self.ice, self.ice);
        while n > 0 {
            layer = spread(layer, W) & passable & !seen;
            if layer.is_empty() {
                return; // the ships still waiting can reach no iceberg
            }
            seen |= layer;
            let mut i = 0;
            while i < n {
                let hit = cfg.board.nbr_mask[waiting[i] as usize] & layer;
                if hit.any() {
                    found(waiting[i], hit);
                    n -= 1;
                    waiting[i] = waiting[n];
                } else {
                    i += 1;
                }
            }
        }
    }

    /// Uniform among the legal moves without listing them: each ship's destinations as the
    /// bits of a byte (see `around`), counted and picked from by table.
    #[inline]
    fn random_move_w<const W: u32>(&self, rng: &mut Rng) -> Option<Step> {
        if self.over() {
            return None;
        }
        let mut ship = [0u8; MAX_SHIPS];
        let mut near = [0u8; MAX_SHIPS];
        let (mut k, mut total) = (0, 0);
        self.each_ship_targets_w::<W>(|s, hit| {
            (ship[k], near[k]) = (s, around::<B, W>(s as usize, hit));
            total += BYTE_COUNT[near[k] as usize] as usize;
            k += 1;
        });
        if total == 0 {
            return Some(PASS);
        }
        let mut r = rng.below(total);
        for i in 0..k {
            let c = BYTE_COUNT[near[i] as usize] as usize;
            if r < c {
                let bit = BYTE_NTH[near[i] as usize][r] as usize;
                return Some(Step { from: ship[i], to: (ship[i] as i32 + self.cfg.offsets[bit]) as u8 });
            }
            r -= c;
        }
        unreachable!("r is below the total")
    }

    /// The greedy move: a capture if a ship can make one (at random among them), else a step of
    /// the ship nearest its iceberg (the first in the fleet's order among ships as near; at random
    /// among its steps); a pass if no ship can move; None when the game is over.
    fn greedy_move(&self, rng: &mut Rng) -> Option<Step> {
        if self.over() {
            return None;
        }
        let mut caps: [(u8, B); MAX_SHIPS] = [(0, B::zero()); MAX_SHIPS];
        let (mut k, mut total, mut first) = (0, 0u32, None);
        let ice = self.ice;
        self.each_ship_targets(|s, hit| {
            if (hit & ice).any() {
                caps[k] = (s, hit);
                total += hit.count();
                k += 1;
            } else if first.is_none() {
                first = Some((s, hit));
            }
        });
        let pick = |s: u8, hit: B, r: usize| Step { from: s, to: hit.nth(r as u32) as u8 };
        if total > 0 {
            let mut r = rng.below(total as usize);
            for &(s, hit) in &caps[..k] {
                let c = hit.count() as usize;
                if r < c {
                    return Some(pick(s, hit, r));
                }
                r -= c;
            }
        }
        match first {
            Some((s, hit)) => Some(pick(s, hit, rng.below(hit.count() as usize))),
            None => Some(PASS),
        }
    }

    /// The mover's captures, into `out` (cleared first): alpha-beta's forcing moves.
    fn captures(&self, out: &mut Vec<Step>) {
        out.clear();
        if self.over() {
            return;
        }
        let ice = self.ice;
        self.each_ship_targets(|s, hit| {
            out.extend((hit & ice).iter().map(|to| Step { from: s, to: to as u8 }));
        });
    }

    /// Each player's captures plus the icebergs its fleet reaches first, in halves.
    ///
    /// Both fleets spread one step at a time around every ship; an iceberg reached first by
    /// one side counts for it, one reached by both in the same step counts half to each.
    fn race_halves(&self) -> [i32; 2] {
        self.race_points(|_| 1)
    }

    /// Each player's captures plus the icebergs its fleet reaches first as `race_halves` counts
    /// them, each reached `step` steps out weighing `worth(step)` (a capture weighs `worth(0)`).
    fn race_points(&self, worth: impl Fn(i32) -> i32) -> [i32; 2] {
        let cfg = self.cfg;
        let passable = cfg.board.mask & !(self.ships[0] | self.ships[1]);
        let (mut seen, mut front) = (self.ships, self.ships);
        let mut left = self.ice;
        let mut points = [2 * worth(0) * self.captured[0] as i32, 2 * worth(0) * self.captured[1] as i32];
        let mut step = 0;
        while left.any() && (front[0].any() || front[1].any()) {
            step += 1;
            let mut hits = [B::zero(); 2];
            for p in [RED, BLACK] {
                front[p] = spread(front[p], cfg.width) & passable & !seen[p];
                seen[p] |= front[p];
                hits[p] = front[p] & left;
            }
            let both = hits[0] & hits[1];
            for p in [RED, BLACK] {
                points[p] += worth(step) * (2 * (hits[p] ^ both).count() as i32 + both.count() as i32);
            }
            left &= !(hits[0] | hits[1]);
        }
        points
    }

    /// Player 0's chance from the race (`race_halves`): `scale` icebergs of margin give ~73%.
    fn race(&self, scale: f64) -> f64 {
        let halves = self.race_halves();
        sigmoid((halves[0] - halves[1]) as f64 / 2.0 / scale)
    }

    /// Player 0's chance from the race with the nearer icebergs the surer (alpha-beta's
    /// evaluation): one reached first `step` steps out counts (NEAR - step) / NEAR of a capture, at
    /// least half. Every reached iceberg alike, the race tied on most of the suite's misses at
    /// alpha-beta's horizon.
    fn race_near(&self, scale: f64) -> f64 {
        let points = self.race_points(|step| (NEAR - step).max(NEAR / 2));
        sigmoid((points[0] - points[1]) as f64 / (2 * NEAR) as f64 / scale)
    }

    /// The race's margin for `player`, in half icebergs: the solver's order of moves.
    fn race_margin(&self, player: usize) -> i32 {
        let halves = self.race_halves();
        halves[player] - halves[1 - player]
    }
}

/// The cells of `m` next to cell `s` on a board W bits wide, as the bits of `Config::offsets`
/// (bit 3, s itself, is never set: `m` holds no ship). Read from a word of the cells s - W ..= s + W.
#[inline]
fn around<B: HexBits, const W: u32>(s: usize, m: B) -> u8 {
    let y = m.window(s as i32 - W as i32);
    ((y & 3) | ((y >> (W - 1)) & 7) << 2 | ((y >> (2 * W - 1)) & 3) << 5) as u8
}

/// BYTE_COUNT[b]: how many bits of the 7-bit value b are set.
const BYTE_COUNT: [u8; 128] = {
    let mut table = [0u8; 128];
    let mut b = 1;
    while b < 128 {
        table[b] = table[b & (b - 1)] + 1;
        b += 1;
    }
    table
};

/// BYTE_NTH[b][r]: the r-th lowest set bit of the 7-bit value b.
const BYTE_NTH: [[u8; 8]; 128] = {
    let mut table = [[0u8; 8]; 128];
    let mut b = 0;
    while b < 128 {
        let (mut bit, mut r) = (0, 0);
        while bit < 7 {
            if b >> bit & 1 == 1 {
                table[b][r] = bit as u8;
                r += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    table
};

impl<B: HexBits> Game for Icebreaker<B> {
    const QUICK_END: bool = true;
    type Move = Step;

    #[inline]
    fn to_move(&self) -> usize {
        self.to_move as usize
    }

    fn legal_moves(&self, out: &mut Vec<Step>) {
        out.clear();
        if self.over() {
            return;
        }
        self.each_ship_targets(|from, hit| out.extend(cells(hit).map(|to| Step { from, to: to as u8 })));
        if out.is_empty() {
            out.push(PASS);
        }
    }

    #[inline]
    fn play(&mut self, mv: Step) {
        let p = self.to_move as usize;
        if mv != PASS {
            let to = B::bit(mv.to as usize);
            self.ships[p] ^= B::bit(mv.from as usize) | to;
            let fleet = &mut self.fleet[p];
            let i = fleet.iter().position(|&c| c == mv.from).expect("a ship moves from its own cell");
            fleet[i] = mv.to;
            self.hash ^= ZOBRIST[p][mv.from as usize] ^ ZOBRIST[p][mv.to as usize];
            if (self.ice & to).any() {
                self.ice ^= to;
                self.hash ^= ZOBRIST[2][mv.to as usize];
                self.captured[p] += 1;
            }
        }
        self.to_move ^= 1;
    }

    #[inline]
    fn is_over(&self) -> bool {
        self.over() // a player who cannot move passes: the game has moves until a majority is taken
    }

    fn winner(&self) -> Option<usize> {
        [RED, BLACK].into_iter().find(|&p| self.captured[p] >= self.cfg.majority)
    }

    fn scores(&self) -> [i32; 2] {
        [self.captured[0] as i32, self.captured[1] as i32]
    }

    fn key(&self) -> u64 {
        let small = self.captured[0] as u64 | (self.captured[1] as u64) << 8 | (self.to_move as u64) << 16 | 2 << 40;
        mix64(self.hash ^ small)
    }

    fn notation(&self, mv: Step) -> String {
        if mv == PASS {
            return "pass".into();
        }
        let board = &self.cfg.board;
        format!("{}-{}", board.name(mv.from as usize), board.name(mv.to as usize))
    }

    /// Uniform among the legal moves without listing them (see `random_move_w`).
    #[inline]
    fn random_move(&self, _moves: &mut Vec<Step>, rng: &mut Rng) -> Option<Step> {
        with_width!(self.cfg.width, self.random_move_w::<W>(rng))
    }
}

/// Icebreaker's search knowledge: playouts are cut after a few plies and judged by the race for
/// the ice (captures plus the icebergs each fleet reaches first). Measured against plain UCT, 0.2 s
/// a move, 16 games: 13/16 with it (MCTS-Solver and tree reuse alone: 9/16).
///
/// A playout's plies are greedy (`greedy_move`: a capture where one can be made, else a step of the
/// ship nearest its iceberg), where they were random: the race counts every fleet's ships as moving
/// at once, but a player moves one ship a turn and may leave a capture for later, so random plies
/// before it let the race judge positions no player would leave. At 0.5 s a move, one thread,
/// roles alternated, greedy plies against random won 52 of 80 games (65% [54-74%]); greedy
/// playouts to the end (no race) won 30% of 40, with a third of the iterations.
///
/// Late in the race the endgame solver joins in: from `root_ice` icebergs left it tries the whole
/// position before the search (a proved win is played at once), from `node_ice` it settles
/// well-visited nodes. Earlier it seldom settles anything in a move's time. See docs/measurements.md's
/// table of search ideas for what this was measured to pay.
///
/// From `minimax_ice` icebergs left, alpha-beta with the race at its horizon chooses an unproved root's
/// move instead of the tree's iterations (`Knowledge::minimax`): the tree's values tie there, where a
/// dozen plies of every line show which captures come first. At 0.5 s a move, one thread, Strong with
/// it from 22 icebergs won 56 of 80 games against Strong without (70% [59-79%]), and kept the proved
/// result in 92.4% of the suite's 330 plays where 83.6%; from 26 or 30 icebergs it won 45% and 50% of 40.
/// Its evaluation is the race with the nearer icebergs the surer (`race_near`): with every reached
/// iceberg alike the race tied at the horizon in most of the suite's misses. With it Strong kept 97.6%
/// of 330 plays where 92.4%, and won 73 of 120 games against Strong without it (60.8% [52-69%]).
///
/// The race's `scale` is 2 icebergs (a margin of 2 gives ~73%), where it was 3: at 0.5 s a move,
/// one thread, roles alternated, scale 2 against 3 won 74 of 120 games (61.7% [53-70%]). Flatter
/// evaluations lost: a refitted scale of 5.7 with a term for the side to move won 27.5% of 40.
/// The race's scale (see `IcebreakerKnowledge::scale`).
const RACE_SCALE: f64 = 2.0;
/// `race_near`'s steps: an iceberg reached first this far out would count nothing (none is: at
/// least half counts).
const NEAR: i32 = 40;

#[derive(Clone, Debug)]
pub struct IcebreakerKnowledge {
    pub max_playout: usize, // plies played before the race evaluation judges the position
    pub scale: f64,         // icebergs of margin for a ~73% evaluation
    pub root_ice: u32,      // from this few icebergs left, the solver tries the whole position first (0: never)
    pub node_ice: u32,      // from this few icebergs left, the solver tries well-visited nodes (0: never)
    pub greedy: f64,        // a playout's ply is the greedy move (`greedy_move`) with this chance, else random
    pub minimax_ice: u32,   // from this few icebergs left, alpha-beta with the race chooses an unproved root's move (0: never)
}

impl<B: HexBits> Native for Icebreaker<B> {
    type Know = IcebreakerKnowledge;
    /// Not shown impossible: ships that block each other might walk a cycle (no capture, no
    /// progress), so the solver watches for repeats.
    const CAN_REPEAT: bool = true;

    fn knowledge(_solve_root: bool) -> IcebreakerKnowledge {
        IcebreakerKnowledge { max_playout: 8, scale: RACE_SCALE, root_ice: 16, node_ice: 14, greedy: 1.0, minimax_ice: 22 }
    }
}

impl<B: HexBits> Knowledge<Icebreaker<B>> for IcebreakerKnowledge {
    fn playout(&self, state: &mut Icebreaker<B>, moves: &mut Vec<Step>, rng: &mut Rng) -> f64 {
        for _ in 0..self.max_playout {
            let greedy = self.greedy >= 1.0 || rng.unit() < self.greedy;
            let mv = if greedy { state.greedy_move(rng) } else { state.random_move(moves, rng) };
            match mv {
                Some(mv) => state.play(mv),
                None => return result0(state),
            }
        }
        if state.over() {
            result0(state)
        } else {
            state.race(self.scale)
        }
    }

    /// The race evaluation's values lie close to one half, so UCB1's textbook c = 1 spreads the
    /// visits almost evenly. Measured at 0.5 s, one thread, roles alternated: c = 0.4 against
    /// c = 1 won 80% of 40 [65–90], and against textbook UCT (c = √2) 88% of 100 [80–93],
    /// where c = 1 won 57.5% of 40 [42–71].
    fn exploration(&self) -> Option<f64> {
        Some(0.4)
    }

    /// The race's best first. On the 40 suite positions (8 to 17 icebergs left), the solver
    /// proved 39 within 10 s each (a median of 0.6 s) where the opponent's fewest replies first
    /// proved 29 (a median of about 6 s).
    fn solver_order(&self) -> SolverOrder<Icebreaker<B>> {
        SolverOrder::Worth(Icebreaker::race_margin)
    }

    /// Lines seldom cycle here and the game ends 30 to 60 plies after the root try begins: tries
    /// at 8 and 16 plies settled little. On the 72 suite positions (outcome proofs, 10 s cap) a
    /// first horizon of 32 proved 71 in 75 s, where 8 proved 69 in 120 s (in Goats Wintering, 32
    /// took 22 s for the 44 puzzles and suite positions 8 proves in 0.03 s).
    fn first_horizon(&self) -> usize {
        32
    }

    /// From `minimax_ice` icebergs left: the race with the nearer icebergs the surer at the horizon
    /// (`race_near`), the race's best first, and the mover's captures played on past the horizon
    /// (see the knowledge's text above).
    fn minimax(&self, state: &Icebreaker<B>) -> Option<Evaluation<Icebreaker<B>>> {
        (state.ice.count() <= self.minimax_ice).then_some(Evaluation {
            chance: |s| s.race_near(RACE_SCALE),
            order: Icebreaker::race_margin,
            forcing: |s, out| s.captures(out),
        })
    }

    fn wants_root_solver(&self, state: &Icebreaker<B>) -> bool {
        state.ice.count() <= self.root_ice
    }

    fn wants_solver(&self, state: &Icebreaker<B>) -> bool {
        state.ice.count() <= self.node_ice
    }

    #[cfg(feature = "experiments")]
    fn tune(&mut self, name: &str, value: f64) -> bool {
        match name {
            "max_playout" => self.max_playout = value as usize,
            "scale" => self.scale = value,
            "root_ice" => self.root_ice = value as u32,
            "node_ice" => self.node_ice = value as u32,
            "greedy" => self.greedy = value,
            "minimax_ice" => self.minimax_ice = value as u32,
            _ => return false,
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::minimax::Minimax;
    use crate::search::solver::Solver;
    use crate::search::Watch;

    type Ib = Icebreaker<u128>;

    fn size(n: usize) -> Options {
        Options::from_pairs([("size".to_string(), n.to_string())])
    }

    fn at(red: &str, black: &str, ice: &str) -> Ib {
        Ib::position(&Options::default(), red, black, ice, RED, [0, 0]).unwrap()
    }

    fn legal<G: Game>(state: &G) -> Vec<String> {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let mut out: Vec<String> = moves.into_iter().map(|m| state.notation(m)).collect();
        out.sort();
        out
    }

    fn replay(moves: &[&str]) -> Ib {
        let mut state = Ib::new(&Options::default()).unwrap();
        for text in moves {
            let mv = state.parse(text).unwrap();
            state.play(mv);
        }
        state
    }

    #[test]
    fn every_size_has_its_counts_and_red_has_9_opening_moves() {
        fn check<B: HexBits>(n: usize, icebergs: u32, majority: u8) {
            let s = Icebreaker::<B>::new(&size(n)).unwrap();
            assert_eq!(s.cfg.board.cells.len(), 3 * n * (n - 1) + 1);
            assert_eq!((s.ice.count(), s.cfg.majority), (icebergs, majority));
            assert_eq!(legal(&s).len(), 9);
        }
        for (n, ice, maj) in [(3, 13, 7), (4, 31, 16), (5, 55, 28), (6, 85, 43)] {
            assert!(narrow(&size(n)).unwrap());
            check::<u128>(n, ice, maj);
        }
        for (n, ice, maj) in [(7, 121, 61), (8, 163, 82)] {
            assert!(!narrow(&size(n)).unwrap());
            check::<W256>(n, ice, maj);
        }
        assert!(Ib::new(&size(9)).unwrap_err().contains("size"));
    }

    #[test]
    fn red_starts_on_i1_e9_a1_and_black_on_i5_e1_a5() {
        let s = Ib::new(&Options::default()).unwrap();
        let names = |p: usize| s.fleet[p][..3].iter().map(|&c| s.cfg.board.name(c as usize)).collect::<Vec<_>>();
        assert_eq!((names(RED), names(BLACK)), (vec!["a1", "e9", "i1"], vec!["a5", "e1", "i5"]));
        assert_eq!(legal(&s), ["a1-a2", "a1-b1", "a1-b2", "e9-d8", "e9-e8", "e9-f8", "i1-h1", "i1-h2", "i1-i2"]);
    }

    #[test]
    fn ships_of_either_colour_are_obstacles() {
        assert_eq!(legal(&at("e1", "", "e3 g1")), ["e1-e2", "e1-f1"]);
        assert_eq!(legal(&at("e1", "e2", "e3 g1")), ["e1-f1"]);
        assert_eq!(legal(&at("e1 e2", "", "e3 g1")), ["e1-f1", "e2-e3"]);
    }

    #[test]
    fn an_iceberg_walled_off_by_a_ship_counts_at_its_detour_distance() {
        assert_eq!(legal(&at("e1", "e2", "e3")), ["e1-d1", "e1-f1"]);
    }

    #[test]
    fn unreachable_icebergs_do_not_count() {
        assert_eq!(legal(&at("e5", "a2 a4 b3 b4", "a3 i5")), ["e5-f5"]);
    }

    #[test]
    fn a_ship_with_ties_may_head_for_any_nearest_iceberg() {
        assert_eq!(legal(&at("e5", "", "a3 i5")), ["e5-d4", "e5-d5", "e5-f5"]);
    }

    #[test]
    fn a_ship_next_to_an_iceberg_must_capture_one() {
        assert_eq!(legal(&at("e1", "", "e2 i5")), ["e1-e2"]);
    }

    #[test]
    fn a_ship_that_reaches_no_iceberg_cannot_move_and_a_player_who_cannot_move_passes() {
        assert_eq!(legal(&at("a1 e5", "a3 b2 b3 c1 c2", "i4 i5")), ["e5-f4", "e5-f5"]);
        let mut s = at("a1", "a3 b2 b3 c1 c2", "i4 i5");
        assert_eq!(legal(&s), ["pass"]);
        assert_eq!(s.random_move(&mut Vec::new(), &mut Rng::new(1)), Some(PASS));
        let key = s.key();
        s.play(PASS);
        assert_eq!((s.to_move(), s.scores()), (BLACK, [0, 0]));
        assert!(!legal(&s).contains(&"pass".to_string()));
        assert_ne!(s.key(), key);
    }

    #[test]
    fn capturing_removes_the_iceberg_and_scores_1() {
        let s = replay(&["a1-b1"]);
        assert_eq!((s.scores(), s.ice.count(), s.to_move()), ([1, 0], 54, BLACK));
        assert!(!s.ice.has(s.cfg.board.cell("b1").unwrap()));
        let s = Ib::position(&Options::default(), "e1", "e2", "e3", RED, [0, 0]).unwrap();
        let mut after = s.clone();
        after.play(after.parse("e1-d1").unwrap());
        assert_eq!((after.scores(), after.ice), ([0, 0], s.ice));
    }

    #[test]
    fn the_game_ends_as_soon_as_a_score_exceeds_half_the_icebergs() {
        let mut s = Ib::position(&Options::default(), "e1", "a5", "e2 e3 a4", RED, [27, 27]).unwrap();
        assert_eq!(s.winner(), None);
        s.play(s.parse("e1-e2").unwrap());
        assert_eq!((s.winner(), s.scores()), (Some(RED), [28, 27]));
        assert!(legal(&s).is_empty());
        assert_eq!(s.random_move(&mut Vec::new(), &mut Rng::new(1)), None);
        let mut s = Ib::position(&Options::default(), "e1", "a5", "e3 a4", BLACK, [20, 27]).unwrap();
        s.play(s.parse("a5-a4").unwrap());
        assert_eq!((s.winner(), s.scores()), (Some(BLACK), [20, 28]));
    }

    #[test]
    fn the_key_is_equal_for_transpositions_and_differs_otherwise() {
        let a = replay(&["a1-b1", "i5-h5", "e9-d8"]);
        assert_eq!(a.key(), replay(&["e9-d8", "i5-h5", "a1-b1"]).key());
        assert_ne!(a.key(), replay(&["a1-b1", "i5-h6", "e9-d8"]).key());
        let turn = |p| Ib::position(&Options::default(), "e1", "a5", "e3", p, [0, 0]).unwrap().key();
        assert_ne!(turn(RED), turn(BLACK));
    }

    /// Random games of every size: each random move is legal, and each game ends with a winner.
    #[test]
    fn random_and_greedy_moves_are_legal_at_every_ply_of_every_size() {
        fn games<B: HexBits>(n: usize) {
            let mut rng = Rng::new(n as u64);
            let mut scratch = Vec::new();
            let mut moves = Vec::new();
            for _ in 0..20 {
                let mut s = Icebreaker::<B>::new(&size(n)).unwrap();
                while let Some(mv) = s.random_move(&mut scratch, &mut rng) {
                    s.legal_moves(&mut moves);
                    assert!(moves.contains(&mv), "{} not legal", s.notation(mv));
                    let greedy = s.greedy_move(&mut rng).expect("a game going on has a greedy move");
                    assert!(moves.contains(&greedy), "greedy {} not legal", s.notation(greedy));
                    assert!(!s.is_over());
                    s.play(mv);
                    let mut fresh = s.clone();
                    fresh.rehash();
                    assert_eq!(s.hash, fresh.hash, "the key kept up move by move is the key of the position");
                }
                s.legal_moves(&mut moves);
                assert!(s.is_over() && moves.is_empty() && s.greedy_move(&mut rng).is_none());
                let w = s.winner().expect("a finished game has a winner");
                assert!(s.scores()[w] == s.cfg.majority as i32 && s.scores()[1 - w] < s.cfg.majority as i32);
            }
        }
        (3..=6).for_each(games::<u128>);
        (7..=8).for_each(games::<W256>);
    }

    /// Each legal move is drawn about equally often, whichever ship it belongs to.
    #[test]
    fn random_moves_are_uniform() {
        // Red's ships have 1, 2 and 5 moves (Python's rules list the same eight).
        let s = at("e5 a1 i1", "", "a3 i5 a2 h1 i2");
        assert_eq!(legal(&s), ["a1-a2", "e5-d4", "e5-d5", "e5-e4", "e5-f4", "e5-f5", "i1-h1", "i1-i2"]);
        let mut moves = Vec::new();
        s.legal_moves(&mut moves);
        let mut rng = Rng::new(7);
        let draws = 20_000 * moves.len();
        let mut seen = vec![0usize; moves.len()];
        for _ in 0..draws {
            let mv = s.random_move(&mut Vec::new(), &mut rng).unwrap();
            seen[moves.iter().position(|&m| m == mv).unwrap()] += 1;
        }
        for (mv, n) in moves.iter().zip(seen) {
            assert!((19_000..=21_000).contains(&n), "{} drawn {n} times of {draws}", s.notation(*mv));
        }
    }

    /// A default board's position from a Strong game (14 icebergs left, Red to move), where the
    /// search alone, 0.5 s a move, played h6-g7, which the offline proof shows lost in 60 plies;
    /// e4-e3 and e4-d3 win.
    const LATE: &str = "a1-b1 a5-b6 e9-e8 e1-e2 e8-d7 e2-d2 d7-d6 d2-d3 d6-e7 d3-e3 i1-h1 b6-b5 h1-g2 b5-b4 b1-c2 \
                        b4-b3 c2-c3 b3-c4 g2-f3 i5-i4 e7-e6 i4-h4 e6-f6 h4-g5 f6-g6 g5-g4 f3-g3 c4-d5 g6-h5 g4-f5 \
                        g3-f4 d5-c5 h5-h6 e3-f2 f4-e5 f2-g1 e5-d4 f5-f4 d4-e4 g1-f1 c3-b2 c5-c6";

    /// From `root_ice` icebergs left the solver tries the whole position before the search; a
    /// proved win is played at once. Earlier in the race it is not called.
    #[test]
    fn late_in_the_race_the_solver_proves_the_root_and_a_won_race_is_played_at_once() {
        let strong = Spec { solve_nodes: 20_000, ..Spec::new(Some(5.0), None) };
        let mut engine = crate::engine::make("icebreaker", &Options::default(), strong, 1, 1).unwrap();
        let late: Vec<String> = LATE.split_whitespace().map(|m| m.to_string()).collect();
        let (scored, stats) = engine.search(&late, true, &mut crate::search::Watch::silent()).unwrap();
        assert!(["e4-e3", "e4-d3"].contains(&scored[0].0.as_str()) && scored[0].3.is_some(), "{scored:?}");
        assert_eq!((stats.iterations, stats.solved), (0, 1), "proved before the search began");

        let know = Ib::knowledge(false);
        let state = replay(&late.iter().map(|m| m.as_str()).collect::<Vec<_>>());
        assert_eq!(state.ice.count(), 14);
        assert!(know.wants_root_solver(&state) && know.wants_solver(&state));
        let start = replay(&late[..10].iter().map(|m| m.as_str()).collect::<Vec<_>>());
        assert_eq!(start.ice.count(), 45); // the race has just begun: the search alone
        assert!(!know.wants_root_solver(&start) && !know.wants_solver(&start));
    }

    /// The race's order (its best first) proves a late race in a fraction of the nodes the
    /// opponent's fewest replies first takes (a suite position, 8 icebergs left: 39 plies to win).
    #[test]
    fn the_solver_proves_a_late_race_sooner_in_the_race_order() {
        let moves = "i1-h1 a5-b6 e9-e8 e1-e2 e8-d7 e2-f2 d7-c6 f2-f3 c6-c5 b6-b5 c5-d6 b5-b4 a1-b2 f3-e3 b2-c3 \
                     i5-h6 c3-d3 h6-g7 d3-d2 e3-e4 h1-h2 e4-f4 h2-g3 f4-g4 g3-h3 g7-f7 h3-h4 f7-f6 d6-e6 f6-g5 \
                     e6-e7 b4-c4 e7-d6 c4-b3 h4-h5 g5-f5 d2-c2 g4-g3 h5-g6 b3-a2 c2-b1 g3-g2 g6-h5 a2-a3 d6-d5 \
                     f5-e5 b1-c1 g2-g1 c1-d1 g1-f1";
        let state = replay(&moves.split_whitespace().collect::<Vec<_>>());
        assert_eq!(state.ice.count(), 8);
        let proof = |order| {
            let mut solver = Solver::new(true, order);
            solver.deepen = true;
            solver.try_solve(&state, Some(800_000), None, &mut crate::search::Watch::silent()).unwrap().map(|_| solver.nodes)
        };
        // 195 273 nodes in the race's order; 1 728 166 with the fewest replies first.
        let raced = proof(Ib::knowledge(false).solver_order()).expect("proved within 800 000 nodes");
        assert!(raced < 400_000, "{raced} nodes");
        assert_eq!(proof(SolverOrder::Mobility), None, "not proved within 800 000 nodes");
    }

    /// A ply's killers (the moves that last cut a node off at that distance from the root) tried
    /// right after the table's move prove a suite position in far fewer nodes than the race's
    /// order alone (18 icebergs left, a win 41 plies long with 1 of its 4 moves).
    const KILLER_POSITION: &str = "e9-f8 a5-b6 i1-h2 e1-e2 a1-b2 i5-h5 f8-f7 b6-c6 h2-h3 c6-c5 h3-g4 e2-f2 f7-g6 f2-g2 \
        g6-g5 g2-g3 g5-f5 g3-f4 b2-c3 h5-h4 c3-d3 f4-e5 f5-e6 c5-d5 d3-e4 d5-d6 e4-d4 e5-e4 g4-h3 d6-e7 h3-i3 e4-f3 \
        i3-i2 e7-e8 i2-i1 e8-d8 i1-h1 f3-e3 d4-c4 h4-i4";

    #[test]
    fn killers_prove_a_narrow_win_in_fewer_nodes() {
        let moves = KILLER_POSITION.split_whitespace().collect::<Vec<_>>();
        let state = replay(&moves);
        assert_eq!(state.ice.count(), 18);
        let proof = |killers| {
            let mut solver = Solver::new(true, Ib::knowledge(false).solver_order());
            (solver.deepen, solver.killers_on) = (true, killers);
            let found = solver.try_solve(&state, Some(1_200_000), None, &mut crate::search::Watch::silent()).unwrap();
            found.map(|(value, _)| (value, solver.best_move(&state).map(|m| state.notation(m)), solver.nodes))
        };
        // 867 527 nodes with killers, 2 111 466 without.
        let (value, mv, nodes) = proof(true).expect("proved within 1 200 000 nodes");
        assert_eq!((value, mv.as_deref()), (1.0, Some("e6-f6")), "{nodes} nodes");
        assert_eq!(proof(false), None, "not proved within 1 200 000 nodes");
    }

    /// Tries at 8 and 16 plies settle little of a race this long: starting at the game's 32 proves
    /// the same win in fewer nodes.
    #[test]
    fn a_first_try_at_32_plies_proves_a_long_race_in_fewer_nodes() {
        let state = replay(&KILLER_POSITION.split_whitespace().collect::<Vec<_>>());
        let proof = |first_horizon| {
            let mut solver = Solver::new(true, Ib::knowledge(false).solver_order());
            (solver.deepen, solver.first_horizon) = (true, first_horizon);
            let found = solver.try_solve(&state, Some(3_000_000), None, &mut crate::search::Watch::silent()).unwrap();
            (found.map(|(value, _)| value), solver.nodes)
        };
        assert_eq!(Knowledge::<Ib>::first_horizon(&Ib::knowledge(false)), 32);
        // 678 253 nodes from 32 plies, 867 527 from 8.
        let (from_32, from_8) = (proof(32), proof(8));
        assert_eq!((from_32.0, from_8.0), (Some(1.0), Some(1.0)));
        assert!(from_32.1 < from_8.1, "{} nodes from 32 plies, {} from 8", from_32.1, from_8.1);
    }

    #[test]
    fn a_greedy_move_captures_if_it_can_else_steps_the_ship_nearest_its_iceberg() {
        let greedy = |s: &Ib| {
            let mut seen: Vec<String> = (0..64).map(|seed| s.notation(s.greedy_move(&mut Rng::new(seed)).unwrap())).collect();
            seen.sort();
            seen.dedup();
            seen
        };
        // e1 can capture e2 or d1 (b4 must capture a3): any capture, never e1's other steps.
        assert_eq!(greedy(&at("e1 b4", "", "e2 d1 a3 i5")), ["b4-a3", "e1-d1", "e1-e2"]);
        // No capture: every step of e5, the ship nearest an iceberg (a1's is further).
        let s = at("a1 e5", "", "i5 e9");
        let near: Vec<String> = legal(&s).into_iter().filter(|m| m.starts_with("e5")).collect();
        assert!(!near.is_empty() && near.len() < legal(&s).len());
        assert_eq!(greedy(&s), near);
        assert_eq!(at("a1", "a3 b2 b3 c1 c2", "i4 i5").greedy_move(&mut Rng::new(1)), Some(PASS));
    }

    #[cfg(feature = "experiments")]
    #[test]
    fn the_knobs_are_tuned_by_name() {
        let mut know = Ib::knowledge(false);
        let mut tune = |name, value| Knowledge::<Ib>::tune(&mut know, name, value);
        assert!(tune("max_playout", 12.0) && tune("scale", 2.5) && tune("root_ice", 9.0) && tune("node_ice", 7.0));
        assert!(tune("greedy", 0.5) && !tune("c", 0.7));
        assert_eq!((know.max_playout, know.scale, know.root_ice, know.node_ice, know.greedy), (12, 2.5, 9, 7, 0.5));
    }

    /// The race evaluation gives, on fixed positions, the values it was measured with.
    #[test]
    fn the_race_evaluation_keeps_the_values_it_was_measured_with() {
        let know = Ib::knowledge(false);
        assert_eq!(Ib::new(&Options::default()).unwrap().race(know.scale), 0.5);
        assert!((replay(&["a1-b1", "i5-h5", "e9-d8"]).race(know.scale) - 0.37754066879814546).abs() < 1e-12);
        let s = Ib::position(&Options::default(), "e1 a1", "i5 c3", "e3 g1 b4 h2 d5 f6", RED, [3, 5]).unwrap();
        assert!((s.race(know.scale) - 0.11920292202211755).abs() < 1e-12);
    }

    #[test]
    fn captures_are_the_movers_steps_onto_icebergs() {
        let mut rng = Rng::new(7);
        let (mut scratch, mut moves, mut caps, mut seen) = (Vec::new(), Vec::new(), Vec::new(), 0);
        for _ in 0..10 {
            let mut s = Ib::new(&Options::default()).unwrap();
            loop {
                s.captures(&mut caps);
                s.legal_moves(&mut moves);
                let names = |steps: &mut dyn Iterator<Item = Step>| {
                    let mut out: Vec<String> = steps.map(|m| s.notation(m)).collect();
                    out.sort();
                    out
                };
                let onto_ice = names(&mut moves.iter().copied().filter(|m| *m != PASS && s.ice.has(m.to as usize)));
                assert_eq!(names(&mut caps.iter().copied()), onto_ice);
                seen += caps.len();
                let Some(mv) = s.random_move(&mut scratch, &mut rng) else { break };
                s.play(mv);
            }
        }
        assert!(seen > 100, "{seen} captures seen");
    }

    /// A suite position (`i-37f25f2b02`: 20 icebergs left, Black to move), where the offline proof
    /// has f1-f2 winning in 43 plies and each of the other four moves losing; the race rates them alike.
    const TIE: &str = "a1-a2 i5-h5 i1-h2 a5-b5 a2-b3 e1-e2 e9-e8 h5-g5 b3-c3 e2-d2 h2-g2 b5-c6 e8-e7 d2-d3 g2-f3 \
                       g5-g4 e7-d6 g4-f5 d6-c5 f5-e5 c5-d5 e5-e6 f3-e4 d3-c2 c3-d4 c2-b2 d5-c4 b2-b1 d4-d3 b1-c1 \
                       e4-f4 c1-d1 d3-e3 d1-e2 e3-f2 e2-f1 f2-g1";
    const TIE_LOSES: [&str; 4] = ["c6-b6", "c6-c7", "c6-d7", "e6-f6"];

    /// Alpha-beta with the race: one ply deep it plays the race's choice, proved lost; six plies
    /// deep (and deeper: 5 to 12 plies were looked at), the winning move.
    #[test]
    fn alpha_beta_deep_enough_keeps_a_proved_win_the_race_alone_loses() {
        let state = replay(&TIE.split_whitespace().collect::<Vec<_>>());
        let eval = Ib::knowledge(true).minimax(&state).expect("late in the race");
        let at = |depth| {
            let (mv, _, done) = Minimax::default().best(&state, eval, &[], None, depth, &mut Watch::silent()).unwrap().unwrap();
            assert_eq!(done, depth);
            state.notation(mv)
        };
        assert!(TIE_LOSES.contains(&at(1).as_str()), "{}", at(1));
        assert_eq!(at(6), "f1-f2");
    }

    /// A suite position (`i-808e936a6f`: Red to move), where the offline proof has f5-f6 and h3-i2
    /// winning and the other three moves losing. The race with every iceberg alike leads alpha-beta
    /// to a losing move from 6 to 14 plies deep; with the nearer icebergs the surer (`race_near`,
    /// alpha-beta's evaluation), to a winning one.
    #[test]
    fn alpha_beta_with_the_nearer_icebergs_the_surer_keeps_a_win_the_flat_race_loses() {
        let moves = "e9-e8 e1-d1 i1-h2 d1-e2 a1-b2 a5-b5 h2-g2 b5-b4 g2-g3 b4-c5 e8-d7 i5-h6 b2-c2 h6-h5 d7-d6 \
                     h5-g6 c2-d3 g6-f6 d3-d4 c5-c4 d4-c3 c4-b3 c3-d3 e2-e3 g3-f4 f6-g5 f4-g4 g5-f5 d3-e4 e3-f3 \
                     d6-e6 f3-f2 g4-h4 f2-g1 h4-i4 g1-h1 e6-e5 h1-h2 e5-d5 h2-h3 i4-i3";
        let state = replay(&moves.split_whitespace().collect::<Vec<_>>());
        let near = Ib::knowledge(true).minimax(&state).expect("late in the race");
        let flat = Evaluation { chance: |s: &Ib| s.race(RACE_SCALE), ..near };
        for depth in [8, 12] {
            let at = |eval| state.notation(Minimax::default().best(&state, eval, &[], None, depth, &mut Watch::silent()).unwrap().unwrap().0);
            assert!(["f5-f6", "h3-i2"].contains(&at(near).as_str()), "depth {depth}: {}", at(near));
            assert!(["b3-a2", "f5-e6", "b3-a3"].contains(&at(flat).as_str()), "depth {depth}: {}", at(flat));
        }
    }

    /// From `minimax_ice` icebergs left, a level with the root's try plays alpha-beta's move for an
    /// unproved root, without the tree's iterations; earlier in the race, or a level without the
    /// root's try (Casual), the iterations choose. A level with a long move (Expert) first gives the
    /// proof its try there. A search cancelled while alpha-beta runs stops at once.
    #[test]
    fn late_in_the_race_alpha_beta_chooses_the_move_and_earlier_the_tree_does() {
        let strong = Spec { solve_nodes: 20_000, solve_root: true, ..Spec::new(Some(0.3), None) };
        let search = |spec: &Spec, moves: &[&str]| {
            let mut engine = crate::engine::make("icebreaker", &Options::default(), spec.clone(), 1, 1).unwrap();
            let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
            engine.search(&moves, true, &mut Watch::silent()).unwrap()
        };
        let tie: Vec<&str> = TIE.split_whitespace().collect();
        assert!(replay(&tie).ice.count() <= Ib::knowledge(true).minimax_ice);
        let (scored, stats) = search(&strong, &tie);
        assert_eq!(stats.iterations, 0);
        assert!(scored[0].3.is_none() && scored.iter().all(|s| s.1 <= scored[0].1), "{scored:?}");

        let early = &tie[..tie.len() - 12];
        assert!(replay(early).ice.count() > Ib::knowledge(true).minimax_ice);
        assert!(search(&strong, early).1.iterations > 0);
        let casual = Spec { solve_root: false, ..strong.clone() };
        assert!(search(&casual, &tie).1.iterations > 0);

        // A suite position (`i-e3bc72a576`, 17 icebergs) the solver proves from a fresh table in about
        // 0.3 s: c4-b4 wins in 37 plies. Strong's half second goes to alpha-beta alone (its try runs
        // from 16 icebergs); Expert's 1.5 s gives the proof's try its half first (PROOF_BEFORE_MINIMAX).
        let quick: Vec<&str> = "a1-b2 i5-i4 e9-e8 a5-b5 i1-h2 i4-h5 h2-h3 e1-e2 h3-g3 b5-c5 e8-f7 e2-f2 f7-f6 f2-f3 \
                                f6-e7 f3-e4 b2-b1 e4-d4 b1-c1 c5-d6 g3-g4 h5-g5 c1-d2 d4-c3 d2-d3 d6-d7 d3-c2 g5-h4 \
                                g4-f5 d7-c7 f5-e6 c7-d8 e6-d5 c3-c4 c2-b2 d8-e9 b2-b3 h4-i3 e7-f7 e9-f8 f7-g7"
            .split_whitespace()
            .collect();
        assert_eq!(replay(&quick).ice.count(), 17);
        let (scored, stats) = search(&strong, &quick);
        assert!(scored[0].3.is_none() && (stats.iterations, stats.solved) == (0, 0), "{scored:?}");
        let expert = Spec { solve_nodes: 50_000, solve_root: true, ..Spec::new(Some(1.5), None) };
        let (scored, stats) = search(&expert, &quick);
        assert_eq!((scored[0].0.as_str(), stats.solved), ("c4-b4", 1), "{scored:?}");
        assert!(scored[0].3.is_some_and(|plies| plies > 0), "{scored:?}");

        let slow = Spec { solve_nodes: 20_000, solve_root: true, ..Spec::new(Some(30.0), None) };
        let mut engine = crate::engine::make("icebreaker", &Options::default(), slow, 1, 1).unwrap();
        let mut calls = 0;
        let mut stop_soon = |_: f64| {
            calls += 1;
            calls < 3
        };
        let mut watch = Watch::new(Some(&mut stop_soon), Some(std::time::Duration::from_secs(30)), None);
        let started = std::time::Instant::now();
        let tie: Vec<String> = tie.iter().map(|m| m.to_string()).collect();
        assert!(matches!(engine.search(&tie, true, &mut watch), Err(crate::engine::Failure::Cancelled)));
        assert!(started.elapsed().as_millis() < 250, "{:?}", started.elapsed());
    }
}
