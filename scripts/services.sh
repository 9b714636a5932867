#!/usr/bin/env bash
# Local services for development, tests and `npm start`: FerretDB 1.24.2 (MongoDB wire protocol,
# SQLite files in $DATA_DIR/ferretdb) and Redis, each on a fixed loopback port, reused when running
# (a FerretDB started elsewhere only if it is this build with these settings: reuse_foreign_ferretdb).
#
#   scripts/services.sh install   install what is missing (redis-server, ferretdb, schemathesis; chromium with --browser)
#   scripts/services.sh install-fuzz   only schemathesis (the API fuzzer, in its own venv under .data/tools)
#   scripts/services.sh start     install if needed, then start both (no-op for one already up)
#   scripts/services.sh stop      stop the ones this script started
#   scripts/services.sh status
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DATA_DIR="$(realpath -m "${DATA_DIR:-$ROOT/.data}")"
MONGO_PORT="${LOCAL_MONGO_PORT:-27027}"
REDIS_PORT="${LOCAL_REDIS_PORT:-6389}"
FERRETDB_VERSION="v1.24.2"
GOBIN_DIR="$(go env GOPATH 2>/dev/null || echo "$HOME/go")/bin"
FERRETDB="${FERRETDB_BIN:-$GOBIN_DIR/ferretdb}"
RUN_DIR="$DATA_DIR/run"
SCHEMATHESIS_VERSION="4.32.5"
# Not under DATA_DIR: tests give every app a temp DATA_DIR, the fuzzer is installed once per clone.
SCHEMATHESIS_VENV="$ROOT/.data/tools/schemathesis-$SCHEMATHESIS_VERSION"

say() { echo "[services] $*" >&2; }

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

wait_port() {
  for _ in $(seq 1 100); do port_open "$1" && return 0; sleep 0.1; done
  return 1
}

