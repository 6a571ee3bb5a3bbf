import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import type { DeadLetterInput } from '../../inbound/index.js';
import { AppError } from '../../shared/errors.js';
import type { Logger } from '../../shared/logger.js';
import { maskPii } from '../../shared/pii.js';
import { bodyLimit, BODY_LIMITS } from '../middleware/body-limit.js';

export interface ChatwootWebhookDeps {
  secret: string | undefined;
  logger: Logger;
  onAgentMessage(m: { chatwootConversationId: number; chatwootMessageId: number; agentId: string; content: string }): Promise<unknown>;
  /** Keeps a payload that can never be handled for inspection; never throws. */
  deadLetter?(entry: DeadLetterInput): Promise<void>;
}

// Chatwoot ids are database integers; a float or a number past 2^53 can never match a
// row and would fail in SQL (a 503 Chatwoot would retry forever), so it is refused here.
const chatwootId = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

const messageCreated = z.object({
  event: z.literal('message_created'),
  id: chatwootId,
  content: z.string().nullish(),
  message_type: z.union([z.string(), z.number()]),
  private: z.boolean().optional().default(false),
  source_id: z.string().nullish(),
  conversation: z.object({ id: chatwootId }),
  sender: z.object({ id: z.union([z.number(), z.string()]), type: z.string().optional() }).nullish(),
});

/**
 * POST /webhooks/chatwoot?token=<CHATWOOT_WEBHOOK_SECRET> (or header x-webhook-token):
 * a supervisor's public outgoing message becomes a send to the doctor. Our own
 * mirrored messages (source id "julia-...") and private notes are ignored, as
 * are other events. A message_created we cannot read is never dropped silently:
 * it is kept as a dead letter and answered 422 (Chatwoot does not retry 4xx).
 */
export function chatwootWebhook(deps: ChatwootWebhookDeps): Hono {
  const app = new Hono();
  app.use('*', bodyLimit(BODY_LIMITS.chatwoot));
  app.post('/', async (c) => {
    const token = c.req.header('x-webhook-token') ?? c.req.query('token') ?? '';
    if (!deps.secret || !safeEqual(token, deps.secret)) return c.json({ error: 'unauthorized' }, 401);
    const raw = await c.req.text();
    const refuse = async (status: 400 | 422, error: string, reason: string) => {
      const message = maskPii(reason);
      await deps.deadLetter?.({ source: 'chatwoot', reason: `${error}: ${message}`, raw });
      return c.json({ error, message }, status);
    };
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return refuse(400, 'invalid_json', 'body is not JSON');
    }
    // Chatwoot posts every subscribed event here; only message_created concerns us.
    if ((body as { event?: unknown } | null)?.event !== 'message_created') return c.json({ status: 'ignored' });
    const parsed = messageCreated.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return refuse(422, 'invalid_payload', `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid message_created'}`);
    }
    const m = parsed.data;
    const outgoing = m.message_type === 'outgoing' || m.message_type === 1;
    if (!outgoing || m.private || m.source_id?.startsWith('julia-') || !m.content?.trim()) return c.json({ status: 'ignored' });
    try {
      await deps.onAgentMessage({ chatwootConversationId: m.conversation.id, chatwootMessageId: m.id, agentId: String(m.sender?.id ?? 'unknown'), content: m.content.trim() });
    } catch (err) {
      if (err instanceof AppError && err.code === 'validation') return refuse(422, 'unprocessable', err.message);
      deps.logger.error({ err: maskPii((err as Error).message) }, 'could not queue a supervisor reply');
      return c.json({ error: 'unavailable' }, 503);
    }
    return c.json({ status: 'queued' });
  });
  return app;
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
