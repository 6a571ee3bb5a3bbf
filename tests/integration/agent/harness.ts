import { createAnthropicClient } from '../../../src/integrations/anthropic/index.js';
import { createRegionMap, loadPrompts, PROMPTS_DIR, type AgentDeps, type Memory, type MemoryInput, type MemoryPort } from '../../../src/agent/index.js';
import type { EnqueueOutboundOptions, OutboundContext, OutboundEnqueuer } from '../../../src/outbound/contract.js';
import type { Embedder } from '../../../src/retrieval/embedder.js';
import { fixedClock, silentLogger } from '../../../src/shared/index.js';
import { startAnthropicFake, type AnthropicFake } from '../../fakes/index.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';

/**
 * Records what the agent enqueued. The outbound queue is another module's
 * port (tested there); here we assert what the agent asked of it.
 */
export class RecordingOutbound implements OutboundEnqueuer {
  readonly jobs: Array<{ ctx: OutboundContext; text: string; opts: EnqueueOutboundOptions }> = [];
  async enqueueOutbound(ctx: OutboundContext, text: string, opts: EnqueueOutboundOptions) {
    this.jobs.push({ ctx, text, opts });
    return { jobId: opts.idempotencyKey };
  }
}

/**
 * In-memory MemoryPort double: the real store (embeddings, >0.95 dedupe) is
 * the knowledge engineer's, behind this port. It records every call so tests
 * can prove the agent only ever passes the turn's doctor.
 */
export class RecordingMemory implements MemoryPort {
  readonly saves: Array<{ doctorId: string; input: MemoryInput }> = [];
  readonly lookups: Array<{ doctorId: string; query: string }> = [];
  private readonly rows: Array<Memory & { doctorId: string }> = [];
  async save(doctorId: string, input: MemoryInput) {
    this.saves.push({ doctorId, input });
    const dup = this.rows.find((r) => r.doctorId === doctorId && r.informacao === input.informacao);
    if (dup) return { status: 'duplicate' as const, id: dup.id };
    const row = { id: `m${this.rows.length + 1}`, doctorId, ...input, createdAt: new Date().toISOString() };
    this.rows.push(row);
    return { status: 'saved' as const, id: row.id };
  }
  async relevant(doctorId: string, query: string, k: number) {
    this.lookups.push({ doctorId, query });
    return this.rows.filter((r) => r.doctorId === doctorId).slice(0, k);
  }
}

const unusedEmbedder: Embedder = {
  model: 'unused',
  dimensions: 1024,
  async embed() {
    throw new Error('the agent core does not embed directly; memories go through MemoryPort');
  },
};

export const MODELS = { fast: 'claude-haiku-4-5', smart: 'claude-sonnet-5' };

export interface Harness {
  db: TestDb;
  fake: AnthropicFake;
  deps: AgentDeps;
  outbound: RecordingOutbound;
  memory: RecordingMemory;
  notifications: string[];
  clock: ReturnType<typeof fixedClock>;
  close(): Promise<void>;
}

export async function createHarness(opts: { now?: Date | string; maxRetries?: number; promptCache?: boolean; seed?: boolean; houseRulesPath?: string } = {}): Promise<Harness> {
  const db = await createTestDb({ seed: opts.seed ?? true });
  const fake = await startAnthropicFake({ apiKey: 'test-key', ...(opts.promptCache ? { promptCache: true } : {}) });
  const outbound = new RecordingOutbound();
  const memory = new RecordingMemory();
  const notifications: string[] = [];
  const clock = fixedClock(opts.now ?? new Date());
  const deps: AgentDeps = {
    db,
    clock,
    logger: silentLogger,
    embedder: unusedEmbedder,
    outbound,
    memory,
    async notifyManagers(text) {
      notifications.push(text);
    },
    llm: createAnthropicClient({ apiKey: 'test-key', baseURL: fake.url, timeoutMs: 5_000, maxRetries: opts.maxRetries ?? 2 }),
    prompts: loadPrompts(PROMPTS_DIR, { houseRulesPath: opts.houseRulesPath }),
    models: MODELS,
    // As composed in production: the region map comes from the catalog in the database.
    regionMap: createRegionMap({ db, clock }),
  };
  return {
    db, fake, deps, outbound, memory, notifications, clock,
    async close() {
      await fake.close();
      await db.close();
    },
  };
}

export interface DoctorRow {
  id: string;
  name: string | null;
  phone: string;
}

export async function seededDoctor(db: TestDb, phone = '5511987650001'): Promise<{ doctor: DoctorRow; conversationId: string }> {
  const doctor = await db.rpc<DoctorRow>('doctor_get', { p_phone: phone });
  const conv = await db.rpc<{ id: string }>('agent_conversation_open', { p_doctor_id: doctor.id });
  return { doctor, conversationId: conv.id };
}

export async function query<T>(db: TestDb, sql: string, params: unknown[] = []): Promise<T[]> {
  return (await db.pg.query<T>(sql, params)).rows;
}

/** Fast retries against the fake: the SDK honours retry-after-ms. */
export const RETRY_FAST = { 'retry-after-ms': '20' };
