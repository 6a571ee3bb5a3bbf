import type { Logger } from '../shared/index.js';
import { arbitrateObjection, askBinaryArbiter, needsArbiter, type ArbiterOptions } from './arbiter/arbiter.js';
import { BOT_SUSPICION, HANDOFF, OPT_OUT, type BinaryDetector } from './arbiter/binary-detectors.js';
import { readBinary, type BinaryReading, type OfflinePath } from './arbiter/uncertainty.js';
import type { LearnedBinary } from './learned/index.js';
import type { Detections, Detectors } from './neighbours/create-detectors.js';
import type { BotSuspicionResult } from './rules/bot/detect-bot-suspicion.js';
import { detectFirmNo, type FirmNoResult } from './rules/firm-no/detect-firm-no.js';
import { detectHandoff, type HandoffResult } from './rules/handoff/detect-handoff.js';
import type { OptOutResult } from './rules/opt-out/detect-opt-out.js';

/** One doctor message of the turn. */
export interface TurnMessage {
  id: string;
  text: string | null;
}

/** Which path gave a binary verdict. */
export type DecidedBy = OfflinePath | 'arbiter';

/** The first message of the turn a binary task says yes to. */
export interface Hit<R> {
  message: TurnMessage;
  result: R;
  /** Set only when an arbiter is configured (without one, nothing beyond the offline verdict runs). */
  decidedBy?: DecidedBy;
}

/** The offline verdicts the cooling-off step reads, per message. */
export interface OfflineVerdicts {
  message: TurnMessage;
  handoff: HandoffResult;
  firmNo: FirmNoResult;
}

/**
 * Everything classified about one turn. Each verdict is computed once, on first read, and kept: the opt-out,
 * bot, hand-off and cooling-off steps read the same object (TurnContext.classification).
 */
export interface TurnClassification {
  optOut(): Promise<Hit<OptOutResult> | undefined>;
  botSuspicion(): Promise<Hit<BotSuspicionResult> | undefined>;
  handoff(): Promise<Hit<HandoffResult> | undefined>;
  offline(): OfflineVerdicts[];
  /**
   * What the turn is about, read over its messages together: the objection (the arbiter decides a close one), the
   * doctor's profile (his earlier messages vote too) and his objective. The knowledge step retrieves by these.
   * Needs `detectors`.
   */
  topics(): Promise<Detections>;
}

export interface ClassifyOptions {
  /** Fast-model arbiter for close calls; absent: the offline verdicts alone. */
  arbiter?: ArbiterOptions;
  /** The neighbours over knowledge/exemplars, built once per process; `topics()` reads with them. */
  detectors?: Detectors;
  /** The doctor's earlier messages, oldest first (the profile is a trait of the person, not of one message). */
  history?: string[];
  /** The turn's text as the model reads it (media rendered, a location or contact marked); `topics()` reads it. Default: the messages' texts joined. */
  text?: string;
  logger?: Logger;
}

interface Row<R> {
  message: TurnMessage;
  r: R;
  rules: R;
  reading: BinaryReading;
}

/** The detectors in the order their steps run (opt_out 30, bot_detection 35, handoff_trigger 50). */
const IN_PIPELINE_ORDER = [OPT_OUT, BOT_SUSPICION, HANDOFF] as BinaryDetector<unknown>[];

/** The rows a task reads: every message up to its first certain yes. */
function readRows<R>(d: BinaryDetector<R>, messages: TurnMessage[]): Row<R>[] {
  const rows: Row<R>[] = [];
  for (const message of messages) {
    const raw = message.text ?? '';
    const r = d.detect(raw);
    const rules = d.byRules(raw);
    const reading = readBinary(d.name, raw, d.yes(rules), d.yes(r));
    rows.push({ message, r, rules, reading });
    if (reading.offlineYes && !reading.uncertain) break;
  }
  return rows;
}

function settle<R>(d: BinaryDetector<R>, x: Row<R>, answer: boolean | null): { r: R; decidedBy: DecidedBy } {
  if (answer === null) return { r: x.r, decidedBy: x.reading.decidedBy };
  if (answer === x.reading.offlineYes) return { r: x.r, decidedBy: 'arbiter' };
  if (answer) return { r: d.yes(x.rules) ? x.rules : d.arbiterYes(x.rules), decidedBy: 'arbiter' };
  return { r: d.yes(x.rules) ? d.arbiterNo(x.rules) : x.rules, decidedBy: 'arbiter' };
}

