//! Fetching the data directory: the manifest, index shards and detail shards.
//!
//! Every failure becomes a [`LoadError`] naming the file, so one broken shard shows an error
//! where it is needed while the rest of the app keeps working.

use std::sync::Arc;

use benchscope_contract::objects_only;
use benchscope_contract::results::{ResultsBlock, ResultsMatrix};
use benchscope_contract::{
    DetailShard, IndexRow, IndexShard, Instance, Manifest, RunEntry, SplitEntry, FORMAT_VERSION, OLDEST_READABLE_VERSION,
};
use futures::future::LocalBoxFuture;
use serde::de::DeserializeOwned;

use crate::integrity::{self, expect_hashes, Body};
use crate::json_cache::{JsonCache, Shared};
use crate::load_error::LoadError;

/// The data directory's base URL, ending in `/`, resolved against the page.
pub fn data_base(data: Option<&str>) -> String {
    let raw = data.unwrap_or("data/");
    let raw = if raw.ends_with('/') { raw.to_string() } else { format!("{raw}/") };
    let page = web_sys::window().and_then(|w| w.location().href().ok()).unwrap_or_default();
    web_sys::Url::new_with_base(&raw, &page).map(|u| u.href()).unwrap_or(raw)
}

/// Fetches and parses one JSON file, checked against the manifest's SHA-256 where it lists the
/// file; every failure names the URL.
pub async fn fetch_json<T: DeserializeOwned>(url: &str) -> Result<T, LoadError> {
    parse_json(url, &fetch_checked(url).await?)
}

/// The file at `url`, given as `bytes`, read as a `T`; a failure names the URL.
fn parse_json<T: DeserializeOwned>(url: &str, bytes: &[u8]) -> Result<T, LoadError> {
    objects_only::from_slice(bytes).map_err(|e| LoadError {
        url: url.to_string(),
        message: format!("not a valid shard: {e}"),
    })
}

/// The bytes of the file at `url`, checked against the manifest. Not generic, so that the
/// fetch is compiled once rather than once for every type a file is parsed into (six copies
/// were 26 KB of the first screen's wasm).
pub(crate) async fn fetch_checked(url: &str) -> Result<Vec<u8>, LoadError> {
    let error = |message: String| LoadError {
        url: url.to_string(),
        message,
    };
    let body = match take_early_answer(url) {
        Some(early) => early_body(early).await,
        None => fetched_body(url).await,
    }
    .map_err(error)?;
    match integrity::fault(url, &body).await {
        Some(fault) => Err(error(fault)),
        None => Ok(body.bytes),
    }
}

/// The body of the file at `url`, fetched now; or why there is none.
async fn fetched_body(url: &str) -> Result<Body, String> {
    let response = gloo_net::http::Request::get(url)
        .send()
        .await
        .map_err(|e| format!("request failed: {e}"))?;
    if !response.ok() {
        return Err(format!("HTTP {} {}", response.status(), response.status_text()));
    }
    // Bytes, not text: a 3 MB shard read as a JS string is decoded to UTF-16 and encoded back to
    // UTF-8 on its way into wasm, which took longer than parsing it.
    let bytes = response.binary().await.map_err(|e| format!("cannot read the body: {e}"))?;
    Ok(Body::read(url, bytes).await)
}

/// The body `src/early_fetch.js` read before the wasm ran (its `{ status, statusText, body,
/// sha256 }`, the digest `null` where the browser could not hash it); or why there is none.
async fn early_body(early: js_sys::Promise) -> Result<Body, String> {
    let answer = wasm_bindgen_futures::JsFuture::from(early)
        .await
        .map_err(|e| format!("request failed: {}", js_error_text(&e)))?;
    let field = |name: &str| js_sys::Reflect::get(&answer, &name.into()).unwrap_or_default();
    match wasm_bindgen::JsCast::dyn_into::<js_sys::ArrayBuffer>(field("body")) {
        Ok(body) => Ok(Body {
            bytes: js_sys::Uint8Array::new(&body).to_vec(),
            sha256: field("sha256").as_string(),
        }),
        Err(_) => Err(format!(
            "HTTP {} {}",
            field("status").as_f64().map_or(0, |status| status as u16),
            field("statusText").as_string().unwrap_or_default()
        )),
    }
}

