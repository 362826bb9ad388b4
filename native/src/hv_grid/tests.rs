//! The rule sentences of Horizontal/Vertical that are easy to get wrong, on fixed positions;
//! random games checked against the invariants; uniform random moves; the knowledge's order.

use super::*;
use crate::search::margin::MarginSolver;
use crate::search::mcts::{Mcts, Spec};
use crate::search::solver::Solver;
use crate::search::Watch;

fn options(pairs: &[(&str, &str)]) -> Options {
    Options::from_pairs(pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())))
}

/// The position after `moves` (notation) on a grid of these options.
fn after<B: Cells>(pairs: &[(&str, &str)], moves: &[&str]) -> HvGrid<B> {
    let mut state = HvGrid::<B>::new(&options(pairs)).unwrap();
    for (ply, text) in moves.iter().enumerate() {
        let mv = state.parse(text).unwrap_or_else(|| panic!("ply {ply}: {text} is not legal"));
        state.play(mv);
    }
    state
}

/// The legal moves in notation, sorted.
fn legal<B: Cells>(state: &HvGrid<B>) -> Vec<String> {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let mut out: Vec<String> = moves.iter().map(|&m| state.notation(m)).collect();
    out.sort();
    out
}

fn at(pairs: &[(&str, &str)], moves: &[&str]) -> HvGrid<u128> {
    after::<u128>(pairs, moves)
}

/// 3×3: after b2 b3 a3 a2, Horizontal's L is a2: b2 beside it is filled, b1 diagonally is empty.
const NO_ROW_SQUARE: [&str; 4] = ["b2", "b3", "a3", "a2"];

#[test]
fn horizontal_first_fills_any_square_without_initials() {
    let start = at(&[], &[]);
    let moves = legal(&start);
    assert_eq!(moves.len(), 64);
    assert!(moves.iter().all(|m| !m.ends_with('*') && !m.ends_with('?')));
    let next = at(&[], &["d4"]);
    assert_eq!((next.to_move(), next.scores()), (1, [0, 0]));
}

#[test]
fn vertical_fills_above_or_below_l_or_requests_a_diagonal() {
    assert_eq!(legal(&at(&[], &["d4"])), ["c3?", "c5?", "d3", "d5", "e3?", "e5?"]);
    assert_eq!(legal(&at(&[], &["d4", "d5"])), ["c4?", "c5", "c6?", "e4?", "e5", "e6?"]);
}

#[test]
fn a_request_must_be_answered_yes_or_no_by_the_opponent() {
    let asked = at(&[], &["d4", "c5?"]);
    assert_eq!(asked.to_move(), 0);
    assert_eq!(legal(&asked), ["no", "yes"]);
}

#[test]
fn yes_fills_the_square_and_the_answering_player_moves_on_from_it() {
    let granted = at(&[], &["d4", "c5?", "yes"]);
    assert_eq!(granted.to_move(), 0);
    assert_eq!(legal(&granted), ["b4?", "b5", "b6?", "d5", "d6?"]); // d4 is filled
}

#[test]
fn no_lets_the_requester_move_again_without_requests() {
    let refused = at(&[], &["d4", "c5?", "no"]);
    assert_eq!(refused.to_move(), 1);
    assert_eq!(legal(&refused), ["d3", "d5"]);
}

#[test]
fn a_player_who_can_move_only_diagonally_may_only_request() {
    let size3 = [("size", "3")];
    assert_eq!(legal(&at(&size3, &NO_ROW_SQUARE)), ["b1?"]);
    let refused = at(&size3, &[&NO_ROW_SQUARE[..], &["b1?", "no"]].concat());
    assert_eq!(refused.to_move(), 0);
    assert_eq!(legal(&refused), ["a1*", "b1*", "c1*", "c2*", "c3*"]);
}

#[test]
fn initials_score_one_and_the_opponent_moves_from_them() {
    let signed = at(&[("size", "3")], &[&NO_ROW_SQUARE[..], &["b1?", "no", "c2*"]].concat());
    assert_eq!((signed.to_move(), signed.scores()), (1, [1, 0]));
    assert_eq!(legal(&signed), ["b1?", "c1", "c3"]);
}

