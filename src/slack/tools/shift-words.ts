import { parseMoney, resolveShiftTimes } from '../../groups/index.js';
import { spParts } from '../../shared/index.js';
import type { AdminContext } from '../admin-tool.js';
import { oneLine } from './doctor-name.js';

const WEEKDAYS = ['domingo', 'segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado'];
const pad = (n: number) => String(n).padStart(2, '0');

export interface ShiftView {
  id?: string;
  hospital: string;
  specialty: string;
  startsAt: string;
  endsAt: string;
  valueCents: number;
  notes?: string | null;
  status?: string;
  reservedBy?: string | null;
}

export function reais(cents: number): string {
  return `R$ ${(cents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** "sábado 05/12/2026, 19:00–07:00 (12h)", in São Paulo time. */
export function whenInWords(startsAt: Date, endsAt: Date): string {
  const s = spParts(startsAt), e = spParts(endsAt);
  const hours = Math.round((endsAt.getTime() - startsAt.getTime()) / 360_000) / 10;
  return `${WEEKDAYS[s.weekday]} ${pad(s.day)}/${pad(s.month)}/${s.year}, ${pad(s.hour)}:${pad(s.minute)}–${pad(e.hour)}:${pad(e.minute)} (${hours}h)`;
}

/** The whole shift in words, so the manager confirms a shift and never an id. */
export function shiftInWords(s: ShiftView): string {
  const notes = s.notes ? `; obs.: ${oneLine(s.notes, 200)}` : '';
  return `${oneLine(s.hospital)}, ${oneLine(s.specialty)}, ${whenInWords(new Date(s.startsAt), new Date(s.endsAt))}, ${reais(s.valueCents)}${notes}`;
}

export async function getShift(ctx: AdminContext, shiftId: string): Promise<ShiftView> {
  const s = await ctx.deps.db.rpc<ShiftView | null>('admin_shift_get', { p_shift_id: shiftId });
  if (!s) throw new Error('vaga não encontrada; use buscar_vagas para achar o id');
  return s;
}

/** A value as the manager says it: 1650, "1.650", "R$ 1.650,00". */
export function valueCents(v: number | string): number {
  const n = typeof v === 'number' ? v : parseMoney(v);
  if (n === null || !(n > 0) || n > 100_000) throw new Error(`valor inválido: "${v}" (use reais, por exemplo 1650)`);
  return Math.round(n * 100);
}

/**
 * Day, start and end (or duration) as the manager wrote them, read in São
 * Paulo time the way group posts are: "sábado", "05/12", "2026-12-05";
 * "19h" to "7h" ends the next morning.
 */
export function shiftTimes(x: { data: string; inicio: string; fim?: string; duracaoHoras?: number }, now: Date): { startsAt: Date; endsAt: Date } {
  const t = resolveShiftTimes({ data: x.data, inicio: x.inicio, fim: x.fim ?? null }, now);
  if (!t.date) throw new Error(`não entendi a data "${x.data}" (use 05/12, 2026-12-05 ou o dia da semana)`);
  if (!t.startsAt) throw new Error(`não entendi o início "${x.inicio}" (use 19h ou 19:00)`);
  const endsAt = x.fim ? t.endsAt : x.duracaoHoras ? new Date(t.startsAt.getTime() + x.duracaoHoras * 3_600_000) : null;
  if (!endsAt) throw new Error(x.fim ? `não entendi o fim "${x.fim}"` : 'informe o fim ou a duração do plantão');
  const hours = (endsAt.getTime() - t.startsAt.getTime()) / 3_600_000;
  if (![6, 12, 24].includes(hours)) throw new Error(`o plantão teria ${Math.round(hours * 10) / 10}h; só 6, 12 ou 24 horas`);
  if (t.startsAt <= now) throw new Error(`${whenInWords(t.startsAt, endsAt)} já passou; informe uma data futura`);
  return { startsAt: t.startsAt, endsAt };
}
