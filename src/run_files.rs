//! Results matrices built from run files, in a wasm module of their own.
//!
//! A data directory written today lists each split's matrix, and the list reads that alone. Run
//! files are read into a matrix only for a directory written before matrices were, and for runs
//! a reader drops on the page; the code that does it (run files' parsing and the matrix's
//! building) was 12 KB of the first screen's gzipped wasm, and is now fetched the first time it
//! is needed (see `pages/lazy.rs` for split points).

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use benchscope_contract::results::ResultsMatrix;
use benchscope_contract::RunEntry;
use leptos::wasm_split::wasm_split;

use crate::api::{RunCache, DROPPED};
use crate::load_error::LoadError;
use crate::matrix_reader::fetch_matrix;
use crate::split_points::CodeNotLoaded;

/// The results matrix of a split whose runs are `entries`: the one the data directory lists at
/// `path`, or else (a directory written before matrices were) built from the run files. A run
/// file that fails to load is reported and left out, so the others still count. Runs dropped on
/// the page are added either way; only then, or without a listed matrix, is this module's split
/// point fetched.
pub async fn split_matrix(cache: &RunCache, base: &str, path: Option<&str>, entries: &[RunEntry]) -> (Arc<ResultsMatrix>, Vec<LoadError>) {
    let (listed, dropped): (Vec<RunEntry>, Vec<RunEntry>) = entries
        .iter()
        .filter(|e| e.instances > 0)
        .cloned()
        .partition(|e| !e.path.starts_with(DROPPED));
    let mut errors = Vec::new();
    let matrix = match path {
        Some(path) => match cache.listed_matrix(base, path, fetch_matrix).await {
            Ok(matrix) => Some(matrix),
            Err(error) => {
                errors.push(error);
                Some(Arc::new(ResultsMatrix::empty()))
            }
        },
        None if listed.is_empty() => Some(Arc::new(ResultsMatrix::empty())),
        None => None,
    };
    if let (Some(matrix), true) = (&matrix, dropped.is_empty()) {
        // The cached matrix itself: copying 500 runs' cells on every load is needless.
        return (matrix.clone(), errors);
    }
    let built = match matrix_with_runs(cache.clone(), base.to_string(), matrix.clone(), listed, dropped).await {
        Ok(building) => building.await,
        Err(_) => {
            let error = CodeNotLoaded::error("run files' reader");
            (matrix.unwrap_or_else(|| Arc::new(ResultsMatrix::empty())), vec![error])
        }
    };
    errors.extend(built.1);
    (built.0, errors)
}

/// What [`matrix_with_runs`] gives: the work of reading the run files.
pub type Building = Pin<Box<dyn Future<Output = (Arc<ResultsMatrix>, Vec<LoadError>)>>>;

/// `matrix` (or, when there is none, the matrix of the `listed` run files) with the `dropped`
/// runs added. A run file that fails to load is reported and left out.
#[wasm_split(run_files, wasm_split_path = ::leptos::wasm_split, fallible)]
pub fn matrix_with_runs(
    cache: RunCache,
    base: String,
    matrix: Option<Arc<ResultsMatrix>>,
    listed: Vec<RunEntry>,
    dropped: Vec<RunEntry>,
) -> Result<Building, CodeNotLoaded> {
    Ok(Box::pin(async move {
        let mut errors = Vec::new();
        let mut matrix = match matrix {
            Some(matrix) => (*matrix).clone(),
            None => {
                let (runs, run_errors) = cache.runs(&base, &listed).await;
                errors.extend(run_errors);
                ResultsMatrix::from_runs(&runs.iter().map(Arc::as_ref).collect::<Vec<_>>())
            }
        };
        let (dropped, _) = cache.runs(&base, &dropped).await;
        matrix.add_runs(&dropped.iter().map(Arc::as_ref).collect::<Vec<_>>());
        (Arc::new(matrix), errors)
    }))
}
