import type { Directive } from './briefing-parse.js';
import { oneLine } from './doctor-name.js';

/** A directive after directive_resolve: the names of what it targets, or why none was found. */
export type ResolvedDirective = Directive & { hospitalName?: string; specialtyName?: string; doctorLabel?: string; shiftLabel?: string; unresolved?: string };

const brl = (cents: number) => `R$ ${Math.floor(cents / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${String(cents % 100).padStart(2, '0')}`;

/** Where it applies, in words. */
export function scopeInWords(d: ResolvedDirective): string {
  const where =
    d.scope === 'hospital' ? `o ${oneLine(d.hospitalName ?? d.hospital)}`
    : d.scope === 'specialty' ? `a especialidade ${oneLine(d.specialtyName ?? d.specialty)}`
    : d.scope === 'doctor' ? (d.doctorLabel ?? 'um médico')
    : d.scope === 'shift' ? `o plantão ${d.shiftLabel ?? ''}`.trim()
    : 'todas as conversas';
  return d.period ? `${where}, só plantões ${d.period === 'noturno' ? 'noturnos' : 'diurnos'}` : where;
}

/** The margin, in words: what Júlia may offer at most (and at least). */
export function limitInWords(d: Directive): string {
  const parts = [
    d.maxValueCents !== undefined && d.maxValueCents !== null ? `no máximo ${brl(d.maxValueCents)}` : '',
    d.minValueCents !== undefined && d.minValueCents !== null ? `no mínimo ${brl(d.minValueCents)}` : '',
  ].filter(Boolean);
  return parts.length ? `a Júlia pode oferecer ${parts.join(' e ')}` : 'sem limite de valor';
}

/** One preview line: scope, limit, text. */
export function directiveInWords(d: ResolvedDirective): string {
  if (d.unresolved) return `NÃO SERÁ GRAVADA (${d.unresolved.includes('ambiguous') ? 'nome ambíguo' : 'não encontrei'} "${oneLine(d.hospital ?? d.specialty)}"): "${oneLine(d.text, 300)}"`;
  return `[${d.kind}] para ${scopeInWords(d)}; ${limitInWords(d)}: "${oneLine(d.text, 300)}"`;
}
