import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/wait-for.js';
import { startE2E, type E2E } from './e2e-harness.js';
import { adminScript, isAdminCall, lastPreview, managerDriver } from './slack-helpers.js';

/**
 * Managers steer fill plans from Slack: the model's tool calls are scripted,
 * the results it reads, the previews, the clicks and the database are real.
 */
describe('Slack: fill plans seen and switched by managers', () => {
  let e: E2E;
  const admin = adminScript();
  beforeAll(async () => {
    e = await startE2E({
      anthropic: (body) => (isAdminCall(body) ? admin.next() : { text: 'Oi!' }),
      env: { SLACK_SIGNING_SECRET: 'slack-secret', SLACK_MANAGER_IDS: 'UMANAGER1' },
    });
  });
  afterAll(async () => e.close());

  const { q, status, waitDone, confirm, ask, lastToolResult } = managerDriver(() => e, admin);

  /** An open seeded shift ~30 h out with an active plan in wave 2: one doctor refused, one was asked, one is next in line. */
  async function seedPlan() {
    const shift = (await q<{ id: string; hospital: string }>(
      `select s.id, h.name hospital from shifts s join hospitals h on h.id = s.hospital_id where s.status = 'open' and h.slug = 'santa-clara-tatuape' order by s.starts_at limit 1`,
    ))[0]!;
    await q(`update shifts set starts_at = now() + interval '30 hours', ends_at = now() + interval '42 hours' where id = $1`, [shift.id]);
    const doctors = await q<{ id: string; name: string; phone: string }>(`select id, name, phone from doctors where name is not null order by name limit 3`);
    // The service's own wave job may have opened a plan for this seeded shift already; it sends nothing while the switch is off.
    await e.app.deps.flags.set('fill_plans', { enabled: false }, 'test');
    await q(`insert into fill_plans (shift_id, status, wave, started_at) values ($1, 'active', 2, now() - interval '2 hours')
             on conflict (shift_id) do update set status = 'active', wave = 2, started_at = excluded.started_at`, [shift.id]);
    const parts = { historico: { value: 20, reason: 'já fez 4 plantão(ões) desta especialidade neste hospital' }, aceitacao: { value: 6, reason: 'aceitou 3, recusou 1 e não respondeu 0 oferta(s)' }, regiao: { value: -2.5, reason: 'mora em outra região (zona sul)' } };
    const statuses = ['refused', 'sent', 'planned'];
    for (const [i, d] of doctors.entries()) {
      await q(
        `insert into fill_offers (shift_id, doctor_id, wave, score, score_parts, status, outbound_key, created_at, sent_at, answered_at)
         values ($1, $2, $3, $4, $5, $6::text, $7, now() - interval '2 hours', case when $6::text <> 'planned' then now() - interval '1 hour' end, case when $6::text = 'refused' then now() end)`,
        [shift.id, d.id, i === 2 ? 2 : 1, 73.5 - i * 5, JSON.stringify(parts), statuses[i], `fill:${shift.id}:${d.id}`],
      );
    }
    return { shift, doctors };
  }

  it('status_preenchimento: the urgent shift, its wave, offers and answers, as untrusted data without full phones', async () => {
    const { shift, doctors } = await seedPlan();
    await ask('como está o preenchimento?', { toolUse: { name: 'status_preenchimento', input: {} } }, { text: 'Uma vaga urgente.' });
    const r = lastToolResult();
    expect(r.isError).toBe(false);
    expect(r.raw.startsWith('<dados_nao_confiaveis ferramenta="status_preenchimento">')).toBe(true);
    const body = r.content as { chaveGeralLigada: boolean; vagas: Array<Record<string, unknown>> };
    const v = body.vagas.find((x) => x['vagaId'] === shift.id)!;
    expect(v).toMatchObject({ hospital: shift.hospital, onda: 2, ofertasEnviadas: 2, respostas: { aceitaram: 0, recusaram: 1, semResposta: 1 } });
    expect(v['horasRestantes']).toBeGreaterThan(29);
    expect(v['horasRestantes']).toBeLessThanOrEqual(30);
    const asked = v['perguntados'] as Array<{ nome: string; oferta: string }>;
    expect(asked.map((a) => a.nome).sort()).toEqual(doctors.map((d) => d.name).sort());
    for (const d of doctors) expect(r.raw).not.toContain(d.phone);
  }, 60_000);

  it('por_que_medico: the stored score parts in words, largest first; a doctor never offered the shift gets a plain no', async () => {
    const shiftId = (await q<{ shift_id: string }>(`select shift_id from fill_plans limit 1`))[0]!.shift_id;
    const offered = (await q<{ doctor_id: string }>(`select doctor_id from fill_offers where shift_id = $1 and status = 'refused'`, [shiftId]))[0]!.doctor_id;
    await ask('por que esse médico?', { toolUse: { name: 'por_que_medico', input: { medicoId: offered, vagaId: shiftId } } }, { text: 'Porque...' });
    const r = lastToolResult().content as { oferecida: boolean; pontuacao: number; pontosDePartida: number; motivos: string[]; onda: number };
    expect(r).toMatchObject({ oferecida: true, pontuacao: 73.5, pontosDePartida: 50, onda: 1, situacao: 'recusou' });
    expect(r.motivos).toEqual([
      '+20 pontos, plantões neste hospital e especialidade: já fez 4 plantão(ões) desta especialidade neste hospital',
      '+6 pontos, como respondeu a ofertas antes: aceitou 3, recusou 1 e não respondeu 0 oferta(s)',
      '−2,5 pontos, distância da região dele até o hospital: mora em outra região (zona sul)',
    ]);

    const never = (await q<{ id: string }>(`select id from doctors where id not in (select doctor_id from fill_offers) limit 1`))[0]!.id;
    await ask('e esse?', { toolUse: { name: 'por_que_medico', input: { medicoId: never, vagaId: shiftId } } }, { text: 'Não recebeu.' });
    expect(lastToolResult().content).toMatchObject({ oferecida: false });
  }, 60_000);

  it('preenchimento_desligar for one hospital by name: the preview names it, the setting changes only after the click', async () => {
    await ask('desliga o preenchimento no santa clara', { toolUse: { name: 'preenchimento_desligar', input: { hospital: 'santa clara' } } }, { text: 'Confirme.' });
    const p = lastPreview(e.slack)!;
    expect(p.text).toBe('Confirma? Desligar o preenchimento automático de vagas no Hospital Santa Clara.');
    const setting = () => q<{ enabled: boolean; updated_by: string }>(`select f.enabled, f.updated_by from fill_hospital_settings f join hospitals h on h.id = f.hospital_id where h.slug = 'santa-clara-tatuape'`);
    expect(await setting()).toEqual([]);
    await confirm(p);
    await waitDone(p.actionId);
    expect(await setting()).toEqual([{ enabled: false, updated_by: 'slack:UMANAGER1' }]);

    // An unknown name comes back with close ones and no preview.
    const previews = async () => (await q<{ n: number }>(`select count(*)::int n from slack_pending_actions`))[0]!.n;
    const before = await previews();
    await ask('liga no santa clarisse', { toolUse: { name: 'preenchimento_ligar', input: { hospital: 'Hospital Santa Clarisse do Norte' } } }, { text: 'Não achei.' });
    const bad = lastToolResult();
    expect(bad.isError).toBe(true);
    expect(JSON.stringify(bad.content)).toMatch(/não está no catálogo \(parecidos: [^)]*Hospital Santa Clara/);
    expect(await previews()).toBe(before);
  }, 60_000);

  it('preenchimento_ligar / preenchimento_desligar globally flip the fill_plans flag after the click, announced in the channel', async () => {
    const flag = async () => (await e.app.deps.flags.get()).fillPlans.enabled;
    const before = await flag();
    await ask(before ? 'desliga o preenchimento' : 'liga o preenchimento', { toolUse: { name: before ? 'preenchimento_desligar' : 'preenchimento_ligar', input: {} } }, { text: 'Confirme.' });
    const p = lastPreview(e.slack)!;
    expect(p.text).toBe(`Confirma? ${before ? 'Desligar' : 'Ligar'} o preenchimento automático de vagas em todos os hospitais (chave geral).`);
    expect(await flag()).toBe(before);
    await confirm(p);
    await waitDone(p.actionId);
    expect(await status(p.actionId)).toBe('done');
    await waitFor(async () => (await flag()) === !before, { what: 'the flag flipped', timeoutMs: 5_000 });
    expect(e.slack.posted().some((m) => m.channel === 'C-ALERTS' && m.text?.includes(`Preenchimento automático ${before ? 'desligado' : 'ligado'} em todos os hospitais por <@UMANAGER1>`))).toBe(true);
  }, 60_000);
});
