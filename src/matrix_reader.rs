//! The reading of a results matrix, in a wasm module of its own (a split point, like the pages
//! of `pages/lazy.rs`).
//!
//! A matrix's columns (outcomes, metrics, agent summaries, standings) are many types to parse,
//! and only a split with runs has one: as part of the main module their parsing was 8 KB of the
//! first screen's gzipped wasm, which a benchmark without runs never used. The matrix's bytes
//! are fetched as before (by the page's first script, with the index shards), and so is this
//! module then (`start` in `lib.rs` preloads it), so the first rows do not wait for it.

use benchscope_contract::objects_only;
use benchscope_contract::results::ResultsMatrix;
use leptos::wasm_split::wasm_split;

use crate::api::fetch_checked;
use crate::load_error::LoadError;
use crate::split_points::CodeNotLoaded;

/// The matrix in `bytes`, or why they are not one.
#[wasm_split(matrix_reader, wasm_split_path = ::leptos::wasm_split, fallible, preload(preload_matrix_reader))]
pub fn read_matrix(bytes: Vec<u8>) -> Result<Result<ResultsMatrix, String>, CodeNotLoaded> {
    Ok(objects_only::from_slice(&bytes).map_err(|e| e.to_string()))
}

/// The results matrix at `url`, checked against the manifest and read by its own module.
pub async fn fetch_matrix(url: &str) -> Result<ResultsMatrix, LoadError> {
    let bytes = fetch_checked(url).await?;
    let read = read_matrix(bytes)
        .await
        .map_err(|_| CodeNotLoaded::error("results matrix's reader"))?;
    read.map_err(|e| LoadError {
        url: url.to_string(),
        message: format!("not a valid shard: {e}"),
    })
}
