#!/usr/bin/env bash
# Starts a throwaway PostgreSQL on 127.0.0.1 in a temp directory and prints its URL.
# Usage: eval "$(scripts/throwaway-postgres.sh start)"   → exports DATABASE_URL, PG_TMP_DIR
#        scripts/throwaway-postgres.sh stop "$PG_TMP_DIR"
set -euo pipefail
cmd=${1:-start}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] || { echo "echo 'PostgreSQL is not installed' >&2; false"; exit 1; }
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

if [ "$cmd" = start ]; then
  dir=$(mktemp -d /tmp/studio-pg.XXXXXX)
  chmod 755 "$dir"
  [ "$(id -u)" = 0 ] && chown postgres "$dir"
  port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
  as_pg "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 >/dev/null
  as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c full_page_writes=off" start >/dev/null
  echo "export DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres PG_TMP_DIR=$dir"
elif [ "$cmd" = stop ]; then
  dir=${2:?directory}
  as_pg "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null || true
  rm -rf "$dir"
fi
