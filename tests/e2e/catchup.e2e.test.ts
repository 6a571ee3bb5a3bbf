import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { storedText, type StoredMessage } from '../fakes/index.js';
import { waitFor } from '../helpers/wait-for.js';
import { INSTANCE, startE2E, type E2E } from './e2e-harness.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/evolution');
const fixture = (name: string) => JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), 'utf8'));
const nowS = () => Math.floor(Date.now() / 1000);
const lastUserText = (body: { messages: Array<{ role: string; content: unknown }> }) => {
  const last = [...body.messages].reverse().find((m) => m.role === 'user')!;
  return typeof last.content === 'string' ? last.content : JSON.stringify(last.content);
};
/** The webhook body Evolution would have posted for a stored message. */
const upsert = (m: StoredMessage) => ({ ...fixture('text-conversation'), data: { ...fixture('text-conversation').data, ...m } });

describe('catch-up with Evolution end to end (messages the webhook never delivered)', () => {
  let e: E2E;
  let replies = 0;
  beforeAll(async () => {
    // Distinct replies, so outbound dedupe cannot hide a second answer.
    e = await startE2E({
      anthropic: () => ({ text: `Oi! Aqui é a Júlia, já te respondo (${++replies})` }),
      env: { CATCHUP_INTERVAL_MS: '0', CATCHUP_ALERT_THRESHOLD: '3' },
    });
  });
  afterAll(() => e.close());
  beforeEach(async () => {
    e.evolution.reset();
    e.slack.reset();
    // Each test starts like a first run (15-minute look-back); stored messages of earlier tests are a no-op.
    await e.db.pg.query(`delete from catchup_checkpoints`);
  });
  const count = async (sql: string, params: unknown[] = []) => Number((await e.db.pg.query<{ n: number }>(sql, params)).rows[0]!.n);
  const sentTo = (phone: string) => e.evolution.sentTexts().filter((s) => s.number === phone);
  const runCatchup = () => e.app.queues.enqueue('evolution-catchup', { instance: INSTANCE, reason: 'schedule' });

  it('answers messages only Evolution has once, in one turn that sees them in send order', async () => {
    const t = nowS() - 300;
    const jid = '5511950000001@s.whatsapp.net';
    const texts = ['oi julia', 'vi a vaga de sabado no santa clara', 'ainda ta aberta?'];
    // Stored out of order: the answer must still read them as the doctor sent them.
    e.evolution.history.add(INSTANCE, ...[2, 0, 1].map((i) => storedText(`LOST-${i}`, jid, texts[i]!, t + i * 5)));
    const before = e.anthropic.calls().length;
    await runCatchup();
    await waitFor(() => sentTo('5511950000001').length > 0, { what: 'a reply', timeoutMs: 20_000 });
    await e.idle();
    expect(sentTo('5511950000001')).toHaveLength(1);
    const calls = e.anthropic.calls().slice(before).map(lastUserText);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toBe(texts.join('\n'));
    expect(await count(`select count(*)::int n from interactions where provider_message_id like 'LOST-%'`)).toBe(3);
    expect(await count(`select count(*)::int n from business_events where event_type = 'inbound_recovered' and props->>'provider_message_id' like 'LOST-%'`)).toBe(3);
    // A later run over the same window answers nothing again.
    await e.db.pg.query(`delete from catchup_checkpoints`);
    await runCatchup();
    await e.idle();
    expect(sentTo('5511950000001')).toHaveLength(1);
    expect(e.anthropic.calls().length).toBe(before + 1);
  });

  it('handles every message exactly once when the webhook delivers some of them late during the run', async () => {
    const t = nowS() - 300;
    const jid = '5511950000004@s.whatsapp.net';
    const texts = ['boa tarde', 'queria saber do plantao de domingo', 'no hospital sao lucas', 'pago quanto?'];
    const msgs = texts.map((text, i) => storedText(`RACE-${i}`, jid, text, t + i * 5));
    e.evolution.history.add(INSTANCE, ...msgs);
    const before = e.anthropic.calls().length;
    // The catch-up run and two late webhook deliveries race.
    const [, ...codes] = await Promise.all([runCatchup(), e.post(upsert(msgs[2]!)), e.post(upsert(msgs[0]!))]);
    expect(codes.map((r) => r.status)).toEqual([200, 200]);
    const handled = `select count(*)::int n from inbound_handled h join interactions i on i.id = h.interaction_id where i.provider_message_id like 'RACE-%'`;
    await waitFor(async () => (await count(handled)) === 4, { what: 'all four handled', timeoutMs: 30_000 });
    await waitFor(() => sentTo('5511950000004').length > 0, { what: 'a reply', timeoutMs: 20_000 });
    await e.idle();
    expect(await count(`select count(*)::int n from interactions where provider_message_id like 'RACE-%'`)).toBe(4);
    const calls = e.anthropic.calls().slice(before).map(lastUserText);
    // The model saw every message, and the doctor got no more answers than there were turns.
    for (const text of texts) expect(calls.at(-1)).toContain(text);
    expect(sentTo('5511950000004').length).toBeLessThanOrEqual(calls.length);
    // Only the two the webhook never delivered can count as recovered, and each at most once.
    expect(await count(`select count(*)::int n from business_events where event_type = 'inbound_recovered' and props->>'provider_message_id' in ('RACE-1', 'RACE-3')`)).toBe(2);
    expect(await count(`select count(*)::int n from business_events where event_type = 'inbound_recovered' and props->>'provider_message_id' like 'RACE-%'`)).toBeLessThanOrEqual(4);
  });

  it('alerts the managers when one run recovers many messages', async () => {
    const t = nowS() - 240;
    e.evolution.history.add(INSTANCE, ...[0, 1, 2, 3].map((i) => storedText(`MANY-${i}`, `55119500001${i}0@s.whatsapp.net`, `oi ${i}`, t + i)));
    await runCatchup();
    await waitFor(() => e.slack.posted().some((p) => /Catch-up/.test(p.text ?? '')), { what: 'the alert', timeoutMs: 20_000 });
    expect(e.slack.posted().filter((p) => /recuperei 4 mensagens/.test(p.text ?? ''))).toHaveLength(1);
  });

  it('runs at once when an instance reports connection.update open', async () => {
    const jid = '5511950000002@s.whatsapp.net';
    e.evolution.history.add(INSTANCE, storedText('RECONNECT-1', jid, 'oi, tem plantao amanha?', nowS() - 120));
    const res = await e.post({ ...fixture('connection-update'), date_time: new Date().toISOString() });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'queued' });
    await waitFor(() => sentTo('5511950000002').length > 0, { what: 'the answer after reconnect', timeoutMs: 20_000 });
    expect(e.evolution.requestsTo('POST', '/chat/findMessages/:instance').length).toBeGreaterThan(0);
    await e.idle();
    expect(sentTo('5511950000002')).toHaveLength(1);
  });

  it('moves our reply to delivered and then read from messages.update, never back', async () => {
    const jid = '5511950000003@s.whatsapp.net';
    await e.post(upsert(storedText('STATUS-1', jid, 'oi julia', nowS())));
    await waitFor(() => sentTo('5511950000003').length > 0, { what: 'a reply' });
    const id = sentTo('5511950000003')[0]!.id;
    const status = async () => (await e.db.pg.query<{ s: string | null }>(`select delivery_status s from outbound_messages where provider_message_id = $1`, [id])).rows[0]?.s;
    const event = (name: string) => {
      const f = fixture(name);
      f.data.keyId = id;
      f.data.remoteJid = jid;
      return f;
    };
    expect((await e.post(event('messages-update-delivered'))).status).toBe(200);
    await waitFor(async () => (await status()) === 'delivered', { what: 'delivered' });
    await e.post(event('messages-update-read'));
    await waitFor(async () => (await status()) === 'read', { what: 'read' });
    await e.post({ ...event('messages-update-delivered'), date_time: new Date().toISOString() });
    await e.idle();
    expect(await status()).toBe('read');
  });
});
