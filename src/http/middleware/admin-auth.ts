import { timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

/**
 * Guards operator routes (/admin/*, /metrics) with their tokens (ADMIN_TOKEN;
 * /metrics also admits METRICS_TOKEN), sent as `Authorization: Bearer <token>`
 * or as the password of basic auth (any user name), which is what a browser
 * prompts for on the queue UI. Every accepted token is compared, in constant
 * time, whichever matches, so the answer's timing says nothing about which one
 * was close. Callers mount the route only when a token is configured.
 */
export function adminAuth(tokens: string | readonly string[]): MiddlewareHandler {
  const expected = (typeof tokens === 'string' ? [tokens] : tokens).filter((t) => t.length > 0).map((t) => Buffer.from(t));
  if (expected.length === 0) throw new Error('adminAuth needs at least one token');
  return async (c, next) => {
    const given = presented(c.req.header('authorization'));
    let ok = false;
    for (const token of expected) ok = matches(given, token) || ok;
    if (!ok) {
      c.header('WWW-Authenticate', 'Basic realm="julia-admin", charset="UTF-8"');
      return c.json({ error: 'unauthorized' }, 401);
    }
    await next();
  };
}

function presented(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const [scheme, value] = header.split(' ', 2);
  if (!value) return undefined;
  if (scheme?.toLowerCase() === 'bearer') return value.trim();
  if (scheme?.toLowerCase() === 'basic') {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon >= 0 ? decoded.slice(colon + 1) : undefined;
  }
  return undefined;
}

function matches(given: string | undefined, expected: Buffer): boolean {
  if (given === undefined) return false;
  const got = Buffer.from(given);
  // Equal lengths are required by timingSafeEqual; compare against itself to keep the timing flat.
  return got.length === expected.length ? timingSafeEqual(got, expected) : (timingSafeEqual(expected, expected), false);
}
