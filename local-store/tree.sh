# Sourced by scripts/services.sh (which builds the binary) and local-store/test.sh (which tests the
# patched packages): the one place that says which FerretDB, which patches, and how they are applied.
# shellcheck shell=bash

LOCAL_STORE_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
FERRETDB_VERSION="v1.24.2"
# The build's version names the patch level, so a binary without these patches (say, from
# `go install`) is rebuilt. Raise it with every change to a patch.
FERRETDB_BUILD="$FERRETDB_VERSION-sweat.13"

# The patches in the order they apply (by number, so a tenth would follow the ninth).
local_store_patches() {
  local patch
  for patch in "$LOCAL_STORE_DIR"/patches/*.patch; do echo "$patch"; done | sort -V
}

# The Go packages the patches change (./internal/...), from the files they touch.
local_store_packages() {
  local_store_patches | xargs sed -n 's|^+++ b/\(.*\)/[^/]*$|./\1|p' | sort -u
}

# prepare_ferretdb_tree DEST [LAST]: DEST becomes FerretDB's module source with the patches applied
# (only those numbered up to LAST, when given), as a git repository of its own: `git apply` then
# patches this tree even when DEST lies inside another repository, and FerretDB's test helpers find
# the tree's root by its .git. A module-cache copy has no build/version/version.txt, without which
# FerretDB panics; it gets FERRETDB_BUILD. Messages go to stderr; fails when a step does.
prepare_ferretdb_tree() {
  local dest="$1" last="${2:-}" src patch number
  [ -n "$dest" ] || { echo "prepare_ferretdb_tree: no destination" >&2; return 1; }
  (cd "$(mktemp -d)" && go mod init ferretdb-build >/dev/null 2>&1 && go mod download -json "github.com/FerretDB/FerretDB@$FERRETDB_VERSION" >/dev/null) \
    || { echo "cannot download FerretDB $FERRETDB_VERSION" >&2; return 1; }
  src="$(go env GOMODCACHE)/github.com/!ferret!d!b/!ferret!d!b@$FERRETDB_VERSION"
  rm -rf "$dest" && mkdir -p "$dest" && cp -r "$src/." "$dest" && chmod -R u+w "$dest" || return 1
  git init -q "$dest" || { echo "git is needed to patch FerretDB" >&2; return 1; }
  while read -r patch; do
    number="$(basename "$patch")" && number="${number%%-*}"
    [ -z "$last" ] || [ "$number" -le "$last" ] || continue
    git -C "$dest" apply "$patch" || { echo "cannot apply $patch to FerretDB $FERRETDB_VERSION" >&2; return 1; }
  done < <(local_store_patches)
  echo "$FERRETDB_BUILD" > "$dest/build/version/version.txt"
}
