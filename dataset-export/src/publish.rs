//! `benchscope publish site.json --out dist/data`: a whole site's data directory from one
//! configuration: the datasets exported, the runs imported, and `site.json` (title,
//! introduction, views) written beside the manifest. Paths in the configuration are relative to
//! the configuration file.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use benchscope_contract::site::{SiteInfo, View, SITE_FILE};
use serde::Deserialize;

use crate::categories::Categories;
use crate::data_dir::DataDir;
use crate::export::{export, ExportPlan, InputSpec, Mark, Summary};
use crate::importers::{folder_of, import, ImportPlan, DEFAULT_DATASET};
use crate::run_checks::{check_and_add_runs, NameRules};
use crate::run_store::NewRun;

/// The configuration file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SiteConfig {
    /// Site title.
    pub title: String,
    /// Introduction, as markdown text…
    #[serde(default)]
    pub intro: String,
    /// …or as a markdown file.
    #[serde(default)]
    pub intro_file: Option<PathBuf>,
    /// Views offered (`instances`, `leaderboard`, `analysis`); default all.
    #[serde(default)]
    pub views: Vec<String>,
    /// The view a bare URL opens.
    #[serde(default)]
    pub default_view: Option<String>,
    /// Where the site will be hosted (e.g. `/benchscope/` on GitHub Pages). The site uses
    /// relative URLs, so this is only checked and reported.
    #[serde(default)]
    pub base_path: Option<String>,
    /// The datasets to export.
    pub datasets: Vec<DatasetConfig>,
    /// Repository categories (`{"owner/name": "Category"}`).
    #[serde(default)]
    pub categories: Option<PathBuf>,
    /// Local clones, for expandable diff context.
    #[serde(default)]
    pub repos: Option<PathBuf>,
    /// Facets from id lists, as `export --mark` gives them.
    #[serde(default)]
    pub marks: Vec<MarkConfig>,
    /// Run sources to import (anything `benchscope import` reads).
    #[serde(default)]
    pub runs: Vec<RunConfig>,
}

/// One dataset input.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DatasetConfig {
    /// File or directory.
    pub input: PathBuf,
    /// Dataset name.
    pub dataset: String,
    /// Split name; as `export` names it when left out: from the file's name, else `test`, unless
    /// the input names its own splits (FeatureBench's site: `fast`, `full`, `lite`).
    #[serde(default)]
    pub split: Option<String>,
    /// Format, overriding detection.
    #[serde(default)]
    pub format: Option<String>,
}

/// Instances an id list names get `facet = value`, the others `not-value` (`export --mark`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MarkConfig {
    pub facet: String,
    pub value: String,
    /// The list, in any form `export --mark` reads.
    pub ids: PathBuf,
}

/// One run source.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunConfig {
    /// File or directory.
    pub source: PathBuf,
    /// Dataset the runs belong to.
    #[serde(default)]
    pub dataset: Option<String>,
    /// Split.
    #[serde(default)]
    pub split: Option<String>,
    /// Run id, for a single-run source.
    #[serde(default)]
    pub run: Option<String>,
    /// `dataset` names none the site exports on purpose: a dataset of runs alone (as `import
    /// --new-dataset`), rather than a likely typo refused.
    #[serde(default)]
    pub new_dataset: bool,
}

/// Reads and checks the configuration at `path`.
pub fn read_config(path: &Path) -> anyhow::Result<SiteConfig> {
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let config: SiteConfig =
        crate::input::from_json_bytes(text.as_bytes()).with_context(|| format!("{}: not a site configuration", path.display()))?;
    for view in config.views.iter().chain(&config.default_view) {
        if View::parse(view).is_none() {
            let known: Vec<_> = View::ALL.iter().map(|v| v.name()).collect();
            bail!("{}: unknown view `{view}` (views are {})", path.display(), known.join(", "));
        }
    }
    if let Some(base) = &config.base_path {
        if !base.starts_with('/') || !base.ends_with('/') {
            bail!("{}: base_path `{base}` must start and end with `/`", path.display());
        }
    }
    if config.datasets.is_empty() {
        bail!("{}: `datasets` is empty", path.display());
    }
    Ok(config)
}

