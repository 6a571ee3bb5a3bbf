import { parseMoney } from '../groups/index.js';
import { fold, normalizePhone, spLocalToUtc } from '../shared/index.js';

export type RegistrationStatus = 'pendente' | 'aprovado' | 'bloqueado';

const STATUS_WORDS: Record<string, RegistrationStatus> = {
  pendente: 'pendente', pending: 'pendente', 'em analise': 'pendente', incompleto: 'pendente', aguardando: 'pendente',
  aprovado: 'aprovado', approved: 'aprovado', ativo: 'aprovado', active: 'aprovado', completo: 'aprovado', ok: 'aprovado', sim: 'aprovado',
  bloqueado: 'bloqueado', blocked: 'bloqueado', inativo: 'bloqueado', suspenso: 'bloqueado', inactive: 'bloqueado',
};

export function parseRegistration(raw: string): RegistrationStatus | null {
  return STATUS_WORDS[fold(raw).trim().replace(/\s+/g, ' ')] ?? null;
}

/** Any Brazilian notation; E.164 digits with the ninth digit, or null. */
export function parsePhone(raw: string): string | null {
  // A cell may hold two numbers ("(11) 98765-4321 / 3333-4444"): the first one is the doctor's.
  const first = raw.split(/[/|]|\bou\b/)[0] ?? raw;
  return normalizePhone(first);
}

export function parseCents(raw: string): number | null {
  const v = parseMoney(raw);
  return v === null ? null : Math.round(v * 100);
}

/**
 * A date and time as companies write them, read as São Paulo time:
 * "28/11/2026 19:00", "28/11/26 19h", "2026-11-28 19:00", "2026-11-28T19:00".
 * An ISO instant with an offset or Z keeps its own zone.
 */
export function parseDateTime(raw: string): Date | null {
  const t = fold(raw).trim();
  if (/^\d{4}-\d{2}-\d{2}t\d{2}:\d{2}(:\d{2}(\.\d+)?)?(z|[+-]\d{2}:?\d{2})$/.test(t)) {
    const d = new Date(raw.trim());
    return Number.isNaN(d.getTime()) ? null : d;
  }
  let y: number, mo: number, d: number, rest: string;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(.*)$/.exec(t);
  const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})(.*)$/.exec(t);
  if (iso) [y, mo, d, rest] = [+iso[1]!, +iso[2]!, +iso[3]!, iso[4]!];
  else if (br) [y, mo, d, rest] = [br[3]!.length === 2 ? 2000 + +br[3]! : +br[3]!, +br[2]!, +br[1]!, br[4]!];
  else return null;
  const clock = parseClockStrict(rest.replace(/^[t\s,-]+|(as|às)\s*/g, ' ').trim());
  if (clock === null) return null;
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return null;
  const date = spLocalToUtc(y, mo, d, Math.floor(clock / 60), clock % 60);
  // 31/02 would roll into March: refuse instead of guessing.
  if (new Date(Date.UTC(y, mo - 1, d)).getUTCDate() !== d) return null;
  return date;
}

/** "19:00", "19h", "19h30", "7h", "07:00:00" → minutes after midnight; the whole text must be a time. */
export function parseClockStrict(raw: string): number | null {
  const m = /^(\d{1,2})\s*(?:(?:h|:)\s*(\d{2})?(?::\d{2})?\s*(?:h|hs|min)?)?$/i.exec(raw.trim());
  if (!m) return null;
  const h = +m[1]!, min = m[2] ? +m[2] : 0;
  if (h > 24 || min > 59 || (h === 24 && min > 0)) return null;
  return (h % 24) * 60 + min;
}

/** "12", "12h", "12 horas", "24hs" → hours. */
export function parseHours(raw: string): number | null {
  const m = /^(\d{1,2})(?:[.,](\d+))?\s*(h|hs|horas?|hours?)?$/i.exec(fold(raw).trim());
  if (!m) return null;
  const v = Number(`${m[1]}.${m[2] ?? 0}`);
  return v > 0 ? v : null;
}

/** "Hospital São Luiz - Unidade Morumbi" → "hospital-sao-luiz-unidade-morumbi". */
export function slugify(name: string): string {
  return fold(name).replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80);
}
