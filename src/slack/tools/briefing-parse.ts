import { fold } from '../../shared/index.js';

/**
 * A directive as stored: what kind, the sentence Júlia reads and, optionally,
 * where it applies (a hospital or specialty named in the line, resolved to a
 * row in SQL; a doctor or shift chosen in Slack) and the margin it gives.
 */
export interface Directive {
  kind: 'prioridade' | 'hospital' | 'evitar' | 'outro';
  text: string;
  scope?: 'global' | 'shift' | 'hospital' | 'specialty' | 'doctor';
  hospital?: string;
  specialty?: string;
  /** A leading "Name:" that may be a hospital or a specialty; the line stays global when it is neither. */
  target?: string;
  hospitalId?: string;
  specialtyId?: string;
  doctorId?: string;
  shiftId?: string;
  period?: 'diurno' | 'noturno';
  maxValueCents?: number;
  minValueCents?: number;
}

const HEADINGS: Array<[RegExp, Directive['kind']]> = [
  [/priorid/i, 'prioridade'],
  [/hospita/i, 'hospital'],
  [/(n[ãa]o (dizer|falar|mencionar)|evitar|proibid)/i, 'evitar'],
];

// "R$ 1.800", "R$1.800,00", "R$ 1800", "1.800 reais".
const MONEY = String.raw`(?:r\$\s*(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?|(\d{1,3}(?:\.\d{3})+|\d{3,6})(?:,(\d{1,2}))?\s*reais)`;
const MAX_RE = new RegExp(String.raw`(?:ate|no maximo|maximo de|teto de|limite de)\s*(?:de\s*)?` + MONEY);
const MIN_RE = new RegExp(String.raw`(?:a partir de|no minimo|minimo de|nunca abaixo de|nao (?:ofere\w+|pag\w+) abaixo de)\s*(?:de\s*)?` + MONEY);

function cents(m: RegExpExecArray): number {
  const whole = m[1] ?? m[3] ?? '0';
  const frac = m[2] ?? m[4] ?? '0';
  return Number(whole.replace(/\./g, '')) * 100 + Number(frac.padEnd(2, '0'));
}

/**
 * What a line says about scope and margin, read deterministically: a leading
 * "Hospital Santa Clara:" or "Pediatria:" names the target (SQL resolves it, or
 * keeps the line global when nothing matches), "até R$ 1.800" is a maximum,
 * "a partir de R$ 1.400" a minimum, "noturno"/"diurno" narrows the period.
 */
export function scopeOfLine(line: string): Omit<Directive, 'kind' | 'text'> {
  const out: Omit<Directive, 'kind' | 'text'> = {};
  const folded = fold(line);
  const head = /^([^:]{3,80}):\s*\S/.exec(line)?.[1]?.trim();
  if (head) {
    if (/^(hospital|hosp\.?|maternidade|pronto[- ]socorro|upa)\b/i.test(fold(head))) out.hospital = head;
    else if (/^especialidade\s+/i.test(fold(head))) out.specialty = head.replace(/^especialidade\s+/i, '');
    else out.target = head;
  }
  const max = MAX_RE.exec(folded);
  if (max) out.maxValueCents = cents(max);
  const min = MIN_RE.exec(folded);
  if (min) out.minValueCents = cents(min);
  if (/\b(noturn\w*|noite|a noite)\b/.test(folded)) out.period = 'noturno';
  else if (/\b(diurn\w*)\b/.test(folded)) out.period = 'diurno';
  // A period without a target or margin is just advice in the text: the directive stays global.
  if (!out.hospital && !out.specialty && !out.target && out.maxValueCents === undefined && out.minValueCents === undefined) delete out.period;
  return out;
}

/**
 * The briefing template managers fill in: headings ("Prioridades", "Hospitais
 * para empurrar", "Não dizer") followed by bullet lines. Deterministic on
 * purpose: what the manager previews is exactly what Júlia will read.
 */
export function parseBriefing(text: string): Directive[] {
  const out: Directive[] = [];
  let kind: Directive['kind'] = 'outro';
  for (const rawLine of text.replace(/\r/g, '').split('\n')) {
    const line = rawLine.trim();
    if (!line) continue;
    const bullet = /^([-*•]|\d+[.)])\s+/.exec(line);
    // "Hospital Santa Clara: pode oferecer até R$ 1.800 no noturno" is an item even without a bullet.
    const scoped = bullet ? undefined : scopeOfLine(line);
    if (scoped && /:\s*\S/.test(line) && (scoped.hospital || scoped.specialty || scoped.maxValueCents !== undefined || scoped.minValueCents !== undefined)) {
      out.push({ kind: scoped.hospital ? 'hospital' : kind, text: line.slice(0, 500), ...scoped });
      continue;
    }
    if (!bullet) {
      const heading = HEADINGS.find(([re]) => re.test(line));
      kind = heading ? heading[1] : 'outro';
      continue;
    }
    const item = line.slice(bullet[0].length).trim().slice(0, 500);
    if (item) out.push({ kind, text: item, ...scopeOfLine(item) });
  }
  return out.slice(0, 50);
}
