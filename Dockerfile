# syntax=docker/dockerfile:1
# One image, two roles: `julia web` (HTTP) and `julia worker` (BullMQ); see fly.toml.

# Stage 1: full install, typecheck, so a broken build never ships.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY src ./src
COPY workers ./workers
COPY tests ./tests
COPY bench ./bench
RUN npm run typecheck

# Stage 2: production dependencies only.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

# Stage 3: runtime, as a non-root user. The sources are compiled here, while the tree can be
# written; on start `julia` checks them against the compiled copy (src/compile-sources.mjs).
FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
RUN groupadd --system julia && useradd --system --gid julia --home /app julia \
  && mkdir -p /data && chown julia:julia /data
COPY --from=deps /app/node_modules ./node_modules
COPY package.json tsconfig.json ./
COPY --from=build /app/src ./src
COPY --from=build /app/workers ./workers
COPY supabase ./supabase
COPY prompts ./prompts
COPY knowledge ./knowledge
RUN node src/compile-sources.mjs
USER julia
EXPOSE 3000
CMD ["node", "src/julia.mjs", "web"]
