import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expiredPausesHandler } from '../../../workers/expired-pauses.js';
import { followupsHandler } from '../../../workers/followups.js';
import { createScheduledHarness, doctorWithConversation, message, rows, shift, type ScheduledHarness } from './harness.js';

let h: ScheduledHarness;
let run: () => Promise<{ sent: number; skipped: number; paused: number }>;

// Monday 02/03/2026 10:30 in São Paulo: Júlia's last message.
const JULIA_SPOKE = '2026-03-02T13:30:00Z';
/** The daily 10:00 São Paulo run of a given March day. */
const tenAm = (day: number) => `2026-03-${String(day).padStart(2, '0')}T13:00:00Z`;

beforeAll(async () => {
  h = await createScheduledHarness(JULIA_SPOKE);
  run = followupsHandler({ db: h.db, outbound: h.outbound, clock: h.clock, logger: h.logger }) as never;
});
afterAll(() => h.close());
beforeEach(() => {
  h.outbound.jobs.length = 0;
});

/** What the wrapper does when a follow-up goes out: the conversation's last outbound moves. */
const deliverAll = (d: { id: string; conversationId: string }, at: string) => message(h, d, 'outbound', at);

describe('follow-up cadence for a doctor who went quiet', () => {
  it('48 h, then 5 days with a real open shift, then 15 days, then a 60-day pause that the pauses job ends', async () => {
    const d = await doctorWithConversation(h, 'Larissa Souza');
    await message(h, d, 'inbound', '2026-03-02T13:00:00Z');
    await message(h, d, 'outbound', JULIA_SPOKE);

    // Thursday 10:00 is the first daily run past 48 h (Wednesday 10:00 is 47.5 h).
    for (const day of [3, 4]) {
      h.clock.set(tenAm(day));
      await run();
    }
    expect(h.outbound.jobs).toEqual([]);
    h.clock.set(tenAm(5));
    await run();
    expect(h.outbound.jobs).toHaveLength(1);
    const first = h.outbound.jobs[0]!;
    expect(first.ctx).toEqual({ method: 'FOLLOWUP', doctorId: d.id, conversationId: d.conversationId, actor: 'julia' });
    expect(first.text).toMatch(/^Oi, Larissa!/);
    // A second run the same day (a retry, another worker) sends nothing more.
    await run();
    expect(h.outbound.jobs).toHaveLength(1);
    await deliverAll(d, '2026-03-05T13:00:05Z');

    // Five days later, with a real open shift of his specialty: the offer, remembered and recorded.
    const open = await shift(h, '2026-03-14T22:00:00Z', '2026-03-15T10:00:00Z');
    h.clock.set(tenAm(9));
    await run();
    expect(h.outbound.jobs).toHaveLength(1);
    h.clock.set(tenAm(10));
    await run();
    expect(h.outbound.jobs).toHaveLength(2);
    expect(h.outbound.jobs[1]!.text).toContain('Hospital de Mauá');
    expect(h.outbound.jobs[1]!.text).toContain('R$ 1.500,00');
    const [conv] = await rows<{ state: { offered: Array<{ ref: string; shiftId: string }> } }>(h, 'select state from conversations where id = $1', [d.conversationId]);
    expect(conv!.state.offered).toMatchObject([{ ref: 'v1', shiftId: open }]);
    expect(await rows(h, `select shift_id from business_events where event_type = 'offer_made' and doctor_id = $1`, [d.id])).toEqual([{ shift_id: open }]);
    await deliverAll(d, '2026-03-10T13:00:05Z');

    // Fifteen days later: the last door left open.
    h.clock.set(tenAm(24));
    await run();
    expect(h.outbound.jobs).toHaveLength(2);
    h.clock.set(tenAm(25));
    await run();
    expect(h.outbound.jobs).toHaveLength(3);
    expect(h.outbound.jobs[2]!.text).toContain('quando quiser, é só me chamar');
    await deliverAll(d, '2026-03-25T13:00:05Z');

    // Then the 60-day pause: cooling-off, which blocks every proactive send in the wrapper (R1).
    h.clock.set(tenAm(27));
    expect(await run()).toMatchObject({ paused: 0, sent: 0 });
    h.clock.set(tenAm(28));
    expect(await run()).toMatchObject({ paused: 1, sent: 0 });
    const [state] = await rows<{ permission_state: string; cooling_off_until: Date }>(h, 'select * from doctor_state where doctor_id = $1', [d.id]);
    expect(state!.permission_state).toBe('cooling_off');
    expect(state!.cooling_off_until.toISOString()).toBe('2026-05-27T13:00:00.000Z');
    const keys = h.outbound.jobs.map((j) => j.opts.idempotencyKey);
    expect(new Set(keys).size).toBe(3);

    // Nothing more for this silence, even after the pause ends.
    const expire = expiredPausesHandler({ db: h.db, clock: h.clock });
    h.clock.set('2026-05-27T09:00:00Z');
    expect(await expire()).toEqual({ expired: 0 });
    h.clock.set('2026-05-28T09:00:00Z'); // 06:00 São Paulo the day after
    expect(await expire()).toEqual({ expired: 1 });
    const [after] = await rows<{ permission_state: string }>(h, 'select permission_state from doctor_state where doctor_id = $1', [d.id]);
    expect(after!.permission_state).toBe('opted_in');
    h.clock.set('2026-05-29T13:00:00Z');
    await run();
    expect(h.outbound.jobs).toHaveLength(3);
  });

  it('stops as soon as the doctor answers, and starts over only after Júlia speaks last again', async () => {
    const d = await doctorWithConversation(h, 'Paulo Lima');
    await message(h, d, 'outbound', JULIA_SPOKE);
    h.clock.set(tenAm(5));
    await run();
    expect(h.outbound.jobs.filter((j) => j.ctx.doctorId === d.id)).toHaveLength(1);
    await deliverAll(d, '2026-03-05T13:00:05Z');

    // He answers on Friday; Júlia's reply is not sent yet (or he had the last word).
    await message(h, d, 'inbound', '2026-03-06T15:00:00Z');
    await shift(h, '2026-03-20T22:00:00Z', '2026-03-21T10:00:00Z');
    for (const day of [10, 11, 20, 25]) {
      h.clock.set(tenAm(day));
      await run();
    }
    expect(h.outbound.jobs.filter((j) => j.ctx.doctorId === d.id)).toHaveLength(1);
    expect(await rows(h, 'select * from followups where conversation_id = $1', [d.conversationId])).toEqual([]);

    // Júlia answers him and he goes quiet again: a new silence, from its first step.
    await message(h, d, 'outbound', '2026-03-26T13:00:00Z');
    h.clock.set(tenAm(28));
    await run();
    const mine = h.outbound.jobs.filter((j) => j.ctx.doctorId === d.id);
    expect(mine).toHaveLength(2);
    expect(mine[1]!.text).toMatch(/Conseguiu ver minha última mensagem/);
    expect(mine[1]!.opts.idempotencyKey).not.toBe(mine[0]!.opts.idempotencyKey);
  });

  it('skips the shift step when no open shift fits him, and never follows up an opted-out or human-controlled conversation', async () => {
    const lonely = await doctorWithConversation(h, 'Ana Reis');
    await h.db.pg.query(`update doctors set specialty_id = null where id = $1`, [lonely.id]);
    const optedOut = await doctorWithConversation(h, 'Bruno Alves');
    const human = await doctorWithConversation(h, 'Carla Dias');
    for (const d of [lonely, optedOut, human]) await message(h, d, 'outbound', '2026-04-01T13:00:00Z');
    await h.db.rpc('doctor_state_set_permission', { p_doctor_id: optedOut.id, p_state: 'opted_out', p_reason: 'doctor_request' });
    await h.db.pg.query(`update conversations set controlled_by = 'human' where id = $1`, [human.conversationId]);

    h.clock.set('2026-04-03T13:00:00Z');
    await run();
    await deliverAll(lonely, '2026-04-03T13:00:05Z');
    h.clock.set('2026-04-08T13:00:00Z');
    expect(await run()).toMatchObject({ skipped: 1, sent: 0 });
    h.clock.set('2026-04-23T13:00:00Z');
    await run();
    const sentTo = h.outbound.jobs.map((j) => j.ctx.doctorId);
    expect(sentTo.filter((id) => id === lonely.id)).toHaveLength(2);
    expect(sentTo).not.toContain(optedOut.id);
    expect(sentTo).not.toContain(human.id);
  });
});
