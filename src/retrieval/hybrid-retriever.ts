import { withTimeout } from '../shared/timeout.js';
import type { Db } from '../db/index.js';
import { errorMessage } from '../shared/errors.js';
import { observe } from '../shared/observe.js';
import type { Logger } from '../shared/logger.js';
import type { Embedder } from './embedder.js';
import type { KnowledgeCache } from './knowledge-cache.js';
import { toVectorLiteral } from './vector.js';

export interface RetrievedChunk {
  source: string;
  heading: string;
  text: string;
  /** Reciprocal-rank-fusion score: higher is better, comparable only within one result. */
  score: number;
  /** Which paths found it. */
  via: Array<'vector' | 'text'>;
}

export interface RetrieveOptions {
  k?: number;
  /** Restrict to one playbook, e.g. "objections/preco". */
  sourcePrefix?: string;
  /** A query vector computed elsewhere (benchmarks); skips the embedding call. */
  embedding?: number[];
}

export interface HybridRetrieverOptions {
  db: Db;
  embedder: Embedder;
  cache?: KnowledgeCache;
  logger?: Logger;
  /** Spec 13.2: 0.65 on the vector path. */
  threshold?: number;
  /** Budget for embedding the query plus the vector search. */
  vectorTimeoutMs?: number;
  textTimeoutMs?: number;
  /** Candidates each path contributes to the fusion. */
  candidates?: number;
  /** The RRF constant; 60 is the value from the original paper and works without tuning. */
  rrfK?: number;
}

/** A candidate from one path: its rank, not its text (read only for the chunks kept). */
interface Row {
  id: string;
  source: string;
  heading: string;
  score: number;
}

type Fused = Omit<RetrievedChunk, 'text'> & { id: string };



/**
 * Vector (pgvector HNSW, cosine) and Portuguese full-text search run in parallel,
 * each under its own deadline, and are merged by reciprocal rank fusion. A path that
 * fails or is slow is logged and left out, so retrieval degrades instead of failing.
 */
export class HybridRetriever {
  readonly threshold: number;
  private readonly vectorTimeoutMs: number;
  private readonly textTimeoutMs: number;
  private readonly candidates: number;
  private readonly rrfK: number;
  private vectorMode?: Promise<boolean>;
  /** Searches under way, by query: turns asking the same thing at once share one search. */
  private readonly inflight = new Map<string, Promise<RetrievedChunk[]>>();

  constructor(private readonly opts: HybridRetrieverOptions) {
    this.threshold = opts.threshold ?? 0.65;
    this.vectorTimeoutMs = opts.vectorTimeoutMs ?? 2_500;
    this.textTimeoutMs = opts.textTimeoutMs ?? 1_500;
    this.candidates = opts.candidates ?? 20;
    this.rrfK = opts.rrfK ?? 60;
  }

  async retrieve(query: string, options: RetrieveOptions = {}): Promise<RetrievedChunk[]> {
    const k = options.k ?? 5;
    const model = this.opts.embedder.model;
    const params = { k, p: options.sourcePrefix ?? null, t: this.threshold };
    const cache = options.embedding ? undefined : this.opts.cache;
    const cached = cache ? await cache.get<RetrievedChunk[]>(model, query, params) : undefined;
    if (cached?.hit) return cached.hit;

    const version = cached?.version;
    const remember = cache && version !== undefined ? (merged: RetrievedChunk[]) => cache.set(version, model, query, params, merged) : undefined;
    // A burst of the same words (replies to one campaign: "tenho interesse", "qual o valor?")
    // would otherwise run the same two searches once per doctor, all before the first
    // result reaches the cache. The first search is shared; each caller gets its own copy.
    if (options.embedding) return this.search(query, options, k, remember);
    const key = JSON.stringify([model, query, params]);
    let pending = this.inflight.get(key);
    if (!pending) {
      pending = this.search(query, options, k, remember).finally(() => this.inflight.delete(key));
      this.inflight.set(key, pending);
    }
    return (await pending).map((c) => ({ ...c, via: [...c.via] }));
  }

