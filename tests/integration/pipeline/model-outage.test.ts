import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadPrompts } from '../../../src/agent/index.js';
import { evolutionPayload } from '../../helpers/evolution-fixture.js';
import { waitFor } from '../../helpers/wait-for.js';
import { settle, startE2E, type E2E } from '../../e2e/e2e-harness.js';

/**
 * Finding 2 (issue 9): a model outage must never silence a doctor. The whole
 * service in-process (real Redis, PGlite, BullMQ workers, the Anthropic SDK
 * against the fake answering 529), with short outage budgets.
 */
const HANDOFF_LINES = loadPrompts().handoffMessages;
// Each answer differs: the wrapper rightly drops the same text twice within an hour.
let answers = 0;
const ANSWER = /^Oi! Aqui é a Júlia \(\d+\), me conta o que vc procura$/;
// The SDK retries each call three times; the fake tells it to retry at once.
const FAST = { 'retry-after-ms': '5' };

describe('model outage (529) never silences the doctor', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E({
      anthropic: () => ({ text: `Oi! Aqui é a Júlia (${++answers}), me conta o que vc procura` }),
      env: { MODEL_OUTAGE_BUDGET_MS: '4000', MODEL_RETRY_BASE_MS: '1000', MODEL_RECOVERY_INTERVAL_MS: '1000', TURN_DEBOUNCE_MS: '200' },
    });
  });
  afterAll(() => e.close());
  beforeEach(() => {
    e.evolution.reset();
    e.anthropic.reset();
    e.slack.reset();
  });
  const row = async <T>(sql: string, params: unknown[] = []) => (await e.db.pg.query<T>(sql, params)).rows[0]!;
  const textsTo = (number: string) => e.evolution.sentTexts().filter((s) => s.number === number).map((s) => s.text);
  const control = async (phone: string) =>
    (await row<{ controlled_by: string }>(`select c.controlled_by from conversations c join doctors d on d.id = c.doctor_id where d.phone = $1`, [phone])).controlled_by;

  it('a short outage: the turn waits and retries, the doctor is answered without a hand-off', async () => {
    const phone = '5511970009001';
    // Two turn attempts' worth of 529s (four calls each), then the model answers.
    e.anthropic.overload({ calls: 6, headers: FAST });
    await e.post(evolutionPayload('text-conversation', { id: 'MO-1', text: 'oi, tem plantao?', remoteJid: `${phone}@s.whatsapp.net` }));
    await waitFor(() => textsTo(phone).length > 0, { timeoutMs: 20_000, what: 'the answer after the outage' });
    await settle(800);
    expect(textsTo(phone)).toEqual([expect.stringMatching(ANSWER)]);
    expect(e.anthropic.overloadedCalls).toBe(6);
    expect(await control(phone)).toBe('julia');
    expect(e.slack.posted()).toEqual([]);
    expect((await row<{ n: number }>(`select count(*)::int n from model_outages`)).n).toBe(0);
  }, 30_000);

  it('a long outage: a hand-off line reaches the doctor, managers are told, and Júlia answers him by herself after it', async () => {
    const phone = '5511970009002';
    const jid = `${phone}@s.whatsapp.net`;
    e.anthropic.overload({ ms: 120_000, headers: FAST });
    await e.post(evolutionPayload('text-conversation', { id: 'MO-2', text: 'tem vaga sabado?', remoteJid: jid }));
    await waitFor(() => textsTo(phone).length > 0, { timeoutMs: 20_000, what: 'the hand-off line' });
    expect(HANDOFF_LINES).toContain(textsTo(phone)[0]);
    await waitFor(async () => (await control(phone)) === 'human', { what: 'human control' });
    expect(e.slack.posted().map((p) => p.text).join('\n')).toMatch(/motivo: o modelo está fora do ar/);
    // The outage ends; the doctor does not write again and still gets his answer.
    await settle(1_500);
    expect(textsTo(phone)).toHaveLength(1);
    e.anthropic.overload({ ms: 0 });
    await waitFor(() => textsTo(phone).length > 1, { timeoutMs: 25_000, what: 'the answer after the outage' });
    expect(textsTo(phone)).toEqual([textsTo(phone)[0], expect.stringMatching(ANSWER)]);
    expect(await control(phone)).toBe('julia');
    const back = await row<{ props: { reason: string } }>(
      `select e.props from business_events e join doctors d on d.id = e.doctor_id where d.phone = $1 and e.event_type = 'handback'`, [phone]);
    expect(back.props.reason).toBe('model_recovered');
    // And his next message is answered by Júlia.
    await e.post(evolutionPayload('text-conversation', { id: 'MO-3', text: 'e domingo?', remoteJid: jid, timestamp: Math.floor(Date.now() / 1000) + 5 }));
    await waitFor(() => textsTo(phone).length > 2, { timeoutMs: 15_000, what: 'the next answer' });
    expect(textsTo(phone)[2]).toMatch(ANSWER);
  }, 60_000);

  it('a person who acted keeps the conversation: no release, no second answer', async () => {
    const phone = '5511970009003';
    e.anthropic.overload({ ms: 60_000, headers: FAST });
    await e.post(evolutionPayload('text-conversation', { id: 'MO-4', text: 'oi?', remoteJid: `${phone}@s.whatsapp.net` }));
    await waitFor(() => textsTo(phone).length > 0, { timeoutMs: 20_000, what: 'the hand-off line' });
    await waitFor(async () => (await control(phone)) === 'human', { what: 'human control' });
    const conv = await row<{ id: string }>(`select c.id from conversations c join doctors d on d.id = c.doctor_id where d.phone = $1`, [phone]);
    // What the Chatwoot supervisor reply does first.
    await e.db.rpc('conversation_set_control', { p_conversation_id: conv.id, p_controlled_by: 'human', p_reason: 'supervisor_reply', p_actor: 'chatwoot:7' });
    e.anthropic.overload({ ms: 0 });
    await settle(3_000);
    expect(textsTo(phone)).toHaveLength(1);
    expect(await control(phone)).toBe('human');
    expect((await row<{ n: number }>(`select count(*)::int n from model_outages where conversation_id = $1`, [conv.id])).n).toBe(0);
    // The person owns the messages: a later hand-back does not answer them again.
    expect((await row<{ n: number }>(`select count(*)::int n from interactions i where i.conversation_id = $1 and i.direction = 'inbound'
      and not exists (select 1 from inbound_handled h where h.interaction_id = i.id)`, [conv.id])).n).toBe(0);
  }, 40_000);
});
