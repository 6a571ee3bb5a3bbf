import { serve, type ServerType } from '@hono/node-server';
import type { Hono } from 'hono';
import type { Logger } from '../shared/logger.js';

export type { ServerType };

export function listen(app: Hono, port: number, logger: Logger): Promise<ServerType> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port, hostname: '0.0.0.0' }, (info) => {
      logger.info({ port: info.port }, 'http listening');
      resolve(server);
    });
  });
}

export function closeServer(server: ServerType): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}
