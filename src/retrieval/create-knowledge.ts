import type { Db } from '../db/index.js';
import type { Redis } from '../redis/index.js';
import type { Logger } from '../shared/logger.js';
import { createDetectors, type ArbiterOptions, type Detectors } from '../classify/index.js';
import type { Embedder } from './embedder.js';
import { HybridRetriever } from './hybrid-retriever.js';
import { KnowledgeCache } from './knowledge-cache.js';
import { LOCAL_EMBEDDING_MODEL } from './local-embedder.js';
import { KnowledgeOrchestrator } from './knowledge-orchestrator.js';
import { MemoryStore } from './memory-store.js';

export interface KnowledgeDeps {
  db: Db;
  embedder: Embedder;
  /** Without Redis, retrieval simply runs uncached. */
  redis?: Redis;
  /** Redis key namespace. */
  prefix?: string;
  logger?: Logger;
  /** Vector-path similarity floor; defaults per model (see defaultThreshold). */
  threshold?: number;
  exemplarsDir?: string;
  /** Fast-model arbiter for uncertain objections (only with an API key). */
  arbiter?: ArbiterOptions;
}

export interface Knowledge {
  /** Implements the agent's KnowledgePort. */
  orchestrator: KnowledgeOrchestrator;
  /** Implements the agent's MemoryPort. */
  memory: MemoryStore;
  retriever: HybridRetriever;
  detectors: Detectors;
  cache?: KnowledgeCache;
}

/**
 * Spec 13.2's 0.65 is calibrated for Voyage. The hashed local embedder spreads
 * similarities much lower (a paraphrase scores about 0.3), so it gets its own floor.
 */
export function defaultThreshold(model: string): number {
  return model === LOCAL_EMBEDDING_MODEL ? 0.15 : 0.65;
}

/** The composition root's one call: everything retrieval offers, wired from its deps. */
export function createKnowledge(deps: KnowledgeDeps): Knowledge {
  const cache = deps.redis
    ? new KnowledgeCache({
        redis: deps.redis,
        prefix: deps.prefix ?? 'julia',
        ...(deps.logger ? { logger: deps.logger } : {}),
        loadVersion: async () => Number((await deps.db.rpc<{ version: number }>('knowledge_index_state_get')).version),
      })
    : undefined;
  const retriever = new HybridRetriever({
    db: deps.db,
    embedder: deps.embedder,
    threshold: deps.threshold ?? defaultThreshold(deps.embedder.model),
    ...(cache ? { cache } : {}),
    ...(deps.logger ? { logger: deps.logger } : {}),
  });
  // Ask at boot, so the operator reads "full text only" in the first lines of the log.
  void retriever.vectorEnabled();
  const detectors = createDetectors(deps.exemplarsDir ? { exemplarsDir: deps.exemplarsDir } : {});
  const orchestrator = new KnowledgeOrchestrator({ retriever, detectors, db: deps.db, ...(deps.logger ? { logger: deps.logger } : {}), ...(deps.arbiter ? { arbiter: deps.arbiter } : {}) });
  const memory = new MemoryStore({ db: deps.db, embedder: deps.embedder });
  return { orchestrator, memory, retriever, detectors, ...(cache ? { cache } : {}) };
}
