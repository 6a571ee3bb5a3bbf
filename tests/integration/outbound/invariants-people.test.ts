import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInvariants } from '../../../src/ops/index.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';

/**
 * The invariants count people correctly (docs/decisions/0250-senders-calls-auto-replies.md):
 * a message typed on Júlia's phone is not an outbound the wrapper lost (I2, O1), and a
 * supervisor's message within 24 h of the doctor's is not a proactive send out of hours (O3).
 */
describe('invariants and the people who write from Júlia\'s number', () => {
  let db: TestDb;
  const DOCTOR = '00000000-0000-4000-8000-0000000002a1';
  const since = new Date('2026-11-20T00:00:00Z');
  const now = new Date('2026-11-24T00:00:00Z');
  beforeAll(async () => {
    db = await createTestDb();
    await db.exec(`insert into doctors (id, phone) values ('${DOCTOR}', '5511987650201')`);
  });
  afterAll(() => db.close());
  const failing = async (id: string) => (await runInvariants(db, since, now)).checks.find((c) => c.id === id)!.violations;

  it('a phone-typed message (human take-over) is no I2 or O1 violation; a row written behind the wrapper still is', async () => {
    await db.exec(`insert into interactions (doctor_id, direction, body, meta, created_at, occurred_at)
                   values ('${DOCTOR}', 'outbound', 'Pode deixar, Dra.', '{"by": "human_phone"}', '2026-11-23T13:00:00Z', '2026-11-23T13:00:00Z')`);
    expect(await failing('I2')).toBe(0);
    expect(await failing('O1')).toBe(0);
    await db.exec(`insert into interactions (doctor_id, direction, body, created_at, occurred_at)
                   values ('${DOCTOR}', 'outbound', 'sem wrapper', '2026-11-23T13:01:00Z', '2026-11-23T13:01:00Z')`);
    expect(await failing('I2')).toBe(1);
    expect(await failing('O1')).toBe(1);
  });

  it('O3 spares a supervisor answering at night within 24 h of the doctor, not Júlia nor a stale one', async () => {
    // The doctor wrote on Sunday at 22:50, São Paulo.
    await db.exec(`insert into interactions (doctor_id, direction, body, created_at, occurred_at)
                   values ('${DOCTOR}', 'inbound', 'oi, alguém aí?', '2026-11-23T01:50:00Z', '2026-11-23T01:50:00Z')`);
    await db.exec(`insert into outbound_messages (idempotency_key, doctor_id, phone, method, actor, content_hash, status, proactive, created_at, sent_at, instance) values
      ('o3-supervisor', '${DOCTOR}', '5511987650201', 'MANUAL', 'chatwoot:7', 'h1', 'sent', true, '2026-11-23T02:00:00Z', '2026-11-23T02:00:00Z', 'julia'),
      ('o3-julia', '${DOCTOR}', '5511987650201', 'FOLLOWUP', 'julia', 'h2', 'sent', true, '2026-11-23T02:05:00Z', '2026-11-23T02:05:00Z', 'julia'),
      ('o3-supervisor-stale', '${DOCTOR}', '5511987650201', 'MANUAL', 'chatwoot:7', 'h3', 'sent', true, '2026-11-22T01:00:00Z', '2026-11-22T01:00:00Z', 'julia')`);
    const report = await runInvariants(db, since, now);
    const o3 = report.checks.find((c) => c.id === 'O3')!;
    const ids = Object.fromEntries((await db.query<{ k: string; id: string }>(`select idempotency_key k, id::text from outbound_messages`)).map((r) => [r.k, r.id]));
    expect(o3.sample.sort()).toEqual([ids['o3-julia'], ids['o3-supervisor-stale']].sort());
  });
});
