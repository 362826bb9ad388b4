//! Board geometry shared by all games, cell for cell the same as `game/boards.py`.
//!
//! A cell is an id that doubles as its bit in a bitboard; each row has one padding bit so
//! that shifting a set by a direction's delta never wraps to the next row. Bitboards are
//! `u64` or `u128` on boards whose ids fit, and the 256-bit `W256` on the larger option sets.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

pub const LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyz";

/// A set of cells as bits: the operations the games and searches need, for u64, u128 and W256.
pub trait Bits:
    Copy
    + Eq
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// How many cell ids the type holds.
    const CAPACITY: usize;
    /// The empty set.
    fn zero() -> Self;
    /// The set holding only cell `i`.
    fn bit(i: usize) -> Self;
    /// True if cell `i` is in the set.
    fn has(self, i: usize) -> bool;
    /// The number of cells in the set.
    fn count(self) -> u32;
    /// True if the set holds no cell.
    fn is_empty(self) -> bool;
    /// The lowest cell of a non-empty set.
    fn lowest(self) -> usize;
    /// A 64-bit mix of the set, for position keys.
    fn mix(self) -> u64;

    /// True if the set holds a cell.
    #[inline]
    fn any(self) -> bool {
        !self.is_empty()
    }
    /// The cells of the set, lowest first.
    #[inline]
    fn iter(self) -> BitIter<Self> {
        BitIter(self)
    }
    /// The set shifted by a direction's delta (positive: towards higher ids).
    #[inline]
    fn shifted(self, d: i32) -> Self {
        if d >= 0 {
            self << d as u32
        } else {
            self >> (-d) as u32
        }
    }
    /// The k-th lowest cell of the set (k < count).
    #[inline]
    fn nth(self, mut k: u32) -> usize {
        let mut m = self;
        while k > 0 {
            m ^= Self::bit(m.lowest());
            k -= 1;
        }
        m.lowest()
    }
}

/// The cells of a set, lowest first.
pub struct BitIter<B>(B);

impl<B: Bits> Iterator for BitIter<B> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0.is_empty() {
            return None;
        }
        let i = self.0.lowest();
        self.0 ^= B::bit(i);
        Some(i)
    }
}

/// SplitMix64's finaliser: spreads a word's bits over the whole key.
#[inline]
pub const fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// What u64 and u128 answer alike, from their own integer methods.
macro_rules! word_bits {
    () => {
        #[inline]
        fn zero() -> Self {
            0
        }
        #[inline]
        fn count(self) -> u32 {
            self.count_ones()
        }
        #[inline]
        fn is_empty(self) -> bool {
            self == 0
        }
        #[inline]
        fn lowest(self) -> usize {
            self.trailing_zeros() as usize
        }
    };
}

impl Bits for u64 {
    const CAPACITY: usize = 64;
    #[inline]
    fn bit(i: usize) -> Self {
        1 << i
    }
    #[inline]
    fn has(self, i: usize) -> bool {
        (self >> i) & 1 != 0
    }
    word_bits!();
    #[inline]
    fn mix(self) -> u64 {
        mix64(self ^ 0x9e37_79b9_7f4a_7c15)
    }
    #[inline]
    fn nth(self, k: u32) -> usize {
        nth64(self, k)
    }
}

impl Bits for u128 {
    const CAPACITY: usize = 128;
    #[inline]
    fn bit(i: usize) -> Self {
        // Built from its 64-bit halves: a 128-bit shift by a variable costs several branches.
        let b = 1u64 << (i & 63);
        if i < 64 {
            b as u128
        } else {
            (b as u128) << 64
        }
    }
    #[inline]
    fn has(self, i: usize) -> bool {
        let w = if i < 64 { self as u64 } else { (self >> 64) as u64 };
        (w >> (i & 63)) & 1 != 0
    }
    word_bits!();
    #[inline]
    fn mix(self) -> u64 {
        mix64(self as u64 ^ mix64((self >> 64) as u64 ^ 0x9e37_79b9_7f4a_7c15))
    }
    #[inline]
    fn nth(self, k: u32) -> usize {
        let lo = self as u64;
        let c = lo.count_ones();
        if k < c {
            nth64(lo, k)
        } else {
            64 + nth64((self >> 64) as u64, k - c)
        }
    }
}

