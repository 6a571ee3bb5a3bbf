import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTurn } from '../../../src/pipeline/index.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';
import { agentReply, harness, inbound } from './pipeline-harness.js';

// The harness clock: 2026-11-23T14:00:00Z; cooling-off lasts 30 days.
const UNTIL = '2026-12-23T14:00:00.000Z';

describe('contact policy: cooling-off entered from the conversation', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb({ seed: true });
  });
  afterAll(() => db.close());
  const stateOf = async (conv: string) =>
    (await db.pg.query<{ permission_state: string; cooling_off_until: Date | null }>(
      `select s.permission_state, s.cooling_off_until from doctor_state s join conversations c on c.doctor_id = s.doctor_id where c.id = $1`, [conv])).rows[0]!;
  const coolingEvents = async (conv: string) =>
    (await db.pg.query<{ reason: string }>(
      `select e.props->>'reason' as reason from business_events e join conversations c on c.doctor_id = e.doctor_id
        where c.id = $1 and e.event_type = 'permission_changed' and e.props->>'to' = 'cooling_off'`, [conv])).rows;

  it('a firm no pauses proactive contact for 30 days while Júlia still answers him', async () => {
    const conv = await inbound(db, '5511922220001', ['não tenho mais interesse, obrigado']);
    const h = harness(db, [agentReply('tudo bem, obrigada por avisar')]);
    const out = await runTurn(conv, h.deps);
    expect(out.stoppedBy).toBeUndefined();
    expect(h.sent.map((s) => s.text)).toEqual(['tudo bem, obrigada por avisar']);
    const st = await stateOf(conv);
    expect(st.permission_state).toBe('cooling_off');
    expect(st.cooling_off_until!.toISOString()).toBe(UNTIL);
    expect(await coolingEvents(conv)).toEqual([{ reason: 'firm_no' }]);
  });

  it('a complaint (payment dispute, legal threat) pauses him too, and the hand-off still happens', async () => {
    const conv = await inbound(db, '5511922220002', ['se nao pagarem vou processar vcs']);
    const h = harness(db);
    const out = await runTurn(conv, h.deps);
    expect(out.status).toBe('handoff');
    expect((await stateOf(conv)).permission_state).toBe('cooling_off');
    expect(await coolingEvents(conv)).toEqual([{ reason: 'complaint_legal_threat' }]);
  });

  it('a refusal of one shift is not a pause; an opt-out is never softened into one', async () => {
    const one = await inbound(db, '5511922220003', ['não tenho interesse nessa vaga']);
    await runTurn(one, harness(db, [agentReply('beleza, te aviso de outras')]).deps);
    expect((await stateOf(one)).permission_state).toBe('opted_in');

    const out = await inbound(db, '5511922220004', ['para de me mandar msg, não tenho interesse']);
    await runTurn(out, harness(db).deps);
    expect((await stateOf(out)).permission_state).toBe('opted_out');
    expect(await coolingEvents(out)).toEqual([]);
  });
});
