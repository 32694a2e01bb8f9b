//! What plotters' SVG backend writes, made a document a chart's `<img>` shows as laid out.

/// What plotters' SVG backend wrote, made the document a chart's image shows:
///
/// - every character XML does not allow (the C0 controls but tab, line feed and carriage return;
///   U+FFFE and U+FFFF), which a label from the data may hold, becomes U+FFFD: one would make the
///   whole document fail to parse, and the chart a broken image;
/// - every `font-size` is written back at the size the chart was laid out for. The backend
///   divides each by 1.24 (the ratio of line height to size in its own TrueType fonts), while
///   the layout had the browser measure the text at its size as given, so the labels came out a
///   fifth smaller than the room made for them.
pub fn svg_for_image(svg: &str) -> String {
    let allowed = |c: char| !matches!(c, '\u{0}'..='\u{8}' | '\u{b}' | '\u{c}' | '\u{e}'..='\u{1f}' | '\u{fffe}' | '\u{ffff}');
    if svg.chars().all(allowed) {
        text_at_laid_out_size(svg)
    } else {
        let replaced: String = svg.chars().map(|c| if allowed(c) { c } else { '\u{fffd}' }).collect();
        text_at_laid_out_size(&replaced)
    }
}

fn text_at_laid_out_size(svg: &str) -> String {
    const ATTRIBUTE: &str = "font-size=\"";
    let mut out = String::with_capacity(svg.len());
    let mut rest = svg;
    while let Some(at) = rest.find(ATTRIBUTE) {
        let (before, after) = rest.split_at(at + ATTRIBUTE.len());
        out.push_str(before);
        let end = after.find('"').unwrap_or(after.len());
        match laid_out_hundredths(&after[..end]) {
            Some(hundredths) if hundredths % 100 == 0 => out.push_str(&(hundredths / 100).to_string()),
            Some(hundredths) => {
                let size = format!("{}.{:02}", hundredths / 100, hundredths % 100);
                out.push_str(size.trim_end_matches('0'));
            }
            None => out.push_str(&after[..end]),
        }
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

/// A size as the SVG backend wrote it (`9.67741935483871`), times 1.24, in hundredths (`1200`);
/// `None` if it is not a plain decimal. Read with integers alone: parsing a float would bring
/// the standard library's float parser and its tables into the wasm (15 KB gzipped).
fn laid_out_hundredths(written: &str) -> Option<u64> {
    let (whole, fraction) = written.split_once('.').unwrap_or((written, ""));
    let fraction = &fraction[..fraction.len().min(6)];
    if whole.is_empty() || !whole.bytes().chain(fraction.bytes()).all(|b| b.is_ascii_digit()) {
        return None;
    }
    let millionths = whole.parse::<u64>().ok()? * 1_000_000 + format!("{fraction:0<6}").parse::<u64>().ok()?;
    Some((millionths * 124 + 500_000) / 1_000_000)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn svg_text_is_written_at_the_size_it_was_laid_out_for_and_as_xml_allows() {
        let svg = r##"<text x="1" font-size="9.67741935483871" fill="#000">a</text><text font-size="12.903225806451612">b</text>"##;
        assert_eq!(
            svg_for_image(svg),
            r##"<text x="1" font-size="12" fill="#000">a</text><text font-size="16">b</text>"##
        );
        assert_eq!(svg_for_image("<svg/>"), "<svg/>", "no text, no change");
        assert_eq!(svg_for_image(r#"font-size="10.080645""#), r#"font-size="12.5""#);
        assert_eq!(svg_for_image(r#"font-size="8.870967741935484""#), r#"font-size="11""#);
        assert_eq!(
            svg_for_image(r#"font-size="1e3""#),
            r#"font-size="1e3""#,
            "not a plain decimal: kept"
        );
        assert_eq!(
            svg_for_image("<text>a\u{7}b\tc\u{1b}[31m\u{ffff}</text>"),
            "<text>a\u{fffd}b\tc\u{fffd}[31m\u{fffd}</text>"
        );
        assert_eq!(svg_for_image(r#"font-size="x"#), r#"font-size="x"#, "not a number: kept");
    }
}
