import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyBubbleKey, type OutboundContext } from '../../../src/outbound/index.js';
import { createDoctor, createHarness, eventsOf, replyCtx, WEDNESDAY_NOON, type Harness } from './harness.js';

// Issue 26, finding 6 (docs/architecture.md, "Outbound", Dedupe): a reply is deduped by the
// message it answers (its idempotency key), never by its text; content dedupe within a
// sliding hour holds for proactive sends (and a manager's COMMAND) only.

const at = (iso: string) => new Date(iso);
const ADDRESS = 'O Hospital de Mauá fica na Av. Brasil, 100, Centro. A entrada dos médicos é pela lateral.';
type Doctor = Awaited<ReturnType<typeof createDoctor>>;

/** The doctor writes again: a newer inbound in the same conversation, with its event. */
async function writesAgain(h: Harness, d: Doctor, occurredAt: Date): Promise<Doctor> {
  const r = await h.db.pg.query<{ id: string }>(
    `insert into interactions (conversation_id, doctor_id, direction, instance, provider_message_id, body, occurred_at)
     values ($1, $2, 'inbound', 'julia', $3, 'qual o endereço mesmo?', $4) returning id`,
    [d.conversationId, d.id, randomUUID(), occurredAt],
  );
  await h.db.pg.query(`insert into business_events (event_type, doctor_id, interaction_id) values ('doctor_inbound', $1, $2)`, [d.id, r.rows[0]!.id]);
  return { ...d, inboundId: r.rows[0]!.id, inboundAt: occurredAt };
}

const answer = (h: Harness, d: Doctor, text = ADDRESS) => h.send(replyCtx(d), text, { idempotencyKey: replyBubbleKey(d.inboundId!, 0) });
const textsTo = (h: Harness, phone: string) => h.fake.sentTexts().filter((s) => s.number === phone).map((s) => s.text);

describe.each([
  ['reply reserved with its snapshot (outbound_begin)', true],
  ['reply on the three-call path', false],
])('the same answer twice: %s', (_name, reserveWithSnapshot) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ reserveWithSnapshot });
  });
  afterAll(async () => h.close());

  it('a doctor who asks the same thing twice gets the same answer twice', async () => {
    h.clock.set(WEDNESDAY_NOON);
    const first = await createDoctor(h.db, { inboundAt: at('2026-03-04T14:50:00Z') });
    expect(await answer(h, first)).toMatchObject({ outcome: 'sent', event: 'doctor_outbound' });
    const second = await writesAgain(h, first, at('2026-03-04T14:59:00Z'));
    h.clock.set(new Date(at(WEDNESDAY_NOON).getTime() + 60_000));
    expect(await answer(h, second)).toMatchObject({ outcome: 'sent', event: 'doctor_outbound' });
    expect(textsTo(h, first.phone)).toEqual([ADDRESS, ADDRESS]);
    expect((await eventsOf(h.db, first.id)).map((e) => e.event_type)).toEqual(['doctor_outbound', 'doctor_outbound']);
  });

  it('the second answer retried after a crash in the provider call reaches the doctor once', async () => {
    h.clock.set(WEDNESDAY_NOON);
    const first = await createDoctor(h.db, { inboundAt: at('2026-03-04T14:50:00Z') });
    expect(await answer(h, first)).toMatchObject({ outcome: 'sent' });
    const second = await writesAgain(h, first, at('2026-03-04T14:59:00Z'));
    // Evolution delivers the second answer, then fails: its fate is unknown to the worker.
    h.fake.deliverButFailNext(1, 500);
    await expect(answer(h, second)).rejects.toThrow(/HTTP 500/);
    h.clock.set(new Date(at(WEDNESDAY_NOON).getTime() + 20_000)); // the job's retry, past the grace period
    expect(await answer(h, second)).toMatchObject({ outcome: 'sent', event: 'doctor_outbound' });
    // And once more (a third attempt, a second worker): the record, no provider call.
    expect(await answer(h, second)).toMatchObject({ outcome: 'sent', replay: true });
    expect(textsTo(h, first.phone)).toEqual([ADDRESS, ADDRESS]);
    expect((await eventsOf(h.db, first.id)).map((e) => e.event_type)).toEqual(['doctor_outbound', 'doctor_outbound']);
  });

  it('two workers running the same reply job at once: one provider call', async () => {
    h.clock.set(WEDNESDAY_NOON);
    const d = await createDoctor(h.db, { inboundAt: at('2026-03-04T14:58:00Z') });
    const results = await Promise.all([answer(h, d), answer(h, d)]);
    const fresh = results.filter((r) => r.outcome === 'sent' && !r.replay);
    expect(fresh).toHaveLength(1);
    expect(results.every((r) => r.outcome === 'sent' || (r.outcome === 'deferred' && r.reason === 'in_doubt'))).toBe(true);
    expect(textsTo(h, d.phone)).toEqual([ADDRESS]);
  });

  it('the invariants hold: two identical answers are not an O4 duplicate', async () => {
    const report = await h.db.rpc<{ checks: Array<{ id: string; violations: number }> }>('julia_invariants', {
      p_since: new Date('2026-01-01T00:00:00Z'),
      p_now: new Date('2026-03-04T15:30:00Z'),
    });
    expect(report.checks.filter((c) => c.violations > 0)).toEqual([]);
  });
});

