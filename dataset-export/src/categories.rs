//! Repository → category mapping.
//!
//! Built in: the categories of FEA-Bench's Table 5 (Physics, Internet, Libraries, AI, Mathematics,
//! Build Tools, Testing, Database, Medical, Other) for every repository FEA-Bench lists (which
//! includes all of SWE-bench's). They simplify each repository's PyPI topic classifier:
//! `Scientific/Engineering :: Physics` and `:: Astronomy` → Physics, `Internet :: *` → Internet,
//! `:: Medical Science Apps.` → Medical, `Software Development :: Libraries` → Libraries,
//! `:: Artificial Intelligence` → AI, `:: Mathematics` → Mathematics, `:: Build Tools` → Build
//! Tools, `:: Testing` → Testing, `Database :: *` → Database, anything else → Other.
//!
//! Every other repository of the benchmarks this project reads (SWE-bench's, FeatureBench's,
//! SWE-Dev's packages, which it names without an owner) is mapped by the same rule, applied to
//! the `Topic ::` classifiers of its package on PyPI by `scripts/category_from_pypi.py`. Where
//! several classifiers match, the first of Medical, Physics, AI, Mathematics, Database, Internet,
//! Build Tools, Testing, Libraries wins (pydicom is Medical and Physics: Medical, as in Table 5).
//!
//! A user-supplied JSON object (`{"owner/name": "Category"}`) overrides the built-in entries.
//! Repositories neither lists are put under "Other", and the export warns about them.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::{bail, Context};

/// The category of repositories nobody mapped.
pub const OTHER: &str = "Other";

