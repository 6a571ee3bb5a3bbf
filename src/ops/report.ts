import { spHuman, spLocalToUtc, spParts, spStartOfDay } from '../shared/index.js';

export interface PeriodReport {
  from: string;
  to: string;
  doctorsContacted: number;
  doctorsAnswered: number;
  responseRate: number | null;
  reservations: number;
  handoffs: number;
  optOuts: number;
  shiftsCompleted: number;
  blockedByRule: Record<string, number>;
}

/** The period report as the managers read it in Slack; `extra` are lines from metrics (hand-off outcomes, fill plans). */
export function formatReport(r: PeriodReport, extra?: string | string[]): string {
  const rate = r.responseRate === null ? '-' : `${Math.round(r.responseRate * 100)}%`;
  const blocks = Object.entries(r.blockedByRule)
    .sort((a, b) => b[1] - a[1])
    .map(([rule, n]) => `${rule}: ${n}`)
    .join(', ');
  return [
    `Relatório ${spHuman(new Date(r.from))} → ${spHuman(new Date(r.to))}`,
    `Médicos contatados: ${r.doctorsContacted} · responderam: ${r.doctorsAnswered} (${rate})`,
    `Reservas: ${r.reservations} · plantões confirmados: ${r.shiftsCompleted}`,
    `Handoffs: ${r.handoffs} · opt-outs: ${r.optOuts}`,
    ...(extra === undefined ? [] : Array.isArray(extra) ? extra : [extra]),
    `Bloqueios por regra: ${blocks || 'nenhum'}`,
  ].join('\n');
}

/** The report slots, São Paulo hours; keep in step with the `reports` schedule. */
export const REPORT_HOURS = [8, 12, 16, 20] as const;

/** [previous slot, this slot): the slot at or before `now`, and the one before it (yesterday 20:00 for 08:00). */
export function reportPeriod(now: Date): { from: Date; to: Date } {
  const slots = [-1, 0].flatMap((d) => {
    const day = spParts(spStartOfDay(now, d));
    return REPORT_HOURS.map((h) => spLocalToUtc(day.year, day.month, day.day, h));
  });
  const past = slots.filter((s) => s.getTime() <= now.getTime());
  const to = past[past.length - 1]!;
  const from = past[past.length - 2]!;
  return { from, to };
}
