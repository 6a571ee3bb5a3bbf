import { detectBotSuspicion, botSuspicionByRules, type BotSuspicionResult } from '../rules/bot/detect-bot-suspicion.js';
import { detectHandoff, handoffByRules, type HandoffResult } from '../rules/handoff/detect-handoff.js';
import { detectOptOut, optOutByRules, type OptOutResult } from '../rules/opt-out/detect-opt-out.js';
import type { LearnedBinary } from '../learned/index.js';

/** One offline binary task as the arbiter reads it. */
export interface BinaryDetector<R> {
  name: LearnedBinary;
  /** The rules combined with the learned layer: the offline verdict. */
  detect(raw: string): R;
  byRules(raw: string): R;
  yes(r: R): boolean;
  /** The verdict when the arbiter says yes where neither the rules nor the learned layer did. */
  arbiterYes(rules: R): R;
  /** The verdict when the arbiter says no to an offline yes. */
  arbiterNo(rules: R): R;
}

// The confidence given to a verdict only the fast model saw: like the objection arbiter's.
const ARBITER_CONFIDENCE = 0.8;

/** The arbiter's verdicts of a task whose result is one flag: the same yes and no whatever the rules said. */
function fixedVerdicts<R extends object>(yes: R, no: R): Pick<BinaryDetector<R>, 'arbiterYes' | 'arbiterNo'> {
  return { arbiterYes: () => ({ ...yes }), arbiterNo: () => ({ ...no }) };
}

export const OPT_OUT: BinaryDetector<OptOutResult> = {
  name: 'optOut',
  detect: detectOptOut,
  byRules: optOutByRules,
  yes: (r) => r.optOut,
  ...fixedVerdicts<OptOutResult>({ optOut: true, confidence: ARBITER_CONFIDENCE, reason: 'arbiter' }, { optOut: false, confidence: 0 }),
};

export const BOT_SUSPICION: BinaryDetector<BotSuspicionResult> = {
  name: 'botSuspicion',
  detect: detectBotSuspicion,
  byRules: botSuspicionByRules,
  yes: (r) => r.suspicious,
  ...fixedVerdicts<BotSuspicionResult>({ suspicious: true, confidence: ARBITER_CONFIDENCE }, { suspicious: false, confidence: 0 }),
};

// Like a hand-off only the learned layer sees, one only the model sees names no rule family: the trigger
// reads it as a request for a person.
export const HANDOFF: BinaryDetector<HandoffResult> = {
  name: 'handoff',
  detect: detectHandoff,
  byRules: handoffByRules,
  yes: (r) => r.handoff,
  arbiterYes: (rules) => ({ handoff: true, confidence: ARBITER_CONFIDENCE, signals: [...rules.signals, 'arbiter'] }),
  arbiterNo: (rules) => ({ handoff: false, confidence: 0, signals: [...rules.signals, 'arbiter_veto'] }),
};
