# The built client, served by nginx, which proxies /api and /ref to the api service.
# Build from the repository root: docker build -f docker/client.Dockerfile .

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY server/package.json server/
COPY client/package.json client/
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
# The client imports the contract from the server's sources: types, and at run time the plain values in contract/values.
COPY server/src/contract server/src/contract
COPY client/ client/
RUN npm run build -w client

FROM nginx:1.27-alpine
# Templates: filled from the environment into conf.d at start, after the entrypoint has sourced
# csp-origins.envsh (SOLANA_WS_URL and S3_UPLOAD_ORIGIN from SOLANA_RPC_URL and the S3_* settings).
COPY docker/nginx.conf /etc/nginx/templates/default.conf.template
COPY docker/security-headers.inc.template /etc/nginx/templates/security-headers.inc.template
COPY --chmod=755 docker/csp-origins.envsh /docker-entrypoint.d/15-csp-origins.envsh
COPY --from=build /app/client/dist /usr/share/nginx/html
EXPOSE 80
