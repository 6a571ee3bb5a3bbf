import type { ServerResponse } from 'node:http';
import type { MiddlewareHandler } from 'hono';

const HEADER = 'x-request-id';
/** Hono's request-id rule: a caller's id is kept when it is short and plain, replaced otherwise. */
const UNSAFE = /[^\w\-=]/;
const MAX_LENGTH = 255;

/**
 * Sets `requestId` (the caller's `x-request-id` when it is plain, else a new
 * UUID) and echoes it in the response's `x-request-id`, as hono/request-id does.
 *
 * Under @hono/node-server the header is set on Node's own response object
 * (`c.env.outgoing`), which writeHead merges with the route's headers. Going
 * through `c.header()` instead makes every answer carry a WHATWG Headers object
 * that node-server then converts back header by header: on the Evolution
 * acknowledgement that was a measurable share of the route's CPU
 * (docs/decisions/0205-webhook-ack-cpu.md). Elsewhere (app.request() in tests,
 * other runtimes) it falls back to `c.header()`.
 */
export function requestId(): MiddlewareHandler {
  return async (c, next) => {
    let id = c.req.header(HEADER);
    if (!id || id.length > MAX_LENGTH || UNSAFE.test(id)) id = crypto.randomUUID();
    c.set('requestId', id);
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    if (outgoing && typeof outgoing.setHeader === 'function' && !outgoing.headersSent) outgoing.setHeader(HEADER, id);
    else c.header(HEADER, id);
    await next();
  };
}
