import { spLocalToUtc, spParts } from './time.js';

/**
 * When proactive messages (campaigns, follow-ups) may go out, always in São
 * Paulo time (spec O3). `start` is inclusive and `end` exclusive, in whole
 * hours (0-24); `days` are ISO weekdays, 1 = Monday … 7 = Sunday.
 * Configured by BUSINESS_HOURS and BUSINESS_DAYS (docs/decisions/0190-business-hours.md).
 */
export interface BusinessHours {
  readonly startHour: number;
  readonly endHour: number;
  readonly days: readonly number[];
}

/** Spec O3: Monday to Friday, 08:00-20:00 São Paulo. */
export const DEFAULT_BUSINESS_HOURS: BusinessHours = Object.freeze({ startHour: 8, endHour: 20, days: Object.freeze([1, 2, 3, 4, 5]) });

/** JS weekday (0 = Sunday) to ISO (7 = Sunday). */
const isoWeekday = (jsWeekday: number) => (jsWeekday === 0 ? 7 : jsWeekday);

/**
 * "08-20": from 08:00 up to (not including) 20:00. "00-24" is the whole day.
 * Windows across midnight ("22-06") are refused: nothing needs them, and they
 * would make "which day's window" ambiguous.
 */
export function parseBusinessHoursRange(text: string): { startHour: number; endHour: number } {
  const m = /^\s*(\d{1,2})\s*-\s*(\d{1,2})\s*$/.exec(text);
  if (!m) throw new Error(`expected "HH-HH" in whole hours, like "08-20"`);
  const startHour = Number(m[1]);
  const endHour = Number(m[2]);
  if (startHour > 23 || endHour > 24 || startHour >= endHour) throw new Error(`expected 0 <= start < end <= 24, like "08-20" or "00-24"`);
  return { startHour, endHour };
}

/** "1-5" (Monday to Friday), "1-7" (every day), "1,3,5" or "1-5,7"; ISO weekdays 1 = Monday … 7 = Sunday. */
export function parseBusinessDays(text: string): number[] {
  const days = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^\s*([1-7])\s*(?:-\s*([1-7])\s*)?$/.exec(part);
    if (!m) throw new Error(`expected ISO weekdays 1 (Monday) to 7 (Sunday) as ranges or a list, like "1-5" or "1-5,7"`);
    const from = Number(m[1]);
    const to = Number(m[2] ?? m[1]);
    if (from > to) throw new Error(`range ${from}-${to} runs backwards; write it as a list, like "6-7,1"`);
    for (let d = from; d <= to; d++) days.add(d);
  }
  return [...days].sort((a, b) => a - b);
}

export function isBusinessHours(at: Date, window: BusinessHours): boolean {
  const p = spParts(at);
  if (!window.days.includes(isoWeekday(p.weekday))) return false;
  return p.hour >= window.startHour && p.hour < window.endHour;
}

/** `at` itself when inside business hours, else the start of the next window. */
export function nextBusinessWindow(at: Date, window: BusinessHours): Date {
  if (isBusinessHours(at, window)) return at;
  const p = spParts(at);
  // Start from today's opening if we are before it, otherwise from the next day's.
  let dayOffset = p.hour < window.startHour ? 0 : 1;
  for (let i = 0; i < 8; i++) {
    const candidate = spLocalToUtc(p.year, p.month, p.day + dayOffset, window.startHour, 0);
    if (window.days.includes(isoWeekday(spParts(candidate).weekday))) return candidate;
    dayOffset++;
  }
  throw new Error('unreachable: no business day in eight days');
}
