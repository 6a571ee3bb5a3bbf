import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImport, type ImportOptions } from '../../../src/import/index.js';
import { fixedClock } from '../../../src/shared/index.js';
import { inboundFrom } from '../../helpers/evolution-fixture.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';

let db: TestDb;
const dir = mkdtempSync(join(tmpdir(), 'julia-import-'));
const clock = fixedClock('2026-11-20T15:00:00Z');
let n = 0;
const file = (content: string | Buffer) => {
  const p = join(dir, `f${++n}.csv`);
  writeFileSync(p, content);
  return p;
};
const opts = (path: string, extra: Partial<ImportOptions> = {}): ImportOptions => ({ kind: 'doctors', path, dryRun: false, by: 'teste', defaultStatus: 'pendente', ...extra });
const doctor = async (phone: string) =>
  (await db.pg.query<{ id: string; name: string; crm: string; crm_uf: string; city: string; region: string; email: string; registration_status: string; specialty: string | null; permission_state: string }>(
    `select d.*, sp.slug specialty, s.permission_state from doctors d left join specialties sp on sp.id = d.specialty_id
     left join doctor_state s on s.doctor_id = d.id where d.phone = $1`, [phone])).rows[0];
const count = async (sql: string, params: unknown[] = []) => Number((await db.pg.query<{ n: string }>(sql, params)).rows[0]!.n);

beforeAll(async () => {
  db = await createTestDb({ seed: true });
});
afterAll(async () => {
  await db?.close();
});

