#!/usr/bin/env bash
# Install from the lockfile and build every package: the one recipe CI (`.ci/run`) and the
# Docker image (`Dockerfile`) both follow, so the image is built by the commands CI checks.
#
#   bash scripts/install-and-build.sh                # npm ci + npm run build (CI)
#   bash scripts/install-and-build.sh --production   # the same, then drop the dev dependencies
#
# After --production the built server runs with what is left:
#   node --enable-source-maps apps/api/dist/start.js
# (the browser build, its server-side renderer and the API bundle are all in place; the
# runtime packages, including sharp's and argon2's native binaries, are kept).
set -euo pipefail
cd "$(dirname "$0")/.."

production=false
case "${1:-}" in
  --production) production=true ;;
  '') ;;
  *)
    echo "usage: $0 [--production]" >&2
    exit 2
    ;;
esac

# Playwright's browsers are never downloaded: the e2e tests use Debian's Chromium.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
start=$(date +%s)
step() { printf '\n==> %s (%ss)\n' "$1" "$(($(date +%s) - start))"; }

step "npm ci"
npm ci --no-audit --no-fund

step "npm run build (web app, its server renderer, API bundle)"
npm run build

if [ "$production" = true ]; then
  step "npm prune --omit=dev (runtime dependencies only)"
  npm prune --omit=dev --no-audit --no-fund
fi

step "installed and built"
