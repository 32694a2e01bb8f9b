//! The tokenizer the exporter and the app share: a text's words, lower-cased, and the parts of
//! a word with underscores, stop words and words too short or too long left out.

use super::stop_words::is_stop_word;
use super::word_blocks;

/// Lower-cased words of 2 to 40 characters (letters, digits, `_`), stop words removed; a word
/// with underscores is followed by its parts, so `foo_bar` also finds `bar`.
pub fn tokenize(text: &str) -> Vec<String> {
    terms_of_lowercase(&text.to_lowercase()).map(str::to_string).collect()
}

/// A query's last word, lower-cased, while it is being typed: two letters or more, and no space
/// after it. The app fetches the buckets it leads to before it is a searched term ("as" of
/// "astropy"); one letter would lead to too many.
pub fn unfinished_word(query: &str) -> Option<String> {
    if query.ends_with(char::is_whitespace) {
        return None;
    }
    let word = query.rsplit(|c: char| !(c.is_alphanumeric() || c == '_')).next()?;
    (word.chars().count() >= 2).then(|| word.to_lowercase())
}

/// [`tokenize`] on text that is already lower-cased, borrowing the terms from it (the
/// exporter's hot path: no allocation per term).
pub fn terms_of_lowercase(lowercase: &str) -> impl Iterator<Item = &str> {
    Terms {
        words: words(lowercase),
        parts: "",
        parts_ascii: true,
    }
}

/// The terms of a text: each word, then, when it has underscores inside, its parts.
struct Terms<'a> {
    words: Words<'a>,
    /// What is left of the last word's underscore parts, from the start of the next part.
    parts: &'a str,
    /// That word is all ASCII, and so are its parts.
    parts_ascii: bool,
}

impl<'a> Iterator for Terms<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        loop {
            while !self.parts.is_empty() {
                let (part, rest) = split_at_underscore(self.parts);
                self.parts = rest;
                if is_term(part, self.parts_ascii) {
                    return Some(part);
                }
            }
            let Word {
                text: mut word,
                ascii,
                underscore,
            } = self.words.next_word()?;
            if underscore {
                word = trim_underscores(word);
                if word.bytes().any(|byte| byte == b'_') {
                    self.parts = word;
                    self.parts_ascii = ascii;
                }
            }
            if is_term(word, ascii) {
                return Some(word);
            }
        }
    }
}

/// `text` up to its first `_`, and what follows that `_` (empty when there is none). The
/// underscores of a word are looked for a byte at a time: words are short, and `memchr`'s call and
/// setup were most of what `split_once` cost on them.
#[inline(always)]
fn split_at_underscore(text: &str) -> (&str, &str) {
    match text.bytes().position(|byte| byte == b'_') {
        Some(at) => (&text[..at], &text[at + 1..]),
        None => (text, ""),
    }
}

/// `word` without the underscores it starts and ends with.
#[inline(always)]
fn trim_underscores(word: &str) -> &str {
    let bytes = word.as_bytes();
    let start = bytes.iter().position(|&byte| byte != b'_').unwrap_or(bytes.len());
    let end = bytes.iter().rposition(|&byte| byte != b'_').map_or(start, |last| last + 1);
    &word[start..end]
}

/// Whether `word` is searched for: 2 to 40 characters, not a stop word.
#[inline(always)]
fn is_term(word: &str, ascii: bool) -> bool {
    let length = if ascii { word.len() } else { word.chars().count() };
    (2..=40).contains(&length) && !is_stop_word(word)
}

/// The runs of letters, digits and `_` in `text`, none empty.
fn words(text: &str) -> Words<'_> {
    Words { text, at: 0 }
}

/// ASCII is classified a block of 16 bytes at a time where there are blocks
/// ([`word_blocks`]), else by a table a byte at a time; only other characters are decoded (this
/// is the export's innermost loop: splitting on a `char` predicate decoded every character, and
/// a closure over the position kept it in memory, at 200 MB/s).
struct Words<'a> {
    text: &'a str,
    at: usize,
}

/// A word of a text.
struct Word<'a> {
    text: &'a str,
    /// All of it ASCII.
    ascii: bool,
    /// It holds a `_`.
    underscore: bool,
}

/// The ASCII bytes that belong to a word.
const ASCII_WORD: [bool; 128] = {
    let mut table = [false; 128];
    let mut byte = 0;
    while byte < 128 {
        table[byte] = (byte as u8).is_ascii_alphanumeric() || byte as u8 == b'_';
        byte += 1;
    }
    table
};

impl<'a> Words<'a> {
    #[inline(always)]
    fn next_word(&mut self) -> Option<Word<'a>> {
        let start = self.word_start()?;
        let mut word = Word {
            text: "",
            ascii: true,
            underscore: false,
        };
        let end = self.word_end(start, &mut word);
        self.at = end;
        word.text = &self.text[start..end];
        Some(word)
    }

    /// Where the next word starts, from `self.at`.
    #[inline(always)]
    fn word_start(&self) -> Option<usize> {
        let (text, bytes) = (self.text, self.text.as_bytes());
        let mut at = self.at;
        loop {
            if let Some(block) = word_blocks::block_at(bytes, at) {
                let stops = block.word | block.non_ascii;
                if stops == 0 {
                    at += word_blocks::BLOCK;
                    continue;
                }
                at += stops.trailing_zeros() as usize;
            }
            let &byte = bytes.get(at)?;
            if byte < 0x80 {
                if ASCII_WORD[usize::from(byte)] {
                    return Some(at);
                }
                at += 1;
            } else {
                let (is_word, length) = decoded_class(text, at);
                if is_word {
                    return Some(at);
                }
                at += length;
            }
        }
    }

    /// Where the word starting at `start` ends; notes in `word` what it holds.
    #[inline(always)]
    fn word_end(&self, start: usize, word: &mut Word<'a>) -> usize {
        let (text, bytes) = (self.text, self.text.as_bytes());
        let mut at = start;
        loop {
            if let Some(block) = word_blocks::block_at(bytes, at) {
                let run = block.run_ends().trailing_zeros() as usize;
                word.underscore |= block.underscore & ((1u32 << run) - 1) != 0;
                at += run;
                if run == word_blocks::BLOCK {
                    continue;
                }
            }
            let Some(&byte) = bytes.get(at) else {
                return at;
            };
            if byte < 0x80 {
                if !ASCII_WORD[usize::from(byte)] {
                    return at;
                }
                word.underscore |= byte == b'_';
                at += 1;
            } else {
                let (is_word, length) = decoded_class(text, at);
                if !is_word {
                    return at;
                }
                at += length;
                word.ascii = false;
            }
        }
    }
}

