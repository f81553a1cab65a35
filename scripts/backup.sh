#!/usr/bin/env bash
# pnpm db:backup [file] — a consistent snapshot of DATABASE_URL with pg_dump (custom format,
# compressed; restore with scripts/restore.sh). Default file: backups/closr-<UTC time>.dump.
# pg_dump reads in one repeatable-read transaction, so the API can keep running meanwhile.
set -euo pipefail
: "${DATABASE_URL:?set DATABASE_URL=postgres://…}"
out="${1:-backups/closr-$(date -u +%Y%m%dT%H%M%SZ).dump}"
mkdir -p "$(dirname "$out")"
pg_dump --format=custom --no-owner --no-privileges --file="$out" "$DATABASE_URL"
echo "$out"
