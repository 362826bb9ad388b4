//! Alpha-beta to a horizon with the game's evaluation there: a chess program's search, for the
//! positions where it judges better than the tree's playouts (see `Knowledge::minimax`).
//!
//! Iterative deepening until the move's time is spent; each depth starts with the move the last
//! one found best, and every node with its table's move, then the rest in the game's order. At the
//! horizon a quiet search plays the mover's forcing moves (Icebreaker's captures) a few plies on
//! before the evaluation judges (with captures played on, alpha-beta alone kept 155 of the 165
//! positions of Icebreaker's suite at 0.5 s, without 151). The table has a fixed number of slots (a new entry replaces the one in its slot) and is kept
//! from move to move. Values are the mover's: -1..1 from the evaluation's chance, ±(WON -
//! plies) for a game won or lost on the line. The move of the last depth searched in full is played.

use std::time::Instant;

use super::solver::{Solver, Stop};
use super::Watch;
use crate::game::Game;

/// A game's evaluation, as alpha-beta uses it.
pub struct Evaluation<G: Game> {
    /// Player 0's chance (0..1) in a position that is not over.
    pub chance: fn(&G) -> f64,
    /// A child's worth to `player`, who moved into it: the higher is searched first.
    pub order: fn(&G, usize) -> i32,
    /// The mover's forcing moves (into `out`, cleared first), played on at the horizon.
    pub forcing: fn(&G, &mut Vec<G::Move>),
}

impl<G: Game> Clone for Evaluation<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Evaluation<G> {}

/// A game won on the line is worth this less the plies to its end (far above any evaluation).
const WON: f32 = 10.0;
/// A value at least this far from zero is a won or lost game, not an evaluation.
const DECIDED: f32 = WON / 2.0;
/// The quiet search's plies past the horizon.
pub const QUIET_PLIES: u32 = 4;
/// The table's slots (about 24 bytes each with Icebreaker's moves: 12 MB).
const SLOTS: usize = 1 << 19;
/// A search deeper than this is not tried (a game decided sooner stops the deepening).
const MAX_DEPTH: u32 = 64;
/// Nodes between looks at the clock and the caller.
const CHECK_EVERY: u64 = 1024;

#[derive(Clone, Copy, PartialEq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy)]
struct Slot<M> {
    key: u64,
    value: f32,
    depth: u8,
    bound: Bound,
    best: Option<M>,
}

/// Alpha-beta with its table, kept between searches.
pub struct Minimax<G: Game> {
    table: Vec<Option<Slot<G::Move>>>,
    /// Nodes visited by the last search, the quiet search's included.
    pub nodes: u64,
    deadline: Option<Instant>,
    stop: Option<Stop>,
    root_best: Option<G::Move>, // the root's best move in the depth being searched
    avoid: Vec<G::Move>,        // the root's moves not to search (see `best`)
}

impl<G: Game> Default for Minimax<G> {
    fn default() -> Self {
        Minimax { table: Vec::new(), nodes: 0, deadline: None, stop: None, root_best: None, avoid: Vec::new() }
    }
}

impl<G: Game> Minimax<G> {
    /// The best move of `state` by iterative deepening until `deadline` (or `max_depth`), its value
    /// for the mover as a chance (0..1; a win found on every line: 1) and the depth searched in
    /// full; None if not even depth 1 was done. Err only when the caller cancels. The root's moves
    /// in `avoid` (those a proof has shown lost) are not searched, unless they are all it has.
    pub fn best(&mut self, state: &G, eval: Evaluation<G>, avoid: &[G::Move], deadline: Option<Instant>, max_depth: u32, watch: &mut Watch) -> Result<Option<(G::Move, f64, u32)>, Stop> {
        if self.table.is_empty() {
            self.table = vec![None; SLOTS];
        }
        (self.nodes, self.deadline, self.stop, self.root_best) = (0, deadline, None, None);
        self.avoid = avoid.to_vec();
        let mut found = None;
        for depth in 1..=max_depth.min(MAX_DEPTH) {
            let value = self.search(state, &eval, depth, 0, -f32::INFINITY, f32::INFINITY, watch);
            match self.stop {
                Some(Stop::Cancel) => return Err(Stop::Cancel),
                Some(Stop::Budget) => break,
                None => {}
            }
            let Some(mv) = self.root_best else { break };
            let chance = if value >= DECIDED { 1.0 } else if value <= -DECIDED { 0.0 } else { (value as f64 + 1.0) / 2.0 };
            found = Some((mv, chance, depth));
            if value.abs() >= DECIDED {
                break; // decided on every line: deeper finds nothing more
            }
        }
        Ok(found)
    }

