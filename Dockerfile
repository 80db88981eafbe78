# ---- build: install every workspace, bundle the client into client/dist and the server into dist/server ----
FROM node:20-bookworm-slim AS build
WORKDIR /app

# Manifests first so the dependency layer is reused until a package.json or the lockfile changes.
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY client/package.json client/
RUN npm ci

COPY . .
RUN npm run build

# ---- runtime ----
FROM node:20-bookworm-slim AS runtime
WORKDIR /app
# Never the demo data (its passwords are public) unless an operator asks for it.
ENV NODE_ENV=production SEED_DEMO=false

# node_modules (the compiled server imports its npm packages from there; maintainer scripts
# still run through tsx), the sources, the compiled server (dist/server) and client (client/dist).
# Files stay root-owned so the app user cannot modify its own code.
COPY --from=build /app ./

# DATA_DIR defaults to .data under the working directory; it is the only path the app writes to.
# /backups is where the backup service writes (a named volume takes this ownership).
RUN mkdir -p /app/.data /backups && chown node:node /app/.data /backups

USER node
EXPOSE 3000
# The node flags of scripts/lib/production-node.ts (a larger young generation; npm start passes them too).
CMD ["node", "--max-semi-space-size=64", "dist/server/start.js"]
