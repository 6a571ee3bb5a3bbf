import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignVerdict, duplicateDeliveries, inboundVerdict, sendsReconcile } from '../../../bench/support/chaos-checks.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';

// The chaos bench's verdicts must be able to fail: each case below is one way a
// message can be lost, stuck or sent twice, written straight into the tables.
let db: TestDb;

async function conversationWith(phone: string, messages: string[]) {
  const [{ id: doctor }] = (await db.pg.query<{ id: string }>(`insert into doctors (phone, name) values ($1, 'Dr. Teste') returning id`, [phone])).rows as [{ id: string }];
  const [{ id: conv }] = (await db.pg.query<{ id: string }>(`insert into conversations (doctor_id) values ($1) returning id`, [doctor])).rows as [{ id: string }];
  const ids: string[] = [];
  for (const [n, m] of messages.entries()) {
    const r = await db.pg.query<{ id: string }>(
      `insert into interactions (conversation_id, doctor_id, direction, instance, provider_message_id, body, created_at)
       values ($1, $2, 'inbound', 'chaos0', $3, 'oi', now() + make_interval(secs => $4)) returning id`,
      [conv, doctor, m, n],
    );
    ids.push(r.rows[0]!.id);
  }
  return { doctor, conv, ids };
}
const handled = (conv: string, id: string) => db.pg.query(`insert into inbound_handled (interaction_id, conversation_id) values ($1, $2)`, [id, conv]);
const plan = (conv: string, id: string, bubbles: string[], outcome = 'reply') =>
  db.pg.query(`insert into turn_plans (interaction_id, conversation_id, bubbles, delays, outcome) values ($1, $2, $3::jsonb, '[]'::jsonb, $4)`, [id, conv, JSON.stringify(bubbles), outcome]);
const send = (doctor: string, key: string, status: string, providerId: string | null = null, phone = '5511988000000') =>
  db.pg.query(`insert into outbound_messages (idempotency_key, doctor_id, phone, method, content_hash, status, provider_message_id) values ($1, $2, $3, 'REPLY', md5($1), $4, $5)`, [key, doctor, phone, status, providerId]);

beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db?.close();
});

describe('chaos bench verdicts', () => {
  it('tells replied, recorded reasons, unhandled and stuck messages apart', async () => {
    // Two messages answered by one plan stored under the later one.
    const a = await conversationWith('5511988000001', ['A1', 'A2']);
    for (const id of a.ids) await handled(a.conv, id);
    await plan(a.conv, a.ids[1]!, ['oi']);
    await send(a.doctor, `reply-${a.ids[1]}-0`, 'sent', 'P1');
    // Opted out: a plan without bubbles is the recorded reason.
    const b = await conversationWith('5511988000002', ['B1']);
    await handled(b.conv, b.ids[0]!);
    await plan(b.conv, b.ids[0]!, [], 'opt_out');
    // Acknowledged but never dealt with.
    const c = await conversationWith('5511988000003', ['C1']);
    // Planned, but the send is still reserved (a crash between reserve and provider).
    const d = await conversationWith('5511988000004', ['D1']);
    await handled(d.conv, d.ids[0]!);
    await plan(d.conv, d.ids[0]!, ['oi']);
    await send(d.doctor, `reply-${d.ids[0]}-0`, 'reserved');
    // Superseded: the first plan was blocked, a later one answered both.
    const e = await conversationWith('5511988000005', ['E1', 'E2']);
    for (const id of e.ids) await handled(e.conv, id);
    await plan(e.conv, e.ids[0]!, ['oi']);
    await send(e.doctor, `reply-${e.ids[0]}-0`, 'blocked');
    await plan(e.conv, e.ids[1]!, ['oi de novo']);
    await send(e.doctor, `reply-${e.ids[1]}-0`, 'sent', 'P2');
    // Blocked for good (say opt-out at send time): a recorded reason, not a reply.
    const f = await conversationWith('5511988000006', ['F1']);
    await handled(f.conv, f.ids[0]!);
    await plan(f.conv, f.ids[0]!, ['oi']);
    await send(f.doctor, `reply-${f.ids[0]}-0`, 'blocked');

    const v = await inboundVerdict(db, '5511988');
    expect(v.inbound).toBe(8);
    expect(v.replied).toBe(4); // A1, A2, E1 (through the later plan), E2
    expect(v.reasons).toEqual({ 'plan:opt_out': 1, 'send:blocked': 1 });
    expect(v.unanswered.map((u) => u.provider_message_id).sort()).toEqual(['C1', 'D1']);
    expect(v.unanswered.find((u) => u.provider_message_id === 'C1')!.why).toBe('not in inbound_handled');
  });

  it('finds a text delivered twice and sends the database and Evolution disagree on', async () => {
    const delivered = [
      { number: '5511988000001', text: 'oi', id: 'P1' },
      { number: '5511988000005', text: 'oi de novo', id: 'P2' },
      { number: '5511988000005', text: 'oi de novo', id: 'P3' },
    ];
    expect(duplicateDeliveries(delivered)).toEqual([{ number: '5511988000005', text: 'oi de novo', times: 2 }]);
    expect(duplicateDeliveries(delivered.slice(0, 2))).toEqual([]);
    // P3 reached Evolution with no `sent` row; every `sent` row was delivered.
    expect(await sendsReconcile(db, delivered)).toMatchObject({ sent_rows: 2, unrecorded: 1, phantom: 0 });
    // A `sent` row Evolution never saw.
    expect(await sendsReconcile(db, delivered.slice(1, 2))).toMatchObject({ unrecorded: 0, phantom: 1 });
  });

  it('counts a campaign doctor reached twice', async () => {
    const [{ id: campaign }] = (await db.pg.query<{ id: string }>(
      `insert into campaigns (name, type, template, audience, status) values ('t', 'prospeccao', 'Oi', '{}'::jsonb, 'running') returning id`,
    )).rows as [{ id: string }];
    const [{ id: doctor }] = (await db.pg.query<{ id: string }>(`insert into doctors (phone, name) values ('5511977000001', 'Dr. C') returning id`)).rows as [{ id: string }];
    await db.pg.query(`insert into campaign_sends (campaign_id, doctor_id, status) values ($1, $2, 'sent')`, [campaign, doctor]);
    await send(doctor, `campaign:${campaign}:${doctor}`, 'sent', 'C1', '5511977000001');
    const once = await campaignVerdict(db, campaign, [{ number: '5511977000001', text: 'Oi', id: 'C1' }]);
    expect(once).toMatchObject({ planned: 1, by_status: { sent: 1 }, sent_rows: 1, delivered: 1, doctors_delivered_twice: 0 });
    const twice = await campaignVerdict(db, campaign, [{ number: '5511977000001', text: 'Oi', id: 'C1' }, { number: '5511977000001', text: 'Oi', id: 'C2' }]);
    expect(twice.doctors_delivered_twice).toBe(1);
  });
});
