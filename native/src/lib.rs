//! Frostfield's search core, bound to Python as `game._native`.
//!
//! Moves cross the boundary in notation; a position is the list of moves from the start
//! (replayed here, cheaply), so Python and Rust never share mutable state. The searches run
//! with the GIL released and call a progress callback now and then; when it raises, the
//! search stops within tens of milliseconds and the exception reaches the caller.

pub mod boards;
pub mod engine;
pub mod game;
pub mod search;

/// Declares each game's module and lists it, with its id, in `GAMES`: the module's `engine`
/// makes its `Engine` from the options (see `engine::make`).
macro_rules! games {
    ($($module:ident: $id:literal,)*) => {
        $(pub mod $module;)*
        /// The games this core plays: id, and the maker of its engine.
        pub const GAMES: &[(&str, engine::Maker)] = &[$(($id, $module::engine)),*];
    };
}

// Adding a game to the core: its module (one file) and one line here.
games! {
    frozen_forest: "frozen-forest",
    icebreaker: "icebreaker",
    hv_grid: "hv-grid",
    goats_wintering: "goats-wintering",
}

#[cfg(feature = "python")]
mod bindings {
    use pyo3::exceptions::PyValueError;
    use pyo3::prelude::*;
    use pyo3::types::PyDict;

    use crate::engine::{make, Engine, Failure, Scored};
    use crate::game::Options;
    use crate::search::mcts::Spec;
    use crate::search::Watch;
    use std::time::Duration;

    fn options(opts: Option<&Bound<'_, PyDict>>) -> PyResult<Options> {
        let mut pairs = Vec::new();
        if let Some(d) = opts {
            for (k, v) in d.iter() {
                pairs.push((k.str()?.to_string(), v.str()?.to_string()));
            }
        }
        Ok(Options::from_pairs(pairs))
    }

    /// The most threads a search may run on.
    const MAX_THREADS: usize = 256;

    fn bad(msg: String) -> PyErr {
        PyValueError::new_err(msg)
    }

    /// The longest any one call may search: an hour (a move in the app takes seconds).
    const MAX_SECONDS: f64 = 3600.0;
    /// The most iterations one search may be given: minutes of work on the fastest board.
    const MAX_ITERATIONS: u64 = 100_000_000;

    /// A time in seconds, checked: a ValueError names the argument unless it is a number in 0..=MAX_SECONDS
    /// (Duration::from_secs_f64 panics on negative, NaN, infinite or huge values).
    fn seconds_arg(name: &str, value: f64) -> PyResult<f64> {
        if value.is_finite() && (0.0..=MAX_SECONDS).contains(&value) {
            Ok(value)
        } else {
            Err(bad(format!("{name} must be a number of seconds from 0 to {MAX_SECONDS}, not {value:?}")))
        }
    }

    /// An iteration budget, checked: 1..=MAX_ITERATIONS.
    fn iterations_arg(value: u64) -> PyResult<u64> {
        if (1..=MAX_ITERATIONS).contains(&value) {
            Ok(value)
        } else {
            Err(bad(format!("iterations must be from 1 to {MAX_ITERATIONS}, not {value:?}")))
        }
    }

    /// A finite number in lo..=hi, or a ValueError naming the argument.
    fn number_arg(name: &str, value: f64, lo: f64, hi: f64) -> PyResult<f64> {
        if value.is_finite() && (lo..=hi).contains(&value) {
            Ok(value)
        } else {
            Err(bad(format!("{name} must be a number from {lo} to {hi}, not {value:?}")))
        }
    }

    /// Run `work` with the GIL released; `progress(fraction)` is called back now and then with
    /// the GIL held, and an exception it raises stops the work and is raised here.
    fn watched<T: Send>(
        py: Python<'_>,
        progress: Option<Py<PyAny>>,
        span: Option<f64>,
        iterations: Option<u64>,
        work: impl FnOnce(&mut Watch) -> Result<T, Failure> + Send,
    ) -> PyResult<T> {
        let mut raised: Option<PyErr> = None;
        let out = py.detach(|| {
            let mut report = |fraction: f64| -> bool {
                match &progress {
                    None => true,
                    Some(cb) => Python::attach(|py| match cb.call1(py, (fraction,)) {
                        Ok(_) => true,
                        Err(e) => {
                            raised = Some(e);
                            false
                        }
                    }),
                }
            };
            let mut watch = Watch::new(Some(&mut report), span.map(Duration::from_secs_f64), iterations);
            let out = work(&mut watch);
            if out.is_ok() {
                watch.finish();
            }
            out
        });
        if let Some(e) = raised {
            return Err(e);
        }
        match out {
            Ok(v) => Ok(v),
            Err(Failure::Bad(msg)) => Err(bad(msg)),
            Err(Failure::Cancelled) => Err(pyo3::exceptions::PyRuntimeError::new_err("the search was cancelled")),
        }
    }

    /// A game's engine with a search that keeps its tree between moves.
    #[pyclass(module = "game._native")]
    struct Searcher {
        engine: Box<dyn Engine>,
        spec: Spec,
    }

