import { spParts } from '../shared/time.js';

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-03-14 19:00" in São Paulo time: what a manager reads in a report. */
export function formatSaoPaulo(at: Date | string | null | undefined): string {
  if (!at) return '';
  const date = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(date.getTime())) return '';
  const p = spParts(date);
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}`;
}

/** Cents as Brazilian reais without the symbol: 165000 -> "1650,00". */
export function formatReais(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)},${pad(abs % 100)}`;
}
