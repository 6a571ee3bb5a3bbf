import type { Job } from 'bullmq';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEvolutionClient } from '../../../src/integrations/evolution/index.js';
import { createRateLimiter, createSendOutbound, type OutboundContext } from '../../../src/outbound/index.js';
import { silentLogger, spLocalToUtc } from '../../../src/shared/index.js';
import { createOutboundHandler } from '../../../workers/outbound.js';
import { createDoctor, createHarness, eventsOf, WEDNESDAY_NOON, type Harness } from './harness.js';

// Issue 9, findings 8 (safe_mode pauses instead of dropping) and 10 (Evolution
// 401/403/404 is a configuration fault: defer, open the circuit, tell the managers).

const HOUR = 3_600_000;
const sendTexts = (h: Harness) => h.fake.requestsTo('POST', '/message/sendText/:instance').length;
const rowsOf = async (h: Harness, doctorId: string) =>
  (await h.db.pg.query<{ status: string; rule: string | null }>(`select status, rule from outbound_messages where doctor_id = $1 order by created_at`, [doctorId])).rows;

describe('finding 8: safe_mode pauses proactive sends, it does not drop them', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(async () => h.close());
  beforeEach(async () => {
    h.clock.set(WEDNESDAY_NOON);
    h.fake.reset();
    h.alerts.length = 0;
    await h.flags.set('safe_mode', { enabled: true, mode: 'wait' }, 'test');
  });

  it('a follow-up due under safe_mode waits (no row, no event) and goes out once it is cleared', async () => {
    const d = await createDoctor(h.db);
    const ctx: OutboundContext = { method: 'FOLLOWUP', doctorId: d.id, conversationId: d.conversationId, actor: 'julia', dueAt: WEDNESDAY_NOON };
    const first = await h.send(ctx, 'Conseguiu ver a vaga de sábado?', { idempotencyKey: 'k-pause-1' });
    expect(first).toMatchObject({ outcome: 'deferred', reason: 'safe_mode', delayMs: 60_000 });
    h.clock.set(new Date(Date.parse(WEDNESDAY_NOON) + 47 * HOUR)); // Thursday, inside its 48 h window
    expect(await h.send(ctx, 'Conseguiu ver a vaga de sábado?', { idempotencyKey: 'k-pause-1' })).toMatchObject({ outcome: 'deferred', reason: 'safe_mode' });
    expect(await rowsOf(h, d.id)).toEqual([]);
    expect(await eventsOf(h.db, d.id)).toEqual([]);
    await h.flags.set('safe_mode', { enabled: false, mode: 'wait' }, 'test');
    expect(await h.send(ctx, 'Conseguiu ver a vaga de sábado?', { idempotencyKey: 'k-pause-1' })).toMatchObject({ outcome: 'sent' });
    expect(sendTexts(h)).toBe(1);
    expect((await eventsOf(h.db, d.id)).map((e) => e.event_type)).toEqual(['doctor_outbound']);
  });

  it('a reminder is not cancelled: it waits, and 2 h after it was due it is settled as expired, with its event and the managers told', async () => {
    const d = await createDoctor(h.db);
    const due = spLocalToUtc(2026, 3, 8, 22, 0); // Sunday 22:00 São Paulo
    const rem = await h.db.pg.query<{ id: string }>(
      `insert into reminders (doctor_id, conversation_id, remind_at, context, message) values ($1, $2, $3, 'plantão', 'Lembrete') returning id`,
      [d.id, d.conversationId, due],
    );
    const reminderId = rem.rows[0]!.id;
    const payload = {
      ctx: { method: 'REMINDER' as const, doctorId: d.id, reminderId, conversationId: d.conversationId, actor: 'julia', dueAt: due.toISOString() },
      text: 'Lembrete: plantão amanhã às 7h.',
      idempotencyKey: `reminder:${reminderId}`,
    };
    h.clock.set(new Date(due.getTime() + 2 * HOUR - 1));
    const waiting = await h.send(payload.ctx, payload.text, { idempotencyKey: payload.idempotencyKey });
    // It looks again at the end of its window at the latest.
    expect(waiting).toMatchObject({ outcome: 'deferred', reason: 'safe_mode', delayMs: 1 });
    h.clock.set(new Date(due.getTime() + 2 * HOUR));
    // Through the worker: the reminder row follows the outcome.
    const settled: string[] = [];
    const handler = createOutboundHandler(h.send, silentLogger, async (_p, result) => {
      settled.push(result.outcome);
      await h.db.rpc('reminder_settle', { p_reminder_id: reminderId, p_outcome: result.outcome });
    });
    const job = { id: 'j1', timestamp: Date.now(), opts: {}, token: 't' } as unknown as Job;
    expect(await handler(payload, job)).toMatchObject({ outcome: 'blocked' });
    expect(settled).toEqual(['expired']);
    const row = await h.db.pg.query<{ status: string }>(`select status from reminders where id = $1`, [reminderId]);
    expect(row.rows[0]!.status).toBe('expired');
    const events = await eventsOf(h.db, d.id);
    expect(events.map((e) => [e.event_type, e.props['rule']])).toEqual([['outbound_blocked', 'safe_mode_expired']]);
    expect(h.alerts).toHaveLength(1);
    expect(h.alerts[0]).toContain(reminderId);
    expect(h.alerts[0]).not.toContain(d.phone);
    expect(sendTexts(h)).toBe(0);
  });

  it('a person answering a doctor who wrote in the last 24 h goes out whatever safe_mode says', async () => {
    const d = await createDoctor(h.db);
    await h.db.rpc('doctor_state_on_inbound', { p_doctor_id: d.id, p_at: new Date(Date.parse(WEDNESDAY_NOON) - 23 * HOUR) });
    const manual = { method: 'MANUAL' as const, doctorId: d.id, conversationId: d.conversationId, actor: 'chatwoot:7' };
    expect(await h.send(manual, 'Oi, aqui é a Ana, da equipe.')).toMatchObject({ outcome: 'sent' });
    // Outside those 24 h it waits like any proactive send.
    h.clock.set(new Date(Date.parse(WEDNESDAY_NOON) + 2 * HOUR));
    expect(await h.send({ ...manual, bypassReason: 'retorno' }, 'Conseguiu ver?')).toMatchObject({ outcome: 'deferred', reason: 'safe_mode' });
  });

  afterAll(async () => h.flags.set('safe_mode', { enabled: false, mode: 'wait' }, 'test'));
});

