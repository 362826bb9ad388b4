//! The protocol every native game follows (as `game/core.py` is for the Python rules), the
//! search knowledge a game may add, and the small random source the searches use.

use std::fmt::Debug;

use crate::search::minimax::Evaluation;

/// A position and its rules. Values are small and `Clone`; `play` changes the position in place.
pub trait Game: Clone + Send + Sync + 'static {
    /// A move as a small value; its text is `notation`.
    type Move: Copy + PartialEq + Debug + Send + Sync + 'static;

    /// The player to move: 0 or 1 (players need not alternate).
    fn to_move(&self) -> usize;
    /// The legal moves, appended to `out` (cleared first); none only once the game is over.
    fn legal_moves(&self, out: &mut Vec<Self::Move>);
    /// Plays a move taken from `legal_moves`.
    fn play(&mut self, mv: Self::Move);
    /// The winner of a finished game (one with no legal move): Some(player), or None for a draw.
    fn winner(&self) -> Option<usize>;
    /// The score of each player, in the game's own units.
    fn scores(&self) -> [i32; 2];
    /// A 64-bit key equal for positions that play the same from here on.
    fn key(&self) -> u64;
    /// The move in the notation of RULES.md.
    fn notation(&self, mv: Self::Move) -> String;

    /// A uniformly random legal move (`moves` is scratch space); None once the game is over.
    /// A game may answer without building the whole list, as long as every move stays equally likely.
    fn random_move(&self, moves: &mut Vec<Self::Move>, rng: &mut Rng) -> Option<Self::Move> {
        self.legal_moves(moves);
        if moves.is_empty() {
            None
        } else {
            Some(moves[rng.below(moves.len())])
        }
    }

    /// True where `is_over` is a cheaper test than listing the moves: the search asks it at every new
    /// leaf (`Tree::ends_at`), where it lists them otherwise.
    const QUICK_END: bool = false;
    /// Whether the game is over (no legal move). A game with a cheaper test than listing the moves
    /// says so: the solver asks it of every child whose replies it does not need to count.
    fn is_over(&self) -> bool {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.is_empty()
    }

    /// The legal move written as `text` (lower case, trimmed), if there is one.
    fn parse(&self, text: &str) -> Option<Self::Move> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.into_iter().find(|&m| self.notation(m) == text)
    }
}

