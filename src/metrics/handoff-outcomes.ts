import type { Db } from '../db/index.js';

/** What `handoff_outcomes()` (migration 0250) returns. */
export interface HandoffOutcomes {
  /** Hand-offs waiting now for a person's first message. */
  waiting: number;
  oldestWaitingSeconds: number;
  /** Hand-offs started in the period, and those among them a person answered. */
  started: number;
  replied: number;
  sumSeconds: number;
  medianSeconds: number | null;
  p90Seconds: number | null;
  /** Cumulative: hand-offs answered within `le` seconds. */
  buckets: Array<{ le: number; count: number }>;
  /** How the period's hand-offs ended (handback_resolved, handback_expired, ..., aberto). */
  endings: Record<string, number>;
}

/** Time to first human reply buckets, in seconds (1 minute to 1 day). */
export const FIRST_REPLY_BUCKETS_S = [60, 300, 900, 1800, 3600, 7200, 14400, 43200, 86400];

/** Hand-offs started in [from, to) (all of them without a period) and those waiting now. */
export function loadHandoffOutcomes(db: Db, period: { from?: Date; to?: Date } = {}): Promise<HandoffOutcomes> {
  return db.rpc<HandoffOutcomes>('handoff_outcomes', { p_from: period.from ?? null, p_to: period.to ?? null, p_buckets_s: FIRST_REPLY_BUCKETS_S });
}

/** A duration as a person reads it: 45s, 12min, 3.5h. */
export function humanDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '-';
  if (seconds < 60) return `${Math.round(seconds)}s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)}min`;
  return `${(seconds / 3600).toFixed(1)}h`;
}

/** One line for the managers and the terminal. */
export function formatHandoffOutcomes(o: HandoffOutcomes): string {
  return `Hand-offs aguardando uma pessoa: ${o.waiting}${o.waiting > 0 ? ` (mais antigo há ${humanDuration(o.oldestWaitingSeconds)})` : ''} · 1ª resposta humana: mediana ${humanDuration(o.medianSeconds)}, p90 ${humanDuration(o.p90Seconds)} (${o.replied} de ${o.started})`;
}

/** The /metrics view: a gauge of hand-offs waiting and a histogram of time to first human reply. */
export function handoffMetricValues(o: HandoffOutcomes | undefined) {
  if (!o) return { waiting: [], oldest: [], firstReply: [] };
  return {
    waiting: [{ value: o.waiting }],
    oldest: [{ value: o.oldestWaitingSeconds }],
    firstReply: [
      ...o.buckets.map((b) => ({ metricName: 'julia_handoff_first_human_reply_seconds_bucket', value: b.count, labels: { le: b.le } })),
      { metricName: 'julia_handoff_first_human_reply_seconds_bucket', value: o.replied, labels: { le: '+Inf' } },
      { metricName: 'julia_handoff_first_human_reply_seconds_sum', value: o.sumSeconds },
      { metricName: 'julia_handoff_first_human_reply_seconds_count', value: o.replied },
    ],
  };
}
