//! The searches, generic over `Game`: MCTS with MCTS-Solver (`mcts`) and exact alpha-beta
//! (`solver`) and the exact margin of score it finds (`margin`), and alpha-beta to a horizon with
//! the game's evaluation (`minimax`); `Watch` carries progress reports and cancellation out of them.

mod cut;
pub mod margin;
pub mod minimax;
pub mod mcts;
pub mod solver;
pub mod team;
pub(crate) mod tree;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How often progress is reported (and cancellation noticed) while a search runs.
pub const REPORT_EVERY: Duration = Duration::from_millis(25);

/// Progress reports and cancellation: `report(fraction)` is called every REPORT_EVERY at most;
/// when it returns false the search stops as soon as it can.
pub struct Watch<'a> {
    report: Option<&'a mut dyn FnMut(f64) -> bool>,
    next: Instant,
    start: Instant,
    span: Option<Duration>,    // the fraction is the share of this time used ...
    iterations: Option<u64>,   // ... or of these iterations done, whichever is more
    pub done: u64,
    pub scale: (f64, f64),     // the fraction reported is scale.0 + scale.1 * raw (a search in parts)
    cancelled: bool,
    halt: Option<&'a AtomicBool>, // a helper thread's stop: set when the main search ends or is cancelled
}

impl<'a> Watch<'a> {
    /// A watch over a search of at most `span` time and `iterations` iterations.
    pub fn new(report: Option<&'a mut dyn FnMut(f64) -> bool>, span: Option<Duration>, iterations: Option<u64>) -> Watch<'a> {
        let now = Instant::now();
        Watch { report, next: now + REPORT_EVERY, start: now, span, iterations, done: 0, scale: (0.0, 1.0), cancelled: false, halt: None }
    }

    /// A helper thread's watch: it never reports, and it stops once `halt` is set.
    pub fn helper(halt: &'a AtomicBool, span: Option<Duration>, iterations: Option<u64>) -> Watch<'a> {
        Watch { halt: Some(halt), ..Watch::new(None, span, iterations) }
    }

    /// A watch that never reports and is never cancelled.
    pub fn silent() -> Watch<'static> {
        Watch::new(None, None, None)
    }

    /// True if the caller asked to stop.
    pub fn cancelled(&self) -> bool {
        self.cancelled
    }

    /// The share of the budget used so far (0..1).
    pub fn fraction(&self, now: Instant) -> f64 {
        let by_time = self.span.map_or(0.0, |s| (now - self.start).as_secs_f64() / s.as_secs_f64().max(1e-9));
        let by_count = self.iterations.map_or(0.0, |n| self.done as f64 / n.max(1) as f64);
        (self.scale.0 + self.scale.1 * by_time.max(by_count)).clamp(0.0, 1.0)
    }

    /// Reports progress if it is time to; false once the caller has asked to stop.
    #[inline]
    pub fn tick(&mut self, now: Instant) -> bool {
        if self.cancelled {
            return false;
        }
        if self.halt.map_or(false, |h| h.load(Ordering::Relaxed)) {
            self.cancelled = true;
            return false;
        }
        if now >= self.next {
            self.next = now + REPORT_EVERY;
            let f = self.fraction(now);
            if let Some(report) = self.report.as_mut() {
                if !report(f) {
                    self.cancelled = true;
                    return false;
                }
            }
        }
        true
    }

    /// A last report: the search is done.
    pub fn finish(&mut self) {
        if !self.cancelled {
            if let Some(report) = self.report.as_mut() {
                if !report(1.0) {
                    self.cancelled = true;
                }
            }
        }
    }
}
