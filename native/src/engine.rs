//! One game behind one object-safe interface: replay from notation, the legal moves, a search
//! that keeps its tree from move to move, Perfect's exact analysis and random playouts.
//! The bindings (lib.rs) hold a `Box<dyn Engine>` made by `make` from a game id and options.

use std::time::{Duration, Instant};

use crate::game::{Knowledge, Native, Options, Plain, Rng, SolverOrder};
use crate::search::mcts::{Candidate, Spec, Stats};
use crate::search::team::Team;
use crate::search::solver::{score_to_value, Solver, Stop, FIRST_HORIZON};
use crate::search::Watch;

/// Where a position stands: who moves, whether it is over, the winner and the scores.
pub struct Status {
    pub to_move: usize,
    pub over: bool,
    pub winner: Option<usize>,
    pub scores: [i32; 2],
}

/// A root move as the bindings report it: notation, value for the mover, visits, proof in plies.
pub type Scored = (String, f64, u32, Option<i32>);

/// How a search ended early: stopped by its caller, or a problem with the request.
#[derive(Debug)]
pub enum Failure {
    Cancelled,
    Bad(String),
}

impl From<String> for Failure {
    fn from(s: String) -> Failure {
        Failure::Bad(s)
    }
}

/// What the bindings need of a game, whatever its type.
pub trait Engine: Send + Sync {
    /// The position after `moves` (notation): who moves, over, winner, scores.
    fn status(&self, moves: &[String]) -> Result<Status, String>;
    /// The legal moves after `moves`, in notation.
    fn legal(&self, moves: &[String]) -> Result<Vec<String>, String>;
    /// The legal moves before each of `moves` and after the last, in notation (for rule tests).
    fn trace(&self, moves: &[String]) -> Result<Vec<Vec<String>>, String>;
    /// Search the position after `moves`: the root's moves, best first, and the counters. `play`:
    /// the search chooses a move to play, rather than judging the position for a person (see
    /// `Knowledge::play_for_match`).
    fn search(&mut self, moves: &[String], play: bool, watch: &mut Watch) -> Result<(Vec<Scored>, Stats), Failure>;
    /// Perfect's analysis: every move proved (or None if the root is not solved by `seconds`).
    fn perfect(&mut self, moves: &[String], exact: bool, seconds: f64, extra: f64, watch: &mut Watch) -> Result<Option<Vec<Scored>>, Failure>;
    /// The solver's score of the position after `moves` in the window (WIN - n: the mover wins in n
    /// plies), with the move the table holds as best; None past the node or time budget.
    fn solve(&mut self, moves: &[String], window: (i32, i32), nodes: Option<u64>, seconds: Option<f64>, watch: &mut Watch) -> Result<Option<(i32, Option<String>)>, Failure>;
    /// Uniformly random playouts from the start for `seconds`: (playouts, plies).
    fn playouts(&self, seconds: f64, cap: usize, seed: u64) -> (u64, u64);
    /// Forget the search tree and solved positions.
    fn reset(&mut self);
    /// Restart the search's random source.
    fn reseed(&mut self, seed: u64);
    /// Sets a named knob of the game's knowledge (the `experiments` build); an error names a wrong one.
    #[cfg(feature = "experiments")]
    fn tune(&mut self, name: &str, value: f64) -> Result<(), String>;
}

/// A search (on one thread or several) with the game's knowledge, or plain UCT's none.
enum Search<G: Native> {
    Knowing(Team<G, G::Know>),
    Plain(Team<G, Plain>),
}

/// The engine of one game type.
pub struct GameEngine<G: Native> {
    start: G,
    search: Search<G>,
    perfect: Option<Solver<G>>,
    last: Option<Vec<String>>, // the moves of the position searched last (for tree reuse)
}

impl<G: Native> GameEngine<G> {
    /// An engine from the start position and how its searches think, on `threads` threads.
    pub fn new(start: G, mut spec: Spec, seed: u64, threads: usize) -> GameEngine<G> {
        if !G::SEARCH_SOLVER {
            spec.solve_nodes = 0; // the game's search never calls the solver: none is made
        }
        let search = if spec.knowledge() {
            Search::Knowing(Team::new(spec.clone(), G::knowledge(spec.solve_root), seed, G::CAN_REPEAT, threads))
        } else {
            Search::Plain(Team::new(spec, Plain, seed, G::CAN_REPEAT, threads))
        };
        GameEngine { start, search, perfect: None, last: None }
    }

