#!/usr/bin/env bash
# pnpm db:restore <file> <target-url> — restores a scripts/backup.sh dump into a FRESH database
# (created here; refuses to touch one that exists). Then point DATABASE_URL at it and start.
set -euo pipefail
file="${1:?usage: restore.sh <dump file> <postgres://…/new_database>}"
target="${2:?usage: restore.sh <dump file> <postgres://…/new_database>}"
name="${target##*/}"
name="${name%%\?*}"
server="${target%/*}/postgres"
if [ -n "$(psql "$server" -Atc "select 1 from pg_database where datname = '$name'")" ]; then
  echo "database $name exists; restore only into a fresh database" >&2
  exit 1
fi
psql "$server" -qc "CREATE DATABASE \"$name\""
pg_restore --no-owner --no-privileges --exit-on-error --dbname="$target" "$file"
echo "restored $file into $name"
