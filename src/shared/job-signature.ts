import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-SHA256 over a job payload. Redis is reachable by more than the service
 * (an operator's tooling, the queue UI, a neighbour on a shared instance), and
 * some payload fields widen what a send may do: the method (MANUAL and COMMAND
 * skip R2/R3, safe_mode and business hours), the actor, an opt-out bypass
 * reason, the hand-off notice. The producer signs the whole payload; the worker
 * refuses any job whose signature does not match, so a job written straight
 * into Redis cannot claim those powers. Keys are sorted before hashing, so the
 * signature does not depend on property order after a JSON round trip.
 */
export interface JobSigner {
  sign(payload: unknown): string;
  verify(payload: unknown, signature: unknown): boolean;
}

export function createJobSigner(key: string): JobSigner {
  if (key.length < 32) throw new Error('job signing key must be at least 32 characters');
  const mac = (payload: unknown) => createHmac('sha256', key).update(canonicalJson(payload)).digest();
  return {
    sign: (payload) => mac(payload).toString('hex'),
    verify(payload, signature) {
      if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/.test(signature)) return false;
      return timingSafeEqual(mac(payload), Buffer.from(signature, 'hex'));
    },
  };
}

/**
 * JSON with object keys sorted at every level; `undefined` members dropped and
 * `toJSON` (a Date) applied as JSON.stringify does, so a payload hashes the same
 * before and after its trip through Redis.
 */
export function canonicalJson(value: unknown): string {
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return canonicalJson((value as { toJSON(): unknown }).toJSON());
  }
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}
