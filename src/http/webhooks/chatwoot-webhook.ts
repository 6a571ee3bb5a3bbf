import { Hono } from 'hono';
import { z } from 'zod';
import type { DeadLetterInput } from '../../inbound/index.js';
import { AppError } from '../../shared/errors.js';
import type { Logger } from '../../shared/logger.js';
import { maskPii } from '../../shared/pii.js';
import { bodyLimit, BODY_LIMITS } from '../middleware/body-limit.js';
import { safeEqual, verifyTimestampedHmac, type SignatureVerdict } from './hmac.js';
import { refuser } from './refuse.js';

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
  /** A person's private note: its status when it was addressed to Júlia (an instruction), undefined otherwise. */
  onPrivateNote?(m: ChatwootAgentMessage): Promise<string | undefined>;
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

const statusChanged = z.object({ event: z.literal('conversation_status_changed'), id: z.number(), status: z.string() });

const labelChange = z.object({ label_list: z.object({ previous_value: z.array(z.string()).nullish(), current_value: z.array(z.string()).nullish() }) });
const conversationUpdated = z.object({
  event: z.literal('conversation_updated'),
  id: z.number(),
  changed_attributes: z.array(z.record(z.string(), z.unknown())).nullish(),
});

class Unreadable extends Error {}

/** Agents and administrators write notes; an agent bot or a captain assistant is not a supervisor. */
const isPerson = (type: string | undefined) => type === undefined || /^(user|agent|administrator)$/i.test(type);

/**
 * POST /webhooks/chatwoot. Admission: X-Chatwoot-Signature = "sha256=" HMAC of
 * "{X-Chatwoot-Timestamp}.{raw body}" with CHATWOOT_WEBHOOK_SECRET, at most five
 * minutes old; X-Chatwoot-Delivery (or the signature) dedupes redeliveries. The
 * URL token alone admits only when explicitly allowed for older installs.
 * Handled: a supervisor's public message (a send to the doctor) and the hand-back
 * (resolved, or the hand-off label removed). A message_created we cannot read is
 * kept as a dead letter and answered 422 (Chatwoot does not retry 4xx).
 */
export function chatwootWebhook(deps: ChatwootWebhookDeps): Hono {
  const app = new Hono();
  const now = deps.now ?? Date.now;
  app.use('*', bodyLimit(BODY_LIMITS.chatwoot));
  app.post('/', async (c) => {
    if (!deps.secret) return c.json({ error: 'unauthorized' }, 401);
    const raw = await c.req.text();
    const signature = c.req.header('x-chatwoot-signature');
    let verdict: SignatureVerdict = verifyTimestampedHmac({
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
    const refuse = refuser(c, 'chatwoot', raw, deps.deadLetter);
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return refuse(400, 'invalid_json', 'body is not JSON');
    }
    const deliveryKey = c.req.header('x-chatwoot-delivery') ?? signature ?? undefined;
    if (deliveryKey && !(await deps.dedupe.first(deliveryKey))) return c.json({ status: 'duplicate' });
    try {
      return c.json({ status: await route(deps, body) });
    } catch (err) {
      if (err instanceof Unreadable) return refuse(422, 'invalid_payload', err.message);
      if (err instanceof AppError && err.code === 'validation') return refuse(422, 'unprocessable', err.message);
      if (deliveryKey) await deps.dedupe.forget(deliveryKey).catch(() => undefined);
      deps.logger.error({ err: maskPii((err as Error).message) }, 'chatwoot webhook could not be handled');
      return c.json({ error: 'unavailable' }, 503);
    }
  });
  return app;
}

async function route(deps: ChatwootWebhookDeps, body: unknown): Promise<string> {
  const event = (body as { event?: unknown } | null)?.event;
  if (event === 'message_created') {
    const created = messageCreated.safeParse(body);
    if (!created.success) {
      const issue = created.error.issues[0];
      throw new Unreadable(`${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid message_created'}`);
    }
    const m = created.data;
    const outgoing = m.message_type === 'outgoing' || m.message_type === 1;
    // A supervisor's private note may be addressed to Júlia (an instruction); our own notes carry a julia- source id.
    if (outgoing && m.private && deps.onPrivateNote && !m.source_id?.startsWith('julia-') && m.content?.trim() && isPerson(m.sender?.type)) {
      return (await deps.onPrivateNote({ chatwootConversationId: m.conversation.id, chatwootMessageId: m.id, agentId: String(m.sender?.id ?? 'unknown'), content: m.content })) ?? 'ignored';
    }
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
