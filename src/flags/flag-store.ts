import type { Db } from '../db/index.js';
import type { Redis } from '../redis/index.js';
import { errorMessage } from '../shared/errors.js';
import type { Logger } from '../shared/logger.js';
import { FLAG_KEYS, FLAG_SCHEMAS, SAFE_DEFAULTS, toFlags, type FlagKey, type Flags } from './flag-values.js';

export interface FlagStoreDeps {
  db: Db;
  redis: Redis;
  /** A dedicated connection for SUBSCRIBE (a subscribed connection can do nothing else). */
  subscriber?: Redis;
  prefix: string;
  logger: Logger;
  /** Redis cache lifetime (spec 11.1: 30 s). */
  redisTtlSeconds?: number;
  /** In-process lifetime; only a safety net, pub/sub invalidates at once. */
  localTtlMs?: number;
}

export interface FlagStore {
  get(): Promise<Flags>;
  set<K extends FlagKey>(key: K, value: unknown, updatedBy: string): Promise<Flags>;
  /** Subscribes to invalidations; resolves once subscribed. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Read path (spec 11.1): process memory → Redis (30 s) → feature_flags table →
 * safe defaults. A write goes to the table, overwrites the Redis copy and
 * publishes, so every process drops its memory copy within milliseconds.
 */
export function createFlagStore(deps: FlagStoreDeps): FlagStore {
  const ttl = deps.redisTtlSeconds ?? 30;
  const localTtlMs = deps.localTtlMs ?? 5_000;
  const keyOf = (k: FlagKey) => `${deps.prefix}:feature_flag:${k}`;
  const channel = `${deps.prefix}:feature_flags:changed`;
  let local: { flags: Flags; expiresAt: number } | undefined;
  let loading: Promise<Flags> | undefined;
  // Bumped on every invalidation; a load that started before it must not repopulate memory.
  let generation = 0;

  const invalidate = () => {
    generation += 1;
    local = undefined;
    loading = undefined;
  };

  async function fromRedis(): Promise<Flags | undefined> {
    const values = await deps.redis.mget(...FLAG_KEYS.map(keyOf));
    if (values.some((v) => v === null)) return undefined;
    return toFlags(Object.fromEntries(FLAG_KEYS.map((k, i) => [k, JSON.parse(values[i]!)])), 'redis');
  }

  async function fromDatabase(): Promise<Flags> {
    const raw = await deps.db.rpc<Record<string, unknown>>('feature_flags_get');
    try {
      // NX: a writer's fresher SET must win over a reader that read the table earlier.
      const pipe = deps.redis.pipeline();
      for (const k of FLAG_KEYS) pipe.set(keyOf(k), JSON.stringify(raw[k] ?? SAFE_DEFAULTS[k]), 'EX', ttl, 'NX');
      await pipe.exec();
    } catch (err) {
      deps.logger.warn({ err: errorMessage(err) }, 'flags: could not refresh the Redis cache');
    }
    return toFlags(raw, 'database');
  }

  async function load(): Promise<Flags> {
    const started = generation;
    let flags: Flags;
    try {
      flags = (await fromRedis()) ?? (await fromDatabase());
    } catch (err) {
      try {
        flags = await fromDatabase();
      } catch (dbErr) {
        deps.logger.error({ err: errorMessage(err), dbErr: errorMessage(dbErr) }, 'flags: Redis and database unavailable, using safe defaults');
        return toFlags(SAFE_DEFAULTS, 'defaults');
      }
    }
    if (generation === started) local = { flags, expiresAt: Date.now() + localTtlMs };
    return flags;
  }

  return {
    async get() {
      if (local && local.expiresAt > Date.now()) return { ...local.flags, source: 'memory' };
      loading ??= load().finally(() => {
        loading = undefined;
      });
      return loading;
    },
    async set(key, value, updatedBy) {
      const parsed = FLAG_SCHEMAS[key].parse(value);
      await deps.db.rpc('feature_flag_set', { p_key: key, p_value: parsed, p_updated_by: updatedBy });
      invalidate();
      await deps.redis.set(keyOf(key), JSON.stringify(parsed), 'EX', ttl);
      await deps.redis.publish(channel, key);
      deps.logger.info({ flag: key, updatedBy }, 'feature flag changed');
      return this.get();
    },
    async start() {
      const sub = deps.subscriber;
      if (!sub) return;
      sub.on('message', (ch: string) => {
        if (ch === channel) invalidate();
      });
      // Messages published while we were disconnected are lost: forget everything on reconnect.
      sub.on('ready', invalidate);
      // With Redis down the subscribe waits in ioredis' offline queue and completes
      // (and is renewed) on connect; boot must not hang on it. Until then, flags are
      // read from the database at decision time with the short TTL.
      const subscribed = sub.subscribe(channel).then(() => true, () => false);
      const timedOut = new Promise<boolean>((r) => setTimeout(() => r(false), 2_000).unref());
      if (!(await Promise.race([subscribed, timedOut]))) deps.logger.warn('flags: Redis not reachable yet; invalidation starts when it is');
    },
    async close() {
      deps.subscriber?.disconnect();
    },
  };
}
