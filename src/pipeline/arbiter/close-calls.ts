import type { LearnedBinary } from '../../learned-detectors/index.js';
import type { PendingMessage, TurnContext } from '../turn-context.js';
import { askBinaryArbiter, type BinaryArbiterOptions } from './binary-arbiter.js';
import { BOT_SUSPICION, HANDOFF, OPT_OUT } from './binary-detectors.js';
import type { BinaryDetector } from './first-hit.js';
import { readBinary, type BinaryReading } from './uncertainty.js';

/** One pending message as one detector reads it offline. */
export interface Row<R> {
  m: PendingMessage;
  r: R;
  rules: R;
  reading: BinaryReading;
}

/** One detector's offline rows for a turn and the arbiter's answers to its close calls (null: none asked, or none given). */
export interface CloseCalls<R> {
  rows: Row<R>[];
  answers: Promise<Array<boolean | null>>;
}

/** What the turn has put to the arbiter: per detector, its close calls, started together (TurnContext.closeCalls). */
export interface TurnCloseCalls {
  pending: PendingMessage[];
  byDetector: Map<LearnedBinary, CloseCalls<unknown>>;
}

/** The detectors in the order their pre-processors run (opt_out 30, bot_detection 35, handoff_trigger 50). */
const IN_PIPELINE_ORDER: BinaryDetector<unknown>[] = [OPT_OUT, BOT_SUSPICION, HANDOFF] as BinaryDetector<unknown>[];

/** The rows a detector's step reads: every pending message up to its first certain yes. */
export function readRows<R>(d: BinaryDetector<R>, pending: PendingMessage[]): Row<R>[] {
  const rows: Row<R>[] = [];
  for (const m of pending) {
    const raw = m.text ?? '';
    const r = d.detect(raw);
    const rules = d.byRules(raw);
    const reading = readBinary(d.name, raw, d.yes(rules), d.yes(r));
    rows.push({ m, r, rules, reading });
    // Messages after a certain yes cannot change which message the step acts on.
    if (reading.offlineYes && !reading.uncertain) break;
  }
  return rows;
}

function ask<R>(arbiter: BinaryArbiterOptions, d: BinaryDetector<R>, rows: Row<R>[]): CloseCalls<R> {
  const answers = Promise.all(rows.map((x) => (x.reading.uncertain ? askBinaryArbiter(arbiter, d.name, x.m.text ?? '').catch(() => null) : null)));
  return { rows, answers };
}

/**
 * A detector's close calls for this turn. The first step that needs any starts
 * the close calls of every binary detector at once and keeps the promises in
 * the turn context; later steps await the same promises. Each call is bounded
 * (about 1.5 s) from its start, so the three steps together wait one bound, not
 * one each. Questions after a detector with a certain yes are not asked: that
 * step stops the turn whatever the arbiter says, so the later steps never run.
 */
export function closeCalls<R>(ctx: TurnContext, arbiter: BinaryArbiterOptions, d: BinaryDetector<R>, pending: PendingMessage[]): CloseCalls<R> {
  if (!ctx.closeCalls) {
    const byDetector = new Map<LearnedBinary, CloseCalls<unknown>>();
    for (const each of IN_PIPELINE_ORDER) {
      const rows = readRows(each, pending);
      byDetector.set(each.name, ask(arbiter, each, rows));
      if (rows.some((x) => x.reading.offlineYes && !x.reading.uncertain)) break;
    }
    ctx.closeCalls = { pending, byDetector };
  }
  const started = ctx.closeCalls.pending === pending ? ctx.closeCalls.byDetector.get(d.name) : undefined;
  // Not started with the others (a step reached after a certain yes, other messages): ask now, on its own.
  return (started as CloseCalls<R> | undefined) ?? ask(arbiter, d, readRows(d, pending));
}