/// FEA-Bench's repositories and their Table 5 category, then the other benchmarks' by the rule.
const BUILT_IN: &[(&str, &str)] = &[
    // SWE-bench's, beyond FEA-Bench's list.
    ("psf/requests", "Internet"),
    ("pytest-dev/pytest", "Testing"),
    ("marshmallow-code/marshmallow", "Other"),
    // FeatureBench's.
    ("fastapi/fastapi", "Internet"),
    ("huggingface/transformers", "AI"),
    ("Lightning-AI/pytorch-lightning", "AI"),
    ("linkedin/Liger-Kernel", "Other"),
    ("mesonbuild/meson", "Build Tools"),
    ("mlflow/mlflow", "AI"),
    ("Netflix/metaflow", "Other"),
    ("optuna/optuna", "AI"),
    ("pandas-dev/pandas", "Other"),
    ("pydantic/pydantic", "Internet"),
    ("pypa/packaging", "Other"),
    ("pypa/setuptools", "Libraries"),
    ("python/mypy", "Other"),
    // Multi-SWE-bench's ponyc (a trajectory here): a compiler with no PyPI classifiers.
    ("ponylang/ponyc", "Other"),
    // SWE-Dev's packages, named as its tasks name them.
    ("advertools", "Other"),
    ("amazon_textract_textractor", "Other"),
    ("casbin", "Other"),
    ("cassandra_driver", "Libraries"),
    ("datashader", "Libraries"),
    ("datefinder", "Other"),
    ("dogpile_cache", "Other"),
    ("elasticsearch_curator", "Other"),
    ("envier", "Other"),
    ("fhirclient", "Libraries"),
    ("getschema", "Other"),
    ("idna", "Internet"),
    ("intervaltree", "AI"),
    ("magicalimport", "Other"),
    ("motmetrics", "Other"),
    ("mparticle", "Other"),
    ("mypy_boto3_s3", "Other"),
    ("ncclient", "Libraries"),
    ("num2words", "Libraries"),
    ("pathvalidate", "Libraries"),
    ("py_healthcheck", "Other"),
    ("pydicom", "Medical"),
    ("pygls", "Other"),
    ("pymonetdb", "Database"),
    ("python_jsonpath", "Other"),
    ("python_string_utils", "Libraries"),
    ("pytube", "Internet"),
    ("questionary", "Libraries"),
    ("scylla_driver", "Libraries"),
    ("selenium_wire", "Other"),
    ("skforecast", "AI"),
    ("stestr", "Testing"),
    ("terminaltables", "Libraries"),
    ("thermo", "Physics"),
    ("typish", "Other"),
    ("uvicorn", "Internet"),
    ("vulture", "Other"),
    ("yamllint", "Testing"),
    ("yamlpath", "Libraries"),
    // FEA-Bench's Table 5.
    ("Aider-AI/aider", "Other"),
    ("astronomer/astronomer-cosmos", "Build Tools"),
    ("astropy/astropy", "Physics"),
    ("atlassian-api/atlassian-python-api", "Internet"),
    ("aws-cloudformation/cfn-lint", "Other"),
    ("aws-powertools/powertools-lambda-python", "Libraries"),
    ("aws/sagemaker-python-sdk", "AI"),
    ("biopragmatics/bioregistry", "Other"),
    ("boto/boto3", "Libraries"),
    ("boto/botocore", "Libraries"),
    ("cocotb/cocotb", "Other"),
    ("Cog-Creators/Red-DiscordBot", "Other"),
    ("conan-io/conan", "Build Tools"),
    ("deepset-ai/haystack", "AI"),
    ("django/django", "Internet"),
    ("DLR-RM/stable-baselines3", "AI"),
    ("docker/docker-py", "Libraries"),
    ("dpkp/kafka-python", "Libraries"),
    ("EleutherAI/lm-evaluation-harness", "AI"),
    ("embeddings-benchmark/mteb", "AI"),
    ("facebookresearch/hydra", "Libraries"),
    ("fairlearn/fairlearn", "AI"),
    ("falconry/falcon", "Internet"),
    ("google-deepmind/optax", "AI"),
    ("googleapis/python-aiplatform", "AI"),
    ("googleapis/python-bigquery", "Internet"),
    ("gradio-app/gradio", "Other"),
    ("graphql-python/graphene", "Libraries"),
    ("huggingface/accelerate", "AI"),
    ("huggingface/datasets", "AI"),
    ("huggingface/huggingface_hub", "AI"),
    ("huggingface/pytorch-image-models", "Libraries"),
    ("huggingface/trl", "AI"),
    ("joblib/joblib", "Libraries"),
    ("joke2k/faker", "Testing"),
    ("lark-parser/lark", "Other"),
    ("matplotlib/matplotlib", "Other"),
    ("minio/minio-py", "Libraries"),
    ("mwaskom/seaborn", "Other"),
    ("open-mmlab/mmengine", "Other"),
    ("openvinotoolkit/datumaro", "Other"),
    ("pallets/flask", "Internet"),
    ("pgmpy/pgmpy", "AI"),
    ("pre-commit/pre-commit", "Other"),
    ("Project-MONAI/MONAI", "Medical"),
    ("prometheus/client_python", "Other"),
    ("prompt-toolkit/python-prompt-toolkit", "Other"),
    ("pvlib/pvlib-python", "Physics"),
    ("pydata/xarray", "Other"),
    ("pydicom/pydicom", "Medical"),
    ("pygments/pygments", "Other"),
    ("pylint-dev/astroid", "Libraries"),
    ("pylint-dev/pylint", "Other"),
    ("pyocd/pyOCD", "Other"),
    ("pypa/hatch", "Build Tools"),
    ("pyro-ppl/pyro", "AI"),
    ("PyThaiNLP/pythainlp", "Other"),
    ("python-hyper/h2", "Internet"),
    ("pyvista/pyvista", "Other"),
    ("RDFLib/rdflib", "Libraries"),
    ("roboflow/supervision", "Other"),
    ("rytilahti/python-miio", "Other"),
    ("saleweaver/python-amazon-sp-api", "Internet"),
    ("scikit-learn/scikit-learn", "AI"),
    ("scrapy/scrapy", "Libraries"),
    ("scverse/scanpy", "Other"),
    ("slackapi/bolt-python", "Other"),
    ("slackapi/python-slack-sdk", "Other"),
    ("snowflakedb/snowflake-connector-python", "Libraries"),
    ("softlayer/softlayer-python", "Libraries"),
    ("spec-first/connexion", "Internet"),
    ("sphinx-doc/sphinx", "Other"),
    ("sqlfluff/sqlfluff", "Other"),
    ("statsmodels/statsmodels", "Other"),
    ("sympy/sympy", "Mathematics"),
    ("Textualize/rich", "Libraries"),
    ("Textualize/textual", "Other"),
    ("tfranzel/drf-spectacular", "Other"),
    ("TileDB-Inc/TileDB-Py", "Libraries"),
    ("tobymao/sqlglot", "Database"),
    ("tornadoweb/tornado", "Internet"),
    ("tortoise/tortoise-orm", "Database"),
    ("wagtail/wagtail", "Internet"),
];

