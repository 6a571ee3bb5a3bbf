import type { HttpApp } from './http/index.js';
import type { JobHandler } from '../workers/index.js';
import type { ScheduleSpec } from '../workers/schedules.js';

/**
 * What one capability (doctor path, supervision, campaigns, Slack, groups, ...)
 * contributes to the process: HTTP routes, job handlers, recurring schedules and
 * what to close. `src/app.ts` collects them; each capability has its own
 * compose function in `src/compose/`, so the root stays a short list.
 */
export interface Capability {
  name: string;
  mounts?: Array<{ path: string; app: HttpApp; beforeBodyLimit?: Parameters<HttpApp['use']>[1] }>;
  handlers?: Record<string, JobHandler>;
  schedules?: ScheduleSpec[];
  /** Called once the workers run (for example to upsert schedulers or start timers). */
  onWorkersStarted?(): Promise<void>;
  close?(): Promise<void>;
}
