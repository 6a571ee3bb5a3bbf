import { Hono } from 'hono';
import { z } from 'zod';
import type { Logger } from '../../shared/logger.js';
import { safeEqual, verifyTimestampedHmac } from './hmac.js';

export interface ChatwootAgentMessage {
  chatwootConversationId: number;
  chatwootMessageId: number;
  agentId: string;
  content: string;
}

export interface ChatwootWebhookDeps {
  secret: string | undefined;
  /** CHATWOOT_WEBHOOK_ALLOW_URL_TOKEN: older Chatwoot without signatures (off by default). */
  allowUrlToken?: boolean;
  logger: Logger;
  now?: () => number;
  /** True the first time a delivery id is seen (Redis SET NX); `forget` undoes it when handling failed. */
  dedupe: { first(key: string): Promise<boolean>; forget(key: string): Promise<void> };
  /** The label that marks a conversation as taken by a person. */
  handoffLabel: string;
  onAgentMessage(m: ChatwootAgentMessage): Promise<unknown>;
  onHandback(m: { chatwootConversationId: number; actor: string; via: 'resolved' | 'label_removed' }): Promise<unknown>;
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

const statusChanged = z.object({
  event: z.literal('conversation_status_changed'),
  id: z.number(),
  status: z.string(),
});

const labelChange = z.object({ label_list: z.object({ previous_value: z.array(z.string()).nullish(), current_value: z.array(z.string()).nullish() }) });
const conversationUpdated = z.object({
  event: z.literal('conversation_updated'),
  id: z.number(),
  changed_attributes: z.array(z.record(z.string(), z.unknown())).nullish(),
});

type Verdict = 'ok' | 'missing' | 'stale' | 'bad_signature';

/**
 * POST /webhooks/chatwoot. Admission: X-Chatwoot-Signature = "sha256=" HMAC of
 * "{X-Chatwoot-Timestamp}.{raw body}" with CHATWOOT_WEBHOOK_SECRET, at most five
 * minutes old; X-Chatwoot-Delivery (or the signature) dedupes redeliveries. The
 * URL token alone admits only when explicitly allowed for older installs.
 * Handled: a supervisor's public message (a send to the doctor) and the hand-back
 * (resolved, or the hand-off label removed).
 */
export function chatwootWebhook(deps: ChatwootWebhookDeps): Hono {
  const app = new Hono();
  const now = deps.now ?? Date.now;
  app.post('/', async (c) => {
    if (!deps.secret) return c.json({ error: 'unauthorized' }, 401);
    const raw = await c.req.text();
    const signature = c.req.header('x-chatwoot-signature');
    let verdict: Verdict = verifyTimestampedHmac({
      secret: deps.secret,
      signature,
      timestamp: c.req.header('x-chatwoot-timestamp'),
      base: (ts) => `${ts}.${raw}`,
      prefix: 'sha256=',
      nowMs: now(),
    });
    if (verdict === 'missing' && deps.allowUrlToken) {
      const token = c.req.header('x-webhook-token') ?? c.req.query('token') ?? '';
      if (safeEqual(token, deps.secret)) verdict = 'ok';
    }
    if (verdict !== 'ok') {
      deps.logger.warn({ verdict }, 'chatwoot webhook refused');
      return c.json({ error: 'unauthorized', reason: verdict }, 401);
    }
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return c.json({ error: 'invalid_json' }, 400);
    }
    const deliveryKey = c.req.header('x-chatwoot-delivery') ?? signature ?? undefined;
    if (deliveryKey && !(await deps.dedupe.first(deliveryKey))) return c.json({ status: 'duplicate' });
    try {
      const status = await route(deps, body);
      return c.json({ status });
    } catch (err) {
      if (deliveryKey) await deps.dedupe.forget(deliveryKey).catch(() => undefined);
      deps.logger.error({ err: (err as Error).message }, 'chatwoot webhook could not be handled');
      return c.json({ error: 'unavailable' }, 503);
    }
  });
  return app;
}

async function route(deps: ChatwootWebhookDeps, body: unknown): Promise<string> {
  const created = messageCreated.safeParse(body);
  if (created.success) {
    const m = created.data;
    const outgoing = m.message_type === 'outgoing' || m.message_type === 1;
    if (!outgoing || m.private || m.source_id?.startsWith('julia-') || !m.content?.trim()) return 'ignored';
    await deps.onAgentMessage({ chatwootConversationId: m.conversation.id, chatwootMessageId: m.id, agentId: String(m.sender?.id ?? 'unknown'), content: m.content.trim() });
    return 'queued';
  }
  const status = statusChanged.safeParse(body);
  if (status.success) {
    if (status.data.status !== 'resolved') return 'ignored';
    await deps.onHandback({ chatwootConversationId: status.data.id, actor: 'chatwoot', via: 'resolved' });
    return 'handback';
  }
  const updated = conversationUpdated.safeParse(body);
  if (updated.success) {
    const change = (updated.data.changed_attributes ?? []).map((a) => labelChange.safeParse(a)).find((p) => p.success)?.data;
    const before = change?.label_list.previous_value ?? [];
    const after = change?.label_list.current_value ?? [];
    if (before.includes(deps.handoffLabel) && !after.includes(deps.handoffLabel)) {
      await deps.onHandback({ chatwootConversationId: updated.data.id, actor: 'chatwoot', via: 'label_removed' });
      return 'handback';
    }
  }
  return 'ignored';
}
