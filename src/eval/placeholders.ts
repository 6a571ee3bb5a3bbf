import { spLocalToUtc, spParts, type Clock } from '../shared/index.js';

const pad = (n: number) => String(n).padStart(2, '0');

/** São Paulo date `days` from today, YYYY-MM-DD. */
export function spDate(clock: Clock, days: number): string {
  const p = spParts(clock.now());
  const d = spParts(spLocalToUtc(p.year, p.month, p.day + days, 12, 0));
  return `${d.year}-${pad(d.month)}-${pad(d.day)}`;
}

/**
 * Scenario files cannot know today's date or which shifts a search returned,
 * so scripted model steps and expectations say `{{d+1}}` (São Paulo date
 * tomorrow) or `{{offered:v2}}` (the date of offered shift v2, read from the
 * conversation when the step is played).
 */
export function resolvePlaceholders(value: unknown, clock: Clock, offered: Map<string, string>): unknown {
  if (typeof value === 'string') {
    return value
      .replace(/\{\{d\+(\d+)\}\}/g, (_, n: string) => spDate(clock, Number(n)))
      .replace(/\{\{offered:(v\d+)\}\}/g, (_, ref: string) => offered.get(ref) ?? `sem-${ref}`);
  }
  if (Array.isArray(value)) return value.map((v) => resolvePlaceholders(v, clock, offered));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolvePlaceholders(v, clock, offered)]));
  }
  return value;
}
