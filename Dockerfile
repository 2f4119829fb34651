# syntax=docker/dockerfile:1
# The Tradedeck server with its web app: `docker build -t tradedeck .` (see docs/operations.md, "Containers").

FROM node:20-bookworm-slim AS build
WORKDIR /src
RUN npm install -g pnpm@10.34.9
COPY . .
RUN pnpm install --frozen-lockfile \
 && pnpm build \
 && pnpm --filter @tradedeck/server deploy --legacy --prod /app \
 && rm -rf /app/dist /app/public /app/drizzle \
 && cp -r packages/server/dist packages/server/public packages/server/drizzle /app/

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    LOG_FORMAT=json \
    TRADEDECK_DATA_DIR=/data
WORKDIR /app
COPY --from=build /app /app
# The data directory must be the server user's alone (the server refuses one open to others).
RUN mkdir -m 700 /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "dist/main.js"]
