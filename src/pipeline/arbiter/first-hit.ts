import type { LearnedBinary } from '../../learned-detectors/index.js';
import type { PendingMessage, TurnContext } from '../turn-context.js';
import { closeCalls, type Row } from './close-calls.js';
import type { OfflinePath } from './uncertainty.js';

/** Which path gave a binary verdict. */
export type DecidedBy = OfflinePath | 'arbiter';

/** One offline binary detector as a pre-processor uses it. */
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

export interface BinaryHit<R> {
  m: PendingMessage;
  r: R;
  /** Set only when an arbiter is configured (without one, nothing beyond the offline detector runs). */
  decidedBy?: DecidedBy;
}

/**
 * The first pending message this detector says yes to. Without an arbiter it
 * is exactly the offline detector. With one, close calls (uncertainty.ts) up to
 * the first certain yes are put to the fast model, together with the other
 * binary detectors' close calls (close-calls.ts), so the turn waits one bound
 * (about 1.5 s) at most across the three steps; a failed or odd answer keeps
 * the offline verdict, so the turn goes on either way.
 */
export async function firstHit<R>(ctx: TurnContext, d: BinaryDetector<R>, pending: PendingMessage[]): Promise<BinaryHit<R> | undefined> {
  const arbiter = ctx.deps.binaryArbiter;
  if (!arbiter) return pending.map((m) => ({ m, r: d.detect(m.text ?? '') })).find((x) => d.yes(x.r));

  const calls = closeCalls(ctx, arbiter, d, pending);
  const rows = calls.rows;
  const answers = await calls.answers;
  const decided = rows.map((x, i) => {
    const answer = answers[i] ?? null;
    const v = settle(d, x, answer);
    if (x.reading.uncertain) {
      ctx.deps.logger.info(
        { detector: d.name, messageId: x.m.id, uncertainty: x.reading.uncertain, p: Number(x.reading.p.toFixed(3)), offline: x.reading.offlineYes, arbiter: answer, decidedBy: v.decidedBy },
        'binary detector: close call',
      );
    }
    return { m: x.m, ...v };
  });
  return decided.find((x) => d.yes(x.r));
}

function settle<R>(d: BinaryDetector<R>, x: Row<R>, answer: boolean | null): { r: R; decidedBy: DecidedBy } {
  if (answer === null) return { r: x.r, decidedBy: x.reading.decidedBy };
  if (answer === x.reading.offlineYes) return { r: x.r, decidedBy: 'arbiter' };
  // Overruling the learned layer gives the rules' own verdict back (with its reason).
  if (answer) return { r: d.yes(x.rules) ? x.rules : d.arbiterYes(x.rules), decidedBy: 'arbiter' };
  return { r: d.yes(x.rules) ? d.arbiterNo(x.rules) : x.rules, decidedBy: 'arbiter' };
}
