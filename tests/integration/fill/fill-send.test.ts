import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../src/app.js';
import { createFillPlanner } from '../../../src/fill/index.js';
import type { OutboundEnqueuer } from '../../../src/outbound/index.js';
import { fixedClock, silentLogger } from '../../../src/shared/index.js';
import type { EvolutionFake } from '../../fakes/evolution-fake.js';
import { appOnEvolution, type AppOnEvolution } from '../../helpers/app-on-evolution.js';
import type { TestDb } from '../../helpers/test-db.js';
import { testPrefix } from '../../helpers/test-redis.js';
import { waitFor } from '../../helpers/wait-for.js';
import { openShift, seedFill } from './fill-fixtures.js';

// Monday 2026-03-09, 10:00 in São Paulo.
const MONDAY_1000 = new Date('2026-03-09T13:00:00Z');
const HOUR = 3_600_000;

let db: TestDb;
let app: App;
let fake: EvolutionFake;
let withdrawer: AppOnEvolution['withdrawer'];
let started: AppOnEvolution | undefined;
const prefix = testPrefix('fill-send');
const clock = fixedClock(MONDAY_1000);

beforeAll(async () => {
  started = await appOnEvolution({ prefix, clock, drivenJob: 'fill-waves' });
  ({ db, app, fake, withdrawer } = started);
}, 120_000);
afterAll(() => started?.close());

const planner = (outbound: OutboundEnqueuer) =>
  createFillPlanner({ db, clock, logger: silentLogger, flags: app.deps.flags, outbound, withdraw: withdrawer.withdraw, horizonDays: 20, registrationRequired: true });

const pending = async () => Object.values(await app.queues.queues.outbound.getJobCounts('waiting', 'delayed', 'active', 'prioritized')).reduce((a, b) => a + b, 0);

describe('fill offers through the outbound wrapper', () => {
  it('a wave leaves as FILL_OFFER proactive sends, one per doctor, and settles as sent', { timeout: 60_000 }, async () => {
    await seedFill(db, { doctors: 5, specialty: 'fill-send', hospital: 'fill-send-h' });
    const shift = await openShift(db, new Date(MONDAY_1000.getTime() + 72 * HOUR), { specialty: 'fill-send', hospital: 'fill-send-h' });
    expect(await planner(app.deps.outbound).tick()).toMatchObject({ waves: 1, planned: 5, enqueued: 5 });
    await waitFor(() => fake.sentTexts().length === 5, { timeoutMs: 30_000, what: '5 offers at the provider' });
    expect(fake.sentTexts().every((t) => t.text.includes('Hospital fill-send-h') && t.text.includes('Você tem interesse?'))).toBe(true);
    const sends = () => db.query<{ method: string; proactive: boolean; status: string }>(
      `select method, proactive, status from outbound_messages where idempotency_key like $1`, [`fill:${shift}:%`]);
    // The wrapper records each outcome just after the provider answered.
    await waitFor(async () => (await sends()).filter((r) => r.status === 'sent').length === 5, { timeoutMs: 10_000, what: 'the five sends recorded' });
    const rows = await sends();
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.method === 'FILL_OFFER' && r.proactive && r.status === 'sent')).toBe(true);
    clock.set(new Date(MONDAY_1000.getTime() + 60_000));
    await planner(app.deps.outbound).tick();
    const offers = await db.query<{ status: string }>(`select status from fill_offers where shift_id = $1`, [shift]);
    expect(offers.map((o) => o.status)).toEqual(['sent', 'sent', 'sent', 'sent', 'sent']);
    // A fill offer must name its shift.
    const doctor = (await db.query<{ id: string }>(`select doctor_id as id from fill_offers where shift_id = $1 limit 1`, [shift]))[0]!.id;
    expect(await app.deps.sendOutbound({ method: 'FILL_OFFER', doctorId: doctor, actor: 'julia' }, 'Oi', { idempotencyKey: 'fill-no-shift' })).toMatchObject({
      outcome: 'blocked', rule: 'contract',
    });
  });

  it('a reservation landing while a wave is being handed out: nothing queued after it reaches a doctor', { timeout: 60_000 }, async () => {
    clock.set(new Date(MONDAY_1000.getTime() + 2 * HOUR));
    await seedFill(db, { doctors: 8, from: 201, specialty: 'fill-race', hospital: 'fill-race-h' });
    // Under 48 h: a wave of 8.
    const shift = await openShift(db, new Date(MONDAY_1000.getTime() + 30 * HOUR), { specialty: 'fill-race', hospital: 'fill-race-h' });
    const before = fake.sentTexts().length;
    let handed = 0;
    const afterReservation: string[] = [];
    const outbound: OutboundEnqueuer = {
      async enqueueOutbound(ctx, text, opts) {
        handed += 1;
        if (handed > 2) afterReservation.push(ctx.doctorId);
        const res = await app.deps.outbound.enqueueOutbound(ctx, text, opts);
        // The first doctor answers "quero" (Slack, WhatsApp: the shift row changes either way).
        if (handed === 2) {
          await db.query(`update shifts set status = 'reserved', reserved_by = (select doctor_id from fill_offers where shift_id = $1 order by score desc limit 1), reserved_at = $2 where id = $1`,
            [shift, clock.now().toISOString()]);
        }
        return res;
      },
    };
    expect(await planner(outbound).tick()).toMatchObject({ planned: 8, enqueued: 8 });
    await waitFor(async () => (await pending()) === 0, { timeoutMs: 30_000, what: 'outbound queue drained' });
    const phonesAfter = await db.query<{ phone: string }>(`select phone from doctors where id = any($1::uuid[])`, [afterReservation]);
    const sentAfter = fake.sentTexts().slice(before).filter((t) => phonesAfter.some((p) => p.phone === t.number));
    expect(afterReservation).toHaveLength(6);
    expect(sentAfter).toEqual([]);
    const blocked = await db.query<{ rule: string }>(`select rule from outbound_messages where idempotency_key like $1 and status = 'blocked'`, [`fill:${shift}:%`]);
    expect(blocked.length).toBeGreaterThanOrEqual(6);
    expect(blocked.every((b) => b.rule === 'fill_stopped')).toBe(true);
    const plan = await db.query<{ status: string }>(`select status from fill_plans where shift_id = $1`, [shift]);
    expect(plan[0]!.status).toBe('filled');
    clock.set(new Date(MONDAY_1000.getTime() + 5 * HOUR));
    expect(await planner(app.deps.outbound).tick()).toMatchObject({ waves: 0, planned: 0 });
  });
});