    /// `best`, each move it finds checked by the endgame `solver` until `deadline`: a move the
    /// solver proves lost for the mover joins `avoid` and alpha-beta chooses again, within a third
    /// of the time left (its table still holds the last search). The first search runs until
    /// `until`. A move the check proves won or leaves unproved is played; so is a proved loss
    /// once every move is one (alpha-beta then finds each lost and says so).
    #[allow(clippy::too_many_arguments)]
    pub fn checked(&mut self, state: &G, eval: Evaluation<G>, mut avoid: Vec<G::Move>, solver: &mut Solver<G>, until: Option<Instant>, deadline: Option<Instant>, max_depth: u32, watch: &mut Watch) -> Result<Option<(G::Move, f64, u32)>, Stop> {
        let mut until = until;
        loop {
            let found = self.best(state, eval, &avoid, until, max_depth, watch)?;
            let Some((mv, _, _)) = found else { return Ok(None) };
            if avoid.contains(&mv) || deadline.is_some_and(|d| Instant::now() >= d) {
                return Ok(found);
            }
            let mut child = state.clone();
            child.play(mv);
            let lost = match solver.try_solve(&child, None, deadline, watch)? {
                Some((value, _)) if child.to_move() == state.to_move() => value <= 0.0,
                Some((value, _)) => value >= 1.0,
                None => false,
            };
            if !lost {
                return Ok(found);
            }
            avoid.push(mv);
            until = deadline.map(|d| {
                let now = Instant::now();
                now + d.saturating_duration_since(now) / 3
            });
        }
    }

    fn slot(&self, key: u64) -> Option<&Slot<G::Move>> {
        self.table[key as usize % SLOTS].as_ref().filter(|s| s.key == key)
    }

    /// The mover's value of a finished game `ply` plies from the root, or None if it goes on.
    fn over(state: &G, ply: u32) -> Option<f32> {
        state.is_over().then(|| match state.winner() {
            Some(w) if w == state.to_move() => WON - ply as f32 * 0.01,
            Some(_) => -(WON - ply as f32 * 0.01),
            None => 0.0,
        })
    }

    /// The evaluation's value for the mover.
    fn judge(state: &G, eval: &Evaluation<G>) -> f32 {
        let v = (2.0 * (eval.chance)(state) - 1.0) as f32;
        if state.to_move() == 0 { v } else { -v }
    }

    /// True once the search must stop (its time is spent or the caller cancelled): checked every CHECK_EVERY nodes.
    fn stopped(&mut self, watch: &mut Watch) -> bool {
        self.nodes += 1;
        if self.stop.is_none() && self.nodes.is_multiple_of(CHECK_EVERY) {
            let now = Instant::now();
            if !watch.tick(now) {
                self.stop = Some(Stop::Cancel);
            } else if self.deadline.is_some_and(|d| now >= d) {
                self.stop = Some(Stop::Budget);
            }
        }
        self.stop.is_some()
    }

    /// A node's value without a search: 0 once the search must stop (see `stopped`), the game's
    /// result once it is over; None: search it.
    fn ended(&mut self, state: &G, ply: u32, watch: &mut Watch) -> Option<f32> {
        if self.stopped(watch) {
            return Some(0.0);
        }
        Self::over(state, ply)
    }

    /// A child's value for `state`'s mover, from the child's window as the child's mover sees it.
    fn child(&mut self, state: &G, child: &G, alpha: f32, beta: f32, step: impl FnOnce(&mut Self, &G, f32, f32) -> f32) -> f32 {
        if child.to_move() == state.to_move() {
            step(self, child, alpha, beta)
        } else {
            -step(self, child, -beta, -alpha)
        }
    }