/// The answer to a request for `url` that `src/early_fetch.js` made before the wasm ran, if it
/// made one; each is taken once, so a later fetch of the same file asks the server again.
fn take_early_answer(url: &str) -> Option<js_sys::Promise> {
    let early: js_sys::Map = early_global("benchscopeEarly")?;
    let key = wasm_bindgen::JsValue::from_str(url);
    let answer = wasm_bindgen::JsCast::dyn_into::<js_sys::Promise>(early.get(&key)).ok()?;
    early.delete(&key);
    Some(answer)
}

/// Whether `src/early_fetch.js` asked for a results matrix: the opened split has runs, and the
/// list will read it.
pub fn early_matrix_asked() -> bool {
    early_global::<js_sys::Boolean>("benchscopeEarlyMatrix").is_some_and(|asked| asked.value_of())
}

/// Settles once every request `src/early_fetch.js` made has been answered, if it made any.
pub fn early_answers_settled() -> Option<js_sys::Promise> {
    early_global("benchscopeEarlySettled")
}

/// Takes the list's first screen that `src/first_screen.js` drew, if it did, out of the page, for
/// the app to mount in its place in the same task; returns what gives the reader's focus back,
/// once the app is in the page, to the app's search box if it was in the first screen's.
pub fn leave_first_screen() -> Option<js_sys::Function> {
    use wasm_bindgen::JsCast;
    let screen: js_sys::Object = early_global("benchscopeFirstScreen")?;
    let leave: js_sys::Function = js_sys::Reflect::get(&screen, &"leave".into()).ok()?.dyn_into().ok()?;
    leave.call0(&screen).ok()?.dyn_into().ok()
}

/// What `src/early_fetch.js` left on `window` under `name`, if it is a `T`.
fn early_global<T: wasm_bindgen::JsCast>(name: &str) -> Option<T> {
    use wasm_bindgen::JsCast;
    let window = web_sys::window()?;
    js_sys::Reflect::get(&window, &name.into()).ok()?.dyn_into().ok()
}

/// What a rejected fetch says (a `TypeError`'s message).
fn js_error_text(error: &wasm_bindgen::JsValue) -> String {
    js_sys::Reflect::get(error, &"message".into())
        .ok()
        .and_then(|message| message.as_string())
        .unwrap_or_else(|| format!("{error:?}"))
}

/// Fetches and checks `manifest.json`.
pub async fn load_manifest(base: &str) -> Result<Manifest, LoadError> {
    let url = format!("{base}manifest.json");
    let manifest: Manifest = fetch_json(&url).await?;
    expect_hashes(base, &manifest.files);
    if !(OLDEST_READABLE_VERSION..=FORMAT_VERSION).contains(&manifest.format_version) {
        return Err(LoadError {
            url,
            message: format!(
                "format version {} is not one this explorer reads ({OLDEST_READABLE_VERSION} to {FORMAT_VERSION}); re-export with this version of benchscope",
                manifest.format_version
            ),
        });
    }
    Ok(manifest)
}

impl<T: DeserializeOwned + Send + Sync + 'static> JsonCache<T> {
    /// The file at `url`, from the cache or fetched (and kept). A failure is not kept: the next
    /// call tries again.
    pub async fn get(&self, url: &str) -> Result<Arc<T>, LoadError> {
        self.get_shared(url, &|| fetch_parsed(url, parse_shared::<T>)).await
    }
}

/// The file at `url`, fetched, checked and read by `parse`. Boxed and not generic, so that the
/// fetch is compiled once: written in each file type's `JsonCache::get`, it was 3 KB of wasm a
/// type, a dozen times.
fn fetch_parsed(url: &str, parse: fn(&str, &[u8]) -> Result<Shared, LoadError>) -> LocalBoxFuture<'_, Result<Shared, LoadError>> {
    Box::pin(async move { parse(url, &fetch_checked(url).await?) })
}

fn parse_shared<T: DeserializeOwned + Send + Sync + 'static>(url: &str, bytes: &[u8]) -> Result<Shared, LoadError> {
    Ok(Arc::new(parse_json::<T>(url, bytes)?))
}

/// Index shards already fetched and parsed: comparing another set, or dropping a run, rebuilds
/// the rows from them (a copy, since the rows get run facets) instead of fetching and parsing a
/// 50,000-row split again.
#[derive(Clone, Default)]
pub struct IndexCache(JsonCache<IndexShard>);