describe('content dedupe still holds for proactive sends and a manager\'s COMMAND', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(async () => h.close());

  it('ten concurrent COMMAND sends of one text to one phone: one provider call, nine outbound_deduped', async () => {
    h.clock.set(WEDNESDAY_NOON);
    const d = await createDoctor(h.db);
    const ctx: OutboundContext = { method: 'COMMAND', doctorId: d.id, actor: 'slack:U1', bypassReason: 'aviso urgente' };
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => h.send(ctx, 'Plantão de hoje cancelado.', { idempotencyKey: `cmd-conc-${i}` })));
    expect(results.filter((r) => r.outcome === 'sent')).toHaveLength(1);
    expect(results.filter((r) => r.outcome === 'deduped')).toHaveLength(9);
    expect(textsTo(h, d.phone)).toEqual(['Plantão de hoje cancelado.']);
  });

  it('the same reminder text twice within the hour is deduped; an hour later it goes out', async () => {
    h.clock.set(WEDNESDAY_NOON);
    const d = await createDoctor(h.db);
    const reminder = (id: string): OutboundContext => ({ method: 'REMINDER', doctorId: d.id, conversationId: d.conversationId, reminderId: id, actor: 'julia' });
    const text = 'Lembrete: amanhã às 7h você tem plantão no Hospital de Mauá.';
    expect(await h.send(reminder('r1'), text, { idempotencyKey: 'rem-r1' })).toMatchObject({ outcome: 'sent' });
    h.clock.set(new Date(at(WEDNESDAY_NOON).getTime() + 3_600_000 - 1));
    expect(await h.send(reminder('r2'), text, { idempotencyKey: 'rem-r2' })).toMatchObject({ outcome: 'deduped', event: 'outbound_deduped' });
    h.clock.set(new Date(at(WEDNESDAY_NOON).getTime() + 3_600_000));
    expect(await h.send(reminder('r3'), text, { idempotencyKey: 'rem-r3' })).toMatchObject({ outcome: 'sent' });
    expect(textsTo(h, d.phone)).toEqual([text, text]);
  });

  it('a campaign text the doctor got from a reply minutes ago is deduped; a manager repeating himself is deduped', async () => {
    h.clock.set(WEDNESDAY_NOON);
    const d = await createDoctor(h.db, { inboundAt: at('2026-03-04T14:50:00Z') });
    const text = 'Temos plantões de clínica no sábado, 19h às 7h, R$ 1.500.';
    expect(await h.send(replyCtx(d), text)).toMatchObject({ outcome: 'sent' });
    expect(await h.send({ method: 'COMMAND', doctorId: d.id, actor: 'slack:U1', bypassReason: 'gestor reenviando' }, text)).toMatchObject({ outcome: 'deduped' });
    expect(textsTo(h, d.phone)).toEqual([text]);
  });

  it("a supervisor's MANUAL message is a person's: the same words twice both go out", async () => {
    h.clock.set(WEDNESDAY_NOON);
    // The doctor wrote two hours ago (no reply proof; within the 24 h a person is not paced).
    const d = await createDoctor(h.db, { inboundAt: at('2026-03-04T13:00:00Z') });
    await h.db.rpc('doctor_state_on_inbound', { p_doctor_id: d.id, p_at: at('2026-03-04T13:00:00Z') });
    const manual: OutboundContext = { method: 'MANUAL', doctorId: d.id, conversationId: d.conversationId, actor: 'chatwoot:7' };
    expect(await h.send(manual, 'Tudo certo, doutor?', { idempotencyKey: 'chatwoot-1001' })).toMatchObject({ outcome: 'sent' });
    h.clock.set(new Date(at(WEDNESDAY_NOON).getTime() + 10 * 60_000));
    expect(await h.send(manual, 'Tudo certo, doutor?', { idempotencyKey: 'chatwoot-1002' })).toMatchObject({ outcome: 'sent' });
    expect(textsTo(h, d.phone)).toEqual(['Tudo certo, doutor?', 'Tudo certo, doutor?']);
  });

  it('the invariants (O4 included) hold after all of the above', async () => {
    const report = await h.db.rpc<{ checks: Array<{ id: string; violations: number }> }>('julia_invariants', {
      p_since: new Date('2026-01-01T00:00:00Z'),
      p_now: new Date('2026-03-04T17:00:00Z'),
    });
    expect(report.checks.filter((c) => c.violations > 0)).toEqual([]);
  });
});
