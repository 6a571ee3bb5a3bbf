import { normalizeText } from '../text/normal-form.js';
import type { Exemplar } from './exemplars.js';
import { KnnIndex, type KnnVote } from './knn.js';

export interface Detection<L extends string = string> {
  label: L | null;
  /** 0..1; rules are trusted more than neighbours. */
  confidence: number;
  /**
   * rule: a precise pattern; knn: the neighbours' vote; lexicon: the domain lexicon when neither decided;
   * model: the learned layer, confident enough to replace neighbours and lexicon.
   */
  via: 'rule' | 'knn' | 'lexicon' | 'model' | 'none';
}

/** A precise pattern over normalised text (folded, abbreviations expanded, padded with spaces). */
export interface Rule<L extends string> {
  label: L;
  pattern: RegExp;
}

export interface DetectorSpec<L extends string> {
  rules: Rule<L>[];
  exemplars: Exemplar[];
  /** The exemplar label that means "nothing detected" (objections: "none"). */
  noneLabel?: string;
  /** Messages that are never this kind of label (e.g. an opt-out is not an objection). */
  exclude?: RegExp;
  /** Label to answer when neither rules nor neighbours decide; omit to answer null. */
  fallback?: (normalized: string, votes: KnnVote[]) => L | null;
  /** Below this nearest-neighbour similarity the message is unlike every exemplar. */
  minSimilarity: number;
  /** Below this vote share the neighbours disagree too much to answer. */
  minShare: number;
  k?: number;
}

export interface Detector<L extends string> {
  detect(text: string): Detection<L>;
}

const RULE_CONFIDENCE = 0.9;

/**
 * Rules first: they are precise, cheap and explainable. When several labels'
 * rules fire, the neighbours break the tie among them. With no rule, the k
 * nearest exemplars vote, and a weak or split vote answers "nothing".
 */
export function createDetector<L extends string>(spec: DetectorSpec<L>): Detector<L> {
  const knn = new KnnIndex(spec.exemplars);
  const k = spec.k ?? 7;
  return {
    detect(text: string): Detection<L> {
      const normalized = normalizeText(text);
      if (spec.exclude?.test(normalized)) return { label: null, confidence: RULE_CONFIDENCE, via: 'rule' };
      const fired: L[] = [];
      for (const rule of spec.rules) {
        if (!fired.includes(rule.label) && rule.pattern.test(normalized)) fired.push(rule.label);
      }
      if (fired.length === 1) return { label: fired[0]!, confidence: RULE_CONFIDENCE, via: 'rule' };
      const votes = knn.size > 0 && normalized.trim() ? knn.vote(text, k) : [];
      if (fired.length > 1) {
        // Rule order is priority order; neighbours may overrule it among the fired labels.
        const pick = votes.find((v) => fired.includes(v.label as L))?.label as L | undefined;
        return { label: pick ?? fired[0]!, confidence: RULE_CONFIDENCE - 0.15, via: 'rule' };
      }
      const top = votes[0];
      if (!top || top.best < spec.minSimilarity || top.share < spec.minShare || top.label === spec.noneLabel) {
        const fallback = spec.fallback?.(normalized, votes) ?? null;
        // Low on purpose: with a key, the arbiter confirms a lexicon guess.
        if (fallback) return { label: fallback, confidence: 0.4, via: 'lexicon' };
        return { label: null, confidence: top && top.label === spec.noneLabel ? round(top.share) : 0, via: 'none' };
      }
      // Confidence grows with agreement and closeness, capped below a rule's.
      return { label: top.label as L, confidence: round(Math.min(0.85, top.share * Math.min(1, top.best / 0.6))), via: 'knn' };
    },
  };
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
