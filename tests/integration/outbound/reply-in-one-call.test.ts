import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WhatsAppProvider } from '../../../src/integrations/evolution/index.js';
import { createDoctor, createHarness, eventsOf, replyCtx, WEDNESDAY_NOON, type Harness } from './harness.js';

// Issue 13 (docs/decisions/0180-outbound-throughput.md): a reply expected to go out is
// reserved in the same database call as the snapshot the guardrails read
// (outbound_begin, migration 0180). Every outcome stays what it was; these check the
// call count and the cases where the reservation must be given back or never made.

const at = (iso: string) => new Date(iso);
const sendTexts = (h: Harness) => h.fake.requestsTo('POST', '/message/sendText/:instance').length;
const rowsOf = async (h: Harness, doctorId: string) =>
  (await h.db.pg.query<{ status: string; rule: string | null }>(`select status, rule from outbound_messages where doctor_id = $1 order by created_at`, [doctorId])).rows;

describe('a reply in one call fewer', () => {
  let h: Harness;
  let down: Date | null = null;
  const calls: string[] = [];
  beforeAll(async () => {
    h = await createHarness({
      // The circuit of the instance, opened by hand: routing then defers the reply.
      wrap: (p: WhatsAppProvider): WhatsAppProvider => ({
        ...p,
        kind: p.kind,
        sendText: (...a) => p.sendText(...a),
        findSentText: (...a) => p.findSentText(...a),
        sendPresence: (...a) => p.sendPresence(...a),
        unavailableUntil: (i) => down ?? p.unavailableUntil(i),
      }),
    });
    const rpc = h.db.rpc.bind(h.db);
    h.db.rpc = ((name: string, args?: Record<string, unknown>) => {
      // The wrapper's own calls (setup writes doctors and conversations through rpc too).
      if (name.startsWith('outbound_')) calls.push(name);
      return rpc(name, args);
    }) as typeof h.db.rpc;
  });
  afterAll(async () => h.close());
  beforeEach(() => {
    calls.length = 0;
    down = null;
    h.clock.set(at(WEDNESDAY_NOON));
  });

  it('a reply that goes out costs two database calls: snapshot with its reservation, then the recorded outcome', async () => {
    const d = await createDoctor(h.db, { inboundAt: at('2026-03-04T14:58:00Z') });
    const res = await h.send(replyCtx(d), 'Tenho sim, posso te mandar os detalhes?', { idempotencyKey: 'one-call-1' });
    expect(res).toMatchObject({ outcome: 'sent', event: 'doctor_outbound' });
    expect(calls).toEqual(['outbound_begin', 'outbound_record_sent']);
    expect(sendTexts(h)).toBe(1);
    expect(await rowsOf(h, d.id)).toEqual([{ status: 'sent', rule: null }]);
    expect((await eventsOf(h.db, d.id)).map((e) => e.event_type)).toEqual(['doctor_outbound']);
  });

  it('routing disagrees (open circuit): the reservation is given back, the reply waits, and goes out once later', async () => {
    const d = await createDoctor(h.db, { inboundAt: at('2026-03-04T14:58:00Z') });
    const before = sendTexts(h);
    down = new Date(at(WEDNESDAY_NOON).getTime() + 5_000);
    const first = await h.send(replyCtx(d), 'Vou verificar e te retorno.', { idempotencyKey: 'one-call-2' });
    expect(first).toMatchObject({ outcome: 'deferred', reason: 'provider_unavailable' });
    expect(calls).toContain('outbound_release');
    // Nothing reserved lingers, nothing was sent, no outcome event yet.
    expect(await rowsOf(h, d.id)).toEqual([]);
    expect(sendTexts(h)).toBe(before);
    expect(await eventsOf(h.db, d.id)).toEqual([]);
    down = null;
    const second = await h.send(replyCtx(d), 'Vou verificar e te retorno.', { idempotencyKey: 'one-call-2' });
    expect(second).toMatchObject({ outcome: 'sent' });
    expect(sendTexts(h)).toBe(before + 1);
    expect((await eventsOf(h.db, d.id)).map((e) => e.event_type)).toEqual(['doctor_outbound']);
  });

  it('a newer message from the doctor: the reply is superseded in the same call, nothing sent, one event', async () => {
    const d = await createDoctor(h.db, { inboundAt: at('2026-03-04T14:58:00Z') });
    await h.db.pg.query(
      `insert into interactions (conversation_id, doctor_id, direction, instance, provider_message_id, body, occurred_at)
       values ($1, $2, 'inbound', 'julia', gen_random_uuid()::text, 'e amanhã?', $3)`,
      [d.conversationId, d.id, at('2026-03-04T14:59:00Z')],
    );
    const before = sendTexts(h);
    const res = await h.send(replyCtx(d), 'Hoje tenho duas vagas.', { idempotencyKey: 'one-call-3' });
    expect(res).toMatchObject({ outcome: 'blocked', rule: 'superseded' });
    expect(calls).toEqual(['outbound_begin']);
    expect(sendTexts(h)).toBe(before);
    expect(await rowsOf(h, d.id)).toEqual([{ status: 'blocked', rule: 'superseded' }]);
    expect((await eventsOf(h.db, d.id)).map((e) => e.event_type)).toEqual(['outbound_blocked']);
  });

  it('a conversation a person controls: Júlia\'s reply is blocked in the same call', async () => {
    const d = await createDoctor(h.db, { inboundAt: at('2026-03-04T14:58:00Z') });
    await h.db.pg.query(`update conversations set controlled_by = 'human' where id = $1`, [d.conversationId]);
    const res = await h.send(replyCtx(d), 'Oi!', { idempotencyKey: 'one-call-4' });
    expect(res).toMatchObject({ outcome: 'blocked', rule: 'human_control' });
    expect(await rowsOf(h, d.id)).toEqual([{ status: 'blocked', rule: 'human_control' }]);
    expect((await eventsOf(h.db, d.id)).map((e) => e.event_type)).toEqual(['outbound_blocked']);
  });

  it('an answered message older than the proof window: no reservation in the first call, the usual path decides it as proactive', async () => {
    const d = await createDoctor(h.db, { inboundAt: at('2026-03-04T14:20:00Z') });
    // The context claims a recent message; the database says the answered one is 40 minutes old.
    const res = await h.send({ ...replyCtx(d), lastInboundAt: at('2026-03-04T14:58:00Z').toISOString() }, 'Oi de novo!', { idempotencyKey: 'one-call-5' });
    expect(calls[0]).toBe('outbound_begin');
    expect(calls).toContain('outbound_reserve_checked');
    expect(calls).not.toContain('outbound_release');
    const rows = (await h.db.pg.query<{ proactive: boolean }>(`select proactive from outbound_messages where doctor_id = $1`, [d.id])).rows;
    expect(rows).toEqual(res.outcome === 'deferred' ? [] : [{ proactive: true }]);
  });

  it('the same key again replays the recorded outcome without another send', async () => {
    const d = await createDoctor(h.db, { inboundAt: at('2026-03-04T14:58:00Z') });
    await h.send(replyCtx(d), 'Combinado!', { idempotencyKey: 'one-call-6' });
    const before = sendTexts(h);
    const again = await h.send(replyCtx(d), 'Combinado!', { idempotencyKey: 'one-call-6' });
    expect(again).toMatchObject({ outcome: 'sent', replay: true });
    expect(sendTexts(h)).toBe(before);
    expect((await eventsOf(h.db, d.id)).map((e) => e.event_type)).toEqual(['doctor_outbound']);
  });
});

describe('reserving with the snapshot turned off (the path every reply takes with the typing indicator on)', () => {
  let h: Harness;
  const calls: string[] = [];
  beforeAll(async () => {
    h = await createHarness({ reserveWithSnapshot: false });
    const rpc = h.db.rpc.bind(h.db);
    h.db.rpc = ((name: string, args?: Record<string, unknown>) => {
      if (name.startsWith('outbound_')) calls.push(name);
      return rpc(name, args);
    }) as typeof h.db.rpc;
  });
  afterAll(async () => h.close());

  it('a sent reply takes the usual three calls, with the same outcome', async () => {
    const d = await createDoctor(h.db, { inboundAt: at('2026-03-04T14:58:00Z') });
    const res = await h.send(replyCtx(d), 'Tenho sim!', { idempotencyKey: 'three-calls-1' });
    expect(res).toMatchObject({ outcome: 'sent', event: 'doctor_outbound' });
    expect(calls).toEqual(['outbound_prepare', 'outbound_reserve_checked', 'outbound_record_sent']);
    expect((await eventsOf(h.db, d.id)).map((e) => e.event_type)).toEqual(['doctor_outbound']);
  });
});
