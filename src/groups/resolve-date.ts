import { fold, spLocalToUtc, spParts } from '../shared/index.js';

export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

const WEEKDAYS = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sab'];

/**
 * A date as people write it in a group, read relative to the post in São
 * Paulo: ISO, "12/12", "12/12/26", "dia 12", "sexta (27)", "sábado", "hoje",
 * "hj", "amanhã", "depois de amanhã". Day-month dates more than a week in
 * the past mean next year ("15/03" posted in November); a bare day before the
 * post's day means next month.
 */
export function resolveDate(expr: string | null | undefined, postedAt: Date): LocalDate | null {
  if (!expr) return null;
  const t = fold(expr).trim();
  const post = spParts(postedAt);
  const postDay = Date.UTC(post.year, post.month - 1, post.day);
  const iso = /(\d{4})-(\d{2})-(\d{2})/.exec(t);
  if (iso) return { year: +iso[1]!, month: +iso[2]!, day: +iso[3]! };
  const dm = /\b(\d{1,2})\/(\d{1,2})(?:\/(\d{2,4}))?\b/.exec(t);
  if (dm) {
    const day = +dm[1]!, month = +dm[2]!;
    if (month < 1 || month > 12 || day < 1 || day > 31) return null;
    if (dm[3]) return { year: dm[3].length === 2 ? 2000 + +dm[3] : +dm[3], month, day };
    const thisYear = Date.UTC(post.year, month - 1, day);
    const year = thisYear < postDay - 7 * 86_400_000 ? post.year + 1 : post.year;
    return { year, month, day };
  }
  const bareDay = /\bdia (\d{1,2})\b|\((\d{1,2})\)/.exec(t);
  if (bareDay) {
    const day = +(bareDay[1] ?? bareDay[2])!;
    if (day < 1 || day > 31) return null;
    return day >= post.day ? fromUtcDay(Date.UTC(post.year, post.month - 1, day)) : fromUtcDay(Date.UTC(post.year, post.month, day));
  }
  if (/depois de amanha/.test(t)) return addDays(postDay, 2);
  if (/amanha/.test(t)) return addDays(postDay, 1);
  if (/\bhoje\b|\bhj\b/.test(t)) return addDays(postDay, 0);
  const wd = WEEKDAYS.findIndex((w) => new RegExp(`\\b${w}`).test(t));
  if (wd >= 0) return addDays(postDay, (wd - post.weekday + 7) % 7);
  return null;
}

/** "19h", "19:00", "7", "07h30" → minutes after midnight. */
export function parseClock(expr: string | null | undefined): number | null {
  if (!expr) return null;
  const m = /(\d{1,2})\s*(?:[h:]\s*(\d{2})?)?/i.exec(expr.trim());
  if (!m) return null;
  const h = +m[1]!, min = m[2] ? +m[2] : 0;
  if (h > 24 || min > 59) return null;
  return (h % 24) * 60 + min;
}

/**
 * Start and end instants (UTC) of a shift posted at `postedAt`. An end at or
 * before the start is the next day: "19h-07h" is a night, "07h-07h" is 24 hours.
 */
export function resolveShiftTimes(
  input: { data?: string | null; inicio?: string | null; fim?: string | null },
  postedAt: Date,
): { date: LocalDate | null; startsAt: Date | null; endsAt: Date | null } {
  const date = resolveDate(input.data, postedAt);
  const start = parseClock(input.inicio);
  if (!date || start === null) return { date, startsAt: null, endsAt: null };
  const startsAt = spLocalToUtc(date.year, date.month, date.day, Math.floor(start / 60), start % 60);
  const end = parseClock(input.fim);
  if (end === null) return { date, startsAt, endsAt: null };
  const nextDay = end <= start ? 1 : 0;
  const endsAt = spLocalToUtc(date.year, date.month, date.day + nextDay, Math.floor(end / 60), end % 60);
  return { date, startsAt, endsAt };
}

function addDays(utcDay: number, days: number): LocalDate {
  return fromUtcDay(utcDay + days * 86_400_000);
}

function fromUtcDay(ms: number): LocalDate {
  const d = new Date(ms);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}
