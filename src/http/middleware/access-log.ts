import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../../shared/logger.js';

/** One line per request at debug; errors are logged by the error handler. */
export function accessLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    if (!logger.isLevelEnabled('debug')) return;
    logger.debug(
      { requestId: c.get('requestId'), method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
      'request',
    );
  };
}
