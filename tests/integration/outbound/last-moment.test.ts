import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WhatsAppProvider } from '../../../src/integrations/evolution/index.js';
import { createDoctor, createHarness, eventsOf, replyCtx, WEDNESDAY_NOON, type Harness } from './harness.js';

// Issue 9, findings 6 (reconciliation under every jid; grace from the provider call)
// and 7 (the decisive rules re-checked under the per-phone lock right before the call).

const at = (iso: string) => new Date(iso);
const sendTexts = (h: Harness) => h.fake.requestsTo('POST', '/message/sendText/:instance').length;
const rowsOf = async (h: Harness, doctorId: string) =>
  (await h.db.pg.query<{ status: string; rule: string | null }>(`select status, rule from outbound_messages where doctor_id = $1 order by created_at`, [doctorId])).rows;

/**
 * The presence call is the moment between the wrapper's decision and the
 * provider call: whatever `between` does there lands "in between".
 */
function hooked(between: { run?: (phone: string) => Promise<void> }, advanceMs = 0) {
  return (p: WhatsAppProvider, clock: { now(): Date; set(d: Date): void }): WhatsAppProvider => ({
    ...p,
    kind: p.kind,
    sendText: (...a) => p.sendText(...a),
    findSentText: (...a) => p.findSentText(...a),
    unavailableUntil: (i) => p.unavailableUntil(i),
    async sendPresence(instance, phone) {
      // Evolution holds the presence request for the typing delay: time passes.
      if (advanceMs) clock.set(new Date(clock.now().getTime() + advanceMs));
      await between.run?.(phone);
    },
  });
}

describe('finding 6: reconciliation finds our message under every jid form', () => {
  let h: Harness;
  beforeAll(async () => {
    // WhatsApp files this account under the 12-digit jid.
    h = await createHarness({ fake: { twelveDigitJids: true } });
  });
  afterAll(async () => h.close());

  it('an in-doubt send filed under 55DDXXXXXXXX (no ninth digit) is found, not sent again', async () => {
    const d = await createDoctor(h.db, { phone: '5511987650001', inboundAt: at('2026-03-04T14:58:00Z') });
    // Evolution delivers the message, then answers 500: its fate is unknown to us.
    h.fake.deliverButFailNext(1, 500);
    await expect(h.send(replyCtx(d), 'Plantão confirmado.', { idempotencyKey: 'k-jid-1' })).rejects.toThrow(/HTTP 500/);
    expect(h.fake.sentTexts().map((m) => m.remoteJid)).toEqual(['551187650001@s.whatsapp.net']);
    h.clock.set(new Date(at(WEDNESDAY_NOON).getTime() + 20_000)); // past the grace period
    const res = await h.send(replyCtx(d), 'Plantão confirmado.', { idempotencyKey: 'k-jid-1' });
    expect(res).toMatchObject({ outcome: 'sent', event: 'doctor_outbound' });
    expect(sendTexts(h)).toBe(1);
    // It looked under our 13-digit form first, then the 12-digit one.
    const asked = h.fake.requestsTo('POST', '/chat/findMessages/:instance').map((r) => (r.body as { where: { key: { remoteJid: string } } }).where.key.remoteJid);
    expect(asked).toEqual(['5511987650001@s.whatsapp.net', '551187650001@s.whatsapp.net']);
    expect((await eventsOf(h.db, d.id)).map((e) => e.event_type)).toEqual(['doctor_outbound']);
  });
});

