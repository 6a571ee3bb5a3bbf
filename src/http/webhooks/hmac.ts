import { createHmac, timingSafeEqual } from 'node:crypto';

/** Constant-time comparison of two strings (length leaks, content does not). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function hmacHex(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

/** Vendors sign with a timestamp so a captured request cannot be replayed later. */
export const MAX_SIGNATURE_AGE_SECONDS = 5 * 60;

export type SignatureVerdict = 'ok' | 'missing' | 'stale' | 'bad_signature';

/**
 * `{prefix}{hex}` = HMAC-SHA256(secret, base) with a unix-seconds timestamp no
 * further than five minutes from now (either way: a clock ahead is as suspect as one behind).
 */
export function verifyTimestampedHmac(input: {
  secret: string;
  signature: string | undefined;
  timestamp: string | undefined;
  base: (timestamp: string) => string;
  prefix: string;
  nowMs: number;
}): SignatureVerdict {
  const { signature, timestamp } = input;
  if (!signature || !timestamp || !/^\d{1,12}$/.test(timestamp)) return 'missing';
  if (Math.abs(input.nowMs / 1000 - Number(timestamp)) > MAX_SIGNATURE_AGE_SECONDS) return 'stale';
  const expected = input.prefix + hmacHex(input.secret, input.base(timestamp));
  return safeEqual(signature, expected) ? 'ok' : 'bad_signature';
}
