import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spParts } from '../../src/shared/index.js';
import { evolutionPayload } from '../helpers/evolution-fixture.js';
import { waitFor } from '../helpers/wait-for.js';
import { settle, startE2E, type E2E } from './e2e-harness.js';
import { adminScript, isAdminCall, lastPreview, managerDriver } from './slack-helpers.js';

const WEEKDAYS = ['domingo', 'segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado'];
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Shifts from Slack (issue 27): a manager opens, changes and cancels shifts
 * through the admin agent; the model's tool calls are scripted, the preview,
 * the click and the database are real.
 */
describe('Slack: managers open, change and cancel shifts', () => {
  let e: E2E;
  const admin = adminScript();
  // Armed by a test: the next slack_action_finish fails as a dropped database connection would.
  let failFinish = 0;
  beforeAll(async () => {
    e = await startE2E({
      anthropic: (body) => (isAdminCall(body) ? admin.next() : { text: `Oi! Tenho plantões sim (${Math.random().toString(36).slice(2, 6)}).` }),
      env: { SLACK_SIGNING_SECRET: 'slack-secret', SLACK_MANAGER_IDS: 'UMANAGER1' },
      rpcFault: (name) => {
        if (name !== 'slack_action_finish' || failFinish === 0) return undefined;
        failFinish--;
        return new Error('Connection terminated unexpectedly');
      },
    });
  });
  afterAll(async () => e.close());

  const { q, status, waitDone, confirm, ask, lastToolResult } = managerDriver(() => e, admin);
  const sweep = () => e.app.queues.enqueue('slack-action-sweep', {}, { jobId: `sweep-${Date.now()}-${Math.random().toString(36).slice(2, 6)}` });
  const shiftsAt = async (hospitalSlug: string) =>
    q<{ id: string; status: string; value_cents: number; starts_at: Date; ends_at: Date; notes: string | null; period: string; duration_hours: number; specialty: string }>(
      `select s.id, s.status, s.value_cents, s.starts_at, s.ends_at, s.notes, s.period, s.duration_hours, sp.name specialty
         from shifts s join hospitals h on h.id = s.hospital_id join specialties sp on sp.id = s.specialty_id
        where h.slug = $1 and s.external_ref like 'slack:%' order by s.created_at`, [hospitalSlug]);

  /** A day ten days ahead, as a manager writes it (dd/mm), with its weekday. */
  function aheadDays(days: number) {
    const p = spParts(new Date(Date.now() + days * 86_400_000));
    return { ddmm: `${pad(p.day)}/${pad(p.month)}`, long: `${WEEKDAYS[p.weekday]} ${pad(p.day)}/${pad(p.month)}/${p.year}`, iso: `${p.year}-${pad(p.month)}-${pad(p.day)}` };
  }

  it('criar_vaga: the preview shows the resolved shift; the row exists only after the click, once', async () => {
    const day = aheadDays(10);
    const input = { hospital: 'santa clara', especialidade: 'clinica medica', data: day.ddmm, inicio: '19h', fim: '7h', valor: 'R$ 1.650', observacoes: 'Entrada pela Rua Itapura' };
    await ask('abre um plantão de clínica médica no Santa Clara dia ' + day.ddmm + ' 19h às 7h, R$ 1.650', { toolUse: { name: 'criar_vaga', input } }, { text: 'Confirme no botão.' });
    const p = lastPreview(e.slack)!;
    expect(p.text).toBe(`Confirma? Abrir a vaga: Hospital Santa Clara, Clínica Médica, ${day.long}, 19:00–07:00 (12h), R$ 1.650,00; obs.: Entrada pela Rua Itapura.`);
    expect(await shiftsAt('santa-clara-tatuape')).toHaveLength(0);

    expect((await confirm(p)).status).toBe(200);
    await waitDone(p.actionId);
    expect(await status(p.actionId)).toBe('done');
    // A retried click changes nothing.
    await confirm(p);
    await settle(500);
    const rows = await shiftsAt('santa-clara-tatuape');
    expect(rows).toHaveLength(1);
    const s = rows[0]!;
    expect(s).toMatchObject({ status: 'open', value_cents: 165_000, notes: 'Entrada pela Rua Itapura', period: 'noturno', duration_hours: 12, specialty: 'Clínica Médica' });
    // 19:00 in São Paulo (UTC-3), ending 07:00 the next morning.
    expect(new Date(s.starts_at).toISOString()).toBe(`${day.iso}T22:00:00.000Z`);
    expect(new Date(s.ends_at).getTime() - new Date(s.starts_at).getTime()).toBe(12 * 3_600_000);
  }, 60_000);

  it('criar_vaga refuses an unknown hospital and a past date at preview time, listing close names; nothing is posted to confirm', async () => {
    const before = lastPreview(e.slack)?.actionId;
    await ask('abre no Santa Clarice', { toolUse: { name: 'criar_vaga', input: { hospital: 'Hospital Santa Clarisse do Norte', especialidade: 'clínica', data: aheadDays(5).ddmm, inicio: '7h', duracaoHoras: 12, valor: 1500 } } }, { text: 'Não achei.' });
    const r = lastToolResult();
    expect(r.isError).toBe(true);
    expect(JSON.stringify(r.content)).toMatch(/hospital \\?"Hospital Santa Clarisse do Norte\\?" não está no catálogo \(parecidos: [^)]*Hospital Santa Clara/);
    expect(lastPreview(e.slack)?.actionId).toBe(before);

    const past = spParts(new Date(Date.now() - 3 * 86_400_000));
    await ask('abre anteontem', { toolUse: { name: 'criar_vaga', input: { hospital: 'Santa Clara', especialidade: 'pediatria', data: `${past.year}-${pad(past.month)}-${pad(past.day)}`, inicio: '7h', fim: '19h', valor: 1500 } } }, { text: 'Data passada.' });
    expect(JSON.stringify(lastToolResult().content)).toContain('já passou');
    expect(lastPreview(e.slack)?.actionId).toBe(before);
    expect(await shiftsAt('santa-clara-tatuape')).toHaveLength(1);
  }, 60_000);

  it('editar_vaga changes value and notes of an open shift after the click; a reserved shift only takes notes', async () => {
    const [s] = await shiftsAt('santa-clara-tatuape');
    await ask('sobe para 1.800', { toolUse: { name: 'editar_vaga', input: { vagaId: s!.id, valor: 1800, observacoes: 'Levar carimbo' } } }, { text: 'Confirme.' });
    const p = lastPreview(e.slack)!;
    expect(p.text).toMatch(/^Confirma\? Alterar a vaga Hospital Santa Clara, Clínica Médica, .+: valor R\$ 1\.650,00 → R\$ 1\.800,00; observações → "Levar carimbo"\.$/);
    expect((await shiftsAt('santa-clara-tatuape'))[0]!.value_cents).toBe(165_000);
    await confirm(p);
    await waitDone(p.actionId);
    expect((await shiftsAt('santa-clara-tatuape'))[0]).toMatchObject({ value_cents: 180_000, notes: 'Levar carimbo' });

    const doctor = (await q<{ id: string }>(`select id from doctors order by phone limit 1`))[0]!.id;
    await e.db.rpc('admin_reserve_shift', { p_shift_id: s!.id, p_doctor_id: doctor, p_actor: 'test', p_now: new Date() });
    await ask('sobe para 2.000', { toolUse: { name: 'editar_vaga', input: { vagaId: s!.id, valor: 2000 } } }, { text: 'Não dá.' });
    expect(JSON.stringify(lastToolResult().content)).toContain('já está reservada');
    expect((await shiftsAt('santa-clara-tatuape'))[0]!.value_cents).toBe(180_000);
    // Notes alone may change on a reserved shift.
    await ask('anota', { toolUse: { name: 'editar_vaga', input: { vagaId: s!.id, observacoes: 'Levar carimbo e jaleco' } } }, { text: 'Confirme.' });
    const n = lastPreview(e.slack)!;
    expect(n.text).toMatch(/: observações → "Levar carimbo e jaleco"\.$/);
    await confirm(n);
    await waitDone(n.actionId);
    expect((await shiftsAt('santa-clara-tatuape'))[0]).toMatchObject({ status: 'reserved', value_cents: 180_000, notes: 'Levar carimbo e jaleco' });
    // Back to open for the next test.
    await q(`update shifts set status = 'open', reserved_by = null, reserved_at = null where id = $1`, [s!.id]);
  }, 60_000);

  it('cancelar_vaga on an open shift: cancelled after the click, a notice in the channel, no doctor messaged', async () => {
    const [s] = await shiftsAt('santa-clara-tatuape');
    const sent = e.evolution.sentTexts().length;
    await ask('cancela', { toolUse: { name: 'cancelar_vaga', input: { vagaId: s!.id } } }, { text: 'Confirme.' });
    const p = lastPreview(e.slack)!;
    expect(p.text).toMatch(/^Confirma\? Cancelar a vaga Hospital Santa Clara, Clínica Médica, .+, R\$ 1\.800,00; obs\.: Levar carimbo e jaleco\. Ela está aberta, ninguém a reservou\.$/);
    expect((await shiftsAt('santa-clara-tatuape'))[0]!.status).toBe('open');
    await confirm(p);
    await waitDone(p.actionId);
    expect((await shiftsAt('santa-clara-tatuape'))[0]!.status).toBe('cancelled');
    expect(e.slack.posted().some((m) => m.text?.startsWith('Vaga cancelada por <@UMANAGER1>: Hospital Santa Clara'))).toBe(true);
    await settle(500);
    expect(e.evolution.sentTexts().length).toBe(sent);
  }, 60_000);

  it('cancelar_vaga on a reserved shift tells the doctor once (click retried, run redriven) and the managers without his phone', async () => {
    const phone = '5511980000093';
    await e.post(evolutionPayload('text-conversation', { id: `W-${phone}`, text: 'oi, tem plantão?', remoteJid: `${phone}@s.whatsapp.net` }));
    await waitFor(() => e.evolution.sentTexts().some((t) => t.number.includes(phone)), { what: 'Júlia answers the doctor', timeoutMs: 20_000 });
    const doctor = (await q<{ id: string }>(`select id from doctors where phone = $1`, [phone]))[0]!.id;
    await q(`update doctors set name = 'Dra. Helena Prado' where id = $1`, [doctor]);
    const day = aheadDays(12);
    await ask('abre', { toolUse: { name: 'criar_vaga', input: { hospital: 'Santa Clara', especialidade: 'Pediatria', data: day.iso, inicio: '07:00', duracaoHoras: 12, valor: 1400 } } }, { text: 'Confirme.' });
    const created = lastPreview(e.slack)!;
    await confirm(created);
    await waitDone(created.actionId);
    const shift = (await shiftsAt('santa-clara-tatuape')).find((r) => r.specialty === 'Pediatria')!;
    expect((await e.db.rpc<{ ok: boolean }>('admin_reserve_shift', { p_shift_id: shift.id, p_doctor_id: doctor, p_actor: 'test', p_now: new Date() })).ok).toBe(true);

    await ask('cancela a pediatria', { toolUse: { name: 'cancelar_vaga', input: { vagaId: shift.id } } }, { text: 'Confirme.' });
    const p = lastPreview(e.slack)!;
    expect(p.text).toBe(`Confirma? Cancelar a vaga Hospital Santa Clara, Pediatria, ${day.long}, 07:00–19:00 (12h), R$ 1.400,00. Ela está reservada para Dra. Helena Prado (final 0093); o aviso vai pelo WhatsApp.`);
    const toDoctor = () => e.evolution.sentTexts().filter((t) => t.number.includes(phone) && t.text.includes('foi cancelado'));
    expect(toDoctor()).toHaveLength(0);

    // The run is cut off after its write (no audit row): the sweep re-runs it under the same action id.
    failFinish = 1;
    await confirm(p);
    await waitFor(() => toDoctor().length === 1, { what: 'the doctor told', timeoutMs: 20_000 });
    await confirm(p);
    await settle(500);
    expect(await status(p.actionId)).toBe('executing');
    await q(`update slack_pending_actions set lease_until = now() - interval '1 second' where id = $1`, [p.actionId]);
    await Promise.all([sweep(), sweep()]);
    await waitFor(async () => (await status(p.actionId)) === 'done', { what: 'the recovered cancel', timeoutMs: 15_000 });
    await settle(1_500);

    expect(toDoctor()).toHaveLength(1);
    expect(toDoctor()[0]!.text).toContain(`Pediatria no Hospital Santa Clara, ${day.long}`);
    const row = (await q<{ status: string; reserved_by: string | null }>(`select status, reserved_by from shifts where id = $1`, [shift.id]))[0]!;
    expect(row).toEqual({ status: 'cancelled', reserved_by: null });
    expect(await q(`select 1 from outbound_messages where doctor_id = $1 and method = 'COMMAND'`, [doctor])).toHaveLength(1);
    const notices = e.slack.posted().filter((m) => m.text?.includes('Dra. Helena Prado (final 0093), que a tinha reservado, recebeu o aviso'));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).not.toContain(phone);
    expect(notices[0]!.text).not.toContain('980000093');
  }, 120_000);
});
