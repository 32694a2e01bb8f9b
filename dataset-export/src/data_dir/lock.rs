//! One writer at a time per data directory: an OS lock (`flock`) on `.<name>.lock` beside it,
//! held for as long as a command changes the directory and released by the kernel when the
//! process ends, however it ends, so a crash never leaves the directory locked. A command that
//! finds it taken says so and waits. The holder removes the file when it is done (a waiter that
//! then holds a removed file tries again), so nothing is left beside the directory. Under the
//! lock, staging folders that a dead process left beside the directory are removed.

use std::fs::File;
use std::os::fd::AsRawFd;
use std::path::{Path, PathBuf};

use anyhow::Context;

/// The lock on one data directory; released when dropped.
#[derive(Debug)]
pub struct DataDirLock {
    file: Option<File>,
    path: PathBuf,
}

impl Drop for DataDirLock {
    fn drop(&mut self) {
        // Removed while still held, so no one can lock this file after it is gone.
        let _ = std::fs::remove_file(&self.path);
        drop(self.file.take());
    }
}

impl DataDirLock {
    /// Takes the lock on `data`, waiting (with a message on stderr) while another process holds it.
    pub fn acquire(data: &Path) -> anyhow::Result<Self> {
        let (parent, name) = parent_and_name(data)?;
        std::fs::create_dir_all(&parent).with_context(|| format!("cannot create {}", parent.display()))?;
        let path = parent.join(format!(".{name}.lock"));
        let mut said = false;
        loop {
            let file = File::options()
                .create(true)
                .truncate(false)
                .write(true)
                .open(&path)
                .with_context(|| format!("cannot open the lock {}", path.display()))?;
            if !flock(&file, libc::LOCK_EX | libc::LOCK_NB)? {
                if !said {
                    eprintln!("waiting for another benchscope command that is writing {} ...", data.display());
                    said = true;
                }
                flock(&file, libc::LOCK_EX)?;
            }
            // The previous holder may have removed the file while this one waited on it.
            if is_same_file(&file, &path) {
                remove_stale_staging(&parent, &name);
                return Ok(DataDirLock { file: Some(file), path });
            }
        }
    }
}

/// `flock` on `file`; `Ok(false)` when a non-blocking request finds the lock taken.
fn flock(file: &File, operation: libc::c_int) -> anyhow::Result<bool> {
    loop {
        // SAFETY: flock on a file descriptor this process owns for the call's duration.
        if unsafe { libc::flock(file.as_raw_fd(), operation) } == 0 {
            return Ok(true);
        }
        let error = std::io::Error::last_os_error();
        match error.raw_os_error() {
            Some(libc::EWOULDBLOCK) if operation & libc::LOCK_NB != 0 => return Ok(false),
            Some(libc::EINTR) => continue,
            _ => return Err(error).context("cannot lock the data directory"),
        }
    }
}

/// Whether `path` still names the file `file` is open on.
fn is_same_file(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), std::fs::metadata(path)) {
        (Ok(open), Ok(named)) => open.ino() == named.ino() && open.dev() == named.dev(),
        _ => false,
    }
}

fn parent_and_name(data: &Path) -> anyhow::Result<(PathBuf, String)> {
    let name = data
        .file_name()
        .context("the data directory's path has no final component")?
        .to_string_lossy()
        .into_owned();
    let parent = data
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
        .to_path_buf();
    Ok((parent, name))
}

/// Removes `.<name>.partial-PID`, `.scratch-PID` and `.old-PID` folders of processes that are
/// gone (an export killed midway leaves them; the directory itself was never touched).
fn remove_stale_staging(parent: &Path, name: &str) {
    let Ok(entries) = std::fs::read_dir(parent) else { return };
    for entry in entries.flatten() {
        let file_name = entry.file_name().to_string_lossy().into_owned();
        let Some(rest) = file_name.strip_prefix(&format!(".{name}.")) else {
            continue;
        };
        let pid = ["partial-", "scratch-", "old-"]
            .iter()
            .find_map(|kind| rest.strip_prefix(kind))
            .and_then(|p| p.parse::<i32>().ok());
        if pid.is_some_and(|pid| pid != std::process::id() as i32 && !is_alive(pid)) {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// Whether a process `pid` exists.
fn is_alive(pid: i32) -> bool {
    // SAFETY: signal 0 only asks whether the process exists.
    let result = unsafe { libc::kill(pid, 0) };
    result == 0 || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lock_is_exclusive_and_stale_staging_goes() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("data");
        // A staging folder of a process that cannot exist (pid beyond the kernel's maximum).
        let stale = dir.path().join(".data.partial-2147483646");
        std::fs::create_dir_all(&stale).unwrap();
        let held = DataDirLock::acquire(&data).unwrap();
        assert!(!stale.exists(), "a dead process's staging folder is removed");
        let file = File::options().write(true).open(dir.path().join(".data.lock")).unwrap();
        assert!(!flock(&file, libc::LOCK_EX | libc::LOCK_NB).unwrap(), "a second writer waits");
        drop(held);
        assert!(
            flock(&file, libc::LOCK_EX | libc::LOCK_NB).unwrap(),
            "and gets it once the first is done"
        );
    }
}
