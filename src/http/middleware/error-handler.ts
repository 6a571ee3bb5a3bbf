import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { AppError } from '../../shared/errors.js';
import type { Logger } from '../../shared/logger.js';

const STATUS_BY_CODE: Record<string, number> = {
  validation: 422,
  not_found: 404,
  conflict: 409,
  unauthorized: 401,
  unavailable: 503,
};

/** Never leaks stack traces or SQL: the client gets a code and the request id to quote. */
export function errorHandler(logger: Logger) {
  return (err: Error, c: Context) => {
    const requestId = c.get('requestId') as string | undefined;
    if (err instanceof HTTPException) {
      return c.json({ error: err.message || 'http_error', requestId }, err.status);
    }
    if (isClientAbort(err)) {
      // The caller hung up mid-body (a Content-Length it never sent, a dropped connection):
      // nobody reads this answer, and it is the client's failure, not ours.
      logger.info({ requestId, path: c.req.path }, 'client closed the connection before its body arrived');
      return c.json({ error: 'client_aborted', requestId }, 400);
    }
    if (err instanceof AppError && STATUS_BY_CODE[err.code]) {
      const status = STATUS_BY_CODE[err.code] as 401 | 404 | 409 | 422 | 503;
      return c.json({ error: err.code, message: err.message, requestId }, status);
    }
    logger.error({ err, requestId, path: c.req.path }, 'unhandled error');
    return c.json({ error: 'internal_error', requestId }, 500);
  };
}

/** Node's own error when an incoming request's socket closes before the body ends (http server abortIncoming). */
function isClientAbort(err: Error): boolean {
  return err.message === 'aborted' && (err as NodeJS.ErrnoException).code === 'ECONNRESET';
}
