# syntax=docker/dockerfile:1
# The CRM as one image: built once here, started with `node apps/server/dist/main.js`.
#   docker build -t crm .
#   docker run -p 3000:3000 -v crm-data:/data crm
# Settings are the environment variables of the README (DATABASE_URL, FILE_STORAGE, S3_*, ...).

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
# better-sqlite3 is compiled when no prebuilt binary can be fetched: only the npm registry and
# Debian's packages are needed, with Node's own headers from this image.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
ENV npm_config_nodedir=/usr/local \
    npm_config_update_notifier=false \
    npm_config_fund=false \
    npm_config_audit=false
WORKDIR /app
# Manifests first, so that the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
# npm install, as CI does: the lock file lists only the platforms it was made on.
RUN npm install
COPY . .
RUN npm run build \
 && npm prune --omit=dev

FROM ${NODE_IMAGE}
# pg_dump and pg_restore for `npm run backup` / `npm run restore` on PostgreSQL; Debian bookworm's
# client is version 15, which dumps servers up to 15.
RUN apt-get update \
 && apt-get install -y --no-install-recommends postgresql-client \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    npm_config_update_notifier=false
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages/domain/package.json packages/domain/
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/scripts apps/server/scripts
COPY --from=build /app/apps/web/package.json apps/web/
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data && chmod 700 /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Ready: the database and the file store answer (GET /api/health/ready).
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/server/dist/main.js"]
