/**
 * Time is stored in UTC and reasoned about in America/Sao_Paulo. Brazil has
 * had no DST since 2019, but we still go through Intl so a future rule change
 * only needs a tzdata update, not code.
 */
export const SAO_PAULO = 'America/Sao_Paulo';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function fixedClock(at: Date | string): Clock & { set(at: Date | string): void } {
  let current = new Date(at);
  return { now: () => new Date(current), set: (next) => (current = new Date(next)) };
}

export interface LocalParts {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number; // 0 = Sunday
}

const partsFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: SAO_PAULO,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  weekday: 'short',
});
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * Intl's formatToParts costs microseconds a call and a turn makes a few dozen
 * (the prompt's calendar alone: 8 days, each through spLocalToUtc), mostly for
 * the same instants (noon of the coming days). The parts of a given second
 * never change, so the last few hundred are kept.
 */
const recentParts = new Map<number, LocalParts>();
const RECENT_PARTS = 512;

export function spParts(date: Date): LocalParts {
  const second = Math.floor(date.getTime() / 1000);
  const cached = recentParts.get(second);
  if (cached) return { ...cached };
  const map: Record<string, string> = {};
  for (const p of partsFormatter.formatToParts(date)) map[p.type] = p.value;
  const parts = {
    year: Number(map.year),
    month: Number(map.month),
    day: Number(map.day),
    hour: Number(map.hour),
    minute: Number(map.minute),
    second: Number(map.second),
    weekday: WEEKDAYS.indexOf(map.weekday ?? ''),
  };
  // An invalid date (NaN) is not kept: its parts are NaN and it is rare.
  if (Number.isFinite(second)) {
    if (recentParts.size >= RECENT_PARTS) recentParts.delete(recentParts.keys().next().value!);
    recentParts.set(second, parts);
  }
  return { ...parts };
}

/** Offset of São Paulo from UTC at `date`, in minutes (-180 today). */
export function spOffsetMinutes(date: Date): number {
  const p = spParts(date);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
}

/** The UTC instant of a São Paulo wall-clock time. Month is 1-12; overflow rolls over. */
export function spLocalToUtc(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  const guess = new Date(Date.UTC(year, month - 1, day, hour, minute));
  const first = new Date(guess.getTime() - spOffsetMinutes(guess) * 60_000);
  // Re-check with the offset at the candidate instant, in case it differs.
  return new Date(guess.getTime() - spOffsetMinutes(first) * 60_000);
}

/** Midnight (São Paulo) of the local day `days` after `date`. */
export function spStartOfDay(date: Date, days = 0): Date {
  const p = spParts(date);
  return spLocalToUtc(p.year, p.month, p.day + days, 0, 0);
}

/** "2026-11-22" in São Paulo. */
export function spDateString(date: Date): string {
  const p = spParts(date);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** "sáb 22/11 às 19:00" style, for prompts and messages. */
export function spHuman(date: Date): string {
  const p = spParts(date);
  const names = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb'];
  return `${names[p.weekday]} ${pad(p.day)}/${pad(p.month)} às ${pad(p.hour)}:${pad(p.minute)}`;
}

/** ISO-8601 with the São Paulo offset, e.g. 2026-11-22T10:00:00-03:00. */
export function spIso(date: Date): string {
  const p = spParts(date);
  const off = spOffsetMinutes(date);
  const sign = off < 0 ? '-' : '+';
  const abs = Math.abs(off);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
