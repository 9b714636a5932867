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

# The local checks of workout videos read their frames with ffmpeg/ffprobe.
install_ffmpeg() {
  command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null && return 0
  say "installing ffmpeg (apt)"
  apt_install ffmpeg || { say "cannot install ffmpeg: workout videos cannot be checked on this machine"; return 1; }
}

# FerretDB from its tagged module source with our patches: the local store, a component of its own
# (local-store/README.md says why each patch exists). tree.sh sets FERRETDB_VERSION and FERRETDB_BUILD.
# shellcheck source=../local-store/tree.sh
source "$ROOT/local-store/tree.sh"
# The SQLite settings FerretDB runs with (local-store/README.md, "Durable"): WAL with
# synchronous=FULL, so a commit returns once it is on disk and survives a power loss, as a majority
# write does on MongoDB; a checkpoint every 4,000 WAL pages (16 MB), since SQLite's 1,000 copied the
# same hot pages back every few hundred writes; reads through a memory map of up to 4 GiB (address
# space, not memory), so FerretDB's 100 pooled connections per database read the kernel's one
# cached copy instead of each filling a page cache of its own.
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
  local tmp
  tmp="$(mktemp -d)"
  prepare_ferretdb_tree "$tmp" || { say "cannot prepare the patched FerretDB source: set MONGODB_URI to an existing MongoDB instead"; return 1; }
  rm -rf "$tmp/.git" # or `go build` would stamp the empty repository's (missing) commit
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

# With an emoji font, so screenshots show the toasts' emoji (the product’s texts) as people see them.
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
