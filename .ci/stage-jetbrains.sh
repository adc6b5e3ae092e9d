#!/usr/bin/env bash
# CI stage: the JetBrains plugin (Kotlin format check, Kotlin core, IDE layer against API stubs, plugin zip, JUnit 5
# tests). Needs Debian's junit5 (.ci/apt-packages.txt); the Kotlin compiler is cached under $CONTEXT_MODE_CI_CACHE.
# The format check runs first but does not stop the tests: the stage fails if either fails, after the tests' summary.
set -uo pipefail
cd "$(dirname "$0")/.."
format=0
bash plugin-jetbrains/scripts/check-format.sh || format=$?
tests=0
nice npm run test:jetbrains || tests=$?
[ "$format" -eq 0 ] || echo "jetbrains stage: the Kotlin format check failed (see above)" >&2
[ "$format" -eq 0 ] && [ "$tests" -eq 0 ]
