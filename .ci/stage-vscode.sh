#!/usr/bin/env bash
# CI stage: the VS Code extension in a real VS Code (code-server 4.139.1 = VS Code 1.139.1) with Debian Chromium.
# Installs (cached) what it needs, then runs the integration suite; its last line is `N passed, N failed`.
set -euo pipefail
cd "$(dirname "$0")/.."
# The closing lines report the whole stage's time, installs included.
VSCODE_STAGE_STARTED_MS=$(($(date +%s) * 1000))
export VSCODE_STAGE_STARTED_MS
bash extension-vscode/scripts/setup-vscode-test.sh >/dev/null
npm run test:vscode
