//! The incremental engine: chains as circular lists of stones with a head,
//! exact liberty counts kept at the head, Zobrist hashing of the board for
//! ko and superko (a multiset of the game's hashes, and one keyed by the
//! producing colour for situational superko, one keyed by the colour that
//! played next for its `next-mover` convention), and `undo` by a journal of
//! every write (rolled back to the play's mark), never by replaying.
//!
//! A play costs O(1) but for captures (O(stones removed)), merges (the
//! smaller chain relabelled; liberties recounted when two or more chains
//! join) and the hash lookups. Boards are compared by 64-bit hash: two
//! different boards of one game with equal hashes would be taken as equal
//! (a chance of about k²/2⁶⁵ in a game of k plays).

use crate::problems::geometry;
use std::collections::HashMap;

use super::{Answer, BLACK, Case, Command, EMPTY, Ko, Response, Rules, Suicide, WHITE};

/// No neighbour (off the board).
const NONE: u32 = u32::MAX;

/// Which array a journal entry wrote.
#[derive(Clone, Copy, Debug)]
enum Field {
    Cell,
    Head,
    Next,
    Libs,
    Size,
}

/// What an accepted play left to take back.
#[derive(Clone, Copy, Debug)]
struct Frame {
    /// The journal's length before the play.
    mark: usize,
    /// The hash before the play.
    hash_before: u64,
    /// Who played.
    colour: u8,
}

/// SplitMix64: the Zobrist keys, the same for every game.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A game in progress.
#[derive(Clone)]
pub struct Game {
    n: usize,
    rules: Rules,
    cells: Vec<u8>,
    /// The head stone of each stone's chain.
    head: Vec<u32>,
    /// The next stone of the chain (a circular list).
    next: Vec<u32>,
    /// Exact liberties, at heads.
    libs: Vec<u32>,
    /// Stones, at heads.
    size: Vec<u32>,
    /// Up to four neighbours per point, [`NONE`] past the last.
    adj: Vec<[u32; 4]>,
    /// Zobrist keys: `keys[2 * p + colour - 1]`.
    keys: Vec<u64>,
    hash: u64,
    journal: Vec<(Field, u32, u32)>,
    frames: Vec<Frame>,
    /// The hash of every board of the game, the empty start first.
    hashes: Vec<u64>,
    /// How many boards of the game have each hash.
    seen: HashMap<u64, u32>,
    /// How many boards of the game have each hash, produced by each colour.
    seen_by: HashMap<(u64, u8), u32>,
    /// How many plays were made from a board of each hash by each colour
    /// (situational superko under the `next-mover` convention).
    seen_next: HashMap<(u64, u8), u32>,
    /// Marks for counting liberties without repeats.
    stamp: Vec<u32>,
    epoch: u32,
}

impl Game {
    /// The empty n×n board under `rules`.
    pub fn new(n: usize, rules: Rules) -> Game {
        let points = n * n;
        let mut adj = vec![[NONE; 4]; points];
        for (p, a) in adj.iter_mut().enumerate() {
            for (slot, q) in a.iter_mut().zip(geometry::neighbours(n, n, p)) {
                *slot = q as u32;
            }
        }
        let mut state = 0x5eed_0f90_u64;
        let keys = (0..2 * points).map(|_| splitmix(&mut state)).collect();
        let mut seen = HashMap::new();
        seen.insert(0, 1);
        let mut seen_by = HashMap::new();
        // The empty start counts as produced by white.
        seen_by.insert((0, WHITE), 1);
        Game {
            n,
            rules,
            cells: vec![EMPTY; points],
            head: vec![0; points],
            next: vec![0; points],
            libs: vec![0; points],
            size: vec![0; points],
            adj,
            keys,
            hash: 0,
            journal: Vec::new(),
            frames: Vec::new(),
            hashes: vec![0],
            seen,
            seen_by,
            seen_next: HashMap::new(),
            stamp: vec![0; points],
            epoch: 0,
        }
    }

