//! The exact margin of score, where a match counts it and not only who wins (Horizontal/Vertical's
//! initials, summed over a role-swapped pair). The endgame solver proves outcomes; asked "does
//! player 0 end at least k ahead?" for a few k, it finds the margin both sides can hold, and the
//! move that holds it.

use super::solver::{Solver, Stop};
use super::Watch;
use crate::boards::mix64;
use crate::game::{Game, SolverOrder};
use std::time::Instant;

/// `game` played for one question, "does player 0 end at least `k` ahead?": a win for player 0
/// if so, else for player 1. It ends as soon as `room` (the most the margin can still change)
/// settles the question.
#[derive(Clone)]
pub struct AtLeast<G> {
    pub game: G,
    pub k: i32,
    pub room: fn(&G) -> i32,
}

impl<G: Game> AtLeast<G> {
    fn margin(&self) -> i32 {
        let [a, b] = self.game.scores();
        a - b
    }

    /// The winner, once the margin's room can no longer change the answer.
    fn settled(&self) -> Option<usize> {
        let (m, room) = (self.margin(), (self.room)(&self.game));
        if m - room >= self.k {
            Some(0)
        } else if m + room < self.k {
            Some(1)
        } else {
            None
        }
    }
}

impl<G: Game> Game for AtLeast<G> {
    type Move = G::Move;

    fn to_move(&self) -> usize {
        self.game.to_move()
    }

    fn legal_moves(&self, out: &mut Vec<G::Move>) {
        if self.settled().is_some() {
            out.clear();
        } else {
            self.game.legal_moves(out);
        }
    }

    fn play(&mut self, mv: G::Move) {
        self.game.play(mv);
    }

    fn is_over(&self) -> bool {
        self.settled().is_some() || self.game.is_over()
    }

    fn winner(&self) -> Option<usize> {
        Some(self.settled().unwrap_or(usize::from(self.margin() < self.k)))
    }

    fn scores(&self) -> [i32; 2] {
        self.game.scores()
    }

