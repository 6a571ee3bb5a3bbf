import { Hono } from 'hono';
import { evolutionEnvelopeSchema, normalizeEvolution, type DeadLetterInput, type InboundMessage } from '../../inbound/index.js';
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
  app.post('/', async (c) => {
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
    if (!envelope.success) return refuse(422, 'invalid_payload', envelope.error.issues[0]?.message ?? 'invalid envelope');
    let result: ReturnType<typeof normalizeEvolution>;
    try {
      result = normalizeEvolution(envelope.data);
    } catch (err) {
      // A payload that breaks the normalizer is a bug to fix, but also a poison payload:
      // 422 keeps Evolution from retrying it forever, and the dead letter keeps it to study.
      deps.logger.error({ err: maskPii((err as Error).message) }, 'evolution payload broke the normalizer');
      return refuse(422, 'unprocessable', 'payload could not be normalized');
    }
    if (result.status === 'ignored' && deps.onProviderEvent) {
      try {
        if ((await deps.onProviderEvent(envelope.data)) === 'queued') return c.json({ status: 'queued' });
      } catch (err) {
        // As for messages below: a job payload the schema refuses can never succeed, a retry cannot help.
        if (err instanceof AppError && err.code === 'validation') return refuse(422, 'unprocessable', err.message);
        deps.logger.error({ err: maskPii((err as Error).message), event: envelope.data.event }, 'could not enqueue evolution event');
        return c.json({ error: 'unavailable' }, 503);
      }
    }
    if (result.status === 'ignored') return c.json({ status: 'ignored', reason: maskPii(result.reason) });
    if (result.status === 'invalid') return refuse(422, 'unprocessable', result.reason);
    stampInstanceNumber(result.message, body);
    try {
      await deps.enqueueInbound(result.message);
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
