/**
 * Narrow ports the agent depends on and other capabilities implement.
 * They live here (not in src/retrieval) because the dependency rule runs
 * downward: the agent defines what it needs, retrieval provides it, and the
 * composition root (src/app.ts) wires the two together.
 */

import type { Detections, KnowledgeContext, Memory, MemoryConfidence, MemoryInput, MemoryType } from '../retrieval/index.js';

// The data types come from retrieval (which implements these ports); the agent
// owns only the port interfaces and the enumerations its tool schemas validate.
export type { KnowledgeChunk, KnowledgeContext, Memory, MemoryConfidence, MemoryInput, MemoryType } from '../retrieval/index.js';
export const MEMORY_TYPES = ['preferencia', 'restricao', 'info_pessoal', 'historico', 'comportamento'] as const satisfies readonly MemoryType[];
export const MEMORY_CONFIDENCE = ['alta', 'media', 'baixa'] as const satisfies readonly MemoryConfidence[];

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

export interface HistoryMessage {
  role: 'doctor' | 'julia';
  text: string;
  at?: string;
  /** Photos the doctor sent with this message, as base64; they reach the model as images. */
  images?: Array<{ mediaType: string; data: string }>;
}

/** What a turn is about, read once by its classification. */
export type TurnTopics = () => Promise<Detections>;

/** Retrieved knowledge for the dynamic part of the prompt (spec 5.2). */
export interface KnowledgePort {
  /** `topics`: the turn's classification of what it is about (src/classify); absent, the port classifies `text`. */
  contextFor(input: { doctorId: string; text: string; history: HistoryMessage[]; topics?: TurnTopics }): Promise<KnowledgeContext>;
}
