//! Goats Wintering on bitboards: the rules of `game/goats_wintering.py` and the search's knowledge.
//!
//! A cell is a cell id of `boards.rs`, the same ids as Python's; the game is generic over the
//! bitboard type: `engine::make` picks u64 for boards of up to 64 ids (the default hexagon has
//! 39), u128 up to 128, and W256 for the size-6 hexagon's 150.
//! A move is a pass, a placement or a step; both rulesets (original, revised) and all boards.

use std::collections::{HashMap, HashSet};
use std::sync::{Mutex, OnceLock};

use crate::boards::{mix64, Bits, Board, Layout, W256};
use crate::engine::{boxed, Engine};
use crate::game::{cached, result0, sigmoid, Game, Knowledge, Native, Options, Rng};
use crate::search::mcts::Spec;

/// A move: pass, place a goat on a cell, or step a goat from one cell to a neighbouring one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Move {
    Pass,
    Place(u8),
    Step(u8, u8),
}

/// The engine for these options: the narrowest bit set the board fits (the registry's `Maker`).
pub fn engine(options: &Options, spec: Spec, seed: u64, threads: usize) -> Result<Box<dyn Engine>, String> {
    match layout(options)?.size() {
        0..=64 => boxed(GoatsWintering::<u64>::new(options), spec, seed, threads),
        65..=128 => boxed(GoatsWintering::<u128>::new(options), spec, seed, threads),
        _ => boxed(GoatsWintering::<W256>::new(options), spec, seed, threads),
    }
}

/// The board these options ask for (an error names the bad option).
pub fn layout(options: &Options) -> Result<Layout, String> {
    let shape = options.choice("board", &["hex", "square", "triangle"])?;
    Ok(match shape {
        "hex" => Layout::limping_hexagon(options.number("size", 3, 2, 6)?),
        "square" => Layout::square(options.number("size", 6, 4, 9)?),
        _ => Layout::triangle(options.number("size", 8, 6, 11)?),
    })
}

/// Board, gap and ruleset of one set of options.
pub struct Config<B: Bits> {
    pub board: Board<B>,
    gap: usize,
    revised: bool,
    line_shifts: Vec<i32>, // one positive shift per line (directions come in opposite pairs)
}

impl<B: Bits> Config<B> {
    fn new(options: &Options) -> Result<Config<B>, String> {
        let board = Board::<B>::new(&layout(options)?);
        let gap = options.number("gap", 3, 2, 3)?;
        let revised = options.choice("ruleset", &["original", "revised"])? == "revised";
        let line_shifts = board.shifts.iter().copied().filter(|&d| d > 0).collect();
        Ok(Config { board, gap, revised, line_shifts })
    }

    /// The empty cells that see a goat of `goats` 1 to gap steps away along a line.
    #[inline]
    fn seen(&self, goats: B, empty: B) -> B {
        let far = if self.gap == 3 { empty } else { B::zero() }; // the third cell out counts only with gap 3
        let mut out = B::zero();
        for &d in &self.line_shifts {
            let d = d as u32;
            let (up1, down1) = ((goats << d) & empty, (goats >> d) & empty);
            let (up2, down2) = ((up1 << d) & empty, (down1 >> d) & empty);
            out |= up1 | down1 | up2 | down2 | (up2 << d) & far | (down2 >> d) & far;
        }
        out
    }

    /// The number of touching pairs among `goats`: each pair lies along one line, once.
    #[inline]
    fn warmth(&self, goats: B) -> i32 {
        self.line_shifts.iter().map(|&d| ((goats << d as u32) & goats).count() as i32).sum()
    }

    /// The cells touching a cell of `m` (not masked to the board).
    #[inline]
    fn around(&self, m: B) -> B {
        let mut out = B::zero();
        for &d in &self.line_shifts {
            out |= (m << d as u32) | (m >> d as u32);
        }
        out
    }

    /// How many cells of `m` touch `cell`.
    #[inline]
    fn touching(&self, cell: usize, m: B) -> u32 {
        (self.board.nbr_mask[cell] & m).count()
    }
}

