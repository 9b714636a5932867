#!/usr/bin/env bash
# Go tests of the local store: FerretDB's own tests of every package the patches change, and ours
# (tests/, one file per patch, copied into the patched tree beside the code it tests).
#
#   local-store/test.sh [GO TEST FLAGS]          human output (e.g. -run TestSortPushdown -v)
#   local-store/test.sh --summary FILE           as `npm test` runs it: readable output, counts in FILE
#   local-store/test.sh --without N              patch N's tests on the tree without patch N (nor
#                                                those after it): exits 0 only if they fail there
#
# The tree is prepared again on every run (a few seconds) at $LOCAL_STORE_TREE (default
# .data/local-store/tree), always at the same path, so Go's build cache keeps its compiled packages.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=./tree.sh
source "$ROOT/local-store/tree.sh"
TREE="$(realpath -m "${LOCAL_STORE_TREE:-$ROOT/.data/local-store/tree}")"

summary="" without=""
while [ $# -gt 0 ]; do
  case "$1" in
    --summary) summary="$2"; shift 2 ;;
    --without) without="$2"; shift 2 ;;
    *) break ;;
  esac
done

command -v go >/dev/null || { echo "[local-store] Go is missing: the local store's tests need it" >&2; exit 1; }

# Our tests: all of them, or only patch N's; helpers (local_store_helpers_test.go) are not among them.
test_files() {
  (cd "$LOCAL_STORE_DIR/tests" && find . -name "patch${1:-*}_*_test.go" | sort)
}
helpers="$(cd "$LOCAL_STORE_DIR/tests" && find . -name 'local_store_helpers_test.go' | sort)"

if [ -n "$without" ]; then
  files="$(test_files "$without")"
  [ -n "$files" ] || { echo "[local-store] no tests of patch $without in $LOCAL_STORE_DIR/tests" >&2; exit 2; }
  prepare_ferretdb_tree "$TREE" "$((without - 1))"
else
  files="$(test_files)"
  prepare_ferretdb_tree "$TREE"
fi
for file in $files $helpers; do cp "$LOCAL_STORE_DIR/tests/$file" "$TREE/$file"; done

# As FerretDB's own `task test-unit-short`: the debug build (it checks more invariants), and -short,
# since its backend contract tests (internal/backends) need a PostgreSQL, which we do not run.
flags=(-short -count=1 -shuffle=on -timeout=10m -tags=ferretdb_debug)
cd "$TREE"

if [ -n "$without" ]; then
  packages="$(for file in $files; do dirname "$file"; done | sort -u)"
  tests="$(sed -n 's/^func \(Test[A-Za-z0-9_]*\)(t \*testing\.T).*/\1/p' $files | paste -sd'|')"
  echo "[local-store] patch $without's tests ($tests) without patch $without:" >&2
  # shellcheck disable=SC2086 # one package a word
  if go test "${flags[@]}" -run "^($tests)\$" $packages "$@"; then
    echo "[local-store] they pass without patch $without: they do not show what it does" >&2
    exit 1
  fi
  echo "[local-store] they fail without patch $without, as they should" >&2
  exit 0
fi

# The packages the patches change, and any other one a test of ours is in.
packages="$( { local_store_packages; for file in $files; do dirname "$file"; done; } | sort -u)"
# shellcheck disable=SC2086 # one package a word
if [ -n "$summary" ]; then
  go test -json "${flags[@]}" $packages "$@" | node "$LOCAL_STORE_DIR/go-test-report.mjs" "$summary"
else
  go test "${flags[@]}" $packages "$@"
fi
