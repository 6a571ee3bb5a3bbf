import { z } from 'zod';
import type { AdminAgent } from '../src/slack/index.js';
import { defineJob } from './job-definition.js';

/**
 * `slack-action-sweep`: every minute and once at boot, confirmed Slack writes
 * cut off between their write and their audit row are finished (re-run when
 * their tool is idempotent, else closed as interrupted and reported). Safe to
 * run twice or at once: each stuck action is taken by one sweep (SKIP LOCKED).
 */
export const slackActionSweepJob = defineJob({
  queue: 'scheduled', payload: z.object({}).passthrough(), attempts: 1, backoffMs: 1_000,
  schedule: () => [{ every: 60_000 }],
});

export function slackActionSweepHandler(agent: Pick<AdminAgent, 'recover'>) {
  return async () => agent.recover();
}
