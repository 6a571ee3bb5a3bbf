import { describe, expect, it } from 'vitest';
import { onUnhandledRejection } from './lifecycle.js';

function recorder() {
  const lines: Array<[string, string]> = [];
  const exits: number[] = [];
  return {
    lines,
    exits,
    log: { warn: (_o: object, m: string) => void lines.push(['warn', m]), fatal: (_o: object, m: string) => void lines.push(['fatal', m]) },
    exit: (code: number) => void exits.push(code),
  };
}

describe('unhandled rejections', () => {
  it('goes on after a stray rejection from a dropped database connection', () => {
    for (const code of ['CONNECTION_CLOSED', 'ECONNRESET', '57P01']) {
      const r = recorder();
      onUnhandledRejection(Object.assign(new Error(`write ${code}`), { code }), r.log, r.exit);
      expect(r.exits, code).toEqual([]);
      expect(r.lines[0]![0]).toBe('warn');
    }
  });

  it('still ends the process on anything else, as Node would', () => {
    for (const reason of [new TypeError('x is not a function'), Object.assign(new Error('bad'), { code: '23505' }), 'a string']) {
      const r = recorder();
      onUnhandledRejection(reason, r.log, r.exit);
      expect(r.exits).toEqual([1]);
      expect(r.lines[0]![0]).toBe('fatal');
    }
  });
});
