import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { spLocalToUtc } from '../../../src/shared/index.js';
import { createDoctor, createHarness, eventsOf, replyCtx, WEDNESDAY_NOON, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(() => {
  h.fake.reset();
  h.clock.set(WEDNESDAY_NOON);
});

const at = (iso: string) => new Date(iso);

describe('sendOutbound', () => {
  it('sends a valid reply: one provider call, the interaction, doctor_outbound and doctor_state in one go', async () => {
    const d = await createDoctor(h.db, { inboundAt: at('2026-03-04T14:55:00Z') });
    const res = await h.send(replyCtx(d), 'Oi, doutora! Tenho um plantão no sábado.', { idempotencyKey: 'k-reply-1' });
    expect(res).toMatchObject({ outcome: 'sent', event: 'doctor_outbound', instance: 'julia' });
    expect(h.fake.sentTexts()).toMatchObject([{ instance: 'julia', number: d.phone, text: 'Oi, doutora! Tenho um plantão no sábado.' }]);
    const events = await eventsOf(h.db, d.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ event_type: 'doctor_outbound', props: { method: 'REPLY', proactive: false, instance: 'julia' } });
    // I5: no text, no phone in the event.
    expect(JSON.stringify(events[0]!.props)).not.toMatch(/plantão|Oi/);
    expect(JSON.stringify(events[0]!.props)).not.toContain(d.phone);
    const state = (await h.db.rpc<{ last_outbound_at: string; next_allowed_at: string }>('doctor_state_get', { p_doctor_id: d.id }))!;
    expect(new Date(state.last_outbound_at).toISOString()).toBe(WEDNESDAY_NOON.replace('Z', '.000Z'));
    expect(new Date(state.next_allowed_at).getTime()).toBe(at(WEDNESDAY_NOON).getTime() + 2 * 3_600_000);
    // Replaying the same key is a no-op.
    const again = await h.send(replyCtx(d), 'Oi, doutora! Tenho um plantão no sábado.', { idempotencyKey: 'k-reply-1' });
    expect(again).toMatchObject({ outcome: 'sent', replay: true });
    expect(h.fake.sentTexts()).toHaveLength(1);
    expect(await eventsOf(h.db, d.id)).toHaveLength(1);
  });

  it('blocks a proactive send to an opted-out doctor with exactly one outbound_blocked and no provider call', async () => {
    const d = await createDoctor(h.db);
    await h.db.rpc('doctor_state_set_permission', { p_doctor_id: d.id, p_state: 'opted_out', p_reason: 'keyword' });
    const ctx = { method: 'FOLLOWUP' as const, doctorId: d.id, conversationId: d.conversationId, actor: 'julia' };
    const res = await h.send(ctx, 'Ainda tem interesse?', { idempotencyKey: 'k-block-1' });
    expect(res).toMatchObject({ outcome: 'blocked', rule: 'R0_opted_out' });
    expect(await h.send(ctx, 'Ainda tem interesse?', { idempotencyKey: 'k-block-1' })).toMatchObject({ outcome: 'blocked', replay: true });
    expect(h.fake.sentTexts()).toHaveLength(0);
    const events = await eventsOf(h.db, d.id);
    expect(events.map((e) => e.event_type)).toEqual(['permission_changed', 'outbound_blocked']);
    expect(events[1]!.props).toMatchObject({ rule: 'R0_opted_out', method: 'FOLLOWUP' });
  });

  it('a valid reply reaches an opted-out doctor; a Slack bypass with a reason is an outbound_bypass', async () => {
    const d = await createDoctor(h.db, { inboundAt: at('2026-03-04T14:59:00Z') });
    await h.db.rpc('doctor_state_set_permission', { p_doctor_id: d.id, p_state: 'opted_out', p_reason: 'keyword' });
    expect(await h.send(replyCtx(d), 'Tudo certo, não enviaremos mais mensagens.')).toMatchObject({ outcome: 'sent', event: 'doctor_outbound' });
    const cmd = { method: 'COMMAND' as const, doctorId: d.id, actor: 'U123', bypassReason: 'médico pediu contato pelo gestor' };
    expect(await h.send(cmd, 'Dr., aqui é o gestor.')).toMatchObject({ outcome: 'sent', event: 'outbound_bypass' });
    const types = (await eventsOf(h.db, d.id)).map((e) => e.event_type);
    expect(types).toEqual(['permission_changed', 'doctor_outbound', 'outbound_bypass']);
    const row = await h.db.pg.query<{ bypass_reason: string; rule: string }>(`select bypass_reason, rule from outbound_messages where method = 'COMMAND' and doctor_id = $1`, [d.id]);
    // The reply just before also set next_allowed_at: both rules were bypassed, and the row says so.
    expect(row.rows[0]).toEqual({ bypass_reason: 'médico pediu contato pelo gestor', rule: 'R0_opted_out,R2_next_allowed_at' });
  });

  it('writes next_allowed_at and the 7-day counter on proactive sends, and R2/R3 then block', async () => {
    const d = await createDoctor(h.db);
    const ctx = (n: number) => ({ method: 'CAMPAIGN' as const, doctorId: d.id, campaignId: `camp-${n}`, actor: 'julia' });
    expect(await h.send(ctx(1), 'Campanha 1')).toMatchObject({ outcome: 'sent' });
    const s1 = (await h.db.rpc<{ contact_count_7d: number; next_allowed_at: string }>('doctor_state_get', { p_doctor_id: d.id }))!;
    expect(s1.contact_count_7d).toBe(1);
    expect(new Date(s1.next_allowed_at).getTime()).toBe(at(WEDNESDAY_NOON).getTime() + 24 * 3_600_000);
    expect(await h.send(ctx(2), 'Campanha 2')).toMatchObject({ outcome: 'blocked', rule: 'R2_next_allowed_at' });
    h.clock.set('2026-03-05T15:00:00Z');
    expect(await h.send(ctx(3), 'Campanha 3')).toMatchObject({ outcome: 'sent' });
    h.clock.set('2026-03-06T15:00:00Z');
    expect(await h.send(ctx(4), 'Campanha 4')).toMatchObject({ outcome: 'sent' });
    h.clock.set('2026-03-09T15:00:00Z'); // Monday: three contacts inside the last 7 days
    expect(await h.send(ctx(5), 'Campanha 5')).toMatchObject({ outcome: 'blocked', rule: 'R3_contact_cap_7d' });
    h.clock.set('2026-03-11T15:00:00Z'); // exactly 7 days after the first: it no longer counts
    expect(await h.send(ctx(6), 'Campanha 6')).toMatchObject({ outcome: 'sent' });
  });

  it('defers proactive sends outside business hours to the next window, with no outcome event', async () => {
    const d = await createDoctor(h.db);
    const ctx = { method: 'REACTIVATION' as const, doctorId: d.id, actor: 'julia' };
    // Friday 19:59:59.999 São Paulo is inside; 20:00 is not, and the next window is Monday 08:00.
    h.clock.set(spLocalToUtc(2026, 3, 6, 20, 0));
    const res = await h.send(ctx, 'Voltamos a ter vagas.', { idempotencyKey: 'k-hours' });
    expect(res).toMatchObject({ outcome: 'deferred', reason: 'business_hours' });
    if (res.outcome !== 'deferred') throw new Error('unreachable');
    expect(res.until.toISOString()).toBe(spLocalToUtc(2026, 3, 9, 8, 0).toISOString());
    expect(res.delayMs).toBe(res.until.getTime() - spLocalToUtc(2026, 3, 6, 20, 0).getTime());
    // Across São Paulo midnight on a weekday: Tuesday 23:30 → Wednesday 08:00.
    h.clock.set(spLocalToUtc(2026, 3, 3, 23, 30));
    expect(await h.send(ctx, 'Voltamos a ter vagas.', { idempotencyKey: 'k-hours' })).toMatchObject({ until: spLocalToUtc(2026, 3, 4, 8, 0) });
    h.clock.set(new Date(spLocalToUtc(2026, 3, 4, 8, 0).getTime() - 1)); // 07:59:59.999
    expect(await h.send(ctx, 'Voltamos a ter vagas.', { idempotencyKey: 'k-hours' })).toMatchObject({ outcome: 'deferred' });
    expect(await eventsOf(h.db, d.id)).toHaveLength(0);
    h.clock.set(spLocalToUtc(2026, 3, 4, 8, 0));
    expect(await h.send(ctx, 'Voltamos a ter vagas.', { idempotencyKey: 'k-hours' })).toMatchObject({ outcome: 'sent' });
    expect(h.fake.sentTexts()).toHaveLength(1);
  });

  it('delivers a requested REMINDER on a Sunday night, waits under safe_mode, never reaches an opted-out doctor', async () => {
    const d = await createDoctor(h.db);
    h.clock.set(spLocalToUtc(2026, 3, 8, 22, 15)); // Sunday 22:15
    const ctx = { method: 'REMINDER' as const, doctorId: d.id, reminderId: 'rem-1', conversationId: d.conversationId, actor: 'julia' };
    expect(await h.send(ctx, 'Lembrete: plantão amanhã às 7h.')).toMatchObject({ outcome: 'sent' });
    await h.flags.set('safe_mode', { enabled: true, mode: 'wait' }, 'test');
    try {
      expect(await h.send(ctx, 'Lembrete 2', { idempotencyKey: 'k-rem-2' })).toMatchObject({ outcome: 'deferred', reason: 'safe_mode' });
    } finally {
      await h.flags.set('safe_mode', { enabled: false, mode: 'wait' }, 'test');
    }
    expect(await h.send(ctx, 'Lembrete 2', { idempotencyKey: 'k-rem-2' })).toMatchObject({ outcome: 'sent' });
    await h.db.rpc('doctor_state_set_permission', { p_doctor_id: d.id, p_state: 'opted_out', p_reason: 'keyword' });
    expect(await h.send(ctx, 'Lembrete 3')).toMatchObject({ outcome: 'blocked', rule: 'R0_opted_out' });
  });

  it('dedupes the same text to the same phone in a sliding hour, exact edges', async () => {
    const d = await createDoctor(h.db, { inboundAt: at('2026-03-04T14:50:00Z') });
    expect(await h.send(replyCtx(d), 'Combinado!')).toMatchObject({ outcome: 'sent' });
    h.clock.set(new Date(at(WEDNESDAY_NOON).getTime() + 3_600_000 - 1));
    // Guardrails come first: without a bypass the reply's next_allowed_at blocks before dedupe is consulted.
    const ctx = { method: 'COMMAND' as const, doctorId: d.id, actor: 'U1' };
    expect(await h.send(ctx, 'Combinado!')).toMatchObject({ outcome: 'blocked', rule: 'R2_next_allowed_at' });
    const bypass = { ...ctx, bypassReason: 'gestor reenviando' };
    expect(await h.send(bypass, 'Combinado!')).toMatchObject({ outcome: 'deduped', event: 'outbound_deduped' });
    h.clock.set(new Date(at(WEDNESDAY_NOON).getTime() + 3_600_000));
    expect(await h.send(bypass, 'Combinado!')).toMatchObject({ outcome: 'sent', event: 'outbound_bypass' });
    expect(h.fake.sentTexts().map((s) => s.text)).toEqual(['Combinado!', 'Combinado!']);
  });

  it('20 concurrent sends of the same text to one phone: one provider call, nineteen outbound_deduped', async () => {
    // Content dedupe is for proactive sends and a manager's COMMAND (a reply is keyed by what it answers).
    // A harness of its own: twenty proactive sends need the number's whole hourly allowance.
    const fresh = await createHarness();
    try {
      const d = await createDoctor(fresh.db, { inboundAt: at('2026-03-04T14:58:00Z') });
      const command = { method: 'COMMAND' as const, doctorId: d.id, actor: 'slack:U1', bypassReason: 'aviso do gestor' };
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => fresh.send(command, 'Vaga confirmada para sábado.', { idempotencyKey: `k-conc-${i}` })),
      );
      expect(results.filter((r) => r.outcome === 'sent')).toHaveLength(1);
      expect(results.filter((r) => r.outcome === 'deduped')).toHaveLength(19);
      expect(fresh.fake.requestsTo('POST', '/message/sendText/:instance')).toHaveLength(1);
      const types = (await eventsOf(fresh.db, d.id)).map((e) => e.event_type).sort();
      expect(types).toEqual(['doctor_outbound', ...Array(19).fill('outbound_deduped')]);
    } finally {
      await fresh.close();
    }
  });

  it('leaves by the instance that received the message, and proactive sends by the most rested number', async () => {
    const multi = await createHarness({ instances: ['n1', 'n2', 'n3'] });
    try {
      const d = await createDoctor(multi.db, { inboundAt: at('2026-03-04T14:58:00Z'), instance: 'n2' });
      expect(await multi.send(replyCtx(d), 'Oi!')).toMatchObject({ outcome: 'sent', instance: 'n2' });
      expect(await multi.send({ method: 'COMMAND', doctorId: d.id, actor: 'U1', bypassReason: 'r' }, 'Olá de novo')).toMatchObject({ instance: 'n2' });
      // A doctor we never talked with: n1 already used twice, n2 once, n3 free.
      const rl = (await import('../../../src/outbound/index.js')).createRateLimiter(multi.redis, multi.prefix);
      const now = multi.clock.now();
      await rl.take('n1', 'x1', now);
      await rl.take('n1', 'x2', now);
      const fresh = await createDoctor(multi.db);
      expect(await multi.send({ method: 'REACTIVATION', doctorId: fresh.id, actor: 'julia' }, 'Temos vagas')).toMatchObject({ instance: 'n3' });
    } finally {
      await multi.close();
    }
  });

  it('invariants hold after everything above', async () => {
    const report = await h.db.rpc<{ violations: number; checks: Array<{ id: string; violations: number }> }>('julia_invariants', {
      p_since: new Date('2026-01-01T00:00:00Z'),
      p_now: new Date('2026-03-04T15:30:00Z'),
    });
    expect(report.checks.filter((c) => c.violations > 0)).toEqual([]);
    expect(report.checks.map((c) => c.id)).toEqual(['I1', 'I2', 'I3', 'I4', 'I5', 'I6', 'O1', 'O2', 'O3', 'O4']);
  });
});
