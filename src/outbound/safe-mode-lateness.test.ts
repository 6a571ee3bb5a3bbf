import { describe, expect, it } from 'vitest';
import { pauseVerdict, SAFE_MODE_LATENESS_MS } from './safe-mode-lateness.js';

const due = '2026-03-08T01:00:00.000Z';
const plus = (ms: number) => new Date(Date.parse(due) + ms);

describe('pauseVerdict (safe_mode lateness windows)', () => {
  it('a reminder waits until exactly 2 h after it was due, then expires', () => {
    expect(SAFE_MODE_LATENESS_MS.REMINDER).toBe(2 * 3_600_000);
    expect(pauseVerdict('REMINDER', due, plus(0))).toEqual({ kind: 'wait', until: plus(60_000) });
    // Near the end of the window it looks again at the window's end, not a poll later.
    expect(pauseVerdict('REMINDER', due, plus(2 * 3_600_000 - 10_000))).toEqual({ kind: 'wait', until: plus(2 * 3_600_000) });
    expect(pauseVerdict('REMINDER', due, plus(2 * 3_600_000))).toEqual({ kind: 'expired', dueAt: new Date(due), lateMs: 2 * 3_600_000 });
  });

  it('campaigns, follow-ups and reactivations have days; without a due time nothing expires', () => {
    expect(pauseVerdict('CAMPAIGN', due, plus(71 * 3_600_000)).kind).toBe('wait');
    expect(pauseVerdict('CAMPAIGN', due, plus(72 * 3_600_000)).kind).toBe('expired');
    expect(pauseVerdict('FOLLOWUP', due, plus(48 * 3_600_000)).kind).toBe('expired');
    expect(pauseVerdict('REACTIVATION', due, plus(6 * 24 * 3_600_000)).kind).toBe('wait');
    expect(pauseVerdict('REMINDER', undefined, plus(99 * 3_600_000), 500)).toEqual({ kind: 'wait', until: plus(99 * 3_600_000 + 500) });
  });
});
