import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../src/app.js';
import { createCampaignCommands, createDispatcher, type CampaignCommands, type Dispatcher } from '../../../src/campaigns/index.js';
import { eraseDoctor, parseDoctorSubject } from '../../../src/doctor-rights/index.js';
import { runImport } from '../../../src/import/index.js';
import { createRateLimiter } from '../../../src/outbound/index.js';
import { fixedClock, silentLogger } from '../../../src/shared/index.js';
import type { EvolutionFake } from '../../fakes/evolution-fake.js';
import { appOnEvolution, type AppOnEvolution } from '../../helpers/app-on-evolution.js';
import { evolutionPayload } from '../../helpers/evolution-fixture.js';
import type { TestDb } from '../../helpers/test-db.js';
import { testPrefix } from '../../helpers/test-redis.js';
import { waitFor } from '../../helpers/wait-for.js';

// Monday 2026-03-09, 10:00 in São Paulo: inside business hours.
const MONDAY_1000 = '2026-03-09T13:00:00Z';
const TOKEN = 'doctor-rights-webhook-token';
const TEMPLATE = 'Oi {{primeiro_nome}}, temos plantões novos esta semana!';

/**
 * Issue 27: an erased doctor who had opted out is never contacted again, even
 * when his number comes back through a WhatsApp message or an import; one who
 * had not opted out comes back as anyone new. The whole app, a campaign to
 * everyone, the real outbound path to the Evolution fake.
 */
