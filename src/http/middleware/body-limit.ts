import type { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit as honoBodyLimit } from 'hono/body-limit';

/**
 * Body caps (issue 9, finding 3). Sizes come from what the vendors really send:
 *
 * - Evolution (messages.upsert and friends): a WhatsApp text is at most 65,536
 *   characters, ~200 KB of UTF-8; a quoted message can carry another, plus
 *   thumbnails of a few KB. 1 MB covers every text event with room to spare.
 *   Media bytes are NOT expected inline: run the instance with
 *   WEBHOOK_BASE64=false and we fetch photos on demand through
 *   getBase64FromMediaMessage, size checked first. If base64 is left on, a
 *   WhatsApp-compressed photo (a few hundred KB) still fits; a video or a
 *   document does not and is refused with 413 rather than buffered.
 * - Chatwoot message_created: a supervisor's text (we only relay what fits a
 *   WhatsApp message) plus conversation metadata: 512 KB.
 * - Everything else, including routes mounted later (Slack events and
 *   interactions are a few KB, admin calls smaller): the 1 MB default.
 */
export const BODY_LIMITS = {
  default: 1024 * 1024,
  evolution: 1024 * 1024,
  chatwoot: 512 * 1024,
} as const;

/**
 * 413 with a JSON error once the body passes `maxBytes`: a declared
 * Content-Length over the cap is refused before reading a byte, a chunked body
 * is counted while read and refused as soon as it passes the cap.
 *
 * The declared length is read from the headers alone. Hono's own middleware
 * looks at `c.req.raw.body` first, which on @hono/node-server turns the light
 * request into a full WHATWG Request with a web stream over the socket, and the
 * route then reads its body through that stream: about a quarter of the
 * Evolution acknowledgement's CPU (docs/decisions/0185-inbound-load.md). Node's
 * HTTP parser never hands a route more bytes than Content-Length says, so the
 * check is as strict; only a body without one (chunked) takes Hono's counting
 * path.
 */
export function bodyLimit(maxBytes: number): MiddlewareHandler {
  const tooLarge: MiddlewareHandler = async (c) => c.json({ error: 'payload_too_large', maxBytes }, 413);
  const counting = honoBodyLimit({ maxSize: maxBytes, onError: (c) => c.json({ error: 'payload_too_large', maxBytes }, 413) });
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    // Under @hono/node-server, Node's own parsed headers: the lightweight request's lookup of
    // a header like content-length copies and scans the raw list each time, and the
    // Evolution route passes two caps (docs/decisions/0205-webhook-ack-cpu.md).
    const headers = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.headers;
    const declared = headers ? headers['content-length'] : c.req.header('content-length');
    const encoding = headers ? headers['transfer-encoding'] : c.req.header('transfer-encoding');
    if (declared !== undefined && encoding === undefined) {
      return Number.parseInt(declared, 10) > maxBytes ? tooLarge(c, next) : next();
    }
    return counting(c, next);
  };
}
