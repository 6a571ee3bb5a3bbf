import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type SqlDb } from '../../src/db/index.js';
import { evolutionPayload } from '../helpers/evolution-fixture.js';
import { waitFor } from '../helpers/wait-for.js';
import { inboundDone, juliaBeside, startServed, type Ran, type Served } from './served.js';


/**
 * A company's spreadsheet as it comes out of its own system: Latin-1, semicolons,
 * Portuguese headers, phones in whatever notation each person typed. Line numbers
 * (header = 1) matter: the bad row is on line 7.
 */
const MEDICOS = [
  'Nome;Celular;CRM;UF;Especialidade;Cidade;Região',
  'Dra. Ana Lúcia Ferreira;(11) 98765-1001;123456;SP;Clínica Médica;São Paulo;Zona Sul',
  'Dr. João Gonçalves;+55 11 97654-1002;234567;SP;Pediatria;São Paulo;Zona Leste',
  'Dra. Márcia Antunes;11987651003;345678;SP;GO;Santo André;ABC',
  'Dr. Paulo César Ribeiro;(11) 8765-1004;456789;SP;Ortopedia;São Paulo;Zona Norte',
  'Dr. João Gonçalves;11 97654 1002;234567;SP;Pediatria;São Paulo;Zona Leste',
  'Dr. Sem Número;12345;567890;SP;Clínica Médica;São Paulo;Zona Oeste',
  'Dr. Otávio Lima;(11) 97654-1999;678901;SP;Anestesiologia;São Paulo;Zona Sul',
].join('\r\n');

/** Who the campaign must reach, once each: the duplicate merged, the 8-digit mobile given its ninth digit. */
const REACHED = ['5511987651001', '5511976541002', '5511987651003', '5511987651004'];
const OPTED_OUT = '5511976541999';
const MARKER = 'plantões abertos na sua região';

/**
 * Issue 27's first day: with `julia serve` running on the embedded default, the
 * operator imports the company's doctors and starts a prospecting campaign from
 * another shell; the service's own dispatcher sends it.
 */
describe('a company first day beside julia serve', () => {
  let s: Served;
  let dir: string;
  const julia = (...args: string[]) => juliaBeside(s, ...args);
  const ok = (r: Ran) => {
    expect(r.stderr, r.stdout).toBe('');
    expect(r.status).toBe(0);
    return r.stdout;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'first-day-'));
    writeFileSync(join(dir, 'medicos.csv'), Buffer.from(MEDICOS, 'latin1'));
    s = await startServed({ anthropic: () => ({ text: 'Combinado.' }) });
    // Every hour and day are business hours here, so the run does not depend on when the
    // suite runs; the production default (08-20, Monday to Friday) is a configuration.
    await s.start({ BUSINESS_HOURS: '00-24', BUSINESS_DAYS: '1-7', CAMPAIGN_SPREAD_MS: '0' });
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('status, import and campaign create && start from another shell reach every imported doctor exactly once', async () => {
    // One doctor asked Júlia to stop before the company's file arrived.
    const stop = evolutionPayload('text-conversation', { id: 'FIRST-DAY-OPTOUT', remoteJid: `${OPTED_OUT}@s.whatsapp.net`, text: 'para de me mandar mensagem' });
    expect((await s.post(stop)).status).toBe(200);
    await inboundDone(s, 'FIRST-DAY-OPTOUT');
    await waitFor(() => s.evolution.sentTexts().some((t) => t.number === OPTED_OUT), { timeoutMs: 30_000, what: 'the opt-out confirmation' });

    expect(JSON.parse(ok(await julia('status', '--json')))).toHaveProperty('queues');

    const file = join(dir, 'medicos.csv');
    const dry = ok(await julia('import', 'doctors', file, '--dry-run'));
    expect(dry).toContain('SIMULAÇÃO');
    expect(dry).toMatch(/linha 7: /);

    const imported = ok(await julia('import', 'doctors', file));
    expect(imported).not.toContain('SIMULAÇÃO');
    expect(imported).toMatch(/linha 6: mesmo telefone da linha 3/);
    expect(imported).toMatch(/linha 7: telefone inválido/);
    expect(imported).toMatch(/com erro: 1/);

    const created = ok(
      await julia('campaign', 'create', '--name', 'Primeiro dia', '--type', 'prospeccao', '--recent-days', '0',
        '--template', `Oi {{primeiro_nome}}, aqui é a Júlia! Temos ${MARKER}. Posso te mandar as opções?`),
    );
    const id = /criada: ([0-9a-f-]{36})\s+draft/.exec(created)?.[1];
    expect(id).toBeDefined();
    expect(ok(await julia('campaign', 'start', id!))).toMatch(/^draft -> scheduled/);

    const campaignTexts = () => s.evolution.sentTexts().filter((t) => t.text.includes(MARKER));
    // `campaign start` asks the service's dispatcher for a run at once; the per-minute run is the fallback.
    await waitFor(() => campaignTexts().length >= REACHED.length, { timeoutMs: 150_000, intervalMs: 500, what: 'the campaign sends' });
    // Room for a duplicate or a late send to the opted-out doctor to show up.
    await new Promise((r) => setTimeout(r, 3_000));
    const byNumber = new Map<string, number>();
    for (const t of campaignTexts()) byNumber.set(t.number, (byNumber.get(t.number) ?? 0) + 1);
    expect(Object.fromEntries(byNumber)).toEqual(Object.fromEntries(REACHED.map((n) => [n, 1])));
    expect(campaignTexts().find((t) => t.number === REACHED[0])!.text).toContain('Oi Ana');

    const shown = JSON.parse(ok(await julia('campaign', 'show', id!))) as { progress: Record<string, number> };
    expect(shown.progress).toMatchObject({ sent: REACHED.length });

    // Once the service stops, the database agrees: one doctor per phone, the opted-out still opted out.
    expect(await s.stop()).toBe(0);
    const db = (await openDb({ kind: 'pglite', dataDir: s.dataDir })) as SqlDb;
    try {
      const doctors = await db.query<{ phone: string; n: number }>(
        'select phone, count(*)::int as n from doctors where phone = any($1) group by phone order by phone',
        [[...REACHED, OPTED_OUT]],
      );
      expect(doctors).toEqual([...REACHED, OPTED_OUT].sort().map((phone) => ({ phone, n: 1 })));
      const [perm] = await db.query<{ permission_state: string }>(
        'select s.permission_state from doctor_state s join doctors d on d.id = s.doctor_id where d.phone = $1',
        [OPTED_OUT],
      );
      expect(perm!.permission_state).toBe('opted_out');
    } finally {
      await db.close();
    }
  }, 360_000);
});
