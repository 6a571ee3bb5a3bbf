import { fold } from '../shared/index.js';
import type { HistoryMessage, KnowledgeContext } from './ports.js';

export interface ModelChoice {
  model: string;
  /** Why this model: 'default', 'negotiation', 'objection:<type>', 'negative_sentiment', 'long_conversation', 'policy:<why>'. */
  reason: string;
}

export interface RoutingInput {
  history: HistoryMessage[];
  knowledge?: Pick<KnowledgeContext, 'objection'> | null;
  /** A pre-processor or the policy engine may ask for the stronger model, with a reason. */
  preferSmart?: string;
}

// Folded (no accents). Counter-offers and haggling over the value.
const NEGOTIATION = /\b(negoci\w*|contraproposta|aumenta\w*|melhora\w* (o|esse) valor|paga\w* mais|valor (mais alto|maior|baixo)|so (vou|aceito|faco) por|abaixo d[oa]|r\$ ?\d|\d+ ?(mil|reais|conto))\b/;
// Irritation, complaints, threats to leave.
const NEGATIVE = /\b(absurd\w*|ridicul\w*|palhacada|pessim\w*|horrivel|lixo|desrespeito|irritad\w*|chatead\w*|cansei|para de|pare de|me tira|nao aguento|vergonha|enganad\w*|spam)\b|!!+/;
const LONG_CONVERSATION_MESSAGES = 20;

/** Haiku by default; Sonnet where a weaker answer costs a doctor (spec 13.1). */
export function chooseModel(input: RoutingInput, models: { fast: string; smart: string }): ModelChoice {
  const smart = (reason: string): ModelChoice => ({ model: models.smart, reason });
  if (input.preferSmart) return smart(`policy:${input.preferSmart}`);
  if (input.knowledge?.objection) return smart(`objection:${input.knowledge.objection}`);
  const recent = fold(
    input.history
      .slice(-4)
      .filter((m) => m.role === 'doctor')
      .map((m) => m.text)
      .join('\n'),
  );
  if (NEGOTIATION.test(recent)) return smart('negotiation');
  if (NEGATIVE.test(recent)) return smart('negative_sentiment');
  if (input.history.length >= LONG_CONVERSATION_MESSAGES) return smart('long_conversation');
  return { model: models.fast, reason: 'default' };
}
