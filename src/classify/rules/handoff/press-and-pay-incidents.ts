import type { Rule } from '../engine.js';

/**
 * situations first met in blind runs (fresh paraphrases and near misses in `cases/handoff.jsonl`).
 */
export const PRESS_AND_PAY_RULES: readonly Rule[] = [
  // Someone asked for to attend him, as a question about who is there ("tem alguém aí que possa me atender?").
  { name: 'human_request:anyone_to_attend', confidence: 0.85, pattern: /\btem (?:alguem|alguma pessoa|algum humano|uma pessoa)(?: de verdade)?(?: ai| aqui)? (?:que|q|pra|para) (?:possa |consiga |pode )?(?:me )?(?:atender|ajudar|resolver)\b/ },
  // The company called dishonest for what it did to the pay ("empresa desonesta, mudam o valor depois do plantão").
  {
    name: 'complaint:dishonest_pay',
    confidence: 0.85,
    pattern: /\b(?:desonest\w*|safad\w*|caloteir\w*|picaret\w*)\b.{0,60}\b(?:mud\w*|troc\w*|baix\w*|reduz\w*|alter\w*) (?:o )?valor\b|\b(?:mud\w*|troc\w*|baix\w*|alter\w*) (?:o )?valor (?:depois|apos) (?:que )?(?:a gente |eu )?(?:ja )?(?:fez|fiz|fizemos|trabalh\w*|dar|dei)\b/,
  },
  // the press as a threat ("vou levar isso pra imprensa"), sent home mid-shift unexplained.
  { name: 'legal_threat:press', confidence: 0.88, pattern: /\bvou (?:levar|mandar|jogar|botar) (?:isso|o caso|essa historia|tudo) (?:pra|para|pro|na|no|a) (?:imprensa|midia|jornal|tv|televisao|globo)\b/ },
  { name: 'complaint:sent_home_mid_shift', confidence: 0.85, pattern: /\b(?:fui|me) (?:dispensad[oa]|mandad[oa] embora|mandaram embora|mandou embora|mandaram pra casa|mandou pra casa|dispensaram|dispensou) (?:\S+ ){0,2}?(?:no meio do|durante o|antes de acabar o) plantao\b/ },
];
