//! The tokenizer's bytes classified 16 at a time, with SSE2 (which every x86_64 processor has).
//!
//! Finding where each word starts and ends one byte at a time was about half of the exporter's
//! tokenizing (a sixth of its postings thread), most of it in the branch at each word's end,
//! which a processor cannot predict. A block's bits say at once which of its bytes are ASCII
//! word bytes, which are not ASCII (decoded one character at a time, as before) and which are
//! `_`. Elsewhere (the app's wasm) there are no blocks and the bytes are classified one at a
//! time.

/// One bit per byte of a block, byte `i` at bit `i`.
#[derive(Clone, Copy)]
pub struct Block {
    /// ASCII letters, digits and `_`.
    pub word: u32,
    /// Bytes of non-ASCII characters.
    pub non_ascii: u32,
    pub underscore: u32,
}

/// Bytes a block covers.
pub const BLOCK: usize = 16;

impl Block {
    /// The bytes that end a run of ASCII word bytes (any other byte, ASCII or not), and the bit
    /// past the block, so that a block of word bytes only ends its run there.
    pub fn run_ends(self) -> u32 {
        !self.word & ((1 << BLOCK) - 1) | 1 << BLOCK
    }
}

/// The block of the 16 bytes of `bytes` from `at`; `None` when fewer are left.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub fn block_at(bytes: &[u8], at: usize) -> Option<Block> {
    use std::arch::x86_64::*;
    let block: &[u8; BLOCK] = bytes.get(at..at + BLOCK)?.try_into().ok()?;
    // SAFETY: SSE2 is part of x86_64; the load reads the 16 bytes of `block`, unaligned.
    unsafe {
        let splat = |byte: u8| _mm_set1_epi8(byte as i8);
        let v = _mm_loadu_si128(block.as_ptr().cast());
        // Signed comparisons: a non-ASCII byte is negative, so in no range below.
        let within = |v: __m128i, low: u8, high: u8| _mm_and_si128(_mm_cmpgt_epi8(v, splat(low - 1)), _mm_cmplt_epi8(v, splat(high + 1)));
        let digit = within(v, b'0', b'9');
        // Setting bit 5 folds `A`-`Z` onto `a`-`z` and sends no other byte there.
        let letter = within(_mm_or_si128(v, splat(0x20)), b'a', b'z');
        let underscore = _mm_cmpeq_epi8(v, splat(b'_'));
        let word = _mm_or_si128(_mm_or_si128(digit, letter), underscore);
        Some(Block {
            word: _mm_movemask_epi8(word) as u32,
            non_ascii: _mm_movemask_epi8(v) as u32,
            underscore: _mm_movemask_epi8(underscore) as u32,
        })
    }
}

#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
pub fn block_at(_bytes: &[u8], _at: usize) -> Option<Block> {
    None
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;

    /// Every byte value at every place of a block is classified as one byte at a time would be.
    #[test]
    fn every_byte_at_every_place_is_classified_as_alone() {
        for byte in 0..=255u8 {
            for place in 0..BLOCK {
                let mut bytes = [b' '; BLOCK + 3];
                bytes[place + 3] = byte;
                let block = block_at(&bytes, 3).unwrap();
                let bit = |mask: u32| mask >> place & 1 == 1;
                assert_eq!(
                    bit(block.word),
                    byte.is_ascii_alphanumeric() || byte == b'_',
                    "{byte:#x} at {place}"
                );
                assert_eq!(bit(block.non_ascii), !byte.is_ascii(), "{byte:#x} at {place}");
                assert_eq!(bit(block.underscore), byte == b'_', "{byte:#x} at {place}");
                let others = !(1u32 << place) & 0xFFFF;
                assert_eq!((block.word | block.non_ascii | block.underscore) & others, 0, "the spaces around");
            }
        }
        assert!(block_at(&[b'a'; BLOCK - 1], 0).is_none(), "fewer than 16 bytes left");
        assert!(block_at(&[b'a'; BLOCK + 1], 2).is_none());
    }
}