/// The k-th lowest set bit of a word (k < its count).
#[inline]
fn nth64(mut w: u64, k: u32) -> usize {
    for _ in 0..k {
        w &= w - 1;
    }
    w.trailing_zeros() as usize
}

/// A 256-bit set, for the boards whose ids pass 128 (large hexagons, 11×11 and 12×12 grids).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct W256(pub [u64; 4]);

macro_rules! w256_op {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl $tr for W256 {
            type Output = W256;
            #[inline]
            fn $f(self, o: W256) -> W256 {
                let (a, b) = (self.0, o.0);
                W256([a[0] $op b[0], a[1] $op b[1], a[2] $op b[2], a[3] $op b[3]])
            }
        }
        impl $atr for W256 {
            #[inline]
            fn $af(&mut self, o: W256) {
                *self = *self $op o;
            }
        }
    };
}
w256_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
w256_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
w256_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for W256 {
    type Output = W256;
    #[inline]
    fn not(self) -> W256 {
        let a = self.0;
        W256([!a[0], !a[1], !a[2], !a[3]])
    }
}

impl Shl<u32> for W256 {
    type Output = W256;
    #[inline]
    fn shl(self, s: u32) -> W256 {
        let (words, bits) = ((s / 64) as usize, s % 64);
        let mut out = [0u64; 4];
        for i in (words..4).rev() {
            let src = i - words;
            out[i] = self.0[src] << bits;
            if bits > 0 && src > 0 {
                out[i] |= self.0[src - 1] >> (64 - bits);
            }
        }
        W256(out)
    }
}

impl Shr<u32> for W256 {
    type Output = W256;
    #[inline]
    fn shr(self, s: u32) -> W256 {
        let (words, bits) = ((s / 64) as usize, s % 64);
        let mut out = [0u64; 4];
        for i in 0..4 - words.min(4) {
            let src = i + words;
            out[i] = self.0[src] >> bits;
            if bits > 0 && src + 1 < 4 {
                out[i] |= self.0[src + 1] << (64 - bits);
            }
        }
        W256(out)
    }
}

impl Bits for W256 {
    const CAPACITY: usize = 256;
    #[inline]
    fn zero() -> Self {
        W256([0; 4])
    }
    #[inline]
    fn bit(i: usize) -> Self {
        let mut w = [0u64; 4];
        w[i / 64] = 1u64 << (i % 64);
        W256(w)
    }
    #[inline]
    fn has(self, i: usize) -> bool {
        (self.0[i / 64] >> (i % 64)) & 1 != 0
    }
    #[inline]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline]
    fn is_empty(self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }
    #[inline]
    fn lowest(self) -> usize {
        for (i, w) in self.0.iter().enumerate() {
            if *w != 0 {
                return i * 64 + w.trailing_zeros() as usize;
            }
        }
        256
    }
    #[inline]
    fn mix(self) -> u64 {
        let mut h = 0x243f_6a88_85a3_08d3u64;
        for w in self.0 {
            h = mix64(h ^ w);
        }
        h
    }
}

/// Square grid or hex rows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    Square,
    Hex,
}

/// Where each cell of a board sits, before any bitboard type is chosen: rows of lattice columns.
#[derive(Clone, Debug)]
pub struct Layout {
    pub kind: Kind,
    pub rows: Vec<Vec<usize>>, // for each row from the bottom, the lattice column of each cell
    pub width: usize,          // bits per row, padding included
    pub shifts: Vec<i32>,      // id deltas of the directions, opposite pairs adjacent
}

