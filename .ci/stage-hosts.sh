#!/usr/bin/env bash
# Real-host stage: installs the pinned hosts into the CI cache (not into the product's dependencies) and runs
# them headless against the scripted fake model on 127.0.0.1. Ends with node's test-runner summary.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== stage hosts: real agent hosts against a scripted model"
npm run test:hosts
