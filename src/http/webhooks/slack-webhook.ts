import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Logger } from '../../shared/logger.js';
import { verifyTimestampedHmac } from './hmac.js';

/** What the webhook hands to the queue; the slow part (Claude, tools) runs in a worker. */
export type SlackWork =
  | { kind: 'message'; user: string; channel: string; threadTs: string; text: string; plain?: boolean }
  | { kind: 'command'; user: string; channel: string; text: string }
  | { kind: 'action'; user: string; channel: string; messageTs: string; actionId: string; value: string };

export interface SlackWebhookDeps {
  signingSecret: string | undefined;
  logger: Logger;
  now?: () => number;
  /** First time this event/trigger id is seen (Redis SET NX); forget undoes it if queueing failed. */
  dedupe: { first(key: string): Promise<boolean>; forget(key: string): Promise<void> };
  enqueue(work: SlackWork): Promise<void>;
  /** Who may command: undefined for a manager where he may, else the refusal to show (and nothing else happens). */
  authorize(user: string, channel: string): string | undefined;
  /** Shows a refusal only to the person refused (chat.postEphemeral); its failure is logged, never retried. */
  refuse(r: { channel: string; user: string; text: string; threadTs?: string }): Promise<void>;
  maxBodyBytes?: number;
}

const eventCallback = z.object({
  type: z.literal('event_callback'),
  event_id: z.string(),
  event: z.object({
    type: z.string(),
    user: z.string().optional(),
    bot_id: z.string().optional(),
    subtype: z.string().optional(),
    text: z.string().optional(),
    channel: z.string().optional(),
    channel_type: z.string().optional(),
    ts: z.string().optional(),
    thread_ts: z.string().optional(),
  }),
});

const blockActions = z.object({
  type: z.literal('block_actions'),
  trigger_id: z.string().optional(),
  user: z.object({ id: z.string() }),
  channel: z.object({ id: z.string() }),
  message: z.object({ ts: z.string() }),
  actions: z.array(z.object({ action_id: z.string(), value: z.string().optional(), action_ts: z.string().optional() })).min(1),
});

/**
 * POST /webhooks/slack: events, interactivity and the /julia slash command on one
 * URL. Every request must carry Slack's v0 signature (HMAC-SHA256 of
 * "v0:{timestamp}:{raw body}", timestamp within five minutes, constant-time
 * compare). The answer is immediate (Slack wants it within 3 s): the work is
 * queued, and Slack's retries of one event id are queued once.
 */
