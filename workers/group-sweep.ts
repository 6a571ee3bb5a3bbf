import { z } from 'zod';
import type { Db } from '../src/db/index.js';
import type { JobQueue, Logger } from '../src/shared/index.js';
import { armGroupProcess } from './group-process.js';
import { defineJob } from './job-definition.js';

/**
 * Every few minutes: group messages still pending a while after they arrived
 * lost their job (crash between save and enqueue, Redis hiccup) or waited for
 * the model; arm them again. Same job id as at ingest, so nothing doubles.
 */
export const groupSweepJob = defineJob({
  queue: 'scheduled', payload: z.object({}), attempts: 1, backoffMs: 1_000,
  schedule: () => [{ every: GROUP_SWEEP_EVERY_MS }],
});

export const GROUP_SWEEP_EVERY_MS = 5 * 60_000;
const MIN_AGE_MS = 2 * 60_000;

export function groupSweepHandler(deps: { db: Db; queue: JobQueue; logger: Logger; now?: () => Date; batch?: number }) {
  return async () => {
    const now = deps.now?.() ?? new Date();
    const ids = await deps.db.rpc<string[]>('group_messages_pending', {
      p_older_than: new Date(now.getTime() - MIN_AGE_MS),
      p_limit: deps.batch ?? 500,
    });
    const bucket = String(Math.floor(now.getTime() / GROUP_SWEEP_EVERY_MS));
    for (const id of ids) await armGroupProcess(deps.queue, id, bucket);
    if (ids.length) deps.logger.info({ count: ids.length }, 'group sweep re-armed pending group messages');
    return { armed: ids.length };
  };
}
