import type { LlmClient } from '../../integrations/anthropic/index.js';
import { errorMessage, fold, type Logger } from '../../shared/index.js';
import { askClassifier } from './classification-system.js';
import type { Detection } from '../neighbours/detector.js';
import { OBJECTION_LABELS, type ObjectionLabel } from '../labels.js';

export interface ArbiterOptions {
  llm: LlmClient;
  /** The fast model. */
  model: string;
  /** The turn waits at most this long for the verdict; then the rules' answer stands. Default 1,500 ms. */
  timeoutMs?: number;
  logger?: Logger;
}

/**
 * When the rules and the neighbours are not sure: several rules fired (the
 * neighbours broke the tie), the neighbours voted weakly for a label, or they
 * leaned weakly towards "none". A clear rule hit or a message like no
 * exemplar at all ("ok", "blz") costs no model call.
 */
export function needsArbiter(d: Detection): boolean {
  if (d.via === 'rule') return d.confidence < 0.9 && d.label !== null;
  if (d.via === 'knn') return d.confidence < 0.6;
  // The lexicon's guess is the least certain answer the detectors give.
  if (d.via === 'lexicon') return true;
  if (d.via === 'model') return d.confidence < 0.6;
  return d.confidence > 0 && d.confidence < 0.6;
}

/**
 * A small fast-model call decides an uncertain objection. The shared
 * classification base is the cached prefix (classification-system.ts), the
 * objection instruction follows it, and the message is the only variable
 * part. Any failure, timeout or odd answer keeps the detectors' answer.
 */
export async function arbitrateObjection(opts: ArbiterOptions, text: string, d: Detection<ObjectionLabel>): Promise<Detection<ObjectionLabel>> {
  try {
    const raw = await askClassifier(opts.llm, opts.model, 'classificar-objecao.md', text, 8, opts.timeoutMs ?? 1_500, 'objection arbiter');
    const answer = fold(raw).match(/[a-z]+/)?.[0] ?? '';
    if (answer === 'nenhuma') return { label: null, confidence: 0.8, via: 'none' };
    if ((OBJECTION_LABELS as readonly string[]).includes(answer)) return { label: answer as ObjectionLabel, confidence: 0.8, via: 'knn' };
    opts.logger?.warn({ answer }, 'objection arbiter: unexpected answer, keeping the detectors');
  } catch (err) {
    opts.logger?.warn({ err: errorMessage(err) }, 'objection arbiter unavailable, keeping the detectors');
  }
  return d;
}