/// Each bitboard type keeps its own per-option tables (statics cannot be generic).
pub trait GoatsBits: Bits {
    fn configs() -> &'static OnceLock<Mutex<HashMap<String, &'static Config<Self>>>>;
}

macro_rules! goats_bits {
    ($($b:ty),*) => {$(
        impl GoatsBits for $b {
            fn configs() -> &'static OnceLock<Mutex<HashMap<String, &'static Config<$b>>>> {
                static CONFIGS: OnceLock<Mutex<HashMap<String, &'static Config<$b>>>> = OnceLock::new();
                &CONFIGS
            }
        }
    )*};
}
goats_bits!(u64, u128, W256);

/// A position: each player's goats, consecutive passes, and what R2/R3 need of the last moves.
#[derive(Clone, Debug)]
pub struct GoatsWintering<B: GoatsBits> {
    cfg: &'static Config<B>,
    goats: [B; 2],
    to_move: u8,
    passes: u8,
    stepped_away: bool,            // revised: the last move was a step away (R2)
    banned: Option<(u8, u8)>,      // revised: the step R3 forbids now
    last_step: Option<(u8, u8)>,   // revised: the last move, if it was a step (R3 after a pass)
}

impl<B: Bits> std::fmt::Debug for Config<B> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "GoatsConfig({} cells, gap={}, revised={})", self.board.cells.len(), self.gap, self.revised)
    }
}

/// Random draws before `random_move` falls back to the full list of moves.
const TRIES: usize = 8;

impl<B: GoatsBits> GoatsWintering<B> {
    /// The starting position for these options (an error names the bad option).
    pub fn new(options: &Options) -> Result<GoatsWintering<B>, String> {
        let cfg = cached(B::configs(), options.cache_key(), || Config::new(options))?;
        Ok(GoatsWintering {
            cfg,
            goats: [B::zero(); 2],
            to_move: 0,
            passes: 0,
            stepped_away: false,
            banned: None,
            last_step: None,
        })
    }

    /// The mover's goats, the opponent's and the empty cells.
    #[inline]
    fn sides(&self) -> (B, B, B) {
        let p = self.to_move as usize;
        let (own, enemy) = (self.goats[p], self.goats[1 - p]);
        (own, enemy, self.cfg.board.mask & !(own | enemy))
    }

    /// The empty cells the mover may place a goat on.
    #[inline]
    fn places(&self, own: B, empty: B) -> B {
        let cfg = self.cfg;
        let spots = empty & !cfg.seen(own, empty);
        if cfg.revised {
            spots & cfg.around(empty) // R1: only next to an empty cell
        } else {
            spots
        }
    }

    /// Some(plies) if the mover wins by passing now and at every turn after, whatever the other
    /// player does (the designer's remedy: a player with a strong lead passes until the other
    /// runs out of moves); Some(plies) is the longest such game; None if not, or past `budget`
    /// positions. Sound and finite: after a pass the other may not step away, so each of their
    /// moves places a goat (warmth unchanged, their goats only grow) or steps toward friends
    /// (their warmth grows); they win only by passing while strictly ahead.
    pub fn pass_wins(&self, budget: usize) -> Option<u32> {
        if self.is_over() {
            return None;
        }
        let me = self.to_move as usize;
        let mut after = self.clone();
        after.play(Move::Pass);
        if after.is_over() {
            return (after.winner() == Some(me)).then_some(1);
        }
        let mut seen = HashSet::new();
        let mut moves = Vec::new();
        after.they_never_get_ahead(me, &mut seen, budget, &mut moves).map(|depth| 2 * depth + 2)
    }

    /// The other player to move, the mover having just passed: Some(their moves in the longest
    /// line) if they can never pass while strictly ahead; None if they can, or past the budget.
    fn they_never_get_ahead(&self, me: usize, seen: &mut HashSet<u64>, budget: usize, moves: &mut Vec<Move>) -> Option<u32> {
        let scores = self.scores();
        if scores[1 - me] > scores[me] {
            return None; // they pass and win
        }
        if !seen.insert(self.key()) {
            return Some(0); // met before on another line: settled there (its depth counted there)
        }
        if seen.len() > budget {
            return None;
        }
        self.legal_moves(moves);
        let theirs: Vec<Move> = moves.iter().copied().filter(|&m| m != Move::Pass).collect();
        let mut deepest = 0;
        for m in theirs {
            let mut next = self.clone();
            next.play(m);
            next.play(Move::Pass);
            deepest = deepest.max(1 + next.they_never_get_ahead(me, seen, budget, moves)?);
        }
        Some(deepest)
    }

