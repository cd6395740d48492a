#!/usr/bin/env bash
# `npm run validate`: everything CI checks, on an installed checkout: lint, typecheck, the
# storefront entry budget, the tests on PGlite (the README's test command), the API tests again
# on PostgreSQL and Redis (with the fault tests that need a PostgreSQL installation), the
# security suite, the soak test, the browser tests and the storefront's bytes per page. `.ci/run` installs, builds, starts the
# services, then runs exactly this with VALIDATE_BUILT=1 (its build is the one these steps
# use); without it the app is built here first, once.
#
# What runs at the same time, and why (CI's machine has 2 cores). Measured on it, each step
# alone: npm test 250 s using both cores, test:pg 190 s using 1.5 (the rest is the database
# server's), the browser tests 265 s using 0.6 (they wait on pages, not on the CPU), the
# security suite 50 s, typecheck 50 s, lint 14 s, soak 54 s. Three tracks at once (as this
# script once ran them) took 1,185 s for what takes 520 s in turn: two Vitest runs of two
# workers each and the type checker fought over the cores. So:
#   1. the CPU-bound phase: `npm test` (PGlite: API, web, shared, repo; 2 Vitest workers),
#      with lint, typecheck and the storefront budget beside it (one core at most, briefly),
#      and the browser tests (Playwright, 2 workers, one server on PostgreSQL), which took 350 s
#      alone with 80 % of the CPU idle: they wait on pages (on the embedded database, without
#      PostgreSQL, they took 8 to 11 minutes and run in phase 2 instead);
#   2. the API tests again on PostgreSQL and Redis, then the security suite, alone on the
#      database server: beside the browser tests they took three times as long (685 s, CI of
#      2026-11-27), each test file's CREATE DATABASE waiting on a checkpoint;
#   3. the soak test alone: it measures recovery under load, so nothing else competes; then
#      issue 32's bytes per page in a real browser, on a demo shop of its own (beside phase 1
#      that shop took over 120 s to start).
# Every phase runs even when an earlier one failed, so one run reports every failure. Each
# track's output is printed in one piece when it ends; the wall time of every step is printed
# as a table at the end (and the run fails if any step failed).
#
# PostgreSQL: TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test). When it
# is unreachable the PostgreSQL steps are skipped with a notice, except under CI, where it fails.
# Redis: TEST_REDIS_URL (default redis://127.0.0.1:6379, used when it answers). Under CI a Redis
# that does not answer fails the run: its tests must not be skipped there.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
logs=$(mktemp -d)
# The demo's pictures, drawn by the first demo seed of the run (the seed's tests on PGlite) and
# copied by the next ones (on PostgreSQL, the browser tests' server): .env.example, DEMO_PICTURES_CACHE.
own_cache=""
if [ -z "${DEMO_PICTURES_CACHE:-}" ]; then own_cache=$(mktemp -d) && DEMO_PICTURES_CACHE=$own_cache; fi
export DEMO_PICTURES_CACHE
trap 'rm -rf "$logs" ${own_cache:+"$own_cache"}' EXIT

# step NAME COMMAND...: runs one step, records its wall time (and failure) in the table, and
# keeps its output for the failures' summary at the end.
step() {
  local name=$1 began status=0 out
  shift
  began=$(date +%s)
  out=$(mktemp "$logs/step.XXXXXX")
  printf '\n==> %s (at %ss)\n' "$name" "$((began - start))"
  { "$@" 2>&1 || echo "$?" >"$out.status"; } | tee "$out"
  [ -f "$out.status" ] && status=$(cat "$out.status")
  printf '%s\t%s\t%s\t%s\n' "$name" "$(($(date +%s) - began))" "$status" "$out" >>"$logs/steps"
  return "$status"
}

# failures: for each failed step, the part of its output that says why (Vitest's "Failed Tests"
# and Playwright's list of failures, with their errors), last, so the end of a long log shows it.
failures() {
  local name seconds status out
  while IFS=$'\t' read -r name seconds status out; do
    [ "$status" = 0 ] && continue
    printf '\n==> why "%s" failed\n' "$name"
    # The runner's own list of failures when it printed one, else the step's last lines.
    sed 's/\x1b\[[0-9;]*m//g' "$out" |
      awk '/Failed Tests [0-9]+|^ +[0-9]+ failed$|^ +[0-9]+\) /{on=1} on {print; n++} END {exit n == 0}' | head -120 ||
      sed 's/\x1b\[[0-9;]*m//g' "$out" | tail -15
  done <"$logs/steps"
}

# track NAME FUNCTION: runs FUNCTION's steps in the background, its output kept in a log.
track() {
  (
    status=0
    "$2" >"$logs/$1.log" 2>&1 || status=$?
    echo "$status" >"$logs/$1.status"
  ) &
}

# finish NAME: waits for a track to end and prints its output in one piece.
finish() {
  while [ ! -f "$logs/$1.status" ]; do sleep 1; done
  printf '\n======== %s ========\n' "$1"
  cat "$logs/$1.log"
  return "$(cat "$logs/$1.status")"
}

tcp_open() { node -e 'require("net").connect(+process.argv[2],process.argv[1]).on("connect",()=>process.exit(0)).on("error",()=>process.exit(1))' "$1" "$2"; }

