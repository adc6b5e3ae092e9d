#!/usr/bin/env bash
# Real-host stage: installs the pinned hosts into the CI cache (not into the product's dependencies) and runs
# them headless against the scripted fake model on 127.0.0.1, wired to the npm tarball as a user installs it.
# Ends with node's test-runner summary.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== stage hosts: real agent hosts against a scripted model"
# The npm tarball, packed once: each host test installs it into an empty prefix and runs ctxmode from there.
pkg_dir=$(mktemp -d)
trap 'rm -rf "$pkg_dir"' EXIT
(cd server && npm pack --silent --pack-destination "$pkg_dir" >/dev/null)
CONTEXT_MODE_TARBALL=$(ls "$pkg_dir"/ctxmode-*.tgz)
export CONTEXT_MODE_TARBALL
npm run test:hosts
