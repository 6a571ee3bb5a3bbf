import type { CircuitView } from './circuit-store.js';
import { estimateCostUsd } from './prices.js';
import { fillMetricValues, type FillOutcomes } from './fill-outcomes.js';
import { handoffMetricValues, type HandoffOutcomes } from './handoff-outcomes.js';
import type { MetricsSnapshot, QueueStat } from './snapshot.js';

/** Filled by render() right before the registry serialises. */
export interface ScrapeState {
  snapshot?: MetricsSnapshot;
  queues?: QueueStat[];
  circuits?: CircuitView[];
  retrieval?: Map<string, { buckets: Map<number, number>; count: number; sum: number }>;
  handoffs?: HandoffOutcomes;
  fill?: FillOutcomes;
}

type Labels = Record<string, string | number>;
interface Value {
  value: number;
  labels?: Labels;
  metricName?: string;
}

/** prom-client accepts any object with name, help, type and get(); these read the scrape state. */
export function metric(name: string, help: string, type: 'counter' | 'gauge' | 'histogram' | 'summary', values: () => Value[]) {
  return { name, help, type, aggregator: 'sum', get: async () => ({ name, help, type, aggregator: 'sum', values: values() }) };
}

export function databaseMetrics(s: ScrapeState) {
  const snap = () => s.snapshot;
  return [
    metric('julia_inbound_messages_total', 'Doctor messages received and stored', 'counter', () => [{ value: snap()?.inbound ?? 0 }]),
    metric('julia_turns_total', 'Conversation turns by outcome (reply, handoff, or the processor reason that stopped it)', 'counter', () =>
      (snap()?.turns ?? []).map((t) => ({ value: t.count, labels: { outcome: t.outcome } })),
    ),
    metric('julia_turn_duration_seconds', 'Turn latency: inbound picked up to reply queued (sum of stage timings)', 'histogram', () => {
      const sn = snap();
      if (!sn) return [];
      const count = sn.turns.reduce((a, t) => a + t.count, 0);
      const sum = sn.turns.reduce((a, t) => a + t.sum_ms, 0) / 1000;
      return [
        ...sn.turn_buckets.map((b) => ({ metricName: 'julia_turn_duration_seconds_bucket', value: b.count, labels: { le: b.le / 1000 } })),
        { metricName: 'julia_turn_duration_seconds_bucket', value: count, labels: { le: '+Inf' } },
        { metricName: 'julia_turn_duration_seconds_sum', value: sum },
        { metricName: 'julia_turn_duration_seconds_count', value: count },
      ];
    }),
    metric('julia_turn_stage_seconds', 'Time spent per pipeline stage (processor or the agent), summed over turns', 'summary', () =>
      (snap()?.stages ?? []).flatMap((st) => [
        { metricName: 'julia_turn_stage_seconds_sum', value: st.sum_ms / 1000, labels: { stage: st.stage } },
        { metricName: 'julia_turn_stage_seconds_count', value: st.count, labels: { stage: st.stage } },
      ]),
    ),
    metric('julia_handoffs_total', 'Turns the agent handed to a person', 'counter', () => [{ value: snap()?.handoffs ?? 0 }]),
    metric('julia_turn_errors_total', 'Agent turns that recorded an error', 'counter', () => [{ value: snap()?.turn_errors ?? 0 }]),
    metric('julia_sends_total', 'Outbound messages by method and outcome (sent, blocked, deduped, failed, reserved, bypass)', 'counter', () =>
      (snap()?.sends ?? []).map((x) => ({ value: x.count, labels: { method: x.method, outcome: x.status } })),
    ),
    metric('julia_blocks_total', 'Outbound messages the guardrails blocked, by rule', 'counter', () =>
      (snap()?.blocks ?? []).map((b) => ({ value: b.count, labels: { rule: b.rule } })),
    ),
    metric('julia_model_calls_total', 'Anthropic API calls by model', 'counter', () =>
      (snap()?.models ?? []).map((m) => ({ value: m.calls, labels: { model: m.model } })),
    ),
    metric('julia_model_call_seconds_total', 'Time spent waiting for the model, by model', 'counter', () =>
      (snap()?.models ?? []).map((m) => ({ value: m.latency_ms / 1000, labels: { model: m.model } })),
    ),
    metric('julia_model_tokens_total', 'Tokens by model and kind (input, output, cache_read, cache_write)', 'counter', () =>
      (snap()?.models ?? []).flatMap((m) =>
        (['input', 'output', 'cache_read', 'cache_write'] as const).map((kind) => ({ value: m[kind], labels: { model: m.model, kind } })),
      ),
    ),
    metric('julia_model_cost_usd_total', 'Estimated model cost in US dollars at list prices, by model', 'counter', () =>
      (snap()?.models ?? []).flatMap((m) => {
        const cost = estimateCostUsd(m.model, m);
        return cost === undefined ? [] : [{ value: cost, labels: { model: m.model } }];
      }),
    ),
  ];
}