    fn replay(&self, moves: &[String]) -> Result<(G, Vec<G::Move>), String> {
        let mut state = self.start.clone();
        let mut played = Vec::with_capacity(moves.len());
        for (ply, text) in moves.iter().enumerate() {
            let mv = state
                .parse(&text.trim().to_lowercase())
                .ok_or_else(|| format!("move {} ({text}) is not legal here", ply + 1))?;
            state.play(mv);
            played.push(mv);
        }
        Ok((state, played))
    }

    /// The exact solver, made on first use; its table is kept between calls.
    fn solver(&mut self) -> &mut Solver<G> {
        let (order, first_horizon) = match &self.search {
            Search::Knowing(t) => (t.members[0].knowledge.solver_order(), t.members[0].knowledge.first_horizon()),
            Search::Plain(_) => (SolverOrder::Mobility, FIRST_HORIZON),
        };
        self.perfect.get_or_insert_with(|| {
            let mut solver = Solver::new(G::CAN_REPEAT, order);
            solver.deepen = true; // time matters less than reach here (analysis, proofs offline)
            solver.first_horizon = first_horizon;
            solver.known_win = Some(|s: &G| Knowledge::winning_move(&G::knowledge(true), s));
            solver
        })
    }

    fn scored(state: &G, c: &Candidate<G::Move>) -> Scored {
        (state.notation(c.mv), c.value, c.visits, c.proof)
    }
}

fn run<G: Native, K: Knowledge<G> + Clone>(
    team: &mut Team<G, K>,
    state: &G,
    since: Option<&[G::Move]>,
    watch: &mut Watch,
) -> Result<(Vec<Candidate<G::Move>>, Stats), Failure> {
    match team.choose(state, since, watch) {
        Ok(evals) => Ok((evals, team.stats.clone())),
        Err(_) => {
            team.reset(); // a cancelled search leaves trees for a position nobody asked about
            Err(Failure::Cancelled)
        }
    }
}

impl<G: Native> Engine for GameEngine<G> {
    fn status(&self, moves: &[String]) -> Result<Status, String> {
        let (state, _) = self.replay(moves)?;
        let mut legal = Vec::new();
        state.legal_moves(&mut legal);
        let over = legal.is_empty();
        Ok(Status { to_move: state.to_move(), over, winner: if over { state.winner() } else { None }, scores: state.scores() })
    }

    fn legal(&self, moves: &[String]) -> Result<Vec<String>, String> {
        let (state, _) = self.replay(moves)?;
        let mut legal = Vec::new();
        state.legal_moves(&mut legal);
        Ok(legal.into_iter().map(|m| state.notation(m)).collect())
    }

    fn trace(&self, moves: &[String]) -> Result<Vec<Vec<String>>, String> {
        let mut state = self.start.clone();
        let mut legal = Vec::new();
        let mut out = Vec::with_capacity(moves.len() + 1);
        for (ply, text) in moves.iter().enumerate() {
            state.legal_moves(&mut legal);
            out.push(legal.iter().map(|&m| state.notation(m)).collect());
            let mv = state
                .parse(&text.trim().to_lowercase())
                .ok_or_else(|| format!("move {} ({text}) is not legal here", ply + 1))?;
            state.play(mv);
        }
        state.legal_moves(&mut legal);
        out.push(legal.iter().map(|&m| state.notation(m)).collect());
        Ok(out)
    }

    fn search(&mut self, moves: &[String], play: bool, watch: &mut Watch) -> Result<(Vec<Scored>, Stats), Failure> {
        let (state, played) = self.replay(moves)?;
        let mut legal = Vec::new();
        state.legal_moves(&mut legal);
        if legal.is_empty() {
            return Err(Failure::Bad("the game is over: there is nothing to search".into()));
        }
        let since = match &self.last {
            Some(last) if moves.len() >= last.len() && moves[..last.len()] == last[..] => Some(&played[last.len()..]),
            _ => None,
        };
        self.last = None;
        if G::CAN_REPEAT {
            let (mut before, mut keys) = (self.start.clone(), Vec::with_capacity(played.len()));
            for &mv in &played {
                keys.push(before.key());
                before.play(mv);
            }
            if let Search::Knowing(team) = &mut self.search {
                team.set_history(&keys);
            }
        }
        let (evals, stats) = match &mut self.search {
            Search::Knowing(m) => {
                m.play_for_match(play);
                run(m, &state, since, watch)?
            }
            Search::Plain(m) => run(m, &state, since, watch)?,
        };
        self.last = Some(moves.to_vec());
        Ok((evals.iter().map(|c| Self::scored(&state, c)).collect(), stats))
    }

