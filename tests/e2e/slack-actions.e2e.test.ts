import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evolutionPayload } from '../helpers/evolution-fixture.js';
import { waitFor } from '../helpers/wait-for.js';
import { settle, startE2E, type E2E } from './e2e-harness.js';
import { adminScript, click, isAdminCall, lastPreview, mention, signedSlack } from './slack-helpers.js';

/**
 * Confirmed Slack writes under failure (issue 25, finding 7): the database
 * failing between a write and its audit row, a model failing after a preview
 * was posted, and one message confirmed through two previews.
 */
describe('Slack writes survive failure', () => {
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

  const post = (raw: string, type: string) => e.app.http.request('/webhooks/slack', signedSlack(raw, type));
  const q = async <T>(sql: string, params: unknown[] = []) => (await e.db.pg.query<T>(sql, params)).rows;
  const adminCalls = () => e.anthropic.calls().filter(isAdminCall);
  const sends = (text: string) => e.evolution.sentTexts().filter((s) => s.text.trim() === text).length;
  const status = async (id: string) => (await q<{ status: string }>(`select status from slack_pending_actions where id = $1`, [id]))[0]!.status;
  const audits = async (id: string) => q<{ result: Record<string, unknown> }>(`select result from admin_audit_log where action_id = $1`, [id]);
  const message = (ts: string) => e.slack.posted().find((p) => p.ts === ts);

  async function ask(text: string, opts: { ts?: string } = {}, ...steps: Parameters<typeof admin.push>) {
    admin.push(...steps);
    const before = e.slack.posted().length;
    const calls = adminCalls().length;
    expect((await post(mention(text, opts), 'application/json')).status).toBe(200);
    await waitFor(() => admin.steps.length === 0 && adminCalls().length > calls && e.slack.posted().length > before, { what: `answer to "${text}"`, timeoutMs: 20_000 });
    await settle(300);
  }
  const confirm = (p: { actionId: string; ts: string; channel: string }) =>
    post(click(p.actionId, { messageTs: p.ts, channel: p.channel }), 'application/x-www-form-urlencoded');
  const sweep = () => e.app.queues.enqueue('slack-action-sweep', {}, { jobId: `sweep-${Date.now()}-${Math.random().toString(36).slice(2, 6)}` });

  /** A doctor who wrote just now: a manager's message to him is within the 24 h window and leaves at once. */
  async function doctorWhoWrote(phone: string): Promise<string> {
    await e.post(evolutionPayload('text-conversation', { id: `W-${phone}`, text: 'oi, tem plantão?', remoteJid: `${phone}@s.whatsapp.net` }));
    await waitFor(() => e.evolution.sentTexts().some((s) => s.number.includes(phone)), { what: 'Júlia answers the doctor', timeoutMs: 20_000 });
    return (await q<{ id: string }>(`select id from doctors where phone = $1`, [phone]))[0]!.id;
  }

  it('the recovery sweep is scheduled every minute', async () => {
    const schedulers = await e.app.queues.queues.scheduled.getJobSchedulers(0, -1, true);
    expect(schedulers.map((j) => [j.key, j.every])).toContainEqual(['slack-action-sweep', 60_000]);
  });

  it('the database failing between the send and its audit row: the sweep finishes it, one send and one audit row', async () => {
    const doctor = await doctorWhoWrote('5511980000091');
    const text = 'Oi, aqui é a gestão: confirmamos seu plantão de sábado.';
    await ask('manda a confirmação', {}, { toolUse: { name: 'enviar_mensagem', input: { medicoId: doctor, texto: text } } }, { text: 'Confirme no botão.' });
    const p = lastPreview(e.slack)!;
    failFinish = 1;
    expect((await confirm(p)).status).toBe(200);
    // The write happened (the message reached WhatsApp), its finish did not: no audit row, still executing.
    await waitFor(() => sends(text) === 1, { what: 'the send', timeoutMs: 20_000 });
    await settle(500);
    expect(failFinish).toBe(0);
    expect(await status(p.actionId)).toBe('executing');
    expect(await audits(p.actionId)).toHaveLength(0);

    // A sweep inside the lease leaves it alone (the click's run may still be going).
    await sweep();
    await settle(1_000);
    expect(await status(p.actionId)).toBe('executing');
    // The lease runs out (two minutes later): the sweep re-runs it under the same action id.
    await q(`update slack_pending_actions set lease_until = now() - interval '1 second' where id = $1`, [p.actionId]);
    await Promise.all([sweep(), sweep()]);
    await waitFor(async () => (await status(p.actionId)) === 'done', { what: 'the recovered action', timeoutMs: 15_000 });
    await settle(1_500);
    expect(sends(text)).toBe(1);
    const rows = await audits(p.actionId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.result).toMatchObject({ recoveredAttempt: 2 });
    expect((await q(`select 1 from outbound_messages where doctor_id = $1 and method = 'COMMAND'`, [doctor])).length).toBe(1);
    expect(JSON.stringify(message(p.ts)?.blocks)).toContain('retomado depois de uma falha');
  }, 90_000);

  it('a campaign created by an interrupted confirm is found again by the re-run: one campaign, one audit row', async () => {
    await ask('cria campanha', {}, { toolUse: { name: 'campanha_criar', input: { nome: 'Plantões de inverno', tipo: 'custom', texto: 'Oi {{primeiro_nome}}, temos plantões no inverno!' } } }, { text: 'Confirme.' });
    const p = lastPreview(e.slack)!;
    failFinish = 1;
    await confirm(p);
    await waitFor(async () => (await q(`select 1 from campaigns where name = 'Plantões de inverno'`)).length === 1, { what: 'the campaign', timeoutMs: 15_000 });
    await settle(500);
    expect(await status(p.actionId)).toBe('executing');
    await q(`update slack_pending_actions set lease_until = now() - interval '1 second' where id = $1`, [p.actionId]);
    await sweep();
    await waitFor(async () => (await status(p.actionId)) === 'done', { what: 'the recovered action', timeoutMs: 15_000 });
    expect(await q(`select 1 from campaigns where name = 'Plantões de inverno'`)).toHaveLength(1);
    expect(await audits(p.actionId)).toHaveLength(1);
  }, 60_000);

  it('a write that cannot be re-run safely is closed as interrupted: one audit row, the write once, the manager told', async () => {
    const c = await e.db.rpc<{ id: string }>('campaign_create', { p_campaign: { name: 'Campanha de outono', type: 'custom', template: 'Oi {{primeiro_nome}}!' } });
    await ask('inicia', {}, { toolUse: { name: 'campanha_iniciar', input: { campanhaId: c.id } } }, { text: 'Confirme.' });
    const p = lastPreview(e.slack)!;
    failFinish = 1;
    await confirm(p);
    await waitFor(async () => (await q<{ status: string }>(`select status from campaigns where id = $1`, [c.id]))[0]!.status !== 'draft', { what: 'the start', timeoutMs: 15_000 });
    await settle(500);
    expect(await status(p.actionId)).toBe('executing');
    await q(`update slack_pending_actions set lease_until = now() - interval '1 second' where id = $1`, [p.actionId]);
    await sweep();
    await waitFor(async () => (await status(p.actionId)) === 'failed', { what: 'the interrupted action', timeoutMs: 15_000 });
    await settle(500);
    expect(await audits(p.actionId)).toEqual([{ result: expect.objectContaining({ interrupted: true }) }]);
    // Started once: the campaign tick may already have run it, so any state after 'scheduled' counts.
    expect((await q<{ n: number }>(`select count(*)::int n from campaigns where id = $1 and status in ('scheduled', 'running', 'completed')`, [c.id]))[0]!.n).toBe(1);
    expect(JSON.stringify(message(p.ts)?.blocks)).toContain('interrompida');
  }, 60_000);

  it('a preview left by a failed turn is withdrawn; "tente de novo" sends the message once', async () => {
    const doctor = await doctorWhoWrote('5511980000092');
    const text = 'Oi! A gestão quer confirmar seu interesse no plantão noturno.';
    const before = e.slack.posted().length;
    admin.push({ toolUse: { name: 'enviar_mensagem', input: { medicoId: doctor, texto: text } } }, { status: 400, error: { type: 'invalid_request_error', message: 'bad request' } });
    await post(mention('manda a pergunta pro médico'), 'application/json');
    await waitFor(() => e.slack.posted().some((m) => m.text?.startsWith('Não consegui processar')), { what: 'the failure reply', timeoutMs: 20_000 });
    const [row] = await q<{ id: string; message_ts: string; channel: string }>(`select id, message_ts, channel from slack_pending_actions where tool = 'enviar_mensagem' and input->>'medicoId' = $1`, [doctor]);
    const stale = { actionId: row!.id, ts: row!.message_ts, channel: row!.channel };
    expect(e.slack.posted().slice(before).map((m) => m.ts)).toContain(stale.ts);
    expect(await status(stale.actionId)).toBe('cancelled');
    expect(message(stale.ts)?.text).toMatch(/^Cancelada/);
    expect(JSON.stringify(message(stale.ts)?.blocks)).not.toContain('julia_confirm');

    await ask('tente de novo', {}, { toolUse: { name: 'enviar_mensagem', input: { medicoId: doctor, texto: text } } }, { text: 'Confirme.' });
    const fresh = lastPreview(e.slack)!;
    expect(fresh.actionId).not.toBe(stale.actionId);
    // The stale preview's button (still on a client that did not refresh) confirms nothing.
    await Promise.all([confirm(stale), confirm(fresh)]);
    await waitFor(() => sends(text) === 1, { what: 'the send', timeoutMs: 20_000 });
    await settle(1_500);
    expect(sends(text)).toBe(1);
    expect(await status(stale.actionId)).toBe('cancelled');
    expect(await status(fresh.actionId)).toBe('done');
  }, 90_000);

  it('one message confirmed through two previews (two requests, clicked at once) reaches the doctor once', async () => {
    const doctor = await doctorWhoWrote('5511980000093');
    const text = 'Oi, tudo bem? Temos um plantão extra amanhã às 19h.';
    await ask('manda o aviso', { ts: `${Date.now() / 1000}` }, { toolUse: { name: 'enviar_mensagem', input: { medicoId: doctor, texto: text } } }, { text: 'Confirme.' });
    const a = lastPreview(e.slack)!;
    await ask('manda o aviso do plantão extra', { ts: `${Date.now() / 1000 + 1}` }, { toolUse: { name: 'enviar_mensagem', input: { medicoId: doctor, texto: `${text} ` } } }, { text: 'Confirme.' });
    const b = lastPreview(e.slack)!;
    expect(b.actionId).not.toBe(a.actionId);
    await Promise.all([confirm(a), confirm(b), confirm(a)]);
    await waitFor(async () => !['pending', 'executing'].includes(await status(a.actionId)) && !['pending', 'executing'].includes(await status(b.actionId)), { what: 'both decided', timeoutMs: 20_000 });
    await waitFor(() => sends(text) === 1, { what: 'the send', timeoutMs: 20_000 });
    await settle(2_000);
    expect(sends(text)).toBe(1);
    expect([await status(a.actionId), await status(b.actionId)].sort()).toEqual(['cancelled', 'done']);
    expect((await audits(a.actionId)).length + (await audits(b.actionId)).length).toBe(1);
    const refused = (await status(a.actionId)) === 'cancelled' ? a : b;
    expect(JSON.stringify(message(refused.ts)?.blocks)).toContain('já foi confirmada');
  }, 90_000);
});
