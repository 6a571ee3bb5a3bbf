import type { Redis } from '../redis/index.js';
import { sha256Hex } from '../shared/ids.js';
import type { Logger } from '../shared/logger.js';

export interface KnowledgeCacheOptions {
  redis: Redis;
  /** Key namespace, e.g. "julia"; tests pass their own. */
  prefix: string;
  /** Spec 13.3: five minutes. */
  ttlSeconds?: number;
  /** Reads the index version from the database when Redis does not know it yet. */
  loadVersion: () => Promise<number>;
  logger?: Logger;
}

// One round trip: the current index version and the entry stored under it.
const GET_SCRIPT = `
local v = redis.call('GET', KEYS[1])
if not v then return {false, false} end
return {v, redis.call('GET', ARGV[1] .. v .. ':' .. ARGV[2])}`;

/**
 * Retrieval results cached in Redis under the index version: a re-index bumps the
 * version, so every instance stops reading old entries at once and the old ones
 * expire on their own. Redis trouble is never fatal: the caller just searches.
 */
export class KnowledgeCache {
  readonly versionKey: string;
  private readonly ttl: number;

  constructor(private readonly opts: KnowledgeCacheOptions) {
    this.versionKey = `${opts.prefix}:kindex:version`;
    this.ttl = opts.ttlSeconds ?? 300;
  }

  private entryBase(): string {
    return `${this.opts.prefix}:kcache:`;
  }

  static keyPart(model: string, query: string, params: unknown): string {
    return `${model}:${sha256Hex(JSON.stringify([query, params]))}`;
  }

  async get<T>(model: string, query: string, params: unknown): Promise<{ hit: T | undefined; version: number | undefined }> {
    try {
      const [version, value] = (await this.opts.redis.eval(
        GET_SCRIPT,
        1,
        this.versionKey,
        this.entryBase(),
        KnowledgeCache.keyPart(model, query, params),
      )) as [string | null, string | null];
      if (version === null || version === undefined) {
        const loaded = await this.opts.loadVersion();
        await this.opts.redis.set(this.versionKey, String(loaded), 'NX');
        return { hit: undefined, version: loaded };
      }
      return { hit: value ? (JSON.parse(value) as T) : undefined, version: Number(version) };
    } catch (err) {
      this.opts.logger?.warn({ err }, 'knowledge cache read failed; searching without cache');
      return { hit: undefined, version: undefined };
    }
  }

  async set(version: number, model: string, query: string, params: unknown, value: unknown): Promise<void> {
    try {
      await this.opts.redis.set(`${this.entryBase()}${version}:${KnowledgeCache.keyPart(model, query, params)}`, JSON.stringify(value), 'EX', this.ttl);
    } catch (err) {
      this.opts.logger?.warn({ err }, 'knowledge cache write failed');
    }
  }

  /** Called by the indexer after a change; never moves the version backwards. */
  async publishVersion(version: number): Promise<void> {
    await this.opts.redis.eval(
      `local v = tonumber(redis.call('GET', KEYS[1]) or '-1')
       if tonumber(ARGV[1]) > v then redis.call('SET', KEYS[1], ARGV[1]) end
       return 1`,
      1,
      this.versionKey,
      String(version),
    );
  }
}