impl<'a> Iterator for Words<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        self.next_word().map(|word| word.text)
    }
}

/// Whether the non-ASCII character starting at byte `at` of `text` belongs to a word, and its
/// length.
#[cold]
fn decoded_class(text: &str, at: usize) -> (bool, usize) {
    let c = text[at..].chars().next().expect("a character starts at a char boundary");
    (c.is_alphanumeric(), c.len_utf8())
}

#[cfg(test)]
mod tests {
    use super::super::stop_words::STOP_WORDS;
    use super::*;

    #[test]
    fn the_word_being_typed_is_the_last_one_of_two_letters_or_more() {
        assert_eq!(unfinished_word("As").as_deref(), Some("as"));
        assert_eq!(unfinished_word("fix the").as_deref(), Some("the"));
        assert_eq!(unfinished_word("path/to").as_deref(), Some("to"));
        assert_eq!(unfinished_word("a"), None, "one letter leads to too many buckets");
        assert_eq!(unfinished_word("as "), None, "a space finishes the word");
        assert_eq!(unfinished_word(""), None);
    }

    #[test]
    fn tokens_are_lowercase_words_without_stop_words() {
        let terms = tokenize("The __init__ of Über-Class and x");
        assert_eq!(terms, ["init", "über", "class"]);
    }

    /// The splitting `words` replaced: on a `char` predicate.
    fn words_by_char(text: &str) -> Vec<&str> {
        text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .filter(|w| !w.is_empty())
            .collect()
    }

    #[test]
    fn words_split_as_a_char_predicate_does() {
        let texts = [
            "",
            "   ",
            "plain words, and_more: __dunder__ x1 9z",
            "Über-Class naïve café 数据 ½ ٣ ⅷ — émoji😀inside a😀b",
            "tabs\tand\nnewlines\r\n\u{a0}nbsp\u{2028}sep",
            "_ __ ___ a_ _b",
            "trailing word",
            "ünïcödé",
        ];
        for text in texts {
            assert_eq!(words(text).collect::<Vec<_>>(), words_by_char(text), "{text:?}");
        }
        let every_char: String = (0u32..0x3000).filter_map(char::from_u32).collect();
        assert_eq!(words(&every_char).collect::<Vec<_>>(), words_by_char(&every_char));
    }

    /// The terms of `text` by [`words_by_char`].
    fn reference_terms(text: &str) -> Vec<String> {
        words_by_char(text)
            .into_iter()
            .flat_map(|word| {
                let word = word.trim_matches('_');
                let parts = word.contains('_').then(|| word.split('_').filter(|p| !p.is_empty()));
                std::iter::once(word).chain(parts.into_iter().flatten())
            })
            .filter(|w| (2..=40).contains(&w.chars().count()) && !STOP_WORDS.contains(w))
            .map(str::to_string)
            .collect()
    }

    /// Words and underscores placed at every offset of a 16-byte block and across its edge:
    /// the words and terms are those of one character at a time.
    #[test]
    fn words_and_terms_are_the_same_wherever_a_block_ends() {
        let pieces = [
            "a_b",
            "__init__",
            "über_straße",
            "x😀y",
            "abcdefghijklmnopqrstuvwxyz0123456789",
            "long_word_with_parts_past_sixteen_bytes",
            "____",
            "-.-",
            "é",
            "\u{a0}",
        ];
        for shift in 0..40 {
            for (first, second) in pieces.iter().flat_map(|a| pieces.iter().map(move |b| (a, b))) {
                for gap in [" ", "", "_", "é"] {
                    let text = format!("{}{first}{gap}{second} tail", "q".repeat(shift));
                    assert_eq!(words(&text).collect::<Vec<_>>(), words_by_char(&text), "{text:?}");
                    assert_eq!(terms_of_lowercase(&text).collect::<Vec<_>>(), reference_terms(&text), "{text:?}");
                    let spaced = format!("{}{first}{gap}{second}", " ".repeat(shift));
                    assert_eq!(words(&spaced).collect::<Vec<_>>(), words_by_char(&spaced), "{spaced:?}");
                }
            }
        }
    }

    #[test]
    fn terms_are_the_words_then_their_underscore_parts() {
        let reference = reference_terms;
        let text = "__init__ test_case_7 a__b_cd _x_ x_ __ of_the_matrix über_straße ok \
                    thisisaverylongwordthatgoesonandonandonpastforty_short";
        let ours: Vec<&str> = terms_of_lowercase(text).collect();
        assert_eq!(ours, reference(text));
        assert_eq!(
            terms_of_lowercase("test_case_7").collect::<Vec<_>>(),
            ["test_case_7", "test", "case"]
        );
    }
}
