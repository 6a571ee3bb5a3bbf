import { Hono } from 'hono';
import { evolutionEnvelopeSchema, normalizeEvolution, type InboundMessage } from '../../inbound/index.js';
import type { Logger } from '../../shared/logger.js';
import { verifyEvolutionAuth } from './verify-evolution-auth.js';

export interface EvolutionWebhookDeps {
  token: string | undefined;
  logger: Logger;
  /** Durable hand-off to the `inbound` job; must reject fast when Redis is down. */
  enqueueInbound(message: InboundMessage): Promise<void>;
  /** Events that are not messages (connection.update, messages.update, send.message): enqueued by the catch-up capability. */
  onProviderEvent?(envelope: { event: string; instance: string; data: unknown; date_time?: string | undefined }): Promise<'queued' | 'ignored'>;
}

/**
 * POST /webhooks/evolution: authenticate, validate, normalize, enqueue, answer.
 * It never touches the database or the model, so Evolution gets its answer in
 * milliseconds. Status codes steer Evolution's retries: 4xx stops them (the
 * payload can never succeed), 503 asks for a retry (we could not store it).
 */
export function evolutionWebhook(deps: EvolutionWebhookDeps): Hono {
  const app = new Hono();
  app.post('/', async (c) => {
    const ok = verifyEvolutionAuth({ token: c.req.header('x-webhook-token'), authorization: c.req.header('authorization') }, deps.token);
    if (!ok) return c.json({ error: 'unauthorized' }, 401);
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json({ error: 'invalid_json' }, 400);
    }
    const envelope = evolutionEnvelopeSchema.safeParse(body);
    if (!envelope.success) return c.json({ error: 'invalid_payload', message: envelope.error.issues[0]?.message }, 422);
    const result = normalizeEvolution(envelope.data);
    if (result.status === 'ignored' && deps.onProviderEvent) {
      try {
        if ((await deps.onProviderEvent(envelope.data)) === 'queued') return c.json({ status: 'queued' });
      } catch (err) {
        deps.logger.error({ err: (err as Error).message, event: envelope.data.event }, 'could not enqueue evolution event');
        return c.json({ error: 'unavailable' }, 503);
      }
    }
    if (result.status === 'ignored') return c.json({ status: 'ignored', reason: result.reason });
    if (result.status === 'invalid') {
      deps.logger.warn({ event: envelope.data.event, reason: result.reason }, 'unprocessable evolution webhook');
      return c.json({ error: 'unprocessable', message: result.reason }, 422);
    }
    try {
      await deps.enqueueInbound(result.message);
    } catch (err) {
      deps.logger.error({ err: (err as Error).message }, 'could not enqueue inbound message');
      return c.json({ error: 'unavailable' }, 503);
    }
    return c.json({ status: 'queued' });
  });
  return app;
}
