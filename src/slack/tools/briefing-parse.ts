/** A directive as stored: what kind, and the sentence Júlia reads. */
export interface Directive {
  kind: 'prioridade' | 'hospital' | 'evitar' | 'outro';
  text: string;
}

const HEADINGS: Array<[RegExp, Directive['kind']]> = [
  [/priorid/i, 'prioridade'],
  [/hospita/i, 'hospital'],
  [/(n[ãa]o (dizer|falar|mencionar)|evitar|proibid)/i, 'evitar'],
];

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
    if (!bullet) {
      const heading = HEADINGS.find(([re]) => re.test(line));
      kind = heading ? heading[1] : 'outro';
      continue;
    }
    const item = line.slice(bullet[0].length).trim().slice(0, 500);
    if (item) out.push({ kind, text: item });
  }
  return out.slice(0, 50);
}
