import type { Context } from 'hono';
import type { DeadLetterInput } from '../../inbound/index.js';
import { maskPii } from '../../shared/pii.js';

/**
 * A payload that can never be queued: kept as a (masked) dead letter and answered
 * 4xx, so the vendor stops retrying it (issue 9, finding 9). Shared by the webhooks.
 */
export function refuser(c: Context, source: DeadLetterInput['source'], raw: string, deadLetter?: (entry: DeadLetterInput) => Promise<void>) {
  return async (status: 400 | 422, error: string, reason: string) => {
    const message = maskPii(reason);
    await deadLetter?.({ source, reason: `${error}: ${message}`, raw });
    return c.json({ error, message }, status);
  };
}
