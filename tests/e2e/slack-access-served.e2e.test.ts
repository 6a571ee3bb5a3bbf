import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDb } from '../../src/db/index.js';
import { startSlackFake, type AnthropicCall, type AnthropicStep, type SlackFake } from '../fakes/index.js';
import { evolutionPayload } from '../helpers/evolution-fixture.js';
import { waitFor } from '../helpers/wait-for.js';
import { inboundDone, startServed, type Served } from './served.js';
import { click, isAdminCall, lastPreview, mention, SLACK_SECRET, signedSlack, slashCommand, toolResultJson } from './slack-helpers.js';

const PHONE = '5511976548888';
type Step = AnthropicStep | ((body: AnthropicCall) => AnthropicStep);
const lastToolResult = (body: AnthropicCall) =>
  (body.messages.at(-1)!.content as Array<{ type: string; content?: string }>).find((b) => b.type === 'tool_result')?.content ?? '';

/**
 * Issue 25, findings 1 and 2 through a started `julia serve` (loopback Slack,
 * Anthropic and Evolution fakes), the way Slack reaches a deployed service.
 */
describe('Slack access through a started service', () => {
  let s: Served;
  let slack: SlackFake;
  const steps: Step[] = [];
  beforeAll(async () => {
    slack = await startSlackFake({ token: 'xoxb-served' });
    s = await startServed({
      anthropic: (body) => {
        if (!isAdminCall(body)) return { text: `Oi! Aqui é a Júlia (${Math.random().toString(36).slice(2, 6)})` };
        const step = steps.shift() ?? { text: 'Certo.' };
        return typeof step === 'function' ? step(body) : step;
      },
    });
    await s.start({ SLACK_BOT_TOKEN: 'xoxb-served', SLACK_SIGNING_SECRET: SLACK_SECRET, SLACK_API_URL: `${slack.url}/api` });
    // A doctor who wrote on WhatsApp, so there is someone to look up, block and echo.
    expect((await s.post(evolutionPayload('text-conversation', { id: 'SRV-ACCESS-1', remoteJid: `${PHONE}@s.whatsapp.net`, text: 'oi, tem plantão?' }))).status).toBe(200);
    await inboundDone(s, 'SRV-ACCESS-1');
  }, 120_000);
  afterAll(async () => {
    await s.close();
    await slack.close();
  });

  const post = (raw: string, type: string) => fetch(`${s.url}/webhooks/slack`, signedSlack(raw, type));
  const adminCalls = () => s.anthropic.calls().filter(isAdminCall);
  async function ask(text: string, ...script: Step[]) {
    steps.push(...script);
    const posts = slack.posted().length;
    expect((await post(mention(text), 'application/json')).status).toBe(200);
    await waitFor(() => steps.length === 0 && slack.posted().length > posts, { what: `answer to "${text}"`, timeoutMs: 30_000 });
    await new Promise((r) => setTimeout(r, 300));
  }

  it("a non-manager's mention and /julia change nothing, get no preview and never reach the model", async () => {
    steps.push({ toolUse: { name: 'pausar_julia', input: { motivo: 'quero ver' } } });
    expect((await post(mention('pausa a Júlia', { user: 'UGUEST01' }), 'application/json')).status).toBe(200);
    const cmd = await post(slashCommand('pausa a Júlia', 'UGUEST01'), 'application/x-www-form-urlencoded');
    expect(cmd.status).toBe(200);
    expect(await cmd.json()).toMatchObject({ response_type: 'ephemeral', text: expect.stringMatching(/^Desculpe, só gestores autorizados/) });
    await waitFor(() => slack.ephemerals().length === 1, { what: 'the ephemeral refusal of the mention' });
    await new Promise((r) => setTimeout(r, 1_500));
    expect(slack.ephemerals()[0]).toMatchObject({ user: 'UGUEST01', channel: 'CGESTAO' });
    expect(adminCalls()).toHaveLength(0);
    expect(slack.posted()).toEqual([]);
    expect(await s.queues.queues.supervision.getJobCounts()).toMatchObject({ waiting: 0, active: 0, completed: 0, failed: 0 });
    steps.length = 0;
  }, 60_000);

  it("a manager's preview clicked by someone else changes nothing", async () => {
    await ask(
      'bloqueia a Ana',
      { toolUse: { name: 'listar_medicos', input: { limite: 5 } } },
      (body) => {
        const [doctor] = toolResultJson(lastToolResult(body)) as Array<{ id: string }>;
        return { toolUse: { name: 'bloquear_medico', input: { medicoId: doctor!.id, motivo: 'teste de acesso' } } };
      },
      { text: 'Confirme no botão.' },
    );
    const p = lastPreview(slack)!;
    expect(p.text).toContain('(final 8888)');
    await post(click(p.actionId, { messageTs: p.ts, channel: p.channel, user: 'UGUEST01' }), 'application/x-www-form-urlencoded');
    await post(click(p.actionId, { messageTs: p.ts, channel: p.channel, user: 'UMANAGER2' }), 'application/x-www-form-urlencoded');
    await waitFor(() => slack.ephemerals().length === 2 && slack.posted().some((m) => m.text === 'Só quem pediu a ação pode confirmá-la.'), { what: 'both refusals', timeoutMs: 20_000 });
  }, 60_000);

  it('a model that echoes a tool result verbatim (and writes numbers itself) posts no full phone or CRM', async () => {
    await ask(
      'quem escreveu hoje?',
      { toolUse: { name: 'listar_medicos', input: { limite: 5 } } },
      (body) => ({ text: `${lastToolResult(body)}\nTelefone: ${PHONE}, (11) 97654-8888, ${PHONE}@s.whatsapp.net; CRM-SP 182233.` }),
    );
    const answer = slack.posted().at(-1)!;
    expect(answer.text).toContain('+55 11 9••••-8888');
    expect(JSON.stringify([slack.posted(), slack.ephemerals()]).replace(/\D/g, '')).not.toMatch(/9765488|182233/);
  }, 60_000);

  it('after all of it: the doctor is not blocked, the preview still waits, nobody else is in the audit log', async () => {
    expect(await s.stop()).toBe(0);
    const db = await createPgliteDb({ dataDir: s.dataDir });
    try {
      const state = (await db.pg.query<{ permission_state: string }>(`select s.permission_state from doctor_state s join doctors d on d.id = s.doctor_id where d.phone = $1`, [PHONE])).rows;
      expect(state).toEqual([{ permission_state: 'opted_in' }]);
      expect((await db.pg.query(`select status, slack_user from slack_pending_actions`)).rows).toEqual([{ status: 'pending', slack_user: 'UMANAGER1' }]);
      expect((await db.pg.query(`select 1 from admin_audit_log`)).rows).toEqual([]);
      expect((await db.pg.query<{ safe: boolean }>(`select coalesce((value->>'enabled')::boolean, false) safe from feature_flags where key = 'safe_mode'`)).rows.every((r) => !r.safe)).toBe(true);
    } finally {
      await db.close();
    }
  }, 60_000);
});