/// Builds the data directory `out` from the configuration at `config_path`; returns the
/// warnings of the exports and imports it ran.
pub fn publish(config_path: &Path, out: &Path) -> anyhow::Result<Vec<String>> {
    let config = read_config(config_path)?;
    let dir = config_path.parent().unwrap_or(Path::new("."));
    let resolve = |p: &Path| if p.is_absolute() { p.to_path_buf() } else { dir.join(p) };
    let mut inputs = Vec::new();
    for d in &config.datasets {
        let named = crate::input::named_inputs(&resolve(&d.input)).map_err(anyhow::Error::msg)?;
        inputs.extend(named.into_iter().map(|named| InputSpec {
            named_dataset: named.dataset,
            dataset: d.dataset.clone(),
            dataset_given: true,
            split: d.split.clone().unwrap_or(named.split),
            split_given: d.split.is_some(),
            format: d.format.clone(),
            path: named.path,
        }));
    }
    let plan = ExportPlan {
        inputs,
        out: out.to_path_buf(),
        categories: match &config.categories {
            Some(path) => Categories::from_file(&resolve(path))?,
            None => Categories::default(),
        },
        skip_bad: false,
        marks: config
            .marks
            .iter()
            .map(|m| Mark::from_list(&m.facet, &m.value, &resolve(&m.ids)))
            .collect::<anyhow::Result<_>>()
            .with_context(|| format!("{}", config_path.display()))?,
        progress: false,
        repos: config.repos.as_deref().map(resolve),
        keep_other_splits: false,
    };
    plan.validate()?;
    let mut summary = Summary::default();
    export(&plan, &mut summary)?;
    let data = DataDir::new(out);
    let mut warnings = summary.warnings;
    for source in &config.runs {
        let mut runs = import(&ImportPlan {
            sources: vec![resolve(&source.source)],
            dataset: source.dataset.clone(),
            split: source.split.clone(),
            run: source.run.clone(),
            spool_in: Some(folder_of(out)),
            data: Some(out.to_path_buf()),
        })?;
        for (new, _) in &mut runs {
            make_paths_relative(new, dir);
        }
        // As `import` does: a run no entry names a dataset for joins the split holding all its
        // instances, or falls back to the default, refused where the site has no such dataset.
        let rules = NameRules {
            dataset: source.dataset.clone(),
            split: source.split.clone(),
            fallback_dataset: source.dataset.is_none().then(|| DEFAULT_DATASET.to_string()),
            new_dataset: source.new_dataset,
            replace: true,
            from_site_entry: true,
        };
        let stored = check_and_add_runs(&data, runs, &rules)
            .with_context(|| format!("{}: the run entry of `{}`", config_path.display(), source.source.display()))?;
        for (run, run_warnings) in stored {
            warnings.extend(run_warnings.iter().map(|w| format!("{}: {}", run.id, relative(w, dir))));
        }
    }
    let intro = match &config.intro_file {
        Some(file) => std::fs::read_to_string(resolve(file)).with_context(|| format!("cannot read {}", file.display()))?,
        None => config.intro.clone(),
    };
    let site = SiteInfo {
        title: config.title.clone(),
        intro,
        views: config.views.iter().filter_map(|v| View::parse(v)).collect(),
        default_view: config.default_view.as_deref().and_then(View::parse),
    };
    // Listed in the manifest, so the explorer fetches it only where it exists.
    let _lock = data.lock()?;
    let mut manifest = data.manifest()?;
    data.write_listed(&mut manifest, SITE_FILE, &serde_json::to_vec_pretty(&site)?)?;
    data.write_manifest(&mut manifest)?;
    Ok(warnings)
}

/// A published site carries no path of the machine that built it: a run's source and notes
/// name their inputs relative to the site configuration.
fn make_paths_relative(new: &mut NewRun, config_dir: &Path) {
    new.run.source = relative(&new.run.source, config_dir);
    if Path::new(&new.run.source).is_absolute() {
        // An input outside the configuration's folder is named by its file name alone.
        new.run.source = Path::new(&new.run.source)
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
    }
    for note in &mut new.run.notes {
        *note = relative(note, config_dir);
    }
}

/// `text` with every mention of `config_dir` (as given, and canonical) turned relative to it.
fn relative(text: &str, config_dir: &Path) -> String {
    let mut out = text.to_string();
    let forms = [Some(config_dir.to_path_buf()), config_dir.canonicalize().ok()];
    for form in forms.into_iter().flatten().filter(|f| !f.as_os_str().is_empty()) {
        out = out.replace(&format!("{}/", form.display()), "");
    }
    out
}
