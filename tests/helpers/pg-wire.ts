import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/**
 * Serves an in-process PGlite over the Postgres wire protocol on loopback, so
 * the DATABASE_URL adapter (postgres.js) and other processes can reach it.
 */
export async function servePglite(pg: PGlite, maxConnections = 10): Promise<{ url: string; stop(): Promise<void> }> {
  const server = new PGLiteSocketServer({ db: pg, port: 0, host: '127.0.0.1', maxConnections });
  await server.start();
  const hostPort = server.getServerConn();
  return {
    url: `postgres://postgres@${hostPort}/postgres?sslmode=disable`,
    stop: () => server.stop(),
  };
}