describe('julia import doctors', () => {
  it('reads every Brazilian phone notation, UTF-8 with BOM, quoted fields with separators, line breaks and doubled quotes', async () => {
    const csv = '\uFEFFNome,Telefone,CRM,UF,Especialidade,Cidade,Região,E-mail\r\n' +
      '"Ana ""Aninha"" Souza","(11) 98765-4321",123456,sp,Clínica Médica,São Paulo,"zona sul, perto do metrô",ana@x.com.br\r\n' +
      'Bruno Lima,+55 21 99876-5432,654321,RJ,pediatria,Rio de Janeiro,centro,\r\n' +
      '"Carla\nDias",011 8765-1111,111,SP,,Campinas,,\r\n' +
      'Davi,5531 9 8877-6655,222,MG,,BH,,\r\n';
    const s = await runImport(db, clock, opts(file(csv)));
    expect(s.errors).toEqual([]);
    expect(s).toMatchObject({ encoding: 'utf-8', rows: 4, inserted: 4, updated: 0 });
    expect(await doctor('5511987654321')).toMatchObject({ name: 'Ana "Aninha" Souza', crm: '123456', crm_uf: 'SP', specialty: 'clinica-medica', region: 'zona sul, perto do metrô', email: 'ana@x.com.br' });
    expect(await doctor('5521998765432')).toMatchObject({ name: 'Bruno Lima', specialty: 'pediatria' });
    // An old 8-digit mobile gets the ninth digit; a name may span lines inside quotes.
    expect(await doctor('5511987651111')).toMatchObject({ name: 'Carla\nDias', city: 'Campinas' });
    expect(await doctor('5531988776655')).toMatchObject({ name: 'Davi' });
  });

  it('reads a Latin-1 file separated by semicolons, with accented Portuguese headers in any case', async () => {
    const csv = Buffer.from('NOME;CELULAR;Região;Situação Cadastral\nJoão Conceição;(11) 97000-0001;Zona Leste;Aprovado\nMárcia;11970000002;abc;\n', 'latin1');
    const s = await runImport(db, clock, opts(file(csv)));
    expect(s).toMatchObject({ encoding: 'latin1', inserted: 2, errors: [] });
    expect(s.defaultStatus).toBeUndefined();
    expect(await doctor('5511970000001')).toMatchObject({ name: 'João Conceição', region: 'Zona Leste', registration_status: 'aprovado' });
    // A blank status cell: the default for a new doctor.
    expect(await doctor('5511970000002')).toMatchObject({ name: 'Márcia', registration_status: 'pendente' });
  });

  it('reports each bad row with its physical line and reason, and imports the others', async () => {
    const csv = 'name,phone,specialty,email,status\n' +
      'Ok Um,11 97100-0001,,,\n' +
      'Sem Fone,,,,\n' +
      '"Nome com\nquebra",123,,,\n' +
      'Esp Ruim,11 97100-0002,astrologia,,\n' +
      'Mail Ruim,11 97100-0003,,nao-e-email,\n' +
      'Status Ruim,11 97100-0004,,,talvez\n' +
      'Ok Dois,11 97100-0005,,,\n';
    const s = await runImport(db, clock, opts(file(csv)));
    expect(s.errors).toEqual([
      { line: 3, reason: 'sem telefone' },
      { line: 4, reason: 'telefone inválido: "123"' },
      { line: 6, reason: 'especialidade não reconhecida: astrologia' },
      { line: 7, reason: 'e-mail inválido: "nao-e-email"' },
      { line: 8, reason: expect.stringContaining('situação de cadastro desconhecida') },
    ]);
    expect(s.inserted).toBe(2);
    expect(s.defaultStatus).toBeUndefined();
    expect(await doctor('5511971000002')).toBeUndefined();
  });

  it('is idempotent: the same file twice changes nothing and a duplicate row merges into one doctor', async () => {
    const csv = 'nome,telefone,cidade\nRita,(11) 97200-0001,Santos\nRita Duplicada,11 7200-0001,Santos\nOutro,11 97200-0002,Osasco\n';
    const path = file(csv);
    const first = await runImport(db, clock, opts(path));
    expect(first.merged).toEqual([{ line: 3, sameAs: 2 }]);
    expect(first.defaultStatus).toBe('pendente');
    const before = await count('select count(*) n from doctors');
    const snapshot = (await db.pg.query('select * from doctors order by id')).rows;
    const second = await runImport(db, clock, opts(path));
    expect(second).toMatchObject({ inserted: 0, updated: 0, unchanged: 3 });
    expect(await count('select count(*) n from doctors')).toBe(before);
    expect((await db.pg.query('select * from doctors order by id')).rows).toEqual(snapshot);
    expect(await count("select count(*) n from doctors where phone like '55119720000%'")).toBe(2);
    // Both runs are recorded with who, the file hash and the counts.
    const runs = (await db.pg.query<{ imported_by: string; file_hash: string; counts: { rows: number; inserted: number }; status: string }>(
      "select * from import_runs where file_hash = $1 order by started_at", [first.sha256])).rows;
    expect(runs).toHaveLength(2);
    expect(runs[0]).toMatchObject({ imported_by: 'teste', status: 'done', counts: { rows: 3, inserted: 2 } });
  });

  it('updates a doctor known by phone or @lid (stored without the ninth digit) and never touches contact permission', async () => {
    const d = await db.rpc<{ id: string }>('doctor_upsert', { p_phone: '551172300001', p_lid: '99887766554433@lid' });
    await db.rpc('doctor_state_set_permission', { p_doctor_id: d.id, p_state: 'opted_out', p_reason: 'pediu para sair', p_now: clock.now() }).catch(async () => {
      await db.pg.exec(`update doctor_state set permission_state = 'opted_out', opted_out_at = now() where doctor_id = '${d.id}'`);
    });
    const s = await runImport(db, clock, opts(file('nome,telefone,cadastro\nDr. Saído,(11) 97230-0001,aprovado\nNovo,11 97230-0002,\n')));
    expect(s).toMatchObject({ inserted: 1, updated: 1 });
    const row = await doctor('5511972300001');
    expect(row).toMatchObject({ id: d.id, name: 'Dr. Saído', permission_state: 'opted_out', registration_status: 'aprovado' });
    expect(await count("select count(*) n from doctors where whatsapp_lid = '99887766554433@lid'")).toBe(1);
    expect((await doctor('5511972300002'))!.permission_state).toBe('opted_in');
  });

  it('--dry-run shows what would change and writes nothing', async () => {
    const before = (await db.pg.query('select * from doctors order by id')).rows;
    const runs = await count('select count(*) n from import_runs');
    const s = await runImport(db, clock, opts(file('nome,telefone\nNovo Seco,11 97300-0001\nRita Renomeada,11 97200-0001\nBruno Lima,+55 21 99876-5432\n'), { dryRun: true }));
    expect(s).toMatchObject({ dryRun: true, inserted: 1, updated: 1, unchanged: 1, runId: null });
    expect(s.actions).toEqual(expect.arrayContaining([{ line: 2, action: 'novo' }, { line: 3, action: 'atualizado' }, { line: 4, action: 'sem_mudanca' }]));
    expect((await db.pg.query('select * from doctors order by id')).rows).toEqual(before);
    expect(await count('select count(*) n from import_runs')).toBe(runs);
  });

  it('imported doctors are eligible for a prospecting campaign; the opted-out one is not', async () => {
    const ids = (await db.pg.query<{ doctor_id: string }>(
      "select doctor_id from campaign_audience('{\"never_contacted\": true}'::jsonb, $1, null, 100000)", [clock.now()])).rows.map((r) => r.doctor_id);
    const byPhone = async (p: string) => (await doctor(p))!.id;
    expect(ids).toContain(await byPhone('5511987654321'));
    expect(ids).toContain(await byPhone('5511972300002'));
    expect(ids).not.toContain(await byPhone('5511972300001'));
  });

  it('an import and an inbound message for the same doctor at the same time: one doctor, both writes kept', async () => {
    for (let i = 0; i < 5; i++) {
      const phone = `551197400000${i}`;
      const msg = inboundFrom('text-conversation', { id: `IMP-RACE-${i}-${process.pid}`, remoteJid: `${phone}@s.whatsapp.net` });
      const path = file(`nome,telefone,crm,cidade\nDr. Corrida ${i},${phone},9${i},Sorocaba\n`);
      const [imp, inb] = await Promise.all([
        runImport(db, clock, opts(path)),
        db.rpc<{ status: string; conversationId: string }>('inbound_persist', { p_message: msg }),
      ]);
      expect(imp.errors).toEqual([]);
      expect(inb.status).toBe('created');
      const rows = (await db.pg.query<{ id: string; name: string; crm: string; city: string }>('select id, name, crm, city from doctors where phone = $1', [phone])).rows;
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ name: `Dr. Corrida ${i}`, crm: `9${i}`, city: 'Sorocaba' });
      expect(await count('select count(*) n from interactions where doctor_id = $1', [rows[0]!.id])).toBe(1);
    }
  });
});
