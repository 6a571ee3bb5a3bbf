import { spLocalToUtc, spParts } from './time.js';

/** Proactive messages go out Monday to Friday, 08:00-20:00 São Paulo (spec O3). */
export const BUSINESS_START_HOUR = 8;
export const BUSINESS_END_HOUR = 20;

export function isBusinessHours(at: Date): boolean {
  const p = spParts(at);
  if (p.weekday === 0 || p.weekday === 6) return false;
  return p.hour >= BUSINESS_START_HOUR && p.hour < BUSINESS_END_HOUR;
}

/** `at` itself when inside business hours, else the start of the next window. */
export function nextBusinessWindow(at: Date): Date {
  if (isBusinessHours(at)) return at;
  const p = spParts(at);
  // Start from today's 08:00 if we are before it, otherwise tomorrow's.
  let dayOffset = p.hour < BUSINESS_START_HOUR ? 0 : 1;
  for (let i = 0; i < 8; i++) {
    const candidate = spLocalToUtc(p.year, p.month, p.day + dayOffset, BUSINESS_START_HOUR, 0);
    const weekday = spParts(candidate).weekday;
    if (weekday !== 0 && weekday !== 6) return candidate;
    dayOffset++;
  }
  throw new Error('unreachable: no weekday in eight days');
}
