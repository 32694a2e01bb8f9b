//! Bring your own results: a file dropped on the zone (or chosen with its button, for the
//! keyboard) is read in the browser and added as a run of the selected split. Nothing is sent
//! anywhere; the run lasts as long as the page.

use std::collections::HashSet;

use benchscope_contract::dropped::{read_dropped, DroppedRun};
use benchscope_contract::file_names::{is_utf16, plain_name, strip_suffix_ignoring_case, Archive, Compression, UTF16_TEXT};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::api::{DroppedRuns, RunCache};
use crate::components::code::with_code_and_links;
use crate::components::error_box::ErrorBox;
use crate::load_error::LoadError;

/// What the zone said about each file dropped so far: the run added with its warnings, or the
/// error. Provided at the root, so it outlives a reload of the page.
#[derive(Clone, Copy)]
pub struct DropMessages(pub RwSignal<Vec<DropMessage>>);

/// One file's outcome: the line saying what was added and its warnings, or the error.
pub type DropMessage = Result<(String, Vec<String>), LoadError>;

/// The instance ids of each loaded `(dataset, split)`, and the run ids already loaded.
#[derive(Debug, Clone, Default)]
pub struct DropTargets {
    /// `((dataset, split), ids)` per loaded split.
    pub splits: Vec<((String, String), HashSet<String>)>,
    /// Run ids in use.
    pub taken: Vec<String>,
}

/// The zone, adding runs to `dataset`/`split` (a run file naming one of the loaded splits keeps
/// it), each fitted to its split: instances the split does not have are left out and named, and
/// a run id in use gets a distinct one.
#[component]
pub fn DropZone(base: String, dataset: String, split: String, targets: DropTargets) -> impl IntoView {
    let dropped = expect_context::<DroppedRuns>();
    let cache = expect_context::<RunCache>();
    // Kept at the root: adding a run reloads the page's sets, and the zone with them.
    let messages = expect_context::<DropMessages>().0;
    let hovering = RwSignal::new(false);
    let (base, dataset, split, targets) = (
        StoredValue::new(base),
        StoredValue::new(dataset),
        StoredValue::new(split),
        StoredValue::new(targets),
    );
    let cache = StoredValue::new(cache);
    let read = move |files: web_sys::FileList| {
        for index in 0..files.length() {
            let Some(file) = files.item(index) else { continue };
            let (base, dataset, split, targets, cache) = (
                base.get_value(),
                dataset.get_value(),
                split.get_value(),
                targets.get_value(),
                cache.get_value(),
            );
            let dropped_ids: Vec<String> = dropped.0.with_untracked(|runs| runs.iter().map(|r| r.id.clone()).collect());
            leptos::task::spawn_local(async move {
                let given = file.name();
                // A compressed file is named as the file it holds: its name gives the run's.
                let name = plain_name(&given).to_string();
                let outcome = dropped_text(&file, &given)
                    .await
                    .and_then(|text| read_dropped(&name, &text, &dataset, &split));
                let message = outcome
                    .and_then(|mut run| {
                        let joins = |run: &DroppedRun, (d, s): &(String, String)| *d == run.run.dataset && *s == run.run.split;
                        if !targets.splits.iter().any(|(key, _)| joins(&run, key)) {
                            (run.run.dataset, run.run.split) = (dataset.clone(), split.clone());
                        }
                        // A split with no exported instances (runs alone) cannot say which ids are its own.
                        let split_ids = targets
                            .splits
                            .iter()
                            .find(|(key, _)| joins(&run, key))
                            .map(|(_, ids)| ids.clone())
                            .filter(|ids| !ids.is_empty());
                        let ids = split_ids.unwrap_or_else(|| run.run.results.iter().map(|r| r.instance_id.clone()).collect());
                        let taken: Vec<&str> = targets.taken.iter().chain(&dropped_ids).map(String::as_str).collect();
                        run.fit(&ids.iter().map(String::as_str).collect(), &taken)
                            .map_err(|error| format!("{name}: {error}"))?;
                        let warnings = std::mem::take(&mut run.warnings);
                        let entry = cache.add_dropped(&base, run);
                        let line = format!(
                            "Added {} ({} results) to {}/{}",
                            entry.system.name, entry.instances, entry.dataset, entry.split
                        );
                        dropped.0.update(|runs| runs.push(entry));
                        Ok((line, warnings))
                    })
                    .map_err(|message| LoadError { url: name, message });
                messages.update(|m| m.push(message));
            });
        }
    };
    let on_drop = move |ev: web_sys::DragEvent| {
        ev.prevent_default();
        hovering.set(false);
        if let Some(files) = ev.data_transfer().and_then(|d| d.files()) {
            read(files);
        }
    };
    let on_change = move |ev: web_sys::Event| {
        let input = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok());
        if let Some(files) = input.and_then(|i| i.files()) {
            read(files);
        }
    };
    view! {
        <section class="drop-zone" class:hovering=move || hovering.get()
            on:dragover=move |ev: web_sys::DragEvent| { ev.prevent_default(); hovering.set(true); }
            on:dragleave=move |_| hovering.set(false)
            on:drop=on_drop>
            <p>"Drop a run file (" <code>"runs/<id>.json"</code> "), a harness summary or a predictions file here to add it as a run, or "
                <label class="file-button">"choose files"<input type="file" multiple accept=".json,.jsonl,.gz" on:change=on_change /></label>
                " (gzipped too). It stays in this page; nothing is uploaded."</p>
            {move || messages.get().into_iter().map(|m| match m {
                Ok((line, warnings)) => view! {
                    <p class="dropped-ok" role="status">{with_code_and_links(&line)}</p>
                    {warnings.into_iter().map(|w| view! { <p class="dropped-warning" role="status">{with_code_and_links(&w)}</p> }).collect_view()}
                }.into_any(),
                Err(error) => view! { <ErrorBox error /> }.into_any(),
            }).collect_view()}
        </section>
    }
}

