import { createHmac, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { AnthropicCall, AnthropicStep, SlackFake } from '../fakes/index.js';
import { waitFor } from '../helpers/wait-for.js';
import { settle, type E2E } from './e2e-harness.js';

export const SLACK_SECRET = 'slack-secret';

/** Slack's signing: v0= HMAC-SHA256 of "v0:{timestamp}:{raw body}" with the signing secret. */
export function signedSlack(raw: string, contentType: string, opts: { timestamp?: number; secret?: string; headers?: Record<string, string> } = {}) {
  const ts = String(opts.timestamp ?? Math.floor(Date.now() / 1000));
  const sig = `v0=${createHmac('sha256', opts.secret ?? SLACK_SECRET).update(`v0:${ts}:${raw}`).digest('hex')}`;
  return { method: 'POST', headers: { 'content-type': contentType, 'x-slack-signature': sig, 'x-slack-request-timestamp': ts, ...opts.headers }, body: raw };
}

export const mention = (text: string, opts: { user?: string; channel?: string; eventId?: string; ts?: string } = {}) =>
  JSON.stringify({
    type: 'event_callback',
    event_id: opts.eventId ?? `Ev${randomUUID().slice(0, 10)}`,
    event: { type: 'app_mention', user: opts.user ?? 'UMANAGER1', text: `<@U0JULIABOT> ${text}`, channel: opts.channel ?? 'CGESTAO', ts: opts.ts ?? `${Date.now() / 1000}` },
  });

export const slashCommand = (text: string, user = 'UMANAGER1', channel = 'CGESTAO') =>
  new URLSearchParams({ command: '/julia', text, user_id: user, channel_id: channel, trigger_id: randomUUID() }).toString();

export const click = (value: string, opts: { user?: string; channel?: string; messageTs: string; actionId?: string }) =>
  new URLSearchParams({
    payload: JSON.stringify({
      type: 'block_actions',
      trigger_id: randomUUID(),
      user: { id: opts.user ?? 'UMANAGER1' },
      channel: { id: opts.channel ?? 'CGESTAO' },
      message: { ts: opts.messageTs },
      actions: [{ action_id: opts.actionId ?? 'julia_confirm', value, action_ts: `${Date.now() / 1000}` }],
    }),
  }).toString();

/** The managers' agent and the doctors' agent share one fake; the system prompt tells them apart. */
export function isAdminCall(body: AnthropicCall): boolean {
  return JSON.stringify(body.system ?? '').includes('Júlia no Slack');
}

export function adminScript() {
  const steps: AnthropicStep[] = [];
  return {
    steps,
    push: (...s: AnthropicStep[]) => steps.push(...s),
    next: (): AnthropicStep => steps.shift() ?? { text: 'Certo.' },
  };
}

/** The preview with Confirm/Cancel buttons most recently posted. */
export function lastPreview(slack: SlackFake): { ts: string; channel: string; actionId: string; text: string } | undefined {
  for (const p of slack.posted().reverse()) {
    const blocks = (p.blocks ?? []) as Array<{ type: string; elements?: Array<{ action_id?: string; value?: string }> }>;
    const button = blocks.flatMap((b) => b.elements ?? []).find((e) => e.action_id === 'julia_confirm');
    if (button?.value) return { ts: p.ts, channel: p.channel, actionId: button.value, text: p.text ?? '' };
  }
  return undefined;
}

/** The JSON inside a tool result, which reaches the model wrapped as untrusted data (<dados_nao_confiaveis …>json</…>). */
export function toolResultJson(content: string): unknown {
  const m = /^<dados_nao_confiaveis ferramenta="[A-Za-z0-9_]*">\n([\s\S]*)\n<\/dados_nao_confiaveis>$/.exec(content);
  if (!m) throw new Error(`tool result is not wrapped as untrusted data: ${content.slice(0, 80)}`);
  return JSON.parse(m[1]!) as unknown;
}

/**
 * A manager at work on a served Júlia: mentions her, reads what her agent was given, and confirms the writes she
 * previews. `e` is read when called, so the driver can be made before the service starts.
 */
export function managerDriver(service: () => E2E, admin: ReturnType<typeof adminScript>) {
  const post = (raw: string, type: string) => service().app.http.request('/webhooks/slack', signedSlack(raw, type));
  const q = async <T>(sql: string, params: unknown[] = []) => (await service().db.pg.query<T>(sql, params)).rows;
  const adminCalls = () => service().anthropic.calls().filter(isAdminCall);
  const status = async (id: string) => (await q<{ status: string }>(`select status from slack_pending_actions where id = $1`, [id]))[0]!.status;
  return {
    post,
    q,
    adminCalls,
    status,
    /** Until a confirmed write has finished, either way. */
    waitDone: (id: string) => waitFor(async () => ['done', 'failed'].includes(await status(id)), { what: 'the confirmed write', timeoutMs: 15_000 }),
    confirm: (p: { actionId: string; ts: string; channel: string }) => post(click(p.actionId, { messageTs: p.ts, channel: p.channel }), 'application/x-www-form-urlencoded'),
    /** Mentions Júlia with the agent's next steps scripted, and waits for her answer in the channel. */
    async ask(text: string, ...steps: AnthropicStep[]) {
      admin.push(...steps);
      const before = service().slack.posted().length;
      const calls = adminCalls().length;
      expect((await post(mention(text), 'application/json')).status).toBe(200);
      await waitFor(() => admin.steps.length === 0 && adminCalls().length > calls && service().slack.posted().length > before, { what: `answer to "${text}"`, timeoutMs: 20_000 });
      await settle(300);
    },
    /** The tool result the model got in the latest round. */
    lastToolResult(): { raw: string; content: unknown; isError: boolean } {
      const blocks = adminCalls().at(-1)!.messages.at(-1)!.content as Array<{ type: string; content?: string; is_error?: boolean }>;
      const r = blocks.find((b) => b.type === 'tool_result')!;
      return { raw: r.content!, content: toolResultJson(r.content!), isError: r.is_error === true };
    },
  };
}
