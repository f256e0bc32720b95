#!/bin/sh
# Makes the cluster on first start (database POSTGRES_DB, default coderoom), then runs the server. Only the
# compose network reaches it: connections from it are trusted, as on a development host.
set -eu
db="${POSTGRES_DB:-coderoom}"
mkdir -p "$PGDATA" /run/postgresql
chown -R postgres:postgres "$PGDATA" /run/postgresql
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  su postgres -c "/usr/lib/postgresql/15/bin/initdb -D '$PGDATA' --auth=trust --encoding=UTF8 --locale=C.UTF-8" >/dev/null
  echo "listen_addresses = '*'" >>"$PGDATA/postgresql.conf"
  echo "max_connections = 200" >>"$PGDATA/postgresql.conf"
  echo "host all all 0.0.0.0/0 trust" >>"$PGDATA/pg_hba.conf"
  su postgres -c "/usr/lib/postgresql/15/bin/pg_ctl -D '$PGDATA' -o '-c listen_addresses=' -w start" >/dev/null
  su postgres -c "psql -q -c 'CREATE DATABASE \"$db\"'"
  su postgres -c "/usr/lib/postgresql/15/bin/pg_ctl -D '$PGDATA' -m fast -w stop" >/dev/null
fi
exec su postgres -c "exec /usr/lib/postgresql/15/bin/postgres -D '$PGDATA'"
