import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { combineBinary, modelReasonBehind, type BinaryPolicy, type ObjectionPolicy } from './combine.js';
import { extractFeatures, HASH_BITS, type Features } from './features.js';
import { statedPieces } from './stated-pieces.js';
import { classProbabilities, loadHead, probability, type LinearHead, type SerializedHead } from './linear-model.js';

/**
 * The learned layer's artifact: weights trained by bench/train-detectors.ts on
 * every labelled development line, and the combination thresholds chosen by leave-one-set-out
 * cross-validation. Read once, on first use; pure arithmetic after that.
 */
export const LEARNED_ARTIFACT = fileURLToPath(new URL('../../../knowledge/models/detectors.json', import.meta.url));

export type LearnedBinary = 'optOut' | 'botSuspicion' | 'handoff';

export interface LearnedArtifact {
  version: 1;
  hashBits: number;
  /** Whether each binary head reads its own rule's verdict as a feature. */
  ruleSignal: boolean;
  heads: Record<LearnedBinary | 'objection', SerializedHead>;
  policy: { binary: Record<LearnedBinary, BinaryPolicy>; objection: ObjectionPolicy };
  trainedOn: string[];
}

interface Loaded {
  artifact: LearnedArtifact;
  heads: Record<LearnedBinary | 'objection', LinearHead>;
}

let loaded: Loaded | undefined;

function model(): Loaded {
  if (loaded) return loaded;
  const artifact = JSON.parse(readFileSync(LEARNED_ARTIFACT, 'utf8')) as LearnedArtifact;
  // Weights index a hash space; a different space would silently read the wrong weights.
  if (artifact.version !== 1 || artifact.hashBits !== HASH_BITS) throw new Error(`learned detector artifact does not match the feature code (${LEARNED_ARTIFACT})`);
  loaded = {
    artifact,
    heads: {
      optOut: loadHead(artifact.heads.optOut),
      botSuspicion: loadHead(artifact.heads.botSuspicion),
      handoff: loadHead(artifact.heads.handoff),
      objection: loadHead(artifact.heads.objection),
    },
  };
  return loaded;
}

// The pipeline asks the three binary detectors (and the objection head) about the same message in a
// row; one remembered extraction saves three.
let last: { raw: string; signals: string; features: Features } | undefined;
function featuresOf(raw: string, signals: string[]): Features {
  const key = signals.join(',');
  if (last && last.raw === raw && last.signals === key) return last.features;
  const features = extractFeatures(raw, signals);
  last = { raw, signals: key, features };
  return features;
}

/** The model's probability that the message is a yes for this detector, given the rule's verdict. */
export function learnedProbability(name: LearnedBinary, raw: string, ruleFired: boolean): number {
  const m = model();
  return probability(m.heads[name], featuresOf(raw, m.artifact.ruleSignal && ruleFired ? ['rule'] : []));
}

/** A binary detector's cross-validated thresholds (the fast-model arbiter reads them to tell a close call). */
export function learnedPolicy(name: LearnedBinary): BinaryPolicy {
  return model().artifact.policy.binary[name];
}

/**
 * The combined verdict: the rule unless the model contradicts it, or the model alone when very sure.
 * `ruleOnPiece` (the detector's rules on one statement) lets a vetoed hit be judged on the
 * statement that carries it (statedPieces,).
 */
export function learnedVerdict(name: LearnedBinary, raw: string, ruleFired: boolean, ruleOnPiece?: (piece: string) => boolean): { yes: boolean; p: number } {
  const p = learnedProbability(name, raw, ruleFired);
  const policy = model().artifact.policy.binary[name];
  let pPiece = -1;
  if (ruleFired && p < policy.low && ruleOnPiece) {
    for (const piece of statedPieces(raw)) if (ruleOnPiece(piece)) pPiece = Math.max(pPiece, learnedProbability(name, piece, true));
  }
  return { yes: combineBinary(ruleFired, p, policy, pPiece), p: Math.max(p, pPiece) };
}

export interface LearnedObjection {
  /** The model's top label (null = none) and its probability. */
  label: string | null;
  probability: number;
  /** Whether the probability reaches the cross-validated threshold for replacing neighbours/lexicon. */
  confident: boolean;
  /** The reason the model names behind an opt-out/bot/hand-off line when the rules cannot (null: none or not allowed). */
  behind: string | null;
  /** Whether the policy lets the clauses beside the act name the reason when neither rules nor model do. */
  behindRest: boolean;
}

export function learnedObjection(raw: string): LearnedObjection {
  const m = model();
  const p = classProbabilities(m.heads.objection, featuresOf(raw, []));
  let top = 0;
  for (let i = 1; i < p.length; i++) if (p[i]! > p[top]!) top = i;
  const name = m.heads.objection.classes[top]!;
  const label = name === 'none' ? null : name;
  const policy = m.artifact.policy.objection;
  return { label, probability: p[top]!, confident: p[top]! >= policy.take, behind: modelReasonBehind(p, policy), behindRest: policy.behindRest ?? false };
}
