import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CircuitStore, createMetrics, formatStatus, loadStatus } from '../../../src/metrics/index.js';
import { reportsHandler } from '../../../workers/reports.js';
import { dropPrefix, testPrefix, testRedis } from '../../helpers/test-redis.js';
import { createScheduledHarness, doctorWithConversation, type ScheduledHarness } from '../scheduled/harness.js';
import { parsePrometheus } from '../../helpers/prometheus-text.js';


// Hand-offs of the 16:00-20:00 São Paulo period (19:00-23:00Z): answered after 10 and 45 minutes, one still waiting.
describe('hand-off outcomes in /metrics, the period report and julia status', () => {
  let h: ScheduledHarness;
  const redis = testRedis();
  const prefix = testPrefix('handoff-outcomes');
  beforeAll(async () => {
    h = await createScheduledHarness('2026-03-05T23:00:00Z');
    const handoff = async (startedAt: string, replyAt?: string) => {
      const d = await doctorWithConversation(h);
      await h.db.rpc('conversation_set_control', { p_conversation_id: d.conversationId, p_controlled_by: 'human', p_reason: 'human_request', p_actor: 'julia' });
      await h.db.pg.query(`update handoffs set started_at = $2 where conversation_id = $1`, [d.conversationId, startedAt]);
      if (replyAt) await h.db.rpc('handoff_supervisor_message', { p_conversation_id: d.conversationId, p_actor: 'chatwoot:7', p_now: replyAt });
    };
    await handoff('2026-03-05T19:00:00Z', '2026-03-05T19:10:00Z');
    await handoff('2026-03-05T20:00:00Z', '2026-03-05T20:45:00Z');
    await handoff('2026-03-05T21:30:00Z');
    // A supervisor taking a conversation over is not a doctor waiting: it stays out of the times.
    const taken = await doctorWithConversation(h);
    await h.db.rpc('handoff_supervisor_message', { p_conversation_id: taken.conversationId, p_actor: 'chatwoot:7', p_now: '2026-03-05T22:00:00Z' });
    await h.db.pg.query(`update handoffs set started_at = '2026-03-05T19:30:00Z' where conversation_id = $1`, [taken.conversationId]);
  });
  afterAll(async () => {
    await dropPrefix(redis, prefix);
    redis.disconnect();
    await h.close();
  });

  it('/metrics: hand-offs waiting and the time-to-first-human-reply histogram', async () => {
    const metrics = createMetrics({ db: h.db, redis, prefix, queueStats: async () => [] });
    try {
      const m = parsePrometheus(await metrics.render());
      expect(m.get('julia_handoffs_waiting')).toBe(1);
      expect(m.get('julia_handoff_first_human_reply_seconds_bucket{le="300"}')).toBe(0);
      expect(m.get('julia_handoff_first_human_reply_seconds_bucket{le="900"}')).toBe(1);
      expect(m.get('julia_handoff_first_human_reply_seconds_bucket{le="3600"}')).toBe(2);
      expect(m.get('julia_handoff_first_human_reply_seconds_count')).toBe(2);
      expect(m.get('julia_handoff_first_human_reply_seconds_sum')).toBe(600 + 2700);
    } finally {
      metrics.close();
    }
  });

  it('the period report shows hand-offs waiting and the median and p90 time to first human reply', async () => {
    await reportsHandler({ db: h.db, notices: h.notices, clock: h.clock })();
    const post = h.notices.posts.at(-1)!;
    expect(post).toContain('Hand-offs aguardando uma pessoa: 1');
    expect(post).toContain('mediana 28min, p90 42min (2 de 3)');
  });

  it('julia status shows the same', async () => {
    const report = await loadStatus({ db: h.db, queueStats: async () => [], circuits: new CircuitStore(redis, prefix), now: new Date('2026-03-06T12:00:00Z') });
    const text = formatStatus(report);
    expect(text).toContain('Hand-offs aguardando uma pessoa: 1');
    expect(text).toContain('mediana 28min, p90 42min');
  });
});
