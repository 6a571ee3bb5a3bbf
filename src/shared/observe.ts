/**
 * In-process observations that only the process itself can see (a webhook's
 * acknowledgement, a retrieval's latency). Producers call `observe` and stay
 * unaware of Prometheus; src/metrics subscribes. With no subscriber it costs a
 * loop over an empty set.
 */
export interface Observation {
  name: 'webhook_ack' | 'retrieval' | 'circuit';
  /** Seconds for latencies, 1 for counted events, a state code for gauges. */
  value: number;
  labels: Record<string, string>;
}

type Listener = (o: Observation) => void;
const listeners = new Set<Listener>();

export function observe(name: Observation['name'], value: number, labels: Record<string, string> = {}): void {
  for (const l of listeners) {
    try {
      l({ name, value, labels });
    } catch {
      // A broken metrics listener must never break the request or the turn.
    }
  }
}

/** Returns the unsubscribe function. */
export function onObservation(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
