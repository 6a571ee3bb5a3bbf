import { canonical, fold, foldAccents, truncateMiddle } from '../../shared/text.js';
/**
 * The text normal form every classifier reads, in two views of one table:
 * - the sentence form (`normalize`, `clauses`): words joined by spaces, what the binary rules and the learned
 *   layer read;
 * - the word form (`normalizeWords`, `normalizeText`): every abbreviation expanded, what the neighbours, the
 *   local embedder and the objection rules read.
 *
 * Why one text form:
 *
 * Doctors type fast on WhatsApp: accents are optional, letters get stretched
 * for emphasis ("nããão", "paaara"), and a handful of abbreviations are nearly
 * universal. The detectors match plain patterns against one canonical form
 * instead of each pattern carrying its own spelling variants.
 */

/**
 * WhatsApp abbreviations, one table for every form. Only forms that are unambiguous in this domain are listed:
 * "num" (também "em um") and "ia" (verbo "ir") are deliberately absent; "d" alone is the preposition ("para d mandar").
 */
const ABBREVIATION_TABLE: Readonly<Record<string, string>> = {
  vc: 'voce', vcs: 'voces', voc: 'voce', ce: 'voce', oce: 'voce', d: 'de',
  msg: 'mensagem', msgs: 'mensagens', mensagen: 'mensagem', sms: 'mensagem',
  pfv: 'por favor', pfvr: 'por favor', pf: 'por favor', plz: 'por favor',
  n: 'nao', nn: 'nao', naum: 'nao', q: 'que', oq: 'o que', pq: 'porque', pqe: 'porque',
  tb: 'tambem', tbm: 'tambem', tmb: 'tambem', mt: 'muito', mto: 'muito', mts: 'muitos', mta: 'muita',
  td: 'tudo', tds: 'todos', hj: 'hoje', dps: 'depois', agr: 'agora', msm: 'mesmo', cmg: 'comigo', ctg: 'contigo',
  ctt: 'contato', tel: 'telefone', cel: 'celular', nmr: 'numero', ngm: 'ninguem', alg: 'alguem', nd: 'nada',
  qd: 'quando', qdo: 'quando', qnd: 'quando', qq: 'qualquer', qlq: 'qualquer',
  qto: 'quanto', qnto: 'quanto', qt: 'quanto', qnt: 'quanto', eh: 'e',
  // "whatsapp" itself loses a "p" to squeezeRepeats, and every rule names it whole.
  whatsap: 'whatsapp', whats: 'whatsapp', wpp: 'whatsapp', wts: 'whatsapp', zap: 'whatsapp', zapzap: 'whatsapp', p: 'para', '+': 'mais',
  qro: 'quero', kero: 'quero', blz: 'beleza', vlw: 'valeu', obg: 'obrigado', brigado: 'obrigado', okk: 'ok', ss: 'sim', sss: 'sim', vdd: 'verdade',
  pra: 'para', pro: 'para o', cm: 'com', ta: 'esta', to: 'estou', tou: 'estou', tava: 'estava',
  hr: 'hora', hrs: 'horas', h: 'horas', fds: 'fim de semana', plant: 'plantao', plt: 'plantao',
  hosp: 'hospital', info: 'informacao', infos: 'informacoes', doc: 'documento', docs: 'documentos',
  rs: 'reais', conto: 'reais', contos: 'reais', sp: 'sao paulo',
  r1: 'residente', r2: 'residente', r3: 'residente', resid: 'residencia',
  // misspellings common enough to reach the words every rule names whole
  encomodar: 'incomodar', encomodando: 'incomodando', encomoda: 'incomoda', encomode: 'incomode', encomodem: 'incomodem',
  interece: 'interesse', interese: 'interesse',
};

/**
 * Kept as written in the sentence form: its patterns tell "pra" from "para", "tá" from "está" and "to fora" from
 * "estou", "rs" (a laugh) from "reais", and the learned layer was trained on that form. The word form expands them.
 */
const SENTENCE_FORM_KEEPS = new Set([
  'pra', 'pro', 'cm', 'ta', 'to', 'tou', 'tava', 'hr', 'hrs', 'h', 'fds', 'plant', 'plt', 'hosp', 'info', 'infos', 'doc', 'docs',
  'rs', 'conto', 'contos', 'sp', 'nd', 'okk', 'ss', 'sss', 'vdd', 'r1', 'r2', 'r3', 'resid', 'tmb', 'pqe', 'tds', 'blz', 'vlw',
  'obg', 'brigado', 'qto', 'qnto', 'qt', 'qnt', 'ctg', 'mts', 'mta',
]);

/** The expansions of the sentence form (the binary rules and the learned layer's features). */
export const ABBREVIATIONS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(ABBREVIATION_TABLE).filter(([k]) => !SENTENCE_FORM_KEEPS.has(k)),
);

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
  // Spoken forms are read within a comma's reach: "não quero, para" is a refusal and a stop, not "não quero parar".
  return slashed
    .replace(/\+/g, ' + ')
    .split(/[,;:]+/)
    .flatMap((part) => spokenForms(part.split(/[^a-z0-9+]+/).filter((w) => w.length > 0).map((w) => ABBREVIATIONS[w] ?? w)))
    .join(' ');
}

