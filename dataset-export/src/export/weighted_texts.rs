//! The texts of an instance that the search index reads, lower-cased, with their weights.
//!
//! They are written on the reading thread and read on the postings thread, which sends each
//! list back to be written again. Allocated afresh for every instance, the texts were freed on
//! the postings thread: glibc frees a block under the lock of the arena that allocated it, the
//! reading thread's, which that thread was taking for its own allocations meanwhile.

use benchscope_contract::patch::patch_paths;
use benchscope_contract::search::weight;
use benchscope_contract::{Instance, PatchRole};

/// Texts with their weights; a text past the instance's last is left over from an earlier one
/// and not read (see [`WeightedTexts::texts`]).
#[derive(Default)]
pub struct WeightedTexts {
    slots: Vec<(String, u32)>,
    used: usize,
}

impl WeightedTexts {
    /// The texts of `instance` in place of the ones held: the title and id, the gold patch's
    /// paths, the tests and the documents, each lower-cased as `str::to_lowercase` does.
    pub fn fill(&mut self, instance: &Instance) {
        self.used = 0;
        self.lowercase_of([instance.title.as_str()], weight::TITLE);
        self.lowercase_of([instance.id.as_str()], weight::TITLE);
        if let Some(gold) = instance.patch(PatchRole::Gold) {
            self.lowercase_of(patch_paths(&gold.diff), weight::PATH);
        }
        if let Some(tests) = &instance.tests {
            let names = tests.fail_to_pass.iter().chain(&tests.pass_to_pass).map(String::as_str);
            self.lowercase_of(names, weight::TEST);
        }
        for document in &instance.documents {
            self.lowercase_of([document.markdown.as_str()], weight::TEXT);
        }
    }

    /// The texts of the instance last filled in.
    pub fn texts(&self) -> &[(String, u32)] {
        &self.slots[..self.used]
    }

    /// The next text: `pieces` joined by newlines, lower-cased as `str::to_lowercase` does (an
    /// ASCII text in place; another by it, whose rules look at a letter's neighbours).
    fn lowercase_of(&mut self, pieces: impl IntoIterator<Item = impl AsRef<str>>, weight: u32) {
        if self.used == self.slots.len() {
            self.slots.push((String::new(), weight));
        }
        let (text, slot_weight) = &mut self.slots[self.used];
        self.used += 1;
        *slot_weight = weight;
        text.clear();
        for (nth, piece) in pieces.into_iter().enumerate() {
            if nth > 0 {
                text.push('\n');
            }
            text.push_str(piece.as_ref());
        }
        if text.is_ascii() {
            text.make_ascii_lowercase();
        } else {
            *text = text.to_lowercase();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use benchscope_contract::{Document, RolePatch, TestLists};

    fn instance(title: &str, statement: &str, tests: Option<(&[&str], &[&str])>, gold: Option<&str>) -> Instance {
        Instance {
            id: "Org__Repo-12".into(),
            repo: "org/repo".into(),
            title: title.into(),
            documents: vec![Document::markdown("Problem statement", statement)],
            tests: tests.map(|(fail, pass)| TestLists {
                fail_to_pass: fail.iter().map(|name| name.to_string()).collect(),
                pass_to_pass: pass.iter().map(|name| name.to_string()).collect(),
            }),
            patches: gold
                .map(|diff| {
                    vec![RolePatch {
                        role: PatchRole::Gold,
                        diff: diff.into(),
                    }]
                })
                .unwrap_or_default(),
            ..Instance::default()
        }
    }

    /// What the texts were before they were written in place: each allocated and lower-cased by
    /// `str::to_lowercase`, the pieces joined first.
    fn reference(instance: &Instance) -> Vec<(String, u32)> {
        let mut texts = vec![
            (instance.title.to_lowercase(), weight::TITLE),
            (instance.id.to_lowercase(), weight::TITLE),
        ];
        if let Some(gold) = instance.patch(PatchRole::Gold) {
            texts.push((patch_paths(&gold.diff).join("\n").to_lowercase(), weight::PATH));
        }
        if let Some(tests) = &instance.tests {
            let names: Vec<&str> = tests.fail_to_pass.iter().chain(&tests.pass_to_pass).map(String::as_str).collect();
            texts.push((names.join("\n").to_lowercase(), weight::TEST));
        }
        for document in &instance.documents {
            texts.push((document.markdown.to_lowercase(), weight::TEXT));
        }
        texts
    }

    const GOLD: &str = "diff --git a/Src/Mod.py b/Src/Mod.py\n--- a/Src/Mod.py\n+++ b/Src/Mod.py\n@@ -1 +1 @@\n-a\n+b\n";

    #[test]
    fn texts_are_what_to_lowercase_gives_whatever_was_filled_before() {
        let instances = [
            instance(
                "Fix The Parser",
                "A LONG Statement\nwith Code",
                Some((&["Test_A"], &["Test_B", "Test_C"])),
                Some(GOLD),
            ),
            instance("Ünïcode ΣΑΣ", "ΟΔΟΣ Σ. İstanbul ǅ", Some((&["TEST_Σ"], &[])), None),
            instance("", "", None, None),
            instance("ASCII Again", "x", Some((&[], &[])), Some(GOLD)),
        ];
        let mut texts = WeightedTexts::default();
        // Every order of fills, so that each instance is written over every other's leftovers.
        for first in &instances {
            for second in &instances {
                texts.fill(first);
                assert_eq!(texts.texts(), reference(first));
                texts.fill(second);
                assert_eq!(texts.texts(), reference(second));
            }
        }
    }

    #[test]
    fn a_final_sigma_is_lower_cased_by_its_neighbours() {
        // Σ at a word's end is ς, elsewhere σ, and a newline ends a word: a rule that a
        // character's own lower case would miss.
        let mut texts = WeightedTexts::default();
        texts.fill(&instance("t", "s", Some((&["ΟΔΟΣ"], &["ΣΑ"])), None));
        assert_eq!(texts.texts()[2].0, "οδος\nσα");
    }
}
