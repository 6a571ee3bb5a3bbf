import type { MiddlewareHandler } from 'hono';
import { observe } from '../../shared/observe.js';

/**
 * Counts every webhook acknowledgement by route and status (and times it), so a
 * provider retrying on our 5xx or a wave of 401s shows on the dashboard. The
 * route label is the path segment after /webhooks/, bounded to known shapes so a
 * scanner cannot create unbounded label values.
 */
export function webhookAcks(): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const segment = c.req.path.split('/')[2] ?? '';
      // A 404 is an unknown path: one label for all of them.
      const route = c.res.status !== 404 && /^[a-z]{2,20}$/.test(segment) ? segment : 'other';
      observe('webhook_ack', (performance.now() - started) / 1000, { route, status: String(c.res.status) });
    }
  };
}
