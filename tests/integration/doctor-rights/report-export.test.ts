import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportReport } from '../../../src/export/index.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';

/** `julia export`: page by page (never the whole table in memory), São Paulo times, erased doctors left out. */
describe('report export', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb();
    await db.exec(`
      insert into doctors (phone, name) select '5511' || lpad((970000000 + g)::text, 9, '0'), 'Médica ' || g from generate_series(1, 2500) g;
      insert into doctor_state (doctor_id) select id from doctors;
      insert into specialties (slug, name) values ('rx-clinica', 'Clínica Médica') on conflict (slug) do nothing;
      insert into hospitals (slug, name, address, city) values ('rx-hosp', 'Hospital São Lucas; Unidade 2', 'Rua B, 2', 'São Paulo') on conflict (slug) do nothing;
      insert into shifts (hospital_id, specialty_id, starts_at, ends_at, period, duration_hours, value_cents)
      values ((select id from hospitals where slug = 'rx-hosp'), (select id from specialties where slug = 'rx-clinica'),
              '2026-03-14T22:00:00Z', '2026-03-15T10:00:00Z', 'noturno', 12, 165000);`);
  });
  afterAll(() => db.close());

  it('streams the doctors in pages, each row once', async () => {
    const chunks: string[] = [];
    const rows = await exportReport(db, 'doctors', undefined, async (c) => void chunks.push(c), 1000);
    expect(rows).toBe(2500);
    expect(chunks).toHaveLength(4); // header, then three pages
    const lines = chunks.join('').split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(2501);
    expect(new Set(lines.slice(1).map((l) => l.split(';')[0])).size).toBe(2500);
  });

  it('shifts in São Paulo time and reais, quoted where needed; an unknown campaign is a clear error', async () => {
    let out = '';
    await exportReport(db, 'shifts', undefined, async (c) => void (out += c));
    expect(out).toContain(';"Hospital São Lucas; Unidade 2";Clínica Médica;2026-03-14 19:00;2026-03-15 07:00;noturno;12;1650,00;open;');
    await expect(exportReport(db, 'campaign', '00000000-0000-4000-8000-000000000000', async () => {})).rejects.toThrow(/no campaign/);
    await expect(exportReport(db, 'campaign', 'nope', async () => {})).rejects.toThrow(/uuid/);
  });
});
