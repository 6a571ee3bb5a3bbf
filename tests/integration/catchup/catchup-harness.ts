import { createDeadLetters } from '../../../src/inbound/index.js';
import { runCatchup, type CatchupOptions, type CatchupRequest } from '../../../src/catchup/index.js';
import type { Db } from '../../../src/db/index.js';
import { createEvolutionHistory } from '../../../src/integrations/evolution/index.js';
import { silentLogger, systemClock, type EnqueueOptions, type JobQueue } from '../../../src/shared/index.js';
import { jobDefinition } from '../../../workers/catalog.js';
import { inboundHandler } from '../../../workers/inbound.js';
import type { EvolutionFake } from '../../fakes/index.js';

export const INSTANCE = 'julia-prod';

/**
 * A JobQueue that behaves like BullMQ where catch-up relies on it (a job id
 * already added is a no-op) and runs `inbound` jobs with the real handler,
 * either at once or when `drain()` is called (a slow or stopped worker).
 */
export function inlineQueue(db: Db, opts: { runInbound?: 'now' | 'later'; failOnInbound?: number } = {}) {
  const ids = new Set<string>();
  const inboundOrder: string[] = [];
  const turns: string[] = [];
  const other: Array<{ name: string; payload: any; opts?: EnqueueOptions }> = [];
  const backlog: any[] = [];
  let inboundCount = 0;
  const queue: JobQueue = {
    async enqueue(name, payload: any, o) {
      // As the real queue (workers/queue.ts): a payload its job's schema refuses is never queued.
      const parsed = jobDefinition(name).payload.safeParse(payload);
      if (!parsed.success) throw new Error(`job ${name}: invalid payload: ${parsed.error.issues[0]?.message}`);
      if (o?.jobId && ids.has(o.jobId)) return { jobId: o.jobId };
      if (name === 'inbound') {
        inboundCount++;
        if (opts.failOnInbound && inboundCount === opts.failOnInbound) throw new Error('worker killed mid-run');
        inboundOrder.push(payload.providerMessageId);
        if (o?.jobId) ids.add(o.jobId);
        if (opts.runInbound === 'later') backlog.push(payload);
        else await handler(payload);
        return { jobId: o?.jobId ?? '' };
      }
      if (o?.jobId) ids.add(o.jobId);
      if (name === 'turn') turns.push(payload.conversationId);
      else other.push({ name, payload, ...(o && { opts: o }) });
      return { jobId: o?.jobId ?? '' };
    },
  };
  const handler = inboundHandler({ db, queue, logger: silentLogger, turnDebounceMs: 1_000 });
  return {
    queue, inboundOrder, turns, other,
    async drain() {
      for (const p of backlog.splice(0)) await handler(p);
    },
  };
}

export function catchupRunner(db: Db, evolution: EvolutionFake, queue: JobQueue, options: Partial<CatchupOptions> = {}, notices: string[] = []) {
  const history = createEvolutionHistory({ baseUrl: evolution.url, apiKey: evolution.apiKey });
  const deps = {
    db, history, queue, clock: systemClock, logger: silentLogger, deadLetters: createDeadLetters(db, silentLogger),
    notices: { post: async (t: string) => void notices.push(t) },
    options: { lagMs: 1_000, storeWaitMs: 300, ...options },
  };
  return (req: Partial<CatchupRequest> = {}) => runCatchup(deps, { instance: INSTANCE, reason: 'schedule', ...req });
}

export const nowS = () => Math.floor(Date.now() / 1000);
