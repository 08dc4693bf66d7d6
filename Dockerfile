# syntax=docker/dockerfile:1
# Two images from one file (README, "Self-hosting"):
#   runtime  wasm builds, docs, MCP, the anomaly service   podman/docker build --target runtime .
#   full     runtime + clang-19/lld/musl + bubblewrap       podman/docker build --target full .
# Both run the bundled server (build/server/main.cjs) with plain node as the
# non-root user `node`, keep everything that must survive a restart under
# /data, listen on 8000 and drain in-flight requests on SIGTERM.
ARG NODE_IMAGE=node:22-bookworm-slim

# --- build: compiler.wasm, the SPA and the server bundle --------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY package.json package-lock.json ./
# Build-time packages (monaco, react, vite, assemblyscript, esbuild) stay in
# this stage. Optional packages are kept: vite's and esbuild's native
# binaries are optional platform packages (webgpu, also optional, is not
# copied out: the images never use a GPU).
RUN --mount=type=cache,target=/root/.npm \
    npm ci --no-audit --no-fund --loglevel=error
COPY . .
RUN npm run build:wasm && npx vite build && npm run build:server \
 # Only what the server reads at run time leaves this stage (see below).
 && mkdir -p /out/wasm/build /out/server/docs /out/node_modules \
 && cp -r build dist lang package.json /out/ \
 && rm -rf /out/lang/tests \
 && cp wasm/build/compiler.wasm /out/wasm/build/ \
 && cp server/docs/page.css /out/server/docs/ \
 && cp -r node_modules/swagger-ui-dist /out/node_modules/

# --- what both images share, before the app: these layers stay cached
# across app changes (CI rebuilds only the layers that copy the app in) ----
FROM ${NODE_IMAGE} AS runtime-base
ENV NODE_ENV=production \
    PORT=8000 \
    HOST=0.0.0.0 \
    ANOMALY_HOME=/data/models \
    ARTIFACT_DIR=/data/artifacts \
    SHARE_DIR=/data/shares
RUN mkdir -p /data/models /data/artifacts /data/shares && chown -R node:node /data
VOLUME ["/data"]
WORKDIR /app
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node is PID 1: SIGTERM reaches the server, which stops accepting, finishes
# open requests, saves the anomaly models and exits 0 (server/main.ts).
STOPSIGNAL SIGTERM
CMD ["node", "build/server/main.cjs"]
USER node

# The native toolchain for `full`. Its sandbox (bubblewrap) makes user
# namespaces, which a container's default seccomp profile and masked /proc
# forbid: run with
#   --security-opt seccomp=unconfined --security-opt systempaths=unconfined
# (compose.yaml does). Without them native builds answer an error saying so;
# everything else works.
FROM runtime-base AS full-base
USER root
RUN apt-get update -q \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
      clang-19 lld-19 llvm-19 musl-dev bubblewrap \
 && rm -rf /var/lib/apt/lists/*
USER node

# --- runtime: wasm builds, docs, MCP, the anomaly service -------------------
# The bundle needs no node_modules: every dependency is inside it, and the
# only package read from disk (swagger-ui-dist, the /docs page assets) is copied.
FROM runtime-base AS runtime
COPY --from=build /out/ /app/

# --- full: runtime + native builds (linux-x64 glibc/musl) -------------------
FROM full-base AS full
COPY --from=build /out/ /app/