    /// The quiet search: the evaluation, unless one of the mover's forcing moves does better.
    #[allow(clippy::too_many_arguments)]
    fn quiet(&mut self, state: &G, eval: &Evaluation<G>, left: u32, ply: u32, mut alpha: f32, beta: f32, watch: &mut Watch) -> f32 {
        if let Some(v) = self.ended(state, ply, watch) {
            return v;
        }
        let mut best = Self::judge(state, eval);
        if left == 0 || best >= beta {
            return best;
        }
        let mut moves = Vec::new();
        (eval.forcing)(state, &mut moves);
        alpha = alpha.max(best);
        for mv in moves {
            let mut child = state.clone();
            child.play(mv);
            let v = self.child(state, &child, alpha, beta, |s, c, a, b| s.quiet(c, eval, left - 1, ply + 1, a, b, watch));
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    #[allow(clippy::too_many_arguments)]
    fn search(&mut self, state: &G, eval: &Evaluation<G>, depth: u32, ply: u32, mut alpha: f32, beta: f32, watch: &mut Watch) -> f32 {
        if let Some(v) = self.ended(state, ply, watch) {
            return v;
        }
        if depth == 0 {
            return self.quiet(state, eval, QUIET_PLIES, ply, alpha, beta, watch);
        }
        let key = state.key();
        let mut first = if ply == 0 { self.root_best } else { None };
        if let Some(s) = self.slot(key) {
            first = first.or(s.best);
            if s.depth as u32 >= depth && ply > 0 {
                match s.bound {
                    Bound::Exact => return s.value,
                    Bound::Lower if s.value >= beta => return s.value,
                    Bound::Upper if s.value <= alpha => return s.value,
                    _ => {}
                }
            }
        }
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        if ply == 0 && moves.iter().any(|m| !self.avoid.contains(m)) {
            moves.retain(|m| !self.avoid.contains(m));
        }
        let me = state.to_move();
        let mut children: Vec<(i32, G::Move, G)> = moves
            .into_iter()
            .map(|mv| {
                let mut child = state.clone();
                child.play(mv);
                (if Some(mv) == first { i32::MAX } else { (eval.order)(&child, me) }, mv, child)
            })
            .collect();
        children.sort_by_key(|c| std::cmp::Reverse(c.0));
        let alpha0 = alpha;
        let (mut best, mut best_move) = (-f32::INFINITY, None);
        for (_, mv, child) in &children {
            let v = self.child(state, child, alpha, beta, |s, c, a, b| s.search(c, eval, depth - 1, ply + 1, a, b, watch));
            if self.stop.is_some() {
                return 0.0;
            }
            if v > best {
                (best, best_move) = (v, Some(*mv));
            }
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        if ply == 0 {
            self.root_best = best_move;
        }
        let bound = if best <= alpha0 { Bound::Upper } else if best >= beta { Bound::Lower } else { Bound::Exact };
        self.table[key as usize % SLOTS] = Some(Slot { key, value: best, depth: depth as u8, bound, best: best_move });
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::mcts::tests::Nim;

    /// Nim's stones left, as an evaluation that knows nothing (every position even).
    fn blind() -> Evaluation<Nim> {
        Evaluation { chance: |_| 0.5, order: |_, _| 0, forcing: |_, out| out.clear() }
    }

    #[test]
    fn deep_enough_it_finds_the_winning_take_in_every_pile_and_calls_it_won() {
        for stones in 1..=20 {
            let nim = Nim { stones, to_move: 0 };
            let mut m = Minimax::default();
            let found = m.best(&nim, blind(), &[], None, 30, &mut Watch::silent()).unwrap();
            let (mv, chance, _) = found.expect("depth 1 at least");
            if stones % 4 == 0 {
                assert_eq!(chance, 0.0, "{stones} stones are lost whatever the take");
            } else {
                assert_eq!((mv, chance), (stones % 4, 1.0), "{stones} stones");
            }
        }
    }

    #[test]
    fn a_root_move_to_avoid_is_not_searched_unless_every_move_is_to_avoid() {
        // 7 stones: taking 3 wins, taking 1 or 2 loses.
        let nim = Nim { stones: 7, to_move: 0 };
        let pick = |avoid: &[u32]| Minimax::default().best(&nim, blind(), avoid, None, 30, &mut Watch::silent()).unwrap().unwrap();
        assert_eq!(pick(&[]).0, 3);
        let (mv, chance, _) = pick(&[3]);
        assert!(mv != 3 && chance == 0.0, "{mv} {chance}");
        assert_eq!((pick(&[1, 2, 3]).0, pick(&[1, 2, 3]).1), (3, 1.0));
    }

    #[test]
    fn a_move_the_solver_proves_lost_is_left_out_and_alpha_beta_chooses_again() {
        // At depth 1 this evaluation takes 1 of 7 stones, then 2 (both lose); the solver proves
        // each lost, and the third choice, 3, is the win. From 8 every take loses: one is played.
        let eval = Evaluation::<Nim> { chance: |s| s.stones as f64 / 100.0, order: |_, _| 0, forcing: |_, out| out.clear() };
        let solver = || Solver::<Nim>::new(false, crate::game::SolverOrder::AsListed);
        let pick = |stones| {
            let nim = Nim { stones, to_move: 0 };
            Minimax::default().checked(&nim, eval, Vec::new(), &mut solver(), None, None, 1, &mut Watch::silent()).unwrap().unwrap()
        };
        assert_eq!(Minimax::default().best(&Nim { stones: 7, to_move: 0 }, eval, &[], None, 1, &mut Watch::silent()).unwrap().unwrap().0, 1);
        assert_eq!(pick(7).0, 3);
        assert!((1..=3).contains(&pick(8).0));
        // Without the solver's time the first choice stands.
        let past = Some(Instant::now());
        let nim = Nim { stones: 7, to_move: 0 };
        let found = Minimax::default().checked(&nim, eval, Vec::new(), &mut solver(), None, past, 1, &mut Watch::silent()).unwrap();
        assert_eq!(found.unwrap().0, 1);
    }

    #[test]
    fn short_of_the_end_it_judges_by_the_evaluation() {
        // Player 0's chance rises with the stones left when player 1 is to move, as a bad
        // evaluation might: at depth 1 the mover takes 1 (leaving the most); deep enough, 3.
        let eval = Evaluation::<Nim> { chance: |s| s.stones as f64 / 100.0, order: |_, _| 0, forcing: |_, out| out.clear() };
        let nim = Nim { stones: 7, to_move: 0 };
        let at = |depth| Minimax::default().best(&nim, eval, &[], None, depth, &mut Watch::silent()).unwrap().unwrap();
        assert_eq!(at(1).0, 1);
        assert_eq!(at(1).2, 1);
        assert_eq!((at(10).0, at(10).1), (3, 1.0));
    }
}
