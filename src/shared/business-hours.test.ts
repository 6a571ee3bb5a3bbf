import { describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS_HOURS, isBusinessHours, nextBusinessWindow, parseBusinessDays, parseBusinessHoursRange, type BusinessHours } from './business-hours.js';

const sp = (iso: string) => new Date(`${iso}-03:00`);

describe('parsing BUSINESS_HOURS and BUSINESS_DAYS', () => {
  it('reads whole-hour ranges, end exclusive, up to the whole day', () => {
    expect(parseBusinessHoursRange('08-20')).toEqual({ startHour: 8, endHour: 20 });
    expect(parseBusinessHoursRange(' 9 - 18 ')).toEqual({ startHour: 9, endHour: 18 });
    expect(parseBusinessHoursRange('00-24')).toEqual({ startHour: 0, endHour: 24 });
  });

  it('refuses malformed, empty, backwards and out-of-range hours', () => {
    for (const bad of ['', '8', '08:00-20:00', '20-08', '08-08', '08-25', '24-24', '-1-5', 'abc', '08-20-22']) {
      expect(() => parseBusinessHoursRange(bad), bad).toThrow(/HH-HH|0 <= start < end <= 24/);
    }
  });

  it('reads ISO weekdays as ranges and lists', () => {
    expect(parseBusinessDays('1-5')).toEqual([1, 2, 3, 4, 5]);
    expect(parseBusinessDays('1-7')).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(parseBusinessDays('1,3,5')).toEqual([1, 3, 5]);
    expect(parseBusinessDays('6-7, 1')).toEqual([1, 6, 7]);
    expect(parseBusinessDays('2,2-3')).toEqual([2, 3]);
  });

  it('refuses day 0, day 8, names, empty parts and backwards ranges', () => {
    for (const bad of ['', '0-6', '1-8', 'mon-fri', '1,,5', '5-1', '1-5,']) {
      expect(() => parseBusinessDays(bad), bad).toThrow();
    }
    expect(() => parseBusinessDays('5-1')).toThrow(/backwards/);
  });

  it('the defaults are spec O3: Monday to Friday, 08:00-20:00', () => {
    expect(DEFAULT_BUSINESS_HOURS).toEqual({ ...parseBusinessHoursRange('08-20'), days: parseBusinessDays('1-5') });
    expect(DEFAULT_BUSINESS_HOURS).toEqual({ startHour: 8, endHour: 20, days: [1, 2, 3, 4, 5] });
  });
});

describe('the default window (Mon-Fri 08:00-20:00 São Paulo)', () => {
  const w = DEFAULT_BUSINESS_HOURS;

  it('opens at 08:00 and closes at 20:00 exactly', () => {
    expect(isBusinessHours(sp('2026-11-23T07:59:59'), w)).toBe(false);
    expect(isBusinessHours(sp('2026-11-23T08:00:00'), w)).toBe(true);
    expect(isBusinessHours(sp('2026-11-23T19:59:59'), w)).toBe(true);
    expect(isBusinessHours(sp('2026-11-23T20:00:00'), w)).toBe(false);
  });

  it('is closed on weekends even though UTC is already Monday', () => {
    expect(isBusinessHours(sp('2026-11-22T12:00:00'), w)).toBe(false); // Sunday
    expect(isBusinessHours(sp('2026-11-22T22:30:00'), w)).toBe(false); // Sunday night, Monday in UTC
    expect(isBusinessHours(sp('2026-11-28T10:00:00'), w)).toBe(false); // Saturday
  });

  it('moves to the next window', () => {
    expect(nextBusinessWindow(sp('2026-11-23T06:00:00'), w).toISOString()).toBe(sp('2026-11-23T08:00:00').toISOString());
    expect(nextBusinessWindow(sp('2026-11-23T21:15:00'), w).toISOString()).toBe(sp('2026-11-24T08:00:00').toISOString());
    // Friday night and Saturday go to Monday 08:00.
    expect(nextBusinessWindow(sp('2026-11-27T20:00:00'), w).toISOString()).toBe(sp('2026-11-30T08:00:00').toISOString());
    expect(nextBusinessWindow(sp('2026-11-28T10:00:00'), w).toISOString()).toBe(sp('2026-11-30T08:00:00').toISOString());
    const inside = sp('2026-11-24T15:00:00');
    expect(nextBusinessWindow(inside, w)).toBe(inside);
  });
});

describe('a configured window', () => {
  const always: BusinessHours = { ...parseBusinessHoursRange('00-24'), days: parseBusinessDays('1-7') };

  it('"00-24" on days "1-7" covers every hour of every day of a week', () => {
    const start = sp('2026-11-22T00:00:00').getTime(); // a Sunday
    for (let h = 0; h < 7 * 24; h++) {
      const at = new Date(start + h * 3_600_000 + 59 * 60_000);
      expect(isBusinessHours(at, always), at.toISOString()).toBe(true);
      expect(nextBusinessWindow(at, always)).toBe(at);
    }
  });

  it('weekend-only, 09-13: Saturday and Sunday mornings', () => {
    const weekend: BusinessHours = { ...parseBusinessHoursRange('09-13'), days: parseBusinessDays('6-7') };
    expect(isBusinessHours(sp('2026-11-28T09:00:00'), weekend)).toBe(true); // Saturday
    expect(isBusinessHours(sp('2026-11-29T12:59:59'), weekend)).toBe(true); // Sunday
    expect(isBusinessHours(sp('2026-11-29T13:00:00'), weekend)).toBe(false);
    expect(isBusinessHours(sp('2026-11-23T10:00:00'), weekend)).toBe(false); // Monday
    // Sunday afternoon waits for next Saturday 09:00; Monday too.
    expect(nextBusinessWindow(sp('2026-11-29T14:00:00'), weekend).toISOString()).toBe(sp('2026-12-05T09:00:00').toISOString());
    expect(nextBusinessWindow(sp('2026-11-23T10:00:00'), weekend).toISOString()).toBe(sp('2026-11-28T09:00:00').toISOString());
    expect(nextBusinessWindow(sp('2026-11-28T07:00:00'), weekend).toISOString()).toBe(sp('2026-11-28T09:00:00').toISOString());
  });

  it('is São Paulo time whatever the process time zone (TZ=UTC in tests)', () => {
    const mondayOnly: BusinessHours = { startHour: 8, endHour: 9, days: [1] };
    // 08:30 Monday in São Paulo is 11:30 UTC.
    expect(isBusinessHours(new Date('2026-11-23T11:30:00Z'), mondayOnly)).toBe(true);
    expect(isBusinessHours(new Date('2026-11-23T08:30:00Z'), mondayOnly)).toBe(false);
  });
});
