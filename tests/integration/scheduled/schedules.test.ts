import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { CronExpressionParser } from 'cron-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedis } from '../../../src/redis/index.js';
import { createBullQueues } from '../../../workers/queue.js';
import { catalog } from '../../../workers/catalog.js';
import { SCHEDULE_TZ, schedulesFor, upsertSchedules, type ScheduleSpec } from '../../../workers/schedules.js';
import { testConfig } from '../../helpers/test-config.js';
import { dropPrefix, TEST_REDIS_URL, testPrefix, testRedis } from '../../helpers/test-redis.js';

/**
 * Next fire times exactly as BullMQ computes them for a cron scheduler
 * (defaultRepeatStrategy: CronExpressionParser.parse(pattern, { tz, currentDate }).next()),
 * from a fixed "now", so the assertions do not depend on the wall clock.
 */
function fires(id: string, fromUtc: string, count: number): string[] {
  const spec = schedules.find((s) => s.id === id)!;
  const it = CronExpressionParser.parse(spec.pattern!, { tz: SCHEDULE_TZ, currentDate: new Date(fromUtc) });
  return Array.from({ length: count }, () => it.next().toDate().toISOString());
}

/** Júlia's own recurring jobs of spec section 6, with the cadence the catalog declares for them. */
const OWN = ['alerts', 'doctor-state-maintenance', 'expired-pauses', 'fill-alerts', 'followups', 'reports', 'scheduled-messages', 'shift-confirmations'] as const;
const schedules = schedulesFor(testConfig(), OWN);