export function queueMetrics(s: ScrapeState) {
  return [
    metric('julia_queue_jobs', 'Jobs per queue and state (waiting, active, delayed, failed)', 'gauge', () =>
      (s.queues ?? []).flatMap((q) =>
        (['waiting', 'active', 'delayed', 'failed'] as const).map((state) => ({ value: q[state], labels: { queue: q.queue, state } })),
      ),
    ),
    metric('julia_queue_oldest_waiting_seconds', 'Age of the oldest job waiting to run, per queue', 'gauge', () =>
      (s.queues ?? []).map((q) => ({ value: q.oldestWaitingSeconds, labels: { queue: q.queue } })),
    ),
  ];
}

export function circuitMetrics(s: ScrapeState) {
  return [
    metric('julia_circuit_open', 'Circuit breakers: 1 while open (calls refused), 0 when closed', 'gauge', () =>
      (s.circuits ?? []).map((c) => ({ value: c.open ? 1 : 0, labels: { circuit: c.circuit, key: c.key } })),
    ),
  ];
}

export function retrievalMetrics(s: ScrapeState) {
  return [
    metric('julia_retrieval_seconds', 'Knowledge retrieval latency by mode (hybrid, or text when pgvector is absent), all processes', 'histogram', () =>
      [...(s.retrieval ?? new Map()).entries()].flatMap(([mode, h]) => [
        ...[...h.buckets.entries()].map(([le, count]) => ({ metricName: 'julia_retrieval_seconds_bucket', value: count, labels: { mode, le } })),
        { metricName: 'julia_retrieval_seconds_bucket', value: h.count, labels: { mode, le: '+Inf' } },
        { metricName: 'julia_retrieval_seconds_sum', value: h.sum, labels: { mode } },
        { metricName: 'julia_retrieval_seconds_count', value: h.count, labels: { mode } },
      ]),
    ),
  ];
}

export function handoffMetrics(s: ScrapeState) {
  return [
    metric('julia_handoffs_waiting', 'Hand-offs waiting now for the first message of a person', 'gauge', () => handoffMetricValues(s.handoffs).waiting),
    metric('julia_handoff_oldest_waiting_seconds', 'Age of the oldest hand-off still waiting for a person', 'gauge', () => handoffMetricValues(s.handoffs).oldest),
    metric('julia_handoff_first_human_reply_seconds', 'Time from a hand-off to the first message of a person (all hand-offs answered)', 'histogram', () => handoffMetricValues(s.handoffs).firstReply),
  ];
}

export function fillMetrics(s: ScrapeState) {
  return [
    metric('julia_fill_shifts', 'Shifts with a fill plan started in the window', 'gauge', () => fillMetricValues(s.fill).shifts),
    metric('julia_fill_filled', 'Of those, shifts filled (reserved by a doctor)', 'gauge', () => fillMetricValues(s.fill).filled),
    metric('julia_fill_rate', 'Share of the window\'s fill-planned shifts that were filled', 'gauge', () => fillMetricValues(s.fill).rate),
    metric('julia_fill_median_time_to_fill_seconds', 'Median time from a fill plan\'s start to the shift being reserved', 'gauge', () => fillMetricValues(s.fill).median),
    metric('julia_fill_offers_per_filled_shift', 'Offers sent per filled shift', 'gauge', () => fillMetricValues(s.fill).offers),
  ];
}
