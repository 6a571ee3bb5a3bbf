import { combineBinary, learnedPolicy, learnedProbability, type BinaryPolicy, type LearnedBinary } from '../learned/index.js';

/**
 * Why an offline binary verdict is a close call:
 * - `learned_veto`: the rule fired and the learned layer vetoes it (p < low);
 * - `learned_adds`: no rule fired and the learned layer alone says yes (p >= high);
 * - `near_threshold`: they agree, but p lies within the band of the threshold that decided.
 */
export type Uncertainty = 'learned_veto' | 'learned_adds' | 'near_threshold';

/**
 * Width of the band under or over a threshold. At 0.1, on the blind set 8 (320 lines), about 4% of lines are a
 * close call for opt-out, 2% for bot suspicion and 4% for hand-off, and half of the offline opt-out misses are
 * among them: few model calls, most of the disagreements.
 */
export const UNCERTAINTY_BAND = 0.1;

/** Pure: the rule's verdict, the learned probability and the policy say whether the verdict is a close call. */
export function binaryUncertainty(ruleFired: boolean, p: number, policy: BinaryPolicy, band = UNCERTAINTY_BAND): Uncertainty | null {
  // With the rule, `low` decides (a policy with low 0 never vetoes, so only a p near 0 is close).
  if (ruleFired) {
    if (p < policy.low) return 'learned_veto';
    return p < policy.low + band ? 'near_threshold' : null;
  }
  // Without it, `high` decides.
  if (p >= policy.high) return 'learned_adds';
  return p >= policy.high - band ? 'near_threshold' : null;
}

/** Which offline layer gave the verdict: the rules, or the learned layer overruling them. */
export type OfflinePath = 'rules' | 'learned';

export interface BinaryReading {
  offlineYes: boolean;
  decidedBy: OfflinePath;
  p: number;
  uncertain: Uncertainty | null;
}

/**
 * One message's reading for a binary detector, from the verdicts the detector already gave (rules alone and
 * combined). When the combined verdict is not what the policy alone gives, a guard inside the detector decided
 * (the doctor speaking of himself, "não sou robô"): that is deliberate, not a close call.
 */
export function readBinary(name: LearnedBinary, raw: string, ruleFired: boolean, offlineYes: boolean, band = UNCERTAINTY_BAND): BinaryReading {
  const decidedBy: OfflinePath = offlineYes === ruleFired ? 'rules' : 'learned';
  // An empty message (a photo, a sticker) gives the model nothing to read.
  if (!raw.trim()) return { offlineYes, decidedBy, p: 0, uncertain: null };
  const p = learnedProbability(name, raw, ruleFired);
  const policy = learnedPolicy(name);
  const guarded = offlineYes !== combineBinary(ruleFired, p, policy);
  return { offlineYes, decidedBy, p, uncertain: guarded ? null : binaryUncertainty(ruleFired, p, policy, band) };
}
