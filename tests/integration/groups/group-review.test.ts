import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buscarVagas, type ToolDeps } from '../../../src/agent/index.js';
import { createGroupReview } from '../../../src/groups/index.js';
import { silentLogger } from '../../../src/shared/index.js';
import { startAnthropicFake, type AnthropicFake } from '../../fakes/anthropic-fake.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';
import { makeProcessor, posts, savePost, scriptedModel, trustFixtureGroups } from './group-harness.js';

let db: TestDb;
let anthropic: AnthropicFake;
let h: ReturnType<typeof makeProcessor>;
const post = (id: string) => posts.find((p) => p.id === id)!;
const groupShiftOf = async (messageId: string) =>
  (await db.query<{ id: string }>('select group_shift_id id from group_shift_sources where group_message_id = $1', [messageId]))[0]!.id;

beforeAll(async () => {
  db = await createTestDb({ seed: true });
  await trustFixtureGroups(db);
  anthropic = await startAnthropicFake({ handler: scriptedModel() });
  h = makeProcessor(db, anthropic);
});
afterAll(async () => {
  await anthropic?.close();
  await db?.close();
});

async function run(id: string, instance = 'julia-1') {
  const messageId = await savePost(db, post(id), instance);
  h.clock.set(new Date(new Date(post(id).sentAt).getTime() + 60_000));
  await h.processor.process(messageId);
  return messageId;
}

describe('review of group shifts', () => {
  it('an approved shift is offered by buscar_vagas', async () => {
    const review = createGroupReview({ db, clock: h.clock });
    const msg = await run('p29'); // UTI Osasco at R$ 12.000: outside the automatic range
    const id = await groupShiftOf(msg);
    const waiting = await review.listar_vagas_revisao();
    expect(waiting.map((w) => [w.id, w.reason])).toContainEqual([id, 'valor_fora_da_faixa']);

    const doctor = await db.rpc<{ id: string }>('doctor_get', { p_phone: '5511987650001' });
    const conv = await db.rpc<{ id: string }>('agent_conversation_open', { p_doctor_id: doctor.id });
    const search = async () => {
      const r = (await buscarVagas.execute(
        { especialidade: 'intensiva', regiao: 'Osasco', periodo: 'qualquer', limite: 10 },
        { doctorId: doctor.id, conversationId: conv.id, deps: { db, clock: h.clock, logger: silentLogger } as unknown as ToolDeps },
      )) as { vagas: Array<{ valor?: string; [k: string]: unknown }> };
      return JSON.stringify(r.vagas);
    };
    expect(await search()).not.toMatch(/12\.000/);

    expect(await review.aprovar_vaga_grupo({ id, por: 'gestor@slack' })).toMatchObject({ ok: true });
    expect(await search()).toMatch(/12\.000/);
    // Approving twice (a double click on the Slack button) imports once.
    const again = await review.aprovar_vaga_grupo({ id, por: 'gestor@slack' });
    expect(again).toMatchObject({ ok: true, already: true });
    const imported = await db.query<{ n: number }>('select count(*)::int n from shifts where external_ref = $1', [`group:${id}`]);
    expect(imported[0]!.n).toBe(1);
    const details = await review.detalhes_vaga_grupo({ id });
    expect(details?.events.map((e) => (e as { type: string }).type)).toEqual(['group_shift_review', 'group_shift_approved']);
  });

  it('an unknown hospital must be mapped to approve, and the name is then known', async () => {
    const review = createGroupReview({ db, clock: h.clock });
    const id = await groupShiftOf(await run('p18'));
    expect(await review.aprovar_vaga_grupo({ id, por: 'gestor' })).toEqual({ ok: false, error: 'hospital_desconhecido' });
    expect(await review.aprovar_vaga_grupo({ id, por: 'gestor', hospital: 'santa-clara-tatuape' })).toMatchObject({ ok: true });
    const resolved = await db.rpc<{ method: string }>('group_resolve_hospital', { p_name: 'Hospital Regional de Itaquera' });
    expect(resolved.method).toBe('alias');
  });

  it('rejects with a reason, and a rejected shift stays rejected when reposted', async () => {
    const review = createGroupReview({ db, clock: h.clock });
    const id = await groupShiftOf(await run('p28')); // UPA Vergueiro, unknown
    expect(await review.rejeitar_vaga_grupo({ id, por: 'gestor', motivo: 'UPA não é cliente' })).toEqual({ ok: true });
    await run('p28', 'julia-2'); // the same post seen by another of Júlia's numbers
    const row = await db.query<{ status: string; sources: number }>(
      'select status, (select count(*)::int from group_shift_sources where group_shift_id = $1) sources from group_shifts where id = $1', [id]);
    expect(row[0]).toEqual({ status: 'rejected', sources: 2 });
    expect(await review.aprovar_vaga_grupo({ id, por: 'gestor' })).toEqual({ ok: false, error: 'status_rejected' });
  });

  it('reports statistics, pipeline metrics and the queue', async () => {
    const review = createGroupReview({ db, clock: h.clock });
    await run('p02'); // chatter
    const stats = await review.estatisticas_grupos({ dias: 30 });
    expect(stats).toMatchObject({ messages: { parsed: 4, discarded: 1 }, discard_reasons: { sem_palavra_chave: 1 } });
    expect((stats.shifts as Record<string, number>).imported).toBe(2);
    const metrics = await review.metricas_pipeline({ dias: 30 });
    expect(metrics.messages_processed).toBe(5);
    expect(metrics.chatter_rate).toBe(0.2);
    const queue = await review.status_fila_grupos();
    expect(queue).toMatchObject({ pending_messages: 0, awaiting_review: 0 });
  });
});
