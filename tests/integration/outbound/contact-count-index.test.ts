import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';

// Migration 0215: every send reads the doctor's 7-day proactive contact count
// (doctor_contacts_7d). Planned while outbound_messages had no statistics, the query
// used to pick the (instance, sent_at) index and read every sent row of the week on
// each call. With an index matching its predicate it reads only the doctor's own
// proactive sends, whatever the statistics say.

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
  await db.exec(`
    insert into doctors (phone) select '55119' || lpad(g::text, 8, '0') from generate_series(1, 200) g;
    insert into outbound_messages (idempotency_key, doctor_id, phone, instance, method, content_hash, status, proactive, sent_at, created_at)
      select 'plan-' || g, d.id, d.phone, 'julia', 'REPLY', md5(g::text), 'sent', g % 10 = 0, now() - (g || ' seconds')::interval, now()
        from generate_series(1, 2000) g
        join lateral (select id, phone from doctors order by id offset (g % 200) limit 1) d on true;`);
});
afterAll(async () => db.close());

describe("the 7-day contact count's plan", () => {
  it('reads the doctor proactive-sends index, with no statistics on the table', async () => {
    const [doctor] = (await db.pg.query<{ id: string }>(`select id from doctors limit 1`)).rows;
    const plan = (
      await db.pg.query<Record<string, string>>(
        `explain select count(*)::int from outbound_messages
          where doctor_id = '${doctor!.id}' and status = 'sent' and proactive
            and sent_at > now() - interval '7 days' and sent_at <= now()`,
      )
    ).rows
      .map((r) => Object.values(r)[0])
      .join('\n');
    expect(plan).toContain('outbound_messages_doctor_proactive_sent_idx');
  });

  it('counts what it did before: proactive sends of the last 7 days only', async () => {
    const [row] = (
      await db.pg.query<{ doctor_id: string; expected: number; counted: number }>(
        `select d.id as doctor_id,
                (select count(*)::int from outbound_messages o where o.doctor_id = d.id and o.status = 'sent' and o.proactive) as expected,
                doctor_contacts_7d(d.id, now()) as counted
           from doctors d
          where exists (select 1 from outbound_messages o where o.doctor_id = d.id and o.proactive)
          limit 1`,
      )
    ).rows;
    expect(row!.expected).toBeGreaterThan(0);
    expect(row!.counted).toBe(row!.expected);
  });
});