impl IndexCache {
    /// Every row of a split, in order; its shards are fetched together.
    pub async fn rows(&self, base: &str, split: &SplitEntry) -> Result<Vec<IndexRow>, LoadError> {
        let urls: Vec<String> = split.index_shards.iter().map(|path| format!("{base}{path}")).collect();
        let shards = futures::future::join_all(urls.iter().map(|url| self.0.get(url))).await;
        let mut rows = Vec::with_capacity(split.instances);
        for shard in shards {
            rows.extend(shard?.rows.iter().cloned());
        }
        Ok(rows)
    }
}

/// Detail shards already fetched, so neighbours open without another request.
#[derive(Clone, Default)]
pub struct DetailCache {
    shards: JsonCache<DetailShard>,
}

impl DetailCache {
    /// The instance `id`, from the detail shard `path` (fetched once).
    pub async fn instance(&self, base: &str, path: &str, id: &str) -> Result<Instance, LoadError> {
        let url = format!("{base}{path}");
        let shard = self.shards.get(&url).await?;
        shard.instances.iter().find(|i| i.id == id).cloned().ok_or_else(|| LoadError {
            url,
            message: format!("instance `{id}` is not in this shard"),
        })
    }
}

/// Where runs dropped on the page are kept, as if the data directory held them.
pub const DROPPED: &str = "dropped/";

/// One run's result for an instance, with the run's display name.
#[derive(Debug, Clone, PartialEq)]
pub struct RunResult {
    /// The run's id.
    pub run_id: String,
    /// Its system's name.
    pub name: String,
    /// The result.
    pub result: benchscope_contract::InstanceResult,
}

/// Run files, results matrices and blocks, and model-patch shards already fetched.
#[derive(Clone, Default)]
pub struct RunCache {
    runs: JsonCache<benchscope_contract::Run>,
    matrices: JsonCache<ResultsMatrix>,
    blocks: JsonCache<ResultsBlock>,
    patches: JsonCache<benchscope_contract::PatchShard>,
    trajectories: JsonCache<benchscope_contract::trajectory::Trajectory>,
    step_chunks: JsonCache<benchscope_contract::trajectory::StepChunk>,
}

impl RunCache {
    /// The results of `instance` in `matrix` (from its block) and in the `dropped` runs, named
    /// by the runs of `entries`.
    pub async fn results(
        &self,
        base: &str,
        matrix: &ResultsMatrix,
        entries: &[RunEntry],
        instance: &str,
    ) -> Result<Vec<RunResult>, LoadError> {
        let names = crate::wording::run_names(entries);
        let name = |id: &str| names.get(id).cloned().unwrap_or_else(|| id.to_string());
        let mut found = Vec::new();
        let block = matrix.column(instance).and_then(|column| matrix.block_of(column));
        if let Some(block) = block {
            let block = self.blocks.get(&format!("{base}{}", block.path)).await?;
            for outcome in block.results.get(instance).into_iter().flatten() {
                found.push(RunResult {
                    run_id: outcome.run.clone(),
                    name: name(&outcome.run),
                    result: outcome.result.clone(),
                });
            }
        }
        // Runs without a block: dropped on the page, or a directory written before blocks were.
        let unblocked = entries
            .iter()
            .filter(|e| {
                e.instances > 0 && !found.iter().any(|f| f.run_id == e.id) && (matrix.blocks.is_empty() || e.path.starts_with(DROPPED))
            })
            .collect::<Vec<_>>();
        for entry in unblocked {
            let Ok(run) = self.runs.get(&format!("{base}{}", entry.path)).await else {
                continue;
            };
            if let Some(result) = run.results.iter().find(|r| r.instance_id == instance) {
                found.push(RunResult {
                    run_id: entry.id.clone(),
                    name: name(&entry.id),
                    result: result.clone(),
                });
            }
        }
        Ok(found)
    }

    /// The results matrix the data directory lists at `path`, fetched once by `load` (the
    /// matrix's own module reads it: `matrix_reader.rs`).
    pub async fn listed_matrix(
        &self,
        base: &str,
        path: &str,
        load: impl AsyncFn(&str) -> Result<ResultsMatrix, LoadError>,
    ) -> Result<Arc<ResultsMatrix>, LoadError> {
        self.matrices.get_with(&format!("{base}{path}"), load).await
    }

    /// The run files of `entries`; one that fails to load is reported and skipped.
    pub(crate) async fn runs(&self, base: &str, entries: &[RunEntry]) -> (Vec<Arc<benchscope_contract::Run>>, Vec<LoadError>) {
        let mut runs = Vec::new();
        let mut errors = Vec::new();
        for entry in entries {
            match self.run(base, entry).await {
                Ok(run) => runs.push(run),
                Err(error) => errors.push(error),
            }
        }
        (runs, errors)
    }

