//! Goats Wintering's native rules, one test per rule sentence of RULES.md that is easy to get
//! wrong (positions as in `tests/test_goats_wintering.py`), the random draw and the knowledge.

use std::collections::BTreeSet;

use super::*;
use crate::game::SolverOrder;
use crate::search::mcts::{Mcts, Spec, REPETITION};
use crate::search::Watch;

const SQUARE: &[(&str, &str)] = &[("board", "square"), ("size", "6")];
const TINY: &[(&str, &str)] = &[("board", "hex"), ("size", "2"), ("gap", "2")]; // rows a(2) b(3) c(4) d(3)

fn options(pairs: &[(&str, &str)]) -> Options {
    Options::from_pairs(pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())))
}

fn replay<B: GoatsBits>(pairs: &[(&str, &str)], moves: &[&str]) -> GoatsWintering<B> {
    let mut state = GoatsWintering::<B>::new(&options(pairs)).unwrap();
    for text in moves {
        let mv = state.parse(text).unwrap_or_else(|| panic!("{text} is not legal"));
        state.play(mv);
    }
    state
}

fn legal<B: GoatsBits>(state: &GoatsWintering<B>) -> BTreeSet<String> {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    moves.iter().map(|&m| state.notation(m)).collect()
}

fn steps<B: GoatsBits>(state: &GoatsWintering<B>) -> BTreeSet<String> {
    legal(state).into_iter().filter(|m| m.contains('-')).collect()
}

fn herd<B: GoatsBits>(state: &GoatsWintering<B>, player: usize) -> BTreeSet<String> {
    state.goats[player].iter().map(|c| state.cfg.board.name(c).to_string()).collect()
}

fn set(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|s| s.to_string()).collect()
}

#[test]
fn the_default_opening_has_27_placements_and_the_pass() {
    let state = replay::<u64>(&[], &[]);
    assert_eq!(legal(&state).len(), 28);
    assert!(legal(&state).contains("pass"));
}

#[test]
fn a_goat_is_not_placed_where_the_first_goat_along_a_line_is_own_within_the_gap() {
    let nine = [("board", "square"), ("size", "9")];
    let state = replay::<u128>(&nine, &["e5", "pass"]);
    // 24 cells lie 1 to 3 steps from e5 along its 8 lines: 81 cells, less e5 and those, plus the pass
    assert_eq!(legal(&state).len(), 81 - 1 - 24 + 1);
    assert!(!legal(&state).contains("e8") && legal(&state).contains("e9"));
    let gap2 = replay::<u128>(&[("board", "square"), ("size", "9"), ("gap", "2")], &["e5", "pass"]);
    assert!(!legal(&gap2).contains("e7") && legal(&gap2).contains("e8"));
}

#[test]
fn enemy_goats_block_sight_and_a_goat_never_touches_a_friend_when_placed() {
    let nine = [("board", "square"), ("size", "9")];
    let blocked = replay::<u128>(&nine, &["e5", "e7"]);
    assert!(legal(&blocked).contains("e8") && !legal(&blocked).contains("e6"));
    assert!(!legal(&replay::<u128>(&nine, &["e5", "a1"])).contains("e8"));
}

#[test]
fn a_step_toward_friends_needs_strictly_more_friendly_neighbours() {
    let state = replay::<u64>(SQUARE, &["c3", "a6", "d5", "f1"]);
    assert_eq!(steps(&state), set(&["c3-c4", "c3-d4", "d5-c4", "d5-d4"]));
    let together = replay::<u64>(SQUARE, &["c3", "a6", "d5", "f1", "c3-d4", "a1"]);
    assert_eq!(together.scores(), [1, 0]);
    assert!(steps(&together).is_empty()); // one friend each, and no cell offers more
}

#[test]
fn a_goat_with_no_step_toward_friends_steps_away_to_fewer_enemy_neighbours_but_not_after_a_pass() {
    assert_eq!(steps(&replay::<u64>(SQUARE, &["c3", "d3"])), set(&["c3-b2", "c3-b3", "c3-b4"]));
    // c3 touches the enemy b2, but it can step toward d5 instead
    let toward = replay::<u64>(SQUARE, &["c3", "b2", "d5", "f1"]);
    assert!(!legal(&toward).contains("c3-d2") && legal(&toward).contains("c3-c4"));
    let after_pass = replay::<u64>(SQUARE, &["c3", "d3", "a6", "pass"]);
    assert!(steps(&after_pass).is_empty());
}

