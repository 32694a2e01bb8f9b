//! The words too common to search for, and the check for them on the tokenizer's hot path.

/// Words too common to search for.
pub(super) const STOP_WORDS: [&str; 64] = [
    "of", "to", "in", "is", "it", "on", "an", "as", "at", "be", "by", "or", "we", "the", "and", "for", "that", "this", "with", "are",
    "was", "but", "not", "you", "have", "has", "had", "from", "they", "will", "would", "there", "their", "what", "when", "which", "can",
    "could", "should", "into", "been", "also", "its", "then", "than", "some", "our", "any", "all", "one", "use", "used", "using", "like",
    "just", "only", "does", "did", "how", "get", "set", "out", "see", "more",
];

/// Whether `word` is a stop word: one multiplication and one load. A word of two to six bytes is
/// a `u64` ([`stop_word_key`]), and a multiplier chosen for these words gives each its own slot
/// of [`STOP_WORD_SLOTS`] (a `match` on the words compared a word with every stop word of its
/// length, a tenth of the export's postings thread).
pub(super) fn is_stop_word(word: &str) -> bool {
    let bytes = word.as_bytes();
    if !(2..=6).contains(&bytes.len()) {
        return false;
    }
    let key = stop_word_key(bytes);
    STOP_WORD_SLOTS[stop_word_slot(key)] == key
}

/// A word of at most seven bytes as one `u64`: its bytes little-endian, and its length in the top
/// byte, so that no word is 0 (an empty slot) and a word ending in NUL is not the word without it.
/// (Shifted in one at a time: copied into an array, a word of variable length was a call to
/// `memcpy`.)
const fn stop_word_key(bytes: &[u8]) -> u64 {
    let mut key = (bytes.len() as u64) << 56;
    let mut at = 0;
    while at < bytes.len() {
        key |= (bytes[at] as u64) << (8 * at);
        at += 1;
    }
    key
}

/// Found by trying random odd multipliers until the stop words' slots were all different; the
/// table's construction fails to compile when they are not.
const STOP_WORD_MULTIPLIER: u64 = 0xe375_4067_f80f_2515;

const fn stop_word_slot(key: u64) -> usize {
    (key.wrapping_mul(STOP_WORD_MULTIPLIER) >> 56) as usize
}

/// Each stop word's key in its slot; 0 (no word) elsewhere.
const STOP_WORD_SLOTS: [u64; 256] = {
    let mut slots = [0u64; 256];
    let mut nth = 0;
    while nth < STOP_WORDS.len() {
        let bytes = STOP_WORDS[nth].as_bytes();
        assert!(bytes.len() >= 2 && bytes.len() <= 6, "stop words are two to six bytes");
        let key = stop_word_key(bytes);
        let slot = stop_word_slot(key);
        assert!(slots[slot] == 0, "two stop words share a slot: choose another multiplier");
        slots[slot] = key;
        nth += 1;
    }
    slots
};

#[cfg(test)]
mod tests {
    use super::*;

    /// Every word of up to two ASCII characters, every stop word with one byte changed, added
    /// or taken away, and longer words: a stop word exactly when the list holds it.
    #[test]
    fn a_stop_word_is_one_the_list_holds() {
        let mut words: Vec<String> = (0u8..128)
            .flat_map(|a| (0u8..128).map(move |b| String::from_utf8(vec![a, b]).unwrap()))
            .chain((0u8..128).map(|a| String::from(a as char)))
            .collect();
        for stop in STOP_WORDS {
            words.push(stop.to_string());
            for at in 0..=stop.len() {
                for byte in (b'0'..=b'9').chain(b'a'..=b'z').chain([b'_', 0]) {
                    let mut changed = stop.as_bytes().to_vec();
                    if at < stop.len() {
                        changed[at] = byte;
                        let mut shorter = stop.as_bytes().to_vec();
                        shorter.remove(at);
                        words.push(String::from_utf8(shorter).unwrap());
                    }
                    words.push(String::from_utf8(changed).unwrap());
                    let mut longer = stop.as_bytes().to_vec();
                    longer.insert(at, byte);
                    words.push(String::from_utf8(longer).unwrap());
                }
            }
            words.push(format!("{stop}é"));
            words.push(stop.to_uppercase());
        }
        words.extend(["shouldn", "shoulder", "seven", "", "ééé"].map(String::from));
        for word in &words {
            assert_eq!(is_stop_word(word), STOP_WORDS.contains(&word.as_str()), "{word:?}");
        }
        assert!(STOP_WORDS.iter().all(|stop| is_stop_word(stop)));
    }
}
