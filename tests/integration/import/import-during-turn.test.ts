import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../../src/app.js';
import { runImport } from '../../../src/import/index.js';
import { fixedClock, silentLogger } from '../../../src/shared/index.js';
import { startAnthropicFake, startEvolutionFake, type AnthropicCall, type AnthropicFake, type EvolutionFake } from '../../fakes/index.js';
import { evolutionPayload } from '../../helpers/evolution-fixture.js';
import { testConfig } from '../../helpers/test-config.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';
import { testPrefix } from '../../helpers/test-redis.js';
import { teardown } from '../../helpers/teardown.js';
import { waitFor } from '../../helpers/wait-for.js';

/**
 * A company imports its file while Júlia is in the middle of a turn with one of
 * the doctors in it: the webhook has stored his message, the turn has read his
 * profile and is waiting on the model. The whole app runs (workers in-process,
 * real Redis, the real inbound and outbound paths); the Anthropic fake holds the
 * doctor agent's call until the import has committed. Asked of every write: one
 * doctor, the file's fields kept, his permission untouched, his message and one
 * answer stored, and one answer sent.
 */

// Monday 2026-03-09, 10:00 in São Paulo.
const MONDAY_1000 = '2026-03-09T13:00:00Z';
const TOKEN = 'import-turn-token';
const ANSWER = 'Oi! Tenho sim, te mando as opções já já.';

let db: TestDb;
let app: App;
let evolution: EvolutionFake;
let anthropic: AnthropicFake;
const prefix = testPrefix('import-turn');
const clock = fixedClock(MONDAY_1000);
const dir = mkdtempSync(join(tmpdir(), 'julia-import-turn-'));

/** Doctor agent calls (they carry tools) wait here until the test lets them go. */
let held: { reached: () => void; release: Promise<void> } | undefined;
const agentCalls: AnthropicCall[] = [];

beforeAll(async () => {
  db = await createTestDb({ seed: true });
  evolution = await startEvolutionFake({ apiKey: 'evo-key' });
  anthropic = await startAnthropicFake({
    handler: async (call) => {
      // Classifier calls (no tools) read a plain question as nothing special.
      if (!call.tools?.length) return { text: 'não' };
      agentCalls.push(call);
      const h = held;
      if (h) {
        h.reached();
        await h.release;
      }
      return { text: ANSWER };
    },
  });
  const config = testConfig({
    EVOLUTION_API_URL: evolution.url, EVOLUTION_API_KEY: 'evo-key', EVOLUTION_INSTANCE: 'julia-prod', EVOLUTION_WEBHOOK_TOKEN: TOKEN,
    ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: anthropic.url, TURN_DEBOUNCE_MS: '100',
  });
  app = await createApp(config, { db, redisPrefix: prefix, logger: silentLogger, clock });
  await app.startWorkers();
});
afterAll(() => teardown(prefix, app, evolution, anthropic, db));

let n = 0;
const csv = (content: string) => {
  const p = join(dir, `f${++n}.csv`);
  writeFileSync(p, content);
  return p;
};
const say = async (phone: string, text: string) => {
  // Two minutes between messages, as in a real conversation: the wrapper paces answers to one doctor.
  clock.set(new Date(clock.now().getTime() + 120_000));
  const body = evolutionPayload('text-conversation', { id: `IMPTURN-${process.pid}-${++n}`, text, remoteJid: `${phone}@s.whatsapp.net`, timestamp: Math.floor(clock.now().getTime() / 1000) });
  const res = await app.http.request('/webhooks/evolution', { method: 'POST', headers: { 'content-type': 'application/json', 'x-webhook-token': TOKEN }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
};
const doctorsWith = (phone: string) =>
  db.query<{ id: string; name: string; crm: string; city: string; registration_status: string; permission_state: string }>(
    `select d.id, d.name, d.crm, d.city, d.registration_status, s.permission_state from doctors d join doctor_state s on s.doctor_id = d.id where d.phone = $1`, [phone]);
const interactions = async (doctorId: string) =>
  (await db.query<{ direction: string; n: string }>(`select direction, count(*) n from interactions where doctor_id = $1 group by direction order by direction`, [doctorId]))
    .map((r) => `${r.direction}:${r.n}`);
const answersTo = (phone: string) => evolution.sentTexts().filter((s) => s.number === phone && s.text === ANSWER);

describe('an import while a turn for the same doctor is running', () => {
  it('a doctor Júlia already knows: the import lands mid-turn; one doctor, the file\'s fields, one answer', { timeout: 60_000 }, async () => {
    const phone = '5511974100001';
    // Known from an earlier message, then in the middle of a second turn when the file arrives.
    await say(phone, 'oi');
    await waitFor(() => answersTo(phone).length === 1, { what: 'the first answer' });
    const [before] = await doctorsWith(phone);
    let reached!: () => void;
    const atModel = new Promise<void>((r) => (reached = r));
    let release!: () => void;
    held = { reached, release: new Promise<void>((r) => (release = r)) };
    const calls = agentCalls.length;
    await say(phone, 'tem plantão no sábado?');
    await atModel;
    expect(agentCalls.length).toBe(calls + 1);
    // His number in the spreadsheet's own notation, with the company's data for him.
    const summary = await runImport(db, clock, {
      kind: 'doctors', path: csv('Nome;Celular;CRM;Cidade;Cadastro\r\nDra. Helena Prado;(11) 97410-0001;445566;Sorocaba;aprovado\r\n'),
      dryRun: false, by: 'teste', defaultStatus: 'pendente',
    });
    release();
    held = undefined;
    expect(summary).toMatchObject({ rows: 1, inserted: 0, updated: 1, errors: [] });
    await waitFor(() => answersTo(phone).length === 2, { what: 'the second answer' });

    const rows = await doctorsWith(phone);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: before!.id, name: 'Dra. Helena Prado', crm: '445566', city: 'Sorocaba', registration_status: 'aprovado', permission_state: before!.permission_state });
    await waitFor(async () => (await interactions(before!.id)).join() === 'inbound:2,outbound:2', { what: 'both messages and both answers stored' });
    expect(answersTo(phone)).toHaveLength(2);
    // The turn that was waiting finished with the doctor it had read: no second conversation.
    expect(await db.query(`select 1 from conversations where doctor_id = $1`, [before!.id])).toHaveLength(1);
  });

  it('a doctor Júlia has never seen: his first message and the import that brings him in race; still one doctor', { timeout: 60_000 }, async () => {
    for (let i = 0; i < 3; i++) {
      const phone = `55119741002${i}0`;
      const file = csv(`nome,telefone,crm\nDr. Novo ${i},${phone.slice(2, 4)} ${phone.slice(4)},77${i}\n`);
      const [summary] = await Promise.all([
        runImport(db, clock, { kind: 'doctors', path: file, dryRun: false, by: 'teste', defaultStatus: 'pendente' }),
        say(phone, 'boa tarde, vocês têm vaga de clínica?'),
      ]);
      expect(summary.errors).toEqual([]);
      expect(summary.inserted + summary.updated).toBe(1);
      await waitFor(() => answersTo(phone).length === 1, { what: `the answer to doctor ${i}` });
      const rows = await doctorsWith(phone);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ name: `Dr. Novo ${i}`, crm: `77${i}` });
      await waitFor(async () => (await interactions(rows[0]!.id)).join() === 'inbound:1,outbound:1', { what: 'his message and the answer stored' });
    }
  });
});
