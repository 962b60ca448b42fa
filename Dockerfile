# Images of the landing site, one target each. Build context = the repository root (pnpm workspace):
#   docker build --target api -t landing-api .
#   docker build --target shell -t landing-shell .     (build the front end on the host first: `pnpm run build`)
# docker-compose.yml and docker-compose.staging.yml build them with `build: {context: ., target: …}`.
#
# NODE_IMAGE: the Node 24 image to build on. node:24-slim unless the machine cannot pull it:
# scripts/docker/local-images.mjs then builds a stand-in from Debian and passes its name
# (docs/DOCKER.md "Images").
ARG NODE_IMAGE=node:24-slim

# `base`: Node 24, the pnpm of the root package.json ("packageManager") and every workspace manifest,
# which `pnpm install --frozen-lockfile --filter …` needs to read the lockfile. The manifests come
# before any source so the dependency layers are cached until they change.
FROM ${NODE_IMAGE} AS base

ENV CI=1 \
    PNPM_HOME=/pnpm \
    PNPM_STORE_DIR=/pnpm/store \
    PATH=/pnpm:$PATH
RUN npm install --global --no-audit --no-fund pnpm@12.21.0

WORKDIR /app
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml ./
COPY api/package.json api/
COPY shell/package.json shell/
COPY shared/package.json shared/
COPY domain/package.json domain/
COPY mf-auth/package.json mf-auth/
COPY mf-news/package.json mf-news/
COPY mf-bets/package.json mf-bets/
COPY mf-leaderboard/package.json mf-leaderboard/

# `api-build`: compiles the API and @landing/domain with tsc (api/scripts/build.mjs → api/dist,
# domain/dist).
FROM base AS api-build
RUN --mount=type=cache,id=landing-pnpm-store,target=/pnpm/store \
    pnpm install --frozen-lockfile --filter "@landing/api..."

COPY tsconfig.base.json ./
COPY domain/tsconfig.json domain/tsconfig.build.json domain/
COPY domain/src domain/src
COPY api/tsconfig.json api/tsconfig.build.json api/
COPY api/scripts api/scripts
COPY api/src api/src
RUN pnpm --filter @landing/api run build

# `api`: the landing API. Keeps the compiled code and the production dependencies only and runs
# `node dist/main.js` as the unprivileged `node` user. PGlite data goes to /data (mount a volume),
# or set DATABASE_URL.
FROM base AS api
# After api-build's install (BuildKit would run both at once): this one then takes its packages
# from the store that one filled instead of downloading them a second time.
COPY --from=api-build /app/node_modules/.modules.yaml /tmp/api-build-installed.yaml
RUN --mount=type=cache,id=landing-pnpm-store,target=/pnpm/store \
    pnpm install --frozen-lockfile --prod --filter "@landing/api..."

COPY api/migrations api/migrations
COPY --from=api-build /app/domain/dist domain/dist
COPY --from=api-build /app/api/dist api/dist

# The /data volume belongs to the user the API runs as.
RUN mkdir -p /data && chown node:node /data
# `landing-compiled`: @landing/domain resolves to its compiled domain/dist (domain/package.json
# exports), for the API and its command-line tools (node dist/cli/migrate.js …).
ENV NODE_ENV=production \
    NODE_OPTIONS="--conditions=landing-compiled --enable-source-maps" \
    API_HOST=0.0.0.0 \
    API_PORT=4000 \
    DATA_DIR=/data/pglite
VOLUME ["/data"]
EXPOSE 4000
WORKDIR /app/api
USER node
# The first start migrates and seeds an empty database: a minute or more on a busy machine.
HEALTHCHECK --interval=15s --timeout=10s --start-period=180s \
  CMD node -e "fetch('http://127.0.0.1:' + (Number(process.env.API_PORT) + Number(process.env.PORT_OFFSET || 0)) + '/health').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "dist/main.js"]

# `shell`: its Node SSR server (shell/dist/server/index.cjs) and the browser build it serves, both
# built on the host. The server bundle keeps the shell's own dependencies as require()s (the React
# it renders with is the React it gives the remotes), so the image installs the shell's production
# dependencies.
FROM base AS shell
RUN --mount=type=cache,id=landing-pnpm-store,target=/pnpm/store \
    pnpm install --frozen-lockfile --prod --filter "@landing/shell..."

COPY shell/dist shell/dist

ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    SHELL_PORT=3000
EXPOSE 3000
USER node
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s \
  CMD node -e "fetch('http://127.0.0.1:' + process.env.SHELL_PORT + '/config.json').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# Environment files come from a mounted folder (see docker-compose.yml); the command line adds
# them and where the server reaches the API and the remotes (shell/src/server/main.ts).
ENTRYPOINT ["node", "shell/dist/server/index.cjs"]
