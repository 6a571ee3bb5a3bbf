import { botSuspicionByRules } from './detect-bot-suspicion.js';
import { handoffByRules } from './detect-handoff.js';
import { optOutByRules } from './detect-opt-out.js';

/**
 * The clauses of a message that are not the act itself (h14-detectors7): in "me tira da lista, esse ano vou
 * me dedicar só à residência" the stop is the act and the rest is its reason. Null when every clause is the
 * act, or none is (the act is then spread over the message and no clause can be set aside).
 */
export function reasonClauses(text: string): string | null {
  const clauses = text.split(/[.;!?\n]+|,\s*|\s+mas\s+/i).map((c) => c.trim()).filter(Boolean);
  const isAct = (c: string) => optOutByRules(c).optOut || handoffByRules(c).handoff || botSuspicionByRules(c).suspicious;
  const kept = clauses.filter((c) => !isAct(c));
  return kept.length > 0 && kept.length < clauses.length ? kept.join('. ') : null;
}
