import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { JULIA_TOOLS, runToolCall, type ToolDeps } from '../../../src/agent/index.js';
import { reportPeriod } from '../../../src/ops/index.js';
import { alertsHandler } from '../../../workers/alerts.js';
import { doctorStateMaintenanceHandler } from '../../../workers/doctor-state-maintenance.js';
import { reportsHandler } from '../../../workers/reports.js';
import { doctorWithConversation, rows, scheduledHarnessForFile, shift } from './harness.js';

const NOW = '2026-03-04T15:00:00Z'; // Wednesday 12:00 São Paulo
const h = scheduledHarnessForFile(NOW);
const seen = new Set<string>();
let depths: Record<string, number> = {};
let circuits: Array<{ instance: string; until: Date }> = [];


const alerts = () =>
  alertsHandler({
    db: h.db, notices: h.notices, clock: h.clock, logger: h.logger,
    queueDepths: async () => depths,
    openCircuits: () => circuits,
    firstSighting: async (key) => (seen.has(key) ? false : (seen.add(key), true)),
  })() as Promise<{ alerts: string[]; posted: number }>;

/** An outbound record as the wrapper leaves it. */
async function outboundRow(doctorId: string, status: string, at: string, rule: string | null = null) {
  const phone = (await rows<{ phone: string }>(h, 'select phone from doctors where id = $1', [doctorId]))[0]!.phone;
  await h.db.pg.query(
    `insert into outbound_messages (idempotency_key, doctor_id, phone, instance, method, content_hash, status, rule, proactive, created_at, updated_at, sent_at)
     values ($1, $2, $3, 'julia', 'CAMPAIGN', $4, $5, $6, true, $7, $7, case when $5 = 'sent' then $7::timestamptz end)`,
    [randomUUID(), doctorId, phone, randomUUID(), status, rule, at],
  );
}

describe('alerts (every 15 minutes) to the managers channel', () => {
  it('quiet system: no alert', async () => {
    depths = { inbound: 3, outbound: 10 };
    circuits = [];
    expect(await alerts()).toEqual({ alerts: [], posted: 0 });
    expect(h.notices.posts).toEqual([]);
  });

  it('queue depth, an open circuit, the blocked-send rate and model failures, each posted once while it lasts', async () => {
    const d = await doctorWithConversation(h);
    for (let i = 0; i < 12; i++) await outboundRow(d.id, i < 8 ? 'blocked' : 'sent', '2026-03-04T14:50:00Z', i < 8 ? 'R3_contact_cap_7d' : null);
    for (let i = 0; i < 3; i++) {
      await h.db.pg.query(`insert into agent_turns (doctor_id, model, model_reason, outcome, error, created_at) values ($1, 'claude-haiku-4-5', 'default', 'handoff', 'overloaded', '2026-03-04T14:55:00Z')`, [d.id]);
    }
    depths = { turn: 900, outbound: 4 };
    circuits = [{ instance: 'julia', until: new Date('2026-03-04T15:05:00Z') }];
    const r = await alerts();
    // (These hand-made send rows have no outcome events, so the invariants alert fires too: see below.)
    expect(r.alerts.filter((k) => k !== 'invariants').sort()).toEqual(['blocked-rate', 'circuit-julia', 'model-failures', 'queue-turn']);
    expect(h.notices.posts).toHaveLength(r.alerts.length);
    expect(h.notices.posts.join('\n')).toContain('67% dos envios bloqueados');
    // Fifteen minutes later the same conditions are not posted again.
    h.clock.set('2026-03-04T15:01:00Z');
    expect((await alerts()).posted).toBe(0);
  });

  it('a failing `julia invariants` is an alert', async () => {
    const d = await doctorWithConversation(h, 'Bruno Alves');
    // An outbound interaction that did not go through the wrapper breaks O1 and I2.
    await h.db.pg.query(
      `insert into interactions (conversation_id, doctor_id, direction, instance, body, occurred_at, created_at) values ($1, $2, 'outbound', 'julia', 'x', $3, $3)`,
      [d.conversationId, d.id, '2026-03-04T14:00:00Z'],
    );
    depths = {};
    circuits = [];
    seen.clear();
    const r = await alerts();
    expect(r.alerts).toContain('invariants');
    expect(h.notices.posts.find((p) => p.includes('julia invariants'))).toMatch(/O1 \(1\)/);
  });
});