describe('finding 6: the grace period runs from the provider call, not from before presence', () => {
  let h: Harness;
  beforeAll(async () => {
    // Presence "takes" 10 s of the clock (the typing delay Evolution holds the request for).
    h = await createHarness({ presence: true, timeoutMs: 300, wrap: hooked({}, 10_000) });
  });
  afterAll(async () => h.close());

  it('a retry 16 s after the start but 6 s after the sendText call waits instead of sending again', async () => {
    const d = await createDoctor(h.db, { inboundAt: at('2026-03-04T14:58:00Z') });
    h.fake.hangNext(1); // the sendText call: no answer, fate unknown
    await expect(h.send(replyCtx(d), 'Tudo certo!', { idempotencyKey: 'k-grace-1' })).rejects.toThrow();
    const callAt = at(WEDNESDAY_NOON).getTime() + 10_000;
    h.clock.set(new Date(callAt + 6_000));
    const res = await h.send(replyCtx(d), 'Tudo certo!', { idempotencyKey: 'k-grace-1' });
    expect(res).toMatchObject({ outcome: 'deferred', reason: 'in_doubt' });
    if (res.outcome !== 'deferred') throw new Error('unreachable');
    expect(res.until.getTime()).toBe(callAt + 15_000);
    expect(sendTexts(h)).toBe(1);
  });
});

describe('finding 6: two processes reconciling the same in-doubt send', () => {
  const between: { run?: (phone: string) => Promise<void> } = {};
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ presence: true, timeoutMs: 300, wrap: hooked(between) });
  });
  afterAll(async () => h.close());

  it('both find nothing at the provider; only one sends again, the other waits', async () => {
    const d = await createDoctor(h.db, { inboundAt: at('2026-03-04T14:58:00Z') });
    h.fake.hangNext(1);
    await expect(h.send(replyCtx(d), 'Até amanhã!', { idempotencyKey: 'k-twice' })).rejects.toThrow();
    h.clock.set(new Date(at(WEDNESDAY_NOON).getTime() + 20_000));
    let arrived = 0;
    let release!: () => void;
    const both = new Promise<void>((r) => (release = r));
    between.run = async () => {
      if (++arrived === 2) release();
      await both;
    };
    const results = await Promise.all([1, 2].map(() => h.send(replyCtx(d), 'Até amanhã!', { idempotencyKey: 'k-twice' })));
    // Exactly one of them sends again. The other waits (its reservation finds the key held) or,
    // when the winner has already recorded its send by the time the loser's reservation runs (a
    // loaded PostgreSQL pass), replays that record: either way it makes no provider call.
    const fresh = results.filter((r) => r.outcome === 'sent' && !('replay' in r && r.replay));
    const other = results.filter((r) => !fresh.includes(r));
    expect(fresh).toHaveLength(1);
    expect(other).toHaveLength(1);
    expect(other[0]!.outcome === 'deferred' || (other[0]!.outcome === 'sent' && 'replay' in other[0]! && other[0]!.replay === true)).toBe(true);
    expect(sendTexts(h)).toBe(2); // the hung first call and exactly one more
  });
});

