import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Db } from '../db/index.js';
import type { Embedder } from './embedder.js';
import { chunkMarkdown, embeddingText, type Chunk, type ChunkOptions } from './chunker.js';
import { toVectorLiteral } from './vector.js';

export interface IndexReport {
  files: number;
  chunks: number;
  new: number;
  unchanged: number;
  removed: number;
  embedded: number;
  model: string;
  version: number;
}

export interface IndexOptions extends ChunkOptions {
  db: Db;
  embedder: Embedder;
  /** Root folder; every *.md below it (recursively) is indexed. */
  dir: string;
  /** Called after a change so retrieval caches drop stale results at once. */
  onVersion?: (version: number) => Promise<void> | void;
  onProgress?: (message: string) => void;
  /** Texts per embedding call. */
  batchSize?: number;
}

/** Markdown files under `dir`, sorted so chunk order is stable across machines. */
export function listMarkdown(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listMarkdown(path));
    else if (entry.isFile() && entry.name.endsWith('.md')) out.push(path);
  }
  return out.sort();
}

export function chunkDirectory(dir: string, opts: ChunkOptions = {}): { files: number; chunks: Chunk[] } {
  const files = listMarkdown(dir);
  const chunks = files.flatMap((file) => chunkMarkdown(relative(dir, file).split(sep).join('/'), readFileSync(file, 'utf8'), opts));
  return { files: files.length, chunks };
}

/**
 * Incremental: a chunk whose hash is already stored with this embedder's model is
 * not embedded again; a model change therefore re-embeds everything, and the sync
 * removes the old model's rows so a query can never mix vector spaces.
 */
export async function indexKnowledge(opts: IndexOptions): Promise<IndexReport> {
  const { db, embedder } = opts;
  const log = opts.onProgress ?? (() => {});
  const { files, chunks } = chunkDirectory(opts.dir, opts);
  log(`${files} files, ${chunks.length} chunks`);
  const stored = new Set(await db.rpc<string[]>('knowledge_chunk_hashes', { p_model: embedder.model }));
  const fresh = chunks.filter((c) => !stored.has(c.contentHash));
  const vectors = new Map<string, string>();
  const batchSize = opts.batchSize ?? 64;
  for (let i = 0; i < fresh.length; i += batchSize) {
    const batch = fresh.slice(i, i + batchSize);
    const embedded = await embedder.embed(batch.map(embeddingText), 'document');
    batch.forEach((c, j) => vectors.set(c.contentHash, toVectorLiteral(embedded[j]!)));
    log(`embedded ${Math.min(i + batchSize, fresh.length)}/${fresh.length}`);
  }
  const payload = chunks.map((c) => ({
    source: c.source,
    heading: c.heading,
    chunk_index: c.chunkIndex,
    content: c.content,
    content_hash: c.contentHash,
    ...(vectors.has(c.contentHash) ? { embedding: vectors.get(c.contentHash) } : {}),
  }));
  const result = await db.rpc<{ upserted: number; removed: number; version: number }>('knowledge_sync', {
    p_model: embedder.model,
    p_chunks: payload,
  });
  const report: IndexReport = {
    files,
    chunks: chunks.length,
    new: fresh.length,
    unchanged: chunks.length - fresh.length,
    removed: result.removed,
    embedded: fresh.length,
    model: embedder.model,
    version: Number(result.version),
  };
  await opts.onVersion?.(report.version);
  return report;
}
