import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetrics, formatFillOutcomes, loadFillOutcomes } from '../../../src/metrics/index.js';
import { reportsHandler } from '../../../workers/reports.js';
import { dropPrefix, testPrefix, testRedis } from '../../helpers/test-redis.js';
import { createScheduledHarness, doctorWithConversation, shift, type ScheduledHarness } from '../scheduled/harness.js';
import { parsePrometheus } from '../../helpers/prometheus-text.js';


const NOW = '2026-03-04T15:00:00Z'; // Wednesday 12:00 São Paulo: the 12:00 report covers 08:00-12:00, its fill line the day before 12:00
const at = (hoursBeforeNow: number) => new Date(new Date(NOW).getTime() - hoursBeforeNow * 3_600_000).toISOString();

/**
 * Plans of the last day: A filled 2 h after its plan started (3 offers sent), B filled after
 * 6 h (1 offer), C still active (2 offers), D's shift cancelled (left out), E's plan started
 * 40 days ago (outside every window). Rate 2/3, median time to fill 4 h, 2 offers per filled shift.
 */
describe('fill figures in /metrics and the report', () => {
  let h: ScheduledHarness;
  const redis = testRedis();
  const prefix = testPrefix('fill-metrics');
  beforeAll(async () => {
    h = await createScheduledHarness(NOW);
    const doctors = await Promise.all([1, 2, 3].map((i) => doctorWithConversation(h, `Dr. Teste ${i}`)));
    const plan = async (o: { started: number; filledAfter?: number; status?: string; offers: number; startsIn: number }) => {
      const id = await shift(h, at(-o.startsIn), at(-o.startsIn - 12));
      const filledAt = o.filledAfter === undefined ? null : at(o.started - o.filledAfter);
      await h.db.pg.query(
        `insert into fill_plans (shift_id, status, wave, started_at, filled_at, filled_by) values ($1, $2, 1, $3, $4, $5)`,
        [id, o.status ?? (filledAt ? 'filled' : 'active'), at(o.started), filledAt, filledAt ? doctors[0]!.id : null],
      );
      for (let i = 0; i < o.offers; i++) {
        await h.db.pg.query(
          `insert into fill_offers (shift_id, doctor_id, wave, score, status, outbound_key, created_at, sent_at) values ($1, $2, 1, 60, 'sent', $3, $4, $4)`,
          [id, doctors[i]!.id, `fill:${id}:${doctors[i]!.id}`, at(o.started)],
        );
      }
    };
    await plan({ started: 20, filledAfter: 2, offers: 3, startsIn: 30 }); // lead 48 h
    await plan({ started: 10, filledAfter: 6, offers: 1, startsIn: 20 }); // lead 24 h
    await plan({ started: 5, offers: 2, startsIn: 40 });
    await plan({ started: 8, status: 'cancelled', offers: 2, startsIn: 40 });
    await plan({ started: 40 * 24, filledAfter: 1, offers: 1, startsIn: 50 });
  });
  afterAll(async () => {
    await dropPrefix(redis, prefix);
    redis.disconnect();
    await h.close();
  });

  it('fill_metrics over the day: 3 plans, 2 filled, median 4 h, 2 offers per filled shift, median lead 36 h', async () => {
    const o = await loadFillOutcomes(h.db, { since: new Date(at(24)), until: new Date(NOW) });
    expect(o).toMatchObject({ shifts: 3, filled: 2, median_time_to_fill_s: 4 * 3600, median_lead_hours: 36 });
    expect(Number(o.fill_rate)).toBeCloseTo(2 / 3, 3);
    expect(Number(o.offers_per_filled_shift)).toBe(2);
    expect(formatFillOutcomes(o, 'últimas 24h')).toBe(
      'Preenchimento automático (últimas 24h): 2 de 3 vagas preenchidas (67%) · tempo mediano até preencher 4.0h · ofertas por vaga preenchida 2,0 · antecedência mediana 36h',
    );
  });

  it('/metrics: gauges over the last 30 days, measured from the app clock', async () => {
    const metrics = createMetrics({ db: h.db, redis, prefix, queueStats: async () => [], now: () => h.clock.now() });
    try {
      const m = parsePrometheus(await metrics.render());
      expect(m.get('julia_fill_shifts{window="30d"}')).toBe(3);
      expect(m.get('julia_fill_filled{window="30d"}')).toBe(2);
      expect(m.get('julia_fill_rate{window="30d"}')).toBeCloseTo(0.6667, 4);
      expect(m.get('julia_fill_median_time_to_fill_seconds{window="30d"}')).toBe(14_400);
      expect(m.get('julia_fill_offers_per_filled_shift{window="30d"}')).toBe(2);
      // 41 days later every plan is outside the window: counts fall to zero and the rates are left out, not shown as 0.
      h.clock.set(at(-41 * 24));
      const later = parsePrometheus(await metrics.render());
      expect(later.get('julia_fill_shifts{window="30d"}')).toBe(0);
      expect(later.has('julia_fill_rate{window="30d"}')).toBe(false);
      expect(later.has('julia_fill_median_time_to_fill_seconds{window="30d"}')).toBe(false);
    } finally {
      h.clock.set(NOW);
      metrics.close();
    }
  });

  it('the report posted to the managers carries the fill line of the day ending at its slot', async () => {
    h.notices.posts.length = 0;
    await reportsHandler({ db: h.db, notices: h.notices, clock: h.clock })();
    expect(h.notices.posts).toHaveLength(1);
    expect(h.notices.posts[0]).toContain('Preenchimento automático (últimas 24h): 2 de 3 vagas preenchidas (67%) · tempo mediano até preencher 4.0h · ofertas por vaga preenchida 2,0');
  });
});
