/** pgvector text literal: the one vector format every database adapter can bind. */
export function toVectorLiteral(vector: readonly number[]): string {
  let out = '[';
  for (let i = 0; i < vector.length; i++) {
    if (i > 0) out += ',';
    const v = vector[i]!;
    // 7 significant digits is float4 precision, which is what pgvector stores.
    out += Number.isFinite(v) ? String(Math.fround(v)) : '0';
  }
  return `${out}]`;
}

export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