#[test]
fn enemy_goats_without_an_empty_neighbour_freeze_out_all_at_once_but_never_the_movers_own() {
    let state = replay::<u64>(TINY, &["b2", "c1", "d2", "b3", "b2-c3", "d3", "a2", "b3-c4"]);
    assert_eq!(herd(&state, 1), set(&["c1", "d3", "c4"])); // d3 is shut in by its own side's step
    let mut passed = state.clone();
    passed.play(Move::Pass);
    assert_eq!(herd(&passed, 1), set(&["c1", "d3", "c4"])); // a pass removes nothing
    let shut = replay::<u64>(TINY, &["b2", "c1", "d2", "b3", "b2-c3", "d3", "a2", "b3-c4", "a2-b3"]);
    assert_eq!(herd(&shut, 1), set(&["c1"]));
    assert_eq!(herd(&shut, 0), set(&["b3", "c3", "d2"]));
}

#[test]
fn two_passes_end_the_game_and_on_equal_warmth_the_player_who_passed_last_loses() {
    let warmer = replay::<u64>(SQUARE, &["c3", "a6", "d5", "f1", "c3-d4", "pass", "pass"]);
    assert!(legal(&warmer).is_empty());
    assert_eq!((warmer.scores(), warmer.winner()), ([1, 0], Some(0)));
    for (moves, winner) in [(&["pass", "pass"][..], 0), (&["c3", "pass", "pass"][..], 1), (&["c3", "d3", "pass", "pass"][..], 0)] {
        assert_eq!(replay::<u64>(SQUARE, moves).winner(), Some(winner), "{moves:?}");
    }
    assert!(!legal(&replay::<u64>(SQUARE, &["pass", "c3", "pass", "e6"])).is_empty());
}

#[test]
fn r1_a_goat_is_placed_only_next_to_an_empty_cell() {
    let moves = ["c1", "d1", "b2", "a2", "d2", "c3", "b2-c2"];
    let revised = [TINY, &[("ruleset", "revised")]].concat();
    let diff: BTreeSet<_> = legal(&replay::<u64>(TINY, &moves)).difference(&legal(&replay::<u64>(&revised, &moves))).cloned().collect();
    assert_eq!(diff, set(&["d1"]));
}

#[test]
fn r2_no_step_away_right_after_the_opponent_stepped_away() {
    let moves = ["c3", "d3", "f6", "g6", "c3-b3"];
    let eight = [("board", "square"), ("size", "8"), ("gap", "2")];
    let revised = [&eight[..], &[("ruleset", "revised")]].concat();
    let away = set(&["g6-h5", "g6-h6", "g6-h7"]);
    assert!(legal(&replay::<u128>(&eight, &moves)).is_superset(&away));
    assert!(legal(&replay::<u128>(&revised, &moves)).is_disjoint(&away));
    assert!(legal(&replay::<u128>(&revised, &["c3", "d3", "f6", "g6", "a8"])).is_superset(&away));
}

#[test]
fn r3_after_a_pass_a_step_toward_friends_may_not_undo_the_movers_own_step() {
    let moves = ["c2", "c4", "d3", "b2", "d3-d2", "c4-c3", "c2-c1", "pass"];
    let revised = [TINY, &[("ruleset", "revised")]].concat();
    let (original, revised) = (replay::<u64>(TINY, &moves), replay::<u64>(&revised, &moves));
    let diff: BTreeSet<_> = legal(&original).difference(&legal(&revised)).cloned().collect();
    assert_eq!(diff, set(&["c1-c2"]));
    assert!(legal(&revised).contains("c1-d1"));
}

#[test]
fn the_key_is_equal_for_transposed_positions_and_keeps_what_decides_the_future() {
    let a = replay::<u64>(SQUARE, &["c3", "a6", "d5", "f1"]);
    assert_eq!(a.key(), replay::<u64>(SQUARE, &["d5", "f1", "c3", "a6"]).key());
    assert_ne!(a.key(), replay::<u64>(SQUARE, &["c3", "a6", "d5", "f2"]).key());
    let mut passed = a.clone();
    passed.play(Move::Pass);
    passed.play(Move::Pass);
    assert_ne!(a.key(), passed.key()); // same goats and mover, one pass pending
    // Under the revised rules the last step and whether it stepped away are part of the position (R2, R3).
    let revised = replay::<u64>(&[SQUARE, &[("ruleset", "revised")]].concat(), &["c3", "a6", "d5", "f1", "c3-d4"]);
    let mut forgotten = revised.clone();
    forgotten.last_step = None;
    assert_ne!(revised.key(), forgotten.key());
    let mut away = revised.clone();
    away.stepped_away = true;
    assert_ne!(revised.key(), away.key());
}

