# Three stages: `build` compiles with every dependency, `production-dependencies` installs only what
# the compiled server imports, and `runtime` takes the compiled output and those packages, nothing
# else (no dev dependencies, no sources, no tsx). `npm run image:size` prints or estimates its size.

# ---- build: every workspace with its dev dependencies; compiles client/dist, dist/ssr and dist/server ----
FROM node:20.20.2-bookworm-slim AS build
WORKDIR /app

# Manifests first so the dependency layer is reused until a package.json or the lockfile changes.
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY client/package.json client/
RUN npm ci --no-audit --no-fund

COPY . .
# dist/server holds the server and the maintenance scripts (migrate, backup, restore, create-admin), for plain node.
RUN npm run build

# ---- production-dependencies: the server workspace's dependencies, without dev dependencies ----
FROM node:20.20.2-bookworm-slim AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY client/package.json client/
# typescript comes in only as @trpc/server's peer dependency (for its types): nothing loads it at run time.
RUN npm ci --omit=dev --workspace server --no-audit --no-fund && rm -rf node_modules/typescript

# ---- runtime ----
FROM node:20.20.2-bookworm-slim AS runtime
WORKDIR /app
# Never the demo data (its passwords are public) unless an operator asks for it.
ENV NODE_ENV=production SEED_DEMO=false

# Files stay root-owned so the app user cannot modify its own code.
COPY --from=production-dependencies /app/node_modules ./node_modules
# package.json and migrations/ mark the project's root (server/src/paths.ts); the compiled migrations run from dist/server/migrations.
COPY package.json ./
COPY migrations ./migrations
COPY --from=build /app/dist ./dist
COPY --from=build /app/client/dist ./client/dist
# Read only when SEED_DEMO=true (the demo listings' illustrations).
COPY server/src/db/demo-photos ./server/src/db/demo-photos

# DATA_DIR defaults to .data under the working directory; it is the only path the app writes to
# (a backup's archive waits there on its way to the backup bucket).
RUN mkdir -p /app/.data && chown node:node /app/.data

USER node
EXPOSE 3000
# Healthy once migrated with the event bus listening; unhealthy while shutting down (the image has no curl).
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The node flags of scripts/lib/production-node.ts (a larger young generation; npm start passes them too).
CMD ["node", "--max-semi-space-size=64", "--max-old-space-size=1024", "dist/server/start.js"]
