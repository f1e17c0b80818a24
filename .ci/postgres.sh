#!/usr/bin/env bash
# Start a throwaway PostgreSQL server for the storage tests and print its URL.
#
# Idempotent: installs the Debian `postgresql` package only when no server binaries are found
# (as root, or with password-less sudo), reuses a cluster this script already started (same
# STICKEM_PG_DIR) if it is still running. Start-ups are serialised with flock on
# "$PG_DIR.lock", so two runs at once share one cluster instead of racing on its directory.
# Usage (from .ci/run):   eval "$(bash .ci/postgres.sh)"   # exports STICKEM_TEST_POSTGRES_URL
# Stop it later with:     bash .ci/postgres.sh stop
# stdout holds only `export ...` lines: STICKEM_TEST_POSTGRES_URL and, when this call started
# the cluster (rather than reusing one), STICKEM_TEST_POSTGRES_OWNED=1, so a caller stops only
# a cluster it started. Progress goes to stderr. A failure after the server started stops it.
set -euo pipefail

if [ "$(id -u)" -eq 0 ]; then
    # The cluster's owner (postgres) must be able to reach it: not under root's own TMPDIR.
    PG_DIR="${STICKEM_PG_DIR:-/tmp/stickem-test-postgres}"
else
    PG_DIR="${STICKEM_PG_DIR:-${TMPDIR:-/tmp}/stickem-test-postgres}"
fi
DB_NAME="stickem_test"
DB_USER="stickem"

log() { echo "postgres.sh: $*" >&2; }

find_bindir() {
    local candidate
    for candidate in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r) /usr/local/bin /usr/bin; do
        if [ -x "$candidate/initdb" ] && [ -x "$candidate/pg_ctl" ]; then
            echo "$candidate"
            return 0
        fi
    done
    return 1
}

# Run a command as the unprivileged owner of the cluster (postgres refuses to run as root).
# Without the start-up lock's descriptor 9: a server inheriting it would hold the lock forever.
as_owner() {
    if [ "$(id -u)" -eq 0 ]; then
        # From / so the owner is never left in a directory it may not enter (e.g. under /root).
        (cd / && su -s /bin/sh postgres -c "$(printf '%q ' "$@")") 9>&-
    else
        "$@" 9>&-
    fi
}

BINDIR="$(find_bindir || true)"
if [ "${1:-}" = "stop" ]; then
    if [ -n "$BINDIR" ] && [ -f "$PG_DIR/data/postmaster.pid" ]; then
        as_owner "$BINDIR/pg_ctl" -D "$PG_DIR/data" -m fast -w stop >&2 || true
    fi
    exit 0
fi

if [ -z "$BINDIR" ]; then
    if [ "$(id -u)" -eq 0 ]; then
        SUDO=()
    elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        SUDO=(sudo -n)
    else
        log "no PostgreSQL server binaries found, and installing them (apt-get install postgresql)"
        log "needs root or password-less sudo. Install PostgreSQL yourself, e.g."
        log "  sudo apt-get install postgresql"
        log "then run this script again (or run it as root)."
        exit 1
    fi
    log "no PostgreSQL server binaries found; installing the Debian package"
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
    BINDIR="$(find_bindir)"
fi
log "using server binaries in $BINDIR"

if [ "$(id -u)" -eq 0 ] && ! id postgres >/dev/null 2>&1; then
    log "creating the 'postgres' system user to own the cluster"
    useradd --system --home-dir /var/lib/postgresql --shell /bin/sh postgres
fi

# One start-up at a time per cluster directory (the lock lives beside it: the directory itself
# may be removed and re-created below). Released when this script exits.
exec 9>"$PG_DIR.lock"
if ! flock -w 120 9; then
    log "timed out waiting for another start-up of the cluster in $PG_DIR"
    exit 1
fi

OWNED=""
STARTED=""
stop_on_failure() {
    local status=$?
    if [ "$status" -ne 0 ] && [ -n "$STARTED" ]; then
        log "start-up failed: stopping the server this call started"
        as_owner "$BINDIR/pg_ctl" -D "$PG_DIR/data" -m fast -w stop >&2 || true
    fi
    exit "$status"
}
trap stop_on_failure EXIT

if [ -f "$PG_DIR/port" ] && as_owner "$BINDIR/pg_ctl" -D "$PG_DIR/data" status >/dev/null 2>&1; then
    PORT="$(cat "$PG_DIR/port")"
    log "reusing the running cluster in $PG_DIR on port $PORT (not ours to stop)"
else
    if [ -f "$PG_DIR/data/postmaster.pid" ] \
        && as_owner "$BINDIR/pg_ctl" -D "$PG_DIR/data" status >/dev/null 2>&1; then
        # Running but never finished its start-up (no port file): a start-up that died half-way.
        log "stopping the half-started cluster in $PG_DIR before starting afresh"
        as_owner "$BINDIR/pg_ctl" -D "$PG_DIR/data" -m fast -w stop >&2 || true
    fi
    rm -rf "$PG_DIR"
    mkdir -p "$PG_DIR"
    if [ "$(id -u)" -eq 0 ]; then chown postgres "$PG_DIR"; fi
    # A free loopback port, chosen by the kernel.
    PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
    as_owner "$BINDIR/initdb" -D "$PG_DIR/data" -U "$DB_USER" --auth=trust --encoding=UTF8 \
        --no-locale >/dev/null
    STARTED=1
    as_owner "$BINDIR/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 60 \
        -o "-c listen_addresses=127.0.0.1 -p $PORT -k $PG_DIR -c fsync=off -c max_connections=200" start >&2
    as_owner "$BINDIR/createdb" -h 127.0.0.1 -p "$PORT" -U "$DB_USER" "$DB_NAME"
    # Written last: a cluster with a port file is a finished start-up, safe to reuse.
    echo "$PORT" > "$PG_DIR/port"
    OWNED=1
    log "started on 127.0.0.1:$PORT (data in $PG_DIR, log in $PG_DIR/server.log)"
fi

echo "export STICKEM_TEST_POSTGRES_URL=postgresql://$DB_USER@127.0.0.1:$PORT/$DB_NAME"
if [ -n "$OWNED" ]; then
    echo "export STICKEM_TEST_POSTGRES_OWNED=1"
fi