#[test]
fn random_moves_are_uniform_over_the_legal_moves() {
    let state = replay::<u64>(SQUARE, &["d5", "b1", "b6", "f3", "d5-c5", "e5", "e2", "c4"]);
    let all = legal(&state);
    assert_eq!((all.len(), steps(&state).len()), (14, 5)); // as game/ lists them
    let (mut rng, mut moves) = (Rng::new(7), Vec::new());
    let draws = 2000 * all.len();
    let mut seen = std::collections::BTreeMap::new();
    for _ in 0..draws {
        let mv = state.random_move(&mut moves, &mut rng).unwrap();
        *seen.entry(state.notation(mv)).or_insert(0usize) += 1;
        assert_ne!(state.sample(false, &mut moves, &mut rng), Some(Move::Pass));
    }
    assert_eq!(seen.keys().cloned().collect::<BTreeSet<_>>(), all);
    for (mv, n) in seen {
        assert!((1800..=2200).contains(&n), "{mv} drawn {n} times of 2000 expected");
    }
}

#[test]
fn every_bitboard_type_plays_the_same_game() {
    let hex4 = [("size", "4")];
    let (mut a, mut b) = (replay::<u128>(&hex4, &[]), replay::<W256>(&hex4, &[]));
    let (mut c, mut d) = (replay::<u64>(&[], &[]), replay::<u128>(&[], &[]));
    let (mut rng, mut moves) = (Rng::new(3), Vec::new());
    for _ in 0..300 {
        assert_eq!(legal(&a), legal(&b));
        assert_eq!(legal(&c), legal(&d));
        if let Some(m) = a.random_move(&mut moves, &mut rng) {
            let text = a.notation(m);
            a.play(m);
            b.play(b.parse(&text).unwrap());
        }
        if let Some(m) = c.random_move(&mut moves, &mut rng) {
            let text = c.notation(m);
            c.play(m);
            d.play(d.parse(&text).unwrap());
        }
    }
}

#[test]
fn the_playout_leader_passes_to_win_after_the_opponents_pass() {
    let know = GoatsWintering::<u64>::knowledge(false);
    let state = replay::<u64>(SQUARE, &["c3", "a6", "d5", "f1", "c3-d4", "pass"]); // Player 1 leads 1-0
    let (mut rng, mut moves) = (Rng::new(1), Vec::new());
    for _ in 0..100 {
        assert_eq!(know.playout_move(&state, &mut moves, &mut rng), Some(Move::Pass));
    }
    assert!(know.evaluate(&state) > 0.5);
    let mut ahead = state.clone();
    assert_eq!(know.playout(&mut ahead, &mut moves, &mut rng), 1.0);
}

#[test]
fn the_search_passes_to_win_when_ahead_after_the_opponents_pass() {
    let state = replay::<u64>(SQUARE, &["c3", "a6", "d5", "f1", "c3-d4", "pass"]);
    let spec = Spec::new(None, Some(3000));
    let mut mcts = Mcts::new(spec, GoatsWintering::<u64>::knowledge(false), 1, GoatsWintering::<u64>::CAN_REPEAT);
    let best = &mcts.choose(&state, None, &mut Watch::silent()).unwrap()[0];
    assert_eq!((state.notation(best.mv), best.proof), ("pass".to_string(), Some(1)));
}

/// Whether the mover, passing at every turn, wins against every line of the other's (exhaustive,
/// without a budget; positions remembered by key): the check of `pass_wins`.
fn passing_wins_everywhere<B: GoatsBits>(state: &GoatsWintering<B>, me: usize, memo: &mut HashMap<u64, bool>) -> bool {
    if let Some(&known) = memo.get(&state.key()) {
        return known;
    }
    let mut after = state.clone();
    after.play(Move::Pass);
    let wins = if after.is_over() {
        after.winner() == Some(me)
    } else {
        let mut moves = Vec::new();
        after.legal_moves(&mut moves);
        moves.into_iter().all(|m| {
            let mut next = after.clone();
            next.play(m);
            if next.is_over() {
                next.winner() == Some(me)
            } else {
                passing_wins_everywhere(&next, me, memo)
            }
        })
    };
    memo.insert(state.key(), wins);
    wins
}