/**
 * Classifies a turn's messages. Without an arbiter each binary verdict is the offline one (rules combined with
 * the learned layer). With one, the first read starts the close calls of every binary task at once (up to the
 * first certain yes: that step stops the turn, so later questions are never asked), each bounded (about 1.5 s)
 * from its start, so the steps together wait one bound, not one each. A failed or odd answer keeps the offline
 * verdict.
 */
export function classify(messages: TurnMessage[], opts: ClassifyOptions = {}): TurnClassification {
  const arbiter = opts.arbiter;
  const started = new Map<LearnedBinary, { rows: Row<unknown>[]; answers: Promise<Array<boolean | null>> }>();
  const hits = new Map<LearnedBinary, Promise<Hit<unknown> | undefined>>();
  let offline: OfflineVerdicts[] | undefined;
  let topics: Promise<Detections> | undefined;

  const ask = <R>(a: ArbiterOptions, d: BinaryDetector<R>, rows: Row<R>[]) =>
    Promise.all(rows.map((x) => (x.reading.uncertain ? askBinaryArbiter(a, d.name, x.message.text ?? '').catch(() => null) : null)));

  function startCloseCalls(a: ArbiterOptions): void {
    if (started.size > 0) return;
    for (const each of IN_PIPELINE_ORDER) {
      const rows = readRows(each, messages);
      started.set(each.name, { rows, answers: ask(a, each, rows) });
      if (rows.some((x) => x.reading.offlineYes && !x.reading.uncertain)) break;
    }
  }

  async function firstHit<R>(d: BinaryDetector<R>): Promise<Hit<R> | undefined> {
    if (!arbiter) {
      for (const message of messages) {
        const result = d.detect(message.text ?? '');
        if (d.yes(result)) return { message, result };
      }
      return undefined;
    }
    startCloseCalls(arbiter);
    let calls = started.get(d.name) as { rows: Row<R>[]; answers: Promise<Array<boolean | null>> } | undefined;
    if (!calls) {
      const rows = readRows(d, messages);
      calls = { rows, answers: ask(arbiter, d, rows) };
    }
    const answers = await calls.answers;
    // Every close call is logged, also those after the first yes (they were asked and answered).
    let hit: Hit<R> | undefined;
    for (const [i, x] of calls.rows.entries()) {
      const answer = answers[i] ?? null;
      const v = settle(d, x, answer);
      if (x.reading.uncertain) {
        opts.logger?.info(
          { detector: d.name, messageId: x.message.id, uncertainty: x.reading.uncertain, p: Number(x.reading.p.toFixed(3)), offline: x.reading.offlineYes, arbiter: answer, decidedBy: v.decidedBy },
          'binary detector: close call',
        );
      }
      if (!hit && d.yes(v.r)) hit = { message: x.message, result: v.r, decidedBy: v.decidedBy };
    }
    return hit;
  }

  function once<R>(d: BinaryDetector<R>): Promise<Hit<R> | undefined> {
    let p = hits.get(d.name) as Promise<Hit<R> | undefined> | undefined;
    if (!p) hits.set(d.name, (p = firstHit(d)));
    return p;
  }

  async function readTopics(): Promise<Detections> {
    if (!opts.detectors) throw new Error('classify: topics() needs the detectors (ClassifyOptions.detectors)');
    const text = opts.text ?? messages.map((m) => m.text ?? '').filter((t) => t.trim()).join('\n');
    const d = opts.detectors.detect(text, opts.history ?? []);
    if (arbiter && needsArbiter(d.objection)) d.objection = await arbitrateObjection(arbiter, text, d.objection);
    return d;
  }

  return {
    optOut: () => once(OPT_OUT),
    botSuspicion: () => once(BOT_SUSPICION),
    handoff: () => once(HANDOFF),
    offline: () => (offline ??= messages.map((message) => ({ message, handoff: detectHandoff(message.text ?? ''), firmNo: detectFirmNo(message.text ?? '') }))),
    topics: () => (topics ??= readTopics()),
  };
}
