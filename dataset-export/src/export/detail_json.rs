//! An instance as the JSON of a detail shard, written by sonic-rs rather than serde_json.
//!
//! Both write the same bytes (the tests below hold them to it): compact, fields in declaration
//! order, the same escapes. serde_json looks for the characters to escape one byte at a time,
//! and that was 13% of the export's reading thread, the one that sets its pace (detail shards
//! are most of what an export writes); sonic-rs looks 16 or 32 at a time. Everything else the
//! export writes, and everything the app reads, stays with serde_json.

use benchscope_contract::Instance;

/// Appends `instance` to `out` as compact JSON.
pub fn append_instance(out: &mut Vec<u8>, instance: &Instance) -> anyhow::Result<()> {
    sonic_rs::to_writer(out, instance)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use benchscope_contract::{Document, TestLists};

    fn written(instance: &Instance) -> Vec<u8> {
        let mut out = Vec::new();
        append_instance(&mut out, instance).unwrap();
        out
    }

    /// Every character there is, in strings of 256 consecutive ones: the escapes (the control
    /// characters, `"`, `\`) and what is left as it is (`/`, DEL, U+2028, every other code
    /// point).
    #[test]
    fn every_character_is_written_as_serde_json_writes_it() {
        let characters: Vec<char> = (0..=0x10FFFF_u32).filter_map(char::from_u32).collect();
        for (nth, run) in characters.chunks(256).enumerate() {
            let text: String = run.iter().collect();
            let mut instance = Instance {
                id: format!("run-{nth}"),
                title: text.clone(),
                ..Instance::default()
            };
            instance.documents.push(Document::markdown("Statement", text));
            assert_eq!(
                written(&instance),
                serde_json::to_vec(&instance).unwrap(),
                "characters from U+{:04X}",
                u32::from(run[0])
            );
        }
    }

    /// Escapes between runs of plain text of every length up to two blocks, so that the fast
    /// scan stops and restarts at every offset; in each place a string is written (test names,
    /// labels, map keys).
    #[test]
    fn escapes_at_every_offset_are_written_as_serde_json_writes_them() {
        for length in 0..70 {
            for escape in ["\"", "\\", "\n", "\u{1}", "\u{1f}", "\t", "\u{7f}", "é", "\u{2028}", "😀"] {
                let plain = "x".repeat(length);
                let text = format!("{plain}{escape}{plain}{escape}{escape}{plain}");
                let mut instance = Instance {
                    id: text.clone(),
                    tests: Some(TestLists {
                        fail_to_pass: vec![text.clone(), plain.clone()],
                        pass_to_pass: vec![escape.to_string()],
                    }),
                    ..Instance::default()
                };
                instance.facets.insert(text.clone(), text.clone());
                instance.documents.push(Document::code(text.clone(), &text, text.clone()));
                assert_eq!(written(&instance), serde_json::to_vec(&instance).unwrap(), "{text:?}");
            }
        }
    }

    /// A record's fields the export does not know are kept as they were read: numbers of every
    /// kind, floats among them, nested arrays and objects, null.
    #[test]
    fn fields_kept_as_read_are_written_as_serde_json_writes_them() {
        let mut floats = vec![0.0, -0.0, 1.0, -1.5, 0.1, 1e-7, 1e15, 1e16, 1e17, 1e21, 1e22, 1e100, 1e-300, 5e-324];
        floats.extend([f64::MAX, f64::MIN, f64::MIN_POSITIVE, f64::EPSILON, 123456789.125, 2f64.powi(53)]);
        // A spread of bit patterns: every exponent, varied mantissas.
        let mut bits = 0x9E37_79B9_7F4A_7C15_u64;
        for _ in 0..20_000 {
            bits = bits.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let value = f64::from_bits(bits);
            if value.is_finite() {
                floats.push(value);
            }
        }
        let mut instance = Instance::default();
        for (nth, value) in floats.iter().enumerate() {
            instance.extra.insert(format!("f{nth}"), serde_json::json!(value));
        }
        for (nth, value) in [0, 1, -1, i64::MIN, i64::MAX].iter().enumerate() {
            instance.extra.insert(format!("i{nth}"), serde_json::json!(value));
        }
        instance.extra.insert("u".into(), serde_json::json!(u64::MAX));
        instance.extra.insert(
            "nested".into(),
            serde_json::json!({"a": [1, 2.5, null, true, false, "x\u{0}y", {"b": []}], "": {}}),
        );
        assert_eq!(
            String::from_utf8(written(&instance)).unwrap(),
            serde_json::to_string(&instance).unwrap()
        );
    }
}
