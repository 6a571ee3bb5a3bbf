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
 * most capacity left.
 */
async function pickInstance(deps: RouteDeps, ctx: OutboundContext, prep: PreparedSend, proactive: boolean, now: Date): Promise<string> {
  const known = (i: string | null | undefined): i is string => !!i && deps.instances.includes(i);
  if (known(ctx.instance)) return ctx.instance;
  if (!proactive && known(prep.inbound?.instance)) return prep.inbound.instance;
  if (known(prep.last_instance)) return prep.last_instance;
  if (!proactive || deps.instances.length === 1) return deps.instances[0]!;
  const remaining = await deps.rateLimiter.remaining(deps.instances, now);
  return deps.instances.reduce((best, i) => ((remaining[i] ?? 0) > (remaining[best] ?? 0) ? i : best), deps.instances[0]!);
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
  const instance = opts.instance ?? (await pickInstance(deps, ctx, prep, proactive, now));
  const down = deps.provider.unavailableUntil(instance);
  if (down) return { kind: 'defer', until: down, reason: 'provider_unavailable' };
  if (proactive) {
    const slot = await deps.rateLimiter.take(instance, opts.key, now);
    if (!slot.ok) return { kind: 'defer', until: slot.retryAt, reason: 'rate_limit' };
  }
  return { kind: 'go', instance };
}
