import { resolve } from 'node:path';
import type { Config } from '../config.js';
import { isSqlDb, migrate, openDb } from '../db/index.js';
import { createRedis } from '../redis/index.js';
import { errorMessage } from '../shared/errors.js';
import { indexKnowledge, KNOWLEDGE_DIR, KnowledgeCache, selectEmbedder } from '../retrieval/index.js';

/**
 * `julia index-knowledge [dir]`: chunks, embeds (only what changed) and stores the
 * playbooks, then bumps the cache version in Redis so running instances drop
 * stale retrieval results at once. Without Redis the index still updates and
 * cached results age out within their five-minute TTL.
 */
export async function run(config: Config, args: string[]): Promise<number> {
  const dir = resolve(args[0] ?? KNOWLEDGE_DIR);
  const db = await openDb(config.database);
  const redis = createRedis(config.redisUrl, { name: 'index-knowledge', lazyConnect: true });
  try {
    if (isSqlDb(db)) await migrate(db);
    const embedder = selectEmbedder(config);
    console.log(`indexing ${dir} with ${embedder.model}`);
    const report = await indexKnowledge({
      db,
      embedder,
      dir,
      onProgress: (m) => console.log(`  ${m}`),
      onVersion: async (version) => {
        try {
          await redis.connect();
          const cache = new KnowledgeCache({ redis, prefix: 'julia', loadVersion: async () => version });
          await cache.publishVersion(version);
        } catch (err) {
          console.log(`  cache not invalidated (Redis: ${errorMessage(err)}); entries expire within 5 minutes`);
        }
      },
    });
    console.log(
      `files ${report.files}, chunks ${report.chunks}: new ${report.new}, unchanged ${report.unchanged}, removed ${report.removed}; embedded ${report.embedded}; model ${report.model}; index version ${report.version}`,
    );
    return 0;
  } finally {
    redis.disconnect();
    await db.close();
  }
}
