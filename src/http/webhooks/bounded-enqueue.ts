import { Deadlines, type JobQueue } from '../../shared/index.js';

/**
 * How long a webhook waits for Redis to take its job before answering 503.
 * A disconnected Redis fails at once: the add would only wait for a reconnect;
 * Evolution retries, and the job id makes a late add harmless. A connected one
 * that is merely slow (1,000 doctors at once on two cores,
 * docs/decisions/0185-inbound-load.md) gets this long: the former 2 s turned a
 * wait of a few seconds into a 503 that looked like a lost message. Evolution's
 * own request timeout is 30 s by default (WEBHOOK_REQUEST_TIMEOUT_MS), so 10 s
 * stays well inside it, and what a waiting request holds is bounded by the
 * body cap.
 */
export const WEBHOOK_ENQUEUE_DEADLINE_MS = 10_000;

/** One shared timer per deadline length (in practice one: the webhooks' 10 s). */
const deadlines = new Map<number, Deadlines>();

/** Runs `add` unless the queue's connection is down, and rejects with TimeoutError past the deadline. */
export function boundedEnqueue<T>(queue: JobQueue, what: string, add: () => Promise<T>, deadlineMs = WEBHOOK_ENQUEUE_DEADLINE_MS): Promise<T> {
  if (queue.connected && !queue.connected()) return Promise.reject(new Error(`${what}: Redis is not connected`));
  let d = deadlines.get(deadlineMs);
  if (!d) deadlines.set(deadlineMs, (d = new Deadlines(deadlineMs)));
  return d.race(add(), what);
}