describe('an erased opted-out doctor re-created is never contacted', () => {
  let db: TestDb;
  let app: App;
  let fake: EvolutionFake;
  let dispatcher: Dispatcher;
  let commands: CampaignCommands;
  let withdrawer: AppOnEvolution['withdrawer'];
  let started: AppOnEvolution | undefined;
  const prefix = testPrefix('doctor-rights');
  const clock = fixedClock(MONDAY_1000);

  beforeAll(async () => {
    started = await appOnEvolution({ prefix, clock, drivenJob: 'campaign-dispatch', config: { EVOLUTION_WEBHOOK_TOKEN: TOKEN } });
    ({ db, app, fake, withdrawer } = started);
    const limiter = createRateLimiter(app.deps.redis, prefix);
    dispatcher = createDispatcher({
      db, clock, logger: silentLogger, flags: app.deps.flags, outbound: app.deps.outbound, instances: ['n1'],
      remaining: (i, now) => limiter.remaining(i, now), withdraw: withdrawer.withdraw, spreadMs: 0,
    });
    commands = createCampaignCommands({ db, clock, withdraw: withdrawer.withdraw });
  });
  afterAll(() => started?.close());

  const q = async <R>(sql: string, params: unknown[] = []) => (await db.pg.query<R>(sql, params)).rows;
  const optOut = (doctorId: string) => db.rpc('doctor_state_set_permission', { p_doctor_id: doctorId, p_state: 'opted_out', p_reason: 'pediu para sair', p_actor: 'test' });
  const webhook = (phone: string, text: string, id: string) =>
    app.http.request('/webhooks/evolution', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-webhook-token': TOKEN },
      body: JSON.stringify(evolutionPayload('text-conversation', { id, text, remoteJid: `${phone}@s.whatsapp.net` })),
    });
  const campaignTextsTo = (phone: string) => fake.sentTexts().filter((s) => s.number === phone && /plantões novos esta semana/.test(s.text));
  const permissionOf = async (phone: string) =>
    (await q<{ permission_state: string }>(`select s.permission_state from doctors d join doctor_state s on s.doctor_id = d.id where d.phone = $1`, [phone]))[0]?.permission_state;

  it('a campaign to everyone reaches the re-created opted-out doctors zero times and the others once', { timeout: 120_000 }, async () => {
    const viaWebhook = '5511983330001'; // opted out, erased, writes again on WhatsApp
    const viaImport = '5511983330002'; // opted out, erased, back in a company's file
    const notOptedOut = '5511983330003'; // erased without opting out, writes again
    const bystander = '5511983330004';
    const notOptedOutImported = '5511983330005'; // erased without opting out, back in a file
    for (const [phone, name] of [[viaWebhook, 'Dr. Alfa'], [viaImport, 'Dra. Beta'], [notOptedOut, 'Dr. Gama'], [bystander, 'Dra. Delta'], [notOptedOutImported, 'Dr. Épsilon']] as const) {
      const d = await db.rpc<{ id: string }>('doctor_upsert', { p_phone: phone, p_name: name });
      if (phone === viaWebhook || phone === viaImport) await optOut(d.id);
      if (phone !== bystander) expect((await eraseDoctor(db, parseDoctorSubject(phone), 'test')).status).toBe('erased');
    }

    // Back through a webhook message (the whole inbound path) and through a company's CSV file.
    expect((await webhook(viaWebhook, 'oi, tem plantão?', `DRW-${process.pid}-1`)).status).toBe(200);
    expect((await webhook(notOptedOut, 'oi, voltei', `DRW-${process.pid}-2`)).status).toBe(200);
    await waitFor(async () => (await q(`select 1 from doctors where phone in ($1, $2)`, [viaWebhook, notOptedOut])).length === 2, { timeoutMs: 20_000, what: 'doctors re-created by the inbound job' });
    // The company's file brings two of them back, in notations a spreadsheet really holds
    // (one an old 8-digit mobile), through the same import `julia import doctors` runs.
    const csv = join(mkdtempSync(join(tmpdir(), 'julia-erased-import-')), 'medicos.csv');
    writeFileSync(csv, 'Nome;Celular;Especialidade\r\nDra. Beta Importada;(11) 98333-0002;Pediatria\r\nDr. Épsilon;+55 11 8333-0005;Clínica Médica\r\n');
    const summary = await runImport(db, clock, { kind: 'doctors', path: csv, dryRun: false, by: 'test', defaultStatus: 'aprovado' });
    expect(summary.errors).toEqual([]);
    expect(summary.inserted).toBe(2);
    expect(await permissionOf(viaImport)).toBe('opted_out');
    expect(await permissionOf(notOptedOutImported)).toBe('opted_in');
    expect(await permissionOf(viaWebhook)).toBe('opted_out');
    expect(await permissionOf(notOptedOut)).toBe('opted_in');

    const c = await commands.create({ name: 'Todos', type: 'custom', template: TEMPLATE, audience: { recent_days: 0 } });
    await commands.start(c.id);
    await dispatcher.tick();
    await waitFor(() => campaignTextsTo(bystander).length === 1 && campaignTextsTo(notOptedOutImported).length === 1, { timeoutMs: 30_000, what: 'campaign sends' });
    const outbound = app.queues.queues.outbound;
    await waitFor(async () => Object.values(await outbound.getJobCounts('waiting', 'delayed', 'active', 'prioritized')).every((n) => n === 0), { timeoutMs: 20_000, what: 'outbound queue drained' });
    expect(campaignTextsTo(viaWebhook)).toHaveLength(0);
    expect(campaignTextsTo(viaImport)).toHaveLength(0);
    expect(campaignTextsTo(bystander)).toHaveLength(1);
    expect(campaignTextsTo(notOptedOutImported)).toHaveLength(1);
    // The one who wrote again was handed to a person (no model answers in this test):
    // the campaign leaves a conversation under human control alone, whatever his permission.
    expect(campaignTextsTo(notOptedOut)).toHaveLength(0);

    // An erase after real sends leaves the invariants clean.
    expect((await eraseDoctor(db, parseDoctorSubject(bystander), 'test')).status).toBe('erased');
    expect(await q(`select 1 from outbound_messages where phone = $1`, [bystander])).toHaveLength(0);
    const report = await db.rpc<{ violations: number; checks: Array<{ id: string; violations: number; sample: string[] }> }>('julia_invariants', { p_now: new Date(), p_since: new Date(Date.now() - 7 * 86_400_000) });
    expect(report.checks.filter((x) => x.violations > 0)).toEqual([]);
  });

  it('the outbound reservation refuses a proactive send to a listed number and any send to an erased doctor', async () => {
    const listed = '5511983330001';
    const reserve = (doctorId: string | null, phone: string, key: string) =>
      db.rpc('outbound_reserve', {
        p_idempotency_key: key, p_doctor_id: doctorId, p_conversation_id: null, p_phone: phone, p_instance: 'n1', p_method: 'CAMPAIGN',
        p_content_hash: key, p_proactive: true, p_permission_state: 'opted_in',
      });
    // Even a caller that got the permission wrong cannot reserve it.
    await expect(reserve(null, listed, `k-${process.pid}-1`)).rejects.toThrow(/erased doctor who opted out/);
    const [tomb] = await q<{ id: string; phone: string }>(`select id, phone from doctors where erased_at is not null limit 1`);
    await expect(reserve(tomb!.id, tomb!.phone, `k-${process.pid}-2`)).rejects.toThrow(/erased/);
    expect(await q(`select 1 from outbound_messages where idempotency_key like $1`, [`k-${process.pid}-%`])).toHaveLength(0);
  });

  it('campaign sends queued before the erase send him nothing and leave no trace of his number', { timeout: 120_000 }, async () => {
    const erased = '5511983330011';
    const kept = '5511983330012';
    await db.rpc('doctor_upsert', { p_phone: erased, p_name: 'Dr. Zeta' });
    await db.rpc('doctor_upsert', { p_phone: kept, p_name: 'Dra. Eta' });
    clock.set(new Date(Date.parse(MONDAY_1000) + 3_600_000));
    // The outbound queue is held, so his send is certainly still queued when he is erased.
    const outbound = app.queues.queues.outbound;
    await outbound.pause();
    const c = await commands.create({ name: 'Antes do apagamento', type: 'custom', template: 'Oi {{primeiro_nome}}, plantão extra no sábado!', audience: { recent_days: 0 } });
    await commands.start(c.id);
    const t = await dispatcher.tick();
    expect(t.enqueued, JSON.stringify(t)).toBeGreaterThanOrEqual(2);
    // Erased while his send waits in the queue; the queue is not purged here (the CLI does that):
    // the rows decide.
    expect((await eraseDoctor(db, parseDoctorSubject(erased), 'test')).status).toBe('erased');
    await outbound.resume();
    await waitFor(async () => Object.values(await outbound.getJobCounts('waiting', 'delayed', 'active', 'prioritized')).every((n) => n === 0), { timeoutMs: 30_000, what: 'outbound queue drained' });
    const extra = (phone: string) => fake.sentTexts().filter((s) => s.number === phone && /plantão extra/.test(s.text));
    // His queued send was decided on his tombstone (opted out, synthetic number): blocked by R0.
    expect(await q(`select m.status, m.rule from outbound_messages m join doctors d on d.id = m.doctor_id where d.erased_at is not null and m.method = 'CAMPAIGN' and m.status <> 'sent'`)).toContainEqual({ status: 'blocked', rule: 'R0_opted_out' });
    expect(extra(kept)).toHaveLength(1);
    expect(extra(erased)).toHaveLength(0);
    expect(await q(`select 1 from outbound_messages where phone = any($1)`, [[erased, '551183330011']])).toHaveLength(0);
    const report = await db.rpc<{ checks: Array<{ id: string; violations: number }> }>('julia_invariants', { p_now: new Date(), p_since: new Date(Date.now() - 7 * 86_400_000) });
    expect(report.checks.filter((x) => x.violations > 0)).toEqual([]);
  });
});
