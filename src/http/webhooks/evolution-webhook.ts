import { Hono } from 'hono';
import { evolutionEnvelopeSchema, eventName, HANDLED_EVENTS, normalizeEvolutionAll, type DeadLetterInput, type InboundMessage, type NormalizeResult } from '../../inbound/index.js';
import { stampInstanceNumber } from '../../senders/index.js';
import { AppError } from '../../shared/errors.js';
import type { Logger } from '../../shared/logger.js';
import { maskPii } from '../../shared/pii.js';
import { bodyLimit, BODY_LIMITS } from '../middleware/body-limit.js';
import { verifyEvolutionAuth } from './verify-evolution-auth.js';
import { refuser } from './refuse.js';

export interface EvolutionWebhookDeps {
  token: string | undefined;
  logger: Logger;
  /** Durable hand-off to the `inbound` job; must reject fast when Redis is down. */
  enqueueInbound(message: InboundMessage): Promise<void>;
  /** Keeps a payload that can never be queued for inspection; never throws. */
  deadLetter?(entry: DeadLetterInput): Promise<void>;
  /** Events that are not messages (connection.update, messages.update, send.message): enqueued by the catch-up capability. */
  onProviderEvent?(envelope: { event: string; instance: string; data: unknown; date_time?: string | undefined }): Promise<'queued' | 'ignored'>;
}

/**
 * POST /webhooks/evolution: authenticate, validate, normalize, enqueue, answer.
 * It never touches the database or the model, so Evolution gets its answer in
 * milliseconds (a dead letter is the one write, and only for a refused payload).
 * Status codes steer Evolution's retries: 4xx stops them (the payload can never
 * succeed, and is kept as a dead letter), 503 asks for a retry (Redis was
 * unreachable or slow: the same payload can succeed later).
 */
export function evolutionWebhook(deps: EvolutionWebhookDeps): Hono {
  const app = new Hono();
  app.use('*', bodyLimit(BODY_LIMITS.evolution));
  // With Evolution's "webhook by events", each event is posted to <url>/<event-name> (messages-upsert...).
  app.post('/:event?', async (c) => {
    // The shared token decides alone when it is sent (verifyEvolutionAuth), so the JWT header is only read without it.
    const token = c.req.header('x-webhook-token');
    const ok = verifyEvolutionAuth(token !== undefined ? { token } : { authorization: c.req.header('authorization') }, deps.token);
    if (!ok) return c.json({ error: 'unauthorized' }, 401);
    const raw = await c.req.text();
    const refuse = refuser(c, 'evolution', raw, deps.deadLetter);
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return refuse(400, 'invalid_json', 'body is not JSON');
    }
    const envelope = evolutionEnvelopeSchema.safeParse(body);
    if (!envelope.success) {
      // An event we do not use is acknowledged whatever its envelope looks like: it cannot fail us.
      const event = (body as { event?: unknown } | null)?.event;
      if (typeof event === 'string' && event !== '' && !HANDLED_EVENTS.includes(eventName(event))) return c.json({ status: 'ignored', reason: `event ${maskPii(event)}` });
      return refuse(422, 'invalid_payload', envelope.error.issues[0]?.message ?? 'invalid envelope');
    }
    let results: NormalizeResult[];
    try {
      results = normalizeEvolutionAll(envelope.data);
    } catch (err) {
      // A payload that breaks the normalizer is a bug to fix, but also a poison payload:
      // 422 keeps Evolution from retrying it forever, and the dead letter keeps it to study.
      deps.logger.error({ err: maskPii((err as Error).message) }, 'evolution payload broke the normalizer');
      return refuse(422, 'unprocessable', 'payload could not be normalized');
    }
    const messages = results.flatMap((r) => (r.status === 'message' ? [r.message] : []));
    const invalid = results.find((r): r is Extract<NormalizeResult, { status: 'invalid' }> => r.status === 'invalid');
    if (messages.length === 0 && !invalid && deps.onProviderEvent) {
      try {
        if ((await deps.onProviderEvent(envelope.data)) === 'queued') return c.json({ status: 'queued' });
      } catch (err) {
        // As for messages below: a job payload the schema refuses can never succeed, a retry cannot help.
        if (err instanceof AppError && err.code === 'validation') return refuse(422, 'unprocessable', err.message);
        deps.logger.error({ err: maskPii((err as Error).message), event: envelope.data.event }, 'could not enqueue evolution event');
        return c.json({ error: 'unavailable' }, 503);
      }
    }
    if (messages.length === 0 && !invalid) {
      const reason = results.map((r) => (r.status === 'ignored' ? r.reason : '')).filter(Boolean).join('; ');
      return c.json({ status: 'ignored', reason: maskPii(reason) });
    }
    // A list with one bad item still delivers the good ones; the bad one is kept as a dead letter.
    if (invalid && messages.length === 0) return refuse(422, 'unprocessable', invalid.reason);
    if (invalid) await deps.deadLetter?.({ source: 'evolution', reason: `unprocessable: ${maskPii(invalid.reason)}`, raw });
    for (const m of messages) stampInstanceNumber(m, body);
    try {
      for (const message of messages) await deps.enqueueInbound(message);
    } catch (err) {
      // The job schema refused it: retrying the same payload cannot help.
      if (err instanceof AppError && err.code === 'validation') return refuse(422, 'unprocessable', err.message);
      deps.logger.error({ err: maskPii((err as Error).message) }, 'could not enqueue inbound message');
      return c.json({ error: 'unavailable' }, 503);
    }
    return c.json({ status: 'queued' });
  });
  return app;
}
