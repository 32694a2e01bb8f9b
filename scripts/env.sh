# Sourced by the other scripts: the paths of the tools setup.sh installs.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$ROOT/e2e/node_modules/.bin:$HOME/.cargo/bin:$PATH"
export CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"
