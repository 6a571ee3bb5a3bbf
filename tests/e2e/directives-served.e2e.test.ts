import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDb } from '../../src/db/index.js';
import { startGoogleDocsFake, startSlackFake, type AnthropicCall, type AnthropicStep, type GoogleDocsFake, type SlackFake } from '../fakes/index.js';
import { evolutionPayload } from '../helpers/evolution-fixture.js';
import { waitFor } from '../helpers/wait-for.js';
import { userText } from './offer-script.js';
import { startServed, type Served } from './served.js';
import { click, isAdminCall, lastPreview, mention, SLACK_SECRET, signedSlack } from './slack-helpers.js';

const DOC = '1BriefingDiario000abc';
const MARGIN_TEXT = 'Margem do Santa Clara no noturno combinada com a diretoria';
const CLARA = '5511976543101';
const SANTANA = '5511976543102';

interface Vaga { ref: string; data: string; hospital: string; periodo: string; valor_maximo_autorizado?: string }
/** The system prompts of the agent's own rounds (the detectors' calls carry no conversation context). */
const agentSystems = (calls: AnthropicCall[]) => calls.map((c) => JSON.stringify(c.system)).filter((sys) => sys.includes('# Contexto desta conversa'));
const reais = (brl: string) => Number(brl.replace(/[^\d,]/g, '').replace(',', '.'));

/**
 * Issue 28 (scoped directives, margins, briefing sync) through a started
 * `julia serve` with the demo shifts and loopback Slack, Anthropic, Evolution
 * and Google Docs fakes.
 */
