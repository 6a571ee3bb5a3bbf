import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDb, type SqlDb } from '../../../src/db/index.js';
import { REPLY_PROOF_WINDOW_MS } from '../../../src/policy/index.js';
import { createTestDb, onPostgres, type TestDb } from '../../helpers/test-db.js';

// Migration 0216 (docs/decisions/0215-outbound-commit-and-pool.md): the record of a send
// that already happened commits without waiting for its WAL flush; the reservation made
// before the provider call keeps a synchronous commit. Both hold only if the setting is
// local to the caller's transaction: it must outlive the function (whose own SET clause
// pins search_path) and must not outlive the transaction on a pooled connection.

let db: TestDb;
// One connection, so "the next transaction" runs on the session the previous one used.
let session: SqlDb;

beforeAll(async () => {
  db = await createTestDb();
  session = onPostgres ? createPostgresDb({ url: db.url!, max: 1 }) : db;
  await db.exec(`
    insert into doctors (id, phone) values ('00000000-0000-4000-8000-000000000001', '5511999990001');
    insert into doctor_state (doctor_id) values ('00000000-0000-4000-8000-000000000001');
    insert into conversations (id, doctor_id, instance)
      values ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', 'julia');`);
});
afterAll(async () => {
  if (session !== db) await session.close();
  await db.close();
});

async function inbound(): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `insert into interactions (conversation_id, doctor_id, direction, instance, provider_message_id, body, occurred_at)
     values ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', 'inbound', 'julia', $1, 'oi', now())
     returning id`,
    [randomUUID()],
  );
  return row!.id;
}

const reserve = (key: string, inboundId: string) => ({
  p_doctor_id: '00000000-0000-4000-8000-000000000001',
  p_idempotency_key: key,
  p_inbound_interaction_id: inboundId,
  p_conversation_id: '00000000-0000-4000-8000-000000000002',
  p_reserve: {
    method: 'REPLY', content_hash: randomUUID(), actor: 'julia', instance: 'julia', instances: ['julia'],
    proof_window_ms: REPLY_PROOF_WINDOW_MS,
    checks: { opt_out: true, human_control: true, answers: inboundId, r2: false, r3: false, r3_cap: 3, safe_mode: 'block', reattempt: false },
  },
});

describe('how a send commits', () => {
  it('the reservation commits synchronously; the record of the send asynchronously, in its own transaction only', async () => {
    const key = `durability-${randomUUID()}`;
    // The target list runs left to right: the setting is read after the function returned.
    const [begun] = await session.query<{ r: { reservation: { status: string; id: string } }; sync: string }>(
      `select outbound_begin(p_doctor_id => $1, p_idempotency_key => $2, p_inbound_interaction_id => $3,
                             p_conversation_id => $4, p_reserve => $5) as r,
              current_setting('synchronous_commit') as sync`,
      (({ p_doctor_id, p_idempotency_key, p_inbound_interaction_id, p_conversation_id, p_reserve }) =>
        [p_doctor_id, p_idempotency_key, p_inbound_interaction_id, p_conversation_id, p_reserve])(reserve(key, await inbound())),
    );
    expect(begun!.r.reservation.status).toBe('reserved');
    expect(begun!.sync).toBe('on');

    const [recorded] = await session.query<{ r: { status: string }; sync: string }>(
      `select outbound_record_sent(p_id => $1, p_provider_message_id => $2, p_body => 'Oi!', p_instance => 'julia') as r,
              current_setting('synchronous_commit') as sync`,
      [begun!.r.reservation.id, `prov-${key}`],
    );
    expect(recorded!.r.status).toBe('sent');
    expect(recorded!.sync).toBe('off');

    // The next transaction on the same connection is back to the server's setting.
    const [after] = await session.query<{ sync: string }>(`select current_setting('synchronous_commit') as sync`);
    expect(after!.sync).toBe('on');
    // And what the record wrote is there, whole.
    const [row] = await db.query<{ status: string; interaction_id: string | null; events: string | number }>(
      `select m.status, m.interaction_id,
              (select count(*) from business_events e where e.dedupe_key = 'outbound:' || m.idempotency_key) as events
         from outbound_messages m where m.idempotency_key = $1`,
      [key],
    );
    expect(row).toMatchObject({ status: 'sent' });
    expect(row!.interaction_id).not.toBeNull();
    expect(Number(row!.events)).toBe(1);
  });

  it('a replayed record (already sent) changes nothing and leaves the session synchronous', async () => {
    const key = `durability-${randomUUID()}`;
    const b = reserve(key, await inbound());
    const begun = await session.rpc<{ reservation: { id: string } }>('outbound_begin', b);
    await session.rpc('outbound_record_sent', { p_id: begun.reservation.id, p_provider_message_id: `prov-${key}`, p_body: 'Oi!', p_instance: 'julia' });
    const again = await session.rpc<{ status: string; replay?: boolean }>('outbound_record_sent', {
      p_id: begun.reservation.id, p_provider_message_id: `prov-${key}-2`, p_body: 'Oi!', p_instance: 'julia',
    });
    expect(again).toMatchObject({ status: 'sent', replay: true });
    const [after] = await session.query<{ sync: string }>(`select current_setting('synchronous_commit') as sync`);
    expect(after!.sync).toBe('on');
  });
});