    /// The run file of `entry` (fetched once): its notes and full results, when they are shown.
    pub async fn run(&self, base: &str, entry: &RunEntry) -> Result<Arc<benchscope_contract::Run>, LoadError> {
        self.runs.get(&format!("{base}{}", entry.path)).await
    }

    /// Keeps a run a reader dropped on the page (and its patches) as if the data directory
    /// held them; returns its manifest entry.
    pub fn add_dropped(&self, base: &str, dropped: benchscope_contract::dropped::DroppedRun) -> RunEntry {
        let mut run = dropped.run;
        let path = format!("{DROPPED}{}.json", run.id);
        if let Some(patches) = dropped.patches {
            let patch_path = format!("{DROPPED}{}.patches.json", run.id);
            for result in run.results.iter_mut().filter(|r| patches.patches.contains_key(&r.instance_id)) {
                result.model_patch = Some(patch_path.clone());
            }
            self.patches.insert(&format!("{base}{patch_path}"), patches);
        }
        let entry = run.entry(path.clone());
        self.runs.insert(&format!("{base}{path}"), run);
        entry
    }

    /// The trajectory file at `path` (fetched once).
    pub async fn trajectory(&self, base: &str, path: &str) -> Result<Arc<benchscope_contract::trajectory::Trajectory>, LoadError> {
        self.trajectories.get(&format!("{base}{path}")).await
    }

    /// The steps of a large trajectory in the chunk file at `path` (fetched once).
    pub async fn step_chunk(&self, base: &str, path: &str) -> Result<Arc<benchscope_contract::trajectory::StepChunk>, LoadError> {
        self.step_chunks.get(&format!("{base}{path}")).await
    }

    /// The trajectory at `path` with every step, its chunks' too (for a comparison of two).
    pub async fn whole_trajectory(&self, base: &str, path: &str) -> Result<Arc<benchscope_contract::trajectory::Trajectory>, LoadError> {
        let head = self.trajectory(base, path).await?;
        if head.more_steps.is_empty() {
            return Ok(head);
        }
        let chunks = futures::future::join_all(head.more_steps.iter().map(|c| self.step_chunk(base, &c.path))).await;
        let mut whole = (*head).clone();
        for chunk in chunks {
            whole.steps.extend(chunk?.steps.iter().cloned());
        }
        whole.more_steps.clear();
        Ok(Arc::new(whole))
    }

    /// The test log at `path` (a run's stored test output), as text; fetched when shown, not kept.
    pub async fn log(&self, base: &str, path: &str) -> Result<String, LoadError> {
        let bytes = fetch_checked(&format!("{base}{path}")).await?;
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    }

    /// The model patch of `instance` in the shard at `path`.
    pub async fn patch(&self, base: &str, path: &str, instance: &str) -> Result<Option<String>, LoadError> {
        let shard = self.patches.get(&format!("{base}{path}")).await?;
        Ok(shard.patches.get(instance).cloned())
    }
}

/// Where the open instance's pre-change files are (`export --repos`), so the diff view can expand
/// context. Provided by the instance page only when the export stored them.
#[derive(Clone)]
pub struct InstanceSources {
    /// URL of the [`benchscope_contract::SourceFiles`] file.
    pub url: String,
    /// Files already fetched.
    pub cache: JsonCache<benchscope_contract::SourceFiles>,
}

impl InstanceSources {
    /// Every stored file (a code-completion instance's repository snapshot), fetched once.
    pub async fn files(&self) -> Result<Arc<benchscope_contract::SourceFiles>, LoadError> {
        self.cache.get(&self.url).await
    }

    /// The lines of `path` at the base commit, if the export stored it.
    pub async fn lines(&self, path: &str) -> Result<Option<Vec<String>>, LoadError> {
        let files = self.cache.get(&self.url).await?;
        Ok(files.files.get(path).map(|text| text.lines().map(str::to_string).collect()))
    }
}

/// Source files fetched so far, shared by every instance page.
#[derive(Clone, Default)]
pub struct SourceCache(pub JsonCache<benchscope_contract::SourceFiles>);

/// Runs dropped on the page this session, as manifest entries (their files are in the
/// [`RunCache`]).
#[derive(Clone, Copy)]
pub struct DroppedRuns(pub leptos::prelude::RwSignal<Vec<benchscope_contract::RunEntry>>);