describe('finding 10: Evolution 401/403/404 defers the send, opens the circuit and tells the managers once', () => {
  it('401 (wrong key): deferred, not failed; later sends wait on the open circuit; one alert for two processes', async () => {
    const h = await createHarness({ apiKey: 'wrong-key' });
    try {
      // A second process with its own client and circuit, sharing Redis and the database.
      const other = createSendOutbound({
        db: h.db,
        flags: h.flags,
        provider: createEvolutionClient({ baseUrl: h.fake.url, apiKey: 'wrong-key', logger: silentLogger }),
        rateLimiter: createRateLimiter(h.redis, h.prefix),
        instances: ['julia'],
        clock: h.clock,
        logger: silentLogger,
        alert: async (t) => void h.alerts.push(t),
      });
      const a = await createDoctor(h.db);
      const b = await createDoctor(h.db);
      const ctx = (id: string): OutboundContext => ({ method: 'REACTIVATION', doctorId: id, actor: 'julia' });
      const res = await h.send(ctx(a.id), 'Temos vagas novas.');
      expect(res).toMatchObject({ outcome: 'deferred', reason: 'provider_unavailable' });
      if (res.outcome !== 'deferred') throw new Error('unreachable');
      expect(res.until.getTime()).toBeGreaterThan(Date.now() + 60_000); // the circuit stays open for minutes
      expect(await other(ctx(b.id), 'Temos vagas novas.')).toMatchObject({ outcome: 'deferred', reason: 'provider_unavailable' });
      const calls = h.fake.requestsTo('POST', '/message/sendText/:instance').length;
      // The open circuit: nothing reaches Evolution, no new alert.
      expect(await h.send(ctx(b.id), 'Outra mensagem.')).toMatchObject({ outcome: 'deferred', reason: 'provider_unavailable' });
      expect(h.fake.requestsTo('POST', '/message/sendText/:instance')).toHaveLength(calls);
      expect(h.alerts).toHaveLength(1);
      expect(h.alerts[0]).toMatch(/julia.*401/);
      expect(await rowsOf(h, a.id)).toEqual([]);
      expect(await eventsOf(h.db, a.id)).toEqual([]);
    } finally {
      await h.close();
    }
  });

  it('404 (no such instance) and 403 (forbidden) are configuration faults too, also when the presence call meets them first', async () => {
    const cases = [
      { instances: ['ghost'], fake: { instances: ['julia'] } },
      { fake: { forbiddenInstances: ['julia'] } },
      { fake: { forbiddenInstances: ['julia'] }, presence: true },
    ];
    for (const opts of cases) {
      const h = await createHarness(opts);
      try {
        const d = await createDoctor(h.db);
        const res = await h.send({ method: 'REACTIVATION', doctorId: d.id, actor: 'julia' }, 'Temos vagas novas.');
        expect(res).toMatchObject({ outcome: 'deferred', reason: 'provider_unavailable' });
        expect(await rowsOf(h, d.id)).toEqual([]);
        expect(h.fake.sentTexts()).toEqual([]);
        expect(h.alerts).toHaveLength(1);
        expect(h.alerts[0]).toMatch(/HTTP (404|403)/);
      } finally {
        await h.close();
      }
    }
  });

  it('a number not on WhatsApp (400) is still a refusal of that message', async () => {
    const h = await createHarness({ fake: { unknownNumbers: ['5511900000099'] } });
    try {
      const d = await createDoctor(h.db, { phone: '5511900000099' });
      expect(await h.send({ method: 'REACTIVATION', doctorId: d.id, actor: 'julia' }, 'Oi')).toMatchObject({ outcome: 'blocked', rule: 'provider_rejected' });
      expect(h.alerts).toEqual([]);
    } finally {
      await h.close();
    }
  });
});