// Spoken forms written as said. "num" is "não" before a pronoun or a verb ("num quero", "num me manda") and "em um"
// elsewhere ("num hospital"), so only the first is rewritten. An infinitive loses its final "r" after a modal or
// "de" ("quero recebe", "para de manda", "pode tira"); the verbs a request to stop is made of get it back.
const NEGATED_AFTER_NUM = new Set([
  'me', 'te', 'se', 'nos', 'quero', 'queria', 'quer', 'precisa', 'precisam', 'manda', 'mande', 'mandem', 'envia', 'envie', 'pode', 'podem',
  'vou', 'vai', 'sei', 'tenho', 'tem', 'consigo', 'posso', 'to', 'estou', 'ta', 'gosto', 'aguento', 'faco', 'pego', 'aceito', 'liga', 'ligue',
  'chama', 'chame', 'procura', 'procure', 'insiste', 'insista', 'rola', 'da', 'dou', 'mais', 'e', 'era', 'foi', 'sou', 'autorizo', 'autorizei',
]);
const MODAL = new Set(['quero', 'queria', 'gostaria', 'pode', 'podem', 'poderia', 'vou', 'vai', 'precisa', 'precisam', 'de', 'para', 'pra', 'favor', 'desejo']);
const DROPPED_R = new Set(['recebe', 'manda', 'envia', 'tira', 'retira', 'remove', 'exclui', 'apaga', 'deleta', 'sabe', 'procura', 'chama', 'liga', 'contata', 'sai', 'para', 'bloqueia', 'descadastra', 'incomoda', 'perturba', 'escreve']);
// "mas" is a common slip for "mais": read so only between a negated verb of sending or wanting and what is sent
// ("não me mande mas nada"), where "but" cannot stand.
const SLIP_VERB = new Set(['mande', 'manda', 'mandem', 'mandar', 'envie', 'envia', 'enviem', 'enviar', 'receber', 'recebo', 'quero', 'queria']);
const SLIP_OBJECT = new Set(['nada', 'nd', 'nenhuma', 'nenhum', 'mensagem', 'mensagens', 'vaga', 'vagas', 'oferta', 'ofertas', 'plantao', 'plantoes']);
function spokenForms(words: string[]): string[] {
  return words.map((w, i) => {
    if (w === 'num' && NEGATED_AFTER_NUM.has(words[i + 1] ?? '')) return 'nao';
    if (w === 'mas' && SLIP_VERB.has(words[i - 1] ?? '') && SLIP_OBJECT.has(words[i + 1] ?? '') && words.slice(Math.max(0, i - 4), i - 1).includes('nao')) return 'mais';
    // "pode para" is a preposition after "pode" only rarely; "para" is left to the rules unless after a modal word.
    if (DROPPED_R.has(w) && i > 0 && MODAL.has(words[i - 1]!) && !(w === 'para' && words[i - 1] !== 'quero')) {
      // "mais" or a pronoun may sit between: "quero mais recebe" is caught by the next word being read on its own.
      return `${w}r`;
    }
    if (DROPPED_R.has(w) && i > 1 && MODAL.has(words[i - 2]!) && ['mais', 'me', 'nos', 'mesmo'].includes(words[i - 1]!) && w !== 'para') return `${w}r`;
    return w;
  });
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
  return joinEmphasis(canonical(truncateMiddle(raw, DETECT_MAX_CHARS, () => '\n')));
}

// A word spelled letter by letter ("p.a.r.e.m") and a sentence shouted a word at a time ("NÃO. QUERO. MAIS. RECEBER.")
// are read whole: cut into sentences, no rule would see the request. Only capitals count as shouting, so "Não.
// Obrigado. Pare." keeps its three sentences.
const SPELLED = /(?<![\p{L}.])(?:\p{L}\.){2,}\p{L}(?!\p{L})\.?/gu;
const SHOUTED = /(?<![\p{L}])(?:\p{Lu}+[.!]+ +){2,}\p{Lu}+(?!\p{L})/gu;
function joinEmphasis(text: string): string {
  return text.replace(SPELLED, (run) => run.replace(/\./g, '')).replace(SHOUTED, (run) => run.replace(/[.!]+(?= )/g, ''));
}

/** Word form: lowercase, accents removed, letters stretched 3+ times collapsed. */
export function foldWords(text: string): string {
  return fold(text).replace(/([a-z])\1{2,}/g, '$1');
}

/** Word form: folded words with every abbreviation expanded; numbers are kept. */
export function normalizeWords(text: string): string[] {
  const out: string[] = [];
  for (const raw of foldWords(text.replace(/ñ/gi, ' nao ')).split(/[^a-z0-9]+/)) {
    if (!raw) continue;
    const expanded = ABBREVIATION_TABLE[raw];
    if (expanded) out.push(...expanded.split(' ').map(foldWords));
    else out.push(raw);
  }
  return out;
}

/** Word form as one string padded with spaces, for the objection rules. */
export function normalizeText(text: string): string {
  return ` ${normalizeWords(text).join(' ')} `;
}
