//! Running a test command as isolated as this machine allows.
//!
//! What is given: a fresh work tree per instance (deleted afterwards), a process group killed
//! whole at the timeout, resource limits (CPU time, file size, open files, no core dumps), a
//! scrubbed environment with a private HOME, and no network when `unshare -rn` works (an empty
//! network namespace in an unprivileged user namespace). What is not: the tests run as the
//! calling user and can read whatever that user can read; there is no filesystem or memory
//! isolation. The benchmarks' official Docker harnesses give those, and at scale they are what
//! runs the tests (this CLI imports their output).

use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What a test command did.
pub struct Outcome {
    /// Its stdout and stderr, interleaved.
    pub log: String,
    /// Whether it was killed at the timeout.
    pub timed_out: bool,
    /// Its exit code, when it exited.
    pub exit_code: Option<i32>,
}

/// Whether an empty network namespace can be entered here.
pub fn network_isolation_available() -> bool {
    Command::new("unshare")
        .args(["-rn", "true"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Runs `shell_command` with `sh -c` in `work`, killing it after `timeout`.
pub fn run(work: &Path, shell_command: &str, timeout: Duration, no_network: bool) -> std::io::Result<Outcome> {
    let log_path = work.join(".benchscope-test.log");
    let log_file = std::fs::File::create(&log_path)?;
    let home = work.join(".benchscope-home");
    std::fs::create_dir_all(&home)?;
    let mut command = if no_network {
        let mut c = Command::new("unshare");
        c.args(["-rn", "sh", "-c", shell_command]);
        c
    } else {
        let mut c = Command::new("sh");
        c.args(["-c", shell_command]);
        c
    };
    command
        .current_dir(work)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", &home)
        .env("LANG", "C.UTF-8")
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .env("PYTHONHASHSEED", "0")
        .stdin(Stdio::null())
        .stdout(Stdio::from(log_file.try_clone()?))
        .stderr(Stdio::from(log_file))
        .process_group(0);
    let cpu_seconds = timeout.as_secs() + 5;
    // SAFETY: only async-signal-safe setrlimit calls run between fork and exec.
    unsafe {
        command.pre_exec(move || {
            limit(libc::RLIMIT_CPU, cpu_seconds);
            limit(libc::RLIMIT_FSIZE, 1 << 30);
            limit(libc::RLIMIT_NOFILE, 4096);
            limit(libc::RLIMIT_CORE, 0);
            Ok(())
        });
    }
    let mut child = command.spawn()?;
    let started = Instant::now();
    let (timed_out, exit_code) = loop {
        if let Some(status) = child.try_wait()? {
            break (false, status.code());
        }
        if started.elapsed() >= timeout {
            // SAFETY: kill(2) on the child's own process group.
            unsafe { libc::kill(-(child.id() as i32), libc::SIGKILL) };
            let _ = child.wait();
            break (true, None);
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut log = String::from_utf8_lossy(&std::fs::read(&log_path)?).into_owned();
    if timed_out {
        log.push_str(&format!(
            "\n[benchscope] TIMEOUT: the tests were killed after {} s\n",
            timeout.as_secs()
        ));
    }
    Ok(Outcome { log, timed_out, exit_code })
}

fn limit(resource: libc::__rlimit_resource_t, value: u64) {
    let limit = libc::rlimit {
        rlim_cur: value,
        rlim_max: value,
    };
    // SAFETY: setrlimit reads the struct we pass.
    unsafe { libc::setrlimit(resource, &limit) };
}
