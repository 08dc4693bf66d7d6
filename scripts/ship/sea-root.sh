#!/usr/bin/env bash
# A bare Debian root for test-sea.ts, made once with mmdebstrap and cached
# outside the clone ($PITH_CACHE/sea-root): no node, only what the single
# executable's native builds use (clang-19, lld, musl, bubblewrap) and a user
# `pith` (uid 1000) to run it as. Prints the root's path.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/podman-env.sh"
root="$PITH_CACHE/sea-root"
if [ -f "$root/.complete" ]; then
  echo "$root"
  exit 0
fi
echo "[sea-root] making a bare Debian root with mmdebstrap (a few minutes, once)" >&2
rm -rf "$root" "$root.partial"
mkdir -p "$PITH_CACHE/apt-archives"
mmdebstrap --variant=minbase --mode=root --quiet \
  --aptopt='APT::Install-Recommends "false"' \
  --dpkgopt='path-exclude=/usr/share/{man,doc,locale,info}/*' \
  --hook-dir=/usr/share/mmdebstrap/hooks/merged-usr \
  --include=clang-19,lld-19,llvm-19,musl-dev,bubblewrap,ca-certificates \
  --customize-hook='chroot "$1" useradd --uid 1000 --create-home --shell /bin/sh pith' \
  bookworm "$root.partial" >&2
if chroot "$root.partial" sh -c 'command -v node' >/dev/null 2>&1; then
  echo "[sea-root] node is inside the root; it must not be" >&2
  exit 1
fi
touch "$root.partial/.complete"
mv "$root.partial" "$root"
echo "$root"
