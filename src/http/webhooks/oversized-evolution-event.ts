import type { MiddlewareHandler } from 'hono';
import { eventName, HANDLED_EVENTS } from '../../inbound/index.js';
import { verifyEvolutionAuth } from './verify-evolution-auth.js';

/** Evolution writes `event` first in its envelope; the head of the body names it. */
const HEAD_BYTES = 1_024;
const EVENT_IN_HEAD = /"event"\s*:\s*"([^"]{1,64})"/;

/**
 * A body over the cap that Evolution posts for an event we never use (a
 * `messaging-history.set` after a reconnect can carry megabytes) is
 * acknowledged with 200 instead of 413, so Evolution does not retry it: the
 * event is read from the by-events path or from the body's first kilobyte, the
 * rest is never read. A message event over the cap is still refused, by the
 * body limit that follows. Only for an authenticated caller.
 */
export function oversizedEvolutionEvent(maxBytes: number, token: string | undefined): MiddlewareHandler {
  return async (c, next) => {
    const declared = Number.parseInt(c.req.header('content-length') ?? '', 10);
    if (c.req.method !== 'POST' || !(declared > maxBytes)) return next();
    const bearer = c.req.header('x-webhook-token');
    if (!verifyEvolutionAuth(bearer !== undefined ? { token: bearer } : { authorization: c.req.header('authorization') }, token)) return next();
    const fromPath = c.req.path.replace(/\/+$/, '').split('/').at(-1) ?? '';
    const event = fromPath && fromPath !== 'evolution' ? fromPath : await eventInHead(c.req.raw.body);
    if (!event || HANDLED_EVENTS.includes(eventName(event))) return next();
    return c.json({ status: 'ignored', reason: `event ${eventName(event)} (body not read: over ${maxBytes} bytes)` });
  };
}

async function eventInHead(body: ReadableStream<Uint8Array> | null): Promise<string | null> {
  if (!body) return null;
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < HEAD_BYTES) {
      const { done, value } = await reader.read();
      if (done || !value) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const head = Buffer.concat(chunks).subarray(0, HEAD_BYTES).toString('utf8');
  return EVENT_IN_HEAD.exec(head)?.[1] ?? null;
}