    /// Step away is barred right after a pass, and (R2) right after a step away.
    #[inline]
    fn away_allowed(&self) -> bool {
        self.passes == 0 && !(self.cfg.revised && self.stepped_away)
    }

    /// True if the goat on `s` may step to the empty neighbouring cell `t`.
    fn step_is_legal(&self, s: usize, t: usize, own: B, enemy: B, empty: B) -> bool {
        let cfg = self.cfg;
        let friends = cfg.touching(s, own) + 1; // the goat itself is counted at t
        if cfg.touching(t, own) > friends {
            return self.banned != Some((s as u8, t as u8));
        }
        self.away_allowed()
            && cfg.touching(t, enemy) < cfg.touching(s, enemy)
            && !(cfg.board.nbr_mask[s] & empty).iter().any(|u| cfg.touching(u, own) > friends)
    }

    /// A uniformly random legal move, the pass left out unless `with_pass` (None: no such move).
    ///
    /// Rejection: a uniform draw among the pass, the exact placements and the (own goat, empty
    /// neighbour) pairs that might be steps, kept if the pair is a legal step; after a few
    /// misses, the full list. A pair might be a step toward friends if its target touches two
    /// more friends than the goat has (counting the goat), or a step away if the goat touches an enemy.
    fn sample(&self, with_pass: bool, moves: &mut Vec<Move>, rng: &mut Rng) -> Option<Move> {
        if self.is_over() {
            return None;
        }
        let (own, enemy, empty) = self.sides();
        let places = self.places(own, empty);
        // Cells touching at least one, two, three goats of the mover.
        let (mut ones, mut twos, mut threes) = (B::zero(), B::zero(), B::zero());
        for &d in &self.cfg.line_shifts {
            for x in [own << d as u32, own >> d as u32] {
                threes |= twos & x;
                twos |= ones & x;
                ones |= x;
            }
        }
        let (lonely, huddled) = (own & !ones, own & ones);
        let away = if self.away_allowed() { own & self.cfg.around(enemy) } else { B::zero() };
        let mut targets = [B::zero(); 8]; // along direction i: the targets of the pairs
        let mut deltas = [0i32; 8];
        let mut counts = [0u32; 8];
        let (pass, np) = (with_pass as u32, places.count());
        let mut total = pass + np;
        let mut i = 0;
        for &d in &self.cfg.line_shifts {
            let d32 = d as u32;
            let up = ((lonely << d32) & twos | (huddled << d32) & threes | away << d32) & empty;
            let down = ((lonely >> d32) & twos | (huddled >> d32) & threes | away >> d32) & empty;
            for (t, delta) in [(up, d), (down, -d)] {
                targets[i] = t;
                deltas[i] = delta;
                counts[i] = t.count();
                total += counts[i];
                i += 1;
            }
        }
        if total == 0 {
            return None;
        }
        for _ in 0..TRIES {
            let mut k = rng.below(total as usize) as u32;
            if k < pass {
                return Some(Move::Pass);
            }
            k -= pass;
            if k < np {
                return Some(Move::Place(places.nth(k) as u8));
            }
            k -= np;
            let mut i = 0;
            while k >= counts[i] {
                k -= counts[i];
                i += 1;
            }
            let t = targets[i].nth(k);
            let s = (t as i32 - deltas[i]) as usize;
            if self.step_is_legal(s, t, own, enemy, empty) {
                return Some(Move::Step(s as u8, t as u8));
            }
        }
        self.legal_moves(moves);
        let from = if with_pass { 0 } else { 1 }; // the pass is listed first
        let n = moves.len() - from;
        if n == 0 {
            None
        } else {
            Some(moves[from + rng.below(n)])
        }
    }

    /// True if the player to move has more warmth than the other.
    fn leads(&self) -> bool {
        let p = self.to_move as usize;
        self.cfg.warmth(self.goats[p]) > self.cfg.warmth(self.goats[1 - p])
    }

