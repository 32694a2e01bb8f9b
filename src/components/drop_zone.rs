//! Bring your own results: a file dropped on the zone (or chosen with its button, for the
//! keyboard) is read in the browser and added as a run of the selected split. Nothing is sent
//! anywhere; the run lasts as long as the page.

use benchscope_contract::dropped::read_dropped;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::api::{DroppedRuns, LoadError, RunCache};
use crate::app::ErrorBox;

/// The zone, adding runs to `dataset`/`split` (a run file naming one of `known` splits keeps it).
#[component]
pub fn DropZone(base: String, dataset: String, split: String, known: Vec<(String, String)>) -> impl IntoView {
    let dropped = expect_context::<DroppedRuns>();
    let cache = expect_context::<RunCache>();
    let messages = RwSignal::new(Vec::<Result<String, LoadError>>::new());
    let hovering = RwSignal::new(false);
    let (base, dataset, split, known) = (
        StoredValue::new(base),
        StoredValue::new(dataset),
        StoredValue::new(split),
        StoredValue::new(known),
    );
    let cache = StoredValue::new(cache);
    let read = move |files: web_sys::FileList| {
        for index in 0..files.length() {
            let Some(file) = files.item(index) else { continue };
            let (base, dataset, split, known, cache) = (
                base.get_value(),
                dataset.get_value(),
                split.get_value(),
                known.get_value(),
                cache.get_value(),
            );
            leptos::task::spawn_local(async move {
                let name = file.name();
                let text = wasm_bindgen_futures::JsFuture::from(file.text())
                    .await
                    .ok()
                    .and_then(|t| t.as_string());
                let outcome = match text {
                    None => Err(format!("{name}: cannot read the file")),
                    Some(text) => read_dropped(&name, &text, &dataset, &split),
                };
                let message = outcome
                    .map(|mut run| {
                        if !known.iter().any(|(d, s)| *d == run.run.dataset && *s == run.run.split) {
                            (run.run.dataset, run.run.split) = (dataset.clone(), split.clone());
                        }
                        let entry = cache.add_dropped(&base, run);
                        let line = format!(
                            "Added {} ({} results) to {}/{}",
                            entry.system.name, entry.instances, entry.dataset, entry.split
                        );
                        dropped.0.update(|runs| {
                            runs.retain(|r| r.id != entry.id);
                            runs.push(entry);
                        });
                        line
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
                <label class="file-button">"choose files"<input type="file" multiple accept=".json,.jsonl" on:change=on_change /></label>
                ". It stays in this page; nothing is uploaded."</p>
            {move || messages.get().into_iter().map(|m| match m {
                Ok(line) => view! { <p class="dropped-ok" role="status">{line}</p> }.into_any(),
                Err(error) => view! { <ErrorBox error /> }.into_any(),
            }).collect_view()}
        </section>
    }
}
