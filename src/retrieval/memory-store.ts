import type { Db } from '../db/index.js';
import type { Embedder } from './embedder.js';
import { toVectorLiteral } from './vector.js';

// Structurally identical to src/agent/ports.ts (MemoryPort): retrieval may not
// import the agent, so the types are repeated here and a test checks assignability.
export type MemoryType = 'preferencia' | 'restricao' | 'info_pessoal' | 'historico' | 'comportamento';
export type MemoryConfidence = 'alta' | 'media' | 'baixa';

export interface MemoryInput {
  informacao: string;
  tipo: MemoryType;
  confianca: MemoryConfidence;
  contexto?: string;
}

export interface Memory {
  id: string;
  informacao: string;
  tipo: MemoryType;
  confianca: MemoryConfidence;
  createdAt: string;
  score?: number;
}

export interface MemoryStoreOptions {
  db: Db;
  embedder: Embedder;
  /** Spec 10.3: above this cosine similarity a new memory is the same memory. */
  dedupeThreshold?: number;
}

interface MemoryRow {
  id: string;
  informacao: string;
  tipo: MemoryType;
  confianca: MemoryConfidence;
  created_at: string;
  score: number;
}

/**
 * Doctor memories (spec salvar_memoria). The doctor id always comes from the
 * turn and every SQL function filters by it, so one doctor's memories can never
 * reach another doctor's prompt.
 */
export class MemoryStore {
  private readonly threshold: number;

  constructor(private readonly opts: MemoryStoreOptions) {
    this.threshold = opts.dedupeThreshold ?? 0.95;
  }

  async save(doctorId: string, input: MemoryInput): Promise<{ status: 'saved' | 'duplicate'; id: string }> {
    const informacao = input.informacao.trim();
    const [embedding] = await this.opts.embedder.embed([informacao], 'document');
    const res = await this.opts.db.rpc<{ status: 'saved' | 'duplicate'; id: string }>('doctor_memory_save', {
      p_doctor_id: doctorId,
      p_tipo: input.tipo,
      p_informacao: informacao,
      p_confianca: input.confianca,
      p_contexto: input.contexto ?? null,
      p_model: this.opts.embedder.model,
      p_embedding: toVectorLiteral(embedding!),
      p_threshold: this.threshold,
    });
    return { status: res.status, id: res.id };
  }

  async relevant(doctorId: string, query: string, k: number): Promise<Memory[]> {
    if (k <= 0) return [];
    const [embedding] = await this.opts.embedder.embed([query.trim() || ' '], 'query');
    const rows = await this.opts.db.rpc<MemoryRow[]>('doctor_memory_relevant', {
      p_doctor_id: doctorId,
      p_embedding: toVectorLiteral(embedding!),
      p_model: this.opts.embedder.model,
      p_k: k,
    });
    return rows.map((r) => ({
      id: r.id,
      informacao: r.informacao,
      tipo: r.tipo,
      confianca: r.confianca,
      createdAt: r.created_at,
      score: r.score,
    }));
  }
}
