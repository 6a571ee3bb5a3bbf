/**
 * How the learned layer's probabilities meet the rules (h14-detectors4). Both policies
 * are families with thresholds chosen by leave-one-set-out cross-validation
 * (bench/detectors-loso.ts), never by reading single lines.
 */

/**
 * A binary detector says yes when the rule fires and the model does not contradict it
 * (p >= low), or when the model alone is very sure (p >= high). low 0 / high > 1 is the
 * rule alone; low = high is the model alone.
 */
export interface BinaryPolicy {
  low: number;
  high: number;
}

export function combineBinary(rule: boolean, p: number, policy: BinaryPolicy): boolean {
  return (rule && p >= policy.low) || p >= policy.high;
}

export const OBJECTION_CLASSES = ['preco', 'tempo', 'confianca', 'processo', 'disponibilidade', 'qualidade', 'lealdade', 'risco', 'motivacao', 'comunicacao', 'none'] as const;

/**
 * Objection type: a precise rule pattern keeps its answer; otherwise the model's
 * top label (possibly "none") replaces the neighbours/lexicon reading when its
 * probability reaches `take`, except on a plain open question, which names a topic without resisting. On a line acted on otherwise (opt-out, bot, hand-off)
 * the rules name the reason behind it, and with `behindModel` the model may name it
 * when the rules cannot.
 */
export interface ObjectionPolicy {
  take: number;
  behindModel: boolean;
}

export interface ObjectionInputs {
  flagged: boolean;
  current: { label: string | null; via: string };
  behind: string | null;
  /** A plain open question naming a topic ("e o valor?"): the layered detector's neutral reading stands. */
  openQuestion: boolean;
  /** In OBJECTION_CLASSES order. */
  probabilities: readonly number[];
}

export function pickObjection(x: ObjectionInputs, policy: ObjectionPolicy): string | null {
  let top = 0;
  for (let i = 1; i < x.probabilities.length; i++) if (x.probabilities[i]! > x.probabilities[top]!) top = i;
  const model = OBJECTION_CLASSES[top] === 'none' ? null : OBJECTION_CLASSES[top]!;
  const confident = x.probabilities[top]! >= policy.take;
  if (x.flagged) return x.behind ?? (policy.behindModel && confident ? model : null);
  if (x.current.via === 'rule' || x.openQuestion) return x.current.label;
  return confident ? model : x.current.label;
}
