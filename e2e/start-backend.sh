#!/usr/bin/env bash
# Starts the reference backend serving the built console (dist/) for the browser tests, on fresh data:
# a new PGlite folder, or, with DATABASE_URL, whatever database it names (CI creates a fresh one).
set -euo pipefail
cd "$(dirname "$0")/.."
port="${1:-4180}"
# DIST_DIR lets several builds sit side by side (default dist/).
dist="${DIST_DIR:-dist}"
if [ ! -f "$dist/index.html" ]; then
  echo "$dist/ is missing: run 'npm run build' before the browser tests" >&2
  exit 1
fi
if [ -z "${DATABASE_URL:-}" ]; then
  unset DATABASE_URL
  export DATA_DIR=".data/e2e-$port"
  rm -rf "$DATA_DIR"
elif [ -n "${E2E_FRESH_DATABASE:-}" ]; then
  npx tsx e2e/fresh-database.ts
fi
# Every spec signs in from 127.0.0.1 with the same account, many times a minute: the sign-in limiter (covered by the
# server suite) would refuse the suite itself.
export SIGN_IN_RATE_LIMIT="${SIGN_IN_RATE_LIMIT:-1000}" SIGN_IN_IP_RATE_LIMIT="${SIGN_IN_IP_RATE_LIMIT:-1000}"
# The specs sign in as the demo admin; with DATABASE_URL the demo is off unless asked for (server/src/seed/demoSafety.ts).
export SEED_DEMO="${SEED_DEMO:-1}"
exec npx tsx server/src/main.ts --static "$dist" --port "$port" --host 127.0.0.1
