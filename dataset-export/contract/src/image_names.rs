//! The SWE-bench harness's Docker image names (`sweb.eval.x86_64.django_1776_django-11099:latest`),
//! as the lists of the images a subset needs are published: the instance each names, and whether
//! a text is such a list (the CLI reads one for `export --mark`; the page names one dropped on it).
//! Also FeatureBench's lists of the images `fb pull` pulls, which name repositories, not tasks.

/// Whether the text `head` (a file's first bytes) is a list of the SWE-bench harness's image
/// names, one a line, as the lists of the images a subset needs are published: what `--mark`
/// reads, given to `export` as a dataset or dropped on the page.
pub fn is_image_list(head: &[u8]) -> bool {
    every_line_is(head, |line| image(line).is_some())
}

/// Whether `head` has a line other than blanks and `#` comments, and each of them is `is_name`.
fn every_line_is(head: &[u8], is_name: impl Fn(&str) -> bool) -> bool {
    let text = String::from_utf8_lossy(head);
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    // A last line without its line break may be cut where the head ends.
    let cut = !head.ends_with(b"\n") && lines.len() > 1;
    let checked = if cut { &lines[..lines.len() - 1] } else { &lines[..] };
    !checked.is_empty() && checked.iter().all(|line| is_name(line))
}

/// Whether the text `head` (a file's first bytes) is a list of FeatureBench's environment images,
/// one a line, as its package ships the images each split needs (`fast_images.txt`): one image a
/// repository, shared by that repository's tasks, so the list names no task.
pub fn is_environment_image_list(head: &[u8]) -> bool {
    every_line_is(head, |line| environment_repository(line).is_some())
}

/// What a list of FeatureBench's environment images is said to be, after its name.
pub const ENVIRONMENT_IMAGE_LIST: &str = "a list of FeatureBench's environment images, one a \
     repository (`featurebench-specs_<repository>-instance_<hash>`, the images `fb pull` pulls \
     for a split), not of tasks: it names no instance, so there is nothing in it to import or \
     to mark; a split's tasks are in its own file, which `benchscope export` reads";

/// The repository a FeatureBench environment image is built for:
/// `[registry/]libercoders/featurebench-specs_<repository>-instance_<hash>[:tag][@digest]`.
pub fn environment_repository(line: &str) -> Option<&str> {
    let name = line.split('@').next()?.rsplit('/').next()?;
    let name = name.split(':').next()?;
    let (repository, hash) = name.strip_prefix("featurebench-specs_")?.rsplit_once("-instance_")?;
    let is_hash = !hash.is_empty() && hash.bytes().all(|b| b.is_ascii_hexdigit());
    (!repository.is_empty() && is_hash).then_some(repository)
}

/// What an image name stands for.
#[derive(Debug, PartialEq, Eq)]
pub enum Image {
    /// An instance's image, with the id it is named after (lower-cased, as the harness names it).
    Instance(String),
    /// An environment or base image, shared by instances.
    Shared,
}

/// What a SWE-bench harness image name stands for: `[registry/namespace/]sweb.<kind>.<arch>.<key>[:tag][@digest]`.
pub fn image(line: &str) -> Option<Image> {
    let name = line.split('@').next()?.rsplit('/').next()?;
    let name = name.split(':').next()?;
    let rest = name.strip_prefix("sweb.")?;
    let (kind, rest) = rest.split_once('.')?;
    match kind {
        "eval" => {
            let (_arch, key) = rest.split_once('.')?;
            let id = key.replacen("_1776_", "__", 1);
            let id = if id == key { key.replacen("_s_", "__", 1) } else { id };
            id.contains("__").then(|| Image::Instance(id.to_lowercase()))
        }
        "env" | "base" => Some(Image::Shared),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_head_of_harness_image_names_is_an_image_list() {
        let images = b"sweb.base.x86_64:latest\nsweb.env.x86_64.088a7e628bda9770f9757b:latest\nsweb.eval.x86_64.django_1776_django-11099:latest\nsweb.eval.x86_6";
        assert!(is_image_list(images));
        assert!(!is_image_list(
            b"sweb.eval.x86_64.django_1776_django-11099:latest\nlibercoders/featurebench-specs_astropy-instance_493bb78b\n"
        ));
        assert!(!is_image_list(b"instance_id,patch\n"));
        assert!(!is_image_list(b"\n\n"));
    }

    #[test]
    fn featurebench_environment_images_name_their_repository_and_no_task() {
        assert_eq!(
            environment_repository("docker.io/libercoders/featurebench-specs_pytorch_lightning-instance_83799db4"),
            Some("pytorch_lightning")
        );
        assert_eq!(
            environment_repository("libercoders/featurebench-specs_astropy-instance_493bb78b:latest@sha256:ab"),
            Some("astropy")
        );
        assert_eq!(environment_repository("libercoders/featurebench-specs_astropy"), None);
        assert_eq!(environment_repository("featurebench-specs_astropy-instance_zz"), None);
        let list =
            b"libercoders/featurebench-specs_astropy-instance_493bb78b\ndocker.io/libercoders/featurebench-specs_trl-instance_725be9aa\n";
        assert!(is_environment_image_list(list));
        assert!(!is_image_list(list));
        assert!(!is_environment_image_list(b"sweb.eval.x86_64.django_1776_django-11099:latest\n"));
        assert!(!is_environment_image_list(b"\n"));
    }

    #[test]
    fn image_names_give_the_ids_the_harness_named_them_after() {
        let id = |line| match image(line) {
            Some(Image::Instance(id)) => id,
            other => panic!("{line}: {other:?}"),
        };
        assert_eq!(id("sweb.eval.x86_64.django_1776_django-11099:latest"), "django__django-11099");
        assert_eq!(id("sweb.eval.x86_64.astropy_s_astropy-12907:latest"), "astropy__astropy-12907");
        assert_eq!(id("swebench/sweb.eval.arm64.sympy_1776_sympy-20590:v1"), "sympy__sympy-20590");
        assert_eq!(
            id("registry.example:5000/team/sweb.eval.x86_64.automattic_1776_wp-calypso-21409@sha256:ab12"),
            "automattic__wp-calypso-21409"
        );
        assert_eq!(image("sweb.env.x86_64.088a7e628bda9770f9757b:latest"), Some(Image::Shared));
        assert_eq!(image("sweb.base.x86_64:latest"), Some(Image::Shared));
        assert_eq!(image("django__django-11099"), None);
        assert_eq!(image("sweb.eval.x86_64.noseparator:latest"), None);
    }
}
