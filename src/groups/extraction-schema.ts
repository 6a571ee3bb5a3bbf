import { z } from 'zod';

export const MAX_SHIFTS_PER_MESSAGE = 20;

/** "R$ 1.300,00", "1.500", "1500", 1500 → 1500; anything else → null. */
export function parseMoney(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? value : null;
  if (typeof value !== 'string') return null;
  let s = value.replace(/r\$|\s/gi, '');
  if (!/\d/.test(s)) return null;
  if (/,\d{1,2}$/.test(s)) s = s.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(\.\d{3})+$/.test(s)) s = s.replace(/\./g, '');
  const n = Number(s.replace(/[^\d.]/g, ''));
  return Number.isFinite(n) && n > 0 ? n : null;
}

// One wrong field must not cost the whole shift: bad values become null.
const text = (max: number) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().trim().min(1).max(max).nullable().optional()).catch(null);

export const extractedShiftSchema = z.object({
  hospital: text(160),
  especialidade: text(80),
  data: text(60),
  inicio: text(20),
  fim: text(20),
  periodo: text(20),
  valor: z.preprocess(parseMoney, z.number().positive().nullable()).catch(null),
  contato: text(80),
});
export type ExtractedShift = z.infer<typeof extractedShiftSchema>;

/** The model's answer: {"vagas": [...]}, or a bare array. */
export const extractionSchema = z.preprocess(
  (v) => (Array.isArray(v) ? { vagas: v } : v),
  z.object({ vagas: z.array(z.unknown()).max(200) }),
);

/** Valid shifts only, at most MAX_SHIFTS_PER_MESSAGE (a list longer than that is a schedule dump, not offers). */
export function readShifts(parsed: unknown): { ok: true; shifts: ExtractedShift[]; dropped: number } | { ok: false } {
  const top = extractionSchema.safeParse(parsed);
  if (!top.success) return { ok: false };
  const shifts: ExtractedShift[] = [];
  let dropped = 0;
  for (const item of top.data.vagas) {
    const one = extractedShiftSchema.safeParse(item);
    if (one.success && shifts.length < MAX_SHIFTS_PER_MESSAGE) shifts.push(one.data);
    else dropped++;
  }
  return { ok: true, shifts, dropped };
}
