import { createHash } from 'node:crypto';
import { fold } from '../shared/index.js';
import { cell, type ColumnMap, type ImportKind } from './columns.js';
import { parseCents, parseClockStrict, parseDateTime, parseHours, parsePhone, parseRegistration, slugify } from './values.js';

export type RowResult = { ok: true; row: Record<string, unknown> & { line: number }; key: string } | { ok: false; reason: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function doctor(line: number, f: string[], c: ColumnMap): RowResult {
  const rawPhone = cell(f, c, 'phone');
  if (!rawPhone) return { ok: false, reason: 'sem telefone' };
  const phone = parsePhone(rawPhone);
  if (!phone) return { ok: false, reason: `telefone inválido: "${rawPhone}"` };
  const email = cell(f, c, 'email');
  if (email && !EMAIL.test(email)) return { ok: false, reason: `e-mail inválido: "${email}"` };
  const uf = cell(f, c, 'uf')?.toUpperCase();
  if (uf && !/^[A-Z]{2}$/.test(uf)) return { ok: false, reason: `UF inválida: "${uf}"` };
  const rawStatus = cell(f, c, 'status');
  const status = rawStatus ? parseRegistration(rawStatus) : null;
  if (rawStatus && !status) return { ok: false, reason: `situação de cadastro desconhecida: "${rawStatus}" (use pendente, aprovado ou bloqueado)` };
  const name = cell(f, c, 'name');
  if (name && name.length > 160) return { ok: false, reason: 'nome longo demais' };
  return {
    ok: true,
    key: phone,
    row: { line, phone, name, crm: cell(f, c, 'crm'), uf, specialty: cell(f, c, 'specialty'), city: cell(f, c, 'city'), region: cell(f, c, 'region'), email: email?.toLowerCase(), status },
  };
}

function hospital(line: number, f: string[], c: ColumnMap): RowResult {
  const name = cell(f, c, 'name');
  if (!name) return { ok: false, reason: 'sem nome' };
  const slug = slugify(name);
  if (!slug) return { ok: false, reason: `nome inválido: "${name}"` };
  const address = cell(f, c, 'address');
  if (!address) return { ok: false, reason: 'sem endereço' };
  const city = cell(f, c, 'city');
  if (!city) return { ok: false, reason: 'sem cidade' };
  const state = cell(f, c, 'state')?.toUpperCase();
  if (state && !/^[A-Z]{2}$/.test(state)) return { ok: false, reason: `UF inválida: "${state}"` };
  return {
    ok: true,
    key: slug,
    row: { line, slug, name, address, neighborhood: cell(f, c, 'neighborhood'), city, state, region: cell(f, c, 'region'), notes: cell(f, c, 'notes') },
  };
}

function shift(line: number, f: string[], c: ColumnMap): RowResult {
  const hospital = cell(f, c, 'hospital');
  if (!hospital) return { ok: false, reason: 'sem hospital' };
  const specialty = cell(f, c, 'specialty');
  if (!specialty) return { ok: false, reason: 'sem especialidade' };
  const rawStart = cell(f, c, 'start');
  if (!rawStart) return { ok: false, reason: 'sem início' };
  const start = parseDateTime(rawStart);
  if (!start) return { ok: false, reason: `início inválido: "${rawStart}" (use 28/11/2026 19:00)` };
  let end: Date | null = null;
  const rawEnd = cell(f, c, 'end');
  const rawDuration = cell(f, c, 'duration');
  if (rawEnd) {
    end = parseDateTime(rawEnd);
    if (!end && parseClockStrict(rawEnd) !== null) {
      // Only a time: the same day, or the next one when it is not after the start ("19h" to "7h").
      const sameDay = parseDateTime(`${rawStart.trim().split(/[\sT]/)[0]} ${rawEnd}`);
      if (sameDay) end = sameDay <= start ? new Date(sameDay.getTime() + 86_400_000) : sameDay;
    }
    if (!end) return { ok: false, reason: `fim inválido: "${rawEnd}"` };
  } else if (rawDuration) {
    const hours = parseHours(rawDuration);
    if (!hours) return { ok: false, reason: `duração inválida: "${rawDuration}"` };
    end = new Date(start.getTime() + hours * 3_600_000);
  } else return { ok: false, reason: 'sem fim nem duração' };
  if (end <= start) return { ok: false, reason: 'o fim não é depois do início' };
  const rawValue = cell(f, c, 'value');
  if (!rawValue) return { ok: false, reason: 'sem valor' };
  const valueCents = parseCents(rawValue);
  if (!valueCents) return { ok: false, reason: `valor inválido: "${rawValue}"` };
  const ref = cell(f, c, 'ref');
  const identity = [fold(hospital).replace(/\s+/g, ' '), fold(specialty).replace(/\s+/g, ' '), start.toISOString(), end.toISOString()].join('|');
  return {
    ok: true,
    // Without a company id, the shift's identity is what it is: where, what and when.
    key: ref ? `import:ref:${ref}` : `import:${createHash('sha256').update(identity).digest('hex').slice(0, 24)}`,
    row: { line, hospital, specialty, starts_at: start.toISOString(), ends_at: end.toISOString(), value_cents: valueCents, notes: cell(f, c, 'notes') },
  };
}

export const VALIDATORS: Record<ImportKind, (line: number, fields: string[], columns: ColumnMap) => RowResult> = {
  doctors: doctor,
  hospitals: hospital,
  shifts: shift,
};
