# API and worker image (same code, different command): node server/dist/main.js | worker.js | cli.js
# Build from the repository root: docker build -f docker/server.Dockerfile .

# --- build: all dependencies, compile TypeScript ---------------------------------------------
FROM node:24-bookworm-slim AS build
WORKDIR /app
# Manifests first, so the dependency layer is reused while only sources change.
COPY package.json package-lock.json ./
COPY server/package.json server/
COPY client/package.json client/
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY server/ server/
RUN npm run build -w server

# --- production dependencies of the server workspace only ------------------------------------
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY server/package.json server/
COPY client/package.json client/
RUN npm ci --omit=dev --workspace=server --no-audit --no-fund

# --- runtime ----------------------------------------------------------------------------------
FROM node:24-bookworm-slim
# The local checks of proof files read pictures and video frames with Debian's ffmpeg and ffprobe.
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY --from=deps /app/package.json ./
COPY --from=build /app/server/package.json server/
COPY --from=build /app/server/dist server/dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# The API process as scripts/lib.mjs API_PROCESS starts it (why the heap flag: see there).
CMD ["node", "--initial-old-space-size=128", "server/dist/main.js"]
