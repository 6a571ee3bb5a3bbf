import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../src/campaigns/index.js';
import { createFlagStore, type FlagStore } from '../../src/flags/index.js';
import { verifyTimestampedHmac } from '../../src/http/webhooks/hmac.js';
import { silentLogger } from '../../src/shared/index.js';
import { testRedis } from '../helpers/test-redis.js';
import { startGoogleDocsFake, type GoogleDocsFake } from '../fakes/index.js';
import { waitFor } from '../helpers/wait-for.js';
import { settle, startE2E, type E2E } from './e2e-harness.js';
import { adminScript, click, isAdminCall, lastPreview, mention, signedSlack, slashCommand, toolResultJson } from './slack-helpers.js';

// Slack's own example (api.slack.com/authentication/verifying-requests-from-slack), from 2018.
const DOC = {
  secret: '8f742231b10e8888abcd99yyyzzz85a5',
  timestamp: '1531420618',
  body: 'token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c',
  signature: 'v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503',
};

describe('Slack: managers steer Júlia', () => {
  let e: E2E;
  let docs: GoogleDocsFake;
  const admin = adminScript();
  beforeAll(async () => {
    docs = await startGoogleDocsFake();
    e = await startE2E({
      anthropic: (body) => (isAdminCall(body) ? admin.next() : { text: `Oi! Tenho plantões sim (${Math.random().toString(36).slice(2, 6)}).` }),
      env: { GOOGLE_DOCS_BASE_URL: docs.url, SLACK_SIGNING_SECRET: 'slack-secret' },
    });
  });
  afterAll(async () => {
    await e.close();
    await docs.close();
  });
  beforeEach(() => {
    admin.steps.length = 0;
  });
  const post = (init: ReturnType<typeof signedSlack>) => e.app.http.request('/webhooks/slack', init);
  const json = (raw: string, opts?: Parameters<typeof signedSlack>[2]) => post(signedSlack(raw, 'application/json', opts));
  const form = (raw: string, opts?: Parameters<typeof signedSlack>[2]) => post(signedSlack(raw, 'application/x-www-form-urlencoded', opts));
  const adminCalls = () => e.anthropic.calls().filter(isAdminCall);
  const q = async <T>(sql: string, params: unknown[] = []) => (await e.db.pg.query<T>(sql, params)).rows;
  const doctor = async (name: string) => (await q<{ id: string }>(`select id from doctors where name = $1`, [name]))[0]!.id;
  /** A mention whose model turn is scripted; resolves once Júlia answered in the thread. */
  async function ask(text: string, ...steps: Parameters<typeof admin.push>) {
    admin.push(...steps);
    const before = e.slack.posted().length;
    const calls = adminCalls().length;
    expect((await json(mention(text))).status).toBe(200);
    await waitFor(() => admin.steps.length === 0 && adminCalls().length > calls && e.slack.posted().length > before, { what: `answer to "${text}"`, timeoutMs: 20_000 });
    await settle(300);
  }
  /** The JSON a tool returned to the model in the latest round. */
  function lastToolResult(): { content: unknown; isError: boolean } {
    const msgs = adminCalls().at(-1)!.messages;
    const blocks = msgs.at(-1)!.content as Array<{ type: string; content?: string; is_error?: boolean }>;
    const r = blocks.find((b) => b.type === 'tool_result')!;
    return { content: toolResultJson(r.content!), isError: r.is_error === true };
  }
  async function confirm(opts: { user?: string } = {}) {
    const p = lastPreview(e.slack)!;
    expect(p).toBeDefined();
    const res = await form(click(p.actionId, { messageTs: p.ts, channel: p.channel, ...(opts.user ? { user: opts.user } : {}) }));
    expect(res.status).toBe(200);
    return p;
  }
  const actionStatus = async (id: string) => (await q<{ status: string }>(`select status from slack_pending_actions where id = $1`, [id]))[0]!.status;
  const waitDone = (id: string) => waitFor(async () => ['done', 'failed'].includes(await actionStatus(id)), { what: 'the confirmed write', timeoutMs: 15_000 });

  describe('signatures', () => {
    it("refuses Slack's documented example as stale; the same check admits it at its own time", async () => {
      expect(verifyTimestampedHmac({ secret: DOC.secret, signature: DOC.signature, timestamp: DOC.timestamp, base: (ts) => `v0:${ts}:${DOC.body}`, prefix: 'v0=', nowMs: Number(DOC.timestamp) * 1000 })).toBe('ok');
      const res = await e.app.http.request('/webhooks/slack', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-slack-signature': DOC.signature, 'x-slack-request-timestamp': DOC.timestamp },
        body: DOC.body,
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ reason: 'stale' });
    });

    it('answers a fresh url_verification and refuses tampered, unsigned, wrong-secret and 6-minute-old requests', async () => {
      const challenge = JSON.stringify({ type: 'url_verification', challenge: 'abc123' });
      const ok = await json(challenge);
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({ challenge: 'abc123' });
      const tampered = signedSlack(challenge, 'application/json');
      expect((await post({ ...tampered, body: tampered.body.replace('abc123', 'abc124') })).status).toBe(401);
      expect((await e.app.http.request('/webhooks/slack', { method: 'POST', headers: { 'content-type': 'application/json' }, body: challenge })).status).toBe(401);
      expect((await json(challenge, { secret: 'other-secret' })).status).toBe(401);
      expect((await json(challenge, { timestamp: Math.floor(Date.now() / 1000) - 360 })).status).toBe(401);
    });

    it('an event Slack retries (and a replayed request) is handled once', async () => {
      admin.push({ text: 'Tudo certo por aqui.' });
      const raw = mention('oi', { eventId: 'EvRETRY1' });
      const calls = adminCalls().length;
      const [a, b] = await Promise.all([json(raw), json(raw, { headers: { 'x-slack-retry-num': '1', 'x-slack-retry-reason': 'http_timeout' } })]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect((await json(raw)).status).toBe(200);
      await waitFor(() => e.slack.posted().some((p) => p.text === 'Tudo certo por aqui.'), { what: 'the reply', timeoutMs: 15_000 });
      await settle(1_000);
      expect(adminCalls().length - calls).toBe(1);
      expect(e.slack.posted().filter((p) => p.text === 'Tudo certo por aqui.')).toHaveLength(1);
    });

    it('a /julia command whose work takes 10 s is acknowledged at once and answered later', async () => {
      admin.push({ text: 'Relatório pronto (demorei).', delayMs: 10_000 });
      const started = Date.now();
      const res = await form(slashCommand('relatório completo'));
      const ackMs = Date.now() - started;
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ response_type: 'ephemeral' });
      expect(ackMs).toBeLessThan(3_000);
      expect(e.slack.posted().some((p) => p.text === 'Relatório pronto (demorei).')).toBe(false);
      await waitFor(() => e.slack.posted().some((p) => p.text === 'Relatório pronto (demorei).'), { what: 'the slow answer', timeoutMs: 30_000 });
    }, 40_000);
  });

  it('tells the manager when the model cannot be reached instead of staying silent', async () => {
    admin.push({ status: 400, error: { type: 'invalid_request_error', message: 'bad request' } });
    expect((await json(mention('quantos médicos responderam hoje?'))).status).toBe(200);
    await waitFor(() => e.slack.posted().some((p) => p.text === 'Não consegui processar esse pedido agora. Tente de novo em instantes.' && p.thread_ts), { what: 'the failure reply', timeoutMs: 20_000 });
  });

  describe('tools through the scripted model', () => {
    it('metrics, doctors, history, shifts, status and hand-offs are read at once and chain in a session', async () => {
      const camila = await doctor('Dra. Camila Rocha');
      const reads: Array<[string, unknown, (r: unknown) => void]> = [
        ['buscar_metricas', { periodo: 'hoje' }, (r) => expect(r).toMatchObject({ periodo: 'hoje', reservas: expect.any(Number) })],
        ['comparar_periodos', { atual: 'hoje', anterior: 'ontem' }, (r) => expect(r).toHaveProperty('mensagensRecebidas.diferenca')],
        ['buscar_medico', { busca: 'Camila' }, (r) => expect(r).toEqual([expect.objectContaining({ id: camila, nome: 'Dra. Camila Rocha' })])],
        ['listar_medicos', { limite: 3 }, (r) => expect(r).toHaveLength(3)],
        ['buscar_historico', { medicoId: camila }, (r) => expect(Array.isArray(r)).toBe(true)],
        ['buscar_vagas', { dias: 30 }, (r) => expect((r as unknown[]).length).toBeGreaterThan(0)],
        ['status_sistema', {}, (r) => expect(r).toMatchObject({ pausada: false, handoffsAbertos: 0 })],
        ['buscar_handoffs', {}, (r) => expect(r).toEqual([])],
        ['listar_diretrizes', {}, (r) => expect(r).toEqual([])],
        ['campanha_status', {}, (r) => expect(Array.isArray(r)).toBe(true)],
      ];
      for (const [name, input, check] of reads) {
        await ask(`use ${name}`, { toolUse: { name, input } }, { text: `feito: ${name}` });
        const r = lastToolResult();
        expect(r.isError, `${name}: ${JSON.stringify(r.content)}`).toBe(false);
        check(r.content);
      }
      // The session keeps the conversation: "e ontem?" reaches the model after the earlier turns.
      await ask('e ontem?', { toolUse: { name: 'buscar_metricas', input: { periodo: 'ontem' } } }, { text: 'ontem: zero' });
      const first = adminCalls().at(-2)!.messages;
      expect(JSON.stringify(first)).toContain('feito: campanha_status');
      expect(e.slack.posted().at(-1)).toMatchObject({ text: 'ontem: zero', thread_ts: expect.any(String) });
    }, 120_000);

    it('writes post a preview and run only on the button: block, unblock, message, reservation, campaigns, briefing, directives', async () => {
      const rafael = await doctor('Dr. Rafael Nogueira');
      const shift = (await q<{ id: string }>(`select id from shifts where status = 'open' order by starts_at limit 1`))[0]!.id;
      const state = async () => (await q<{ permission_state: string }>(`select permission_state from doctor_state where doctor_id = $1`, [rafael]))[0]!.permission_state;

      await ask('bloqueia o Rafael', { toolUse: { name: 'bloquear_medico', input: { medicoId: rafael, motivo: 'pediu pausa' } } }, { text: 'Confirme no botão.' });
      expect(lastToolResult().content).toMatchObject({ aguardandoConfirmacao: true });
      expect(await state()).toBe('opted_in');
      await waitDone((await confirm()).actionId);
      expect(await state()).toBe('opted_out');

      // An opted-out doctor: without a bypass reason there is no preview at all.
      await ask('manda oi pro Rafael', { toolUse: { name: 'enviar_mensagem', input: { medicoId: rafael, texto: 'Oi Rafael!' } } }, { text: 'Ele tem opt-out.' });
      expect(lastToolResult()).toMatchObject({ isError: true });
      await ask('desbloqueia', { toolUse: { name: 'desbloquear_medico', input: { medicoId: rafael } } }, { text: 'Confirme.' });
      await waitDone((await confirm()).actionId);
      expect(await state()).toBe('opted_in');

      await ask('manda oi', { toolUse: { name: 'enviar_mensagem', input: { medicoId: rafael, texto: 'Oi Dr. Rafael, aqui é da gestão.' } } }, { text: 'Confirme.' });
      await waitDone((await confirm()).actionId);
      // Through the one way out as COMMAND by this manager. When it leaves is the wrapper's call (hours, pacing): outside
      // business hours the job waits in the queue; inside them the in-process worker may already have sent it, and a
      // finished outbound job is dropped, so then the wrapper's own record is what shows who sent it and how.
      const viaCommand = await waitFor(async () => {
        const jobs = await e.app.queues.queues.outbound.getJobs(['waiting', 'delayed', 'active', 'completed']);
        const queued = jobs.map((j) => j.data as { ctx: { method: string; actor: string; doctorId: string }; text: string }).find((d) => d.text === 'Oi Dr. Rafael, aqui é da gestão.');
        if (queued) return queued.ctx;
        const [recorded] = await q<{ method: string; actor: string; doctor_id: string }>(`select method, actor, doctor_id from outbound_messages where doctor_id = $1 and method = 'COMMAND'`, [rafael]);
        return recorded ? { method: recorded.method, actor: recorded.actor, doctorId: recorded.doctor_id } : undefined;
      }, { what: 'the COMMAND message in the outbound queue or its record' });
      expect(viaCommand).toMatchObject({ method: 'COMMAND', actor: 'slack:UMANAGER1', doctorId: rafael });

      await ask('reserva', { toolUse: { name: 'reservar_vaga', input: { vagaId: shift, medicoId: rafael } } }, { text: 'Confirme.' });
      // The preview names the shift and the doctor in words, never only ids.
      expect(lastPreview(e.slack)!.text).toMatch(/^Confirma\? Reservar a vaga .+, \d{2}\/\d{2}.*R\$ [\d.,]+ para Dr\. Rafael Nogueira \(final 0002\)\.$/);
      await waitDone((await confirm()).actionId);
      expect((await q<{ reserved_by: string }>(`select reserved_by from shifts where id = $1`, [shift]))[0]!.reserved_by).toBe(rafael);

      await ask('liga campanhas', { toolUse: { name: 'toggle_campanhas', input: { ligar: true } } }, { text: 'Confirme.' });
      await waitDone((await confirm()).actionId);
      expect((await e.app.deps.flags.get()).campaigns.enabled).toBe(true);

      await ask('cria campanha', { toolUse: { name: 'campanha_criar', input: { nome: 'Reativação leste', tipo: 'reativacao', texto: 'Oi {{primeiro_nome}}, voltamos com plantões na zona leste!', regiao: 'zona leste' } } }, { text: 'Confirme.' });
      await waitDone((await confirm()).actionId);
      const campaign = (await q<{ id: string; status: string }>(`select id, status from campaigns where name = 'Reativação leste'`))[0]!;
      expect(campaign.status).toBe('draft');
      await ask('inicia', { toolUse: { name: 'campanha_iniciar', input: { campanhaId: campaign.id } } }, { text: 'Confirme.' });
      await waitDone((await confirm()).actionId);
      await ask('pausa', { toolUse: { name: 'campanha_pausar', input: { campanhaId: campaign.id } } }, { text: 'Confirme.' });
      await waitDone((await confirm()).actionId);
      expect((await q<{ status: string }>(`select status from campaigns where id = $1`, [campaign.id]))[0]!.status).toBe('paused');

      const link = docs.publish('1BriefingSemana47abc', 'Briefing da semana\n\nPrioridades\n- Fechar os noturnos de sábado no Santa Clara\n\nNão dizer\n- Não prometer pagamento em 7 dias\n');
      await ask('processa o briefing', { toolUse: { name: 'processar_briefing', input: { url: link, validadeDias: 7 } } }, { text: 'Confirme.' });
      expect(lastPreview(e.slack)!.text).toContain('Não prometer pagamento em 7 dias');
      // Edited after the preview: the click stores what the manager saw, not the new text.
      docs.publish('1BriefingSemana47abc', 'Prioridades\n- Outra prioridade que ninguém confirmou\n');
      await waitDone((await confirm()).actionId);
      const directives = await q<{ id: string; kind: string; text: string }>(`select id, kind, text from manager_directives order by created_at, kind`);
      expect(directives.map((d) => [d.kind, d.text])).toEqual(
        expect.arrayContaining([['prioridade', 'Fechar os noturnos de sábado no Santa Clara'], ['evitar', 'Não prometer pagamento em 7 dias']]),
      );
      expect(directives.some((d) => d.text.includes('ninguém confirmou'))).toBe(false);

      // The next doctor turn reads them in its prompt.
      await e.post((await import('../helpers/evolution-fixture.js')).evolutionPayload('text-conversation', { id: 'SL-1', text: 'tem plantão?', remoteJid: '5511980000031@s.whatsapp.net' }));
      await waitFor(() => e.anthropic.calls().some((c) => !isAdminCall(c) && JSON.stringify(c.system).includes('Não prometer pagamento em 7 dias')), { what: 'directives in the prompt', timeoutMs: 20_000 });

      const evitar = directives.find((d) => d.kind === 'evitar')!;
      await ask('revoga', { toolUse: { name: 'revogar_diretriz', input: { diretrizId: evitar.id } } }, { text: 'Confirme.' });
      await waitDone((await confirm()).actionId);
      expect((await q(`select 1 from manager_directives where revoked_at is not null`))).toHaveLength(1);
      // Every executed write is in the audit log with the Slack user.
      const audit = await q<{ slack_user: string; tool: string }>(`select slack_user, tool from admin_audit_log order by id`);
      expect(audit.map((a) => a.tool)).toEqual([
        'bloquear_medico', 'desbloquear_medico', 'enviar_mensagem', 'reservar_vaga', 'toggle_campanhas',
        'campanha_criar', 'campanha_iniciar', 'campanha_pausar', 'processar_briefing', 'revogar_diretriz',
      ]);
      expect(new Set(audit.map((a) => a.slack_user))).toEqual(new Set(['UMANAGER1']));
    }, 240_000);
  });

  describe('confirmation', () => {
    it('a write runs only from the same manager\'s button, never from "ok", never twice, never after expiry', async () => {
      const lucas = (await q<{ id: string }>(`select id from doctors order by phone desc limit 1`))[0]!.id;
      const state = async () => (await q<{ permission_state: string }>(`select permission_state from doctor_state where doctor_id = $1`, [lucas]))[0]!.permission_state;
      const auditCount = async () => Number((await q<{ n: string }>(`select count(*) n from admin_audit_log where input->>'medicoId' = $1`, [lucas]))[0]!.n);
      await ask('bloqueia', { toolUse: { name: 'bloquear_medico', input: { medicoId: lucas, motivo: 'teste de confirmação' } } }, { text: 'Confirme no botão.' });
      const p = lastPreview(e.slack)!;
      // Free text never confirms: the model may even say "feito", nothing runs.
      await ask('ok', { text: 'Ok! Só falta o botão.' });
      await ask('s', { text: 'Preciso do clique no botão.' });
      expect(await state()).toBe('opted_in');
      // Another manager's click is refused.
      await form(click(p.actionId, { messageTs: p.ts, channel: p.channel, user: 'UMANAGER2' }));
      await waitFor(() => e.slack.posted().some((m) => m.text === 'Só quem pediu a ação pode confirmá-la.'), { what: 'refusal' });
      expect(await actionStatus(p.actionId)).toBe('pending');
      // A double click (two interactions) and Slack's retry of one: executed once.
      const once = click(p.actionId, { messageTs: p.ts, channel: p.channel });
      await Promise.all([form(once), form(once), form(click(p.actionId, { messageTs: p.ts, channel: p.channel }))]);
      await waitDone(p.actionId);
      await settle(1_000);
      expect(await state()).toBe('opted_out');
      expect(await auditCount()).toBe(1);
      expect(await actionStatus(p.actionId)).toBe('done');
      // An expired preview never runs.
      await ask('desbloqueia', { toolUse: { name: 'desbloquear_medico', input: { medicoId: lucas } } }, { text: 'Confirme.' });
      const late = lastPreview(e.slack)!;
      await q(`update slack_pending_actions set expires_at = now() - interval '1 second' where id = $1`, [late.actionId]);
      await form(click(late.actionId, { messageTs: late.ts, channel: late.channel }));
      await waitFor(() => e.slack.posted().some((m) => m.text?.startsWith('Essa confirmação expirou')), { what: 'expiry notice' });
      expect(await state()).toBe('opted_out');
      expect(await actionStatus(late.actionId)).toBe('pending');
    }, 120_000);
  });

  describe('kill switches', () => {
    it('pausar_julia stops campaigns in a second process within a second and is announced; retomar_julia resumes', async () => {
      // "Process B": its own Redis connections and flag store over the same database and prefix.
      const [redisB, subB] = [testRedis(), testRedis()];
      const flagsB: FlagStore = createFlagStore({ db: e.app.deps.db, redis: redisB, subscriber: subB, prefix: e.app.deps.redisPrefix, logger: silentLogger });
      await flagsB.start();
      const dispatcherB = createDispatcher({
        db: e.app.deps.db, clock: e.app.deps.clock, logger: silentLogger, flags: flagsB, outbound: e.app.deps.outbound,
        instances: ['julia-prod'], remaining: async () => ({ 'julia-prod': 0 }), withdraw: async () => [],
      });
      try {
        await flagsB.get(); // warm B's cache: the change must reach it through invalidation, not a cold read
        await ask('pausa tudo', { toolUse: { name: 'pausar_julia', input: { motivo: 'incidente no WhatsApp' } } }, { text: 'Confirme.' });
        const p = await confirm();
        await waitDone(p.actionId);
        const applied = Date.now();
        await waitFor(async () => (await flagsB.get()).safeMode.enabled, { what: 'safe_mode in process B', timeoutMs: 1_000 });
        expect(Date.now() - applied).toBeLessThan(1_000);
        expect((await dispatcherB.tick()).skipped).toBe('safe_mode');
        expect((await e.app.deps.flags.get()).safeMode.enabled).toBe(true);
        // Automatic replies stop: the doctor's message is stored, Júlia's answer never leaves.
        const { evolutionPayload } = await import('../helpers/evolution-fixture.js');
        const sentBefore = e.evolution.sentTexts().length;
        await e.post(evolutionPayload('text-conversation', { id: 'KS-1', text: 'oi, tem plantão amanhã?', remoteJid: '5511980000077@s.whatsapp.net' }));
        await waitFor(async () => (await q(`select 1 from outbound_messages where phone = '5511980000077' and rule = 'R4b_safe_mode'`)).length > 0, { what: 'the paused reply', timeoutMs: 20_000 });
        expect(e.evolution.sentTexts().length).toBe(sentBefore);
        expect(e.slack.posted().some((m) => m.channel === 'C-ALERTS' && m.text?.includes('Júlia pausada por <@UMANAGER1>'))).toBe(true);

        await ask('pode voltar', { toolUse: { name: 'retomar_julia', input: {} } }, { text: 'Confirme.' });
        await waitDone((await confirm()).actionId);
        await waitFor(async () => !(await flagsB.get()).safeMode.enabled, { what: 'resume in process B', timeoutMs: 1_000 });
        expect((await dispatcherB.tick()).skipped).not.toBe('safe_mode');
        await e.post(evolutionPayload('text-conversation', { id: 'KS-2', text: 'e aí?', remoteJid: '5511980000077@s.whatsapp.net' }));
        await waitFor(() => e.evolution.sentTexts().some((t) => t.number.includes('5511980000077')), { what: 'Júlia answers again', timeoutMs: 20_000 });
        expect(e.slack.posted().some((m) => m.channel === 'C-ALERTS' && m.text?.includes('Júlia retomada'))).toBe(true);
      } finally {
        await flagsB.close();
        redisB.disconnect();
        subB.disconnect();
      }
    }, 60_000);
  });
});
