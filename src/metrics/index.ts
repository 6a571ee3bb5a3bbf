/** Public surface of operations metrics: /metrics and `julia status` read from here. */
export { createMetrics, type Metrics, type MetricsDeps } from './create-metrics.js';
export { CircuitStore, type CircuitView } from './circuit-store.js';
export { loadSnapshot, TURN_BUCKETS_MS, type MetricsSnapshot, type QueueStat, type QueueStatsFn } from './snapshot.js';
export { estimateCostUsd, priceOf } from './prices.js';
export { loadStatus, formatStatus, type StatusReport } from './status-report.js';
export { loadHandoffOutcomes, formatHandoffOutcomes, humanDuration, FIRST_REPLY_BUCKETS_S, type HandoffOutcomes } from './handoff-outcomes.js';
export { loadFillOutcomes, formatFillOutcomes, FILL_METRICS_WINDOW_DAYS, type FillOutcomes } from './fill-outcomes.js';