/// Player 0's result of a finished game: 1 win, 0 loss, 0.5 draw.
pub fn result0<G: Game>(state: &G) -> f64 {
    match state.winner() {
        Some(0) => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

/// 1 / (1 + e^-x), flat beyond ±30: the chance an evaluation gives a lead of x (in its units).
pub fn sigmoid(x: f64) -> f64 {
    if x < -30.0 {
        0.0
    } else if x > 30.0 {
        1.0
    } else {
        1.0 / (1.0 + (-x).exp())
    }
}

/// Plies after which a random playout stops and counts as a draw (Goats Wintering can wander).
pub const PLAYOUT_CAP: usize = 1000;

/// A random playout to the end (or the cap): player 0's result. Plain UCT's playout.
pub fn random_playout<G: Game>(state: &mut G, moves: &mut Vec<G::Move>, rng: &mut Rng) -> f64 {
    for _ in 0..PLAYOUT_CAP {
        match state.random_move(moves, rng) {
            Some(m) => state.play(m),
            None => return result0(state),
        }
    }
    0.5
}

/// How the endgame solver orders a node's moves after the one its table holds as best.
pub enum SolverOrder<G> {
    /// As the rules list them.
    AsListed,
    /// The opponent's fewest replies first: forcing lines settle a node soonest.
    Mobility,
    /// The highest first of the child position's worth to the player who moved into it.
    Worth(fn(&G, usize) -> i32),
}

impl<G> Clone for SolverOrder<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G> Copy for SolverOrder<G> {}

/// What a game knows that helps the search: move order, playouts, when to call the solver.
/// The defaults are plain UCT's: shuffled moves, uniformly random playouts, no solver.
pub trait Knowledge<G: Game>: Send + Sync {
    /// Called as a search of `root` starts; a tree grown under one view is not reused under another.
    fn begin(&mut self, _root: &G) -> u32 {
        0
    }
    /// Whether the coming searches choose a move to play (`true`) or judge positions for a person
    /// (`false`, the default: hints and reviews, whose values read as chances of winning). A game
    /// whose match counts more than who wins (Frozen Forest's trees) may steer its play by the
    /// match; its values are then no longer chances.
    fn play_for_match(&mut self, _on: bool) {}
    /// Orders a new node's moves, the first tried first; returns how many to keep. The moves
    /// after that are held back: searched only once every kept move is proved not to win.
    fn order(&self, _state: &G, moves: &mut [G::Move], rng: &mut Rng) -> usize {
        rng.shuffle(moves);
        moves.len()
    }
    /// Player 0's reward (0..1) of a playout from `state`, which is not over.
    fn playout(&self, state: &mut G, moves: &mut Vec<G::Move>, rng: &mut Rng) -> f64 {
        random_playout(state, moves, rng)
    }
    /// UCB1's exploration constant for this game's rewards; None: the search's own (`mcts::C`).
    fn exploration(&self) -> Option<f64> {
        None
    }
    /// Player 0's reward for a game that ended inside the tree (shaped rewards must agree with `playout`).
    fn result(&self, state: &G) -> f64 {
        result0(state)
    }
    /// True if the endgame solver should try to settle this well-visited node.
    fn wants_solver(&self, _state: &G) -> bool {
        false
    }
    /// True if the solver should try the whole position before the search (levels that allow it).
    fn wants_root_solver(&self, _state: &G) -> bool {
        false
    }
    /// On a team's one tree, where the other threads iterate while the first tries the whole
    /// position: the share of the move that try may take here, where it differs from a search on
    /// one thread (`wants_root_solver` and the level's share, ROOT_SHARE); None: the same.
    fn team_root_share(&self, _state: &G) -> Option<f64> {
        None
    }
    /// Where a match counts the margin of score and not only who wins (Horizontal/Vertical's
    /// initials): the most the margin (player 0's score less player 1's) can still change from a
    /// position. The root's try then proves the exact margin instead of the outcome, and the move
    /// that holds it is played (see `search::margin`). None: the outcome alone counts.
    fn margin_room(&self) -> Option<fn(&G) -> i32> {
        None
    }
    /// Player 0's reward for a game ending with this margin (see `margin_room`), on the scale of
    /// the search's values: the result by default.
    fn margin_reward(&self, margin: i32) -> f64 {
        0.5 + 0.5 * margin.signum() as f64
    }
    /// True if a proved win should be made as short, and a proved loss as long, as the move's
    /// time allows (see `Mcts::measure`): where how long a game lasts counts (Frozen Forest's match).
    fn length_counts(&self) -> bool {
        false
    }
    /// A move of the root proved to win by the game's own argument (Goats Wintering: passing
    /// while ahead, when the opponent cannot catch up), and the most plies to the end; None if
    /// there is none or the proof is out of reach.
    fn winning_move(&self, _state: &G) -> Option<(G::Move, u32)> {
        None
    }
    /// Where the root's move is better chosen by alpha-beta to a horizon with the game's
    /// evaluation than by the tree's iterations (`search::minimax`), that evaluation; None (the
    /// default): the iterations choose. Only levels with a time budget and the root's try ask.
    fn minimax(&self, _state: &G) -> Option<Evaluation<G>> {
        None
    }
    /// How the endgame solver orders a node's moves.
    fn solver_order(&self) -> SolverOrder<G> {
        SolverOrder::Mobility
    }
    /// The horizon, in plies, of a deepening solve's first try (where positions recur): short
    /// where cycles are many and a short try settles much, longer where lines seldom cycle and
    /// the short tries only cost.
    fn first_horizon(&self) -> usize {
        crate::search::solver::FIRST_HORIZON
    }
    /// Sets a named knob of this knowledge (the `experiments` build); false if there is no such knob.
    #[cfg(feature = "experiments")]
    fn tune(&mut self, _name: &str, _value: f64) -> bool {
        false
    }
}

/// Plain UCT's knowledge: none.
#[derive(Clone, Copy, Debug)]
pub struct Plain;

impl<G: Game> Knowledge<G> for Plain {}

/// A small, fast, seeded random source (xoshiro256**, seeded through SplitMix64).
#[derive(Clone, Debug)]
pub struct Rng {
    s: [u64; 4],
}

impl Rng {
    /// A source that gives the same numbers for the same seed.
    pub fn new(seed: u64) -> Rng {
        let mut z = seed;
        let mut s = [0u64; 4];
        for w in s.iter_mut() {
            z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
            *w = crate::boards::mix64(z);
        }
        Rng { s }
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let result = self.s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = self.s[1] << 17;
        self.s[2] ^= self.s[0];
        self.s[3] ^= self.s[1];
        self.s[1] ^= self.s[2];
        self.s[0] ^= self.s[3];
        self.s[2] ^= t;
        self.s[3] = self.s[3].rotate_left(45);
        result
    }

    /// A uniform integer in 0..n (n > 0).
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() >> 32) * n as u64 >> 32) as usize
    }

    /// A uniform float in [0, 1).
    #[inline]
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Shuffles a slice uniformly (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

/// A game's options as the Python side validated them: name -> value as text (`str(value).lower()`).
#[derive(Clone, Debug, Default)]
pub struct Options(pub std::collections::BTreeMap<String, String>);

impl Options {
    /// The options from (name, value) pairs.
    pub fn from_pairs<I: IntoIterator<Item = (String, String)>>(pairs: I) -> Options {
        Options(pairs.into_iter().map(|(k, v)| (k, v.trim().to_lowercase())).collect())
    }

    /// The text of option `name`, or `default` when it is not given.
    pub fn text<'a>(&'a self, name: &str, default: &'a str) -> &'a str {
        self.0.get(name).map_or(default, |v| v.as_str())
    }

    /// Option `name` as a number in lo..=hi (`default` when not given).
    pub fn number(&self, name: &str, default: usize, lo: usize, hi: usize) -> Result<usize, String> {
        let text = self.text(name, "");
        if text.is_empty() {
            return Ok(default);
        }
        match text.parse::<usize>() {
            Ok(v) if (lo..=hi).contains(&v) => Ok(v),
            _ => Err(format!("option {name}={text} is not allowed; valid values: {lo} to {hi}")),
        }
    }

    /// Option `name` as one of `allowed` (the first is the default).
    pub fn choice(&self, name: &str, allowed: &[&'static str]) -> Result<&'static str, String> {
        let text = self.text(name, allowed[0]);
        allowed
            .iter()
            .copied()
            .find(|a| *a == text)
            .ok_or_else(|| format!("option {name}={text} is not allowed; valid values: {}", allowed.join(", ")))
    }

    /// Option `name` as a flag (`default` when not given).
    pub fn flag(&self, name: &str, default: bool) -> Result<bool, String> {
        match self.text(name, if default { "true" } else { "false" }) {
            "true" | "1" => Ok(true),
            "false" | "0" => Ok(false),
            other => Err(format!("option {name}={other} is not allowed; valid values: False, True")),
        }
    }

    /// A text naming these options, for caches of per-option tables.
    pub fn cache_key(&self) -> String {
        self.0.iter().map(|(k, v)| format!("{k}={v};")).collect()
    }
}

/// Per-option tables are built once and kept for the life of the process (a handful at most).
pub fn cached<C: Send + Sync + 'static>(
    cache: &'static std::sync::OnceLock<std::sync::Mutex<std::collections::HashMap<String, &'static C>>>,
    key: String,
    make: impl FnOnce() -> Result<C, String>,
) -> Result<&'static C, String> {
    let map = cache.get_or_init(Default::default);
    if let Some(c) = map.lock().unwrap().get(&key) {
        return Ok(c);
    }
    let made: &'static C = Box::leak(Box::new(make()?));
    map.lock().unwrap().insert(key, made);
    Ok(made)
}

/// A game the bindings can search: its knowledge, and whether positions can recur.
pub trait Native: Game {
    /// The search knowledge of this game (see `Knowledge`).
    type Know: Knowledge<Self> + Clone;
    /// True if a position can come back on a line of play (the solver counts a repeat as a draw).
    const CAN_REPEAT: bool = false;
    /// False if this game's search never calls the endgame solver (in the tree or at the root):
    /// the levels' solver budgets then do nothing, and no solver is made. Say why where it is set.
    const SEARCH_SOLVER: bool = true;
    /// The knowledge for a level; `solve_root`: the level has the time to let the solver try the root.
    fn knowledge(solve_root: bool) -> Self::Know;
}
