//! Python `repr` of dicts, lists, strings, numbers, booleans and None, as older SWE-bench
//! harness logs print their reports, into JSON values.

use serde_json::{Map, Number, Value};

/// How deep dicts and lists may nest: as deep as serde_json allows JSON to, so that hostile input
/// cannot overflow the stack (the coverage-guided fuzzer found `[[[[...` doing so).
const MAX_DEPTH: usize = 128;

/// Parses one Python literal at the start of `text` (trailing text is ignored).
pub fn parse(text: &str) -> Result<Value, String> {
    let mut parser = Parser {
        chars: text.char_indices().peekable(),
        text,
        depth: 0,
    };
    parser.value()
}

struct Parser<'a> {
    chars: std::iter::Peekable<std::str::CharIndices<'a>>,
    text: &'a str,
    depth: usize,
}

impl Parser<'_> {
    fn skip_space(&mut self) {
        while self.chars.peek().is_some_and(|(_, c)| c.is_whitespace()) {
            self.chars.next();
        }
    }

    fn expect(&mut self, wanted: char) -> Result<(), String> {
        self.skip_space();
        match self.chars.next() {
            Some((_, c)) if c == wanted => Ok(()),
            Some((i, c)) => Err(format!("expected `{wanted}` at {i}, found `{c}`")),
            None => Err(format!("expected `{wanted}`, found the end")),
        }
    }

    fn value(&mut self) -> Result<Value, String> {
        self.skip_space();
        let Some(&(start, c)) = self.chars.peek() else {
            return Err("unexpected end".into());
        };
        if matches!(c, '{' | '[' | '(') {
            if self.depth == MAX_DEPTH {
                return Err(format!("nested more than {MAX_DEPTH} deep at {start}"));
            }
            self.depth += 1;
            let value = match c {
                '{' => self.dict(),
                '[' => self.list(']'),
                _ => self.list(')'),
            };
            self.depth -= 1;
            return value;
        }
        match c {
            '\'' | '"' => self.string().map(Value::String),
            _ => self.word(start),
        }
    }

    fn dict(&mut self) -> Result<Value, String> {
        self.expect('{')?;
        let mut map = Map::new();
        loop {
            self.skip_space();
            if self.chars.peek().is_some_and(|(_, c)| *c == '}') {
                self.chars.next();
                return Ok(Value::Object(map));
            }
            let key = match self.value()? {
                Value::String(s) => s,
                other => other.to_string(),
            };
            self.expect(':')?;
            map.insert(key, self.value()?);
            self.skip_space();
            match self.chars.next() {
                Some((_, ',')) => continue,
                Some((_, '}')) => return Ok(Value::Object(map)),
                Some((i, c)) => return Err(format!("expected `,` or `}}` at {i}, found `{c}`")),
                None => return Err("unterminated dict".into()),
            }
        }
    }

    fn list(&mut self, close: char) -> Result<Value, String> {
        self.chars.next();
        let mut items = Vec::new();
        loop {
            self.skip_space();
            if self.chars.peek().is_some_and(|(_, c)| *c == close) {
                self.chars.next();
                return Ok(Value::Array(items));
            }
            items.push(self.value()?);
            self.skip_space();
            match self.chars.next() {
                Some((_, ',')) => continue,
                Some((_, c)) if c == close => return Ok(Value::Array(items)),
                Some((i, c)) => return Err(format!("expected `,` or `{close}` at {i}, found `{c}`")),
                None => return Err("unterminated list".into()),
            }
        }
    }

    fn string(&mut self) -> Result<String, String> {
        let Some((_, quote)) = self.chars.next() else {
            return Err("unexpected end".into());
        };
        let mut out = String::new();
        while let Some((_, c)) = self.chars.next() {
            match c {
                c if c == quote => return Ok(out),
                '\\' => match self.chars.next() {
                    Some((_, 'n')) => out.push('\n'),
                    Some((_, 't')) => out.push('\t'),
                    Some((_, 'r')) => out.push('\r'),
                    Some((_, 'x')) => out.push(self.hex_char(2)?),
                    Some((_, 'u')) => out.push(self.hex_char(4)?),
                    Some((_, 'U')) => out.push(self.hex_char(8)?),
                    Some((_, other)) => out.push(other),
                    None => break,
                },
                c => out.push(c),
            }
        }
        Err("unterminated string".into())
    }

    fn hex_char(&mut self, digits: usize) -> Result<char, String> {
        let hex: String = (0..digits).filter_map(|_| self.chars.next().map(|(_, c)| c)).collect();
        u32::from_str_radix(&hex, 16)
            .ok()
            .and_then(char::from_u32)
            .ok_or_else(|| format!("bad escape \\{hex}"))
    }

    fn word(&mut self, start: usize) -> Result<Value, String> {
        let mut end = start;
        while let Some(&(i, c)) = self.chars.peek() {
            if c.is_alphanumeric() || "+-._".contains(c) {
                end = i + c.len_utf8();
                self.chars.next();
            } else {
                break;
            }
        }
        let word = &self.text[start..end];
        match word {
            "True" => Ok(Value::Bool(true)),
            "False" => Ok(Value::Bool(false)),
            "None" => Ok(Value::Null),
            _ => {
                if let Ok(n) = word.parse::<i64>() {
                    Ok(Value::Number(n.into()))
                } else if let Some(n) = word.parse::<f64>().ok().and_then(Number::from_f64) {
                    Ok(Value::Number(n))
                } else {
                    Err(format!("unknown literal `{word}` at {start}"))
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn deep_nesting_is_refused_not_a_stack_overflow() {
        let deep = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        assert!(parse(&deep).is_ok(), "as deep as JSON may be");
        for hostile in ["[".repeat(200_000), "{'a': ".repeat(50_000), "(".repeat(100_000)] {
            assert!(parse(&hostile).unwrap_err().contains("nested more than 128 deep"));
        }
    }

    #[test]
    fn reports_with_quotes_booleans_and_nesting() {
        let text = r#"{'patch_is_None': False, 'resolved': True, 'x': None, 'n': -1.5, 'tests_status': {'FAIL_TO_PASS': {'success': ["test_a[it's]", 'b\'c', 'tab\there'], 'failure': []}}, 't': (1, 2)} trailing"#;
        let value = parse(text).unwrap();
        assert_eq!(value["resolved"], json!(true));
        assert_eq!(value["x"], Value::Null);
        assert_eq!(value["n"], json!(-1.5));
        assert_eq!(
            value["tests_status"]["FAIL_TO_PASS"]["success"],
            json!(["test_a[it's]", "b'c", "tab\there"])
        );
        assert_eq!(value["t"], json!([1, 2]));
    }

    #[test]
    fn malformed_reprs_are_errors() {
        for text in ["{'a': ", "{'a' 1}", "['x'", "{'a': nope}", "'open"] {
            assert!(parse(text).is_err(), "{text}");
        }
    }
}
