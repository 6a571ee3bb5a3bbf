/**
 * Per-instance circuit breaker: after `threshold` consecutive failures the
 * instance is skipped for `cooldownMs`, then one trial call decides. Without it
 * a dead provider would burn every queued job's retries in a few seconds.
 */
import { observe } from '../../shared/observe.js';

export interface CircuitBreakerOptions {
  /** Label for metrics and `julia status` (default "evolution"). */
  name?: string;
  threshold?: number;
  cooldownMs?: number;
  now?: () => number;
}

interface CircuitState {
  failures: number;
  openUntil: number;
  trialInFlight: boolean;
}

export class CircuitBreaker {
  private readonly states = new Map<string, CircuitState>();
  private readonly threshold: number;
  private readonly cooldownMs: number;
  private readonly now: () => number;
  private readonly name: string;

  constructor(opts: CircuitBreakerOptions = {}) {
    this.name = opts.name ?? 'evolution';
    this.threshold = opts.threshold ?? 5;
    this.cooldownMs = opts.cooldownMs ?? 15_000;
    this.now = opts.now ?? Date.now;
  }

  /** null when a call may go ahead; otherwise when to try again. */
  blockedUntil(key: string): number | null {
    const s = this.states.get(key);
    if (!s || s.failures < this.threshold) return null;
    if (this.now() < s.openUntil) return s.openUntil;
    // Half-open: exactly one trial at a time.
    return s.trialInFlight ? this.now() + 1_000 : null;
  }

  /** Call right before the request; returns false if the circuit refuses it. */
  acquire(key: string): boolean {
    if (this.blockedUntil(key) !== null) return false;
    const s = this.states.get(key);
    if (s && s.failures >= this.threshold) s.trialInFlight = true;
    return true;
  }

  success(key: string): void {
    const wasOpen = (this.states.get(key)?.failures ?? 0) >= this.threshold;
    this.states.delete(key);
    // Transitions only: the metrics layer records them where every process can read them.
    if (wasOpen) observe('circuit', 0, { circuit: this.name, key });
  }

  /** Opens at once for `ms` (a configuration fault: retrying sooner cannot help). */
  trip(key: string, ms: number): void {
    this.states.set(key, { failures: this.threshold, openUntil: this.now() + ms, trialInFlight: false });
  }

  failure(key: string): void {
    const s = this.states.get(key) ?? { failures: 0, openUntil: 0, trialInFlight: false };
    s.failures += 1;
    s.trialInFlight = false;
    if (s.failures >= this.threshold) s.openUntil = this.now() + this.cooldownMs;
    this.states.set(key, s);
    if (s.failures === this.threshold) observe('circuit', 1, { circuit: this.name, key });
  }
}
