import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDb } from '../../src/db/index.js';
import { startChatwootFake, startSlackFake, type AnthropicCall, type AnthropicStep, type ChatwootFake, type SlackFake } from '../fakes/index.js';
import { evolutionPayload } from '../helpers/evolution-fixture.js';
import { waitFor } from '../helpers/wait-for.js';
import { CHATWOOT_SECRET } from './e2e-harness.js';
import { inboundDone, startServed, type Served } from './served.js';
import { click, SLACK_SECRET, signedSlack } from './slack-helpers.js';

const INSTRUCTION = 'pode oferecer até R$ 1.800 se ele insistir no valor';
const isDoctorTurn = (body: AnthropicCall) => JSON.stringify(body.system ?? '').includes('Contexto desta conversa');
const systemBlocks = (body: AnthropicCall) => (Array.isArray(body.system) ? body.system : [{ type: 'text' as const, text: body.system ?? '' }]);

/**
 * Issue 28 (supervisor instructions, ask the manager) through a started `julia serve`
 * with loopback Chatwoot, Slack, Anthropic and Evolution: what reached the doctor,
 * the managers and the model.
 */
describe('supervisor instructions and consultar_gestor through a started service', () => {
  let s: Served;
  let slack: SlackFake;
  let chatwoot: ChatwootFake;
  let env: Record<string, string>;
  const script: AnthropicStep[] = [];
  beforeAll(async () => {
    slack = await startSlackFake({ token: 'xoxb-served' });
    chatwoot = await startChatwootFake();
    s = await startServed({
      anthropic: (body) => {
        if (!isDoctorTurn(body)) return { text: '{}' };
        return script.shift() ?? { text: `Oi! Aqui é a Júlia (${randomUUID().slice(0, 4)}), me conta o que vc procura` };
      },
    });
    env = {
      SLACK_BOT_TOKEN: 'xoxb-served',
      SLACK_SIGNING_SECRET: SLACK_SECRET,
      SLACK_API_URL: `${slack.url}/api`,
      SLACK_ALERTS_CHANNEL: 'CGESTAO',
      CHATWOOT_URL: chatwoot.url,
      CHATWOOT_API_TOKEN: chatwoot.apiToken,
      CHATWOOT_ACCOUNT_ID: String(chatwoot.accountId),
      CHATWOOT_INBOX_ID: '1',
      CHATWOOT_WEBHOOK_SECRET: CHATWOOT_SECRET,
      ASK_MANAGER_TIMEOUT_MIN: '1',
    };
    await s.start(env);
  }, 120_000);
  afterAll(async () => {
    await s.close();
    await Promise.all([slack.close(), chatwoot.close()]);
  });

  const sentTo = (phone: string) => s.evolution.sentTexts().filter((t) => t.number.replace(/\D/g, '').endsWith(phone.slice(-8)));
  const slackPost = (raw: string, type: string) => fetch(`${s.url}/webhooks/slack`, signedSlack(raw, type));
  const chatwootPost = (body: unknown) => fetch(`${s.url}/webhooks/chatwoot`, signedChatwoot(body));
  async function doctorSays(phone: string, id: string, text: string) {
    expect((await s.post(evolutionPayload('text-conversation', { id, remoteJid: `${phone}@s.whatsapp.net`, text }))).status).toBe(200);
    await inboundDone(s, id);
  }
  async function askedQuestion(phone: string, id: string) {
    const before = sentTo(phone).length;
    script.push(
      { toolUse: { name: 'consultar_gestor', input: { pergunta: 'O médico pede R$ 2.200 para pegar o plantão; aprovamos?' } } },
      { text: 'entendi\n\nvou confirmar aqui com a gestão e já te falo' },
    );
    await doctorSays(phone, id, 'só pego se pagarem 2.200, vê com teu chefe?');
    await waitFor(() => sentTo(phone).length >= before + 2, { what: 'the "vou confirmar" reply', timeoutMs: 30_000 });
    await waitFor(() => slack.posted().some((p) => JSON.stringify(p.blocks ?? '').includes('julia_ask_approve') && (p.text ?? '').includes(phone.slice(-4))), {
      what: 'the question in the managers channel',
      timeoutMs: 30_000,
    });
    const post = slack.posted().filter((p) => (p.text ?? '').includes(phone.slice(-4))).at(-1)!;
    // The doctor's phone is masked in Slack: its last four digits only.
    expect(JSON.stringify(post).replace(/\D/g, '')).not.toContain(phone.slice(2));
    expect(post.text).toContain('2.200');
    const questionId = (JSON.stringify(post.blocks).match(/"value":"([0-9a-f-]{36})"/) ?? [])[1]!;
    return { ts: post.ts, channel: post.channel, questionId, sentBefore: sentTo(phone).length };
  }
  const settle = (ms = 2_000) => new Promise((r) => setTimeout(r, ms));

  it('a private note to @julia is acknowledged in Chatwoot and changes the next turn\'s prompt, never its cached prefix; its words never reach the doctor', async () => {
    const phone = '5511976540001';
    await doctorSays(phone, 'ASK-E2E-I1', 'oi, tem plantão?');
    await waitFor(() => chatwoot.conversations().length > 0 && sentTo(phone).length > 0, { what: 'the mirrored conversation', timeoutMs: 30_000 });
    const conversation = chatwoot.conversations().at(-1)!.id;
    const note = { event: 'message_created', id: 880001, content: `@Júlia ${INSTRUCTION}`, message_type: 'outgoing', private: true, conversation: { id: conversation }, sender: { id: 7, type: 'user' } };
    const res = await chatwootPost(note);
    expect(await res.json()).toEqual({ status: 'instruction' });
    // A note between people is still only a note.
    expect(await (await chatwootPost({ ...note, id: 880002, content: 'ligar pra ele amanhã' })).json()).toEqual({ status: 'ignored' });
    await waitFor(() => chatwoot.messages().some((m) => m.private && /instrução recebida/.test(m.content ?? '')), { what: 'the acknowledgement note', timeoutMs: 20_000 });

    // The model first repeats the instruction word for word; ValidateOutput makes it rewrite.
    script.push({ text: `olha, ${INSTRUCTION}` }, { text: 'consigo chegar em R$ 1.800 nesse plantão, fechamos?' });
    const calls = s.anthropic.calls().length;
    await doctorSays(phone, 'ASK-E2E-I2', 'quanto paga esse plantão? acho pouco');
    await waitFor(() => sentTo(phone).some((t) => t.text.includes('consigo chegar em R$ 1.800')), { what: 'the rewritten reply', timeoutMs: 30_000 });
    const turn = s.anthropic.calls().slice(calls).find(isDoctorTurn)!;
    const blocks = systemBlocks(turn);
    const dynamic = blocks.at(-1)!;
    expect(dynamic.cache_control).toBeUndefined();
    expect(dynamic.text).toContain('Instruções da supervisão');
    expect(dynamic.text).toContain(INSTRUCTION);
    for (const b of blocks.slice(0, -1)) expect(b.text).not.toContain(INSTRUCTION);
    expect(sentTo(phone).some((t) => t.text.includes(INSTRUCTION))).toBe(false);

    // Revoked: the next turn no longer sees it.
    expect(await (await chatwootPost({ ...note, id: 880003, content: '/julia revogar' })).json()).toEqual({ status: 'instruction_revoked' });
    const after = s.anthropic.calls().length;
    await doctorSays(phone, 'ASK-E2E-I3', 'e pra sábado?');
    await waitFor(() => s.anthropic.calls().slice(after).some(isDoctorTurn), { what: 'the next turn', timeoutMs: 30_000 });
    expect(JSON.stringify(s.anthropic.calls().slice(after).find(isDoctorTurn)!.system)).not.toContain(INSTRUCTION);
  }, 120_000);

  it('consultar_gestor answered with a button reaches the doctor once, whatever else is clicked or replied', async () => {
    const phone = '5511976540002';
    const q = await askedQuestion(phone, 'ASK-E2E-B1');
    // Someone outside SLACK_MANAGER_IDS cannot answer.
    await slackPost(click(q.questionId, { messageTs: q.ts, channel: q.channel, user: 'UGUEST01', actionId: 'julia_ask_approve' }), 'application/x-www-form-urlencoded');
    await settle(1_500);
    expect(sentTo(phone)).toHaveLength(q.sentBefore);
    // A double click and a thread reply at once.
    await Promise.all([
      slackPost(click(q.questionId, { messageTs: q.ts, channel: q.channel, actionId: 'julia_ask_approve' }), 'application/x-www-form-urlencoded'),
      slackPost(click(q.questionId, { messageTs: q.ts, channel: q.channel, actionId: 'julia_ask_approve' }), 'application/x-www-form-urlencoded'),
      slackPost(threadReply(q, 'UMANAGER2', 'pode fechar em 2.100'), 'application/json'),
    ]);
    await waitFor(() => sentTo(phone).length > q.sentBefore, { what: 'the answer to the doctor', timeoutMs: 30_000 });
    await settle(3_000);
    const answers = sentTo(phone).slice(q.sentBefore);
    expect(answers).toHaveLength(1);
    expect(answers[0]!.text).toMatch(/aprovado/);
  }, 120_000);

  it('consultar_gestor answered by a reply in the thread reaches the doctor once, in the manager\'s words', async () => {
    const phone = '5511976540003';
    const q = await askedQuestion(phone, 'ASK-E2E-T1');
    await slackPost(threadReply(q, 'UGUEST01', 'aprovado!'), 'application/json');
    await settle(1_500);
    expect(sentTo(phone)).toHaveLength(q.sentBefore);
    await slackPost(threadReply(q, 'UMANAGER2', 'consigo R$ 2.100, não mais que isso'), 'application/json');
    await waitFor(() => sentTo(phone).length > q.sentBefore, { what: 'the relayed answer', timeoutMs: 30_000 });
    await slackPost(threadReply(q, 'UMANAGER1', 'ok 2.200 então'), 'application/json');
    await settle(3_000);
    const answers = sentTo(phone).slice(q.sentBefore);
    expect(answers.map((a) => a.text)).toEqual(['Voltei! Falei com a gestão: consigo R$ 2.100, não mais que isso']);
  }, 120_000);

  it('unanswered after ASK_MANAGER_TIMEOUT_MIN: the doctor is told honestly and the conversation handed off', async () => {
    const phone = '5511976540004';
    const q = await askedQuestion(phone, 'ASK-E2E-X1');
    // The service set the deadline ASK_MANAGER_TIMEOUT_MIN after the question. Rather than
    // wait out that minute, it is stopped, the deadline read and moved a second into the
    // past, and started again: the deadline is in the database, so a restart keeps it.
    expect(await s.stop()).toBe(0);
    const db = await createPgliteDb({ dataDir: s.dataDir });
    try {
      const { rows } = await db.pg.query<{ ms: number }>(
        `select (extract(epoch from deadline_at - created_at) * 1000)::int ms from manager_questions where id = $1`, [q.questionId],
      );
      expect(rows[0]!.ms).toBeGreaterThan(59_000);
      expect(rows[0]!.ms).toBeLessThan(61_000);
      await db.pg.query(`update manager_questions set deadline_at = now() - interval '1 second' where id = $1`, [q.questionId]);
    } finally {
      await db.close();
    }
    await s.start(env);
    // The sweep runs every minute; queued once more here so the test need not wait for the schedule.
    await s.queues.queues.scheduled.add('ask-manager-sweep', {}, { jobId: `sweep-now-${Date.now()}` });
    await waitFor(() => sentTo(phone).length > q.sentBefore, { what: 'the timeout line', timeoutMs: 90_000 });
    await settle(2_000);
    const lines = sentTo(phone).slice(q.sentBefore);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.text).toMatch(/alguém da equipe/);
    // A late click changes nothing.
    await slackPost(click(q.questionId, { messageTs: q.ts, channel: q.channel, actionId: 'julia_ask_approve' }), 'application/x-www-form-urlencoded');
    await settle(2_000);
    expect(sentTo(phone).slice(q.sentBefore)).toHaveLength(1);
  }, 240_000);

  it('every question and answer is recorded', async () => {
    expect(await s.stop()).toBe(0);
    const db = await createPgliteDb({ dataDir: s.dataDir });
    try {
      const rows = (await db.pg.query<{ status: string; answered_via: string | null; answered_by: string | null; delivered: boolean }>(
        `select status, answered_via, answered_by, delivery_enqueued_at is not null delivered from manager_questions order by created_at`,
      )).rows;
      expect(rows).toEqual([
        { status: 'approved', answered_via: 'button', answered_by: 'slack:UMANAGER1', delivered: true },
        { status: 'answered', answered_via: 'thread', answered_by: 'slack:UMANAGER2', delivered: true },
        { status: 'timed_out', answered_via: 'timeout', answered_by: 'julia', delivered: true },
      ]);
      const control = await db.pg.query<{ controlled_by: string }>(`select c.controlled_by from conversations c join doctors d on d.id = c.doctor_id where d.phone = '5511976540004'`);
      expect(control.rows[0]!.controlled_by).toBe('human');
      const events = (await db.pg.query<{ event_type: string; n: number }>(`select event_type, count(*)::int n from business_events where event_type like 'manager_question%' group by 1 order by 1`)).rows;
      expect(events).toEqual([
        { event_type: 'manager_question_answered', n: 2 },
        { event_type: 'manager_question_asked', n: 3 },
        { event_type: 'manager_question_timed_out', n: 1 },
      ]);
    } finally {
      await db.close();
    }
  }, 60_000);
});

function threadReply(q: { ts: string; channel: string }, user: string, text: string): string {
  return JSON.stringify({
    type: 'event_callback',
    event_id: `Ev${randomUUID().slice(0, 10)}`,
    event: { type: 'message', channel_type: 'channel', user, text, channel: q.channel, ts: `${Date.now() / 1000}`, thread_ts: q.ts },
  });
}

/** Chatwoot's signing: sha256= HMAC of "{timestamp}.{raw body}"; each delivery has its own id. */
function signedChatwoot(body: unknown) {
  const raw = JSON.stringify(body);
  const ts = String(Math.floor(Date.now() / 1000));
  const sig = `sha256=${createHmac('sha256', CHATWOOT_SECRET).update(`${ts}.${raw}`).digest('hex')}`;
  return { method: 'POST', headers: { 'content-type': 'application/json', 'x-chatwoot-signature': sig, 'x-chatwoot-timestamp': ts, 'x-chatwoot-delivery': randomUUID() }, body: raw };
}