    /// Each player's goats on the board.
    fn goat_counts(&self) -> [i32; 2] {
        [self.goats[0].count() as i32, self.goats[1].count() as i32]
    }
}

impl<B: GoatsBits> Game for GoatsWintering<B> {
    const QUICK_END: bool = true;
    type Move = Move;

    #[inline]
    fn to_move(&self) -> usize {
        self.to_move as usize
    }

    /// True once two passes in a row have been made.
    #[inline]
    fn is_over(&self) -> bool {
        self.passes >= 2
    }

    /// The pass, the placements by cell, then each goat's steps.
    fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.is_over() {
            return;
        }
        let (own, enemy, empty) = self.sides();
        out.push(Move::Pass);
        out.extend(self.places(own, empty).iter().map(|c| Move::Place(c as u8)));
        for s in (own & self.cfg.around(empty)).iter() {
            let open = self.cfg.board.nbr_mask[s] & empty;
            let steps = open.iter().filter(|&t| self.step_is_legal(s, t, own, enemy, empty));
            out.extend(steps.map(|t| Move::Step(s as u8, t as u8)));
        }
    }

    fn play(&mut self, mv: Move) {
        let cfg = self.cfg;
        let p = self.to_move as usize;
        self.to_move ^= 1;
        self.stepped_away = false;
        self.banned = None;
        let (mut own, enemy) = (self.goats[p], self.goats[1 - p]);
        match mv {
            Move::Pass => {
                self.passes += 1;
                if cfg.revised {
                    self.banned = self.last_step.map(|(s, t)| (t, s)); // R3: the next mover made it
                }
                self.last_step = None;
                return;
            }
            Move::Place(c) => {
                own |= B::bit(c as usize);
                self.last_step = None;
            }
            Move::Step(s, t) => {
                let (s, t) = (s as usize, t as usize);
                if cfg.revised {
                    // A step that does not gain friends is a step away (a goat has one kind or the other).
                    self.stepped_away = cfg.touching(t, own) <= cfg.touching(s, own) + 1;
                    self.last_step = Some((s as u8, t as u8));
                }
                own = own ^ B::bit(s) | B::bit(t);
            }
        }
        self.passes = 0;
        let empty = cfg.board.mask & !(own | enemy);
        self.goats[p] = own;
        self.goats[1 - p] = enemy & cfg.around(empty); // enemy goats with no empty neighbour freeze out
    }

    /// More warmth wins; on equal warmth the player who passed last loses; None while playing.
    fn winner(&self) -> Option<usize> {
        if !self.is_over() {
            return None;
        }
        let [a, b] = self.scores();
        Some(if a != b { (b > a) as usize } else { self.to_move as usize })
    }

    fn scores(&self) -> [i32; 2] {
        [self.cfg.warmth(self.goats[0]), self.cfg.warmth(self.goats[1])]
    }

    /// Goats, player to move, pending pass and (revised rules) the R2/R3 memory, as Python's key.
    fn key(&self) -> u64 {
        let pair = |m: Option<(u8, u8)>| m.map_or(0xffff, |(s, t)| (s as u64) << 8 | t as u64);
        let small = self.to_move as u64
            | (self.passes as u64) << 1
            | (self.stepped_away as u64) << 3
            | pair(self.banned) << 8
            | pair(self.last_step) << 24;
        self.goats[0].mix() ^ mix64(self.goats[1].mix() ^ 0x6a09_e667_f3bc_c909) ^ mix64(small ^ 1 << 50)
    }

    fn notation(&self, mv: Move) -> String {
        let board = &self.cfg.board;
        match mv {
            Move::Pass => "pass".to_string(),
            Move::Place(c) => board.name(c as usize).to_string(),
            Move::Step(s, t) => format!("{}-{}", board.name(s as usize), board.name(t as usize)),
        }
    }

    fn random_move(&self, moves: &mut Vec<Move>, rng: &mut Rng) -> Option<Move> {
        self.sample(true, moves, rng)
    }
}

