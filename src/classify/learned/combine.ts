/**
 * How the learned layer's probabilities meet the rules. Both policies
 * are families with thresholds chosen by leave-one-set-out cross-validation
 * (bench/detectors-loso.ts), never by reading single lines.
 */

/**
 * A binary detector says yes when the rule fires and the model does not contradict it
 * (p >= low, on the message or on the statement the rule fires on: `pPiece`), or when the
 * model alone is very sure (p >= high). low 0 / high > 1 is the
 * rule alone; low = high is the model alone.
 */
export interface BinaryPolicy {
  low: number;
  high: number;
}

export function combineBinary(rule: boolean, p: number, policy: BinaryPolicy, pPiece = -1, pVeto = p): boolean {
  // a veto must hold for the message AND for the statement the rule fires on alone
  // (statedPieces): words of another sentence cannot veto a request made in its own sentence. `pVeto` is the
  // probability that a rule hit is real, from a head trained on rule hits only (or `p` where there is none).
  return (rule && (pVeto >= policy.low || pPiece >= policy.low)) || p >= policy.high;
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
  /**
   * the model's threshold for the reason behind a flagged line (default `take`), and
   * whether "none" is set aside there. An opt-out or hand-off usually has a reason and the sets written
   * from the spec (3, 5, 6) label it, so its own cross-validated threshold rather than the neutral one.
   */
  behindTake?: number;
  behindSkipNone?: boolean;
  /** When neither the rules nor the model name it: the layered detector's reading of the clauses beside the act. */
  behindRest?: boolean;
}

export interface ObjectionInputs {
  flagged: boolean;
  current: { label: string | null; via: string };
  behind: string | null;
  /** A plain open question naming a topic ("e o valor?"): the layered detector's neutral reading stands. */
  openQuestion: boolean;
  /** In OBJECTION_CLASSES order. */
  probabilities: readonly number[];
  /** The layered detector's label for the clauses beside the act (reasonClauses), if any. */
  restLabel?: string | null;
  /** The act stands alone with its softeners (nothingBesideTheAct): no reason to read. */
  nothingBeside?: boolean;
}

/** The index of the largest probability, optionally never the last class ("none"). */
function argmax(p: readonly number[], skipNone: boolean): number {
  const n = skipNone ? p.length - 1 : p.length;
  let top = 0;
  for (let i = 1; i < n; i++) if (p[i]! > p[top]!) top = i;
  return top;
}

/** The reason the model names behind a flagged line under this policy, or null. */
export function modelReasonBehind(probabilities: readonly number[], policy: ObjectionPolicy): string | null {
  if (!policy.behindModel) return null;
  const top = argmax(probabilities, policy.behindSkipNone ?? false);
  if (probabilities[top]! < (policy.behindTake ?? policy.take)) return null;
  return OBJECTION_CLASSES[top] === 'none' ? null : OBJECTION_CLASSES[top]!;
}

export function pickObjection(x: ObjectionInputs, policy: ObjectionPolicy): string | null {
  if (x.flagged) return x.behind ?? (x.nothingBeside ? null : (modelReasonBehind(x.probabilities, policy) ?? (policy.behindRest ? (x.restLabel ?? null) : null)));
  if (x.current.via === 'rule' || x.openQuestion) return x.current.label;
  const top = argmax(x.probabilities, false);
  const model = OBJECTION_CLASSES[top] === 'none' ? null : OBJECTION_CLASSES[top]!;
  return x.probabilities[top]! >= policy.take ? model : x.current.label;
}
