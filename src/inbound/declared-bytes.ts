/** Baileys sends fileLength as a number, a numeric string or a protobuf Long ({ low, high }). */
export function declaredBytes(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v) && v >= 0) return v;
  if (typeof v === 'string' && /^\d{1,15}$/.test(v)) return Number(v);
  if (v && typeof v === 'object' && typeof (v as { low?: unknown }).low === 'number') {
    const { low, high } = v as { low: number; high?: number };
    return (high ?? 0) * 2 ** 32 + (low >>> 0);
  }
  return null;
}