#[test]
fn passing_to_the_end_is_proved_only_where_it_wins_against_every_defence() {
    // Random games on the tiny board: at each position, the quick proof agrees with the
    // exhaustive check wherever it answers, and it answers yes somewhere and no somewhere.
    let mut rng = Rng::new(17);
    let (mut yes, mut no) = (0, 0);
    let mut moves = Vec::new();
    for _ in 0..60 {
        let mut state: GoatsWintering<u64> = replay(TINY, &[]);
        for _ in 0..14 {
            if state.is_over() {
                break;
            }
            let me = state.to_move as usize;
            match state.pass_wins(1_000_000) {
                Some(plies) => {
                    assert!(passing_wins_everywhere(&state, me, &mut HashMap::new()), "{:?}", state.goats);
                    assert!(plies >= 1);
                    yes += 1;
                }
                None => {
                    assert!(!passing_wins_everywhere(&state, me, &mut HashMap::new()), "{:?}", state.goats);
                    no += 1;
                }
            }
            state.legal_moves(&mut moves);
            if moves.len() == 1 {
                break; // only the pass is left
            }
            let mv = moves[1 + rng.below(moves.len() - 1)]; // never the pass: the game goes on
            state.play(mv);
        }
    }
    assert!(yes > 5 && no > 5, "yes {yes}, no {no}");
}

#[test]
fn strong_passes_to_convert_a_lead_it_has_proved() {
    // Find a position of a random game where passing is proved to win; the search plays it at once.
    let mut rng = Rng::new(3);
    let mut moves = Vec::new();
    let mut state: GoatsWintering<u64> = replay(TINY, &[]);
    while state.pass_wins(100_000).is_none() {
        state.legal_moves(&mut moves);
        if moves.len() == 1 {
            state = replay(TINY, &[]); // only the pass is left: another game
            continue;
        }
        state.play(moves[1 + rng.below(moves.len() - 1)]);
    }
    let know = <GoatsWintering<u64> as Native>::knowledge(false);
    let spec = Spec::new(None, Some(5_000));
    let mut m = Mcts::new(spec, know, 1, true);
    let evals = m.choose(&state, None, &mut Watch::silent()).unwrap();
    assert_eq!(evals[0].mv, Move::Pass);
    assert!(evals[0].proof.map_or(false, |p| p > 0), "{:?}", &evals[..1]);
    assert!(m.stats.iterations < 5_000); // proved before the search: nothing left to search
}

/// Moves of a random game on `pairs`'s board up to a position where the mover and then the other
/// player can each step a goat and step it back: that position, then the same after the cycle.
fn a_game_with_a_cycle(pairs: &[(&str, &str)]) -> (Vec<String>, [String; 4]) {
    let mut rng = Rng::new(5);
    let mut moves = Vec::new();
    let mut played: Vec<String> = Vec::new();
    let mut state: GoatsWintering<u64> = replay(pairs, &[]);
    loop {
        for a in steps(&state) {
            let back = |m: &str| m.split('-').rev().collect::<Vec<_>>().join("-");
            let mut one = state.clone();
            one.play(one.parse(&a).unwrap());
            for b in steps(&one) {
                let line = [a.clone(), b.clone(), back(&a), back(&b)];
                let mut s = state.clone();
                if line.iter().all(|m| s.parse(m).map(|mv| s.play(mv)).is_some()) && s.key() == state.key() {
                    return (played, line);
                }
            }
        }
        state.legal_moves(&mut moves);
        if moves.len() <= 1 {
            (state, played) = (replay(pairs, &[]), Vec::new()); // only the pass is left: another game
            continue;
        }
        let mv = moves[1 + rng.below(moves.len() - 1)];
        played.push(state.notation(mv));
        state.play(mv);
    }
}

#[test]
fn a_move_back_to_a_position_the_game_has_had_counts_as_a_repetition() {
    // Goats can step to and fro for ever: a line that comes back to an earlier position of the game,
    // before the search's root as well as on its own line, is worth a little less than a draw to
    // the side the search plays for.
    let (before, cycle) = a_game_with_a_cycle(TINY);
    let spec = Spec { solve_nodes: 0, ..Spec::new(None, Some(20_000)) };
    let value_of_the_first_step = |moves: &[String]| {
        let mut engine = crate::engine::make("goats-wintering", &options(TINY), spec.clone(), 1, 1).unwrap();
        let (scored, _) = engine.search(moves, true, &mut Watch::silent()).map_err(|_| "search failed").unwrap();
        let step = scored.iter().find(|s| s.0 == cycle[0]).expect("the cycle's first step is searched");
        (step.1, step.2)
    };
    let (first_time, _) = value_of_the_first_step(&before);
    let again = [before.clone(), cycle.to_vec()].concat();
    let (second_time, visits) = value_of_the_first_step(&again);
    assert!(visits > 0);
    assert!((second_time - REPETITION).abs() < 1e-9, "the step back into the cycle is a repetition: {second_time}");
    assert!((first_time - REPETITION).abs() > 1e-3, "the first time round it is searched as any other move");
}