apt_install() {
  command -v apt-get >/dev/null || return 1
  if [ ! -f /tmp/.sweat-apt-updated ]; then apt-get update -qq >/dev/null && touch /tmp/.sweat-apt-updated; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

install_redis() {
  command -v redis-server >/dev/null && return 0
  say "installing redis-server (apt)"
  apt_install redis-server || { say "cannot install redis-server: set REDIS_URL to an existing Redis instead"; return 1; }
}

# The local checks of workout videos read their frames with ffmpeg/ffprobe (issue 17).
install_ffmpeg() {
  command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null && return 0
  say "installing ffmpeg (apt)"
  apt_install ffmpeg || { say "cannot install ffmpeg: workout videos cannot be checked on this machine"; return 1; }
}

# FerretDB 1.24.2 from its tagged module source with nine patches of ours (scripts/ferretdb/):
# (1) its SQLite backend wrote `_id` lookups with an expression its own `_id` index does not match,
# so every find, update and delete by `_id` scanned the whole table; (2) it used that index only when
# the filter was `_id` alone, so `{_id, seq: {$lt: n}}` scanned too; (3) an update read the document
# and wrote it back in separate statements, so concurrent updates of one document lost each other's
# changes (1,000 concurrent `$inc` left 422): read-modify-write commands now take turns, and a single
# document update is atomic as on MongoDB; (4) equality and `$in` filters on indexed fields (string
# and ObjectId values) are answered from the indexes the app declares, not by reading the whole
# collection, except on a field that holds an array in some document (as MongoDB's multikey rule);
# (5) SQLite's write lock staying busy past its wait answers MongoDB's LockBusy code (46), not
# InternalError (1), so the app tells overload from a bug by code rather than by message text;
# (6) a find sorted on the fields of an index that follow the fields its filter binds to one value
# (`find({userId, account}).sort({seq: -1}).limit(1)` on (userId, account, seq)) reads that index in
# order and stops at the limit, instead of reading and sorting every match: indexes compare numbers
# as numbers (they compared JSON text, "10" before "9"), and only a field holding nothing but
# numbers, or nothing but dates, is sorted this way (other sorts stay in FerretDB, as before); the
# indexes of a store written by an earlier build are rebuilt so when it is opened.
# (7) a database file whose metadata table was never written (the process stopped between creating
# the file and the table) opens as an empty database: FerretDB refused to start on the whole store.
# (8) each statement of an update command closes its query when it is done, not when the command
# ends: a bulkWrite of 100 updates held the whole connection pool and its next write waited forever.
# (9) the statements of one update command share one transaction (a savepoint per write) and commit once:
# a bulkWrite of K updates synced the WAL K times.
# The build's version names the patch level, so an unpatched binary (say, from `go install`) is rebuilt.
FERRETDB_BUILD="$FERRETDB_VERSION-sweat.11"
# WAL with synchronous=FULL: a commit returns only once the WAL is on disk, so a committed ledger
# entry survives a power loss of the machine, as a majority write does on MongoDB (NORMAL, used
# before, survived only a crash of the server; it wrote about twice as fast, see
# bench/results.md). Checkpoints every 4,000 WAL pages (16 MB) instead of SQLite's 1,000: each checkpoint
# copies the pages written since the last one back into the database file with an fsync, and at
# 1,000 pages it ran every few hundred writes and took a quarter of an update's time. Reads through
# a memory map of up to 4 GiB (address space, not memory): FerretDB pools up to 100 connections per
# database, each with SQLite's 2 MB page cache of its own, so at 500k ledger entries most page reads
# were a system call and a copy; mapped, every connection reads the kernel's one cached copy
# (bench/results.md, Scale). Writes still go through the WAL and its fsync.
SQLITE_PRAGMAS="_pragma=synchronous(FULL)&_pragma=wal_autocheckpoint(4000)&_pragma=mmap_size(4294967296)"
# What a running FerretDB was started as: a different build or settings means it is restarted.
FERRETDB_RUN="$FERRETDB_BUILD $SQLITE_PRAGMAS"

# Capture first, then match: with pipefail, `ferretdb --version | grep -q` fails at random when grep
# exits early and ferretdb dies of SIGPIPE on its remaining lines (which triggered needless rebuilds).
ferretdb_ok() { [ -x "$FERRETDB" ] && [[ "$("$FERRETDB" --version 2>/dev/null)" == "version: $FERRETDB_BUILD"$'\n'* ]]; }

install_ferretdb() {
  ferretdb_ok && return 0
  command -v go >/dev/null || { say "Go is missing, so FerretDB cannot be built: set MONGODB_URI to an existing MongoDB instead"; return 1; }
  say "building FerretDB $FERRETDB_BUILD from the $FERRETDB_VERSION module source"
  local src tmp
  (cd "$(mktemp -d)" && go mod init ferretdb-build >/dev/null 2>&1 && go mod download -json "github.com/FerretDB/FerretDB@$FERRETDB_VERSION" >/dev/null) \
    || { say "cannot download FerretDB: set MONGODB_URI to an existing MongoDB instead"; return 1; }
  src="$(go env GOMODCACHE)/github.com/!ferret!d!b/!ferret!d!b@$FERRETDB_VERSION"
  tmp="$(mktemp -d)"
  cp -r "$src/." "$tmp" && chmod -R u+w "$tmp"
  # A repository of its own, so `git apply` patches this tree even when TMPDIR lies inside another.
  git init -q "$tmp" || { say "git is needed to patch FerretDB"; return 1; }
  for patch in "$ROOT"/scripts/ferretdb/*.patch; do
    git -C "$tmp" apply "$patch" || { say "cannot apply $patch to FerretDB $FERRETDB_VERSION"; return 1; }
  done
  rm -rf "$tmp/.git" # or `go build` would stamp the empty repository's (missing) commit
  # A module-cache copy has no build/version/version.txt, and FerretDB panics without it.
  echo "$FERRETDB_BUILD" > "$tmp/build/version/version.txt"
  mkdir -p "$(dirname "$FERRETDB")"
  (cd "$tmp" && go build -o "$FERRETDB" ./cmd/ferretdb) || { say "FerretDB build failed: set MONGODB_URI to an existing MongoDB instead"; return 1; }
  rm -rf "$tmp"
  ferretdb_ok
}

# In a venv of its own: Debian's python refuses system-wide pip installs (PEP 668), and a pinned
# fuzzer must not upgrade packages other Python tools rely on. A no-op once installed.
install_schemathesis() {
  [ -x "$SCHEMATHESIS_VENV/bin/schemathesis" ] && return 0
  command -v python3 >/dev/null || apt_install python3 || { say "python3 is missing: the API fuzz suite needs it"; return 1; }
  # Debian's python3 makes venvs only with python3-venv (ensurepip) installed.
  python3 -c 'import ensurepip' 2>/dev/null || apt_install python3-venv || { say "python3-venv is missing: the API fuzz suite needs it"; return 1; }
  say "installing schemathesis $SCHEMATHESIS_VERSION (pip, venv in $SCHEMATHESIS_VENV)"
  rm -rf "$SCHEMATHESIS_VENV"
  python3 -m venv "$SCHEMATHESIS_VENV" \
    && "$SCHEMATHESIS_VENV/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION" \
    || { rm -rf "$SCHEMATHESIS_VENV"; say "cannot install schemathesis (python3-venv and PyPI needed)"; return 1; }
}

# With an emoji font, so screenshots show the toasts' emoji (SPEC's texts) as people see them.
install_chromium() {
  command -v chromium >/dev/null && [ -f /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ] && return 0
  say "installing chromium and an emoji font (apt)"
  apt_install chromium fonts-noto-color-emoji || { say "cannot install chromium"; return 1; }
}

start_redis() {
  if port_open "$REDIS_PORT"; then return 0; fi
  install_redis
  mkdir -p "$DATA_DIR/redis" "$RUN_DIR"
  redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --dir "$DATA_DIR/redis" --save "" --appendonly no \
    --daemonize yes --pidfile "$RUN_DIR/redis.pid" --logfile "$RUN_DIR/redis.log"
  wait_port "$REDIS_PORT" || { say "redis did not start (see $RUN_DIR/redis.log)"; return 1; }
  say "redis on 127.0.0.1:$REDIS_PORT"
}

# Whether the FerretDB on the port is the one this script started from DATA_DIR (its pid file names a live process).
ferretdb_ours() { [ -f "$RUN_DIR/ferretdb.pid" ] && kill -0 "$(cat "$RUN_DIR/ferretdb.pid")" 2>/dev/null; }

# A FerretDB started elsewhere (another checkout's DATA_DIR, by hand) is reused only when it is this
# build with these settings: reusing an older build quietly would run the app without patches it
# relies on, or with commits that are not durable. scripts/ferretdb-check.mjs asks it over the wire.
reuse_foreign_ferretdb() {
  local verdict
  command -v node >/dev/null || { say "127.0.0.1:$MONGO_PORT is taken, and node is needed to check what listens there"; return 1; }
  if verdict="$(node "$ROOT/scripts/ferretdb-check.mjs" "$MONGO_PORT" "$FERRETDB_BUILD" "$SQLITE_PRAGMAS" "$DATA_DIR")"; then
    say "$verdict"
  else
    say "$verdict"
    return 1
  fi
}

start_ferretdb() {
  if port_open "$MONGO_PORT"; then
    ferretdb_ours || { reuse_foreign_ferretdb; return; }
    # One this script started from an older build (say, before a patch was added) is replaced.
    [ "$(cat "$RUN_DIR/ferretdb.build" 2>/dev/null)" = "$FERRETDB_RUN" ] && return 0
    say "restarting FerretDB: it runs another build or settings than $FERRETDB_RUN"
    stop_pidfile ferretdb
  fi
  install_ferretdb
  mkdir -p "$DATA_DIR/ferretdb" "$RUN_DIR"
  nohup "$FERRETDB" --handler=sqlite --sqlite-url="file:$DATA_DIR/ferretdb/?$SQLITE_PRAGMAS" --listen-addr="127.0.0.1:$MONGO_PORT" \
    --state-dir="$RUN_DIR" --debug-addr=- --telemetry=disable --log-level=warn >"$RUN_DIR/ferretdb.log" 2>&1 &
  echo $! > "$RUN_DIR/ferretdb.pid"
  echo "$FERRETDB_RUN" > "$RUN_DIR/ferretdb.build"
  wait_port "$MONGO_PORT" || { say "FerretDB did not start (see $RUN_DIR/ferretdb.log)"; return 1; }
  say "FerretDB on 127.0.0.1:$MONGO_PORT (data in $DATA_DIR/ferretdb)"
}

# Stops a service started by this script and waits (up to 5 s) until it is gone, so a caller that
# checks the port right after `stop` sees it closed.
stop_pidfile() {
  local f="$RUN_DIR/$1.pid" pid
  [ -f "$f" ] || return 0
  pid="$(cat "$f")"
  rm -f "$f"
  kill "$pid" 2>/dev/null || return 0
  for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.1; done
}

case "${1:-start}" in
  install)
    install_redis
    install_ferretdb
    install_ffmpeg
    # Not fatal: without it only the fuzz suite fails (it installs on first use and says why).
    install_schemathesis || true
    if [ "${2:-}" = "--browser" ]; then install_chromium; fi
    ;;
  install-fuzz) install_schemathesis; echo "$SCHEMATHESIS_VENV/bin/schemathesis" ;;
  start)
    [ -n "${REDIS_URL:-}" ] || start_redis
    [ -n "${MONGODB_URI:-}" ] || start_ferretdb
    ;;
  start-redis) start_redis ;;
  start-mongo) start_ferretdb ;;
  stop)
    stop_pidfile ferretdb
    stop_pidfile redis
    ;;
  stop-redis) stop_pidfile redis ;;
  stop-mongo) stop_pidfile ferretdb ;;
  status)
    port_open "$MONGO_PORT" && echo "mongo: up (127.0.0.1:$MONGO_PORT)" || echo "mongo: down"
    port_open "$REDIS_PORT" && echo "redis: up (127.0.0.1:$REDIS_PORT)" || echo "redis: down"
    ;;
  *) echo "usage: $0 install [--browser]|install-fuzz|start|stop|status" >&2; exit 2 ;;
esac
