import type { IServerAdapter } from '@bull-board/api/typings/app';
import { HonoAdapter } from '@bull-board/hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { adminAuth } from '../middleware/admin-auth.js';

export const QUEUE_BOARD_PATH = '/admin/queues';

/**
 * Bull Board's Hono half, behind ADMIN_TOKEN. The queue half (BullMQ adapters)
 * lives in workers/ and plugs in through `attach`, so neither side imports the
 * other's framework. Mount the returned app at QUEUE_BOARD_PATH.
 */
export function queueBoardRoute(token: string, attach: (server: IServerAdapter) => void): Hono {
  const adapter = new HonoAdapter(serveStatic).setBasePath(QUEUE_BOARD_PATH);
  attach(adapter);
  const app = new Hono();
  app.use('*', adminAuth(token));
  // The UI posts tiny JSON bodies (retry, clean, pause).
  app.use('*', bodyLimit({ maxSize: 64 * 1024, onError: (c) => c.json({ error: 'payload_too_large' }, 413) }));
  app.route('/', adapter.registerPlugin());
  return app;
}
