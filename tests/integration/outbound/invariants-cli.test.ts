import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { run } from '../../../src/cli/invariants.js';
import { runInvariants } from '../../../src/ops/index.js';
import { createPgliteDb, migrate } from '../../../src/db/index.js';
import { testConfig } from '../../helpers/test-config.js';

const dir = mkdtempSync(join(tmpdir(), 'julia-invariants-'));
const config = testConfig({ DATA_DIR: dir });
let log: MockInstance<typeof console.log>;

beforeAll(async () => {
  const db = await createPgliteDb({ dataDir: dir });
  await migrate(db);
  await db.close();
  log = vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterAll(() => log.mockRestore());

describe('julia invariants', () => {
  it('exits 0 on a clean database and 1 listing the broken invariants', async () => {
    expect(await run(config, [])).toBe(0);
    expect(log.mock.calls.at(-1)?.[0]).toMatch(/all invariants hold/);

    const db = await createPgliteDb({ dataDir: dir });
    // An outbound written behind the wrapper's back (O1, I2) and an event carrying a phone (I5).
    await db.exec(`
      insert into doctors (id, phone) values ('00000000-0000-4000-8000-000000000001', '5511987654321');
      insert into interactions (doctor_id, direction, body) values ('00000000-0000-4000-8000-000000000001', 'outbound', 'oi');
      insert into business_events (event_type, props) values ('debug', '{"to": "5511987654321"}');
      insert into doctor_state (doctor_id, permission_state) values ('00000000-0000-4000-8000-000000000001', 'opted_out');
    `);
    await db.close();
    log.mockClear();
    expect(await run(config, ['--hours', '1'])).toBe(1);
    const lines = log.mock.calls.map((c) => String(c[0]));
    expect(lines.filter((l) => l.startsWith('FAIL')).map((l) => l.split(/\s+/)[1])).toEqual(['I2', 'I5', 'I6', 'O1']);
    expect(lines.join('\n')).not.toContain('5511987654321');
    expect(await run(config, ['--hours', 'x'])).toBe(2);
  });

  it('O3 checks the configured business hours (BUSINESS_HOURS, BUSINESS_DAYS), spec O3 by default', async () => {
    const db = await createPgliteDb({ dataDir: dir });
    try {
      // A campaign send at 23:30 on Sunday and one at 10:00 on Monday, São Paulo time.
      await db.exec(`
        insert into doctors (id, phone) values ('00000000-0000-4000-8000-000000000002', '5511987650000');
        insert into outbound_messages (idempotency_key, doctor_id, phone, method, content_hash, status, proactive, sent_at, instance) values
          ('o3-sunday', '00000000-0000-4000-8000-000000000002', '5511987650000', 'CAMPAIGN', 'h1', 'sent', true, '2026-11-22T23:30:00-03:00', 'julia'),
          ('o3-monday', '00000000-0000-4000-8000-000000000002', '5511987650000', 'CAMPAIGN', 'h2', 'sent', true, '2026-11-23T10:00:00-03:00', 'julia');
      `);
      const since = new Date('2026-11-20T00:00:00Z');
      const now = new Date('2026-11-24T00:00:00Z');
      const o3 = async (env: Record<string, string>, hours = true) => {
        const report = await runInvariants(db, since, now, hours ? testConfig({ DATA_DIR: dir, ...env }).businessHours : undefined);
        const [sunday] = await db.query<{ id: string }>(`select id::text from outbound_messages where idempotency_key = 'o3-sunday'`);
        const check = report.checks.find((c) => c.id === 'O3')!;
        return { violations: check.violations, sundayFlagged: check.sample.includes(sunday!.id) };
      };
      // Spec O3 (the defaults, and the SQL's own defaults when no window is passed): Sunday night is a violation.
      expect(await o3({})).toEqual({ violations: 1, sundayFlagged: true });
      expect(await o3({}, false)).toEqual({ violations: 1, sundayFlagged: true });
      // A window covering every hour of every day: nothing to report.
      expect(await o3({ BUSINESS_HOURS: '00-24', BUSINESS_DAYS: '1-7' })).toEqual({ violations: 0, sundayFlagged: false });
      // Sundays 23:00-24:00 only: the Monday send is now the violation.
      expect(await o3({ BUSINESS_HOURS: '23-24', BUSINESS_DAYS: '7' })).toEqual({ violations: 1, sundayFlagged: false });
    } finally {
      await db.close();
    }
  });
});
