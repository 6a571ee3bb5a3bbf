import type { LlmClient } from '../../integrations/anthropic/index.js';
import type { LearnedBinary } from '../learned/index.js';
import { askClassifier } from './classification-system.js';
import { errorMessage, fold, type Logger } from '../../shared/index.js';

export interface BinaryArbiterOptions {
  llm: LlmClient;
  /** The fast model. */
  model: string;
  /** The turn waits at most this long for the answer; then the offline verdict stands. Default 1,500 ms. */
  timeoutMs?: number;
  logger?: Logger;
}

/**
 * One short instruction per question, sent after the cached shared base
 * (prompts/classificar-base.md), which defines each label precisely (what is a
 * yes, what is not) with worked examples.
 */
export const INSTRUCTION_FILES: Record<LearnedBinary, string> = {
  optOut: 'classificar-opt-out.md',
  botSuspicion: 'classificar-suspeita-bot.md',
  handoff: 'classificar-handoff.md',
};

/** "sim" is yes, "não" is no (a final full stop tolerated); anything else is no answer. */
export function parseYesNo(answer: string): boolean | null {
  const word = fold(answer).trim().replace(/[.!]$/, '');
  if (word === 'sim') return true;
  if (word === 'nao') return false;
  return null;
}

/**
 * A small fast-model call answers one yes/no question about one message. The
 * cached prefix is the classification base shared with the other arbiters;
 * the question's instruction follows it, and the message is the only
 * variable part. Never throws: a failure, a timeout or an odd answer is
 * null, and the caller keeps its offline verdict.
 */
export async function askBinaryArbiter(opts: BinaryArbiterOptions, question: LearnedBinary, text: string): Promise<boolean | null> {
  try {
    const answer = await askClassifier(opts.llm, opts.model, INSTRUCTION_FILES[question], text, 5, opts.timeoutMs ?? 1_500, `${question} arbiter`);
    const yes = parseYesNo(answer);
    if (yes === null) opts.logger?.warn({ question, answer: answer.slice(0, 80) }, 'binary arbiter: unexpected answer, keeping the offline verdict');
    return yes;
  } catch (err) {
    opts.logger?.warn({ question, err: errorMessage(err) }, 'binary arbiter unavailable, keeping the offline verdict');
    return null;
  }
}
