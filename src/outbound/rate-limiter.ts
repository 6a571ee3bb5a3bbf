import type { Redis } from '../redis/index.js';

/** Ban protection per sending number (spec 13.5, O2). */
export const HOURLY_LIMIT = 20;
export const DAILY_LIMIT = 100;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

// Rolling windows as sorted sets scored by send time. Check and add happen in one
// script, so concurrent workers in any number of processes can never overshoot.
// The member is the idempotency key: a retried job re-takes its own slot for free.
// An entry sent at t stops counting at exactly t + window.
const TAKE = `
local now = tonumber(ARGV[1])
local member = ARGV[2]
local hourLimit, dayLimit = tonumber(ARGV[3]), tonumber(ARGV[4])
local hourMs, dayMs = tonumber(ARGV[5]), tonumber(ARGV[6])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - hourMs)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - dayMs)
if redis.call('ZSCORE', KEYS[2], member) then return {1, 0} end
if redis.call('ZCARD', KEYS[1]) >= hourLimit then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return {0, tonumber(oldest[2]) + hourMs, 'hour'}
end
if redis.call('ZCARD', KEYS[2]) >= dayLimit then
  local oldest = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
  return {0, tonumber(oldest[2]) + dayMs, 'day'}
end
redis.call('ZADD', KEYS[1], now, member)
redis.call('ZADD', KEYS[2], now, member)
redis.call('PEXPIRE', KEYS[1], hourMs)
redis.call('PEXPIRE', KEYS[2], dayMs)
return {1, 0}
`;

const USAGE = `
local out = {}
for i = 1, #KEYS, 2 do
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
  redis.call('ZREMRANGEBYSCORE', KEYS[i + 1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[3]))
  table.insert(out, redis.call('ZCARD', KEYS[i]))
  table.insert(out, redis.call('ZCARD', KEYS[i + 1]))
end
return out
`;

export type TakeResult = { ok: true } | { ok: false; retryAt: Date; window: 'hour' | 'day' };

export interface RateLimiter {
  take(instance: string, member: string, now: Date): Promise<TakeResult>;
  /** Gives a slot back (the send was deduped or provably never left). */
  release(instance: string, member: string): Promise<void>;
  /** Remaining proactive capacity per instance: min(hour, day) headroom. */
  remaining(instances: string[], now: Date): Promise<Record<string, number>>;
  /** True for the first caller across every process within `ttlMs` (throttles manager alerts). */
  claimOnce?(name: string, ttlMs: number): Promise<boolean>;
}

export function createRateLimiter(redis: Redis, prefix: string, limits = { hour: HOURLY_LIMIT, day: DAILY_LIMIT }): RateLimiter {
  const keys = (instance: string) => [`${prefix}:outbound:rate:${instance}:hour`, `${prefix}:outbound:rate:${instance}:day`] as const;
  return {
    async take(instance, member, now) {
      const [h, d] = keys(instance);
      const res = (await redis.eval(TAKE, 2, h, d, now.getTime(), member, limits.hour, limits.day, HOUR_MS, DAY_MS)) as [
        number,
        number,
        string?,
      ];
      if (res[0] === 1) return { ok: true };
      return { ok: false, retryAt: new Date(res[1]), window: res[2] === 'day' ? 'day' : 'hour' };
    },
    async release(instance, member) {
      const [h, d] = keys(instance);
      await redis.pipeline().zrem(h, member).zrem(d, member).exec();
    },
    async claimOnce(name, ttlMs) {
      return (await redis.set(`${prefix}:outbound:once:${name}`, '1', 'PX', Math.max(1, Math.round(ttlMs)), 'NX')) === 'OK';
    },
    async remaining(instances, now) {
      const allKeys = instances.flatMap((i) => [...keys(i)]);
      const counts = (await redis.eval(USAGE, allKeys.length, ...allKeys, now.getTime(), HOUR_MS, DAY_MS)) as number[];
      return Object.fromEntries(
        instances.map((i, n) => [i, Math.min(limits.hour - counts[2 * n]!, limits.day - counts[2 * n + 1]!)]),
      );
    },
  };
}