describe('period reports (4 times a day), computed in SQL', () => {
  it('covers the time since the previous slot, 20:00 → 08:00 overnight', () => {
    expect(reportPeriod(new Date('2026-03-04T11:00:00Z'))).toEqual({ from: new Date('2026-03-03T23:00:00Z'), to: new Date('2026-03-04T11:00:00Z') });
    expect(reportPeriod(new Date('2026-03-04T15:00:30Z'))).toEqual({ from: new Date('2026-03-04T11:00:00Z'), to: new Date('2026-03-04T15:00:00Z') });
    // 1st of the month at 08:00: the period starts on the last day of the previous month.
    expect(reportPeriod(new Date('2026-04-01T11:00:00Z')).from).toEqual(new Date('2026-03-31T23:00:00Z'));
  });

  it('counts contacts, answers, reservations, hand-offs, opt-outs and blocks by rule', async () => {
    const [a, b, c] = [await doctorWithConversation(h, 'A'), await doctorWithConversation(h, 'B'), await doctorWithConversation(h, 'C')];
    h.clock.set('2026-03-05T17:00:00Z');
    for (const d of [a, b]) await outboundRow(d.id, 'sent', '2026-03-05T16:00:00Z');
    await outboundRow(c.id, 'blocked', '2026-03-05T16:10:00Z', 'R0_opted_out');
    await h.db.pg.query(`insert into interactions (conversation_id, doctor_id, direction, instance, provider_message_id, body, occurred_at) values ($1, $2, 'inbound', 'julia', $3, 'oi', '2026-03-05T16:30:00Z')`, [a.conversationId, a.id, randomUUID()]);
    await h.db.pg.query(`insert into business_events (event_type, doctor_id, created_at) values ('offer_accepted', $1, '2026-03-05T16:40:00Z'), ('handoff', $2, '2026-03-05T16:41:00Z')`, [a.id, b.id]);
    await h.db.rpc('doctor_state_set_permission', { p_doctor_id: c.id, p_state: 'opted_out', p_reason: 'doctor_request', p_now: '2026-03-05T16:20:00Z' });
    h.clock.set('2026-03-05T19:00:00Z'); // 16:00 São Paulo: the 12:00-16:00 period
    const r = await reportsHandler({ db: h.db, notices: h.notices, clock: h.clock })();
    expect(r).toMatchObject({ doctorsContacted: 2, doctorsAnswered: 1, responseRate: 0.5, reservations: 1, handoffs: 1, optOuts: 1, blockedByRule: { R0_opted_out: 1 } });
    expect(h.notices.posts).toHaveLength(1);
    expect(h.notices.posts[0]).toContain('Médicos contatados: 2 · responderam: 1 (50%)');
    expect(h.notices.posts[0]).toContain('R0_opted_out: 1');
  });
});

describe('doctor-state maintenance (03:00) and offer_made', () => {
  it('recounts the 7-day proactive contacts from the sends, and creates missing state rows', async () => {
    const d = await doctorWithConversation(h, 'Dora');
    await h.db.pg.query('delete from doctor_state where doctor_id = $1', [d.id]);
    await outboundRow(d.id, 'sent', '2026-03-01T13:00:00Z');
    await outboundRow(d.id, 'sent', '2026-02-20T13:00:00Z'); // older than 7 days
    h.clock.set('2026-03-05T06:00:00Z');
    const r = await doctorStateMaintenanceHandler({ db: h.db, clock: h.clock })();
    expect(r.created).toBeGreaterThanOrEqual(1);
    const [s] = await rows<{ contact_count_7d: number }>(h, 'select contact_count_7d from doctor_state where doctor_id = $1', [d.id]);
    expect(s!.contact_count_7d).toBe(1);
    expect((await doctorStateMaintenanceHandler({ db: h.db, clock: h.clock })()).recounted).toBe(0);
  });

  it('buscar_vagas emits offer_made for each shift it shows, once a day per conversation', async () => {
    const d = await doctorWithConversation(h, 'Edu');
    h.clock.set('2026-03-05T15:00:00Z');
    const s1 = await shift(h, '2026-03-20T22:00:00Z', '2026-03-21T10:00:00Z');
    const deps = { db: h.db, clock: h.clock, logger: h.logger } as unknown as ToolDeps;
    const ctx = { doctorId: d.id, conversationId: d.conversationId, deps };
    const first = await runToolCall(JULIA_TOOLS, 'buscar_vagas', { limite: 10 }, ctx);
    expect(first.isError).toBe(false);
    await runToolCall(JULIA_TOOLS, 'buscar_vagas', { limite: 10 }, ctx);
    const events = await rows<{ shift_id: string; props: { via: string } }>(h, `select shift_id, props from business_events where event_type = 'offer_made' and conversation_id = $1`, [d.conversationId]);
    expect(events.map((e) => e.shift_id)).toContain(s1);
    expect(new Set(events.map((e) => e.shift_id)).size).toBe(events.length);
    expect(events.every((e) => e.props.via === 'buscar_vagas')).toBe(true);
  });
});
