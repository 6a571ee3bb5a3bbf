import { canonical, fold, foldAccents, truncateMiddle } from './text.js';
/**
 * Shared text normalization for the inbound detectors.
 *
 * Doctors type fast on WhatsApp: accents are optional, letters get stretched
 * for emphasis ("nããão", "paaara"), and a handful of abbreviations are nearly
 * universal. The detectors match plain patterns against one canonical form
 * instead of each pattern carrying its own spelling variants.
 */

/**
 * Token-level expansions. Only forms that are unambiguous in this domain are
 * listed: "num" (também "em um") and "ia" (verbo "ir") are deliberately absent.
 */
export const ABBREVIATIONS: Readonly<Record<string, string>> = {
  vc: 'voce',
  vcs: 'voces',
  voc: 'voce',
  ce: 'voce',
  oce: 'voce',
  // "para d mandar": a lone "d" is the preposition.
  d: 'de',
  msg: 'mensagem',
  msgs: 'mensagens',
  mensagen: 'mensagem',
  sms: 'mensagem',
  pfv: 'por favor',
  pfvr: 'por favor',
  pf: 'por favor',
  plz: 'por favor',
  n: 'nao',
  nn: 'nao',
  naum: 'nao',
  q: 'que',
  oq: 'o que',
  pq: 'porque',
  tb: 'tambem',
  tbm: 'tambem',
  mt: 'muito',
  mto: 'muito',
  td: 'tudo',
  hj: 'hoje',
  dps: 'depois',
  agr: 'agora',
  msm: 'mesmo',
  cmg: 'comigo',
  ctt: 'contato',
  tel: 'telefone',
  cel: 'celular',
  nmr: 'numero',
  ngm: 'ninguem',
  alg: 'alguem',
  qd: 'quando',
  qdo: 'quando',
  qnd: 'quando',
  qq: 'qualquer',
  qlq: 'qualquer',
  eh: 'e',
  whats: 'whatsapp',
  wpp: 'whatsapp',
  wts: 'whatsapp',
  zap: 'whatsapp',
  zapzap: 'whatsapp',
  p: 'para',
  '+': 'mais',
};

export { canonical, fold, foldAccents };

/**
 * Collapses letters stretched for emphasis. Portuguese legitimately doubles
 * "rr" and "ss" (carro, isso) and, rarely, "ee"/"oo" (preencher, coordenador,
 * voo), so those keep a pair; every other doubled letter is emphasis.
 */
export function squeezeRepeats(text: string): string {
  return text.replace(/([a-z])\1+/g, (run: string, ch: string) => {
    if (ch === 'r' || ch === 's') return ch + ch;
    if ((ch === 'e' || ch === 'o') && run.length === 2) return run;
    return ch;
  });
}

/**
 * Canonical form: lowercase ASCII words separated by single spaces, with
 * abbreviations expanded. Punctuation is dropped; callers that care about
 * "?", "!!!" or capitals look at the raw text.
 */
export function normalize(text: string): string {
  // The shared fold: NFKC, invisibles removed, case, accents and look-alikes folded.
  const folded = squeezeRepeats(fold(text));
  // "p/" and "c/" are written with a slash; expand before slashes become spaces.
  const slashed = folded.replace(/(^|\s)p\/(?=\s|\w)/g, '$1para ').replace(/(^|\s)c\/(?=\s|\w)/g, '$1com ');
  const words = slashed
    .replace(/\+/g, ' + ')
    .split(/[^a-z0-9+]+/)
    .filter((w) => w.length > 0)
    .map((w) => ABBREVIATIONS[w] ?? w);
  return words.join(' ');
}

/**
 * Normalized sentences. Normalizing drops "?" and ".", which would glue
 * "vc é humana? parece robô" into one run; rules anchored on a sentence's
 * end or start need the pieces. Commas stay inside a clause on purpose:
 * "não, obrigado, para de mandar" is one thought.
 */
export function clauses(text: string): string[] {
  return canonical(text)
    .split(/[.?!;\n]+/)
    .map(normalize)
    .filter((c) => c.length > 0);
}

/**
 * What a detector reads of a message: the canonical form of at most 20,000
 * characters (head and tail). The rules look for a sentence, not a book; on a
 * 1 MB text the regexes would otherwise hold a turn for many seconds.
 */
/** "Dr." / "Dra." / "Sr." do not end a sentence ("meu colega Dr. Rafael pediu…"); for sentence splitters. */
export function keepTitles(text: string): string {
  return text.replace(/\b(dra?|sra?|prof(?:a)?|enf)\.\s/giu, '$1 ');
}

export const DETECT_MAX_CHARS = 20_000;
export function detectorInput(raw: string): string {
  return canonical(truncateMiddle(raw, DETECT_MAX_CHARS, () => '\n'));
}