    /// Plays on under other rules (the history kept): tests ask a copy
    /// whether a refused play was refused for ko.
    pub fn set_rules(&mut self, rules: Rules) {
        self.rules = rules;
    }

    /// The board, `board[row * n + col]`, row 0 at the bottom.
    pub fn board(&self) -> &[u8] {
        &self.cells
    }

    /// The Zobrist hash of the board (0 for the empty board).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// How many accepted plays `undo` can take back.
    pub fn depth(&self) -> usize {
        self.frames.len()
    }

    fn set(&mut self, field: Field, i: u32, v: u32) {
        let slot = match field {
            Field::Cell => {
                let old = u32::from(self.cells[i as usize]);
                self.cells[i as usize] = v as u8;
                self.journal.push((field, i, old));
                return;
            }
            Field::Head => &mut self.head[i as usize],
            Field::Next => &mut self.next[i as usize],
            Field::Libs => &mut self.libs[i as usize],
            Field::Size => &mut self.size[i as usize],
        };
        let old = std::mem::replace(slot, v);
        self.journal.push((field, i, old));
    }

    fn rollback(&mut self, mark: usize) {
        while self.journal.len() > mark {
            let Some((field, i, old)) = self.journal.pop() else {
                break;
            };
            let i = i as usize;
            match field {
                Field::Cell => self.cells[i] = old as u8,
                Field::Head => self.head[i] = old,
                Field::Next => self.next[i] = old,
                Field::Libs => self.libs[i] = old,
                Field::Size => self.size[i] = old,
            }
        }
    }

    fn neighbours(&self, p: usize) -> impl Iterator<Item = usize> + use<> {
        let a = self.adj[p];
        a.into_iter().take_while(|&q| q != NONE).map(|q| q as usize)
    }

