#!/usr/bin/env bash
# Starts a throwaway PostgreSQL on loopback for test:cluster and the cluster
# bench: postgres.sh DIR PORT. The server refuses to run as root, so the
# cluster lives in DIR owned by the postgres user (Debian's package makes
# it). Stop it with: runuser -u postgres -- pg_ctl -D DIR/data stop -m immediate
set -euo pipefail
DIR=$1; PORT=$2
BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
mkdir -p "$DIR"
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$DIR"
as_pg "$BIN/initdb" -D "$DIR/data" -A trust -U postgres --no-sync >"$DIR/initdb.log" 2>&1
as_pg "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/postgres.log" -w \
  -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c max_connections=200" start >/dev/null
