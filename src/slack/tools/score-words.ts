/**
 * The ranking's score parts (stored with each offer) in the managers' words.
 * A part the ranking adds later without a label here is still shown, by its key.
 */
const LABELS: Array<[RegExp, string]> = [
  [/hospital|history|past/i, 'já fez plantões neste hospital e especialidade'],
  [/accept/i, 'histórico de aceitar ofertas'],
  [/prefer|memor/i, 'preferências que ele disse (dias, turnos, regiões, valor mínimo)'],
  [/distance|region/i, 'distância da região dele até o hospital'],
  [/recen|contact/i, 'tempo desde o último contato'],
  [/pending|load|open/i, 'ofertas que ele já tem em aberto'],
];

function label(key: string): string {
  return LABELS.find(([re]) => re.test(key))?.[1] ?? key.replace(/_/g, ' ');
}

function points(v: unknown): number | null {
  if (typeof v === 'number') return v;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    for (const k of ['points', 'value', 'score', 'weight']) if (typeof o[k] === 'number') return o[k] as number;
  }
  return null;
}

function detail(v: unknown): string | null {
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  for (const k of ['detail', 'reason', 'why', 'note']) if (typeof o[k] === 'string' && o[k]) return o[k] as string;
  return null;
}

/** One sentence per part, largest effect first: "+0.30 já fez plantões neste hospital e especialidade (4 plantões)". */
export function scorePartsInWords(parts: Record<string, unknown> | null | undefined): string[] {
  return Object.entries(parts ?? {})
    .map(([k, v]) => ({ k, p: points(v), d: detail(v) }))
    .filter((x) => x.p !== null)
    .sort((a, b) => Math.abs(b.p!) - Math.abs(a.p!))
    .map(({ k, p, d }) => `${p! >= 0 ? '+' : '−'}${Math.abs(Math.round(p! * 100) / 100).toFixed(2)} ${label(k)}${d ? ` (${d})` : ''}`);
}
