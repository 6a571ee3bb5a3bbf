import { describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS_HOURS, type BusinessHours } from '../shared/business-hours.js';
import { routeSend, type RouteDeps } from './decide-route.js';
import type { OutboundContext } from './contract.js';
import type { PreparedSend } from './outbound-store.js';

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
