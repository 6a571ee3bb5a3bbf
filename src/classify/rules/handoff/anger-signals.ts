/**
 * Negative-affect signals for the hand-off detector. One signal is common in
 * ordinary venting ("aff", "que absurdo esse trânsito"); the detector only
 * escalates on two or more, at least one of them lexical, because capitals
 * and "!!!" alone are how some doctors always type.
 */

// Grouped by kind for readability; each distinct word found is one signal,
// so "que palhaçada, que vergonha" counts twice.
const LEXICAL: ReadonlyArray<readonly [string, RegExp]> = [
  // "palavrao" is a censored swear ("p***", "m*rda"), written so by the hand-off detector.
  ['profanity', /\b(?:filh[oa]s? da (?:puta|palavrao|mae)|palavrao|porra|caralho|merda|bosta|cacete|pqp|puta que pariu|puta merda|vsf|tnc|vtnc|fdp|filho da puta|foda ?se|desgraca|desgracad[oa]s?)\b/],
  ['profanity_directed', /\bvai (?:se )?(?:f[ou]der|f|tomar no|a merda|pro inferno|catar coquinho)\b/],
  ['insult', /\b(?:idiotas?|imbecil|imbecis|incompetentes?|incompetencia|otari[oa]s?|babacas?|palhac[oa]s?|vagabund[oa]s?|safad[oa]s?|pilantras?|picaretas?|picaretagem|golpistas?|ladr(?:ao|oes|a)|mentiros[oa]s?|canalhas?|amadores|amadorismo)\b/],
  ['absurd', /\b(?:absurd[oa]s?|inadmissivel|inaceitavel|revoltante|ridicul[oa]s?)\b/],
  ['farce', /\b(?:palhacada|sacanagem|enganacao|roubada|roubo|golpe|lixo|nojo|nojent[oa]s?|vergonh(?:a|oso|osa))\b/],
  ['disrespect', /\b(?:falta de respeito|desrespeito|descaso|pouco caso|me fazendo de (?:bobo|idiota|palhaco|trouxa)|fazer de (?:bobo|trouxa)|me (?:ferraram|ferrou|sacanearam|sacaneou|passaram a perna|fizeram de (?:bobo|boba|trouxa|otari[oa]|palhac[oa])))\b/],
  // "to MUITO puto", "fiquei puto da vida": the intensifier no longer hides the word.
  ['fed_up', /\b(?:cansei|saco cheio|encher o saco|enchendo o saco|nao aguento mais|(?:to|estou|tou|fiquei|tamo|estamos) (?:muito |mt |mto |bem |super |extremamente |realmente )?put[oa]s?|put[oa] da vida|revoltad[oa]|indignad[oa]|furios[oa]|irritad[oa])\b/],
  ['quality', /\b(?:pessim[oa]s?|horroros[oa]s?|uma merda|um lixo|uma porcaria|porcaria)\b/],
  ['threat', /\b(?:vou (?:expor|espalhar|postar|divulgar|falar pra todo mundo|contar pra todo mundo|queimar)|nunca mais (?:trabalho|pego|faco|aceito)|ultima vez que)\b/],
];

// Laughter or praise turns "caralho, que plantão bom!!!" into enthusiasm.
// "há" folds to "ha", so laughter needs at least two syllables.
const POSITIVE = /\b(?:k|(?:ha){2,}|(?:he){2,}|(?:rs)+|show|top|adorei|amei|maravilh\w*|perfeito|otimo|sensacional|massa)\b/;

function isShouting(raw: string): boolean {
  const letters = raw.replace(/[^\p{L}]/gu, '');
  if (letters.length < 8) return false;
  const upper = letters.replace(/[^\p{Lu}]/gu, '').length;
  const words = raw.split(/\s+/).filter((w) => /\p{L}{2,}/u.test(w));
  return words.length >= 2 && upper / letters.length >= 0.85;
}

// Upper-case acronyms doctors use every day; they are not shouting.
const ACRONYMS = new Set(['INSS', 'SAMU', 'CNPJ', 'CREMESP', 'CREMERJ', 'CREMEMG', 'PJ', 'CLT', 'UPA', 'UTI', 'UBS', 'SUS', 'PIX', 'ISS', 'IRPF', 'CPF', 'RQE', 'ACLS', 'ATLS', 'PALS', 'OK', 'UNIMED', 'HCOR']);

/** One emphatic word in capitals inside an otherwise normal sentence ("ninguém responde NADA"). */
function shoutedWord(raw: string): boolean {
  const words = raw.match(/\p{L}{4,}/gu) ?? [];
  return words.length >= 3 && words.some((w) => w === w.toUpperCase() && w !== w.toLowerCase() && !ACRONYMS.has(w));
}

export interface AngerAssessment {
  readonly strong: boolean;
  readonly signals: string[];
}

/** `normalized` is the output of normalize(raw); `raw` is needed for capitals and "!". */
export function assessAnger(raw: string, normalized: string): AngerAssessment {
  const signals: string[] = [];
  const seen = new Set<string>();
  for (const [name, pattern] of LEXICAL) {
    for (const match of normalized.matchAll(new RegExp(pattern.source, 'g'))) {
      if (seen.has(match[0])) continue;
      seen.add(match[0]);
      signals.push(`anger:${name}:${match[0]}`);
    }
  }
  const lexical = signals.length;
  if (isShouting(raw)) signals.push('anger:shouting');
  else if (shoutedWord(raw)) signals.push('anger:shouted_word');
  if (/!{3,}|\?!|!\?|!!.*!!/.test(raw)) signals.push('anger:exclamations');
  const score = signals.length - (POSITIVE.test(normalized) ? 1 : 0);
  return { strong: lexical >= 1 && score >= 2, signals };
}
