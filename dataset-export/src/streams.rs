//! Inputs given as a stream (`/dev/stdin` under a pipe, `<(zcat tasks.jsonl.gz)`, a named pipe)
//! can be read once, but the readers look at a file more than once: its first bytes to tell what
//! it holds, then from its start again, and Parquet seeks. Such an input is copied to a file first,
//! named as the stream is (`stdin`, so the dataset's name is the same), and every message names
//! the stream as it was given rather than the copy.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The copies of the streams a command was given; removed when dropped.
pub struct Spooled {
    _dir: Option<tempfile::TempDir>,
}

/// Each path of `paths` that is a stream, replaced by a copy of what it held; a device (a
/// terminal, `/dev/zero`) is refused, as what it gives may never end.
pub fn spool(paths: &mut [PathBuf]) -> io::Result<Spooled> {
    if let Some(device) = paths.iter().find(|p| is_device(p)) {
        let message = format!(
            "{}: a device, not a file or a pipe (a terminal, say): give the file, or pipe it in",
            device.display()
        );
        return Err(io::Error::new(io::ErrorKind::InvalidInput, message));
    }
    let mut dir = None;
    for (nth, path) in paths.iter_mut().enumerate().filter(|(_, p)| is_stream(p)) {
        let dir = match &mut dir {
            Some(dir) => dir,
            None => dir.insert(tempfile::Builder::new().prefix("benchscope-stream-").tempdir()?),
        };
        let folder = dir.path().join(nth.to_string());
        std::fs::create_dir(&folder)?;
        let name = path.file_name().map_or("input".into(), |n| n.to_os_string());
        let copy = folder.join(name);
        let mut from =
            std::fs::File::open(&*path).map_err(|e| io::Error::new(e.kind(), format!("{}: cannot open: {e}", path.display())))?;
        io::copy(&mut from, &mut std::fs::File::create(&copy)?)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: cannot read: {e}", path.display())))?;
        stand_in(&copy, path);
        *path = copy;
    }
    Ok(Spooled { _dir: dir })
}

/// Whether `path` is a character or block device.
fn is_device(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        std::fs::metadata(path).is_ok_and(|m| m.file_type().is_char_device() || m.file_type().is_block_device())
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        false
    }
}

/// Whether `path` is a pipe or a socket: what a second open does not read from its start.
fn is_stream(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        std::fs::metadata(path).is_ok_and(|m| m.file_type().is_fifo() || m.file_type().is_socket())
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        false
    }
}

/// The copies standing in for streams, each with the name it stands in for.
static STAND_INS: Mutex<Vec<(String, String)>> = Mutex::new(Vec::new());

fn stand_in(copy: &Path, given: &Path) {
    if let Ok(mut stand_ins) = STAND_INS.lock() {
        stand_ins.push((copy.display().to_string(), given.display().to_string()));
    }
}

/// `text` with every copy of a stream named as the stream was given.
pub fn as_given(text: &str) -> std::borrow::Cow<'_, str> {
    let Ok(stand_ins) = STAND_INS.lock() else { return text.into() };
    let mut text: std::borrow::Cow<'_, str> = text.into();
    for (copy, given) in stand_ins.iter() {
        if text.contains(copy.as_str()) {
            text = text.replace(copy.as_str(), given).into();
        }
    }
    text
}
