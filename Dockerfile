# syntax=docker/dockerfile:1
# The shop in one image: the API, the web app it serves, and its server-side renderer.
# Built by the same script CI runs (scripts/install-and-build.sh), so what CI checks is
# what ships. Run it with compose.yaml, or alone:
#   docker build -t adire-shop .
#   docker run -p 3000:3000 -v shop-data:/data -e JWT_SECRET=... -e PUBLIC_URL=https://... -e DATABASE_URL=... adire-shop
# (the image runs in production, which refuses to start without JWT_SECRET and PUBLIC_URL).
# Everything the shop writes (the embedded database when DATABASE_URL is unset, uploaded
# images without S3, the e-mail outbox without SMTP, backups) goes to the /data volume,
# which the shop makes private to its user (0700, files 0600) at every start.
# sharp and argon2 come as prebuilt binaries for glibc Linux: both stages are Debian
# (bookworm), so the binaries npm ci installs in the first run in the second.

ARG NODE_VERSION=20

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
# The npm major version CI and the README use (node:20 ships npm 10).
RUN npm install -g npm@11 --no-audit --no-fund
COPY . .
RUN bash scripts/install-and-build.sh --production
# The runtime tree: what `node apps/api/dist/start.js` reads, and nothing else (no sources,
# no tests, no dev dependencies). Paths that a given install does not have are skipped.
RUN mkdir /runtime && for path in \
      package.json package-lock.json node_modules packages/shared \
      apps/api/package.json apps/api/drizzle.config.ts apps/api/dist apps/api/src/db/migrations apps/api/node_modules \
      apps/web/package.json apps/web/dist apps/web/dist-server apps/web/node_modules; do \
      if [ -e "$path" ]; then cp -a --parents "$path" /runtime/; fi; \
    done

FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# Owned by root, so the shop cannot change its own code; only /data is writable.
COPY --from=build /runtime/ ./
RUN mkdir -p /data && chown node:node /data
VOLUME /data
# The node image's unprivileged user (uid 1000).
USER node
EXPOSE 3000
# Node's own fetch: the slim image has no curl. /healthz is 503 while the database is away.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM: the server stops taking connections, finishes what it serves, then exits.
STOPSIGNAL SIGTERM
# What `npm start` runs after its build step, without npm in between to pass the signal on.
CMD ["node", "--enable-source-maps", "--max-semi-space-size=8", "apps/api/dist/start.js"]
