import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Evolution authenticates its webhook either with our shared token in
 * `x-webhook-token`, or (with its `jwt_key` option) with an HS256 JWT in
 * `Authorization: Bearer`. Comparisons are constant-time.
 */
export function verifyEvolutionAuth(headers: { token?: string; authorization?: string }, secret: string | undefined, nowSeconds = Date.now() / 1000): boolean {
  if (!secret) return false;
  if (headers.token !== undefined) return safeEqual(headers.token, secret);
  const bearer = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '')?.[1];
  return bearer ? verifyHs256(bearer, secret, nowSeconds) : false;
}

function verifyHs256(jwt: string, secret: string, now: number): boolean {
  const parts = jwt.split('.');
  if (parts.length !== 3) return false;
  const [header, payload, signature] = parts as [string, string, string];
  try {
    const h = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string };
    // Only HS256: never let the token choose a weaker or asymmetric algorithm.
    if (h.alg !== 'HS256') return false;
    const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
    if (!safeEqual(signature, expected)) return false;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: number; nbf?: number };
    if (typeof claims.exp === 'number' && claims.exp + 30 < now) return false;
    if (typeof claims.nbf === 'number' && claims.nbf - 30 > now) return false;
    return true;
  } catch {
    return false;
  }
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
