import { describe, expect, it } from 'vitest';
import { readCases } from '../../cases/read-cases.js';
import { detectHandoff, handoffByRules } from './detect-handoff.js';

// What each message is read as is in cases/handoff.jsonl (src/classify/cases.test.ts); this is the result's shape.
describe('detectHandoff result', () => {
  const cases = readCases('handoff.jsonl');

  it('gives every hand-off a reason and the signals that read it', () => {
    const handoffs = cases.filter((c) => c.handoff);
    expect(handoffs.length).toBeGreaterThan(100);
    for (const { text } of handoffs) {
      const r = detectHandoff(text);
      expect(r.handoff, text).toBe(true);
      expect(r.reason, text).toBeTypeOf('string');
      expect(r.signals.length, text).toBeGreaterThan(0);
    }
  });

  it('gives no reason where it does not hand off', () => {
    for (const { text } of cases.filter((c) => c.handoff === false)) {
      const r = detectHandoff(text);
      expect(r.handoff, text).toBe(false);
      expect(r.reason, text).toBeUndefined();
    }
  });

  // The rules' anger threshold is two strong signals, one of them a word; the learned layer, which read such lines
  // labelled, may still hand off a bare "que absurdo" (p >= the cross-validated 0.7), so this reads the rules alone.
  it('needs two strong signals for anger, one of them a word', () => {
    expect(handoffByRules('que absurdo').handoff).toBe(false);
    expect(detectHandoff('que absurdo').signals).toEqual(expect.arrayContaining(['learned']));
    expect(detectHandoff('QUE ABSURDO!!!').reason).toBe('strong_anger');
    expect(detectHandoff('ONDE FICA O HOSPITAL!!!').handoff).toBe(false);
  });

  it('reports every signal it saw, not only the winning reason', () => {
    const { signals } = detectHandoff('vou no procon, que palhaçada!!!');
    expect(signals).toContain('legal_threat:procon');
    expect(signals).toContain('anger:exclamations');
  });
});
