import { createHash } from 'node:crypto';
import type { Db } from '../db/index.js';
import { errorMessage, maskPii, redactPayload, type Logger } from '../shared/index.js';

/** A payload that can never be queued, as the webhook received it. */
export interface DeadLetterInput {
  source: 'evolution' | 'chatwoot' | (string & {});
  reason: string;
  raw: string;
}

export interface DeadLetterRow {
  id: string;
  source: string;
  reason: string;
  bodyBytes: number;
  body: string;
  attempts: number;
  firstSeenAt: string;
  lastSeenAt: string;
}

export interface DeadLetters {
  /** Never throws: the sender gets its 4xx whether or not we could keep a copy. */
  record(input: DeadLetterInput): Promise<void>;
  list(opts?: { limit?: number; source?: string }): Promise<DeadLetterRow[]>;
}

/**
 * The dead-letter table (issue 9, finding 9). What is stored is redacted first
 * (shape kept, words and identifiers masked) and capped; the fingerprint of the
 * raw body makes a redelivered payload one row with a counter.
 */
export function createDeadLetters(db: Db, logger: Logger): DeadLetters {
  return {
    async record({ source, reason, raw }) {
      const safeReason = maskPii(reason).slice(0, 500);
      try {
        await db.rpc('dead_letter_record', {
          p_source: source,
          p_reason: safeReason,
          p_body: redactPayload(raw),
          p_body_bytes: Buffer.byteLength(raw),
          p_fingerprint: createHash('sha256').update(source).update('\0').update(raw).digest('hex'),
        });
      } catch (err) {
        logger.error({ source, reason: safeReason, err: maskPii(errorMessage(err)) }, 'could not keep a dead letter');
        return;
      }
      logger.warn({ source, reason: safeReason }, 'payload refused and kept as a dead letter');
    },
    async list(opts = {}) {
      return db.rpc<DeadLetterRow[]>('dead_letter_list', { p_limit: opts.limit ?? 50, ...(opts.source ? { p_source: opts.source } : {}) });
    },
  };
}
