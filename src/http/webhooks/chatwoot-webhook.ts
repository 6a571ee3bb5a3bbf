import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Logger } from '../../shared/logger.js';

export interface ChatwootWebhookDeps {
  secret: string | undefined;
  logger: Logger;
  onAgentMessage(m: { chatwootConversationId: number; chatwootMessageId: number; agentId: string; content: string }): Promise<unknown>;
}

const messageCreated = z.object({
  event: z.literal('message_created'),
  id: z.number(),
  content: z.string().nullish(),
  message_type: z.union([z.string(), z.number()]),
  private: z.boolean().optional().default(false),
  source_id: z.string().nullish(),
  conversation: z.object({ id: z.number() }),
  sender: z.object({ id: z.union([z.number(), z.string()]), type: z.string().optional() }).nullish(),
});

/**
 * POST /webhooks/chatwoot?token=<CHATWOOT_WEBHOOK_SECRET> (or header x-webhook-token):
 * a supervisor's public outgoing message becomes a send to the doctor. Our own
 * mirrored messages (source id "julia-...") and private notes are ignored.
 */
export function chatwootWebhook(deps: ChatwootWebhookDeps): Hono {
  const app = new Hono();
  app.post('/', async (c) => {
    const token = c.req.header('x-webhook-token') ?? c.req.query('token') ?? '';
    if (!deps.secret || !safeEqual(token, deps.secret)) return c.json({ error: 'unauthorized' }, 401);
    const body = await c.req.json().catch(() => undefined);
    if (body === undefined) return c.json({ error: 'invalid_json' }, 400);
    const parsed = messageCreated.safeParse(body);
    if (!parsed.success) return c.json({ status: 'ignored' });
    const m = parsed.data;
    const outgoing = m.message_type === 'outgoing' || m.message_type === 1;
    if (!outgoing || m.private || m.source_id?.startsWith('julia-') || !m.content?.trim()) return c.json({ status: 'ignored' });
    try {
      await deps.onAgentMessage({ chatwootConversationId: m.conversation.id, chatwootMessageId: m.id, agentId: String(m.sender?.id ?? 'unknown'), content: m.content.trim() });
    } catch (err) {
      deps.logger.error({ err: (err as Error).message }, 'could not queue a supervisor reply');
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
