import type { HttpApp } from './http/index.js';
import type { JobHandlers } from '../workers/index.js';

/**
 * What one capability (doctor path, supervision, campaigns, Slack, groups, ...)
 * contributes to the process: HTTP routes, job handlers and what to close. When
 * a job recurs is declared with the job (workers/catalog.ts); a process schedules
 * the jobs it has handlers for. `src/app.ts` collects them; each capability has its own
 * compose function in `src/compose/`, so the root stays a short list.
 */
export interface Capability {
  name: string;
  mounts?: Array<{ path: string; app: HttpApp; beforeBodyLimit?: Parameters<HttpApp['use']>[1] }>;
  handlers?: JobHandlers;
  /** Called once the workers run (for example to enqueue a sweep at boot or start timers). */
  onWorkersStarted?(): Promise<void>;
  close?(): Promise<void>;
}