    fn perfect(&mut self, moves: &[String], exact: bool, seconds: f64, extra: f64, watch: &mut Watch) -> Result<Option<Vec<Scored>>, Failure> {
        let (state, _) = self.replay(moves)?;
        let mut legal = Vec::new();
        state.legal_moves(&mut legal);
        if legal.is_empty() {
            return Err(Failure::Bad("the game is over: there is nothing to analyse".into()));
        }
        let solver = self.solver();
        let deadline = Instant::now() + Duration::from_secs_f64(seconds);
        match solver.analyse(&state, exact, Some(deadline), Duration::from_secs_f64(extra), watch) {
            Ok(scores) => Ok(Some(
                scores
                    .into_iter()
                    .map(|(m, sc)| {
                        let (value, proof) = score_to_value(sc);
                        (state.notation(m), value, 0, Some(proof))
                    })
                    .collect(),
            )),
            Err(Stop::Budget) => Ok(None),
            Err(Stop::Cancel) => Err(Failure::Cancelled),
        }
    }

    fn solve(&mut self, moves: &[String], window: (i32, i32), nodes: Option<u64>, seconds: Option<f64>, watch: &mut Watch) -> Result<Option<(i32, Option<String>)>, Failure> {
        let (state, _) = self.replay(moves)?;
        let solver = self.solver();
        let deadline = seconds.map(|s| Instant::now() + Duration::from_secs_f64(s));
        match solver.solve_within(&state, window, nodes, deadline, watch) {
            Ok(score) => Ok(Some((score, solver.best_move(&state).map(|m| state.notation(m))))),
            Err(Stop::Budget) => Ok(None),
            Err(Stop::Cancel) => Err(Failure::Cancelled),
        }
    }

    fn playouts(&self, seconds: f64, cap: usize, seed: u64) -> (u64, u64) {
        let mut rng = Rng::new(seed);
        let mut moves = Vec::new();
        let (mut count, mut plies) = (0u64, 0u64);
        let until = Instant::now() + Duration::from_secs_f64(seconds);
        loop {
            let mut state = self.start.clone();
            for _ in 0..cap {
                match state.random_move(&mut moves, &mut rng) {
                    Some(m) => {
                        state.play(m);
                        plies += 1;
                    }
                    None => break,
                }
            }
            count += 1;
            if count % 64 == 0 && Instant::now() >= until {
                return (count, plies);
            }
        }
    }

    fn reset(&mut self) {
        match &mut self.search {
            Search::Knowing(m) => m.reset(),
            Search::Plain(m) => m.reset(),
        }
        self.last = None;
        if let Some(s) = self.perfect.as_mut() {
            s.clear();
        }
    }

    #[cfg(feature = "experiments")]
    fn tune(&mut self, name: &str, value: f64) -> Result<(), String> {
        match &mut self.search {
            Search::Knowing(t) => match t.tune(|k| Knowledge::tune(k, name, value)) {
                true => Ok(()),
                false => Err(format!("this game's knowledge has no knob {name:?}")),
            },
            Search::Plain(_) => Err("textbook UCT has no knowledge to tune".into()),
        }
    }

    fn reseed(&mut self, seed: u64) {
        match &mut self.search {
            Search::Knowing(m) => m.reseed(seed),
            Search::Plain(m) => m.reseed(seed),
        }
    }
}

/// Makes a game's engine from its options (the module picks its board's width): each game
/// module's `engine`, listed with its id in lib.rs's `games!`.
pub type Maker = fn(&Options, Spec, u64, usize) -> Result<Box<dyn Engine>, String>;

/// An engine of `G` for these options, as a `Maker` does it.
pub fn boxed<G: Native>(start: Result<G, String>, spec: Spec, seed: u64, threads: usize) -> Result<Box<dyn Engine>, String> {
    Ok(Box::new(GameEngine::new(start?, spec, seed, threads)))
}

/// The ids of the games this core plays.
pub fn games() -> Vec<&'static str> {
    crate::GAMES.iter().map(|(id, _)| *id).collect()
}

/// The engine for a game id and its options, searching by `spec` on `threads` threads.
pub fn make(game_id: &str, options: &Options, spec: Spec, seed: u64, threads: usize) -> Result<Box<dyn Engine>, String> {
    match crate::GAMES.iter().find(|(id, _)| *id == game_id) {
        Some((_, maker)) => maker(options, spec, seed, threads),
        None => Err(format!("unknown game {game_id:?}; games: {}", games().join(", "))),
    }
}
