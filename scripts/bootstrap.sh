#!/usr/bin/env bash
# Installs what the project needs and is missing, then says what it did.
# Idempotent: when everything is present it only checks (a second or two).
#
#   bootstrap.sh serve   what serving uses (`npm start`): npm dependencies and
#                        the native toolchain for native builds
#   bootstrap.sh test    all of the above plus what only tests and benchmarks
#                        use (`npm test`): Chromium, qemu, Wine, benchmark
#                        baselines and valgrind, podman and mmdebstrap for
#                        the image tests
#
#   npm dependencies  -> `npm install` when node_modules is absent or stale
#   Debian packages   -> apt-get, only as root with apt available; otherwise
#                        the features they serve are listed as unavailable
set -euo pipefail
cd "$(dirname "$0")/.."

purpose="${1:-test}"
case "$purpose" in serve | test) ;; *)
  echo "usage: bootstrap.sh serve|test (got '$purpose')" >&2
  exit 2
  ;;
esac

say() { printf '[bootstrap] %s\n' "$*"; }

# --- npm dependencies ---------------------------------------------------------
npm_args=(--no-audit --no-fund --loglevel=error)
# Build tools need every platform package npm marks optional (rolldown's and
# esbuild's native binaries), so the install is the same for both purposes;
# webgpu (optional too) is only ever imported when ANOMALY_GPU asks for a GPU,
# and the images and the single executable do not carry it.
if [ ! -d node_modules ] || [ ! -f node_modules/.package-lock.json ] \
   || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "installing npm dependencies (npm install, pinned by package-lock.json)"
  npm install "${npm_args[@]}"
  touch node_modules/.package-lock.json
else
  say "npm dependencies: up to date, skipped"
fi

# --- Debian packages ------------------------------------------------------------
# feature -> packages. A server without one says so in /health's toolchain
# list; tests that need a missing feature fail and name it.
declare -A SERVE_FEATURES=(
  ["native builds (clang/lld 19)"]="clang-19 lld-19 llvm-19"
  ["musl static x86-64"]="musl-dev"
  ["Linux arm64 glibc builds"]="libc6-dev-arm64-cross libgcc-12-dev-arm64-cross"
  ["Windows builds (mingw-w64)"]="gcc-mingw-w64-x86-64-win32"
  ["build sandbox (bubblewrap)"]="bubblewrap"
)
declare -A TEST_FEATURES=(
  ["browser tests (Chromium)"]="chromium"
  ["running foreign Linux binaries (qemu)"]="qemu-user-static"
  ["running Windows builds (wine)"]="wine64"
  ["C baselines for benchmarks (wasm32-wasi)"]="wasi-libc libclang-rt-19-dev-wasm32"
  ["scikit-learn comparison in benchmarks"]="python3-sklearn"
  ["instruction counts in the native benchmark (callgrind)"]="valgrind"
  ["Python references of lang/tests/docs_corpus"]="python3"
  ["std.math accuracy references (mpmath)"]="python3-mpmath"
  ["container image tests (podman)"]="podman buildah runc conmon netavark aardvark-dns iptables uidmap"
  ["base images and bare roots (mmdebstrap)"]="mmdebstrap"
  ["several instances (npm run test:cluster)"]="redis-server haproxy radosgw ceph-mon ceph-osd postgresql"
)

declare -A FEATURES=()
for f in "${!SERVE_FEATURES[@]}"; do FEATURES["$f"]="${SERVE_FEATURES[$f]}"; done
if [ "$purpose" = test ]; then
  for f in "${!TEST_FEATURES[@]}"; do FEATURES["$f"]="${TEST_FEATURES[$f]}"; done
fi

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }

if ! command -v dpkg-query >/dev/null; then
  say "not a Debian system: install the toolchain yourself for native builds (README, Self-hosting)"
  exit 0
fi

missing=()
for feature in "${!FEATURES[@]}"; do
  for pkg in ${FEATURES[$feature]}; do installed "$pkg" || missing+=("$pkg"); done
done

if [ ${#missing[@]} -eq 0 ]; then
  say "Debian packages ($purpose): all present, skipped"
elif [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
  say "installing Debian packages ($purpose): ${missing[*]}"
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
