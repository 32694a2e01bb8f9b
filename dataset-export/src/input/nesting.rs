//! JSON read without serde_json's limit of 128 nested arrays and objects, under a limit of our
//! own, counted as the text is forgiven (no pass of its own). Moatless Tools' search trees nest
//! every node in its parent's `children`, two levels a node, so a run of a hundred steps nests
//! past 128; a hostile file nested a million deep must still be refused, not overflow the stack
//! (deserializing it, or dropping the value it made).

use std::io::Read;

use serde::de::{Deserializer as _, Visitor};

use super::forgiving_within;

/// How deep a document may nest: a chain of 500 Moatless nodes.
pub const MAX_DEPTH: usize = 1000;

/// A deserializer of `reader`'s JSON (one document, or one after another), [`forgiving`]ly read,
/// that nests as deep as [`MAX_DEPTH`]: past it, reading fails.
///
/// [`forgiving`]: super::forgiving
pub fn deep_json<R: Read>(reader: R) -> std::io::Result<serde_json::Deserializer<serde_json::de::IoRead<impl Read>>> {
    let mut de = serde_json::Deserializer::from_reader(forgiving_within(reader, MAX_DEPTH)?);
    de.disable_recursion_limit();
    Ok(de)
}

/// Runs `visitor` over the next document of `de`, the stack grown on the heap as its nesting
/// needs.
pub fn visit_deep<'de, R: serde_json::de::Read<'de>, V: Visitor<'de>>(
    de: &mut serde_json::Deserializer<R>,
    visitor: V,
) -> serde_json::Result<V::Value> {
    serde_stacker::Deserializer::new(de).deserialize_any(visitor)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::de::IgnoredAny;
    use serde_json::Value;

    fn nested(depth: usize) -> String {
        format!("{}{}", "[".repeat(depth), "]".repeat(depth))
    }

    #[test]
    fn deeper_than_serde_jsons_limit_reads() {
        let text = format!("{{\"a\": \"[[[{{\", \"b\": {}}}", nested(MAX_DEPTH - 1));
        let value: Value = visit_deep(&mut deep_json(text.as_bytes()).unwrap(), ValueVisitor).unwrap();
        assert_eq!(value["a"], "[[[{", "brackets in strings are text");
        assert!(serde_json::from_str::<Value>(&text).is_err(), "past serde_json's own limit");
    }

    #[test]
    fn deeper_than_ours_is_refused_not_overflowed() {
        let text = nested(1_000_000);
        let error = visit_deep(&mut deep_json(text.as_bytes()).unwrap(), IgnoredAnyVisitor).unwrap_err();
        assert!(error.to_string().contains("nested deeper than 1000"), "{error}");
    }

    #[test]
    fn the_refusal_is_placed_at_the_bracket_past_the_limit() {
        // The lists open on line 2 are the second level to the last; the next is past the limit.
        let prefix = format!("[1,\n  {}", "[".repeat(MAX_DEPTH - 1));
        let text = format!("{prefix}[]{}]", "]".repeat(MAX_DEPTH - 1));
        let error = visit_deep(&mut deep_json(text.as_bytes()).unwrap(), IgnoredAnyVisitor).unwrap_err();
        let column = prefix.lines().last().unwrap().len() + 1;
        assert_eq!((error.line(), error.column()), (2, column), "{error}");
    }

    #[test]
    fn an_escaped_quote_does_not_end_a_string() {
        let text = format!("[\"\\\"[[[[\", {}]", nested(MAX_DEPTH - 1));
        assert!(visit_deep(&mut deep_json(text.as_bytes()).unwrap(), IgnoredAnyVisitor).is_ok());
    }

    struct ValueVisitor;
    impl<'de> Visitor<'de> for ValueVisitor {
        type Value = Value;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("JSON")
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<Value, A::Error> {
            serde::Deserialize::deserialize(serde::de::value::MapAccessDeserializer::new(map))
        }
    }

    struct IgnoredAnyVisitor;
    impl<'de> Visitor<'de> for IgnoredAnyVisitor {
        type Value = ();
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("JSON")
        }
        fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
            while seq.next_element::<IgnoredAny>()?.is_some() {}
            Ok(())
        }
    }
}
