//! Fixed-width unsigned counters for the transfer-matrix count: `K` 64-bit
//! limbs, chosen per board so that 3^points (more than any count of
//! partial colourings) fits. Adding in place without allocating keeps
//! the dynamic program's inner loop cheap; the result becomes a
//! [`BigUint`] at the end.

use num_bigint::BigUint;

/// An unsigned integer of `K` limbs, least significant first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wide<const K: usize>([u64; K]);

impl<const K: usize> Wide<K> {
    /// Zero.
    pub const ZERO: Wide<K> = Wide([0; K]);

    /// One.
    pub fn one() -> Wide<K> {
        let mut w = Self::ZERO;
        w.0[0] = 1;
        w
    }

    /// Adds `other`; the caller's width guarantees no overflow (checked in
    /// debug builds).
    #[inline]
    pub fn add(&mut self, other: &Wide<K>) {
        let mut carry = false;
        for (a, &b) in self.0.iter_mut().zip(&other.0) {
            let (s, c1) = a.overflowing_add(b);
            let (s, c2) = s.overflowing_add(u64::from(carry));
            *a = s;
            carry = c1 || c2;
        }
        debug_assert!(!carry, "count overflowed {K} limbs");
    }

    /// The value as a big integer.
    pub fn to_big(self) -> BigUint {
        let bytes: Vec<u8> = self.0.iter().flat_map(|l| l.to_le_bytes()).collect();
        BigUint::from_bytes_le(&bytes)
    }
}

/// How many limbs hold every count of a board of `points` points: no
/// count of partial colourings exceeds 3^points.
pub fn limbs_for(points: usize) -> usize {
    let bits = BigUint::from(3u8).pow(points as u32).bits();
    bits.div_ceil(64) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn carries_across_limbs() {
        let mut a = Wide::<3>([u64::MAX, u64::MAX, 0]);
        a.add(&Wide::one());
        assert_eq!(a, Wide([0, 0, 1]));
        assert_eq!(a.to_big(), BigUint::from(1u8) << 128);
        let mut b = Wide::<2>([5, 7]);
        b.add(&Wide([u64::MAX - 4, 1]));
        assert_eq!(b, Wide([0, 9]));
    }

    #[test]
    fn limbs_hold_three_to_the_points() {
        // 3^40 < 2^64 < 3^41; 3^361 has 573 bits.
        assert_eq!(limbs_for(40), 1);
        assert_eq!(limbs_for(41), 2);
        assert_eq!(limbs_for(361), 9);
    }
}
