import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDb } from '../../src/db/index.js';
import { startSlackFake, type AnthropicCall, type AnthropicStep, type SlackFake } from '../fakes/index.js';
import { evolutionPayload } from '../helpers/evolution-fixture.js';
import { waitFor } from '../helpers/wait-for.js';
import { inboundDone, startServed, type Served } from './served.js';
import { SLACK_SECRET } from './slack-helpers.js';

const PHONE = '5511976540009';
const isDoctorTurn = (body: AnthropicCall) => JSON.stringify(body.system ?? '').includes('Contexto desta conversa');

/**
 * The process dies after a manager's answer is recorded and before the doctor's
 * message is queued: the answer is in the database, nothing is in Redis. The
 * restarted service delivers it, once.
 */
describe('ask the manager across a crash between the answer and the send', () => {
  let s: Served;
  let slack: SlackFake;
  const script: AnthropicStep[] = [];
  const env = () => ({ SLACK_BOT_TOKEN: 'xoxb-served', SLACK_SIGNING_SECRET: SLACK_SECRET, SLACK_API_URL: `${slack.url}/api`, SLACK_ALERTS_CHANNEL: 'CGESTAO' });
  beforeAll(async () => {
    slack = await startSlackFake({ token: 'xoxb-served' });
    s = await startServed({ anthropic: (body) => (isDoctorTurn(body) ? (script.shift() ?? { text: `Oi! (${randomUUID().slice(0, 4)})` }) : { text: '{}' }) });
    await s.start(env());
  }, 120_000);
  afterAll(async () => {
    await s.close();
    await slack.close();
  });
  const sent = () => s.evolution.sentTexts().filter((t) => t.number.replace(/\D/g, '').endsWith(PHONE.slice(-8)));

  it('the restarted service sends the recorded answer exactly once', async () => {
    script.push(
      { toolUse: { name: 'consultar_gestor', input: { pergunta: 'Pode trocar o plantão de sábado pelo de domingo?' } } },
      { text: 'vou confirmar aqui com a gestão e já te falo' },
    );
    expect((await s.post(evolutionPayload('text-conversation', { id: 'ASK-CRASH-1', remoteJid: `${PHONE}@s.whatsapp.net`, text: 'dá pra trocar sábado por domingo?' }))).status).toBe(200);
    await inboundDone(s, 'ASK-CRASH-1');
    await waitFor(() => slack.posted().some((p) => JSON.stringify(p.blocks ?? '').includes('julia_ask_approve')), { what: 'the question in Slack', timeoutMs: 30_000 });
    await waitFor(() => sent().length >= 1, { what: 'the "vou confirmar" reply', timeoutMs: 30_000 });
    const before = sent().length;
    expect(await s.stop()).toBe(0);

    // What a worker killed right after manager_question_answer leaves behind.
    const db = await createPgliteDb({ dataDir: s.dataDir });
    try {
      const [q] = (await db.pg.query<{ id: string }>(`select id from manager_questions where status = 'pending'`)).rows;
      const res = await db.rpc<{ status: string }>('manager_question_answer', {
        p_id: q!.id, p_channel: null, p_thread_ts: null, p_decision: 'approved', p_answer: null, p_actor: 'slack:UMANAGER1', p_via: 'button', p_now: new Date(),
      });
      expect(res.status).toBe('decided');
    } finally {
      await db.close();
    }

    await s.start(env());
    await waitFor(() => sent().length > before, { what: 'the answer after the restart', timeoutMs: 120_000, intervalMs: 500 });
    await new Promise((r) => setTimeout(r, 3_000));
    const answers = sent().slice(before);
    expect(answers).toHaveLength(1);
    expect(answers[0]!.text).toMatch(/aprovado/);
  }, 240_000);
});
