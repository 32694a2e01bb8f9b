//! Trajectory files read as streams, never whole: a trajectory's steps (and events as large) sit in
//! one or two top-level arrays of its document, so a file is read twice. The first pass keeps each
//! document's *skeleton*: every field, but each of those arrays cut to its first element (enough
//! to tell the format). The second hands the arrays' elements one at a time to the format's
//! reader. Memory stays bounded by the largest element, not the file.

use std::fmt;
use std::io::Read;

use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

use crate::input::nesting::{deep_json, visit_deep};

/// The top-level arrays that may hold a trajectory's steps, or events as many (or, in an Inspect
/// JSON log, its samples: each one a trajectory; in Trae Agent's, every message sent before each
/// answer, `llm_interactions`; in R2E-Gym's, its `trajectory_steps`; in Moatless Tools', the
/// states it went through, `transitions`, or since 2025 its `nodes`).
pub const STREAMED: [&str; 11] = [
    "trajectory",
    "history",
    "messages",
    "steps",
    "events",
    "samples",
    "agent_steps",
    "llm_interactions",
    "trajectory_steps",
    "transitions",
    "nodes",
];

/// The key a document that is a bare array (older mini-swe-agent files) streams its elements as.
pub const BARE_ARRAY: &str = "messages";

/// The skeleton of every JSON document in `reader` (one, or one per line of JSON Lines).
pub fn skeletons(reader: impl Read) -> serde_json::Result<Vec<Value>> {
    let mut de = deep_json(reader).map_err(serde_json::Error::io)?;
    let mut documents = Vec::new();
    while de.end().is_err() {
        documents.push(visit_deep(&mut de, SkeletonVisitor)?);
    }
    Ok(documents)
}

/// The skeleton of the first JSON document in `reader`, when it starts with one; the rest is not
/// read.
pub fn first_skeleton(reader: impl Read) -> Option<Value> {
    visit_deep(&mut deep_json(reader).ok()?, SkeletonVisitor).ok()
}

/// What receives the streamed arrays' elements.
pub trait Elements {
    /// Element `value` of the streamed array `key` of document `document` (counted from 0).
    fn element(&mut self, document: usize, key: &str, value: Value) -> anyhow::Result<()>;
    /// Document `document` has been read to its end.
    fn end(&mut self, document: usize) -> anyhow::Result<()>;
}

/// Hands every element of each document's streamed arrays in `reader` to `receiver`, in order. An
/// error of the receiver stops the reading and is given back as it is.
pub fn elements(reader: impl Read, receiver: &mut dyn Elements) -> anyhow::Result<()> {
    let mut de = deep_json(reader)?;
    let mut document = 0;
    while de.end().is_err() {
        let mut stopped = None;
        let visitor = ElementsVisitor {
            document,
            receiver: &mut *receiver,
            stopped: &mut stopped,
        };
        if let Err(error) = visit_deep(&mut de, visitor) {
            return Err(stopped.unwrap_or_else(|| error.into()));
        }
        receiver.end(document)?;
        document += 1;
    }
    Ok(())
}

/// A document with its streamed arrays cut to their first element.
struct SkeletonVisitor;

impl<'de> Visitor<'de> for SkeletonVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a trajectory: a JSON object or array")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut fields = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let value = if STREAMED.contains(&key.as_str()) {
                map.next_value_seed(FirstElement)?
            } else {
                map.next_value()?
            };
            fields.insert(key, value);
        }
        Ok(Value::Object(fields))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Value, A::Error> {
        first_element(seq)
    }
}

/// A streamed field's value: an array cut to its first element, anything else as it is.
struct FirstElement;

