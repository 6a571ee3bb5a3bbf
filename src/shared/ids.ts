import { createHash, randomUUID } from 'node:crypto';

export function newId(): string {
  return randomUUID();
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * BullMQ v6 rejects ':' in custom job ids, and provider ids may contain
 * anything; keep ids readable when they are already safe, hash otherwise.
 */
export function safeJobId(...parts: string[]): string {
  const joined = parts.join('-');
  if (/^[A-Za-z0-9_.-]{1,200}$/.test(joined)) return joined;
  return sha256Hex(joined).slice(0, 40);
}
