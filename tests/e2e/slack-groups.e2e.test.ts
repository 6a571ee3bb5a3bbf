import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowGroup } from '../helpers/group-access.js';
import { evolutionPayload } from '../helpers/evolution-fixture.js';
import { waitFor } from '../helpers/wait-for.js';
import { settle, startE2E, type E2E } from './e2e-harness.js';
import { adminScript, click, isAdminCall, lastPreview, mention, signedSlack, toolResultJson } from './slack-helpers.js';

/** The group-review tools (issue 12) through the managers' agent (issue 11): reads at once, approve only on the button. */
describe('Slack: reviewing shifts found in WhatsApp groups', () => {
  let e: E2E;
  const admin = adminScript();
  beforeAll(async () => {
    e = await startE2E({ anthropic: (body) => (isAdminCall(body) ? admin.next() : { text: 'Oi!' }), env: { SLACK_SIGNING_SECRET: 'slack-secret' } });
  });
  afterAll(async () => e.close());
  const q = async <T>(sql: string, params: unknown[] = []) => (await e.db.pg.query<T>(sql, params)).rows;
  const adminCalls = () => e.anthropic.calls().filter(isAdminCall);
  async function ask(text: string, ...steps: Parameters<typeof admin.push>) {
    admin.push(...steps);
    const [before, calls] = [e.slack.posted().length, adminCalls().length];
    const res = await e.app.http.request('/webhooks/slack', signedSlack(mention(text), 'application/json'));
    expect(res.status).toBe(200);
    await waitFor(() => admin.steps.length === 0 && adminCalls().length > calls && e.slack.posted().length > before, { what: `answer to "${text}"`, timeoutMs: 20_000 });
    await settle(300);
  }
  function lastToolResult(): unknown {
    const blocks = adminCalls().at(-1)!.messages.at(-1)!.content as Array<{ type: string; content?: string }>;
    return toolResultJson(blocks.find((b) => b.type === 'tool_result')!.content!);
  }

  it('lists the shift waiting for review, and opens it only when the manager clicks Confirm', async () => {
    // A post with a value outside R$ 100–10,000, in a group a manager allowed: the pipeline holds it for review.
    await allowGroup(e.db, '1203@g.us');
    const saved = await e.db.rpc<{ id: string }>('group_message_save', {
      p_message: { instance: 'j1', providerMessageId: 'g-slack-1', chatJid: '1203@g.us', phone: '5511944443333', kind: 'text', text: 'Esperança Osasco UTI 19h-07h R$ 12.000', sentAt: new Date().toISOString() },
    });
    const day = new Date(Date.now() + 5 * 86_400_000);
    const at = (h: number, add = 0) => new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + add, h)).toISOString();
    await e.db.rpc('group_message_finish', {
      p_message_id: saved.id, p_outcome: 'parsed', p_reason: null, p_now: new Date(),
      p_shifts: [{ hospital: 'Esperança Osasco', specialty: 'UTI', startsAt: at(22), endsAt: at(10, 1), valueCents: 1_200_000, contact: null }],
    });

    await ask('tem vaga de grupo pra revisar?', { toolUse: { name: 'listar_vagas_revisao', input: {} } }, { text: 'Uma, de R$ 12.000.' });
    const listed = lastToolResult() as Array<{ id: string; reason: string; value_cents: number }>;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ reason: 'valor_fora_da_faixa', value_cents: 1_200_000 });
    const id = listed[0]!.id;

    await ask('status da fila', { toolUse: { name: 'status_fila_grupos', input: {} } }, { text: 'Fila vazia.' });
    expect(lastToolResult()).toBeTypeOf('object');

    const openShifts = async () => (await q<{ n: number }>(`select count(*)::int as n from shifts where status = 'open' and value_cents = 1200000`))[0]!.n;
    await ask('aprova essa', { toolUse: { name: 'aprovar_vaga_grupo', input: { id } } }, { text: 'Confirme no botão.' });
    expect(lastToolResult()).toMatchObject({ aguardandoConfirmacao: true });
    const preview = lastPreview(e.slack)!;
    expect(preview.text).toContain('R$ 12.000,00');
    expect(await openShifts()).toBe(0);

    // Typed "ok" never confirms; the button does, once, even clicked twice.
    await ask('ok');
    expect(await openShifts()).toBe(0);
    for (let i = 0; i < 2; i++) {
      const res = await e.app.http.request('/webhooks/slack', signedSlack(click(preview.actionId, { messageTs: preview.ts, channel: preview.channel }), 'application/x-www-form-urlencoded'));
      expect(res.status).toBe(200);
    }
    await waitFor(async () => (await openShifts()) === 1, { what: 'the approved shift opened', timeoutMs: 15_000 });
    await settle(500);
    expect(await openShifts()).toBe(1);
    const audit = await q<{ tool: string; slack_user: string }>(`select tool, slack_user from admin_audit_log`);
    expect(audit).toEqual([{ tool: 'aprovar_vaga_grupo', slack_user: 'UMANAGER1' }]);
  }, 120_000);

  it('a manager allows and trusts a group only through the button; its posts are then read', async () => {
    const GROUP = '120363777000001@g.us';
    const access = async () => q<{ trusted: boolean; allowed_by: string }>('select trusted, allowed_by from group_access where group_jid = $1', [GROUP]);
    // Before: a post from the group is kept and not read.
    await e.post({ ...groupPost('G-ACCESS-1') });
    await waitFor(async () => (await q(`select 1 from group_messages where provider_message_id = 'G-ACCESS-1' and status = 'ignored'`)).length === 1, { what: 'the ignored post' });

    await ask('confia no grupo 120363777000001, é o da escala ABC', { toolUse: { name: 'grupos_permitir', input: { grupo: '120363777000001', acao: 'confiar', nome: 'Escala ABC' } } }, { text: 'Confirme no botão.' });
    expect(lastToolResult()).toMatchObject({ aguardandoConfirmacao: true });
    const preview = lastPreview(e.slack)!;
    expect(preview.text).toContain(GROUP);
    expect(preview.text).toMatch(/sem revisão/);
    expect(await access()).toEqual([]);
    const res = await e.app.http.request('/webhooks/slack', signedSlack(click(preview.actionId, { messageTs: preview.ts, channel: preview.channel }), 'application/x-www-form-urlencoded'));
    expect(res.status).toBe(200);
    await waitFor(async () => (await access()).length === 1, { what: 'the group allowed', timeoutMs: 15_000 });
    expect(await access()).toEqual([{ trusted: true, allowed_by: 'slack:UMANAGER1' }]);
    expect(await q(`select tool, slack_user from admin_audit_log where tool = 'grupos_permitir'`)).toEqual([{ tool: 'grupos_permitir', slack_user: 'UMANAGER1' }]);

    // The listing the tool points to shows it.
    await ask('quais grupos você lê?', { toolUse: { name: 'status_fila_grupos', input: {} } }, { text: 'Um grupo.' });
    expect((lastToolResult() as { grupos: { allowed: Array<{ group_jid: string; trusted: boolean }> } }).grupos.allowed).toContainEqual(expect.objectContaining({ group_jid: GROUP, trusted: true, label: 'Escala ABC' }));
    // After: a post from it is read (no longer stored as ignored).
    await e.post({ ...groupPost('G-ACCESS-2') });
    await waitFor(async () => (await q(`select 1 from group_messages where provider_message_id = 'G-ACCESS-2' and status <> 'ignored'`)).length === 1, { what: 'the read post' });

    function groupPost(id: string) {
      const body = evolutionPayload('group', { id, text: 'Plantão CM Hospital Santa Clara amanhã 19h às 07h R$ 1.500' });
      body.data.key.remoteJid = GROUP;
      return body;
    }
  }, 120_000);
});