  /** Both paths, fused; a full answer is handed to `remember` (the cache). */
  private async search(query: string, options: RetrieveOptions, k: number, remember?: (merged: RetrievedChunk[]) => Promise<void>): Promise<RetrievedChunk[]> {
    const started = performance.now();
    const withVector = await this.vectorEnabled();
    const [vector, text] = await Promise.all([
      withVector ? this.guard('vector', this.vectorTimeoutMs, () => this.vectorPath(query, options)) : undefined,
      this.guard('text', this.textTimeoutMs, () => this.textPath(query, options)),
    ]);
    const merged = await this.guard('content', this.textTimeoutMs, () => this.withContent(this.fuse(vector, text).slice(0, k)));
    observe('retrieval', (performance.now() - started) / 1000, { mode: withVector ? 'hybrid' : 'text' });
    if (!merged) return [];
    // A degraded answer is not cached: the next turn should get the full one.
    if (remember && (vector || !withVector) && text) await remember(merged);
    return merged;
  }

  /**
   * Whether the database has pgvector. Asked once per process (at boot, by
   * createKnowledge) and said once: without it, retrieval is full text only.
   * If the question itself fails, assume vector and let each path degrade.
   */
  vectorEnabled(): Promise<boolean> {
    this.vectorMode ??= this.opts.db
      .rpc<{ vector?: boolean }>('knowledge_capabilities')
      .then((caps) => caps?.vector !== false)
      .catch(() => true)
      .then((enabled) => {
        if (!enabled) this.opts.logger?.warn('pgvector is not installed in this database: knowledge retrieval uses full text only');
        return enabled;
      });
    return this.vectorMode;
  }

  private async guard<T>(path: string, ms: number, run: () => Promise<T>): Promise<T | undefined> {
    try {
      return await withTimeout(run(), ms, `${path} search`);
    } catch (err) {
      this.opts.logger?.warn({ path, error: errorMessage(err) }, 'retrieval path skipped');
      return undefined;
    }
  }

  private async vectorPath(query: string, options: RetrieveOptions): Promise<Row[]> {
    const embedding = options.embedding ?? (await this.opts.embedder.embed([query], 'query'))[0]!;
    return this.opts.db.rpc<Row[]>('knowledge_vector_candidates', {
      p_embedding: toVectorLiteral(embedding),
      p_model: this.opts.embedder.model,
      p_k: this.candidates,
      p_threshold: this.threshold,
      p_source_prefix: options.sourcePrefix,
    });
  }

  private textPath(query: string, options: RetrieveOptions): Promise<Row[]> {
    return this.opts.db.rpc<Row[]>('knowledge_text_candidates', {
      p_query: query,
      p_model: this.opts.embedder.model,
      p_k: this.candidates,
      p_source_prefix: options.sourcePrefix,
    });
  }

  /**
   * The text of the chunks kept, in one call: each path ranks 20 candidates, and
   * shipping all their texts to keep a handful was a third of a search's cost on the
   * embedded engine (migration 0217). A chunk re-indexed away since is dropped.
   */
  private async withContent(kept: Fused[]): Promise<RetrievedChunk[]> {
    if (kept.length === 0) return [];
    const contents = await this.opts.db.rpc<Record<string, string>>('knowledge_chunk_contents', { p_ids: kept.map((c) => c.id) });
    return kept
      .filter((c) => typeof contents?.[c.id] === 'string')
      .map((c) => ({ source: c.source, heading: c.heading, text: contents[c.id]!, score: c.score, via: c.via }));
  }

  private fuse(vector: Row[] | undefined, text: Row[] | undefined): Fused[] {
    const byId = new Map<string, Fused>();
    const add = (rows: Row[] | undefined, path: 'vector' | 'text') => {
      rows?.forEach((row, rank) => {
        const entry = byId.get(row.id) ?? { id: row.id, source: row.source, heading: row.heading, score: 0, via: [] };
        entry.score += 1 / (this.rrfK + rank + 1);
        entry.via.push(path);
        byId.set(row.id, entry);
      });
    };
    add(vector, 'vector');
    add(text, 'text');
    return [...byId.values()].sort((a, b) => b.score - a.score);
  }
}
