import { createInterface } from 'node:readline';
import type { Config } from '../config.js';
import { detectBotSuspicion, detectHandoff, detectOptOut } from '../classify/index.js';
import { createDetectors, type Detectors } from '../retrieval/index.js';
import { objectionBehind } from '../classify/rules/objection/detect-objection.js';
import { learnedObjection } from '../classify/learned/index.js';
import { nothingBesideTheAct, reasonClauses } from '../classify/text/reason-clauses.js';

interface InputLine {
  id?: unknown;
  text?: unknown;
  /** Earlier doctor messages: strings, or {role, text} where only role "doctor" counts. */
  history?: unknown;
}

export interface Classification {
  id: unknown;
  optOut: boolean;
  botSuspicion: boolean;
  handoff: boolean;
  objection: string | null;
  objective: string | null;
  profile: string | null;
}

function doctorHistory(history: unknown): string[] {
  if (!Array.isArray(history)) return [];
  return history.flatMap((h) => {
    if (typeof h === 'string') return [h];
    if (h && typeof h === 'object' && typeof (h as { text?: unknown }).text === 'string') {
      const role = (h as { role?: unknown }).role;
      return role === undefined || role === 'doctor' ? [(h as { text: string }).text] : [];
    }
    return [];
  });
}

// The rules name the reason behind an act; the learned layer may name it when they cannot, if the
// cross-validated policy allows it (knowledge/models/detectors.json).
// h14-detectors7: with the policy's `behindRest`, the clauses beside the act are read by the layered detector
// (rules, neighbours, lexicon; the learned head was not trained on a clause alone).
let layered: Detectors | undefined;
function reasonBehind(text: string): string | null {
  const rules = objectionBehind(text);
  if (rules !== null) return rules;
  // h14-detectors10: nothing but the act and its softeners: no reason given, none read by the model either.
  if (nothingBesideTheAct(text)) return null;
  const m = learnedObjection(text);
  if (m.behind !== null || !m.behindRest) return m.behind;
  const rest = reasonClauses(text);
  if (rest === null) return null;
  layered ??= createDetectors({ learned: false });
  return layered.detect(rest).objection.label;
}

export function classifyLine(detectors: Detectors, input: InputLine): Classification {
  // Any JSON value can arrive (null, a number, an array): read fields only from an object.
  const line: InputLine = input !== null && typeof input === 'object' && !Array.isArray(input) ? input : {};
  const text = typeof line.text === 'string' ? line.text : '';
  const d = detectors.detect(text, doctorHistory(line.history));
  const optOut = detectOptOut(text).optOut;
  const botSuspicion = detectBotSuspicion(text).suspicious;
  const handoff = detectHandoff(text).handoff;
  return {
    // Echoed as given when it is a plain value; an object or array id (possibly nested
    // deeper than JSON.stringify can go) is not an id.
    id: line.id === undefined || (line.id !== null && typeof line.id === 'object') ? null : line.id,
    optOut,
    botSuspicion,
    handoff,
    // The turn stops (opt-out, hand-off) or answers the bot question before any objection
    // playbook is read; the reason behind it is still recorded when a rule names one
    // ("agenda cheia, me tira da lista" = tempo, "cadê meu pagamento" = risco). The neighbours
    // would read the stop itself as the objection, so they see only the clauses beside it (reasonBehind).
    objection: optOut || botSuspicion || handoff ? reasonBehind(text) : d.objection.label,
    objective: d.objective.label,
    profile: d.profile.label,
  };
}

/**
 * `julia classify`: JSON lines {"id","text","history"?} on stdin, one JSON line
 * per input on stdout. Offline: detectors use rules and the local embedder only.
 * Opt-out, bot suspicion and hand-off come from the pipeline's detectors.
 */
export async function run(_config: Config, _args: string[]): Promise<number> {
  const detectors = createDetectors();
  let failures = 0;
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const raw of lines) {
    if (!raw.trim()) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      failures++;
      process.stdout.write(`${JSON.stringify({ error: 'invalid JSON line' })}\n`);
      continue;
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      failures++;
      process.stdout.write(`${JSON.stringify({ error: 'line is not a JSON object' })}\n`);
      continue;
    }
    process.stdout.write(`${JSON.stringify(classifyLine(detectors, parsed as InputLine))}\n`);
  }
  return failures > 0 ? 1 : 0;
}
