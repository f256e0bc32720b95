#!/usr/bin/env bash
# Every test: unit, route (PGlite), runner sandbox, then end-to-end journeys in Chromium against the
# built app. With TEST_POSTGRES_URL set, the route suite runs a second time against that PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-system-deps.sh
npm run build
npx vitest run
if [ -n "${TEST_POSTGRES_URL:-}" ]; then
  echo "Route tests against PostgreSQL"
  DATABASE_URL="$TEST_POSTGRES_URL" npx vitest run --project routes
fi
npm run test:e2e
