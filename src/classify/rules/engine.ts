/**
 * A tiny rule engine shared by the detectors: each rule is a regex over the
 * normalized text plus optional guards that look at the words around the
 * match. Keeping guards next to the rule (instead of one global blacklist)
 * lets a refusal like "não me manda o de domingo" veto only the "stop
 * sending" rule that it resembles, not an unrelated list-removal request.
 */
export interface Rule {
  readonly name: string;
  readonly confidence: number;
  readonly pattern: RegExp;
  /** Veto when a negation sits just before the match ("não me tira da lista"). */
  readonly negatable?: boolean;
  /** Veto on the words after the match, e.g. a shift-specific object. */
  readonly rejectTail?: (tail: string) => boolean;
  /** Veto on the text the rule is tried on (the message or one of its clauses). */
  readonly rejectText?: (text: string) => boolean;
  /** Veto on the whole message, even when the rule fires on one clause of it. */
  readonly rejectMessage?: (whole: string) => boolean;
  /** Test only the whole message, never a single sentence of it. */
  readonly wholeMessageOnly?: boolean;
}

export interface RuleHit {
  readonly name: string;
  readonly confidence: number;
}

// Only modal/auxiliary words may sit between the negation and the match, so
// "não aguento mais, me tira da lista" still counts while "não precisa me tirar" does not; "nem pense em
// me tirar" is a warning against the stop.
const NEGATION_BEFORE =
  /\b(nao|nem|nunca|jamais)( (precisa|precisam|quero|queria|vou|vai|vao|pode|podem|deve|devem|e pra|e para|era pra|pense em|pensem em|pensa em|pensar em|inventa de|invente de|inventem de|ousa|ouse|ousem))?( (me|de|pra|para))? ?$/;

function takeWords(text: string, count: number): string {
  return text.split(' ').filter(Boolean).slice(0, count).join(' ');
}

// every occurrence is tried, not only the first ("parem de mandar vaga de madrugada e parem de mandar
// em geral": the first is narrowed by its tail, the second is not).
const globalCopies = new WeakMap<RegExp, RegExp>();
function everyMatch(pattern: RegExp, text: string): RegExpExecArray[] {
  let g = globalCopies.get(pattern);
  if (!g) globalCopies.set(pattern, (g = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`)));
  return [...text.matchAll(g)];
}

function hits(rule: Rule, text: string): boolean {
  if (!rule.pattern.test(text)) return false;
  if (rule.rejectText && rule.rejectText(text)) return false;
  return everyMatch(rule.pattern, text).some((match) => {
    if (rule.negatable && NEGATION_BEFORE.test(text.slice(0, match.index))) return false;
    return !(rule.rejectTail && rule.rejectTail(takeWords(text.slice(match.index + match[0].length), 6)));
  });
}

/**
 * Every rule that fires on the whole normalized message or on one of its
 * clauses, strongest first. Clauses let "^...$" anchors see one sentence.
 */
export function matchRules(rules: readonly Rule[], whole: string, clauses: readonly string[]): RuleHit[] {
  const found: RuleHit[] = [];
  for (const rule of rules) {
    const fired = hits(rule, whole) || (!rule.wholeMessageOnly && clauses.length > 1 && clauses.some((c) => hits(rule, c)));
    if (fired && !rule.rejectMessage?.(whole)) found.push({ name: rule.name, confidence: rule.confidence });
  }
  return found.sort((a, b) => b.confidence - a.confidence);
}

/** Joins alternatives into a non-capturing group for readable rule sources. */
export function oneOf(...alternatives: string[]): string {
  return `(?:${alternatives.join('|')})`;
}
