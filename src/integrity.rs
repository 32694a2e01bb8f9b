//! Every fetched file the manifest lists is checked against the SHA-256 it lists for it.
//!
//! The digest is the browser's own (`crypto.subtle`), which hashes natively: with it, the first
//! rows of a 50,000-instance list (3 MB of index shards) came 16-54 ms sooner than with SHA-256
//! in wasm. `crypto.subtle` exists only in a secure context (HTTPS or localhost), so a site
//! served over plain HTTP elsewhere is checked by `sha2` in wasm, a split point of its own
//! (1.5 KB of the first view's gzipped wasm that most pages never run). The page's first script
//! hashes the bodies it fetches early the same way, while the wasm is still compiling
//! (`src/early_fetch.js`).

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;

use benchscope_contract::FileEntry;
use leptos::wasm_split::{wasm_split, SplitLoaderError};
use wasm_bindgen::JsCast;

thread_local! {
    /// URL → the SHA-256 the manifest lists for the file there.
    static EXPECTED_SHA256: RefCell<HashMap<String, String>> = RefCell::new(HashMap::new());
    /// What fetches SHA-256 in wasm, once `start` has installed it.
    static WASM_HASHER: Cell<Option<HasherLoader>> = const { Cell::new(None) };
}

/// Fetches the split point that hashes in wasm.
type HasherLoader = fn() -> Pin<Box<dyn Future<Output = Result<fn(&[u8]) -> String, SplitLoaderError>>>>;

/// Lets pages without `crypto.subtle` hash in wasm. The app's `start` installs it rather than
/// `fault` naming the split point: linked into every fetch, the split point's imports would be
/// in builds that are never split (the wasm tests), which then cannot load.
pub fn install_wasm_hasher() {
    WASM_HASHER.with(|hasher| hasher.set(Some(|| Box::pin(wasm_sha256()))));
}

/// Remembers the SHA-256 of every file in `files` (paths relative to `base`), so each is checked
/// when fetched: the manifest's files, and a search meta's buckets.
pub fn expect_hashes(base: &str, files: &[FileEntry]) {
    EXPECTED_SHA256.with(|expected| {
        let mut expected = expected.borrow_mut();
        for file in files {
            expected.insert(format!("{base}{}", file.path), file.sha256.clone());
        }
    });
}

/// Whether the manifest lists the file at `url` (or a search meta lists it as a bucket).
pub fn is_listed(url: &str) -> bool {
    EXPECTED_SHA256.with(|e| e.borrow().contains_key(url))
}

/// A fetched body: its bytes, and their SHA-256 when the browser has already hashed them.
pub struct Body {
    pub bytes: Vec<u8>,
    pub sha256: Option<String>,
}

impl Body {
    /// `bytes` fetched from `url`, hashed by the browser when the manifest lists `url` (an
    /// unlisted file is not checked, so not hashed).
    pub async fn read(url: &str, bytes: Vec<u8>) -> Body {
        let sha256 = match is_listed(url) {
            true => browser_sha256(&bytes).await,
            false => None,
        };
        Body { bytes, sha256 }
    }
}

/// Why `body`, fetched from `url`, is not the file the manifest lists, if it is not, or cannot
/// be checked.
pub async fn fault(url: &str, body: &Body) -> Option<String> {
    let expected = EXPECTED_SHA256.with(|e| e.borrow().get(url).cloned())?;
    let actual = match (&body.sha256, WASM_HASHER.with(Cell::get)) {
        (Some(hash), _) => hash.clone(),
        (None, Some(load)) => match load().await {
            Ok(sha256) => sha256(&body.bytes),
            Err(_) => return Some(UNCHECKED.to_string()),
        },
        (None, None) => return Some(UNCHECKED.to_string()),
    };
    (actual != expected).then(|| {
        format!(
            "its SHA-256 is {}…, not the {}… the manifest lists: the file changed after the export, or was damaged on the way",
            &actual[..actual.len().min(12)],
            &expected[..expected.len().min(12)]
        )
    })
}

/// The SHA-256 of `bytes` as lowercase hex, by `crypto.subtle`; `None` where there is none (an
/// insecure context) or it fails.
async fn browser_sha256(bytes: &[u8]) -> Option<String> {
    let window: wasm_bindgen::JsValue = web_sys::window()?.into();
    let crypto = js_sys::Reflect::get(&window, &"crypto".into()).ok()?;
    let subtle = js_sys::Reflect::get(&crypto, &"subtle".into()).ok()?;
    let digest: js_sys::Function = js_sys::Reflect::get(&subtle, &"digest".into()).ok()?.dyn_into().ok()?;
    let algorithm = wasm_bindgen::JsValue::from_str("SHA-256");
    // A view of the wasm memory, not a copy: `digest` copies its input before it returns, and
    // nothing allocates (which could move the memory) between the view and the call.
    let view = unsafe { js_sys::Uint8Array::view(bytes) };
    let promise: js_sys::Promise = digest.call2(&subtle, &algorithm, &view).ok()?.dyn_into().ok()?;
    let hash = wasm_bindgen_futures::JsFuture::from(promise).await.ok()?;
    Some(hex(&js_sys::Uint8Array::new(&hash).to_vec()))
}

/// Why a file is refused when the browser cannot hash it and the wasm that would is not here.
const UNCHECKED: &str = "it cannot be checked against the SHA-256 the manifest lists: this page has no crypto.subtle (it is served over plain HTTP), and the code that hashes in wasm could not be fetched (the browser's console names the file); reload the page to try again";

/// SHA-256 in wasm (as lowercase hex), fetched the first time a file must be hashed without the
/// browser.
#[wasm_split(wasm_sha256, wasm_split_path = ::leptos::wasm_split, fallible)]
fn wasm_sha256() -> Result<fn(&[u8]) -> String, SplitLoaderError> {
    Ok(|bytes| {
        use sha2::{Digest, Sha256};
        hex(&Sha256::digest(bytes))
    })
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
