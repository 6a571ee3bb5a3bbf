import { fold as foldText } from '../shared/text.js';
/**
 * Doctors write on WhatsApp: no accents, abbreviations, stretched letters. Rules,
 * the local embedder and exemplars all see text through this one normalisation,
 * so "vc n paga?" and "você não paga?" meet in the same place.
 */
const ABBREVIATIONS: Record<string, string> = {
  vc: 'voce', vcs: 'voces', voc: 'voce', ce: 'voce',
  tb: 'tambem', tbm: 'tambem', tmb: 'tambem',
  q: 'que', oq: 'o que', pq: 'porque', pqe: 'porque',
  n: 'nao', nn: 'nao', naum: 'nao',
  td: 'tudo', tds: 'todos', hj: 'hoje', dps: 'depois', agr: 'agora',
  msg: 'mensagem', msgs: 'mensagens', blz: 'beleza', vlw: 'valeu', obg: 'obrigado', brigado: 'obrigado',
  qto: 'quanto', qnto: 'quanto', qt: 'quanto', qnt: 'quanto', qdo: 'quando', qnd: 'quando', qd: 'quando',
  cmg: 'comigo', ctg: 'contigo', mt: 'muito', mto: 'muito', mts: 'muitos', mta: 'muita',
  pra: 'para', pro: 'para o', p: 'para', cm: 'com',
  ta: 'esta', to: 'estou', tou: 'estou', tava: 'estava',
  hr: 'hora', hrs: 'horas', h: 'horas', fds: 'fim de semana',
  plant: 'plantao', plt: 'plantao',
  hosp: 'hospital', info: 'informacao', infos: 'informacoes', doc: 'documento', docs: 'documentos',
  rs: 'reais', conto: 'reais', contos: 'reais', sp: 'sao paulo',
  ngm: 'ninguem', nd: 'nada', okk: 'ok', ss: 'sim', sss: 'sim',
  eh: 'e', msm: 'mesmo', vdd: 'verdade',
  cel: 'celular', whats: 'whatsapp', zap: 'whatsapp', zapzap: 'whatsapp',
  r1: 'residente', r2: 'residente', r3: 'residente', resid: 'residencia',
};

/** Lowercase, accents removed, letters stretched 3+ times collapsed. */
export function fold(text: string): string {
  return foldText(text).replace(/([a-z])\1{2,}/g, '$1');
}

/** Folded words with WhatsApp abbreviations expanded; numbers are kept. */
export function normalizeWords(text: string): string[] {
  const out: string[] = [];
  for (const raw of fold(text.replace(/ñ/gi, ' nao ')).split(/[^a-z0-9]+/)) {
    if (!raw) continue;
    const expanded = ABBREVIATIONS[raw];
    if (expanded) out.push(...expanded.split(' ').map(fold));
    else out.push(raw);
  }
  return out;
}

/** The normalised text as one string, for the rule regexes. */
export function normalizeText(text: string): string {
  return ` ${normalizeWords(text).join(' ')} `;
}
