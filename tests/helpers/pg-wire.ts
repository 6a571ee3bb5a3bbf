import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/**
 * Serves an in-process PGlite over the Postgres wire protocol on loopback, so
 * the DATABASE_URL adapter (postgres.js) can reach it. Keep clients to one
 * connection: pglite-socket 0.2 interleaves protocol messages of concurrent
 * connections. Several processes share a PGlite through rpc-gateway.ts instead.
 */
export async function servePglite(pg: PGlite, maxConnections = 1): Promise<{ url: string; stop(): Promise<void> }> {
  const server = new PGLiteSocketServer({ db: pg, port: 0, host: '127.0.0.1', maxConnections });
  await server.start();
  const hostPort = server.getServerConn();
  return {
    url: `postgres://postgres@${hostPort}/postgres?sslmode=disable`,
    stop: () => server.stop(),
  };
}