impl<'de> DeserializeSeed<'de> for FirstElement {
    type Value = Value;

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for FirstElement {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Value, A::Error> {
        first_element(seq)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Value, A::Error> {
        serde::Deserialize::deserialize(de::value::MapAccessDeserializer::new(map))
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
}

fn first_element<'de, A: SeqAccess<'de>>(mut seq: A) -> Result<Value, A::Error> {
    let first: Option<Value> = seq.next_element()?;
    while seq.next_element::<IgnoredAny>()?.is_some() {}
    Ok(Value::Array(first.into_iter().collect()))
}

/// A document's streamed arrays, element by element; its other fields skipped.
struct ElementsVisitor<'a> {
    document: usize,
    receiver: &'a mut dyn Elements,
    /// The error that stopped the reading, when it came from `element` rather than the JSON.
    stopped: &'a mut Option<anyhow::Error>,
}

impl<'de> Visitor<'de> for ElementsVisitor<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a trajectory: a JSON object or array")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while let Some(key) = map.next_key::<String>()? {
            if STREAMED.contains(&key.as_str()) {
                map.next_value_seed(EachElement {
                    key: &key,
                    document: self.document,
                    receiver: &mut *self.receiver,
                    stopped: &mut *self.stopped,
                })?;
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<(), A::Error> {
        each_element(seq, self.document, BARE_ARRAY, self.receiver, self.stopped)
    }
}

/// One streamed field: each element of an array, nothing of any other value.
struct EachElement<'a> {
    key: &'a str,
    document: usize,
    receiver: &'a mut dyn Elements,
    stopped: &'a mut Option<anyhow::Error>,
}

impl<'de> DeserializeSeed<'de> for EachElement<'_> {
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for EachElement<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<(), A::Error> {
        each_element(seq, self.document, self.key, self.receiver, self.stopped)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(())
    }

    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }

    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }

    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }

    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }

    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }

    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }
}

fn each_element<'de, A: SeqAccess<'de>>(
    mut seq: A,
    document: usize,
    key: &str,
    receiver: &mut dyn Elements,
    stopped: &mut Option<anyhow::Error>,
) -> Result<(), A::Error> {
    while let Some(value) = seq.next_element::<Value>()? {
        if let Err(error) = receiver.element(document, key, value) {
            let message = format!("{error:#}");
            *stopped = Some(error);
            return Err(de::Error::custom(message));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_skeleton_keeps_every_field_and_the_first_element_of_each_streamed_array() {
        let text = r#"{"info": {"exit_status": "done"}, "trajectory": [{"a": 1}, {"a": 2}], "history": null}
                      [{"role": "user"}, {"role": "assistant"}]"#;
        let read = skeletons(text.as_bytes()).unwrap();
        assert_eq!(
            read,
            [
                json!({"info": {"exit_status": "done"}, "trajectory": [{"a": 1}], "history": null}),
                json!([{"role": "user"}])
            ]
        );
    }

    /// Every element and end, as received.
    #[derive(Default)]
    struct Seen {
        elements: Vec<(usize, String, Value)>,
        ends: Vec<usize>,
    }

    impl Elements for Seen {
        fn element(&mut self, document: usize, key: &str, value: Value) -> anyhow::Result<()> {
            if value == json!("fail") {
                anyhow::bail!("disk full");
            }
            self.elements.push((document, key.to_string(), value));
            Ok(())
        }

        fn end(&mut self, document: usize) -> anyhow::Result<()> {
            self.ends.push(document);
            Ok(())
        }
    }

    #[test]
    fn the_streamed_arrays_come_element_by_element_in_order() {
        let text = r#"{"steps": [1, 2], "other": [9], "events": [{"e": 3}]}
                      {"history": [[4, 5]]}"#;
        let mut seen = Seen::default();
        elements(text.as_bytes(), &mut seen).unwrap();
        assert_eq!(
            seen.elements,
            [
                (0, "steps".into(), json!(1)),
                (0, "steps".into(), json!(2)),
                (0, "events".into(), json!({"e": 3})),
                (1, "history".into(), json!([4, 5]))
            ]
        );
        assert_eq!(seen.ends, [0, 1]);
    }

    #[test]
    fn an_error_of_the_receiver_stops_the_reading_and_comes_back_whole() {
        let mut seen = Seen::default();
        let error = elements(r#"{"steps": [1, "fail", 3]}"#.as_bytes(), &mut seen).unwrap_err();
        assert_eq!(error.to_string(), "disk full");
        assert_eq!(seen.elements.len(), 1);
        assert!(skeletons("{\"steps\": [1,".as_bytes()).is_err(), "a cut file is an error");
    }
}
