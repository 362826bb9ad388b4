//! The search on several threads, in one of two ways (`Spec::shared_tree`):
//! - Tree parallelism: every thread walks one tree, without a lock (see `tree`). A walk counts
//!   its visits on the way down, as losses until the backup (a virtual loss), so the other
//!   threads look elsewhere meanwhile; at the tree's busy nodes each thread writes its visits a
//!   batch at a time (`tree::Held`). The first thread readies the root and measures a
//!   proved game's length; the others only iterate.
//! - Root parallelism: every thread grows its own tree from the same root with its own random
//!   source; the root's visits and values are summed, and a move proved by any tree is proved
//!   (proofs are exact, so trees never disagree on one).
//! The first thread reports progress and hears cancellation, which it passes on to the others
//! at once; a proved root ends the search for all. One thread is exactly the single search,
//! seed for seed.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::mcts::{best_first, Candidate, Mcts, Spec, Stats, TABLE_KEPT};
use super::solver::Stop;
use super::tree::{Apart, Place};
use super::Watch;
use crate::game::{Game, Knowledge};

/// A search may use at most this share of the machine's memory (an arena or the app holds two bots).
const MEMORY_SHARE: usize = 8;
/// A thread's search may always hold this much, however small the machine.
const MIN_THREAD_BYTES: usize = 16 << 20;

/// The machine's memory in bytes (Linux's /proc/meminfo), if known.
pub fn total_memory() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// What each of `threads` searches may hold (tree and solver table) when the whole search may
/// hold `search` bytes: that, or an eighth of the machine's memory (4 GB assumed if unknown) if
/// less, shared among the threads.
pub fn thread_bytes(search: usize, threads: usize) -> usize {
    let machine = total_memory().unwrap_or(4 << 30) / MEMORY_SHARE;
    (search.min(machine) / threads.max(1)).max(MIN_THREAD_BYTES)
}

/// The time a write on one core takes to reach another and be answered, in nanoseconds (the
/// median over hundreds of `rounds` hand-overs of a count between two threads), or None on a
/// machine of one core, or where no second thread ran within 200 ms (on a busy machine it counts
/// the waits for a core too). It is what a walk on a shared tree pays for each node another
/// thread has just written: where a virtual machine's host put its two cores far apart it was
/// 300 ns here, where it put them side by side 55 ns, and one tree on two threads then did 0.9
/// and 1.6 times one thread's iterations.
pub fn round_trip_ns(rounds: u32) -> Option<f64> {
    if std::thread::available_parallelism().map_or(1, |n| n.get()) < 2 || rounds == 0 {
        return None;
    }
    const STOP: u64 = u64::MAX;
    let count = Apart::default(); // odd: the helper's turn; even: this thread's; STOP: done
    let count: &Apart<AtomicU64> = &count;
    std::thread::scope(|scope| {
        scope.spawn(move || {
            // Here: the hand-overs may start (unless this thread came too late and was given up on).
            if count.compare_exchange(0, 1, Ordering::AcqRel, Ordering::Acquire).is_err() {
                return;
            }
            let mut seen = 1;
            loop {
                let now = count.load(Ordering::Acquire);
                if now == STOP {
                    return;
                }
                if now != seen && now.is_multiple_of(2) {
                    seen = now + 1;
                    count.store(seen, Ordering::Release);
                }
            }
        });
        let start = Instant::now();
        while count.load(Ordering::Acquire) != 1 {
            if start.elapsed() > Duration::from_millis(200) {
                count.store(STOP, Ordering::Release); // no second core came
                return None;
            }
            std::hint::spin_loop();
        }
        // Timed a hundred hand-overs at a time: the clock takes about as long as one.
        const BATCH: u64 = 100;
        let mut times = Vec::new();
        let begun = Instant::now();
        let mut i = 0u64;
        while times.len() * (BATCH as usize) < rounds as usize {
            let t = Instant::now();
            for _ in 0..BATCH {
                i += 1;
                count.store(2 * i, Ordering::Release);
                while count.load(Ordering::Acquire) != 2 * i + 1 {}
            }
            times.push(t.elapsed().as_nanos() as f64 / BATCH as f64);
            if begun.elapsed() > Duration::from_millis(50) {
                break; // the helper lost its core for a while: what was timed is enough
            }
        }
        count.store(STOP, Ordering::Release);
        times.sort_by(f64::total_cmp);
        Some(times[times.len() / 2])
    })
}

