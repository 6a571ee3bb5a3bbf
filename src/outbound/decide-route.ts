import { DEFAULT_BUSINESS_HOURS, isBusinessHours, nextBusinessWindow, type BusinessHours } from '../shared/business-hours.js';
import type { WhatsAppProvider } from '../integrations/evolution/index.js';
import type { OutboundContext } from './contract.js';
import type { PreparedSend } from './outbound-store.js';
import type { RateLimiter } from './rate-limiter.js';

export type DeferReason = 'business_hours' | 'rate_limit' | 'provider_unavailable' | 'in_doubt' | 'safe_mode';
export type Route = { kind: 'go'; instance: string } | { kind: 'defer'; until: Date; reason: DeferReason };

export interface RouteDeps {
  instances: string[];
  provider: WhatsAppProvider;
  rateLimiter: RateLimiter;
  /** BUSINESS_HOURS / BUSINESS_DAYS; spec O3's Monday-Friday 08-20 when absent. */
  businessHours?: BusinessHours;
}

/**
 * Which number the message leaves from: a reply through the number the doctor
 * wrote to; a proactive message through the number the doctor last talked
 * with (a new number out of the blue looks like spam), else the one with the
 * most capacity left. `free` says the number was chosen by capacity alone, so
 * another number with room will do as well.
 */
async function pickInstance(deps: RouteDeps, ctx: OutboundContext, prep: PreparedSend, proactive: boolean, now: Date): Promise<{ instance: string; free: boolean }> {
  const known = (i: string | null | undefined): i is string => !!i && deps.instances.includes(i);
  if (known(ctx.instance)) return { instance: ctx.instance, free: false };
  if (!proactive && known(prep.inbound?.instance)) return { instance: prep.inbound.instance, free: false };
  if (known(prep.last_instance)) return { instance: prep.last_instance, free: false };
  if (!proactive || deps.instances.length === 1) return { instance: deps.instances[0]!, free: false };
  const remaining = await deps.rateLimiter.remaining(deps.instances, now);
  return { instance: deps.instances.reduce((best, i) => ((remaining[i] ?? 0) > (remaining[best] ?? 0) ? i : best), deps.instances[0]!), free: true };
}

/**
 * The number picked by capacity had no slot left: capacity was read before the
 * slot was taken, so concurrent sends (two workers, a burst released when
 * safe_mode is cleared) all pick the same "emptiest" number and the late ones
 * find it full. Try the other numbers with room, fullest-headroom first, before
 * deferring; defer only when every number refuses, until the first slot frees.
 */
async function takeAnySlot(deps: RouteDeps, first: string, refusedUntil: Date, key: string, now: Date): Promise<Route> {
  const remaining = await deps.rateLimiter.remaining(deps.instances, now);
  const others = deps.instances.filter((i) => i !== first && (remaining[i] ?? 0) > 0).sort((a, b) => (remaining[b] ?? 0) - (remaining[a] ?? 0));
  let until = refusedUntil;
  for (const instance of others) {
    if (deps.provider.unavailableUntil(instance)) continue;
    const slot = await deps.rateLimiter.take(instance, key, now);
    if (slot.ok) return { kind: 'go', instance };
    if (slot.retryAt < until) until = slot.retryAt;
  }
  return { kind: 'defer', until, reason: 'rate_limit' };
}

/**
 * After the guardrails allowed a send: business hours and the per-number
 * limits for proactive sends, then the circuit breaker. The rate slot is taken
 * here (keyed by the idempotency key, so a retry re-takes its own slot).
 */
export async function routeSend(
  deps: RouteDeps,
  ctx: OutboundContext,
  prep: PreparedSend,
  opts: { proactive: boolean; key: string; now: Date; instance?: string | null; unpaced?: boolean },
): Promise<Route> {
  const { proactive, now } = opts;
  // O3; a reminder the doctor asked for is delivered at the time asked, and a
  // person answering a doctor who wrote in the last 24 h is not held to hours.
  const hours = deps.businessHours ?? DEFAULT_BUSINESS_HOURS;
  if (proactive && ctx.method !== 'REMINDER' && !opts.unpaced && !isBusinessHours(now, hours)) {
    return { kind: 'defer', until: nextBusinessWindow(now, hours), reason: 'business_hours' };
  }
  // A send already reserved on a number stays on it (its in-doubt call may have reached Evolution there).
  const { instance, free } = opts.instance ? { instance: opts.instance, free: false } : await pickInstance(deps, ctx, prep, proactive, now);
  const down = deps.provider.unavailableUntil(instance);
  if (down) return { kind: 'defer', until: down, reason: 'provider_unavailable' };
  if (proactive) {
    const slot = await deps.rateLimiter.take(instance, opts.key, now);
    if (!slot.ok) return free ? takeAnySlot(deps, instance, slot.retryAt, opts.key, now) : { kind: 'defer', until: slot.retryAt, reason: 'rate_limit' };
  }
  return { kind: 'go', instance };
}
