import type { IServerAdapter } from '@bull-board/api/typings/app';
import { HonoAdapter } from '@bull-board/hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { adminAuth } from '../middleware/admin-auth.js';

export const QUEUE_BOARD_PATH = '/admin/queues';

export interface QueueBoardOptions {
  /** ADMIN_TOKEN: the only credential the board admits (METRICS_TOKEN never does). */
  token: string;
  /** ADMIN_QUEUE_WRITE=on: the board may change queues. Off, it only reads. */
  write: boolean;
  /** Plugs the queue half in (workers/queue-board.ts); told whether the queues are read-only. */
  attach(server: IServerAdapter, opts: { readOnly: boolean }): void;
}

/**
 * Bull Board's Hono half, behind ADMIN_TOKEN. The queue half (BullMQ adapters)
 * lives in workers/ and plugs in through `attach`, so neither side imports the
 * other's framework. Mount the returned app at QUEUE_BOARD_PATH.
 *
 * Read-only is enforced twice: Bull Board's readOnlyMode hides the buttons and
 * refuses its own write handlers, and `readsOnly` refuses every method but
 * GET/HEAD before Bull Board sees the request. Bull Board parses any body as
 * JSON whatever its content type, and its list of write routes grows with each
 * release; the method is what a new route cannot slip past.
 */
export function queueBoardRoute(opts: QueueBoardOptions): Hono {
  const adapter = new HonoAdapter(serveStatic).setBasePath(QUEUE_BOARD_PATH);
  opts.attach(adapter, { readOnly: !opts.write });
  const app = new Hono();
  app.use('*', adminAuth(opts.token));
  // The UI posts tiny JSON bodies (retry, clean, pause).
  app.use('*', bodyLimit({ maxSize: 64 * 1024, onError: (c) => c.json({ error: 'payload_too_large' }, 413) }));
  if (!opts.write) app.use('*', readsOnly());
  app.route('/', adapter.registerPlugin());
  return app;
}

function readsOnly(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    c.header('Allow', 'GET, HEAD');
    return c.json({ error: 'read_only', message: 'queue board is read-only (ADMIN_QUEUE_WRITE=off)' }, 405);
  };
}
