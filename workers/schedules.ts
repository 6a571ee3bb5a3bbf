import type { BullQueues } from './queue.js';
import { jobDefinition } from './catalog.js';

/**
 * Recurring jobs (spec section 6) as BullMQ v6 job schedulers: upserting the
 * same scheduler id is idempotent, so every worker process may call this at
 * boot, and each slot becomes one job whose id is derived from the scheduler
 * and the slot time: several processes never run a slot twice.
 */
export interface ScheduleSpec {
  id: string;
  queue: 'scheduled';
  jobName: string;
  every?: number;
  pattern?: string;
  payload?: Record<string, unknown>;
}

/** Cron patterns read in São Paulo time (BullMQ passes `tz` to cron-parser). */
export const SCHEDULE_TZ = 'America/Sao_Paulo';

/** Spec 6: Júlia's own schedules. Campaigns and the inbound sweeper bring theirs in their capabilities. */
export const schedules: ScheduleSpec[] = [
  { id: 'scheduled-messages', queue: 'scheduled', jobName: 'scheduled-messages', pattern: '* * * * *' },
  { id: 'alerts', queue: 'scheduled', jobName: 'alerts', pattern: '*/15 * * * *' },
  // Weekdays only: a follow-up planned on a Saturday would wait for Monday in the wrapper,
  // and could go out after the doctor answered over the weekend.
  { id: 'followups', queue: 'scheduled', jobName: 'followups', pattern: '0 10 * * 1-5' },
  { id: 'expired-pauses', queue: 'scheduled', jobName: 'expired-pauses', pattern: '0 6 * * *' },
  { id: 'reports', queue: 'scheduled', jobName: 'reports', pattern: '0 8,12,16,20 * * *' },
  { id: 'doctor-state-maintenance', queue: 'scheduled', jobName: 'doctor-state-maintenance', pattern: '0 3 * * *' },
  { id: 'shift-confirmations', queue: 'scheduled', jobName: 'shift-confirmations', pattern: '0 * * * *' },
  { id: 'fill-alerts', queue: 'scheduled', jobName: 'fill-alerts', pattern: '*/15 * * * *' },
];

export async function upsertSchedules(queues: BullQueues, specs: ScheduleSpec[] = schedules): Promise<void> {
  for (const s of specs) {
    const def = jobDefinition(s.jobName);
    await queues.queues[s.queue].upsertJobScheduler(
      s.id,
      s.every ? { every: s.every } : { pattern: s.pattern!, tz: SCHEDULE_TZ },
      {
        name: s.jobName,
        // Validated (and signed, for a signed job) like anything enqueued.
        data: queues.payloadFor(s.jobName, s.payload ?? {}),
        opts: {
          attempts: def.attempts,
          backoff: { type: 'exponential', delay: def.backoffMs },
          removeOnComplete: { age: 24 * 3600, count: 1_000 },
          removeOnFail: { age: 7 * 24 * 3600 },
        },
      },
    );
  }
}