    fn key(&self) -> u64 {
        mix64(self.game.key() ^ (self.k as i64 as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
    }

    fn notation(&self, mv: G::Move) -> String {
        self.game.notation(mv)
    }
}

/// The solver of margins: alpha-beta over `AtLeast`, one question at a time, its table kept
/// from move to move (a question asked again at the next move finds its answer there).
pub struct MarginSolver<G: Game> {
    solver: Solver<AtLeast<G>>,
    room: fn(&G) -> i32,
    /// Player 0's margin found last: the next move's first question, as it stays the same while
    /// both sides hold it.
    guess: Option<i32>,
}

impl<G: Game> MarginSolver<G> {
    /// A solver for a game whose margin can change by at most `room` from a position.
    pub fn new(room: fn(&G) -> i32, can_repeat: bool, order: SolverOrder<G>) -> MarginSolver<G> {
        let order = match order {
            SolverOrder::Mobility => SolverOrder::Mobility,
            _ => SolverOrder::AsListed, // a worth of G's positions is not one of AtLeast's
        };
        let mut solver = Solver::new(can_repeat, order);
        solver.deepen = can_repeat;
        MarginSolver { solver, room, guess: None }
    }

    /// Let the table grow to at most `bytes` (see `Solver::set_table_room`).
    pub fn set_table_room(&mut self, bytes: usize) {
        self.solver.set_table_room(bytes);
    }

    /// The bytes the table holds.
    pub fn bytes(&self) -> usize {
        self.solver.bytes()
    }

    /// The exact margin (player 0's score less player 1's at the end, each side playing for its
    /// own) and a move of `state`'s mover that holds it, if proved by `deadline`. A few questions
    /// settle it: the last margin found and one past it (two, where both sides held it), then
    /// halving the range still open.
    pub fn best(&mut self, state: &G, deadline: Option<Instant>, watch: &mut Watch) -> Result<Option<(G::Move, i32)>, Stop> {
        let [a, b] = state.scores();
        let room = (self.room)(state);
        let (mut lo, mut hi) = (a - b - room, a - b + room); // the margin lies in lo..=hi
        let mut guesses = self.guess.map(|g| [g, g + 1]).into_iter().flatten();
        while lo < hi {
            let k = guesses.find(|k| (lo + 1..=hi).contains(k)).unwrap_or(lo + (hi - lo + 1) / 2);
            match self.reaches(state, k, deadline, watch)? {
                Some(true) => lo = k,
                Some(false) => hi = k - 1,
                None => return Ok(None),
            }
        }
        self.guess = Some(lo);
        // Player 0 holds "at least lo"; player 1 holds "not lo + 1".
        let question = AtLeast { game: state.clone(), k: if state.to_move() == 0 { lo } else { lo + 1 }, room: self.room };
        if question.settled().is_some() {
            let mut moves = Vec::new();
            state.legal_moves(&mut moves); // every move holds it
            return Ok(moves.first().map(|&mv| (mv, lo)));
        }
        if self.solver.best_move(&question).is_none() {
            self.solver.try_solve(&question, None, deadline, watch)?; // asked before only if the table lost it
        }
        Ok(self.solver.best_move(&question).map(|mv| (mv, lo)))
    }

    /// Whether player 0 ends at least `k` ahead; None if not proved by `deadline`.
    fn reaches(&mut self, state: &G, k: i32, deadline: Option<Instant>, watch: &mut Watch) -> Result<Option<bool>, Stop> {
        let question = AtLeast { game: state.clone(), k, room: self.room };
        let found = self.solver.try_solve(&question, None, deadline, watch)?;
        Ok(found.map(|(value, _)| (value >= 1.0) == (state.to_move() == 0)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Knowledge, Rng};
    use crate::search::mcts::Spec;
    use crate::search::team::Team;

    /// A pile of tokens; a move takes one or two. Taking the last of a take-two scores its taker
    /// a point; so does taking one where the pile had an even count. Small enough to search
    /// by brute force.
    #[derive(Clone, Debug)]
    struct Pile {
        left: u8,
        to_move: usize,
        score: [i32; 2],
    }

    impl Game for Pile {
        type Move = u8;
        fn to_move(&self) -> usize {
            self.to_move
        }
        fn legal_moves(&self, out: &mut Vec<u8>) {
            out.clear();
            out.extend((1..=2).filter(|&t| t <= self.left));
        }
        fn play(&mut self, t: u8) {
            if (t == 2 && self.left == 2) || (t == 1 && self.left % 2 == 0) {
                self.score[self.to_move] += 1;
            }
            self.left -= t;
            self.to_move ^= 1;
        }
        fn winner(&self) -> Option<usize> {
            match self.score[0].cmp(&self.score[1]) {
                std::cmp::Ordering::Greater => Some(0),
                std::cmp::Ordering::Less => Some(1),
                std::cmp::Ordering::Equal => None,
            }
        }
        fn scores(&self) -> [i32; 2] {
            self.score
        }
        fn key(&self) -> u64 {
            mix64(self.left as u64 | (self.to_move as u64) << 8 | ((self.score[0] - self.score[1] + 128) as u64) << 16)
        }
        fn notation(&self, t: u8) -> String {
            t.to_string()
        }
    }

    /// Player 0's margin under best play by brute force.
    fn exact(p: &Pile) -> i32 {
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        if moves.is_empty() {
            return p.score[0] - p.score[1];
        }
        let values = moves.iter().map(|&m| {
            let mut c = p.clone();
            c.play(m);
            exact(&c)
        });
        if p.to_move == 0 { values.max().unwrap() } else { values.min().unwrap() }
    }

    fn room(p: &Pile) -> i32 {
        p.left as i32 // at most a point a token
    }

    #[test]
    fn the_margin_found_is_the_brute_forces_and_its_move_holds_it() {
        let mut solver = MarginSolver::new(room, false, SolverOrder::AsListed);
        let mut rng = Rng::new(7);
        let mut seen = std::collections::HashSet::new();
        for left in 1..=14u8 {
            for to_move in 0..2 {
                let score = [rng.below(3) as i32, rng.below(3) as i32];
                let p = Pile { left, to_move, score };
                let (mv, margin) = solver.best(&p, None, &mut Watch::new(None, None, None)).unwrap().unwrap();
                assert_eq!(margin, exact(&p), "{p:?}");
                let mut after = p.clone();
                after.play(mv);
                assert_eq!(exact(&after), margin, "{p:?}: {mv} does not hold it");
                seen.insert(margin - (score[0] - score[1]));
            }
        }
        assert!(seen.len() >= 3, "the piles' margins differ: {seen:?}");
    }

    /// Lets the root's try find the exact margin, on one thread and on a team's one tree; with
    /// `proved_narrowly`, the root comes proved won by the narrowest win (as a game's own argument
    /// or the kept tree may prove it).
    #[derive(Clone)]
    struct ForMargin {
        proved_narrowly: bool,
    }

    impl Knowledge<Pile> for ForMargin {
        fn wants_root_solver(&self, _: &Pile) -> bool {
            true
        }
        fn team_root_share(&self, _: &Pile) -> Option<f64> {
            Some(1.0)
        }
        fn margin_room(&self) -> Option<fn(&Pile) -> i32> {
            Some(room)
        }
        fn winning_move(&self, p: &Pile) -> Option<(u8, u32)> {
            narrowest_win(p).filter(|_| self.proved_narrowly).map(|(mv, _)| (mv, p.left as u32))
        }
    }

    #[test]
    fn the_move_that_holds_the_exact_margin_is_played_at_once_on_one_thread_and_on_a_team() {
        let spec = Spec { solve_nodes: 1_000, shared: Some(true), ..Spec::new(Some(10.0), None) };
        for threads in [1, 2] {
            let mut team = Team::new(spec.clone(), ForMargin { proved_narrowly: false }, 3, false, threads);
            for left in 9..=13u8 {
                let p = Pile { left, to_move: (left % 2) as usize, score: [1, 0] };
                let t = Instant::now();
                let evals = team.choose(&p, None, &mut Watch::silent()).unwrap();
                assert!(t.elapsed().as_secs_f64() < 2.0, "{:?}", t.elapsed());
                if threads == 1 {
                    assert_eq!(team.stats.iterations, 0, "no iterations once the margin is found");
                } // on a team the others iterate while the first finds it
                let mut after = p.clone();
                after.play(evals[0].mv);
                assert_eq!(exact(&after), exact(&p), "{p:?} on {threads}: {evals:?}");
                let mine = if p.to_move == 0 { exact(&p) } else { -exact(&p) };
                assert_eq!(evals[0].value, 0.5 + 0.5 * mine.signum() as f64, "the result the margin gives the mover");
                assert!(evals.iter().all(|e| e.value <= evals[0].value), "no move above the margin's: {evals:?}");
            }
        }
    }

    /// The mover's winning move that wins by the least, if any: a proof of the result alone.
    fn narrowest_win(p: &Pile) -> Option<(u8, i32)> {
        let sign = if p.to_move == 0 { 1 } else { -1 };
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        moves.into_iter()
            .map(|mv| {
                let mut after = p.clone();
                after.play(mv);
                (mv, sign * exact(&after))
            })
            .filter(|&(_, margin)| margin > 0)
            .min_by_key(|&(_, margin)| margin)
    }

    #[test]
    fn a_root_proved_won_by_less_than_the_margin_still_gets_the_move_that_holds_it() {
        let spec = Spec { solve_nodes: 1_000, shared: Some(true), ..Spec::new(Some(10.0), None) };
        let mut narrower = 0;
        for threads in [1, 2] {
            let mut team = Team::new(spec.clone(), ForMargin { proved_narrowly: true }, 3, false, threads);
            for (left, lead) in (4..=9u8).flat_map(|left| (-2..=2).map(move |lead| (left, lead))) {
                for to_move in 0..2 {
                    let p = Pile { left, to_move, score: [2 + lead, 2] };
                    let Some((_, least)) = narrowest_win(&p) else { continue };
                    let best = if to_move == 0 { exact(&p) } else { -exact(&p) };
                    if least == best {
                        continue;
                    }
                    narrower += 1;
                    let evals = team.choose(&p, None, &mut Watch::silent()).unwrap();
                    let mut after = p.clone();
                    after.play(evals[0].mv);
                    assert_eq!(exact(&after), exact(&p), "{p:?} on {threads}: {evals:?}");
                }
            }
        }
        assert!(narrower >= 4, "positions with a narrower win: {narrower}");
    }

    #[test]
    fn a_position_the_room_settles_is_over_for_the_question() {
        let p = Pile { left: 2, to_move: 0, score: [5, 1] };
        let q = |k| AtLeast { game: p.clone(), k, room };
        assert!(q(2).is_over() && q(2).winner() == Some(0)); // 4 ahead, at most 2 to change
        assert!(!q(3).is_over() && !q(6).is_over());
        assert!(q(7).is_over() && q(7).winner() == Some(1));
        assert_ne!(q(3).key(), q(4).key());
    }
}
