import type { ObjectionLabel } from '../../labels.js';
import { COMUNICACAO_RULES } from './comunicacao.js';
import { CONFIANCA_RULES } from './confianca.js';
import { DISPONIBILIDADE_RULES } from './disponibilidade.js';
import { LEALDADE_RULES } from './lealdade.js';
import { MOTIVACAO_RULES } from './motivacao.js';
import { PRECO_RULES } from './preco.js';
import { PROCESSO_RULES } from './processo.js';
import { QUALIDADE_RULES } from './qualidade.js';
import { RISCO_RULES } from './risco.js';
import { TEMPO_RULES } from './tempo.js';
import type { ObjectionRule } from './rule.js';

/**
 * The objection rules of every label, read by priority: the first that fires decides. Each names a situation by
 * its grammar (who does what to whom), not a sentence: "cláusula de exclusividade" is about a contract
 * (processo), not about another employer (lealdade). Patterns run on retrieval's normal form.
 */
export const OBJECTION_RULES: readonly ObjectionRule[] = [
  ...COMUNICACAO_RULES, ...CONFIANCA_RULES, ...DISPONIBILIDADE_RULES, ...LEALDADE_RULES, ...MOTIVACAO_RULES, ...PRECO_RULES, ...PROCESSO_RULES, ...QUALIDADE_RULES, ...RISCO_RULES, ...TEMPO_RULES,
].sort((a, b) => b.priority - a.priority);

const NARROW_OBJECTION_RULES = OBJECTION_RULES.filter((r) => !r.broad);
/** The broad rules, by priority: read after the narrow ones, the neighbours breaking a tie between labels. */
export const BROAD_OBJECTION_RULES: readonly ObjectionRule[] = OBJECTION_RULES.filter((r) => r.broad);

/** The label of the highest-priority narrow rule that fires, or null. */
export function objectionFromFrames(normalized: string): ObjectionLabel | null {
  return NARROW_OBJECTION_RULES.find((f) => f.pattern.test(normalized))?.label ?? null;
}

/**
 * Neutral logistics (set 8: "tô dirigindo", "te respondo mais tarde", "me liga depois das 19h", cancelling a
 * booked shift for a family reason): the message arranges the conversation or a booking and refuses nothing.
 * Its phrases and fillers are removed; if nothing is left, there is no objection. "Agora não posso, tô
 * dirigindo" keeps "não posso" (it may refuse the shift), "agora não posso falar, tô dirigindo" keeps nothing.
 */
const LOGISTICS = new RegExp(
  [
    // a moment's occupation
    '(?:estou|to) (?:dirigindo|no transito|em consulta|em atendimento|atendendo|em cirurgia|operando|em reuniao|ocupad[oa] (?:agora|no momento)|saindo do plantao|no meio de (?:uma |um )?(?:cirurgia|consulta|atendimento|procedimento|reuniao))',
    // talking later
    'nao (?:posso|consigo|da para) (?:falar|responder|atender|conversar|ver)',
    '(?:depois |ja )?(?:vou |eu )?(?:te )?(?:respond\\w*|retorn\\w*|falo com voce|falo contigo|chamo|ligo)(?: voce)? (?:mais tarde|depois|em casa|a noite|de noite|ja ja|daqui a pouco|no almoco|quando sair|assim que (?:puder|sair|chegar))',
    '(?:depois|mais tarde|ja ja|daqui a pouco) (?:eu )?(?:te )?(?:respondo|retorno|falo com voce|chamo|ligo)',
    '(?:me )?(?:liga|ligue|chama|chame|manda mensagem) (?:depois|a partir) das \\d+ ?(?:h|horas)?',
    // a late reply with the occupation that caused it: "só demorei porque tava em cirurgia", "desculpa a demora pra
    // responder, tava operando"
    '(?:so )?(?:(?:a |pela )?demora|demorei) (?:\\w+ ){0,3}?(?:(?:porque|pois|que) )?(?:eu )?(?:tava|estava|to|estou) (?:operando|atendendo|dirigindo|(?:em|no|na|num|numa|de) (?:cirurgia|consulta|atendimento|plantao|reuniao|procedimento|transito|centro cirurgico))',
  ].join('|'),
  'g',
);
// Cancelling a booked shift ("preciso cancelar a reserva do plantão de sábado, tive um imprevisto com meu
// pai"): the booking's own words and a family reason are logistics only beside a cancellation verb; alone,
// "surgiu um imprevisto" may explain a refusal.
const CANCELS = /\b(cancelar|desmarcar|remover|retirar|tirar|tira|tire)\b/; // "me tira da escala do dia 15"
const BOOKING =
  /\b(preciso|vou ter que|tenho que|quero|pode|cancelar|desmarcar|remover|retirar|tirar|tira|tire|me|reserva|meu nome|plantao|escala|agenda|minha|meu|o|a|do|da|de|no|na|esse|essa|desse|dessa|dia|\d+|sabado|domingo|segunda|terca|quarta|quinta|sexta|feira|(tive|surgiu) (um )?(imprevisto|problema|emergencia)( familiar)?|com|pai|mae|filh[oa]|esposa|marido|familia|ficou doente|esta doente|internad[oa]|nao vou conseguir ir)\b/g;
const FILLER = /\b(agora|no momento|por favor|por gentileza|ok|oi|ola|julia|doutora?|desculpa|e|mas|que|ai|aqui|entao|ja|so|um|uma|minuto|momento|beleza|vou|eu|te|k|rs|nao sou (um )?robo( nao)?)\b/g;

export function isNeutralLogistics(normalized: string): boolean {
  const hasCancel = CANCELS.test(normalized);
  if (!hasCancel && !new RegExp(LOGISTICS.source).test(normalized)) return false;
  let rest = normalized.replace(LOGISTICS, ' ');
  if (hasCancel) rest = rest.replace(BOOKING, ' ');
  return rest.replace(FILLER, ' ').trim() === '';
}