/// Thread k's seed: the team's own for the first, so one thread replays the single search.
fn member_seed(seed: u64, k: usize) -> u64 {
    if k == 0 {
        seed
    } else {
        crate::boards::mix64(seed ^ (k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
    }
}

/// Several searches of the same position, one a thread.
pub struct Team<G: Game, K: Knowledge<G> + Clone> {
    pub members: Vec<Mcts<G, K>>,
    pub stats: Stats,
    shared: bool, // one tree for all threads (else one each)
}

impl<G: Game, K: Knowledge<G> + Clone> Team<G, K> {
    /// `threads` searches (at least one) of this spec; an iteration budget is shared among them.
    pub fn new(spec: Spec, knowledge: K, seed: u64, can_repeat: bool, threads: usize) -> Team<G, K> {
        let threads = threads.max(1);
        let shared = threads > 1 && spec.shared_tree();
        let bytes = thread_bytes(spec.memory(), threads);
        // On one tree, the helpers' solvers keep to a small fixed table; the first thread's tree
        // and table have the rest.
        let helper_table = (bytes as f64 * TABLE_KEPT) as usize;
        let members = (0..threads)
            .map(|k| {
                let mut spec = spec.clone();
                if threads > 1 {
                    spec.iterations = spec.iterations.map(|n| n.div_ceil(threads as u64));
                }
                let mut m = Mcts::new(spec, knowledge.clone(), member_seed(seed, k), can_repeat);
                m.root_solver = k == 0; // the same proof on every thread would be time thrown away
                if shared && k == 0 {
                    m.cut_threads = threads;
                }
                match (shared, k) {
                    (true, 0) => m.set_memory(bytes * threads - helper_table * (threads - 1)),
                    (true, _) => m.set_table_room(helper_table),
                    (false, _) => m.set_memory(bytes),
                }
                m
            })
            .collect();
        Team { members, stats: Stats::default(), shared }
    }

    /// How many threads search.
    pub fn threads(&self) -> usize {
        self.members.len()
    }

    /// Forget every tree.
    pub fn reset(&mut self) {
        self.members.iter_mut().for_each(|m| m.reset());
    }

    /// Restart every thread's random source from `seed`, keeping the trees.
    pub fn reseed(&mut self, seed: u64) {
        for (k, m) in self.members.iter_mut().enumerate() {
            m.reseed(member_seed(seed, k));
        }
    }

    /// The positions of the game before the one to search (see `Mcts::set_history`).
    pub fn set_history(&mut self, keys: &[u64]) {
        self.members.iter_mut().for_each(|m| m.set_history(keys));
    }

    /// Every thread's knowledge told whether the coming searches choose a move to play (see
    /// `Knowledge::play_for_match`).
    pub fn play_for_match(&mut self, on: bool) {
        self.members.iter_mut().for_each(|m| m.knowledge.play_for_match(on));
    }

    /// Apply `f` to every thread's knowledge (a tuned knob); false if the first refused it.
    #[cfg(feature = "experiments")]
    pub fn tune(&mut self, mut f: impl FnMut(&mut K) -> bool) -> bool {
        self.members.iter_mut().fold(true, |ok, m| f(&mut m.knowledge) && ok)
    }

    /// Search on every thread, then the summed analysis, best first (see `Mcts::choose`).
    pub fn choose(&mut self, state: &G, since: Option<&[G::Move]>, watch: &mut Watch) -> Result<Vec<Candidate<G::Move>>, Stop> {
        if self.members.len() == 1 {
            let m = &mut self.members[0];
            let out = m.choose(state, since, watch);
            self.stats = m.stats.clone();
            return out;
        }
        let t0 = Instant::now();
        let outcome = if self.shared { self.choose_on_one_tree(state, since, watch) } else { self.choose_on_own_trees(state, since, watch) };
        if outcome.is_err() {
            self.reset(); // a cancelled search leaves trees for a position nobody asked about
        }
        let mut stats = Stats { seconds: t0.elapsed().as_secs_f64(), swindled: self.members[0].stats.swindled, ..Stats::default() };
        for m in &self.members {
            stats.iterations += m.stats.iterations;
            stats.reused += m.stats.reused;
            stats.solved += m.stats.solved;
            stats.nodes += m.node_count();
            stats.bytes += m.bytes();
        }
        self.stats = stats;
        outcome
    }

    /// Root parallelism: every thread searches its own tree, and the roots are summed.
    fn choose_on_own_trees(&mut self, state: &G, since: Option<&[G::Move]>, watch: &mut Watch) -> Result<Vec<Candidate<G::Move>>, Stop> {
        let halt = Arc::new(AtomicBool::new(false));
        let (first, rest) = self.members.split_first_mut().unwrap();
        first.halt = Some(halt.clone());
        let span = first.spec.seconds.map(Duration::from_secs_f64);
        let helper = |m: &mut Mcts<G, K>, watch: &mut Watch| {
            let _ = m.search(state, since, watch); // stopped early (the main search ended): its tree still counts
            if m.settled() {
                halt.store(true, Ordering::Relaxed);
            }
        };
        together(rest, &halt, span, helper, || {
            let out = first.search(state, since, watch);
            if out.is_err() || first.settled() {
                halt.store(true, Ordering::Relaxed); // cancelled, or nothing left to search
            } // else the others end at the same deadline, or after their share of the iterations
            out
        })?;
        let mut evals = self.merged();
        let first = &mut self.members[0];
        first.stats.swindled = false;
        first.best_try(state, &mut evals, watch)?;
        Ok(evals)
    }

    /// Tree parallelism: the first thread readies the root and makes the tree's room; every
    /// thread iterates on it, the first once its endgame solver has had its try at the root
    /// (a proved win, or the exact margin's move, ends the search for all); then the first measures what is proved and picks
    /// the move.
    fn choose_on_one_tree(&mut self, state: &G, since: Option<&[G::Move]>, watch: &mut Watch) -> Result<Vec<Candidate<G::Move>>, Stop> {
        let (first, rest) = self.members.split_first_mut().unwrap();
        first.ready(state, since, watch)?;
        rest.iter_mut().for_each(|m| m.join(first, state)); // with the root settled, a helper's counts are none
        if first.settled() {
            first.solve_root(state, watch)?; // proved who wins: where the margin counts, it is still sought
        } else {
            let halt = Arc::new(AtomicBool::new(false));
            let span = first.spec.seconds.map(Duration::from_secs_f64);
            let mut tree = first.take_tree();
            tree.make_room_for_all(rest.len() + 1);
            let shared = &tree;
            let helper = |m: &mut Mcts<G, K>, watch: &mut Watch| {
                let _ = m.work(Place::Shared(shared), state, watch); // stopped: its walks still count
            };
            let worked = together(rest, &halt, span, helper, || {
                let won = first.root_try(state, shared, true, watch); // the others iterate meanwhile
                let worked = match won {
                    Ok(None) => first.work(Place::Shared(shared), state, watch).map(|_| None),
                    won => won,
                };
                if !matches!(worked, Ok(None)) {
                    halt.store(true, Ordering::Relaxed); // cancelled, a win proved, or the exact margin found
                } // else the others end at the same deadline, after their share of the iterations, or with the root proved
                worked
            });
            first.put_tree(tree);
            if let Some(found) = worked? {
                first.settle(found);
            }
        }
        first.finish(state, watch)?;
        let mut evals = first.analysis();
        first.best_try(state, &mut evals, watch)?;
        Ok(evals)
    }

    /// Every tree's root moves summed: visits added, values weighted by visits, a proof from any
    /// tree kept (the fastest win; of two lengths of one loss, each the most it can last, the lesser).
    fn merged(&self) -> Vec<Candidate<G::Move>> {
        let mut out: Vec<Candidate<G::Move>> = Vec::new();
        for m in &self.members {
            for c in m.analysis() {
                match out.iter_mut().find(|o| o.mv == c.mv) {
                    None => out.push(c),
                    Some(o) => merge(o, &c),
                }
            }
        }
        best_first(&mut out);
        out
    }
}

/// Runs `helper` on a thread for each of `rest` (a helper's watch hears `halt`) while `main` runs
/// on this one, and returns what `main` returns once all are done; a helper's panic is passed on.
fn together<G: Game, K: Knowledge<G> + Clone, T>(
    rest: &mut [Mcts<G, K>],
    halt: &Arc<AtomicBool>,
    span: Option<Duration>,
    helper: impl Fn(&mut Mcts<G, K>, &mut Watch) + Sync,
    main: impl FnOnce() -> T,
) -> T {
    std::thread::scope(|scope| {
        let handles: Vec<_> = rest
            .iter_mut()
            .map(|m| {
                m.halt = Some(halt.clone());
                let helper = &helper;
                scope.spawn(move || {
                    let mut watch = Watch::helper(halt, span, m.spec.iterations);
                    helper(m, &mut watch)
                })
            })
            .collect();
        let out = main();
        for h in handles {
            if let Err(panic) = h.join() {
                std::panic::resume_unwind(panic);
            }
        }
        out
    })
}

/// Add `c`'s view of a move to `o`'s.
fn merge<M>(o: &mut Candidate<M>, c: &Candidate<M>) {
    let n = o.visits as u64 + c.visits as u64;
    let proof = match (o.proof, c.proof) {
        (Some(a), Some(b)) if a > 0 && b > 0 => Some(a.min(b)),
        (Some(a), Some(b)) if a < 0 && b < 0 => Some(a.max(b)),
        (Some(a), _) => Some(a),
        (None, b) => b,
    };
    o.value = match proof {
        Some(p) if p > 0 => 1.0,
        Some(p) if p < 0 => 0.0,
        Some(_) => 0.5,
        None if n > 0 => (o.value * o.visits as f64 + c.value * c.visits as f64) / n as f64,
        None => o.value,
    };
    o.proof = proof;
    o.visits = n.min(u32::MAX as u64) as u32;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Knowledge, Plain};
    use crate::search::mcts::tests::Nim;

    fn spec(seconds: Option<f64>, iterations: Option<u64>) -> Spec {
        Spec::new(seconds, iterations)
    }

    /// The same spec with its threads on one tree, and on one tree each.
    fn both(spec: Spec) -> [Spec; 2] {
        [Spec { shared: Some(true), ..spec.clone() }, Spec { shared: Some(false), ..spec }]
    }

    fn nim(stones: u32) -> Nim {
        Nim { stones, to_move: 0 }
    }

    #[test]
    fn one_thread_replays_the_single_search_seed_for_seed() {
        let state = nim(60);
        let mut team = Team::new(spec(None, Some(3_000)), Plain, 11, false, 1);
        let a = team.choose(&state, None, &mut Watch::silent()).unwrap();
        let mut single = Mcts::new(spec(None, Some(3_000)), Plain, 11, false);
        let b = single.choose(&state, None, &mut Watch::silent()).unwrap();
        let rows = |v: &Vec<Candidate<u32>>| v.iter().map(|c| (c.mv, c.visits, c.value.to_bits(), c.proof)).collect::<Vec<_>>();
        assert_eq!(rows(&a), rows(&b));
        assert_eq!(team.stats.iterations, 3_000);
    }

    #[test]
    fn merged_proofs_keep_the_fastest_win_and_the_tightest_length_of_a_loss() {
        let cand = |proof| Candidate { mv: 1u32, value: 0.0, visits: 10, proof: Some(proof) };
        for (a, b, kept) in [(5, 9, 5), (9, 5, 5), (-12, -40, -12), (-40, -12, -12)] {
            let mut o = cand(a);
            merge(&mut o, &cand(b));
            assert_eq!((o.proof, o.visits), (Some(kept), 20), "{a} and {b}");
        }
    }

    #[test]
    fn threads_change_no_proved_result() {
        for (threads, spec) in [2, 3].into_iter().flat_map(|t| both(spec(Some(5.0), Some(40_000))).map(|s| (t, s))) {
            // 9 stones: taking one leaves a multiple of 4, a win; 8 stones: every move loses.
            let mut team = Team::new(spec.clone(), Plain, 1, false, threads);
            let won = team.choose(&nim(9), None, &mut Watch::silent()).unwrap();
            assert_eq!((won[0].mv, won[0].proof.map(|p| p > 0)), (1, Some(true)), "{won:?}");
            let mut team = Team::new(spec, Plain, 2, false, threads);
            let lost = team.choose(&nim(8), None, &mut Watch::silent()).unwrap();
            assert!(lost.iter().all(|c| c.proof.map_or(false, |p| p < 0)), "{lost:?}");
            assert_eq!(lost.len(), 3);
        }
    }

    #[test]
    fn a_round_trip_between_two_cores_is_timed_and_none_without_a_second() {
        assert_eq!(round_trip_ns(0), None);
        match std::thread::available_parallelism().map_or(1, |n| n.get()) {
            1 => assert_eq!(round_trip_ns(1000), None),
            _ => {
                // Not free; on a busy machine (other tests running) a hand-over may wait for a core.
                let t = round_trip_ns(1000).unwrap();
                assert!(t > 1.0 && t.is_finite(), "{t}");
            }
        }
    }

    #[test]
    fn a_forced_move_stays_forced_and_visits_are_summed() {
        for (spec, uct) in both(spec(None, Some(2_000))).into_iter().zip(both(Spec::uct(1.0, None, Some(4_000)))) {
            let mut team = Team::new(spec, Plain, 3, false, 2);
            let evals = team.choose(&nim(1), None, &mut Watch::silent()).unwrap();
            assert_eq!(evals.len(), 1);
            assert_eq!(evals[0].mv, 1);
            let mut team = Team::new(uct, Plain, 3, false, 2);
            let evals = team.choose(&nim(200), None, &mut Watch::silent()).unwrap();
            let visits: u64 = evals.iter().map(|c| c.visits as u64).sum();
            assert_eq!(team.stats.iterations, 4_000); // 2 000 a thread
            assert!(visits >= 3_990 && visits <= 4_000, "{visits}");
        }
    }

    #[test]
    fn a_root_settled_before_the_search_counts_no_iterations() {
        // The second search finds the kept root proved and does no work: no thread's counts of an
        // earlier search are reported again.
        let mut team = Team::new(spec(None, Some(20_000)), Plain, 3, false, 2);
        let state = nim(10);
        team.choose(&state, None, &mut Watch::silent()).unwrap();
        assert!(team.members[0].settled());
        team.members[1].stats.iterations = 1_000; // as if the helper had searched the move before
        team.choose(&state, Some(&[]), &mut Watch::silent()).unwrap();
        assert_eq!(team.stats.iterations, 0);
    }

    #[test]
    fn threads_on_one_tree_grow_one_tree_and_its_visits_add_up() {
        // Textbook UCT never proves Nim's root: every iteration is one visit of the root and one
        // of a root move, whichever thread walked it; the helpers' own trees stay empty.
        let mut team = Team::new(Spec { shared: Some(true), ..Spec::uct(1.0, None, Some(6_000)) }, Plain, 4, false, 3);
        let evals = team.choose(&nim(200), None, &mut Watch::silent()).unwrap();
        let visits: u64 = evals.iter().map(|c| c.visits as u64).sum();
        assert_eq!(team.stats.iterations, 6_000);
        // Two threads' visits to one node at the same moment may count once (see `tree`): seldom.
        assert!(visits >= 5_880 && visits <= 6_000, "{visits}");
        assert!(team.members[1..].iter().all(|m| m.node_count() == 0));
        assert_eq!(team.stats.nodes, team.members[0].node_count());
        // A level's search keeps its tree for the next move, walked down the moves played since.
        let mut team = Team::new(Spec { shared: Some(true), ..spec(None, Some(6_000)) }, Plain, 4, false, 3);
        let (mine, theirs) = (team.choose(&nim(200), None, &mut Watch::silent()).unwrap()[0].mv, 1);
        let next = Nim { stones: 200 - mine - theirs, to_move: 0 };
        team.choose(&next, Some(&[mine, theirs]), &mut Watch::silent()).unwrap();
        assert!(team.stats.reused > 100, "{:?}", team.stats);
    }

    /// Plain knowledge, but the endgame solver tries the root first.
    #[derive(Clone)]
    struct RootFirst;

    impl Knowledge<Nim> for RootFirst {
        fn wants_root_solver(&self, _: &Nim) -> bool {
            true
        }
    }

    #[test]
    fn a_win_the_root_solver_proves_on_threads_ends_the_search_and_is_played() {
        // 401 stones: taking one leaves a multiple of 4, a win the solver proves at once.
        for spec in both(Spec { solve_nodes: 1_000, ..spec(Some(10.0), None) }) {
            let mut team = Team::new(spec, RootFirst, 3, false, 2);
            let t = Instant::now();
            let evals = team.choose(&nim(401), None, &mut Watch::silent()).unwrap();
            assert!(t.elapsed() < Duration::from_secs(2), "{:?}", t.elapsed());
            assert_eq!((evals[0].mv, evals[0].proof.map(|p| p > 0)), (1, Some(true)), "{evals:?}");
        }
    }

    /// Plain knowledge, but on a team's one tree the first thread tries the root for the whole move.
    #[derive(Clone)]
    struct TeamRoot;

    impl Knowledge<Nim> for TeamRoot {
        fn team_root_share(&self, _: &Nim) -> Option<f64> {
            Some(1.0)
        }
    }

    #[test]
    fn a_team_on_one_tree_tries_the_root_where_its_knowledge_asks_and_one_thread_does_not() {
        let spec = Spec { solve_nodes: 1_000, shared: Some(true), ..spec(Some(10.0), Some(20_000)) };
        let mut team = Team::new(spec.clone(), TeamRoot, 3, false, 2);
        let evals = team.choose(&nim(401), None, &mut Watch::silent()).unwrap();
        assert_eq!((evals[0].mv, evals[0].proof.map(|p| p > 0)), (1, Some(true)), "{evals:?}");
        let mut alone = Team::new(spec, TeamRoot, 3, false, 1);
        let evals = alone.choose(&nim(401), None, &mut Watch::silent()).unwrap();
        assert!(evals.iter().all(|c| c.proof.is_none()), "{evals:?}");
        assert_eq!(alone.stats.iterations, 20_000);
    }

    #[test]
    fn a_cancelled_search_on_threads_stops_at_once() {
        for spec in both(spec(Some(10.0), None)) {
            let mut team = Team::new(spec, Plain, 5, false, 3);
            let mut stop = |f: f64| f < 0.0; // asked to stop at the first report
            let t = Instant::now();
            let mut watch = Watch::new(Some(&mut stop), Some(Duration::from_secs(10)), None);
            assert_eq!(team.choose(&nim(200), None, &mut watch).err(), Some(Stop::Cancel));
            assert!(t.elapsed() < Duration::from_millis(100), "{:?}", t.elapsed());
            assert!(team.members.iter().all(|m| m.node_count() == 0)); // no tree of an unasked position kept
        }
    }
}
