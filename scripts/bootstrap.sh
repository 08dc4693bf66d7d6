#!/usr/bin/env bash
# Installs what the project needs and is missing, then says what it did.
# Idempotent: when everything is present it only checks (a second or two).
#   npm dependencies  -> `npm install` when node_modules is absent or stale
#   Debian packages   -> apt-get, only as root with apt available
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '[bootstrap] %s\n' "$*"; }

# --- npm dependencies ---------------------------------------------------------
if [ ! -d node_modules ] || [ ! -f node_modules/.package-lock.json ] \
   || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "installing npm dependencies (npm install, pinned by package-lock.json)"
  npm install --no-audit --no-fund --loglevel=error
  touch node_modules/.package-lock.json
else
  say "npm dependencies: up to date, skipped"
fi

# --- Debian packages ------------------------------------------------------------
# feature -> packages. Tests that need a missing feature fail and name it.
declare -A FEATURES=(
  ["browser tests (Chromium)"]="chromium"
  ["native builds (clang/lld 19)"]="clang-19 lld-19 llvm-19"
  ["running foreign Linux binaries (qemu)"]="qemu-user-static"
  ["musl static x86-64"]="musl-dev"
  ["Linux arm64 glibc builds"]="libc6-dev-arm64-cross libgcc-12-dev-arm64-cross"
  ["Windows builds and runs (mingw-w64, wine)"]="gcc-mingw-w64-x86-64-win32 wine64"
  ["C baselines for benchmarks (wasm32-wasi)"]="wasi-libc libclang-rt-19-dev-wasm32"
  ["scikit-learn comparison in benchmarks"]="python3-sklearn"
  ["Python references of lang/tests/docs_corpus"]="python3"
  ["build sandbox (bubblewrap)"]="bubblewrap"
)

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }

missing=()
for feature in "${!FEATURES[@]}"; do
  for pkg in ${FEATURES[$feature]}; do installed "$pkg" || missing+=("$pkg"); done
done

if [ ${#missing[@]} -eq 0 ]; then
  say "Debian packages: all present, skipped"
elif [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
  say "installing Debian packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q -o DPkg::Lock::Timeout=600 >/dev/null
  apt-get install -y -q --no-install-recommends -o DPkg::Lock::Timeout=600 "${missing[@]}" >/dev/null
  say "installed ${#missing[@]} Debian packages"
else
  say "cannot install Debian packages (not root or no apt); these features are unavailable:"
  for feature in "${!FEATURES[@]}"; do
    for pkg in ${FEATURES[$feature]}; do
      if ! installed "$pkg"; then say "  - $feature (needs: ${FEATURES[$feature]})"; break; fi
    done
  done
fi