#[test]
fn the_diagonal_options_stuck_always_never() {
    let stuck = [("size", "3"), ("diagonals", "stuck")];
    assert_eq!(legal(&at(&stuck, &NO_ROW_SQUARE)), ["b1"]);
    assert_eq!(legal(&at(&[("diagonals", "stuck")], &["d4"])), ["d3", "d5"]);
    let always = [("size", "3"), ("diagonals", "always")];
    assert_eq!(legal(&at(&always, &NO_ROW_SQUARE)), ["b1"]);
    assert_eq!(legal(&at(&[("diagonals", "always")], &["d4"])), ["c3", "c5", "d3", "d5", "e3", "e5"]);
    let never = [("size", "3"), ("diagonals", "never")];
    assert_eq!(legal(&at(&never, &NO_ROW_SQUARE)), ["a1*", "b1*", "c1*", "c2*", "c3*"]);
}

#[test]
fn line_reach_takes_the_whole_row_and_filled_squares_do_not_block() {
    let line = [("size", "5"), ("reach", "line")];
    assert_eq!(legal(&at(&line, &["c3"])), ["b2?", "b4?", "c1", "c2", "c4", "c5", "d2?", "d4?"]);
    let state = at(&line, &["c3", "c5", "a5", "a3"]);
    assert_eq!(legal(&state), ["b2?", "b3", "b4?", "d3", "e3"]); // c3 between is filled
}

#[test]
fn the_game_ends_on_a_full_grid_and_most_initials_wins() {
    let size3 = [("size", "3")];
    let moves = [&NO_ROW_SQUARE[..], &["b1?", "no", "c2*", "c1", "b1", "a1*", "c3*"]].concat();
    let end = at(&size3, &moves);
    assert!(legal(&end).is_empty());
    assert_eq!((end.scores(), end.winner()), ([2, 1], Some(0)));
}

#[test]
fn the_key_forgets_who_filled_and_keeps_only_the_initials_lead() {
    let size4 = [("size", "4")];
    assert_eq!(at(&size4, &["a1", "b2?", "no", "a2", "b2"]).key(), at(&size4, &["a2", "a1", "b2?", "yes"]).key());
    let size3 = [("size", "3")];
    let signed = at(&size3, &["b1", "b2", "c2", "b3?", "no", "c1", "c3*", "a2*"]);
    assert_eq!(signed.scores(), [1, 1]);
    assert_eq!(signed.key(), at(&size3, &["c3", "c2", "b2", "c1?", "yes", "b1", "a2?", "yes"]).key());
    // The same squares with a request pending, or the other player to move, differ.
    assert_ne!(at(&[], &["d4", "c5?"]).key(), at(&[], &["d4"]).key());
    assert_ne!(at(&[], &["d4", "c5?", "no"]).key(), at(&[], &["d4"]).key());
}

#[test]
fn grids_past_128_ids_run_on_w256() {
    let size12 = [("size", "12")];
    assert!(ids(&options(&size12)).unwrap() > 128 && ids(&options(&[("size", "10")])).unwrap() <= 128);
    let start = after::<W256>(&size12, &[]);
    assert_eq!(legal(&start).len(), 144);
    assert_eq!(legal(&after::<W256>(&size12, &["l12"])), ["k11?", "l11"]);
}

/// Seeded random games by `random_move` to the end: every move legal, the counts kept.
fn random_games<B: Cells>(pairs: &[(&str, &str)], games: usize) {
    let mut rng = Rng::new(11);
    let mut moves = Vec::new();
    for _ in 0..games {
        let mut state = HvGrid::<B>::new(&options(pairs)).unwrap();
        let cells = state.left as u32;
        while let Some(mv) = state.random_move(&mut Vec::new(), &mut rng) {
            state.legal_moves(&mut moves);
            assert!(moves.contains(&mv), "{pairs:?}: {} is not legal", state.notation(mv));
            assert!(!state.is_over());
            state.play(mv);
            assert_eq!(state.left as u32, state.empty.count());
        }
        state.legal_moves(&mut moves);
        assert!(moves.is_empty() && state.empty.is_empty() && state.is_over());
        let [a, b] = state.scores();
        assert!(a + b <= cells as i32);
        assert_eq!(state.winner(), if a > b { Some(0) } else if b > a { Some(1) } else { None });
    }
}

#[test]
fn random_games_play_legal_moves_to_a_full_grid_for_every_option() {
    for size in ["3", "5", "8", "11", "12"] {
        for reach in ["adjacent", "line"] {
            for diagonals in ["ask", "stuck", "always", "never"] {
                let pairs = [("size", size), ("reach", reach), ("diagonals", diagonals)];
                if ids(&options(&pairs)).unwrap() > 128 {
                    random_games::<W256>(&pairs, 20);
                } else {
                    random_games::<u128>(&pairs, 20);
                }
            }
        }
    }
}