/// The most a dropped file may hold, decompressed: what a page can read and parse in its memory.
/// A run's file is a few megabytes; one past this is the CLI's to import.
const MAX_DROPPED_BYTES: u64 = 256 << 20;

/// The text of the file dropped as `name`: decompressed by the browser when its first bytes say
/// gzip, as the CLI tells a compressed file; a file named `.gz` must be gzip. Browsers do not
/// decompress zstd, so a zstd file is refused with what to do instead, as are UTF-16 text (the
/// browser reads UTF-8), an archive and xz or bzip2. A file that is, or inflates to, more than
/// `MAX_DROPPED_BYTES` is refused once that much is read.
async fn dropped_text(file: &web_sys::File, name: &str) -> Result<String, String> {
    let named_gzip = strip_suffix_ignoring_case(name, ".gz").is_some();
    let start = first_bytes(file).await.unwrap_or_default();
    if is_utf16(&start) {
        return Err(format!("{name}: {UTF16_TEXT}"));
    }
    let archive = |archive: Archive| match archive.holds_files() {
        true => format!("{name}: {} and drop the files it holds", archive.named()),
        false => format!("{name}: {}, then drop it again", archive.named()),
    };
    if let Some(found) = Archive::of_start(&start) {
        // Inspect AI writes its logs as zip files named `.eval`.
        if found == Archive::Zip && strip_suffix_ignoring_case(name, ".eval").is_some() {
            return Err(format!(
                "{name}: an Inspect AI log, which the page does not read: `benchscope import {name}` makes a run of its samples"
            ));
        }
        return Err(archive(found));
    }
    let gzipped = match (Compression::of_start(&start), named_gzip) {
        (Some(Compression::Zstd), _) => {
            return Err(format!(
                "{name}: compressed with zstd, which browsers cannot decompress; decompress it (zstd -d) or gzip it, then drop it again"
            ))
        }
        (Some(Compression::Gzip), _) | (None, true) => true,
        (None, false) => false,
    };
    let text = file_text(file, gzipped, MAX_DROPPED_BYTES).await.map_err(|unread| match unread {
        Unread::TooLarge => format!(
            "{name}: {} more than {} MB, more than this page reads; import it with the CLI (benchscope import) instead",
            if gzipped { "inflates to" } else { "holds" },
            MAX_DROPPED_BYTES >> 20
        ),
        Unread::Broken if gzipped => format!("{name}: cannot read the file as gzip"),
        Unread::Broken => format!("{name}: cannot read the file"),
    })?;
    // A `.tar.gz` is told once inflated: its header's bytes are ASCII, read as they are.
    match Archive::of_start(text.as_bytes()) {
        Some(found) => Err(archive(found)),
        None => Ok(text),
    }
}

