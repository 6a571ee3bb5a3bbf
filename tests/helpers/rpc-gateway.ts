import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DbError, type Db } from '../../src/db/index.js';

export const GATEWAY_KEY = 'test-service-role-key';

/**
 * A PostgREST-shaped endpoint (POST /rest/v1/rpc/<name>) that runs each call on
 * a real database: child processes reach the test's PGlite through the real
 * supabase-js adapter. Each call is a whole HTTP request, so calls from several
 * processes never interleave at the protocol level (pglite-socket's multi-
 * connection mode does, under load).
 */
export async function serveRpcGateway(db: Db): Promise<{ url: string; key: string; stop(): Promise<void> }> {
  const server = createServer((req, res) => {
    void handle(req).then(({ status, body }) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  async function handle(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const name = /^\/rest\/v1\/rpc\/([a-z_][a-z0-9_]*)$/.exec((req.url ?? '').split('?')[0]!)?.[1];
    if (req.method !== 'POST' || !name) return { status: 404, body: { code: 'PGRST202', message: 'not found' } };
    if (req.headers.apikey !== GATEWAY_KEY) return { status: 401, body: { message: 'Invalid API key' } };
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const args = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
    try {
      return { status: 200, body: (await db.rpc(name, args)) ?? null };
    } catch (err) {
      const e = err as DbError;
      return { status: e.sqlState === '23505' ? 409 : 400, body: { code: e.sqlState ?? 'P0001', message: e.message.replace(`${name}: `, ''), details: null, hint: null } };
    }
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    key: GATEWAY_KEY,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