    fn next_epoch(&mut self) -> u32 {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.fill(0);
            self.epoch = 1;
        }
        self.epoch
    }

    /// Counts the liberties of the chain headed by `h` from scratch.
    fn count_liberties(&mut self, h: usize) -> u32 {
        let epoch = self.next_epoch();
        let mut count = 0;
        let mut s = h;
        loop {
            for q in self.neighbours(s) {
                if self.cells[q] == EMPTY && self.stamp[q] != epoch {
                    self.stamp[q] = epoch;
                    count += 1;
                }
            }
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        count
    }

    /// Joins the chains headed by `a` and `b`; returns the new head (the
    /// larger chain's), the smaller chain relabelled.
    fn merge(&mut self, a: usize, b: usize) -> usize {
        let (big, small) = if self.size[a] >= self.size[b] {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            self.set(Field::Head, s as u32, big as u32);
            s = self.next[s] as usize;
            if s == small {
                break;
            }
        }
        let (nb, ns) = (self.next[big], self.next[small]);
        self.set(Field::Next, big as u32, ns);
        self.set(Field::Next, small as u32, nb);
        self.set(Field::Size, big as u32, self.size[big] + self.size[small]);
        big
    }

    /// Removes the chain headed by `h`; every chain next to a freed point
    /// gains that point as a liberty. Returns the stones removed.
    fn remove_chain(&mut self, h: usize) -> u32 {
        let mut stones = Vec::with_capacity(self.size[h] as usize);
        let mut s = h;
        loop {
            stones.push(s);
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        for &s in &stones {
            let colour = self.cells[s];
            self.hash ^= self.keys[2 * s + colour as usize - 1];
            self.set(Field::Cell, s as u32, u32::from(EMPTY));
        }
        for &s in &stones {
            let mut done = [NONE; 4];
            for (k, q) in self.neighbours(s).enumerate() {
                if self.cells[q] != EMPTY {
                    let g = self.head[q];
                    if !done.contains(&g) {
                        done[k] = g;
                        self.set(Field::Libs, g, self.libs[g as usize] + 1);
                    }
                }
            }
        }
        stones.len() as u32
    }

    /// Whether point `e` touches the chain headed by `h` (other than via `p`).
    fn touches(&self, e: usize, h: u32, p: usize) -> bool {
        self.neighbours(e)
            .any(|q| q != p && self.cells[q] != EMPTY && self.head[q] == h)
    }

    /// Plays `colour` at point `p`; false (and nothing changed) if illegal.
    pub fn play(&mut self, colour: u8, p: usize) -> bool {
        if (colour != BLACK && colour != WHITE) || p >= self.cells.len() {
            return false;
        }
        if self.cells[p] != EMPTY {
            return false;
        }
        let mark = self.journal.len();
        let hash_before = self.hash;
        let them = 3 - colour;
        self.set(Field::Cell, p as u32, u32::from(colour));
        self.set(Field::Head, p as u32, p as u32);
        self.set(Field::Next, p as u32, p as u32);
        self.set(Field::Size, p as u32, 1);
        self.hash ^= self.keys[2 * p + colour as usize - 1];
        // The distinct chains next to p each lose p as a liberty.
        let mut friends = [NONE; 4];
        let mut enemies = [NONE; 4];
        let (mut nf, mut ne) = (0, 0);
        let mut empties = 0;
        for q in self.neighbours(p) {
            let c = self.cells[q];
            if c == EMPTY {
                empties += 1;
                continue;
            }
            let h = self.head[q];
            let list = if c == colour {
                &mut friends
            } else {
                &mut enemies
            };
            if list.contains(&h) {
                continue;
            }
            if c == colour {
                friends[nf] = h;
                nf += 1;
            } else {
                enemies[ne] = h;
                ne += 1;
            }
            self.set(Field::Libs, h, self.libs[h as usize] - 1);
        }
        // Join the friendly chains.
        let own = match nf {
            0 => {
                self.set(Field::Libs, p as u32, empties);
                p
            }
            1 => {
                let h = friends[0];
                let extra = self
                    .neighbours(p)
                    .filter(|&e| self.cells[e] == EMPTY && !self.touches(e, h, p))
                    .count() as u32;
                let libs = self.libs[h as usize] + extra;
                let g = self.merge(h as usize, p);
                self.set(Field::Libs, g as u32, libs);
                g
            }
            _ => {
                let mut g = p;
                for &h in &friends[..nf] {
                    g = self.merge(g, h as usize);
                }
                let libs = self.count_liberties(g);
                self.set(Field::Libs, g as u32, libs);
                g
            }
        };
        // Captures.
        let mut captured = 0;
        for &h in &enemies[..ne] {
            if self.libs[h as usize] == 0 && self.cells[h as usize] == them {
                captured += self.remove_chain(h as usize);
            }
        }
        let own = self.head[own] as usize;
        // Suicide.
        if self.libs[own] == 0 {
            let allowed = match self.rules.suicide {
                Suicide::Forbidden => false,
                Suicide::Multi => self.size[own] > 1,
                Suicide::All => true,
            };
            if !allowed {
                self.rollback(mark);
                self.hash = hash_before;
                return false;
            }
            self.remove_chain(own);
        }
        // Ko, on the board this produces.
        let simple_ko = captured == 1
            && self.hashes.len() >= 2
            && self.hashes[self.hashes.len() - 2] == self.hash;
        let conventions = self.rules.conventions;
        let banned = match self.rules.ko {
            Ko::None => false,
            Ko::Simple => simple_ko,
            Ko::Positional => self.seen.contains_key(&self.hash),
            Ko::Situational => {
                (conventions.simple_ko_too && simple_ko)
                    || if conventions.next_mover {
                        self.seen_next.contains_key(&(self.hash, 3 - colour))
                    } else {
                        self.seen_by.contains_key(&(self.hash, colour))
                    }
            }
        };
        if banned {
            self.rollback(mark);
            self.hash = hash_before;
            return false;
        }
        self.commit(mark, hash_before, colour);
        true
    }

    /// A pass of `colour`: always legal, part of the history.
    pub fn pass(&mut self, colour: u8) -> bool {
        if colour != BLACK && colour != WHITE {
            return false;
        }
        self.commit(self.journal.len(), self.hash, colour);
        true
    }

    fn commit(&mut self, mark: usize, hash_before: u64, colour: u8) {
        self.frames.push(Frame {
            mark,
            hash_before,
            colour,
        });
        self.hashes.push(self.hash);
        *self.seen.entry(self.hash).or_insert(0) += 1;
        *self.seen_by.entry((self.hash, colour)).or_insert(0) += 1;
        *self.seen_next.entry((hash_before, colour)).or_insert(0) += 1;
    }

    /// Takes back the last accepted play; false if there is none.
    pub fn undo(&mut self) -> bool {
        let Some(frame) = self.frames.pop() else {
            return false;
        };
        let hash = self.hash;
        self.hashes.pop();
        forget(&mut self.seen, hash);
        forget(&mut self.seen_by, (hash, frame.colour));
        forget(&mut self.seen_next, (frame.hash_before, frame.colour));
        self.rollback(frame.mark);
        self.hash = frame.hash_before;
        true
    }

    /// Recounts every chain's stones and liberties from scratch and
    /// compares them with the kept ones (tests).
    pub fn check_consistency(&mut self) -> Result<(), String> {
        let points = self.cells.len();
        for p in 0..points {
            if self.cells[p] == EMPTY {
                continue;
            }
            let h = self.head[p] as usize;
            if self.cells[h] != self.cells[p] || self.head[h] as usize != h {
                return Err(format!("point {p}: bad head {h}"));
            }
            if h == p {
                let mut count = 0u32;
                let mut s = h;
                loop {
                    count += 1;
                    if self.head[s] as usize != h || count as usize > points {
                        return Err(format!("chain {h}: broken list"));
                    }
                    s = self.next[s] as usize;
                    if s == h {
                        break;
                    }
                }
                if count != self.size[h] {
                    return Err(format!(
                        "chain {h}: size {} kept, {count} counted",
                        self.size[h]
                    ));
                }
                let libs = self.count_liberties(h);
                if libs != self.libs[h] || libs == 0 {
                    return Err(format!(
                        "chain {h}: {} liberties kept, {libs} counted",
                        self.libs[h]
                    ));
                }
            }
            if self
                .neighbours(p)
                .any(|q| self.cells[q] == self.cells[p] && self.head[q] as usize != h)
            {
                return Err(format!(
                    "point {p}: a neighbour of its colour in another chain"
                ));
            }
        }
        let hash = (0..points)
            .filter(|&p| self.cells[p] != EMPTY)
            .fold(0, |h, p| h ^ self.keys[2 * p + self.cells[p] as usize - 1]);
        if hash != self.hash {
            return Err("the hash is not the board's".into());
        }
        Ok(())
    }
}

/// One fewer board with this key in the multiset.
fn forget<K: std::hash::Hash + Eq>(map: &mut HashMap<K, u32>, key: K) {
    if let Some(count) = map.get_mut(&key) {
        *count -= 1;
        if *count == 0 {
            map.remove(&key);
        }
    }
}

/// Runs one command on `game`.
pub fn run(game: &mut Game, command: &Command) -> Response {
    let ok = match *command {
        Command::Undo => {
            return if game.undo() {
                Response::Accepted
            } else {
                Response::CannotUndo
            };
        }
        Command::Play {
            colour,
            vertex: None,
        } => game.pass(colour),
        Command::Play {
            colour,
            vertex: Some((col, row)),
        } => col < game.n && row < game.n && game.play(colour, row * game.n + col),
    };
    if ok {
        Response::Accepted
    } else {
        Response::Illegal
    }
}

/// The engine's answer to one case.
pub fn solve(case: &Case) -> Answer {
    let mut game = Game::new(case.n, case.rules);
    let replies = case.commands.iter().map(|c| run(&mut game, c)).collect();
    Answer {
        replies,
        board: game.cells,
    }
}
