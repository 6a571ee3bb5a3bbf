/** Public surface of retrieval: embedders, indexer, hybrid search, detectors, memories. */
export type { EmbedInputType, Embedder } from './embedder.js';
export { createLocalEmbedder, localEmbedding, LOCAL_EMBEDDING_MODEL, EMBEDDING_DIMENSIONS } from './local-embedder.js';
export { selectEmbedder } from './select-embedder.js';
export { chunkMarkdown, embeddingText, type Chunk, type ChunkOptions } from './chunker.js';
export { indexKnowledge, chunkDirectory, listMarkdown, type IndexOptions, type IndexReport } from './indexer.js';
export { KnowledgeCache, type KnowledgeCacheOptions } from './knowledge-cache.js';
export { HybridRetriever, type HybridRetrieverOptions, type RetrieveOptions, type RetrievedChunk } from './hybrid-retriever.js';
export { MemoryStore, type Memory, type MemoryConfidence, type MemoryInput, type MemoryStoreOptions, type MemoryType } from './memory-store.js';
export {
  KnowledgeOrchestrator,
  type HistoryMessage,
  type KnowledgeChunk,
  type KnowledgeContext,
  type KnowledgeOrchestratorOptions,
} from './knowledge-orchestrator.js';
export { createKnowledge, defaultThreshold, type Knowledge, type KnowledgeDeps } from './create-knowledge.js';
export * from '../classify/index.js';
export { normalizeText, normalizeWords, foldWords as fold } from '../classify/index.js';
export { toVectorLiteral, cosine } from './vector.js';
export { KNOWLEDGE_DIR, EXEMPLARS_DIR } from './paths.js';
