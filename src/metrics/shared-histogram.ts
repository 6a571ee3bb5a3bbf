import type { Redis } from '../redis/index.js';

/**
 * A histogram kept in one Redis hash, so a latency observed in the worker shows
 * on /metrics served by `web`. Buckets are cumulative as Prometheus expects;
 * one pipelined round trip per observation, fire-and-forget.
 */
export class SharedHistogram {
  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    readonly buckets: number[],
  ) {}

  async observe(labelValue: string, seconds: number): Promise<void> {
    const p = this.redis.pipeline();
    for (const le of this.buckets) if (seconds <= le) p.hincrby(this.key, `${labelValue}|${le}`, 1);
    p.hincrby(this.key, `${labelValue}|count`, 1);
    p.hincrbyfloat(this.key, `${labelValue}|sum`, seconds);
    await p.exec();
  }

  /** label value → { buckets (le → cumulative count), count, sum }. */
  async read(): Promise<Map<string, { buckets: Map<number, number>; count: number; sum: number }>> {
    const out = new Map<string, { buckets: Map<number, number>; count: number; sum: number }>();
    for (const [field, value] of Object.entries(await this.redis.hgetall(this.key))) {
      const [label = '', part = ''] = field.split('|');
      const entry = out.get(label) ?? { buckets: new Map(this.buckets.map((b) => [b, 0])), count: 0, sum: 0 };
      if (part === 'count') entry.count = Number(value);
      else if (part === 'sum') entry.sum = Number(value);
      else if (entry.buckets.has(Number(part))) entry.buckets.set(Number(part), Number(value));
      out.set(label, entry);
    }
    return out;
  }
}
