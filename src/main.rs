//! Mounts the Benchscope explorer (built for the browser by Trunk).

#[cfg(target_arch = "wasm32")]
fn main() {
    benchscope_web::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The Benchscope explorer runs in the browser: build and serve it with scripts/serve.sh.");
    std::process::exit(2);
}
