import { createDetectors, type Detectors } from './neighbours/create-detectors.js';
import { learnedObjection } from './learned/index.js';
import { detectBotSuspicion } from './rules/bot/detect-bot-suspicion.js';
import { detectHandoff } from './rules/handoff/detect-handoff.js';
import { objectionBehind } from './rules/objection/detect-objection.js';
import { detectOptOut } from './rules/opt-out/detect-opt-out.js';
import { nothingBesideTheAct, reasonClauses } from './text/reason-clauses.js';

/** The final offline verdict on one message: what `julia classify`, the eval and the case table read. */
export interface MessageVerdict {
  optOut: boolean;
  botSuspicion: boolean;
  handoff: boolean;
  objection: string | null;
  objective: string | null;
  profile: string | null;
}

// The rules name the reason behind an act; the learned layer may name it when they cannot, if the cross-validated
// policy allows it (knowledge/models/detectors.json). With the policy's `behindRest`, the clauses beside the act are
// read by the layered detector (rules, neighbours, lexicon; the learned head was not trained on a clause alone).
let layered: Detectors | undefined;
function reasonBehind(text: string): string | null {
  const rules = objectionBehind(text);
  if (rules !== null) return rules;
  // Nothing but the act and its softeners: no reason given, none read by the model either.
  if (nothingBesideTheAct(text)) return null;
  const m = learnedObjection(text);
  if (m.behind !== null || !m.behindRest) return m.behind;
  const rest = reasonClauses(text);
  if (rest === null) return null;
  layered ??= createDetectors({ learned: false });
  return layered.detect(rest).objection.label;
}

export function classifyMessage(detectors: Detectors, text: string, history: string[] = []): MessageVerdict {
  const d = detectors.detect(text, history);
  const optOut = detectOptOut(text).optOut;
  const botSuspicion = detectBotSuspicion(text).suspicious;
  const handoff = detectHandoff(text).handoff;
  return {
    optOut,
    botSuspicion,
    handoff,
    // The turn stops (opt-out, hand-off) or answers the bot question before any objection playbook is read; the
    // reason behind it is still recorded when a rule names one ("agenda cheia, me tira da lista" = tempo). The
    // neighbours would read the stop itself as the objection, so they see only the clauses beside it.
    objection: optOut || botSuspicion || handoff ? reasonBehind(text) : d.objection.label,
    objective: d.objective.label,
    profile: d.profile.label,
  };
}
