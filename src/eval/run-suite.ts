import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AgentPrompts, KnowledgePort, Memory, MemoryInput, MemoryPort } from '../agent/index.js';
import { createPgliteDb, migrate, snapshotPglite } from '../db/index.js';
import type { Embedder } from '../retrieval/index.js';
import type { Clock, Logger } from '../shared/index.js';
import { runScenario, type ModelBackend } from './run-scenario.js';
import type { Scenario } from './scenario.js';
import { scoreScenario, type DbOutcome, type FillFigures, type ScenarioScore } from './score.js';

const SEED_FILE = fileURLToPath(new URL('../../supabase/seed.sql', import.meta.url));

/** Memories kept per run in memory: the eval measures the conversation, not the vector store. */
class RunMemory implements MemoryPort {
  private rows: Array<Memory & { doctorId: string }> = [];
  async save(doctorId: string, input: MemoryInput) {
    const row = { id: `m${this.rows.length + 1}`, doctorId, ...input, createdAt: new Date().toISOString() };
    this.rows.push(row);
    return { status: 'saved' as const, id: row.id };
  }
  async relevant(doctorId: string, _q: string, k: number) {
    return this.rows.filter((r) => r.doctorId === doctorId).slice(0, k);
  }
}

export interface SuiteOptions {
  scenarios: Scenario[];
  clock: Clock;
  logger: Logger;
  prompts: AgentPrompts;
  models: { fast: string; smart: string };
  backend: ModelBackend;
  embedder: Embedder;
  knowledge?: (db: Awaited<ReturnType<typeof createPgliteDb>>) => KnowledgePort | undefined;
  onScenario?: (score: ScenarioScore) => void;
}

/**
 * Each scenario on a database as migrated and seeded, so a reservation in one cannot change another's offer: one
 * embedded database, put back to that state before every scenario (restoring costs tens of milliseconds, a fresh
 * PGlite about a second).
 */
export async function runSuite(o: SuiteOptions): Promise<ScenarioScore[]> {
  const db = await createPgliteDb();
  try {
    await migrate(db);
    await db.exec(readFileSync(SEED_FILE, 'utf8'));
    const seeded = await snapshotPglite(db.pg);
    const scores: ScenarioScore[] = [];
    let i = 0;
    for (const s of o.scenarios) {
      await seeded.restore();
      const phone = `55119${String(70000000 + ++i).padStart(8, '0')}`;
      const knowledge = o.knowledge?.(db);
      const run = await runScenario(
        { db, clock: o.clock, logger: o.logger, prompts: o.prompts, models: o.models, backend: o.backend, embedder: o.embedder, memory: new RunMemory(), ...(knowledge ? { knowledge } : {}) },
        s,
        phone,
      );
      const outcome = await db.rpc<DbOutcome>('eval_outcome', { p_phone: phone });
      const score = { ...scoreScenario(s, run, outcome, o.clock), fill: await db.rpc<FillFigures>('eval_fill_figures') };
      scores.push(score);
      o.onScenario?.(score);
    }
    return scores;
  } finally {
    await db.close();
  }
}
