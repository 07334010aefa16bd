//! Bit planes: one bit per upper part and per value, 64 to a word, and the
//! few operations the census needs on ranges of bits that start anywhere.

/// `count` planes of the same number of bits. Every plane has one spare
/// word at its end, so reading 64 bits from any bit of the plane stays in
/// it.
#[derive(Default)]
pub struct Planes {
    count: usize,
    stride: usize,
    words: Vec<u64>,
}

impl Planes {
    /// `count` planes of `bits` zero bits.
    pub fn new(count: usize, bits: u64) -> Planes {
        let stride = words_for(bits) + 1;
        Planes {
            count,
            stride,
            words: vec![0; count * stride],
        }
    }

    /// Makes room for `count` planes of `bits` bits, keeping the buffer when
    /// it is large enough; the contents are unspecified afterwards.
    pub fn reshape(&mut self, count: usize, bits: u64) {
        let stride = words_for(bits) + 1;
        if count * stride > self.words.len() {
            self.words = vec![0; count * stride];
        }
        self.count = count;
        self.stride = stride;
    }

    pub fn count(&self) -> usize {
        self.count
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        self.words.len() * 8
    }

    pub fn plane(&self, p: usize) -> &[u64] {
        &self.words[p * self.stride..(p + 1) * self.stride]
    }

    pub fn plane_mut(&mut self, p: usize) -> &mut [u64] {
        &mut self.words[p * self.stride..(p + 1) * self.stride]
    }
}

/// Words that hold `bits` bits.
pub fn words_for(bits: u64) -> usize {
    bits.div_ceil(64) as usize
}

/// The `n` (≤ 64) low bits set.
#[inline]
pub fn low(n: u64) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

/// 64 bits of `src` from bit `at` on (bits past the plane's end are
/// whatever the spare word holds).
#[inline]
fn word_at(src: &[u64], at: u64) -> u64 {
    let i = (at / 64) as usize;
    let s = at % 64;
    if s == 0 {
        src[i]
    } else {
        (src[i] >> s) | (src[i + 1] << (64 - s))
    }
}

/// Calls `put(word index, mask, bits)` for each word of the destination
/// range `dst..dst + len`, `bits` being the source bits from `src` lined up
/// with the word and `mask` the bits of the word in the range.
#[inline]
fn each_word(dst: u64, src_bits: &[u64], src: u64, len: u64, mut put: impl FnMut(usize, u64, u64)) {
    let mut done = 0;
    while done < len {
        let d = dst + done;
        let shift = d % 64;
        let n = (64 - shift).min(len - done);
        let bits = word_at(src_bits, src + done) & low(n);
        put((d / 64) as usize, low(n) << shift, bits << shift);
        done += n;
    }
}

/// `dst[dst_at..dst_at + len] |= src[src_at..src_at + len]`.
pub fn or_bits(dst: &mut [u64], dst_at: u64, src: &[u64], src_at: u64, len: u64) {
    each_word(dst_at, src, src_at, len, |i, _, bits| dst[i] |= bits);
}

/// `dst[dst_at..dst_at + len] = src[src_at..src_at + len]`.
pub fn copy_bits(dst: &mut [u64], dst_at: u64, src: &[u64], src_at: u64, len: u64) {
    each_word(dst_at, src, src_at, len, |i, mask, bits| {
        dst[i] = (dst[i] & !mask) | bits;
    });
}

/// Copies `buf[src_at..src_at + len]` to `buf[dst_at..]`, the source range
/// lying wholly before the destination (`src_at + len <= dst_at`).
pub fn copy_forward(buf: &mut [u64], dst_at: u64, src_at: u64, len: u64) {
    debug_assert!(src_at + len <= dst_at);
    let mut done = 0;
    while done < len {
        let d = dst_at + done;
        let shift = d % 64;
        let n = (64 - shift).min(len - done);
        // Read before writing: the source bits never share a word position
        // with bits already written by this copy (they lie before them).
        let bits = word_at(buf, src_at + done) & low(n);
        let i = (d / 64) as usize;
        buf[i] = (buf[i] & !(low(n) << shift)) | (bits << shift);
        done += n;
    }
}

