/**
 * A doctor's automatic answer: a WhatsApp Business away or greeting message, or
 * an auto-responder. Such a text is stored and never answered: answering it
 * starts a loop with a machine and counts as the doctor engaging.
 *
 * Self-contained and data-driven (the cues below are the whole rule). Two ways
 * to be one:
 *  - it declares itself automatic ("Esta é uma mensagem automática",
 *    "*Resposta automática*"), as a statement, never as a question
 *    ("essa mensagem é automática?" is a doctor asking about Júlia);
 *  - it carries two or more business cues (away, business greeting, promise
 *    to return, menu) in the institutional voice of a business
 *    ("podemos", "retornaremos", "nossa equipe"). A doctor who writes, in his
 *    own words, "não posso atender agora, te retorno assim que sair" speaks in
 *    the first person singular and is answered.
 */

export interface AutoReplyResult {
  autoReply: boolean;
  /** Which rule decided: 'declared', 'business_cues', or null. */
  reason: 'declared' | 'business_cues' | null;
  cues: string[];
}

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[*_~]/g, '');

/** The text says it is automatic. Matched per sentence; a sentence that asks is skipped. */
const DECLARED: RegExp[] = [
  /\b(?:esta|essa|isto|isso|est[ae]|ess[ae])\s+(?:e|eh)\s+(?:uma\s+)?(?:mensagem|resposta|msg)\s+(?:automatica|automatizada|autom\.?)\b/,
  /^\s*(?:\[?\(?)(?:mensagem|resposta|msg)\s+(?:automatica|automatizada)\s*(?:\)?\]?)\s*[:.!-]?\s*$/,
  /^\s*(?:\[?\(?)(?:mensagem|resposta|msg)\s+(?:automatica|automatizada)\s*(?:\)?\]?)\s*[:-]/,
  /^\s*[[(]\s*(?:mensagem|resposta|msg)\s+(?:automatica|automatizada)\s*[\])]/,
  /\b(?:auto[- ]?resposta|autoresposta|resposta\s+automatica\s+de\s+ausencia)\b/,
  /\b(?:mensagem|resposta)\s+(?:automatica|automatizada)\s+(?:gerada|enviada)\b/,
];

/** Business cues by family; two of them, in a business voice, make an auto-reply. */
const FAMILIES: Record<string, RegExp[]> = {
  away: [
    /\bno momento,?\s+(?:nao\s+)?(?:podemos|estamos|nos encontramos|nao\s+conseguimos)\b/,
    /\bfora do (?:nosso\s+)?horario (?:de atendimento|comercial|de expediente)\b/,
    /\b(?:nosso|o) horario de (?:atendimento|funcionamento|expediente)\b/,
    /\b(?:estamos|encontramo-nos|nos encontramos)\s+(?:ausentes?|indisponive(?:l|is)|fechados?|de (?:ferias|recesso|folga))\b/,
    /\b(?:estou|me encontro)\s+(?:ausente|indisponivel|de ferias|em ferias|fora do escritorio|fora do consultorio)\b/,
  ],
  greeting: [
    /\b(?:obrigad[oa]|agradecemos|agradeco)\s+(?:\w+\s+){0,2}(?:por\s+)?(?:entrar em contato|seu contato|o contato|pelo contato|sua mensagem|pela mensagem)\b/,
    /\bseja(?:m)?\s+bem[- ]?vind[oa]s?\b/,
    /\b(?:como|em que)\s+(?:podemos|posso)\s+(?:te\s+|lhe\s+)?ajud(?:ar|a-lo|a-la)\b/,
  ],
  promise: [
    /\b(?:retornaremos|responderemos|entraremos em contato|retornarei|responderei|retorno|respondo)\s+(?:\w+\s+){0,3}(?:assim que|o mais (?:breve|rapido)|em breve|logo que|no proximo dia util)/,
    /\bem breve\s+(?:retornaremos|responderemos|entraremos|um de nossos|nossa equipe|sera atendid)/,
    /\bsua mensagem (?:foi recebida|e muito importante)\b/,
    /\b(?:deixe|deixa)\s+(?:sua|a sua)\s+mensagem\b/,
  ],
  menu: [/\b(?:digite|tecle|escolha|responda com)\s+(?:o numero|a opcao|uma das opcoes|\d)\b/, /(?:^|\n)\s*[1-9]\s*[-.)–]\s*\w+[\s\S]*(?:^|\n)\s*[2-9]\s*[-.)–]\s*\w+/m],
};

/** The institutional voice a business writes in; a doctor typing for himself rarely does. */
const BUSINESS_VOICE = /\b(?:podemos|estamos|retornaremos|responderemos|entraremos|agradecemos|nossa equipe|nosso atendimento|nossos atendentes|nosso horario|nossa clinica|nosso consultorio|atendimento|seja bem[- ]?vindo)\b/;

function sentences(text: string): string[] {
  // Keep the terminator with its sentence: it tells a question from a statement.
  return text.split(/(?<=[.!?\n])/).map((s) => s.trim()).filter(Boolean);
}

export function detectAutoReply(text: string): AutoReplyResult {
  const folded = fold(text ?? '');
  if (folded.trim().length === 0) return { autoReply: false, reason: null, cues: [] };
  for (const sentence of sentences(folded)) {
    if (/\?\s*$/.test(sentence)) continue;
    const hit = DECLARED.find((re) => re.test(sentence));
    if (hit) return { autoReply: true, reason: 'declared', cues: ['declared'] };
  }
  const cues = Object.entries(FAMILIES).flatMap(([family, patterns]) => patterns.filter((re) => re.test(folded)).map(() => family));
  if (cues.length >= 2 && BUSINESS_VOICE.test(folded)) return { autoReply: true, reason: 'business_cues', cues };
  return { autoReply: false, reason: null, cues };
}
