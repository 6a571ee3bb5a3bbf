import { describe, expect, it } from 'vitest';
import { readCases } from '../../cases/read-cases.js';
import { detectOptOut } from './detect-opt-out.js';

// What each message is read as is in cases/opt-out.jsonl (src/classify/cases.test.ts); this is the result's shape.
describe('detectOptOut result', () => {
  const cases = readCases('opt-out.jsonl');

  it('gives every stop a confidence above one half and the name of what read it', () => {
    const stops = cases.filter((c) => c.optOut);
    expect(stops.length).toBeGreaterThan(100);
    for (const { text } of stops) {
      const r = detectOptOut(text);
      expect(r.optOut, text).toBe(true);
      expect(r.confidence, text).toBeGreaterThan(0.5);
      expect(r.reason, text).toBeTypeOf('string');
    }
  });

  it('answers everything else, empty and punctuation included, with no confidence and no reason', () => {
    for (const text of ['', '?!', ...cases.filter((c) => c.optOut === false).map((c) => c.text)])
      expect(detectOptOut(text), text).toEqual({ optOut: false, confidence: 0 });
  });
});
