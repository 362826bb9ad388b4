//! Counts instructions of random playouts under callgrind: `cargo run --release --example playouts -- GAME N [CAP]`
//! (CAP: plies after which a playout stops; 200 compares Goats Wintering with `python -m game.bench`).
use frostfield_native::engine::make;
use frostfield_native::game::Options;
use frostfield_native::search::mcts::Spec;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let game = args.get(1).map_or("frozen-forest", |s| s.as_str());
    let n: f64 = args.get(2).map_or(1.0, |s| s.parse().unwrap());
    let cap: usize = args.get(3).map_or(1000, |s| s.parse().unwrap());
    let engine = make(game, &Options::default(), Spec::uct(1.0, None, Some(1)), 0, 1).unwrap();
    let t = std::time::Instant::now();
    let (count, plies) = engine.playouts(n, cap, 1);
    let s = t.elapsed().as_secs_f64();
    println!("{game}: {} playouts/s, {:.1} plies, {:.1} ns/ply", count as f64 / s, plies as f64 / count as f64, s * 1e9 / plies as f64);
}
