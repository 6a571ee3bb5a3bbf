import { describe, expect, it } from 'vitest';
import { spDateString, spHuman, spIso, spLocalToUtc, spParts, spStartOfDay } from './time.js';

describe('São Paulo time', () => {
  it('converts wall clock to UTC (UTC-3, no DST since 2019)', () => {
    expect(spLocalToUtc(2026, 11, 23, 10, 0).toISOString()).toBe('2026-11-23T13:00:00.000Z');
    // Historical DST (summer 2018/19) is honoured through the tz database.
    expect(spLocalToUtc(2019, 1, 15, 10, 0).toISOString()).toBe('2019-01-15T12:00:00.000Z');
  });

  it('rolls day overflow across month and year boundaries', () => {
    expect(spLocalToUtc(2026, 11, 31, 10, 0).toISOString()).toBe('2026-12-01T13:00:00.000Z');
    expect(spLocalToUtc(2026, 12, 32, 10, 0).toISOString()).toBe('2027-01-01T13:00:00.000Z');
  });

  it('reads local parts and the local date across UTC midnight', () => {
    const lateEvening = new Date('2026-11-23T02:30:00Z'); // 23:30 on the 22nd in São Paulo
    expect(spDateString(lateEvening)).toBe('2026-11-22');
    expect(spParts(lateEvening)).toMatchObject({ hour: 23, minute: 30, weekday: 0 });
    expect(spIso(lateEvening)).toBe('2026-11-22T23:30:00-03:00');
    expect(spHuman(lateEvening)).toBe('dom 22/11 às 23:30');
    expect(spStartOfDay(lateEvening, 1).toISOString()).toBe('2026-11-23T03:00:00.000Z');
  });
});
