import type { BullQueues } from './queue.js';
import type { Config } from '../src/config.js';
import { catalog, jobDefinition, type JobDefinition, type JobInput, type JobName } from './catalog.js';
import type { Recurrence } from './job-definition.js';

/**
 * Recurring jobs (spec section 6) as BullMQ v6 job schedulers: upserting the
 * same scheduler id is idempotent, so every worker process may call this at
 * boot, and each slot becomes one job whose id is derived from the scheduler
 * and the slot time: several processes never run a slot twice.
 */
export interface ScheduleSpec<N extends JobName = JobName> {
  id: string;
  queue: 'scheduled';
  jobName: N;
  every?: number;
  pattern?: string;
  payload?: JobInput<N>;
}

/** Cron patterns read in São Paulo time (BullMQ passes `tz` to cron-parser). */
export const SCHEDULE_TZ = 'America/Sao_Paulo';

/**
 * The job schedulers of the jobs a process runs, from the catalog's `schedule`
 * of each (in catalog order). A job whose handler is not wired (its capability
 * is off) gets no scheduler.
 */
export function schedulesFor(config: Config, jobs: Iterable<JobName>): ScheduleSpec[] {
  const running = new Set(jobs);
  return (Object.keys(catalog) as JobName[])
    .filter((name) => running.has(name))
    .flatMap((name) => recurrencesOf(name, config).map((r) => ({ ...r, id: r.id ?? name, queue: 'scheduled' as const, jobName: name })));
}

function recurrencesOf<N extends JobName>(name: N, config: Config): Array<Recurrence<JobInput<N>>> {
  const def: JobDefinition = catalog[name];
  return (def.schedule?.(config) ?? []) as Array<Recurrence<JobInput<N>>>;
}

export async function upsertSchedules(queues: BullQueues, specs: ScheduleSpec[]): Promise<void> {
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
