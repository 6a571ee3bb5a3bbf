import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImport, type ImportOptions } from '../../../src/import/index.js';
import { fixedClock } from '../../../src/shared/index.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';

let db: TestDb;
const dir = mkdtempSync(join(tmpdir(), 'julia-import-catalog-'));
const clock = fixedClock('2026-11-20T15:00:00Z');
let n = 0;
const file = (content: string | Buffer) => {
  const p = join(dir, `f${++n}.csv`);
  writeFileSync(p, content);
  return p;
};
const opts = (kind: ImportOptions['kind'], path: string): ImportOptions => ({ kind, path, dryRun: false, by: 'teste', defaultStatus: 'pendente' });

beforeAll(async () => {
  db = await createTestDb({ seed: true });
});
afterAll(async () => {
  await db?.close();
});

describe('julia import hospitals and shifts', () => {
  it('hospitals: new ones inserted, a known one (by name) updated, the same file again changes nothing', async () => {
    const csv = Buffer.from('nome;endereço;bairro;cidade;região;observações\n' +
      'Hospital São Judas;Av. Brasil, 100;Centro;Guarulhos;grande sp;"entrada pela Rua B; crachá na portaria"\n' +
      'Hospital Sem Endereço;;;Osasco;;\n', 'latin1');
    const path = file(csv);
    const s = await runImport(db, clock, opts('hospitals', path));
    expect(s).toMatchObject({ encoding: 'latin1', inserted: 1, errors: [{ line: 3, reason: 'sem endereço' }] });
    const [h] = (await db.pg.query<{ slug: string; notes: string; city: string }>("select slug, notes, city from hospitals where name = 'Hospital São Judas'")).rows;
    expect(h).toEqual({ slug: 'hospital-sao-judas', notes: 'entrada pela Rua B; crachá na portaria', city: 'Guarulhos' });
    expect(await runImport(db, clock, opts('hospitals', path))).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 });
    const renamed = await runImport(db, clock, opts('hospitals', file('nome,endereco,cidade\nhospital sao judas,"Av. Brasil, 200",Guarulhos\n')));
    expect(renamed).toMatchObject({ inserted: 0, updated: 1 });
    expect(Number((await db.pg.query<{ n: string }>("select count(*) n from hospitals where slug like 'hospital-sao-judas%'")).rows[0]!.n)).toBe(1);
  });

  it('shifts: São Paulo times, night end on the next day, duration, R$ values; equal rows are two vacancies; idempotent', async () => {
    const csv = 'hospital,especialidade,inicio,fim,duracao,valor,observacoes\n' +
      'Hospital São Judas,Clínica Médica,28/11/2026 19:00,07:00,,"R$ 1.650,00",noturno\n' +
      'Hospital São Judas,Clínica Médica,28/11/2026 19:00,07:00,,"R$ 1.650,00",noturno\n' +
      'Hospital São Judas,pediatria,2026-11-29 07h,,12h,1200,\n' +
      'Hospital São Judas,pediatria,29/11/2026 07:00,29/11/2026 15:00,,1200,\n' +
      'Hospital São Judas,pediatria,10/11/2026 07:00,19:00,,1200,\n';
    const path = file(csv);
    const s = await runImport(db, clock, opts('shifts', path));
    expect(s.errors).toEqual([
      { line: 5, reason: 'duração de 8h; só 6, 12 ou 24 horas' },
      { line: 6, reason: 'o plantão já começou ou já passou' },
    ]);
    expect(s.inserted).toBe(3);
    const rows = (await db.pg.query<{ starts_at: Date; ends_at: Date; period: string; duration_hours: number; value_cents: number }>(
      "select s.starts_at, s.ends_at, s.period, s.duration_hours, s.value_cents from shifts s join hospitals h on h.id = s.hospital_id where h.slug = 'hospital-sao-judas' order by s.starts_at, s.id")).rows;
    expect(rows.map((r) => [r.starts_at.toISOString(), r.ends_at.toISOString(), r.period, r.duration_hours, r.value_cents])).toEqual([
      ['2026-11-28T22:00:00.000Z', '2026-11-29T10:00:00.000Z', 'noturno', 12, 165000],
      ['2026-11-28T22:00:00.000Z', '2026-11-29T10:00:00.000Z', 'noturno', 12, 165000],
      ['2026-11-29T10:00:00.000Z', '2026-11-29T22:00:00.000Z', 'diurno', 12, 120000],
    ]);
    expect(await runImport(db, clock, opts('shifts', path))).toMatchObject({ inserted: 0, updated: 0, unchanged: 3 });
  });
});
