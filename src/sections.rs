//! Sections of a markdown document found by their headings, for panels that pull one part out
//! of a long statement (FeatureBench's interface descriptions).

/// The sections under `#`-headings whose title starts with `prefix` (case-insensitive), each as
/// `(title, body)`. A section ends at the next heading of the same or a higher level.
pub fn sections_titled<'a>(markdown: &'a str, prefix: &str) -> Vec<(&'a str, &'a str)> {
    let prefix = prefix.to_lowercase();
    let headings = headings(markdown);
    headings
        .iter()
        .enumerate()
        .filter(|(_, h)| h.title.to_lowercase().starts_with(&prefix))
        .map(|(i, h)| {
            let end = headings[i + 1..]
                .iter()
                .find(|next| next.level <= h.level)
                .map_or(markdown.len(), |next| next.start);
            (h.title, markdown[h.body..end].trim_matches('\n'))
        })
        .collect()
}

struct Heading<'a> {
    level: usize,
    title: &'a str,
    /// Byte offset of the heading line.
    start: usize,
    /// Byte offset just after it.
    body: usize,
}

/// ATX headings outside fenced code blocks.
fn headings(markdown: &str) -> Vec<Heading<'_>> {
    let mut found = Vec::new();
    let mut offset = 0;
    let mut in_fence = false;
    for line in markdown.split_inclusive('\n') {
        let trimmed = line.trim_end();
        if trimmed.trim_start().starts_with("```") {
            in_fence = !in_fence;
        } else if !in_fence {
            let level = trimmed.chars().take_while(|c| *c == '#').count();
            if (1..=6).contains(&level) && trimmed[level..].starts_with(' ') {
                found.push(Heading {
                    level,
                    title: trimmed[level..].trim(),
                    start: offset,
                    body: offset + line.len(),
                });
            }
        }
        offset += line.len();
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_numbered_sections_until_the_next_sibling_heading() {
        let doc = "## Task\nDo it.\n## Interface Descriptions\n### Clarification\nRead.\n### Interface Description 1\n\
                   ```python\n# not a heading\ndef f(): ...\n```\n#### Notes\nn\n### Interface Description 2\nclass A\n## After\nx\n";
        let found = sections_titled(doc, "interface description ");
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].0, "Interface Description 1");
        assert_eq!(found[0].1, "```python\n# not a heading\ndef f(): ...\n```\n#### Notes\nn");
        assert_eq!(found[1], ("Interface Description 2", "class A"));
        assert!(sections_titled(doc, "missing").is_empty());
        assert!(sections_titled("#nospace\n", "nospace").is_empty());
    }
}
