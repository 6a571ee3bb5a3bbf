import { describe, expect, it } from 'vitest';
import { Deadlines } from './deadlines.js';
import { TimeoutError } from './timeout.js';

const after = <T>(ms: number, value: T) => new Promise<T>((r) => setTimeout(() => r(value), ms));

describe('Deadlines', () => {
  it('passes on what settles in time, value or error, and keeps nothing afterwards', async () => {
    const d = new Deadlines(500);
    await expect(d.race(after(10, 'ok'), 'add')).resolves.toBe('ok');
    await expect(d.race(Promise.reject(new Error('refused')), 'add')).rejects.toThrow('refused');
    expect(d.size).toBe(0);
  });

  it('rejects with TimeoutError what is still running at its deadline, each at its own', async () => {
    const d = new Deadlines(100);
    const started = performance.now();
    const first = d.race(after(1_000, 'late'), 'first');
    await after(50, null);
    const second = d.race(after(1_000, 'late'), 'second');
    await expect(first).rejects.toBeInstanceOf(TimeoutError);
    const firstAt = performance.now() - started;
    await expect(second).rejects.toThrow(/second timed out after 100 ms/);
    const secondAt = performance.now() - started;
    expect(firstAt).toBeGreaterThanOrEqual(95);
    expect(secondAt).toBeGreaterThanOrEqual(145);
    expect(d.size).toBe(0);
  });

  it('a later operation settling first does not shield an earlier one from its deadline, nor the reverse', async () => {
    const d = new Deadlines(100);
    const slow = d.race(after(1_000, 'late'), 'slow');
    const fast = d.race(after(5, 'fast'), 'fast');
    await expect(fast).resolves.toBe('fast');
    expect(d.size).toBe(1);
    await expect(slow).rejects.toBeInstanceOf(TimeoutError);
    // The timer re-arms for what comes after an expiry.
    await expect(d.race(after(500, 'late'), 'third')).rejects.toBeInstanceOf(TimeoutError);
    await expect(d.race(after(5, 'ok'), 'fourth')).resolves.toBe('ok');
  });

  it('holds thousands of operations settling in any order', async () => {
    const d = new Deadlines(2_000);
    const results = await Promise.all(Array.from({ length: 3_000 }, (_, i) => d.race(after(i % 7, i), 'add')));
    expect(results).toEqual(Array.from({ length: 3_000 }, (_, i) => i));
    expect(d.size).toBe(0);
  });
});