impl Layout {
    /// The n×n square grid: 8 directions, the 4 orthogonal ones first.
    pub fn square(n: usize) -> Layout {
        let w = n + 1;
        let wi = w as i32;
        Layout {
            kind: Kind::Square,
            rows: (0..n).map(|_| (0..n).collect()).collect(),
            width: w,
            shifts: vec![1, -1, wi, -wi, wi + 1, -wi - 1, wi - 1, -wi + 1],
        }
    }

    /// Hex rows of the given lengths, bottom first (consecutive rows differ by one cell).
    pub fn hex(lengths: &[usize]) -> Layout {
        let mut starts = vec![0i32];
        for pair in lengths.windows(2) {
            let last = *starts.last().unwrap();
            starts.push(last + if pair[1] > pair[0] { -1 } else { 1 });
        }
        let mut shift = *starts.iter().min().unwrap();
        shift -= shift.rem_euclid(2); // keep x ≡ row (mod 2), as Python's `%`
        let starts: Vec<i32> = starts.iter().map(|s| s - shift).collect();
        let qs: Vec<Vec<i32>> = lengths
            .iter()
            .enumerate()
            .map(|(r, &n)| (0..n).map(|k| (starts[r] + 2 * k as i32 - r as i32).div_euclid(2)).collect())
            .collect();
        let qmin = qs.iter().flatten().copied().min().unwrap();
        let qmax = qs.iter().flatten().copied().max().unwrap();
        let w = (qmax - qmin + 2) as usize;
        let wi = w as i32;
        Layout {
            kind: Kind::Hex,
            rows: qs.iter().map(|row| row.iter().map(|q| (q - qmin) as usize).collect()).collect(),
            width: w,
            shifts: vec![1, -1, wi, -wi, wi - 1, -(wi - 1)],
        }
    }

    /// A regular hexagon with `side` cells on each side.
    pub fn hexagon(side: usize) -> Layout {
        let mut lengths: Vec<usize> = (side..2 * side).collect();
        lengths.extend((side..2 * side - 1).rev());
        Layout::hex(&lengths)
    }

    /// A hexagon with sides alternately size and size+1 (Goats Wintering's board).
    pub fn limping_hexagon(size: usize) -> Layout {
        let mut lengths: Vec<usize> = (size..=2 * size).collect();
        lengths.extend((size + 1..2 * size).rev());
        Layout::hex(&lengths)
    }

    /// A triangle of hex cells: rows of size, size−1, …, 1 from the bottom.
    pub fn triangle(size: usize) -> Layout {
        Layout::hex(&(1..=size).rev().collect::<Vec<_>>())
    }

    /// One more than the highest cell id: the bits a bitboard of this board needs.
    pub fn size(&self) -> usize {
        let last = self.rows.len() - 1;
        last * self.width + self.rows[last].iter().max().unwrap() + 1
    }
}

/// Cells, names, neighbours and straight lines of one board, with sets of type `B`.
#[derive(Clone, Debug)]
pub struct Board<B: Bits> {
    pub kind: Kind,
    pub width: usize,
    pub shifts: Vec<i32>,
    pub rows: Vec<Vec<usize>>, // cell ids of each row, bottom first
    pub cells: Vec<usize>,     // every cell id, row by row
    pub size: usize,           // length of per-cell tables indexed by id
    pub mask: B,
    names: Vec<String>,
    /// rays[c][d]: the cells met walking from c in direction d (shifts order).
    pub rays: Vec<Vec<Vec<usize>>>,
    pub neighbours: Vec<Vec<usize>>,
    pub nbr_mask: Vec<B>,
}

