import { describe, expect, it } from 'vitest';
import { readCases } from '../cases/read-cases.js';
import { detectBotSuspicion } from './bot/detect-bot-suspicion.js';
import { detectHandoff, handoffByRules } from './handoff/detect-handoff.js';
import { detectOptOut } from './opt-out/detect-opt-out.js';

// What each message is read as is in cases/<task>.jsonl (src/classify/cases.test.ts); this is the shape of the
// rules' results over the same messages: what the steps that record an opt-out, answer a suspicion or hand off read.
type Field = 'optOut' | 'botSuspicion' | 'handoff';
// Per task: its verdict, and whether the result explains itself (a stop's confidence and the rule's name, a
// suspicion's confidence, a hand-off's reason).
const TASKS: Array<[file: string, field: Field, read: (text: string) => [boolean, boolean]]> = [
  ['opt-out.jsonl', 'optOut', (t) => ((r) => [r.optOut, r.confidence > 0.5 && typeof r.reason === 'string'])(detectOptOut(t))],
  ['bot-suspicion.jsonl', 'botSuspicion', (t) => ((r) => [r.suspicious, r.confidence > 0.5])(detectBotSuspicion(t))],
  ['handoff.jsonl', 'handoff', (t) => ((r) => [r.handoff, r.reason !== undefined])(detectHandoff(t))],
];

describe('rule results', () => {
  it.each(TASKS)('%s: a yes explains itself, a no carries nothing', (file, field, read) => {
    const cases = readCases(file);
    expect(cases.filter((c) => c[field] === true).length).toBeGreaterThan(50);
    for (const c of cases) if (c[field] !== undefined) expect(read(c.text), c.text).toEqual([c[field], c[field]]);
    expect(read(''), 'empty').toEqual([false, false]);
  });

  it('is a little more confident of a suspicion when the doctor actually asks', () => {
    expect(detectBotSuspicion('vc é um robô?').confidence).toBeGreaterThan(detectBotSuspicion('vc é um robô').confidence);
  });

  // The rules' anger threshold is two strong signals, one of them a word; the learned layer, which read such lines
  // labelled, may still hand off a bare "que absurdo" (p >= the cross-validated 0.7), so this reads the rules alone.
  it('needs two strong signals for anger, one of them a word', () => {
    expect(handoffByRules('que absurdo').handoff).toBe(false);
    expect(detectHandoff('que absurdo').signals).toEqual(expect.arrayContaining(['learned']));
    expect(detectHandoff('QUE ABSURDO!!!').reason).toBe('strong_anger');
    expect(detectHandoff('ONDE FICA O HOSPITAL!!!').handoff).toBe(false);
  });

  it('reports every signal a hand-off saw, not only the winning reason', () => {
    const { signals } = detectHandoff('vou no procon, que palhaçada!!!');
    expect(signals).toContain('legal_threat:procon');
    expect(signals).toContain('anger:exclamations');
  });
});
