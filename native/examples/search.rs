//! Profiles a search: `cargo run --release --example search -- GAME ITERATIONS KNOWLEDGE(0/1) SOLVE_NODES [MOVES...]`.
use frostfield_native::engine::make;
use frostfield_native::game::Options;
use frostfield_native::search::mcts::Spec;
use frostfield_native::search::Watch;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let game = args.get(1).map_or("frozen-forest", |s| s.as_str());
    let iterations: u64 = args.get(2).map_or(20_000, |s| s.parse().unwrap());
    let knowledge = args.get(3).map_or(true, |s| s == "1");
    let solve_nodes: u64 = args.get(4).map_or(20_000, |s| s.parse().unwrap());
    let moves: Vec<String> = args.iter().skip(5).cloned().collect();
    // A level's search (without the root solver: iterations only); KNOWLEDGE 0: textbook UCT's playouts.
    let spec = if knowledge { Spec { solve_nodes, ..Spec::new(None, Some(iterations)) } } else { Spec::uct(1.0, None, Some(iterations)) };
    let mut engine = make(game, &Options::default(), spec, 1, 1).unwrap();
    let t = std::time::Instant::now();
    let (scored, stats) = match engine.search(&moves, true, &mut Watch::silent()) { Ok(x) => x, Err(e) => panic!("{e:?}") };
    let s = t.elapsed().as_secs_f64();
    println!("{game}: {:.0} iterations/s, solved {}, nodes {}, best {:?}", stats.iterations as f64 / s, stats.solved, stats.nodes, &scored[..scored.len().min(3)]);
}
