//! A Codex patch applied, as a step: the patch as the agent wrote it, which the page draws as a
//! diff of each file it changes ([`benchscope_contract::trajectory::codex_patch`] reads its
//! format), with the place Codex gives each hunk (`@@ def parse(text):`) kept. Its header lines
//! name the files it changes, which the trajectory's facts count as edited.

use benchscope_contract::trajectory::codex_patch::CODEX_PATCH_TOOL;
use benchscope_contract::trajectory::Step;

/// The step of a patch applied (`patch` as the agent wrote it, maybe inside a shell's
/// here-document).
pub fn patch_step(patch: &str) -> Step {
    Step {
        tool: Some(CODEX_PATCH_TOOL.to_string()),
        action: patch.trim_end().to_string(),
        ..Step::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use benchscope_contract::trajectory::facts::facts_of;
    use benchscope_contract::trajectory::Trajectory;

    #[test]
    fn a_patch_is_its_step_as_written_and_edits_the_files_it_names() {
        let patch = "apply_patch <<'EOF'\n*** Begin Patch\n*** Update File: a.py\n@@ def f():\n-    x = 1\n+    x = 2\n*** Delete File: b.py\n*** End Patch\nEOF\n";
        let step = patch_step(patch);
        assert_eq!(
            (step.tool.as_deref(), step.action.as_str()),
            (Some("apply_patch"), patch.trim_end())
        );
        let trajectory = Trajectory {
            steps: vec![step],
            ..Trajectory::default()
        };
        assert_eq!(facts_of(&trajectory, "t.json").files_edited, ["a.py", "b.py"]);
    }
}
