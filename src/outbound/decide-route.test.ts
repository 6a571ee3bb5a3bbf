import { describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS_HOURS, type BusinessHours } from '../shared/business-hours.js';
import { routeSend, type RouteDeps } from './decide-route.js';
import type { OutboundContext } from './contract.js';
import type { PreparedSend } from './outbound-store.js';
import type { RateLimiter, TakeResult } from './rate-limiter.js';

// Only what routeSend reads before the provider call: one number, always up, always a free slot.
const deps = (businessHours?: BusinessHours): RouteDeps => ({
  instances: ['julia'],
  provider: { unavailableUntil: () => undefined } as unknown as RouteDeps['provider'],
  rateLimiter: { take: async () => ({ ok: true }) } as unknown as RouteDeps['rateLimiter'],
  ...(businessHours && { businessHours }),
});
const ctx: OutboundContext = { method: 'CAMPAIGN', doctorId: 'd1', actor: 'julia' };
const prep = {} as PreparedSend;
const sundayNight = new Date('2026-11-22T23:00:00-03:00');

describe('routeSend and the configured business hours', () => {
  it('defers a proactive send outside the default window to Monday 08:00 São Paulo', async () => {
    const route = await routeSend(deps(), ctx, prep, { proactive: true, key: 'k', now: sundayNight });
    expect(route).toEqual({ kind: 'defer', until: new Date('2026-11-23T08:00:00-03:00'), reason: 'business_hours' });
    expect(await routeSend(deps(DEFAULT_BUSINESS_HOURS), ctx, prep, { proactive: true, key: 'k', now: sundayNight })).toEqual(route);
  });

  it('sends at once when the configured window covers the moment', async () => {
    const always: BusinessHours = { startHour: 0, endHour: 24, days: [1, 2, 3, 4, 5, 6, 7] };
    expect(await routeSend(deps(always), ctx, prep, { proactive: true, key: 'k', now: sundayNight })).toEqual({ kind: 'go', instance: 'julia' });
  });

  it('uses the configured window for the next opening too', async () => {
    const sundays: BusinessHours = { startHour: 10, endHour: 12, days: [7] };
    const route = await routeSend(deps(sundays), ctx, prep, { proactive: true, key: 'k', now: sundayNight });
    expect(route).toEqual({ kind: 'defer', until: new Date('2026-11-29T10:00:00-03:00'), reason: 'business_hours' });
  });
});

/**
 * A limiter whose capacity snapshot is stale: `remaining` still shows `full` as the emptiest
 * number (read before concurrent sends filled it), while `take` refuses it. This is what two
 * workers see when a burst of paused sends is released at once (the kill-switch test on the
 * PostgreSQL pass: one send deferred an hour with nine numbers free).
 */
function racedLimiter(full: string[], snapshot: Record<string, number>, retryAt: Record<string, Date> = {}) {
  const taken: string[] = [];
  const limiter: RateLimiter = {
    async take(instance): Promise<TakeResult> {
      taken.push(instance);
      if (full.includes(instance)) return { ok: false, retryAt: retryAt[instance] ?? new Date('2026-11-23T14:00:00Z'), window: 'hour' };
      return { ok: true };
    },
    async release() {},
    async remaining(instances) {
      return Object.fromEntries(instances.map((i) => [i, snapshot[i] ?? 0]));
    },
  };
  return { limiter, taken };
}
const monday10 = new Date('2026-11-23T10:00:00-03:00');
const routeDeps = (limiter: RateLimiter, down: string[] = []): RouteDeps => ({
  instances: ['n0', 'n1', 'n2'],
  provider: { unavailableUntil: (i: string) => (down.includes(i) ? new Date('2026-11-23T13:05:00Z') : null) } as unknown as RouteDeps['provider'],
  rateLimiter: limiter,
});

describe('routeSend: a number picked by capacity that turns out full', () => {
  it('goes out through another number with room instead of waiting for the full one', async () => {
    const { limiter, taken } = racedLimiter(['n0'], { n0: 9, n1: 3, n2: 5 });
    expect(await routeSend(routeDeps(limiter), ctx, prep, { proactive: true, key: 'k', now: monday10 })).toEqual({ kind: 'go', instance: 'n2' });
    expect(taken).toEqual(['n0', 'n2']);
  });

  it('skips numbers with an open circuit and numbers shown full', async () => {
    const { limiter, taken } = racedLimiter(['n0'], { n0: 9, n1: 3, n2: 5 });
    expect(await routeSend(routeDeps(limiter, ['n2']), ctx, prep, { proactive: true, key: 'k', now: monday10 })).toEqual({ kind: 'go', instance: 'n1' });
    expect(taken).toEqual(['n0', 'n1']);
  });

  it('defers only when every number refuses, until the first slot frees', async () => {
    const early = new Date('2026-11-23T13:20:00Z');
    const { limiter } = racedLimiter(['n0', 'n1', 'n2'], { n0: 9, n1: 3, n2: 5 }, { n2: early });
    expect(await routeSend(routeDeps(limiter), ctx, prep, { proactive: true, key: 'k', now: monday10 })).toEqual({ kind: 'defer', until: early, reason: 'rate_limit' });
  });

  it('a number chosen for the doctor (campaign assignment, last number talked with, a reservation) is not swapped', async () => {
    const { limiter, taken } = racedLimiter(['n0'], { n0: 9, n1: 3, n2: 5 });
    const d = routeDeps(limiter);
    const pinned = await routeSend(d, { ...ctx, instance: 'n0' }, prep, { proactive: true, key: 'k', now: monday10 });
    expect(pinned).toMatchObject({ kind: 'defer', reason: 'rate_limit' });
    const known = await routeSend(d, ctx, { last_instance: 'n0' } as PreparedSend, { proactive: true, key: 'k', now: monday10 });
    expect(known).toMatchObject({ kind: 'defer', reason: 'rate_limit' });
    const reserved = await routeSend(d, ctx, prep, { proactive: true, key: 'k', now: monday10, instance: 'n0' });
    expect(reserved).toMatchObject({ kind: 'defer', reason: 'rate_limit' });
    expect(taken).toEqual(['n0', 'n0', 'n0']);
  });
});