    /// Why `name` is not a setting of this core: an experiment's knob needs the experiments build.
    #[cfg(not(feature = "experiments"))]
    fn knob(_spec: &mut Spec, _knobs: &mut Vec<(String, f64)>, name: &str, _value: f64) -> PyResult<()> {
        Err(bad(format!(
            "{name} is not a setting of this search core: experiment knobs need the core built with \
             `tools/build_native.sh --experiments`"
        )))
    }

    /// Sets the search's knob `name`, or keeps it for the game's knowledge (checked once it is made).
    #[cfg(feature = "experiments")]
    fn knob(spec: &mut Spec, knobs: &mut Vec<(String, f64)>, name: &str, value: f64) -> PyResult<()> {
        if !spec.knobs.set(name, value).map_err(bad)? {
            knobs.push((name.to_string(), value));
        }
        Ok(())
    }

    #[pymethods]
    impl Searcher {
        /// Searcher(game_id, options, *, seconds=None, iterations=None, solve_nodes=0,
        /// solve_root=False, uct=None, seed=0, threads=1, shared_tree=None): a level's search within
        /// the budget (seconds, iterations or both), with the endgame solver's node budget per try
        /// and, with `solve_root`, the solver's try at the whole position first where the game
        /// allows it; `uct=c`: textbook UCT with this c instead (the arena's baselines);
        /// `shared_tree`: threads grow one tree rather than one each (None: the search's default,
        /// see `team`). Any other keyword is
        /// an experiment's knob (search: c, proofs, reuse, knowledge, solve_at, solver_share,
        /// root_share, swindle, widen, repetition (below 0: off), memory (MB); or the game knowledge's), on a
        /// core built with `--features experiments` only.
        #[new]
        #[pyo3(signature = (game_id, options=None, *, seconds=None, iterations=None, solve_nodes=0,
            solve_root=false, uct=None, seed=0, threads=1, shared_tree=None, **knobs))]
        #[allow(clippy::too_many_arguments)]
        fn new(
            game_id: &str,
            options: Option<&Bound<'_, PyDict>>,
            seconds: Option<f64>,
            iterations: Option<u64>,
            solve_nodes: u64,
            solve_root: bool,
            uct: Option<f64>,
            seed: u64,
            threads: usize,
            shared_tree: Option<bool>,
            knobs: Option<&Bound<'_, PyDict>>,
        ) -> PyResult<Searcher> {
            if seconds.is_none() && iterations.is_none() {
                return Err(bad("give the search a budget: seconds, iterations or both".into()));
            }
            let seconds = seconds.map(|s| seconds_arg("seconds", s)).transpose()?;
            let iterations = iterations.map(iterations_arg).transpose()?;
            let uct = uct.map(|c| number_arg("uct", c, 0.0, 1e6)).transpose()?;
            if !(1..=MAX_THREADS).contains(&threads) {
                return Err(bad(format!("threads must be 1 to {MAX_THREADS}, not {threads}")));
            }
            let mut spec = Spec { solve_nodes, solve_root, uct, shared: shared_tree, ..Spec::new(seconds, iterations) };
            let mut game_knobs = Vec::new();
            for (k, v) in knobs.into_iter().flat_map(|d| d.iter()) {
                let name = k.str()?.to_string();
                let value: f64 = v.extract().map_err(|_| bad(format!("knob {name} takes a number, not {v}")))?;
                knob(&mut spec, &mut game_knobs, &name, value)?;
            }
            #[allow(unused_mut)]
            let mut engine = make(game_id, &self::options(options)?, spec.clone(), seed, threads).map_err(bad)?;
            #[cfg(feature = "experiments")]
            for (name, value) in &game_knobs {
                engine.tune(name, *value).map_err(bad)?;
            }
            Ok(Searcher { engine, spec })
        }

        /// The root's moves after `moves`, best first, as (move, value, visits, proof), and counters.
        /// `play`: the search chooses a move to play (the values may then steer by the match, not
        /// only the game: Frozen Forest's trees); else it judges the position for a person.
        #[pyo3(signature = (moves, progress=None, play=false))]
        fn search(&mut self, py: Python<'_>, moves: Vec<String>, progress: Option<Py<PyAny>>, play: bool) -> PyResult<(Vec<Scored>, Py<PyDict>)> {
            let engine = &mut self.engine;
            let (scored, stats) = watched(py, progress, self.spec.seconds, self.spec.iterations, |w| engine.search(&moves, play, w))?;
            let d = PyDict::new(py);
            d.set_item("iterations", stats.iterations)?;
            d.set_item("reused", stats.reused)?;
            d.set_item("solved", stats.solved)?;
            d.set_item("nodes", stats.nodes)?;
            d.set_item("bytes", stats.bytes)?;
            d.set_item("seconds", stats.seconds)?;
            d.set_item("swindled", stats.swindled)?;
            Ok((scored, d.unbind()))
        }

        /// Perfect's analysis of the position after `moves`: every move proved, best first, as
        /// (move, value, 0, proof); None if the root is not solved within `seconds`.
        #[pyo3(signature = (moves, exact=true, seconds=30.0, extra=1.0, progress=None))]
        fn perfect(&mut self, py: Python<'_>, moves: Vec<String>, exact: bool, seconds: f64, extra: f64, progress: Option<Py<PyAny>>) -> PyResult<Option<Vec<Scored>>> {
            let (seconds, extra) = (seconds_arg("seconds", seconds)?, seconds_arg("extra", extra)?);
            let engine = &mut self.engine;
            watched(py, progress, Some(seconds), None, |w| engine.perfect(&moves, exact, seconds, extra, w))
        }

        /// The solver's score of the position after `moves` within (lo, hi) (exact when strictly
        /// inside; WIN - n means the mover wins in n plies), and the table's best move there;
        /// None past `nodes` or `seconds`. The table of solved positions is kept between calls.
        #[pyo3(signature = (moves, lo, hi, nodes=None, seconds=None))]
        fn solve(&mut self, py: Python<'_>, moves: Vec<String>, lo: i32, hi: i32, nodes: Option<u64>, seconds: Option<f64>) -> PyResult<Option<(i32, Option<String>)>> {
            // Neither nodes nor seconds: still bounded, by the longest search there is.
            let seconds = Some(seconds.map_or(Ok(MAX_SECONDS), |s| seconds_arg("seconds", s))?);
            let engine = &mut self.engine;
            watched(py, None, seconds, None, |w| engine.solve(&moves, (lo, hi), nodes, seconds, w))
        }

        /// Forget the tree and the solved positions.
        fn reset(&mut self) {
            self.engine.reset();
        }

        /// Restart the random source, keeping the tree.
        fn reseed(&mut self, seed: u64) {
            self.engine.reseed(seed);
        }
    }

    /// The legal moves after `moves` (notation); ValueError names an illegal move.
    #[pyfunction]
    #[pyo3(signature = (game_id, options, moves))]
    fn legal_moves(game_id: &str, options: Option<&Bound<'_, PyDict>>, moves: Vec<String>) -> PyResult<Vec<String>> {
        let engine = make(game_id, &self::options(options)?, Spec::uct(1.0, None, Some(1)), 0, 1).map_err(bad)?;
        engine.legal(&moves).map_err(bad)
    }

    /// The legal moves before each of `moves` and after the last (notation), for rule tests.
    #[pyfunction]
    #[pyo3(signature = (game_id, options, moves))]
    fn trace(game_id: &str, options: Option<&Bound<'_, PyDict>>, moves: Vec<String>) -> PyResult<Vec<Vec<String>>> {
        let engine = make(game_id, &self::options(options)?, Spec::uct(1.0, None, Some(1)), 0, 1).map_err(bad)?;
        engine.trace(&moves).map_err(bad)
    }

    /// (to_move, over, winner, scores) after `moves`.
    #[pyfunction]
    #[pyo3(signature = (game_id, options, moves))]
    fn status(game_id: &str, options: Option<&Bound<'_, PyDict>>, moves: Vec<String>) -> PyResult<(usize, bool, Option<usize>, (i32, i32))> {
        let engine = make(game_id, &self::options(options)?, Spec::uct(1.0, None, Some(1)), 0, 1).map_err(bad)?;
        let s = engine.status(&moves).map_err(bad)?;
        Ok((s.to_move, s.over, s.winner, (s.scores[0], s.scores[1])))
    }

    /// Uniformly random playouts from the start for about `seconds`: (playouts, plies).
    #[pyfunction]
    #[pyo3(signature = (game_id, options, seconds, cap=1000, seed=1))]
    fn playouts(py: Python<'_>, game_id: &str, options: Option<&Bound<'_, PyDict>>, seconds: f64, cap: usize, seed: u64) -> PyResult<(u64, u64)> {
        let seconds = seconds_arg("seconds", seconds)?;
        let engine = make(game_id, &self::options(options)?, Spec::uct(1.0, None, Some(1)), 0, 1).map_err(bad)?;
        Ok(py.detach(|| engine.playouts(seconds, cap, seed)))
    }

    /// A cache line's round trip between two cores, in nanoseconds (None on one core): see
    /// `search::team::round_trip_ns`.
    #[pyfunction]
    #[pyo3(signature = (rounds=20000))]
    fn round_trip_ns(py: Python<'_>, rounds: u32) -> Option<f64> {
        py.detach(|| crate::search::team::round_trip_ns(rounds))
    }

    #[pymodule]
    fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
        m.add_class::<Searcher>()?;
        m.add("WIN", crate::search::solver::WIN)?;
        m.add("INF", crate::search::solver::INF)?;
        m.add("GAMES", crate::engine::games())?;
        // True on a core built with the `experiments` feature (knobs accepted by Searcher).
        m.add("EXPERIMENTS", cfg!(feature = "experiments"))?;
        m.add("MAX_THREADS", MAX_THREADS)?;
        m.add_function(wrap_pyfunction!(legal_moves, m)?)?;
        m.add_function(wrap_pyfunction!(status, m)?)?;
        m.add_function(wrap_pyfunction!(trace, m)?)?;
        m.add_function(wrap_pyfunction!(playouts, m)?)?;
        m.add_function(wrap_pyfunction!(round_trip_ns, m)?)?;
        Ok(())
    }
}
