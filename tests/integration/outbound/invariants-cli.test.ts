import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { run } from '../../../src/cli/invariants.js';
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
});
