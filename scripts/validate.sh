#!/usr/bin/env bash
# `npm run validate`: everything CI checks, in CI's order, on an installed checkout:
# lint, typecheck, the tests on PGlite (the README's test command), the API tests again on
# PostgreSQL and Redis (with the fault tests that need a PostgreSQL installation), the
# security suite, the soak test, a fresh build and its storefront entry budget, and the
# browser tests against that build.
# `.ci/run` installs, starts the services, then runs exactly this.
#
# PostgreSQL: TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test). When it
# is unreachable the PostgreSQL step is skipped with a notice, except under CI, where it fails.
# Redis: TEST_REDIS_URL (default redis://127.0.0.1:6379, used when it answers).
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
step() { printf '\n==> %s (%ss)\n' "$1" "$(($(date +%s) - start))"; }

pg_url=${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}
pg_host=$(node -e 'const u=new URL(process.argv[1]);console.log(u.hostname+" "+(u.port||5432))' "$pg_url")

step "lint"
npm run lint

step "typecheck"
npm run typecheck

step "tests on PGlite (the README's test command)"
# The embedded database: the PostgreSQL settings are for the next step only.
env -u TEST_DATABASE_URL -u TEST_REDIS_URL npm test

step "API tests on PostgreSQL (and Redis)"
have_pg=false
# shellcheck disable=SC2086
if node -e 'const [h,p]=process.argv.slice(1);require("net").connect(+p,h).on("connect",()=>process.exit(0)).on("error",()=>process.exit(1))' $pg_host; then
  have_pg=true
  if [ -z "${TEST_REDIS_URL+set}" ]; then
    TEST_REDIS_URL=""
    node -e 'require("net").connect(6379,"127.0.0.1").on("connect",()=>process.exit(0)).on("error",()=>process.exit(1))' \
      && TEST_REDIS_URL=redis://127.0.0.1:6379
  fi
  TEST_DATABASE_URL=$pg_url TEST_REDIS_URL=$TEST_REDIS_URL npm run test:pg
elif [ -n "${CI:-}" ]; then
  echo "No PostgreSQL at $pg_url: CI needs it (.ci/run starts it)." >&2
  exit 1
else
  echo "skipped: no PostgreSQL at $pg_url (set TEST_DATABASE_URL, or start one)"
fi

step "security suite (npm run test:security: access matrix, fuzzing, uploads, tokens, hardening)"
# On PostgreSQL and Redis when they are there (the Redis outage tests need them), else PGlite.
if [ "$have_pg" = true ]; then
  TEST_DATABASE_URL=$pg_url TEST_REDIS_URL=$TEST_REDIS_URL npm run test:security
else
  env -u TEST_DATABASE_URL -u TEST_REDIS_URL npm run test:security
fi

step "soak (npm run test:soak: two API processes, hundreds of shoppers, a killed process and a PostgreSQL restart)"
# Its own PostgreSQL server (a throwaway cluster of the machine's installation), so the
# restart it makes touches nothing else (it needs the machine's PostgreSQL server binaries).
npm run test:soak

step "build"
npm run build

step "storefront entry budget (120 KB gzip)"
node scripts/bench-web.mjs --no-build --no-lighthouse

step "e2e (Playwright, Debian Chromium)"
npm run test:e2e

step "validated"
