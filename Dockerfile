# Lumen in a container: the site and its API in one Node process (server/main.ts), its data in
# the /data volume. Build: `docker build -t lumen .` (or `buildah bud --format docker`); run:
# `docker run -p 8090:8090 -v lumen-data:/data -e APP_URL=https://lumen.example lumen`.
# compose.yaml puts nginx in front; scripts/container-proof.ts builds and runs it with buildah.

# Any Debian 12 image: the default, or one made with debootstrap where Docker Hub is out of reach.
ARG BASE_IMAGE=debian:bookworm-slim
# Behind a proxy that re-signs TLS, give the build its CA bundle: `--secret id=ca,src=FILE`. The
# steps that download (curl, npm) trust it; the image does not keep it.

# Node 24 and npm from the npm registry (the packages `npm install node@24` takes): Debian's own
# node is version 20, which cannot run the server.
FROM ${BASE_IMAGE} AS node
ARG NODE_VERSION=24.21.0
ARG NPM_VERSION=11.19.1
RUN --mount=type=secret,id=ca,required=false \
    if [ -s /run/secrets/ca ]; then export CURL_CA_BUNDLE=/run/secrets/ca; fi \
 && apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates curl \
 && arch="$(dpkg --print-architecture)" \
 && case "$arch" in amd64) arch=x64 ;; arm64) arch=arm64 ;; *) echo "No Node build for $arch" >&2; exit 1 ;; esac \
 && curl -fsSL "https://registry.npmjs.org/node-linux-$arch/-/node-linux-$arch-$NODE_VERSION.tgz" \
    | tar -xz -C /usr/local --strip-components=1 package/bin/node \
 && mkdir -p /usr/local/lib/node_modules/npm \
 && curl -fsSL "https://registry.npmjs.org/npm/-/npm-$NPM_VERSION.tgz" \
    | tar -xz -C /usr/local/lib/node_modules/npm --strip-components=1 \
 && ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && apt-get purge -y curl && apt-get autoremove -y && rm -rf /var/lib/apt/lists/* \
 && node --version && npm --version

# The site, built with the development dependencies.
FROM node AS build
WORKDIR /app
# With the script npm runs after installing (postinstall).
COPY package.json package-lock.json ./
COPY scripts/install-again-on-node24.mjs scripts/
RUN --mount=type=secret,id=ca,required=false \
    if [ -s /run/secrets/ca ]; then export npm_config_cafile=/run/secrets/ca; fi \
 && npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# What runs: production dependencies, the server, and the built site; no compiler, no tests.
FROM node
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8090 DATA_DIR=/data
WORKDIR /app
# A fixed uid and gid, so that a host folder mounted on /data can be given to it (chown 10001).
RUN groupadd --system --gid 10001 lumen \
 && useradd --system --uid 10001 --gid lumen --home-dir /app --shell /usr/sbin/nologin lumen \
 && mkdir /data && chown lumen:lumen /data
COPY package.json package-lock.json ./
COPY scripts/install-again-on-node24.mjs scripts/
RUN --mount=type=secret,id=ca,required=false \
    if [ -s /run/secrets/ca ]; then export npm_config_cafile=/run/secrets/ca; fi \
 && npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY server server
COPY shared shared
COPY pocketbase pocketbase
COPY content content
# The emails' words: server/mail/catalog.ts reads locales/{locale}/emails.po at run time.
COPY locales locales
COPY --from=build /app/build build
USER lumen
VOLUME /data
EXPOSE 8090
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node is process 1 and handles SIGTERM itself (server/shutdown.ts): requests in flight finish,
# queued mail is kept, the database is checkpointed. Give it SHUTDOWN_TIMEOUT plus a few seconds
# (compose.yaml: stop_grace_period).
STOPSIGNAL SIGTERM
CMD ["node", "server/main.ts"]
