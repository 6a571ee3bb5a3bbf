/**
 * The ranking's score parts (stored with each offer, supabase/migrations/0282_fill_ranking.sql)
 * in the managers' words. A part the ranking adds later without a label here is still shown, by its key.
 */
const LABELS: Record<string, string> = {
  historico: 'plantões neste hospital e especialidade',
  aceitacao: 'como respondeu a ofertas antes',
  preferencias: 'preferências que ele informou (dias, turnos, regiões, valor mínimo)',
  memorias: 'o que ele contou nas conversas',
  regiao: 'distância da região dele até o hospital',
  recencia: 'último contato',
  pendentes: 'ofertas sem resposta',
};

function points(v: unknown): number | null {
  if (typeof v === 'number') return v;
  if (v && typeof v === 'object' && typeof (v as { value?: unknown }).value === 'number') return (v as { value: number }).value;
  return null;
}

function reason(v: unknown): string | null {
  const r = v && typeof v === 'object' ? (v as { reason?: unknown }).reason : null;
  return typeof r === 'string' && r ? r : null;
}

const num = (n: number) => (Math.round(n * 10) / 10).toLocaleString('pt-BR');

/** One sentence per part, largest effect first: "+10 pontos, plantões neste hospital e especialidade: já fez 2 plantão(ões)…". */
export function scorePartsInWords(parts: Record<string, unknown> | null | undefined): string[] {
  return Object.entries(parts ?? {})
    .map(([k, v]) => ({ k, p: points(v), why: reason(v) }))
    .filter((x): x is { k: string; p: number; why: string | null } => x.p !== null)
    .sort((a, b) => Math.abs(b.p) - Math.abs(a.p))
    .map(({ k, p, why }) => `${p > 0 ? '+' : p < 0 ? '−' : ''}${num(Math.abs(p))} pontos, ${LABELS[k] ?? k.replace(/_/g, ' ')}${why ? `: ${why}` : ''}`);
}

/** What the score starts from before its parts (the ranking's base), so the sum in the answer adds up. */
export function scoreBase(score: number, parts: Record<string, unknown> | null | undefined): number {
  return Object.values(parts ?? {}).reduce<number>((total, v) => total - (points(v) ?? 0), score);
}
