import type { BullQueues } from './queue.js';

/**
 * Recurring jobs (spec section 6) as BullMQ v6 job schedulers: upserting the
 * same scheduler id is idempotent, so every worker process may call this at boot.
 */
export interface ScheduleSpec {
  id: string;
  queue: 'scheduled';
  jobName: string;
  every?: number;
  pattern?: string;
  payload?: Record<string, unknown>;
}

export const schedules: ScheduleSpec[] = [];

export async function upsertSchedules(queues: BullQueues, specs: ScheduleSpec[] = schedules): Promise<void> {
  for (const s of specs) {
    await queues.queues[s.queue].upsertJobScheduler(
      s.id,
      s.every ? { every: s.every } : { pattern: s.pattern!, tz: 'America/Sao_Paulo' },
      { name: s.jobName, data: s.payload ?? {} },
    );
  }
}
