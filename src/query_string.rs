//! The query string written in Rust, byte for byte what the browser's `URLSearchParams` writes
//! (the WHATWG `application/x-www-form-urlencoded` serializer). Every link in the list is a
//! permalink and is rewritten as the URL changes, so writing it must not cross into JavaScript
//! once per parameter.

/// `?key=value&...` for `pairs` in order, or empty when there are none.
pub fn to_query<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> String {
    let mut out = String::new();
    for (key, value) in pairs {
        push_pair(&mut out, key, value);
    }
    out
}

/// Appends `key=value` to the query `out`, after a `?` when `out` is empty, else after a `&`.
pub fn push_pair(out: &mut String, key: &str, value: &str) {
    out.push(if out.is_empty() { '?' } else { '&' });
    write_pair(out, key, value);
}

/// Appends `key=value`, encoded, with no separator before it.
pub fn write_pair(out: &mut String, key: &str, value: &str) {
    encode_into(key, out);
    out.push('=');
    encode_into(value, out);
}

/// Appends `text` form-encoded: ASCII letters, digits and `*-._` as they are, a space as `+`,
/// every other byte of its UTF-8 as `%XX`.
fn encode_into(text: &str, out: &mut String) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for byte in text.bytes() {
        match byte {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'*' | b'-' | b'.' | b'_' => out.push(byte as char),
            b' ' => out.push('+'),
            _ => {
                out.push('%');
                out.push(HEX[(byte >> 4) as usize] as char);
                out.push(HEX[(byte & 15) as usize] as char);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::to_query;

    #[test]
    fn no_pairs_is_empty() {
        assert_eq!(to_query([]), "");
    }

    #[test]
    fn pairs_keep_their_order_and_repeats() {
        assert_eq!(
            to_query([("f", "repo:a"), ("q", "x"), ("f", "repo:b")]),
            "?f=repo%3Aa&q=x&f=repo%3Ab"
        );
    }

    #[test]
    fn encodes_as_url_search_params_does() {
        // What `new URLSearchParams([["q", ...]]).toString()` gives in a browser.
        assert_eq!(to_query([("q", "a b+c")]), "?q=a+b%2Bc");
        assert_eq!(
            to_query([("data", "https://x.org/d/?a=1&b=~")]),
            "?data=https%3A%2F%2Fx.org%2Fd%2F%3Fa%3D1%26b%3D%7E"
        );
        assert_eq!(to_query([("q", "*-._!'()")]), "?q=*-._%21%27%28%29");
        assert_eq!(to_query([("q", "é→😀")]), "?q=%C3%A9%E2%86%92%F0%9F%98%80");
        assert_eq!(to_query([("q", "#%\n")]), "?q=%23%25%0A");
    }
}
