/**
 * Narrow ports the agent depends on and other capabilities implement.
 * They live here (not in src/retrieval) because the dependency rule runs
 * downward: the agent defines what it needs, retrieval provides it, and the
 * composition root (src/app.ts) wires the two together.
 */

export const MEMORY_TYPES = ['preferencia', 'restricao', 'info_pessoal', 'historico', 'comportamento'] as const;
export type MemoryType = (typeof MEMORY_TYPES)[number];
export const MEMORY_CONFIDENCE = ['alta', 'media', 'baixa'] as const;
export type MemoryConfidence = (typeof MEMORY_CONFIDENCE)[number];

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
  /** Cosine similarity to the query, when the memory came from `relevant`. */
  score?: number;
}

/**
 * Doctor memories (spec salvar_memoria). Every call is scoped by `doctorId`,
 * which the agent takes from the turn, never from the model.
 */
export interface MemoryPort {
  /** Embeds and stores; 'duplicate' when similarity > 0.95 to a memory of the same doctor. */
  save(doctorId: string, input: MemoryInput): Promise<{ status: 'saved' | 'duplicate'; id: string }>;
  /** The k memories of this doctor closest to `query`. */
  relevant(doctorId: string, query: string, k: number): Promise<Memory[]>;
}

export interface KnowledgeChunk {
  source: string;
  heading: string;
  text: string;
  score: number;
}

export interface KnowledgeContext {
  chunks: KnowledgeChunk[];
  /** Detected objection (e.g. 'valor', 'distancia'), or null. */
  objection: string | null;
  /** Detected doctor profile/persona label, or null. */
  profile: string | null;
  /** Conversation objective hint, or null. */
  objective: string | null;
}

export interface HistoryMessage {
  role: 'doctor' | 'julia';
  text: string;
  at?: string;
}

/** Retrieved knowledge for the dynamic part of the prompt (spec 5.2). */
export interface KnowledgePort {
  contextFor(input: { doctorId: string; text: string; history: HistoryMessage[] }): Promise<KnowledgeContext>;
}
