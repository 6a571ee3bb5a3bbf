import { clauses, normalize } from '../../text/normal-form.js';
import { matchRules, type Rule } from '../engine.js';

export interface FirmNoResult {
  firmNo: boolean;
  reason?: string;
}

// "Não tenho interesse nessa vaga / agora / essa semana" refuses one offer or
// one moment (knowledge/process/lembretes-e-contato.md): it is not a firm no.
const ONE_OFFER_OR_MOMENT =
  /^(?:n|em )?(?:essa|esse|esta|este|nessa|nesse|nesta|neste|na vaga|no plantao|nos plantoes|desse|dessa|agora|no momento|por enquanto|essa semana|esse mes|hoje|amanha|nesse dia|nessa data|de noite|noturno|diurno|fim de semana|so)\b/;
const oneOff = (tail: string) => ONE_OFFER_OR_MOMENT.test(tail);

const RULES: readonly Rule[] = [
  { name: 'no_interest', confidence: 0.85, pattern: /\bnao tenho (?:mais |nenhum |mais nenhum )?interesse\b/, rejectTail: oneOff },
  { name: 'no_interest', confidence: 0.8, pattern: /^(?:\S+ )?sem interesse\b/, rejectTail: oneOff },
  { name: 'no_interest', confidence: 0.85, pattern: /\bnao (?:me )?interessa(?:m)? mais\b/ },
  { name: 'stopped_shifts', confidence: 0.9, pattern: /\b(?:parei|deixei) de (?:dar|fazer|pegar|trabalhar (?:com|de)) (?:plantao|plantoes)\b/ },
  { name: 'stopped_shifts', confidence: 0.85, pattern: /\bnao (?:faco|pego|dou|quero|aceito) mais (?:nenhum )?(?:plantao|plantoes|vagas?)\b/, rejectTail: oneOff },
  { name: 'done_with_us', confidence: 0.9, pattern: /\bnao (?:quero|vou) (?:mais )?(?:trabalhar|saber de nada|nada) (?:com|de) voces\b/ },
];

/**
 * A firm no to Júlia's offers as a whole (not one shift, not opt-out): the
 * doctor is put in cooling-off, so nothing proactive reaches him for a while,
 * while his own messages are still answered.
 */
export function detectFirmNo(text: string): FirmNoResult {
  const normalized = normalize(text);
  if (!normalized) return { firmNo: false };
  const [best] = matchRules(RULES, normalized, clauses(text));
  return best ? { firmNo: true, reason: best.name } : { firmNo: false };
}