/// Goats Wintering's search knowledge: playouts rarely pass (random passes end games at once)
/// unless ahead, and are cut after a few plies, judged by warmth and goats on the board.
/// Measured against plain UCT, 0.2 s a move, 16 games: cut at 24 plies 9/16, at 8 plies 10/16,
/// at 60 without passes 5/16, at 8 with the leader passing half the time 11/16 (kept).
#[derive(Clone, Debug)]
pub struct GoatsWinteringKnowledge {
    pub max_playout: usize, // plies before a playout is cut and judged
    pub pass_rate: f64,     // chance of a pass when not ahead
    pub lead_pass: f64,     // chance that a player ahead on warmth passes (ending it if the other passes)
    pub pass_budget: usize, // positions the root's proof that passing wins may look at (0: never tried)
}

impl<B: GoatsBits> Native for GoatsWintering<B> {
    type Know = GoatsWinteringKnowledge;
    const CAN_REPEAT: bool = true;
    /// No endgame solver in the search (steps can cycle, so few lines ever end); the root's
    /// pass proof (`winning_move`) is the game's own argument, not the solver.
    const SEARCH_SOLVER: bool = false;

    fn knowledge(_solve_root: bool) -> GoatsWinteringKnowledge {
        GoatsWinteringKnowledge { max_playout: 8, pass_rate: 0.05, lead_pass: 0.5, pass_budget: 20_000 }
    }
}

impl GoatsWinteringKnowledge {
    /// The playout's move: the leader passes to win after a pass (else half the time); others rarely pass.
    fn playout_move<B: GoatsBits>(&self, state: &GoatsWintering<B>, moves: &mut Vec<Move>, rng: &mut Rng) -> Option<Move> {
        if state.is_over() {
            return None;
        }
        // The chance is drawn before the warmth is counted: most plies need no count then.
        if (state.passes == 1 || rng.unit() < self.lead_pass) && state.leads() {
            return Some(Move::Pass);
        }
        if rng.unit() < self.pass_rate {
            return Some(Move::Pass);
        }
        Some(state.sample(false, moves, rng).unwrap_or(Move::Pass))
    }

    /// Player 0's chance from the warmth difference and the goats each side has.
    fn evaluate<B: GoatsBits>(&self, state: &GoatsWintering<B>) -> f64 {
        let [w0, w1] = state.scores();
        let [g0, g1] = state.goat_counts();
        sigmoid(((w0 - w1) as f64 + 0.5 * (g0 - g1) as f64) / 2.0)
    }
}

impl<B: GoatsBits> Knowledge<GoatsWintering<B>> for GoatsWinteringKnowledge {
    fn playout(&self, state: &mut GoatsWintering<B>, moves: &mut Vec<Move>, rng: &mut Rng) -> f64 {
        for _ in 0..self.max_playout {
            match self.playout_move(state, moves, rng) {
                Some(mv) => state.play(mv),
                None => return result0(state),
            }
        }
        if state.is_over() {
            result0(state)
        } else {
            self.evaluate(state)
        }
    }

    /// As in Icebreaker, a cut playout's evaluation keeps values near one half, where c = 1
    /// spreads the visits too evenly. Measured at 0.5 s, one thread, 20 games, roles alternated:
    /// c = 0.4 against c = 1 won 87.5% [67–96] (5 games stopped at 400 plies, c = 0.4 ahead in all),
    /// and against textbook UCT (c = √2) 82.5% [61–93].
    fn exploration(&self) -> Option<f64> {
        Some(0.4)
    }

    /// Passing, when the mover is proved to win by passing to the end (a lead converted).
    fn winning_move(&self, state: &GoatsWintering<B>) -> Option<(Move, u32)> {
        if self.pass_budget == 0 {
            return None;
        }
        state.pass_wins(self.pass_budget).map(|plies| (Move::Pass, plies))
    }

    #[cfg(feature = "experiments")]
    fn tune(&mut self, name: &str, value: f64) -> bool {
        match name {
            "max_playout" => self.max_playout = value as usize,
            "pass_budget" => self.pass_budget = value as usize,
            "pass_rate" => self.pass_rate = value,
            "lead_pass" => self.lead_pass = value,
            _ => return false,
        }
        true
    }
}

#[cfg(test)]
mod tests;