pg_url=${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}
read -r pg_host pg_port < <(node -e 'const u=new URL(process.argv[1]);console.log(u.hostname+" "+(u.port||5432))' "$pg_url")
have_pg=false
if tcp_open "$pg_host" "$pg_port"; then
  have_pg=true
elif [ -n "${CI:-}" ]; then
  echo "No PostgreSQL at $pg_url: CI needs it (.ci/run starts it)." >&2
  exit 1
else
  echo "PostgreSQL steps skipped: no PostgreSQL at $pg_url (set TEST_DATABASE_URL, or start one)."
fi
if [ -z "${TEST_REDIS_URL+set}" ]; then
  TEST_REDIS_URL=""
  tcp_open 127.0.0.1 6379 && TEST_REDIS_URL=redis://127.0.0.1:6379
fi
if [ -n "${CI:-}" ]; then
  read -r redis_host redis_port < <(node -e 'const u=new URL(process.argv[1]||"redis://-");console.log(u.hostname+" "+(u.port||6379))' "$TEST_REDIS_URL")
  if [ -z "$TEST_REDIS_URL" ] || ! tcp_open "$redis_host" "$redis_port"; then
    echo "No Redis at ${TEST_REDIS_URL:-redis://127.0.0.1:6379}: CI runs the Redis tests (.ci/run starts it)." >&2
    exit 1
  fi
fi

if [ -z "${VALIDATE_BUILT:-}" ]; then
  step "build" npm run build
fi

checks() {
  step "lint" npm run lint &&
    step "typecheck" npm run typecheck &&
    # The entry's 120 KB of JavaScript; the bytes per page are measured alone at the end.
    step "storefront entry budget (120 KB gzip)" node scripts/bench-web.mjs --no-build --no-lighthouse --no-bytes
}

pglite_tests() {
  # The embedded database: the PostgreSQL settings are for the other track.
  step "tests on PGlite (npm test)" env -u TEST_DATABASE_URL -u TEST_REDIS_URL npm test
}

postgres_tests() {
  export TEST_DATABASE_URL=$pg_url TEST_REDIS_URL
  # The security suite needs PostgreSQL and Redis for its outage tests.
  local status=0
  step "API tests on PostgreSQL and Redis (npm run test:pg)" npm run test:pg || status=1
  step "security suite on PostgreSQL (npm run test:security)" npm run test:security || status=1
  return "$status"
}

# Without PostgreSQL (a developer's machine): the security suite on PGlite.
pglite_security() {
  step "security suite on PGlite (npm run test:security)" env -u TEST_DATABASE_URL -u TEST_REDIS_URL npm run test:security
}

# On PostgreSQL when there is one (a database of its own, dropped after): the server answers the
# browsers' requests in parallel there, where the embedded database answers one at a time.
e2e_tests() {
  local status=0 db="shop_e2e_$$" where="the embedded database"
  if [ "$have_pg" = true ] && psql "$pg_url" -qc "CREATE DATABASE $db"; then
    where=PostgreSQL
    E2E_DATABASE_URL=$(node -e 'const u=new URL(process.argv[1]);u.pathname="/"+process.argv[2];console.log(u.href)' "$pg_url" "$db")
    export E2E_DATABASE_URL
  fi
  step "e2e (Playwright, Debian Chromium, ${E2E_WORKERS:-2} workers, on $where)" npm run test:e2e || status=1
  [ "$where" = PostgreSQL ] && psql "$pg_url" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)"
  return "$status"
}

# Its own PostgreSQL server (a throwaway cluster of the machine's installation), so the
# restart it makes touches nothing else (it needs the machine's PostgreSQL server binaries).
soak_test() {
  step "soak (npm run test:soak)" npm run test:soak
}

# Issue 32's bytes per page in a real browser (scripts/bench-bytes.mjs: normal ≤ 250 KB, lite
# ≤ 150 KB with ≤ 60 KB of code and each picture ≤ 25 KB), on a shop of its own with the demo
# data. Alone: beside the phase-1 tests its shop took over 120 s to start (the demo pictures,
# PGlite's migrations). Lighthouse is too noisy for CI: `npm run bench:web` runs it.
byte_budgets() {
  step "storefront bytes per page (issue 32's budgets)" node scripts/bench-web.mjs --no-build --no-lighthouse
}

failed=false
# 1. The CPU-bound phase, with the browser tests beside it when they run on PostgreSQL (they
#    wait on pages, and the embedded tests do not touch the database server).
track checks checks
track pglite pglite_tests
[ "$have_pg" = true ] && track e2e e2e_tests
finish checks || failed=true
finish pglite || failed=true

# 2. The API tests on PostgreSQL, alone on the database server (beside the browser tests they
#    took 685 s instead of 220: each file's CREATE DATABASE waits on a checkpoint).
if [ "$have_pg" = true ]; then
  track postgres postgres_tests
else
  track postgres pglite_security
  track e2e e2e_tests
fi
finish postgres || failed=true
finish e2e || failed=true

# 3. Alone, one after the other.
soak_test || failed=true
byte_budgets || failed=true

failures
printf '\n==> step wall times (steps of one phase ran side by side; total %ss)\n' "$(($(date +%s) - start))"
awk -F'\t' '{ printf "  %5ss  %s%s\n", $2, $1, ($3 == 0 ? "" : "  FAILED") }' "$logs/steps"
[ "$failed" = false ]
