import { describe, expect, it } from 'vitest';
import { readCases } from '../../cases/read-cases.js';
import { detectBotSuspicion } from './detect-bot-suspicion.js';

// What each message is read as is in cases/bot-suspicion.jsonl (src/classify/cases.test.ts); this is the result's shape.
describe('detectBotSuspicion result', () => {
  const cases = readCases('bot-suspicion.jsonl');

  it('gives every suspicion a confidence above one half', () => {
    const suspicions = cases.filter((c) => c.botSuspicion);
    expect(suspicions.length).toBeGreaterThan(50);
    for (const { text } of suspicions) {
      const r = detectBotSuspicion(text);
      expect(r.suspicious, text).toBe(true);
      expect(r.confidence, text).toBeGreaterThan(0.5);
    }
  });

  it('answers everything else with no confidence', () => {
    for (const text of ['', ...cases.filter((c) => c.botSuspicion === false).map((c) => c.text)])
      expect(detectBotSuspicion(text), text).toEqual({ suspicious: false, confidence: 0 });
  });

  it('is a little more confident when the doctor actually asks', () => {
    expect(detectBotSuspicion('vc é um robô?').confidence).toBeGreaterThan(detectBotSuspicion('vc é um robô').confidence);
  });
});