describe('schedulers fire at São Paulo time (fixed clock)', () => {
  it('uses the cron parser BullMQ itself depends on', () => {
    const require = createRequire(import.meta.url);
    const bullmq = JSON.parse(readFileSync(require.resolve('bullmq/package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const parser = JSON.parse(readFileSync(require.resolve('cron-parser/package.json'), 'utf8')) as { version: string };
    expect(bullmq.dependencies['cron-parser']).toBe(parser.version);
  });

  it('declares every job of spec section 6 it owns, each in the catalog on the scheduled queue', () => {
    expect(schedules.map((s) => s.id).sort()).toEqual([...OWN].sort());
    for (const s of schedules) {
      expect(catalog[s.jobName]?.queue).toBe('scheduled');
      expect(catalog[s.jobName]!.timeoutMs).toBeGreaterThan(0);
    }
  });

  it('scheduled messages every minute, across São Paulo midnight and a month end', () => {
    // 31/01 23:58:30 São Paulo is already 01/02 in UTC.
    expect(fires('scheduled-messages', '2026-02-01T02:58:30Z', 3)).toEqual([
      '2026-02-01T02:59:00.000Z', // 23:59 on 31/01
      '2026-02-01T03:00:00.000Z', // 00:00 on 01/02
      '2026-02-01T03:01:00.000Z',
    ]);
  });

  it('alerts every 15 minutes, across midnight at a year end', () => {
    expect(fires('alerts', '2027-01-01T02:40:00Z', 3)).toEqual([
      '2027-01-01T02:45:00.000Z', // 31/12 23:45
      '2027-01-01T03:00:00.000Z', // 01/01 00:00
      '2027-01-01T03:15:00.000Z',
    ]);
  });

  it('follow-ups at 10:00 on weekdays: Friday, then Monday, across a month end', () => {
    // Friday 30/01 10:00 just fired; the weekend is skipped (no proactive contact).
    expect(fires('followups', '2026-01-30T13:00:00Z', 3)).toEqual([
      '2026-02-02T13:00:00.000Z', // Monday 10:00
      '2026-02-03T13:00:00.000Z',
      '2026-02-04T13:00:00.000Z',
    ]);
    // Friday 27/02 11:00 São Paulo: next is Monday 02/03 10:00, past the month end.
    expect(fires('followups', '2026-02-27T14:00:00Z', 1)).toEqual(['2026-03-02T13:00:00.000Z']);
    // 23:30 on Sunday São Paulo is already Monday in UTC: still Monday 10:00, not earlier.
    expect(fires('followups', '2026-02-02T02:30:00Z', 1)).toEqual(['2026-02-02T13:00:00.000Z']);
  });

  it('expired pauses daily at 06:00, across a year end', () => {
    expect(fires('expired-pauses', '2026-12-31T09:00:01Z', 2)).toEqual(['2027-01-01T09:00:00.000Z', '2027-01-02T09:00:00.000Z']);
  });

  it('reports at 08:00, 12:00, 16:00 and 20:00, into the weekend', () => {
    // Friday 30/01 20:00 São Paulo is 23:00 UTC.
    expect(fires('reports', '2026-01-30T23:00:00Z', 5)).toEqual([
      '2026-01-31T11:00:00.000Z', // Saturday 08:00
      '2026-01-31T15:00:00.000Z',
      '2026-01-31T19:00:00.000Z',
      '2026-01-31T23:00:00.000Z', // Saturday 20:00 (still Saturday in São Paulo, 23:00 UTC)
      '2026-02-01T11:00:00.000Z', // Sunday 08:00
    ]);
  });

  it('doctor-state maintenance at 03:00 São Paulo, not 03:00 UTC, at a month end', () => {
    // 31/03 23:30 São Paulo = 01/04 02:30 UTC: a UTC cron would fire at 01/04 03:00 UTC (00:00 São Paulo).
    expect(fires('doctor-state-maintenance', '2026-04-01T02:30:00Z', 2)).toEqual(['2026-04-01T06:00:00.000Z', '2026-04-02T06:00:00.000Z']);
  });

  it('shift confirmations every hour, across midnight on a Sunday', () => {
    expect(fires('shift-confirmations', '2026-02-02T02:10:00Z', 3)).toEqual([
      '2026-02-02T03:00:00.000Z', // Monday 00:00 São Paulo
      '2026-02-02T04:00:00.000Z',
      '2026-02-02T05:00:00.000Z',
    ]);
  });
});

describe('upserting schedulers in Redis', () => {
  const redis = testRedis();
  const prefix = testPrefix('schedules');
  const a = createBullQueues(createRedis(TEST_REDIS_URL, { name: 't-a', blocking: true }), prefix);
  const b = createBullQueues(createRedis(TEST_REDIS_URL, { name: 't-b', blocking: true }), prefix);
  afterAll(async () => {
    await a.close();
    await b.close();
    await dropPrefix(redis, prefix);
    redis.disconnect();
  });

  it('two processes upserting at once (and again after a restart) leave one scheduler each, in São Paulo time', async () => {
    await Promise.all([upsertSchedules(a, schedules), upsertSchedules(b, schedules)]);
    await upsertSchedules(a, schedules);
    const stored = await a.queues.scheduled.getJobSchedulers(0, -1, true);
    expect(stored.map((s) => s.key).sort()).toEqual(schedules.map((s: ScheduleSpec) => s.id).sort());
    for (const s of stored) {
      const spec = schedules.find((x) => x.id === s.key)!;
      expect(s).toMatchObject({ pattern: spec.pattern, tz: SCHEDULE_TZ, name: spec.jobName });
      // BullMQ's next run agrees with the parser from the scheduler's own clock.
      const expected = CronExpressionParser.parse(spec.pattern!, { tz: SCHEDULE_TZ, currentDate: new Date(s.next! - 1) }).next().getTime();
      expect(s.next).toBe(expected);
    }
    // Exactly one pending job per scheduler: its id is the scheduler id plus the slot time.
    const delayed = await a.queues.scheduled.getDelayed(0, -1);
    const waiting = await a.queues.scheduled.getWaiting(0, -1);
    const ids = [...delayed, ...waiting].map((j) => j.id!);
    expect(ids).toHaveLength(schedules.length);
    expect(new Set(ids.map((id) => id.split(':')[1])).size).toBe(schedules.length);
  });
});