describe('finding 7: the decisive rules are re-checked under the per-phone lock right before the provider call', () => {
  const between: { run?: (phone: string) => Promise<void> } = {};
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ presence: true, wrap: hooked(between) });
  });
  afterAll(async () => h.close());
  beforeEach(async () => {
    between.run = undefined;
    h.clock.set(WEDNESDAY_NOON);
    await h.flags.set('safe_mode', { enabled: false, mode: 'wait' }, 'test');
  });

  it('two proactive sends to one doctor at once: one goes out, the other is blocked by R2', async () => {
    const d = await createDoctor(h.db);
    // Both decide from the same snapshot before either reaches the provider.
    let arrived = 0;
    let release!: () => void;
    const both = new Promise<void>((r) => (release = r));
    between.run = async () => {
      if (++arrived === 2) release();
      await both;
    };
    const ctx = (n: number) => ({ method: 'CAMPAIGN' as const, doctorId: d.id, campaignId: `c-${n}`, actor: 'julia' });
    const results = await Promise.all([h.send(ctx(1), 'Vaga A no sábado'), h.send(ctx(2), 'Vaga B no domingo')]);
    expect(results.map((r) => r.outcome).sort()).toEqual(['blocked', 'sent']);
    expect(results.find((r) => r.outcome === 'blocked')).toMatchObject({ rule: 'R2_next_allowed_at' });
    expect(sendTexts(h)).toBe(1);
    expect((await eventsOf(h.db, d.id)).map((e) => e.event_type).sort()).toEqual(['doctor_outbound', 'outbound_blocked']);
  });

  it('an opt-out landing between the decision and the send is honoured', async () => {
    const d = await createDoctor(h.db);
    const before = sendTexts(h);
    between.run = async () => {
      await h.db.rpc('doctor_state_set_permission', { p_doctor_id: d.id, p_state: 'opted_out', p_reason: 'keyword' });
    };
    const res = await h.send({ method: 'FOLLOWUP', doctorId: d.id, conversationId: d.conversationId, actor: 'julia' }, 'Ainda tem interesse?');
    expect(res).toMatchObject({ outcome: 'blocked', rule: 'R0_opted_out' });
    expect(sendTexts(h)).toBe(before);
    expect((await eventsOf(h.db, d.id)).map((e) => e.event_type)).toEqual(['permission_changed', 'outbound_blocked']);
  });

  it('a human takeover landing in between stops Júlia\'s reply', async () => {
    const d = await createDoctor(h.db, { inboundAt: at('2026-03-04T14:58:00Z') });
    const before = sendTexts(h);
    between.run = async () => {
      await h.db.pg.query(`update conversations set controlled_by = 'human' where id = $1`, [d.conversationId]);
    };
    expect(await h.send(replyCtx(d), 'Posso te ajudar?')).toMatchObject({ outcome: 'blocked', rule: 'human_control' });
    expect(sendTexts(h)).toBe(before);
  });

  it('a newer inbound landing in between supersedes the reply', async () => {
    const d = await createDoctor(h.db, { inboundAt: at('2026-03-04T14:58:00Z') });
    between.run = async () => {
      await h.db.pg.query(
        `insert into interactions (conversation_id, doctor_id, direction, instance, provider_message_id, body, occurred_at)
         values ($1, $2, 'inbound', 'julia', gen_random_uuid()::text, 'e mais uma coisa', $3)`,
        [d.conversationId, d.id, at('2026-03-04T14:59:30Z')],
      );
    };
    const before = sendTexts(h);
    expect(await h.send(replyCtx(d), 'Claro!')).toMatchObject({ outcome: 'blocked', rule: 'superseded' });
    expect(sendTexts(h)).toBe(before);
  });

  it('safe_mode landing in between: a proactive send waits (nothing recorded), Júlia\'s reply is stopped', async () => {
    const d = await createDoctor(h.db, { inboundAt: at('2026-03-04T14:58:00Z') });
    const before = sendTexts(h);
    between.run = async () => {
      await h.flags.set('safe_mode', { enabled: true, mode: 'wait' }, 'test');
    };
    const follow = { method: 'FOLLOWUP' as const, doctorId: d.id, conversationId: d.conversationId, actor: 'julia' };
    expect(await h.send(follow, 'Conseguiu ver a vaga?', { idempotencyKey: 'k-safe-between' })).toMatchObject({ outcome: 'deferred', reason: 'safe_mode' });
    await h.flags.set('safe_mode', { enabled: false, mode: 'wait' }, 'test');
    expect(await h.send(replyCtx(d), 'Oi!')).toMatchObject({ outcome: 'blocked', rule: 'R4b_safe_mode' });
    expect(sendTexts(h)).toBe(before);
    expect(await rowsOf(h, d.id)).toEqual([{ status: 'blocked', rule: 'R4b_safe_mode' }]);
    // Cleared: the paused follow-up goes out.
    between.run = undefined;
    await h.flags.set('safe_mode', { enabled: false, mode: 'wait' }, 'test');
    h.clock.set(new Date(at(WEDNESDAY_NOON).getTime() + 3 * 3_600_000)); // past the reply's +2 h
    expect(await h.send(follow, 'Conseguiu ver a vaga?', { idempotencyKey: 'k-safe-between' })).toMatchObject({ outcome: 'sent' });
  });
});
