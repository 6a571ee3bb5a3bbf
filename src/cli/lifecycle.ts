import { serve, type ServerType } from '@hono/node-server';
import type { App } from '../app.js';

/** Resolves on SIGINT/SIGTERM, after which the caller closes what it opened. */
export function untilSignal(): Promise<string> {
  return new Promise((resolve) => {
    const onSignal = (sig: string) => resolve(sig);
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  });
}

export function listen(app: App, port: number): Promise<ServerType> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.http.fetch, port, hostname: '0.0.0.0' }, (info) => {
      app.deps.logger.info({ port: info.port }, 'http listening');
      resolve(server);
    });
  });
}

export function closeServer(server: ServerType): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}