/// Draws of `random_move` from `state`: each legal move within 5 standard deviations of its share.
fn assert_uniform(state: &HvGrid<u128>, draws: usize) {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let mut counts = vec![0usize; moves.len()];
    let mut rng = Rng::new(5);
    for _ in 0..draws {
        let mv = state.random_move(&mut Vec::new(), &mut rng).unwrap();
        counts[moves.iter().position(|&m| m == mv).unwrap()] += 1;
    }
    let p = 1.0 / moves.len() as f64;
    let (mean, sd) = (draws as f64 * p, (draws as f64 * p * (1.0 - p)).sqrt());
    for (mv, n) in moves.iter().zip(&counts) {
        assert!((*n as f64 - mean).abs() < 5.0 * sd, "{}: {n} of {draws}, expected {mean:.0}", state.notation(*mv));
    }
}

#[test]
fn random_moves_are_uniform_among_the_legal_moves() {
    assert_uniform(&at(&[], &[]), 64_000); // the first fill
    assert_uniform(&at(&[], &["d4"]), 30_000); // fills and requests
    assert_uniform(&at(&[], &["d4", "c5?", "no"]), 10_000); // fills only
    assert_uniform(&at(&[("size", "3")], &[&NO_ROW_SQUARE[..], &["b1?", "no"]].concat()), 25_000); // initials, few empty
    let line = [("size", "5"), ("reach", "line")];
    assert_uniform(&at(&line, &["c3", "c5", "a5", "a3"]), 25_000); // few candidates on a long line
    // Initials with most of a 10×10 grid empty (guessed) and with most of it filled (counted).
    let mut state = at(&[("size", "10"), ("diagonals", "never")], &[]);
    let mut rng = Rng::new(3);
    let mut scratch = Vec::new();
    let mut seen = [false; 2];
    while state.left > 3 {
        if state.phase == Phase::Free && state.reference != NONE && state.choices().0.is_empty() {
            let many = 2 * state.left as usize >= state.cfg.cells.len();
            if !seen[many as usize] {
                assert_uniform(&state, 200 * state.left as usize);
                seen[many as usize] = true;
            }
        }
        let mv = state.random_move(&mut scratch, &mut rng).unwrap();
        state.play(mv);
    }
    assert_eq!(seen, [true, true]);
}

#[test]
fn the_tree_tries_gifts_of_initials_last() {
    let know = HvGrid::<u128>::knowledge(false);
    let mut rng = Rng::new(1);
    let mut state = at(&[("size", "5")], &[]);
    let mut scratch = Vec::new();
    let mut both = 0;
    while let Some(mv) = state.random_move(&mut scratch, &mut rng) {
        state.legal_moves(&mut scratch);
        let gifts: Vec<bool> = {
            know.order(&state, &mut scratch, &mut rng);
            scratch
                .iter()
                .map(|&m| {
                    let mut next = state.clone();
                    next.play(m);
                    matches!(m, Move::Fill(_) | Move::Initials(_))
                        && (next.cfg.from[next.reference as usize].line[next.to_move()] & next.empty).is_empty()
                })
                .collect()
        };
        assert!(gifts.windows(2).all(|w| w[0] <= w[1]), "a gift before another move");
        both += (gifts.contains(&true) && gifts.contains(&false)) as usize;
        state.play(mv);
    }
    assert!(both > 0);
}

#[test]
fn the_reward_is_mostly_the_result_and_partly_the_margin() {
    let know = HvGrid::<u128>::knowledge(false);
    assert_eq!(know.reward(2, 2), 0.5);
    let w = know.margin_weight;
    assert!(know.reward(5, 2) > know.reward(3, 2) && know.reward(3, 2) > (1.0 - w) + w * 0.5);
    // A win by seven is still told from a win by five: between strong bots Horizontal wins by about that.
    assert!(know.reward(9, 2) - know.reward(7, 2) > 0.02, "{}", know.reward(9, 2) - know.reward(7, 2));
    assert!((know.reward(1, 4) + know.reward(4, 1) - 1.0).abs() < 1e-12);
    let plain = HvGridKnowledge { margin_weight: 0.0, ..know };
    assert_eq!((plain.reward(3, 2), plain.reward(2, 2)), (1.0, 0.5));
}

#[cfg(feature = "experiments")]
#[test]
fn the_knobs_are_tuned_by_name() {
    let mut know = HvGrid::<u128>::knowledge(false);
    let mut tune = |name, value| Knowledge::<HvGrid<u128>>::tune(&mut know, name, value);
    assert!(tune("margin_weight", 0.0) && !tune("margin", 0.0));
    assert_eq!(know.margin_weight, 0.0);
}

