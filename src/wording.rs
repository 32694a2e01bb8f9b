//! Counted nouns, as the pages write them.

/// "1 file", "3 files".
pub fn plural(count: usize, noun: &str) -> String {
    if count == 1 {
        format!("1 {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_the_rest_plural() {
        assert_eq!(
            [plural(0, "run"), plural(1, "run"), plural(2, "run")],
            ["0 runs", "1 run", "2 runs"]
        );
    }
}