export function slackWebhook(deps: SlackWebhookDeps): Hono {
  const app = new Hono();
  const now = deps.now ?? Date.now;
  const maxBody = deps.maxBodyBytes ?? 256 * 1024;
  app.post('/', async (c) => {
    if (!deps.signingSecret) return c.json({ error: 'slack_not_configured' }, 401);
    const declared = Number(c.req.header('content-length') ?? 0);
    if (declared > maxBody) return c.json({ error: 'payload_too_large' }, 413);
    const raw = await c.req.text();
    if (Buffer.byteLength(raw) > maxBody) return c.json({ error: 'payload_too_large' }, 413);
    const verdict = verifyTimestampedHmac({
      secret: deps.signingSecret,
      signature: c.req.header('x-slack-signature'),
      timestamp: c.req.header('x-slack-request-timestamp'),
      base: (ts) => `v0:${ts}:${raw}`,
      prefix: 'v0=',
      nowMs: now(),
    });
    if (verdict !== 'ok') {
      deps.logger.warn({ verdict }, 'slack request refused');
      return c.json({ error: 'unauthorized', reason: verdict }, 401);
    }
    const type = c.req.header('content-type') ?? '';
    if (type.includes('application/json')) {
      const body = safeJson(raw) as { type?: string; challenge?: string } | undefined;
      if (!body) return c.json({ error: 'invalid_json' }, 400);
      if (body.type === 'url_verification') return c.json({ challenge: String(body.challenge ?? '') });
      const ev = eventCallback.safeParse(body);
      if (!ev.success) return c.json({ ok: true });
      const reply = threadReply(ev.data.event);
      if (reply) {
        // Managers answer Júlia's questions in their threads; anyone else's thread talk is not for her (no refusal spam).
        if (deps.authorize(reply.user, reply.channel)) return c.json({ ok: true });
        return (await queueOnce(deps, `event:${ev.data.event_id}`, reply)) ? c.json({ ok: true }) : c.json({ error: 'unavailable' }, 503);
      }
      const work = fromEvent(ev.data.event);
      if (!work) return c.json({ ok: true });
      const refusal = deps.authorize(work.user, work.channel);
      if (refusal) return refuseOnce(deps, `event:${ev.data.event_id}`, { channel: work.channel, user: work.user, text: refusal, threadTs: work.threadTs }).then(() => c.json({ ok: true }));
      return (await queueOnce(deps, `event:${ev.data.event_id}`, work)) ? c.json({ ok: true }) : c.json({ error: 'unavailable' }, 503);
    }
    const form = new URLSearchParams(raw);
    const payload = form.get('payload');
    if (payload) {
      const p = blockActions.safeParse(safeJson(payload));
      if (!p.success) return c.body(null, 200);
      const a = p.data.actions[0]!;
      const work: SlackWork = { kind: 'action', user: p.data.user.id, channel: p.data.channel.id, messageTs: p.data.message.ts, actionId: a.action_id, value: a.value ?? '' };
      const key = `action:${p.data.trigger_id ?? `${p.data.user.id}:${a.action_ts ?? ''}`}`;
      const refusal = deps.authorize(work.user, work.channel);
      if (refusal) return refuseOnce(deps, key, { channel: work.channel, user: work.user, text: refusal, threadTs: work.messageTs }).then(() => c.body(null, 200));
      return (await queueOnce(deps, key, work)) ? c.body(null, 200) : c.json({ error: 'unavailable' }, 503);
    }
    if (form.get('command')) {
      const user = form.get('user_id') ?? '';
      const channel = form.get('channel_id') ?? '';
      const text = (form.get('text') ?? '').trim();
      if (!user || !channel) return c.json({ error: 'bad_command' }, 400);
      const refusal = deps.authorize(user, channel);
      if (refusal) {
        deps.logger.info({ user, channel }, 'slack command refused: not a manager here');
        return c.json({ response_type: 'ephemeral', text: refusal });
      }
      const ok = await queueOnce(deps, `command:${form.get('trigger_id') ?? createHash('sha256').update(raw).digest('hex')}`, { kind: 'command', user, channel, text });
      return ok ? c.json({ response_type: 'ephemeral', text: 'Recebido, já te respondo no canal.' }) : c.json({ error: 'unavailable' }, 503);
    }
    return c.json({ ok: true });
  });
  return app;
}

function fromEvent(e: z.infer<typeof eventCallback>['event']): Extract<SlackWork, { kind: 'message' }> | undefined {
  // Our own posts come back as events: answering them would loop.
  if (e.bot_id || e.subtype || !e.user || !e.channel || !e.ts) return undefined;
  const isDm = e.type === 'message' && e.channel_type === 'im';
  if (e.type !== 'app_mention' && !isDm) return undefined;
  const text = (e.text ?? '').replace(/<@[A-Z0-9]+>/g, '').trim();
  return { kind: 'message', user: e.user, channel: e.channel, threadTs: e.thread_ts ?? e.ts, text };
}

/** A plain message in a channel thread (no mention): it can only be an answer to one of Júlia's questions. */
function threadReply(e: z.infer<typeof eventCallback>['event']): Extract<SlackWork, { kind: 'message' }> | undefined {
  if (e.type !== 'message' || e.bot_id || e.subtype || !e.user || !e.channel || !e.ts || e.channel_type === 'im') return undefined;
  if (!e.thread_ts || e.thread_ts === e.ts || /<@[A-Z0-9]+>/.test(e.text ?? '')) return undefined;
  return { kind: 'message', user: e.user, channel: e.channel, threadTs: e.thread_ts, text: (e.text ?? '').trim(), plain: true };
}

/** Once per event or click (Slack retries): the refusal is posted in the background, so Slack still hears back within 3 s. */
async function refuseOnce(deps: SlackWebhookDeps, key: string, r: { channel: string; user: string; text: string; threadTs?: string }): Promise<void> {
  deps.logger.info({ user: r.user, channel: r.channel }, 'slack request refused: not a manager here');
  if (!(await deps.dedupe.first(`refused:${key}`).catch(() => true))) return;
  void deps.refuse(r).catch((err: Error) => deps.logger.warn({ err: err.message }, 'could not post the slack refusal'));
}

async function queueOnce(deps: SlackWebhookDeps, key: string, work: SlackWork): Promise<boolean> {
  if (!(await deps.dedupe.first(key))) return true;
  try {
    await deps.enqueue(work);
    return true;
  } catch (err) {
    await deps.dedupe.forget(key).catch(() => undefined);
    deps.logger.error({ err: (err as Error).message }, 'could not queue slack work');
    return false;
  }
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}