#[test]
fn the_search_finds_the_win_of_an_endgame_the_solver_proves() {
    // Seeded 4×4 games down to 8 empty squares, until the mover wins there and a move throws it away.
    let (mut rng, mut scratch, mut watch) = (Rng::new(2), Vec::new(), Watch::silent());
    let mut solver = Solver::new(false, SolverOrder::AsListed);
    let mut score_of = |state: &HvGrid<u128>, mv| solver.child_score(state, mv, (-1, 1), None, &mut watch).unwrap();
    let state = loop {
        let mut state = at(&[("size", "4")], &[]);
        while state.left > 8 || state.phase == Phase::Pending {
            let mv = state.random_move(&mut scratch, &mut rng).unwrap();
            state.play(mv);
        }
        state.legal_moves(&mut scratch);
        let scores: Vec<i32> = scratch.clone().into_iter().map(|m| score_of(&state, m)).collect();
        if scores.iter().any(|&s| s > 0) && scores.iter().any(|&s| s <= 0) {
            break state;
        }
    };
    let spec = Spec::new(None, Some(20_000));
    let mut mcts = Mcts::new(spec, HvGrid::<u128>::knowledge(false), 1, false);
    let best = mcts.choose(&state, None, &mut Watch::silent()).unwrap()[0].clone();
    assert!(best.proof.is_some_and(|p| p > 0), "{} is not proved to win", state.notation(best.mv));
    assert!(score_of(&state, best.mv) > 0);
}

/// From 28 empty squares a level with the time for it (Strong's and Expert's `solve_root`) finds the
/// exact margin of initials before any iteration, and plays a move that holds it; a level without
/// (Casual) searches as before. The margin's search is checked against brute force in `search::margin`.
#[test]
fn from_28_empty_squares_the_strong_levels_play_a_move_that_holds_the_exact_margin() {
    let (mut rng, mut scratch, mut watch) = (Rng::new(5), Vec::new(), Watch::silent());
    let room = |state: &HvGrid<u128>| state.left as i32;
    let mut margins = MarginSolver::new(room, false, SolverOrder::AsListed);
    let mut held = 0;
    for _ in 0..6 {
        let (mut state, mut moves) = (at(&[], &[]), Vec::new());
        while state.left > 14 || state.phase == Phase::Pending {
            let mv = state.random_move(&mut scratch, &mut rng).unwrap();
            moves.push(state.notation(mv));
            state.play(mv);
        }
        let (_, margin) = margins.best(&state, None, &mut watch).unwrap().unwrap();
        for solve_root in [true, false].into_iter().take(if held == 0 { 2 } else { 1 }) {
            let spec = Spec { solve_nodes: 20_000, solve_root, ..Spec::new(Some(1.0), None) };
            let mut engine = crate::engine::make("hv-grid", &Options::default(), spec, 1, 1).unwrap();
            let (scored, stats) = engine.search(&moves, true, &mut Watch::silent()).unwrap();
            if !solve_root {
                assert!(stats.iterations > 0, "Casual's search runs as before");
                continue;
            }
            assert_eq!(stats.iterations, 0, "the margin is found before any iteration");
            let mut child = state.clone();
            child.play(state.parse(&scored[0].0).unwrap());
            let (_, after) = margins.best(&child, None, &mut watch).unwrap().unwrap();
            assert_eq!(after, margin, "{} does not hold the margin of {margin}", scored[0].0);
            held += 1;
        }
    }
    assert_eq!(held, 6);
}

/// On a team's one tree the first thread seeks the exact margin for the whole move from 28 empty
/// squares, as alone for half the move, and only at the levels with the time for it.
#[test]
fn a_team_seeks_the_margin_for_the_whole_move_from_28_empty_squares() {
    let (mut rng, mut scratch) = (Rng::new(9), Vec::new());
    let mut state = at(&[], &[]);
    let (strong, casual) = (HvGrid::<u128>::knowledge(true), HvGrid::<u128>::knowledge(false));
    let mut seen = Vec::new();
    while let Some(mv) = state.random_move(&mut scratch, &mut rng) {
        let left = state.left as u32;
        let expected = (left <= 28).then_some(1.0);
        assert_eq!(strong.team_root_share(&state), expected, "{left} empty squares");
        assert_eq!(strong.wants_root_solver(&state), left <= 28, "{left} empty squares");
        assert_eq!((casual.team_root_share(&state), casual.wants_root_solver(&state)), (None, false));
        seen.push(left);
        state.play(mv);
    }
    assert!(seen.contains(&29) && seen.contains(&28), "{seen:?}");
}