impl<B: Bits> Board<B> {
    /// The board of a layout; panics if its ids do not fit `B` (the dispatcher picks `B`).
    pub fn new(layout: &Layout) -> Board<B> {
        let size = layout.size();
        assert!(size <= B::CAPACITY, "board of {size} ids in a {}-bit set", B::CAPACITY);
        let mut names = vec![String::new(); size];
        let mut rows = Vec::new();
        let mut cells = Vec::new();
        let mut mask = B::zero();
        for (r, row) in layout.rows.iter().enumerate() {
            let mut ids = Vec::new();
            for (k, &col) in row.iter().enumerate() {
                let id = r * layout.width + col;
                names[id] = match layout.kind {
                    Kind::Hex => format!("{}{}", LETTERS[r] as char, k + 1),
                    Kind::Square => format!("{}{}", LETTERS[col] as char, r + 1),
                };
                ids.push(id);
                cells.push(id);
                mask |= B::bit(id);
            }
            rows.push(ids);
        }
        let mut rays = vec![Vec::new(); size];
        let mut neighbours = vec![Vec::new(); size];
        let mut nbr_mask = vec![B::zero(); size];
        for &c in &cells {
            for &d in &layout.shifts {
                let mut ray = Vec::new();
                let mut n = c as i64 + d as i64;
                while n >= 0 && (n as usize) < size && mask.has(n as usize) {
                    ray.push(n as usize);
                    n += d as i64;
                }
                if let Some(&first) = ray.first() {
                    neighbours[c].push(first);
                    nbr_mask[c] |= B::bit(first);
                }
                rays[c].push(ray);
            }
        }
        Board {
            kind: layout.kind,
            width: layout.width,
            shifts: layout.shifts.clone(),
            rows,
            cells,
            size,
            mask,
            names,
            rays,
            neighbours,
            nbr_mask,
        }
    }

    /// The cell's name in the notation of RULES.md (`c4`).
    pub fn name(&self, cell: usize) -> &str {
        &self.names[cell]
    }

    /// The id of the cell named `name` (lower case), if the board has one.
    pub fn cell(&self, name: &str) -> Option<usize> {
        self.cells.iter().copied().find(|&c| self.names[c] == name)
    }

    /// The cell's column and row on a square board, from 0 at the bottom-left.
    pub fn col_row(&self, cell: usize) -> (usize, usize) {
        (cell % self.width, cell / self.width)
    }

    /// The cells next to any cell of `m` (cells of `m` itself may be included).
    #[inline]
    pub fn spread(&self, m: B) -> B {
        let mut out = B::zero();
        for &d in &self.shifts {
            out |= m.shifted(d);
        }
        out & self.mask
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn w256_shifts_carry_across_words() {
        let a = W256::bit(63);
        assert_eq!(a << 1, W256::bit(64));
        assert_eq!((a << 130) >> 130, a);
        assert_eq!(W256::bit(200) >> 137, W256::bit(63));
        assert_eq!(W256::bit(5).nth(0), 5);
        let m = W256::bit(3) | W256::bit(100) | W256::bit(250);
        assert_eq!(m.iter().collect::<Vec<_>>(), vec![3, 100, 250]);
        assert_eq!(m.nth(2), 250);
    }

    #[test]
    fn boards_match_the_python_counts() {
        assert_eq!(Board::<u128>::new(&Layout::square(10)).cells.len(), 100);
        assert_eq!(Board::<u128>::new(&Layout::hexagon(5)).cells.len(), 61);
        assert_eq!(Board::<W256>::new(&Layout::hexagon(8)).cells.len(), 169);
        assert_eq!(Board::<u128>::new(&Layout::limping_hexagon(3)).cells.len(), 27);
        assert_eq!(Board::<u128>::new(&Layout::triangle(8)).cells.len(), 36);
        assert_eq!(Board::<u64>::new(&Layout::triangle(8)).cells.len(), 36); // 64 ids: the most a u64 holds
        let b = Board::<u128>::new(&Layout::hexagon(5));
        assert_eq!(b.neighbours[b.cell("e5").unwrap()].len(), 6);
    }
}
