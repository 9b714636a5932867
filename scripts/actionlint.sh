#!/usr/bin/env bash
# Checks the GitHub Actions workflows (.github/workflows/*.yml) with actionlint, since no runner
# exists on the development machines to try them. Installs the pinned actionlint with `go install`
# on first use (kept in GOPATH/bin). With a report path, writes {"passed": n, "failed": n}: one per
# workflow file, for scripts/test.mjs.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VERSION="v1.7.12"
BIN="$(go env GOPATH 2>/dev/null || echo "$HOME/go")/bin/actionlint"
report="${1:-}"

if ! [ -x "$BIN" ] || ! "$BIN" -version 2>/dev/null | grep -qx "v\?${VERSION#v}"; then
  echo "[actionlint] installing actionlint $VERSION (go install)" >&2
  GOFLAGS= go install "github.com/rhysd/actionlint/cmd/actionlint@$VERSION" || { echo "[actionlint] cannot install actionlint (Go and its module proxy needed)" >&2; exit 1; }
fi

passed=0 failed=0
for workflow in "$ROOT"/.github/workflows/*.yml; do
  if "$BIN" "$workflow"; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
done
echo "[actionlint] $passed workflow(s) clean, $failed with findings" >&2
[ -n "$report" ] && printf '{"passed": %d, "failed": %d}\n' "$passed" "$failed" > "$report"
[ "$failed" -eq 0 ]
