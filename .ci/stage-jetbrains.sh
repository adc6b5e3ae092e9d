#!/usr/bin/env bash
# CI stage: the JetBrains plugin (Kotlin core, IDE layer against API stubs, plugin zip, JUnit 5 tests).
# Needs Debian's junit5 (.ci/apt-packages.txt); the Kotlin compiler is cached under $CONTEXT_MODE_CI_CACHE.
set -euo pipefail
cd "$(dirname "$0")/.."
nice npm run test:jetbrains