describe('scoped directives and the briefing sync through a started service', () => {
  let s: Served;
  let slack: SlackFake;
  let docs: GoogleDocsFake;
  const admin: AnthropicStep[] = [];
  // What the scripted doctor-side model chose to push for: the night shift and a value above its ceiling.
  let target: { ref: string; data: string; tooHigh: number; ceiling: string } | undefined;
  const toolsTried: string[] = [];

  function doctorModel(body: AnthropicCall): AnthropicStep {
    const last = body.messages.at(-1)!;
    const result = Array.isArray(last.content) ? last.content.find((b) => b.type === 'tool_result') : undefined;
    if (result) {
      const r = JSON.parse(String(result['content'])) as { vagas?: Vaga[]; erro?: string; valor_maximo_autorizado?: string };
      if (r.vagas) {
        const v = r.vagas.find((x) => x.valor_maximo_autorizado) ?? r.vagas[0];
        if (!v) return { text: 'No momento não tenho vaga aberta' };
        if (v.valor_maximo_autorizado) target = { ref: v.ref, data: v.data, tooHigh: reais(v.valor_maximo_autorizado) + 500, ceiling: v.valor_maximo_autorizado };
        return { text: `Tenho no ${v.hospital}, ${v.data}, ${v.periodo}. Topa?` };
      }
      if (r.erro === 'acima_da_margem' && toolsTried.at(-1) === 'propor_valor') {
        toolsTried.push('reservar_plantao');
        // Ignores the refusal and tries to commit the value anyway.
        return { toolUse: { name: 'reservar_plantao', input: { data_plantao: target!.data, vaga_ref: target!.ref, valor: target!.tooHigh } } };
      }
      if (r.erro === 'acima_da_margem') return { text: `Consigo no máximo ${r.valor_maximo_autorizado}, topa?` };
      return { text: 'Certo!' };
    }
    const said = userText(body);
    if (/tem vaga no tatuape/i.test(said)) return { toolUse: { name: 'buscar_vagas', input: { regiao: 'Tatuapé', periodo: 'noturno' } } };
    if (/tem vaga em santana/i.test(said)) return { toolUse: { name: 'buscar_vagas', input: { regiao: 'Santana' } } };
    if (/5 mil/i.test(said) && target) {
      toolsTried.push('propor_valor');
      return { toolUse: { name: 'propor_valor', input: { vaga_ref: target.ref, valor: target.tooHigh } } };
    }
    return { text: 'Certo! Já vejo isso pra vc' };
  }

  beforeAll(async () => {
    slack = await startSlackFake({ token: 'xoxb-served' });
    docs = await startGoogleDocsFake();
    s = await startServed({ anthropic: (body) => (isAdminCall(body) ? (admin.shift() ?? { text: 'Certo.' }) : doctorModel(body)), seed: true });
    await s.start({
      SLACK_BOT_TOKEN: 'xoxb-served',
      SLACK_SIGNING_SECRET: SLACK_SECRET,
      SLACK_API_URL: `${slack.url}/api`,
      SLACK_ALERTS_CHANNEL: 'CALERTAS',
      GOOGLE_DOCS_BASE_URL: docs.url,
      BRIEFING_DOC_ID: DOC,
      // The doctors here write for the first time (registration `pendente`); what is tested is the margin.
      REGISTRATION_REQUIRED: 'off',
    });
  }, 120_000);
  afterAll(async () => {
    await s.close();
    await Promise.all([slack.close(), docs.close()]);
  });

  const postSlack = (raw: string, type: string) => fetch(`${s.url}/webhooks/slack`, signedSlack(raw, type));
  const doctorCalls = () => s.anthropic.calls().filter((c) => !isAdminCall(c));
  const sentTo = (phone: string) => s.evolution.sentTexts().filter((t) => t.number === phone);
  async function doctorSays(phone: string, id: string, text: string, replies: number) {
    expect((await s.post(evolutionPayload('text-conversation', { id, text, remoteJid: `${phone}@s.whatsapp.net` }))).status).toBe(200);
    await waitFor(() => sentTo(phone).length >= replies, { timeoutMs: 40_000, what: `reply ${replies} to ${phone} (sent: ${JSON.stringify(sentTo(phone).map((t) => t.text))})` });
  }

  it('a manager creates a directive for one hospital with a margin, behind the button; the preview says scope and limit in words', async () => {
    admin.push(
      { toolUse: { name: 'criar_diretriz', input: { texto: MARGIN_TEXT, tipo: 'hospital', escopo: 'hospital', hospital: 'Santa Clara', periodo: 'noturno', valorMaximo: 3500, validadeDias: 7 } } },
      { text: 'Confirme no botão.' },
    );
    const before = slack.posted().length;
    expect((await postSlack(mention('pode oferecer até 3.500 no noturno do Santa Clara'), 'application/json')).status).toBe(200);
    await waitFor(() => admin.length === 0 && slack.posted().length > before && Boolean(lastPreview(slack)), { timeoutMs: 30_000, what: 'the preview' });
    const p = lastPreview(slack)!;
    expect(p.text).toContain('para o Hospital Santa Clara, só plantões noturnos; a Júlia pode oferecer no máximo R$ 3.500,00');
    expect(p.text).toContain(MARGIN_TEXT);
    await postSlack(click(p.actionId, { messageTs: p.ts, channel: p.channel }), 'application/x-www-form-urlencoded');
    // The preview is replaced by its outcome once the action ran.
    await waitFor(() => slack.posted().find((m) => m.ts === p.ts)?.text !== p.text, { timeoutMs: 20_000, what: 'the confirmation' });
  }, 60_000);

  it('the directive reaches only the conversation with a Santa Clara shift in play, and the tools refuse a value above its margin', async () => {
    await doctorSays(CLARA, 'DIR-C1', 'oi, tem vaga no tatuape a noite?', 1);
    expect(target, 'buscar_vagas showed the ceiling of the night shift').toBeDefined();
    expect(target!.ceiling).toBe('R$ 3.500,00');
    const n = doctorCalls().length;
    await doctorSays(CLARA, 'DIR-C2', 'faz por 5 mil?', 2);
    const sawClara = doctorCalls().slice(n);
    // Every doctor-side call (the agent's rounds; detectors carry no context) shows it in the dynamic part.
    const line = `hospital (Hospital Santa Clara, plantões noturnos): ${MARGIN_TEXT} [margem: máximo R$ 3.500,00]`;
    expect(agentSystems(sawClara).length).toBeGreaterThan(0);
    expect(agentSystems(sawClara).every((sys) => sys.includes(line))).toBe(true);
    expect(toolsTried).toEqual(['propor_valor', 'reservar_plantao']);
    expect(sentTo(CLARA).at(-1)!.text).toContain('Consigo no máximo R$ 3.500,00');

    await doctorSays(SANTANA, 'DIR-S1', 'oi, tem vaga em santana?', 1);
    const m = doctorCalls().length;
    await doctorSays(SANTANA, 'DIR-S2', 'e qual paga mais?', 2);
    const santana = agentSystems(doctorCalls().slice(m));
    expect(santana.length).toBeGreaterThan(0);
    for (const sys of santana) expect(sys).not.toContain(MARGIN_TEXT);
  }, 120_000);

  it('the briefing sync, run twice at once, stores the document once and posts one difference to the managers\' channel', async () => {
    const scheduler = await s.queues.queues.scheduled.getJobScheduler('briefing-sync');
    expect(scheduler).toMatchObject({ pattern: '30 7 * * 1-5', tz: 'America/Sao_Paulo' });
    docs.publish(DOC, 'Prioridades\n- Fechar os plantões de sábado.\nHospital São Lucas de Santana: pode oferecer até R$ 2.900 no diurno\nNão dizer\n- Não prometer pagamento em 7 dias.\n');
    await Promise.all([
      s.queues.queues.scheduled.add('briefing-sync', {}, { jobId: 'briefing-sync-by-hand-1' }),
      s.queues.queues.scheduled.add('briefing-sync', {}, { jobId: 'briefing-sync-by-hand-2' }),
    ]);
    const syncPosts = () => slack.posted().filter((p) => p.channel === 'CALERTAS' && (p.text ?? '').startsWith('Briefing do dia sincronizado'));
    await waitFor(() => syncPosts().length >= 1, { timeoutMs: 30_000, what: 'the difference in the managers\' channel' });
    const done = async (id: string) => (await (await s.queues.queues.scheduled.getJob(id))?.getState()) === 'completed';
    await waitFor(async () => (await done('briefing-sync-by-hand-1')) && (await done('briefing-sync-by-hand-2')), { timeoutMs: 30_000, what: 'both runs' });
    await new Promise((r) => setTimeout(r, 1_500));
    expect(syncPosts()).toHaveLength(1);
    expect(syncPosts()[0]!.text).toContain('3 diretriz(es) nova(s), 0 revogada(s)');
    expect(syncPosts()[0]!.text).toContain('Hospital São Lucas de Santana, plantões diurnos');

    // The next Santana turn sees the briefing's hospital line; the Tatuapé one does not.
    const n = doctorCalls().length;
    await doctorSays(SANTANA, 'DIR-S3', 'e pra semana que vem?', 3);
    expect(agentSystems(doctorCalls().slice(n)).join('\n')).toContain('Hospital São Lucas de Santana: pode oferecer até R$ 2.900 no diurno');
    const k = doctorCalls().length;
    await doctorSays(CLARA, 'DIR-C3', 'e pra semana que vem?', 3);
    const clara = agentSystems(doctorCalls().slice(k));
    expect(clara.length).toBeGreaterThan(0);
    expect(clara.join('\n')).not.toContain('São Lucas de Santana: pode oferecer');
    expect(clara.join('\n')).toContain('prioridade: Fechar os plantões de sábado.');
  }, 120_000);

  it('after all of it: nothing reserved above the margin, the directives stored once, no dead letters', async () => {
    expect(await s.stop()).toBe(0);
    const db = await createPgliteDb({ dataDir: s.dataDir });
    try {
      expect((await db.pg.query(`select 1 from shift_agreed_values`)).rows).toEqual([]);
      const reserved = await db.pg.query(`select 1 from shifts s join doctors d on d.id = s.reserved_by where d.phone = $1`, [CLARA]);
      expect(reserved.rows).toEqual([]);
      const scoped = await db.pg.query<{ scope: string; max_value_cents: number; period: string; created_by: string }>(
        `select scope, max_value_cents, period, created_by from manager_directives where text = $1`, [MARGIN_TEXT]);
      expect(scoped.rows).toEqual([{ scope: 'hospital', max_value_cents: 350_000, period: 'noturno', created_by: 'slack:UMANAGER1' }]);
      expect((await db.pg.query(`select 1 from manager_directives where source = $1`, [`briefing:${DOC}`])).rows).toHaveLength(3);
      expect((await db.pg.query(`select tool from admin_audit_log`)).rows).toEqual([{ tool: 'criar_diretriz' }]);
      expect((await db.pg.query('select 1 from dead_letters')).rows).toEqual([]);
    } finally {
      await db.close();
    }
  }, 60_000);
});
