import type { LlmClient } from '../../integrations/anthropic/index.js';
import { errorMessage, fold, type Logger } from '../../shared/index.js';
import type { LearnedBinary } from '../learned/index.js';
import { OBJECTION_LABELS, type ObjectionLabel } from '../labels.js';
import type { Detection } from '../neighbours/detector.js';
import { askClassifier } from './classification-system.js';

/** The fast-model arbiter every close call goes to (opt-out, bot suspicion, hand-off, objection). */
export interface ArbiterOptions {
  llm: LlmClient;
  /** The fast model. */
  model: string;
  /** The turn waits at most this long for the answer; then the offline verdict stands. Default 1,500 ms. */
  timeoutMs?: number;
  logger?: Logger;
}

/**
 * One short instruction per question, sent after the cached shared base (prompts/classificar-base.md), which
 * defines each label precisely (what is a yes, what is not) with worked examples. The message is the only
 * variable part of a call.
 */
export const INSTRUCTION_FILES: Record<LearnedBinary | 'objection', string> = {
  optOut: 'classificar-opt-out.md',
  botSuspicion: 'classificar-suspeita-bot.md',
  handoff: 'classificar-handoff.md',
  objection: 'classificar-objecao.md',
};

const ask = (opts: ArbiterOptions, question: keyof typeof INSTRUCTION_FILES, text: string, maxTokens: number) =>
  askClassifier(opts.llm, opts.model, INSTRUCTION_FILES[question], text, maxTokens, opts.timeoutMs ?? 1_500, `${question} arbiter`);

/** "sim" is yes, "não" is no (a final full stop tolerated); anything else is no answer. */
export function parseYesNo(answer: string): boolean | null {
  const word = fold(answer).trim().replace(/[.!]$/, '');
  if (word === 'sim') return true;
  if (word === 'nao') return false;
  return null;
}

/** One yes/no question about one message. Never throws: a failure, a timeout or an odd answer is null. */
export async function askBinaryArbiter(opts: ArbiterOptions, question: LearnedBinary, text: string): Promise<boolean | null> {
  try {
    const answer = await ask(opts, question, text, 5);
    const yes = parseYesNo(answer);
    if (yes === null) opts.logger?.warn({ question, answer: answer.slice(0, 80) }, 'binary arbiter: unexpected answer, keeping the offline verdict');
    return yes;
  } catch (err) {
    opts.logger?.warn({ question, err: errorMessage(err) }, 'binary arbiter unavailable, keeping the offline verdict');
    return null;
  }
}

/**
 * When the objection is not sure: several rules fired (the neighbours broke the tie), the neighbours voted weakly
 * for a label, or they leaned weakly towards "none". A clear rule hit or a message like no exemplar at all ("ok",
 * "blz") costs no model call.
 */
export function needsArbiter(d: Detection): boolean {
  if (d.via === 'rule') return d.confidence < 0.9 && d.label !== null;
  if (d.via === 'knn') return d.confidence < 0.6;
  // The lexicon's guess is the least certain answer the detectors give.
  if (d.via === 'lexicon') return true;
  if (d.via === 'model') return d.confidence < 0.6;
  return d.confidence > 0 && d.confidence < 0.6;
}

/** The objection behind an uncertain message, or none. Any failure, timeout or odd answer keeps the detectors'. */
export async function arbitrateObjection(opts: ArbiterOptions, text: string, d: Detection<ObjectionLabel>): Promise<Detection<ObjectionLabel>> {
  try {
    const answer = fold(await ask(opts, 'objection', text, 8)).match(/[a-z]+/)?.[0] ?? '';
    if (answer === 'nenhuma') return { label: null, confidence: 0.8, via: 'none' };
    if ((OBJECTION_LABELS as readonly string[]).includes(answer)) return { label: answer as ObjectionLabel, confidence: 0.8, via: 'knn' };
    opts.logger?.warn({ answer }, 'objection arbiter: unexpected answer, keeping the detectors');
  } catch (err) {
    opts.logger?.warn({ err: errorMessage(err) }, 'objection arbiter unavailable, keeping the detectors');
  }
  return d;
}
