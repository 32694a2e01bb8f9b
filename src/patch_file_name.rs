//! The name a downloaded patch is saved under: the instance, then whose patch it is
//! (`django__django-11001.gold.patch`, `django__django-11001.<run>.patch`).

/// `<instance>.<whose>.patch`, each part kept to letters, digits, `-`, `_` and `.` (R2E-Gym's
/// ids hold `/` and `:`, which a file name cannot), every other character written `_`.
pub fn patch_file_name(instance: &str, whose: &str) -> String {
    format!("{}.{}.patch", file_safe(instance), file_safe(whose))
}

fn file_safe(text: &str) -> String {
    let safe: String = text
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || "-_.".contains(c) { c } else { '_' })
        .collect();
    // A name of dots alone (`.`, `..`) would be read as a folder.
    if safe.chars().all(|c| c == '.') {
        safe.replace('.', "_")
    } else {
        safe
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_patch_is_named_by_its_instance_and_whose_it_is() {
        assert_eq!(patch_file_name("django__django-11001", "gold"), "django__django-11001.gold.patch");
        assert_eq!(
            patch_file_name("namanjain12/widgets_final:0123abc", "test"),
            "namanjain12_widgets_final_0123abc.test.patch"
        );
        assert_eq!(
            patch_file_name("o__r-1", "20240620_sweagent_claude3.5sonnet"),
            "o__r-1.20240620_sweagent_claude3.5sonnet.patch"
        );
        assert_eq!(patch_file_name("x", "a b/c\\d"), "x.a_b_c_d.patch");
        assert_eq!(patch_file_name("..", "é"), "__._.patch");
    }
}