/// The first bytes of `file` (fewer when it is shorter): enough to tell a compression or an
/// archive. `None` when they cannot be read.
async fn first_bytes(file: &web_sys::File) -> Option<Vec<u8>> {
    let head = file.slice_with_i32_and_i32(0, 512).ok()?;
    let buffer = wasm_bindgen_futures::JsFuture::from(head.array_buffer()).await.ok()?;
    Some(js_sys::Uint8Array::new(&buffer).to_vec())
}

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// The browser's `DecompressionStream` (web-sys has it behind its unstable APIs): a readable
    /// and writable pair that `pipeThrough` takes as it is.
    #[wasm_bindgen(js_name = DecompressionStream)]
    type Decompression;

    #[wasm_bindgen(constructor, js_class = "DecompressionStream", catch)]
    fn new(format: &str) -> Result<Decompression, wasm_bindgen::JsValue>;
}

/// Why a file's text was not read.
enum Unread {
    /// It is more than the limit (decompressed, when gzipped).
    TooLarge,
    /// The browser could not read it, or it is not the gzip it was taken for.
    Broken,
}

/// The text of `file`, decompressed by the browser when it is `gzipped`, read a chunk at a time
/// and refused once past `limit` bytes (a small gzip can inflate to gigabytes). The chunks stay
/// the browser's until the whole is read, so that a file refused leaves nothing in the app's
/// memory, which never shrinks. Bytes that are not UTF-8 read as U+FFFD, as `text()` reads them.
async fn file_text(file: &web_sys::File, gzipped: bool, limit: u64) -> Result<String, Unread> {
    if !gzipped && file.size() > limit as f64 {
        return Err(Unread::TooLarge);
    }
    let stream = file.stream();
    let stream = if gzipped {
        let gunzip = Decompression::new("gzip").map_err(|_| Unread::Broken)?;
        stream.pipe_through(gunzip.unchecked_ref())
    } else {
        stream
    };
    let reader: web_sys::ReadableStreamDefaultReader = stream.get_reader().unchecked_into();
    let chunks = js_sys::Array::new();
    let mut read = 0u64;
    loop {
        let chunk = settled(reader.read()).await?;
        if field(&chunk, "done")?.is_truthy() {
            break;
        }
        let value: js_sys::Uint8Array = field(&chunk, "value")?.dyn_into().map_err(|_| Unread::Broken)?;
        read += u64::from(value.length());
        if read > limit {
            // Stops the decompression; what it says of that is of no use here.
            let _ = reader.cancel();
            return Err(Unread::TooLarge);
        }
        chunks.push(&value);
    }
    let whole = web_sys::Blob::new_with_u8_array_sequence(&chunks).map_err(|_| Unread::Broken)?;
    let text = settled(whole.text()).await?;
    text.as_string().ok_or(Unread::Broken)
}

/// What `promise` resolves to; its rejection is a file that cannot be read.
async fn settled(promise: js_sys::Promise) -> Result<wasm_bindgen::JsValue, Unread> {
    wasm_bindgen_futures::JsFuture::from(promise).await.map_err(|_| Unread::Broken)
}

/// The property `name` of `object`.
fn field(object: &wasm_bindgen::JsValue, name: &str) -> Result<wasm_bindgen::JsValue, Unread> {
    js_sys::Reflect::get(object, &name.into()).map_err(|_| Unread::Broken)
}