/// Clears `dst[at..at + len]`.
pub fn clear_bits(dst: &mut [u64], at: u64, len: u64) {
    let mut done = 0;
    while done < len {
        let d = at + done;
        let shift = d % 64;
        let n = (64 - shift).min(len - done);
        dst[(d / 64) as usize] &= !(low(n) << shift);
        done += n;
    }
}

/// The set bits of `src[at..at + len]`.
pub fn count_bits(src: &[u64], at: u64, len: u64) -> u64 {
    let mut done = 0;
    let mut count = 0;
    while done < len {
        let n = 64.min(len - done);
        count += u64::from((word_at(src, at + done) & low(n)).count_ones());
        done += n;
    }
    count
}

/// Bit `at` of `src`.
#[inline]
pub fn bit(src: &[u64], at: u64) -> bool {
    src[(at / 64) as usize] >> (at % 64) & 1 == 1
}

/// 64 bits of `src` from `at`, the ones past `at + len` cleared
/// (`len` ≤ 64).
#[inline]
pub fn get_bits(src: &[u64], at: u64, len: u64) -> u64 {
    word_at(src, at) & low(len)
}

/// Writes the `len` (≤ 64) low bits of `bits` at `dst[at..]`.
#[inline]
pub fn put_bits(dst: &mut [u64], at: u64, len: u64, bits: u64) {
    let words = [bits, 0];
    copy_bits(dst, at, &words, 0, len);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn to_bools(p: &[u64], bits: u64) -> Vec<bool> {
        (0..bits).map(|i| bit(p, i)).collect()
    }

    #[test]
    fn ranges_at_every_offset() {
        let bits = 300;
        let mut src = Planes::new(1, bits);
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for i in 0..bits {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            if state & 1 == 1 {
                src.plane_mut(0)[(i / 64) as usize] |= 1 << (i % 64);
            }
        }
        let s = to_bools(src.plane(0), bits);
        for (from, to, len) in [
            (0, 0, 300),
            (3, 70, 129),
            (64, 1, 64),
            (5, 200, 1),
            (7, 7, 0),
        ] {
            let mut dst = Planes::new(1, bits);
            for i in 0..bits {
                if i % 3 == 0 {
                    dst.plane_mut(0)[(i / 64) as usize] |= 1 << (i % 64);
                }
            }
            let before = to_bools(dst.plane(0), bits);
            let mut ored = Planes::new(1, bits);
            ored.plane_mut(0).copy_from_slice(dst.plane(0));
            or_bits(ored.plane_mut(0), to, src.plane(0), from, len);
            copy_bits(dst.plane_mut(0), to, src.plane(0), from, len);
            let (o, c) = (to_bools(ored.plane(0), bits), to_bools(dst.plane(0), bits));
            for i in 0..bits {
                let inside = i >= to && i < to + len;
                let from_src = if inside {
                    s[(i - to + from) as usize]
                } else {
                    false
                };
                assert_eq!(
                    c[i as usize],
                    if inside { from_src } else { before[i as usize] }
                );
                assert_eq!(o[i as usize], before[i as usize] || from_src);
            }
            assert_eq!(
                count_bits(src.plane(0), from, len),
                (from..from + len).filter(|&i| s[i as usize]).count() as u64
            );
        }
        let mut buf = Planes::new(1, bits);
        buf.plane_mut(0).copy_from_slice(src.plane(0));
        copy_forward(buf.plane_mut(0), 130, 20, 100);
        clear_bits(buf.plane_mut(0), 250, 30);
        let b = to_bools(buf.plane(0), bits);
        for i in 0..bits as usize {
            let want = match i {
                130..230 => s[i - 110],
                250..280 => false,
                _ => s[i],
            };
            assert_eq!(b[i], want, "{i}");
        }
    }
}