/// A repository → category mapping.
#[derive(Debug, Clone, Default)]
pub struct Categories {
    user: BTreeMap<String, String>,
}

impl Categories {
    /// Reads a mapping file: a JSON object from `owner/name` to a category name.
    pub fn from_file(path: &Path) -> anyhow::Result<Self> {
        let text = std::fs::read_to_string(path).with_context(|| format!("cannot read category mapping {}", path.display()))?;
        let value: serde_json::Value =
            crate::input::from_json_bytes(text.as_bytes()).with_context(|| format!("{}: malformed JSON", path.display()))?;
        let Some(object) = value.as_object() else {
            bail!("{}: expected a JSON object of repo → category", path.display())
        };
        let mut user = BTreeMap::new();
        for (repo, category) in object {
            let Some(category) = category.as_str() else {
                bail!("{}: field `{repo}`: expected a category name (a string)", path.display());
            };
            user.insert(repo.to_ascii_lowercase(), category.to_string());
        }
        Ok(Categories { user })
    }

    /// The category of `repo` (case-insensitive): the user's mapping first, then the built-in one;
    /// a SWE-smith mirror (`swesmith/owner__name.commit`) not mapped itself takes its upstream's.
    pub fn get(&self, repo: &str) -> Option<&str> {
        self.mapped(repo).or_else(|| {
            let upstream = crate::formats::swe_smith::upstream_of(repo)?;
            self.mapped(&upstream)
        })
    }

    fn mapped(&self, repo: &str) -> Option<&str> {
        let key = repo.to_ascii_lowercase();
        self.user
            .get(&key)
            .map(String::as_str)
            .or_else(|| BUILT_IN.iter().find(|(r, _)| r.eq_ignore_ascii_case(&key)).map(|(_, c)| *c))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_covers_swe_bench_and_the_user_overrides_it() {
        let built_in = Categories::default();
        assert_eq!(built_in.get("django/django"), Some("Internet"));
        assert_eq!(built_in.get("SymPy/SymPy"), Some("Mathematics"));
        assert_eq!(built_in.get("pydicom/pydicom"), Some("Medical"));
        assert_eq!(built_in.get("astropy/astropy"), Some("Physics"));
        assert_eq!(built_in.get("unknown/repo"), None);
        assert_eq!(built_in.get("swesmith/django__django.f8fab6f8"), Some("Internet"));
        let dir = std::env::temp_dir().join(format!("benchscope-cat-{}", std::process::id()));
        std::fs::write(&dir, r#"{"django/django": "Web"}"#).unwrap();
        let user = Categories::from_file(&dir).unwrap();
        std::fs::remove_file(&dir).unwrap();
        assert_eq!(user.get("django/django"), Some("Web"));
        assert_eq!(user.get("sympy/sympy"), Some("Mathematics"));
    }

    #[test]
    fn every_built_in_category_is_one_of_table_5() {
        let table5 = [
            "Physics",
            "Internet",
            "Libraries",
            "AI",
            "Mathematics",
            "Build Tools",
            "Testing",
            "Database",
            "Medical",
            "Other",
        ];
        assert!(BUILT_IN.iter().all(|(_, c)| table5.contains(c)));
        assert_eq!(BUILT_IN.len(), 83 + 3 + 13 + 1 + 39);
        let mut names: Vec<String> = BUILT_IN.iter().map(|(r, _)| r.to_ascii_lowercase()).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), BUILT_IN.len(), "no repository twice");
    }
}
