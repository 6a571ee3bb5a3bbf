import { Registry } from 'prom-client';
import { AckStats } from './ack-stats.js';
import { SharedHistogram } from './shared-histogram.js';
import type { Db } from '../db/index.js';
import type { Redis } from '../redis/index.js';
import { onObservation } from '../shared/observe.js';
import type { Logger } from '../shared/logger.js';
import { CircuitStore } from './circuit-store.js';
import { databaseMetrics, fillMetrics, handoffMetrics, queueMetrics, circuitMetrics, retrievalMetrics, metric, type ScrapeState } from './scrape-metrics.js';
import { FILL_METRICS_WINDOW_DAYS, loadFillOutcomes } from './fill-outcomes.js';
import { loadHandoffOutcomes } from './handoff-outcomes.js';
import { loadSnapshot, type QueueStatsFn } from './snapshot.js';

export interface MetricsDeps {
  db: Db;
  redis: Redis;
  prefix: string;
  queueStats: QueueStatsFn;
  logger?: Logger;
  /** The clock the fill-plan window is measured from (the app's clock). */
  now?: () => Date;
}

export interface Metrics {
  contentType: string;
  /** The Prometheus text exposition, computed now. */
  render(): Promise<string>;
  circuits: CircuitStore;
  close(): void;
}

/**
 * One registry per process. Business counters come from the database at scrape
 * time (they survive restarts and add up across web and worker); queue depths
 * from BullMQ; circuit states and retrieval latency from Redis (the worker
 * records them, web serves them); webhook acknowledgements are what this
 * process (web) answered since it started.
 */
export function createMetrics(deps: MetricsDeps): Metrics {
  const registry = new Registry();
  const circuits = new CircuitStore(deps.redis, deps.prefix);
  const acks = new AckStats();
  registry.registerMetric(
    metric('julia_webhook_acks_total', 'Webhook responses by route and HTTP status, counted by this process since it started', 'counter', () => acks.counterValues()) as never,
  );
  registry.registerMetric(
    metric('julia_webhook_ack_seconds', 'Time to acknowledge a webhook, by route (this process)', 'histogram', () => acks.histogramValues('julia_webhook_ack_seconds')) as never,
  );
  // Retrieval runs in the worker, /metrics is served by web: the histogram lives in Redis.
  const retrieval = new SharedHistogram(deps.redis, `${deps.prefix}:ops:retrieval`, [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]);
  const stop = onObservation((o) => {
    if (o.name === 'webhook_ack') {
      acks.record(o.labels.route ?? 'other', o.labels.status ?? '0', o.value);
    } else if (o.name === 'retrieval') {
      retrieval.observe(o.labels.mode ?? 'hybrid', o.value).catch((err: Error) => deps.logger?.warn({ err: err.message }, 'retrieval latency not recorded'));
    } else if (o.name === 'circuit') {
      const view = { circuit: o.labels.circuit ?? 'unknown', key: o.labels.key ?? '', open: o.value === 1, at: Date.now() };
      circuits.record(view).catch((err: Error) => deps.logger?.warn({ err: err.message }, 'circuit state not recorded'));
    }
  });

  const state: ScrapeState = {};
  for (const m of [...databaseMetrics(state), ...queueMetrics(state), ...circuitMetrics(state), ...retrievalMetrics(state), ...handoffMetrics(state), ...fillMetrics(state)]) registry.registerMetric(m as never);

  return {
    contentType: registry.contentType,
    circuits,
    async render() {
      // One round trip each, then every metric reads from `state`.
      const until = deps.now?.() ?? new Date();
      const since = new Date(until.getTime() - FILL_METRICS_WINDOW_DAYS * 86_400_000);
      const [snapshot, queues, open, retrievals, handoffs, fill] = await Promise.all([
        loadSnapshot(deps.db), deps.queueStats(), circuits.list(), retrieval.read(), loadHandoffOutcomes(deps.db), loadFillOutcomes(deps.db, { since, until }),
      ]);
      Object.assign(state, { snapshot, queues, circuits: open, retrieval: retrievals, handoffs, fill });
      return registry.metrics();
    },
    close: stop,
  };
}
