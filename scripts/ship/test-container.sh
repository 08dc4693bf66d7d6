#!/usr/bin/env bash
# `npm run test:container`: base images (made locally when absent, cached
# in podman's storage and $PITH_CACHE), both Dockerfile targets, then the
# checks in test-container.ts. Prints "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/ship/podman-env.sh
bash scripts/ship/base-images.sh
exec node --import tsx scripts/ship/test-container.ts "$@"