/// True if `me` wins from `state` playing the solver's moves (its table's, or solved again) against
/// every defence, each line ending in a finished game won by `me`: a line that comes back to a
/// position fails (`won` keeps the positions already shown won: a win shown never leant on the line
/// it was reached by). Only the rules decide; the solver only suggests the moves.
fn wins_against_everything(
    state: &GoatsWintering<u64>,
    me: usize,
    solver: &mut crate::search::solver::Solver<GoatsWintering<u64>>,
    path: &mut HashSet<u64>,
    won: &mut HashSet<u64>,
    budget: &mut u32,
) -> bool {
    if state.is_over() {
        return state.winner() == Some(me);
    }
    if won.contains(&state.key()) {
        return true;
    }
    *budget = budget.checked_sub(1).expect("the proof tree is larger than the budget");
    if !path.insert(state.key()) {
        return false;
    }
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let ok = if state.to_move() == me {
        let mv = solver.best_move(state).or_else(|| {
            solver.solve_within(state, (-1, 1), Some(3_000_000), None, &mut Watch::silent()).ok()?;
            solver.best_move(state)
        });
        mv.map_or(false, |mv| {
            let mut next = state.clone();
            next.play(mv);
            wins_against_everything(&next, me, solver, path, won, budget)
        })
    } else {
        moves.iter().all(|&mv| {
            let mut next = state.clone();
            next.play(mv);
            wins_against_everything(&next, me, solver, path, won, budget)
        })
    };
    path.remove(&state.key());
    if ok {
        won.insert(state.key());
    }
    ok
}

#[test]
fn the_analysis_solver_proves_what_the_searchs_solver_proves_and_more() {
    // Random positions on the tiny board. The search's solver gives up at the first line 600
    // plies long; the analysis's (the engine's, for proofs offline) deepens its horizon, a line
    // cut there proving nothing, and knows that passing to the end wins. Where the first
    // settles a win or a loss, the second settles the same; it settles positions the first
    // gives up on; and it calls a position a draw (a cycle) only where the first does.
    use crate::search::solver::{Solver, Stop};
    let mut rng = Rng::new(29);
    let mut moves = Vec::new();
    let (mut agreed, mut more) = (0, 0);
    let know = |s: &GoatsWintering<u64>| Knowledge::winning_move(&<GoatsWintering<u64> as Native>::knowledge(true), s);
    for game in 0..120 {
        let mut state: GoatsWintering<u64> = replay(TINY, &[]);
        for _ in 0..(2 + game % 12) {
            state.legal_moves(&mut moves);
            if moves.len() <= 1 {
                break;
            }
            state.play(moves[1 + rng.below(moves.len() - 1)]);
        }
        if state.is_over() {
            continue;
        }
        let mut plain = Solver::<GoatsWintering<u64>>::new(true, SolverOrder::Mobility);
        let mut deep = Solver::<GoatsWintering<u64>>::new(true, SolverOrder::Mobility);
        deep.deepen = true;
        deep.known_win = Some(know);
        let old = plain.solve_within(&state, (-1, 1), Some(3_000_000), None, &mut Watch::silent());
        let new = deep.solve_within(&state, (-1, 1), Some(3_000_000), None, &mut Watch::silent());
        match (old, new) {
            (Ok(a), Ok(b)) => {
                assert_eq!(a.signum(), b.signum(), "{:?}: {a} against {b}", state.goats);
                agreed += 1;
            }
            (Ok(a), Err(Stop::Budget)) => panic!("{:?}: settled {a} by the search's solver only", state.goats),
            (Err(Stop::Budget), Ok(b)) => {
                assert_ne!(b, 0, "{:?}: a draw where the search's solver found no cycle", state.goats);
                // Checked by the rules alone: the winner's moves (the solver's) beat every defence.
                let me = if b > 0 { state.to_move() } else { 1 - state.to_move() };
                let mut budget = 200_000;
                assert!(wins_against_everything(&state, me, &mut deep, &mut HashSet::new(), &mut HashSet::new(), &mut budget), "{:?}", state.goats);
                more += 1;
            }
            (Err(Stop::Budget), Err(Stop::Budget)) => {}
            other => panic!("{other:?}"),
        }
    }
    assert!(agreed > 20 && more > 5, "agreed {agreed}, more {more}");
}
