import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KnowledgePort, MemoryPort } from '../../../src/agent/ports.js';
import { createKnowledge, createLocalEmbedder, MemoryStore } from '../../../src/retrieval/index.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';

let db: TestDb;
let ana: string;
let bruno: string;
const embedder = createLocalEmbedder();

beforeAll(async () => {
  db = await createTestDb();
  ana = (await db.rpc<{ id: string }>('doctor_upsert', { p_phone: '5511988880001', p_name: 'Ana' })).id;
  bruno = (await db.rpc<{ id: string }>('doctor_upsert', { p_phone: '5511988880002', p_name: 'Bruno' })).id;
});
afterAll(async () => db.close());

describe('doctor memory', () => {
  it('conforms to the agent ports', () => {
    const knowledge = createKnowledge({ db, embedder });
    // Compile-time check: retrieval repeats the port types instead of importing the agent.
    const memory: MemoryPort = knowledge.memory;
    const orchestrator: KnowledgePort = knowledge.orchestrator;
    expect(typeof memory.save).toBe('function');
    expect(typeof orchestrator.contextFor).toBe('function');
  });

  it('saves a memory and dedupes the same information written differently', async () => {
    const store = new MemoryStore({ db, embedder });
    const first = await store.save(ana, { informacao: 'Prefere plantão noturno', tipo: 'preferencia', confianca: 'alta' });
    expect(first.status).toBe('saved');
    const again = await store.save(ana, { informacao: 'prefere plantao noturno.', tipo: 'preferencia', confianca: 'media' });
    expect(again).toEqual({ status: 'duplicate', id: first.id });
    const other = await store.save(ana, { informacao: 'Mora em Santo André', tipo: 'info_pessoal', confianca: 'alta', contexto: 'disse ao recusar vaga na zona norte' });
    expect(other.status).toBe('saved');
    // The same words for another doctor are that doctor's own memory.
    const forBruno = await store.save(bruno, { informacao: 'Prefere plantão noturno', tipo: 'preferencia', confianca: 'alta' });
    expect(forBruno.status).toBe('saved');
    expect(forBruno.id).not.toBe(first.id);
  });

  it('dedupes two concurrent saves of the same information', async () => {
    const store = new MemoryStore({ db, embedder });
    const results = await Promise.all(
      Array.from({ length: 4 }, () => store.save(bruno, { informacao: 'Não trabalha aos domingos', tipo: 'restricao', confianca: 'alta' })),
    );
    expect(results.filter((r) => r.status === 'saved')).toHaveLength(1);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
  });

  it('records detected preferences and restrictions on the doctor', async () => {
    const doctor = await db.rpc<{ preferences: { detectadas?: Array<{ informacao: string; tipo: string }> } }>('doctor_get', { p_doctor_id: bruno });
    const detected = doctor.preferences.detectadas ?? [];
    expect(detected.map((d) => d.informacao)).toEqual(['Não trabalha aos domingos', 'Prefere plantão noturno']);
    expect(detected[0]!.tipo).toBe('restricao');
  });

  it('returns the most relevant memories of this doctor only', async () => {
    const store = new MemoryStore({ db, embedder });
    await store.save(ana, { informacao: 'Já trabalhou no Hospital São Luiz e gostou da equipe', tipo: 'historico', confianca: 'media' });
    const relevant = await store.relevant(ana, 'tem plantao noturno?', 2);
    expect(relevant[0]!.informacao).toBe('Prefere plantão noturno');
    expect(relevant[0]!.score).toBeGreaterThan(0);
    expect(relevant).toHaveLength(2);
    const all = await store.relevant(ana, 'domingo', 10);
    expect(all.map((m) => m.informacao)).not.toContain('Não trabalha aos domingos');
    expect(all).toHaveLength(3);
    expect(await store.relevant('00000000-0000-0000-0000-000000000000', 'domingo', 5)).toEqual([]);
  });

  it('writes a confident profile detection to the doctor', async () => {
    const { orchestrator } = createKnowledge({ db, embedder });
    const context = await orchestrator.contextFor({
      doctorId: ana,
      text: 'acabei de me formar, crm saiu semana passada',
      history: [{ role: 'doctor', text: 'primeiro plantao meu seria esse' }],
    });
    expect(context.profile).toBe('junior');
    const doctor = await db.rpc<{ profile: { perfil?: string } }>('doctor_get', { p_doctor_id: ana });
    expect(doctor.profile.perfil).toBe('junior');
  });
});
