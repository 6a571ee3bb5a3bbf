import type { Db } from '../db/index.js';

/** What `metrics_snapshot()` (migration 0095) returns: totals since the database began. */
export interface MetricsSnapshot {
  turns: Array<{ outcome: string; count: number; sum_ms: number }>;
  turn_buckets: Array<{ le: number; count: number }>;
  stages: Array<{ stage: string; count: number; sum_ms: number }>;
  sends: Array<{ method: string; status: string; count: number }>;
  blocks: Array<{ rule: string; count: number }>;
  models: Array<{ model: string; calls: number; input: number; output: number; cache_read: number; cache_write: number; latency_ms: number }>;
  inbound: number;
  handoffs: number;
  turn_errors: number;
}

/** Turn latency buckets, in milliseconds (a turn includes the model's answer). */
export const TURN_BUCKETS_MS = [500, 1_000, 2_500, 5_000, 10_000, 20_000, 40_000, 60_000];

export function loadSnapshot(db: Db): Promise<MetricsSnapshot> {
  return db.rpc<MetricsSnapshot>('metrics_snapshot', { p_buckets_ms: TURN_BUCKETS_MS });
}

export interface QueueStat {
  queue: string;
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
  /** Age of the oldest job waiting to run, in seconds (0 when none waits). */
  oldestWaitingSeconds: number;
}

export type QueueStatsFn = () => Promise<QueueStat[]>;
