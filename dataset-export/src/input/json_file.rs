//! A whole file read as one JSON document, as an editor may have saved it.

use benchscope_contract::file_names::{is_utf16, without_byte_order_mark, UTF16_TEXT};
use benchscope_contract::json_forgiven::from_slice_forgiving;
use serde::de::DeserializeOwned;

/// `bytes` (a whole file) as one JSON value. A byte order mark before it is not part of it; text
/// in UTF-16 is named as such rather than reported as JSON that never starts; Python's `NaN` and
/// a trailing comma are forgiven.
pub fn from_json_bytes<T: DeserializeOwned>(bytes: &[u8]) -> serde_json::Result<T> {
    if is_utf16(bytes) {
        return Err(serde::de::Error::custom(UTF16_TEXT));
    }
    from_slice_forgiving(without_byte_order_mark(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    #[test]
    fn a_byte_order_mark_is_not_part_of_the_document() {
        let value: Value = from_json_bytes(b"\xEF\xBB\xBF{\"a\": 1}").unwrap();
        assert_eq!(value, json!({"a": 1}));
        assert_eq!(from_json_bytes::<Value>(b" [1]").unwrap(), json!([1]));
    }

    #[test]
    fn utf16_text_is_named_as_such() {
        let utf16: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain("{}".encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        let error = from_json_bytes::<Value>(&utf16).unwrap_err().to_string();
        assert!(error.contains("UTF-16 text"), "{error}");
    }

    #[test]
    fn other_faults_keep_their_place() {
        let error = from_json_bytes::<Value>(b"\xEF\xBB\xBF{\"a\": }").unwrap_err();
        assert_eq!((error.line(), error.column()), (1, 7));
    }
}
