/**
 * Scoring and the combination policies cross-validation chooses from (split from learned-cv.ts, which holds the
 * labelled groups, the features and the training).
 */
import { combineBinary, pickObjection, type BinaryPolicy, type ObjectionPolicy } from '../learned/combine.js';
import { BINARY, type BinaryName, type Line, type Reading } from './learned-cv.js';

// ---- scoring ----
const r3 = (x: number) => Math.round(x * 1000) / 1000;

export function binaryScore(gold: Array<boolean | undefined>, got: boolean[]) {
  let tp = 0, fp = 0, fn = 0;
  gold.forEach((g, i) => {
    if (g === undefined) return;
    if (got[i] && g) tp++;
    else if (got[i]) fp++;
    else if (g) fn++;
  });
  const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 1 : tp / (tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { tp, fp, fn, f1: r3(f1) };
}

export function objectionScore(gold: Array<string | null | undefined>, got: Array<string | null>) {
  const pairs = gold.map((g, i) => [g, got[i]] as const).filter(([g]) => g !== undefined);
  const labelled = pairs.filter(([g]) => g !== null);
  return {
    labelled: r3(labelled.filter(([g, p]) => g === p).length / (labelled.length || 1)),
    all: r3(pairs.filter(([g, p]) => g === p).length / (pairs.length || 1)),
  };
}

// ---- policies and their choice ----
const LOW = [0, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6];
const HIGH = [0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.98, 1.01];
export const BINARY_GRID: BinaryPolicy[] = LOW.flatMap((low) => HIGH.filter((high) => high > low).map((high) => ({ low, high })));
const TAKE = [0, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.01];
const BEHIND_TAKE = [0.2, 0.3, 0.4, 0.5, 0.6, 0.7];
export const OBJECTION_GRID: ObjectionPolicy[] = TAKE.flatMap((take) => [
  { take, behindModel: false },
  ...BEHIND_TAKE.flatMap((behindTake) => [false, true].map((behindSkipNone) => ({ take, behindModel: true, behindTake, behindSkipNone }))),
]);

/**
 * A false opt-out silences a doctor for good: it costs as much as this many missed opt-outs. 10 in
 * (with set 7 in training, 5 let the opt-out head add false opt-outs on held-out sets 2-6, 6 -> 9). 5 again since
 * a missed stop is not the cheap error here (the product's first rule is never to message a doctor
 * who asked to stop, and an unwanted message risks the number), and on sets 1-10 at 10 the band below chose a veto at
 * p < 0.5 that set aside clear stops whose probability sits near 0.5 ("prefiro não receber mais essas ofertas",
 * 0.42; "parar de mandar.", 0.55): out of fold, 5 fewer false stops for 29 more missed (0.5/0.98 against 0.3/0.95).
 */
export const FALSE_OPT_OUT_COST = Number(process.env.FALSE_OPT_OUT_COST ?? 5);

/**
 * Utility bands within which fewer false positives beat a higher utility (0: plain best utility). Leave-one-set-out
 *: the opt-out band of one false opt-out cut false opt-outs 10 -> 8 over sets 2-6 and the unit group
 * for 5 more missed; an F1 band of 0.005 for bot/hand-off cost bot 0.873 -> 0.808 on set 6, so it is off.
 */
export const OPT_OUT_BAND = Number(process.env.OPT_OUT_BAND ?? FALSE_OPT_OUT_COST);
export const F1_BAND = Number(process.env.F1_BAND ?? 0);

export function utility(name: BinaryName, s: { tp: number; fp: number; fn: number; f1: number }): number {
  return name === 'optOut' ? s.tp - FALSE_OPT_OUT_COST * s.fp - s.fn : s.f1;
}

export function decide(lines: Line[], readings: Reading[], policy: Record<BinaryName, BinaryPolicy>, objection: ObjectionPolicy, blind = false) {
  return lines.map((l, i) => {
    const flags = {} as Record<BinaryName, boolean>;
    for (const name of BINARY) flags[name] = combineBinary((blind ? l.blindRule : l.rule)[name], readings[i]!.p[name], policy[name], readings[i]!.pPiece[name], readings[i]!.pVeto[name]);
    const flagged = flags.optOut || flags.botSuspicion || flags.handoff;
    return { ...flags, objection: pickObjection({ flagged, current: l.current, behind: l.behind, restLabel: l.restLabel, nothingBeside: l.nothingBeside, openQuestion: l.openQuestion, probabilities: readings[i]!.objection }, objection) };
  });
}

/**
 * the learned layer may add a hand-off but never veto one the rules found. Out of fold (sets 1-9, dev,
 * unit) a veto at p < 0.05 set aside 11 false hand-offs and 3 real ones (F1 0.914 -> 0.921), among them "valor
 * ridículo e ainda atrasaram o pagamento, vocês são uns picaretas": a doctor with a payment dispute left with the
 * bot costs more than a supervisor's glance at an extra hand-off, and the precision side has explicit guards
 * (handoff-guards.ts). HANDOFF_VETO=1 lets the grid choose a veto again (to measure it).
 */
const HANDOFF_VETO = process.env.HANDOFF_VETO === '1';

/** Thresholds that do best on out-of-fold readings (each binary head alone; the objection policy after them). */
export function choosePolicies(lines: Line[], readings: Reading[], blind = false, behindRest = false) {
  const policy = {} as Record<BinaryName, BinaryPolicy>;
  for (const name of BINARY) {
    const gold = lines.map((l) => l.gold[name]);
    const scored = BINARY_GRID.filter((p) => name !== 'handoff' || HANDOFF_VETO || p.low === 0).map((p) => {
      const s = binaryScore(gold, lines.map((l, i) => combineBinary((blind ? l.blindRule : l.rule)[name], readings[i]!.p[name], p, readings[i]!.pPiece[name], readings[i]!.pVeto[name])));
      return { p, fp: s.fp, u: utility(name, s) };
    });
    // Ties go to the earlier (lower, rule-trusting) policy in grid order.
    let best = scored[0]!;
    for (const x of scored) if (x.u > best.u + 1e-9) best = x;
    // utilities closer than the band are noise between designs (a line or two per set), so within
    // it the policy with the fewest false positives wins (precision first; for opt-out the band is one false opt-out).
    const band = name === 'optOut' ? OPT_OUT_BAND : F1_BAND;
    const top = best.u;
    if (band > 0) for (const x of scored) if (x.u >= top - band - 1e-9 && (x.fp < best.fp || (x.fp === best.fp && x.u > best.u + 1e-9))) best = x;
    policy[name] = best.p;
  }
  let bestObjection: { u: number; p: ObjectionPolicy } | undefined;
  for (const p of OBJECTION_GRID) {
    const got = decide(lines, readings, policy, p, blind).map((d) => d.objection);
    const s = objectionScore(lines.map((l) => l.gold.objection), got);
    const u = (s.labelled + s.all) / 2;
    if (!bestObjection || u > bestObjection.u + 1e-9) bestObjection = { u, p };
  }
  return { binary: policy, objection: behindRest ? { ...bestObjection!.p, behindRest: true } : bestObjection!.p };
}
