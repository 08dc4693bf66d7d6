#!/usr/bin/env bash
# `npm run test:sea`: the single executable (built here from the current
# build) in a bare Debian root with no node, run by podman, with the same
# checks as the images. Prints "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/ship/podman-env.sh
node --import tsx scripts/ship/build-sea.ts
SEA_ROOT="$(bash scripts/ship/sea-root.sh)"
export SEA_ROOT
exec node --import tsx scripts/ship/test-sea.ts "$@"
