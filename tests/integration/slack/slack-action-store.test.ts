import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';

/**
 * The Slack action store's SQL under concurrency (issue 25, finding 7). In the
 * PostgreSQL pass every call below may run on its own connection of an 8-connection
 * pool, so "exactly one" is decided by the database, not by call order.
 */
describe('Slack action store: one execution, one audit row', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(async () => db.close());

  const create = async (opts: { effect?: string; user?: string; turn?: string } = {}) =>
    (await db.rpc<{ id: string }>('slack_action_create', {
      p_tool: 'enviar_mensagem', p_input: { medicoId: 'x', texto: 'oi' }, p_user: opts.user ?? 'U1', p_channel: 'C1', p_thread_ts: null,
      p_preview: 'Enviar', p_ttl_seconds: 600, p_now: new Date(), p_turn_key: opts.turn ?? null, p_effect_key: opts.effect ?? null,
    })).id;
  const claim = (id: string, user = 'U1') => db.rpc<{ status: string }>('slack_action_claim', { p_id: id, p_user: user, p_decision: 'confirm', p_now: new Date() });
  const audits = async (id: string) => Number((await db.pg.query<{ n: number }>(`select count(*)::int n from admin_audit_log where action_id = $1`, [id])).rows[0]!.n);
  const statusOf = async (id: string) => (await db.pg.query<{ status: string }>(`select status from slack_pending_actions where id = $1`, [id])).rows[0]!.status;

  it('eight concurrent confirms of one preview: one claim', async () => {
    const id = await create();
    const results = await Promise.all(Array.from({ length: 8 }, () => claim(id)));
    expect(results.filter((r) => r.status === 'claimed')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'already_executing')).toHaveLength(7);
  });

  it('two previews of one effect confirmed at once: one runs, the other is a duplicate', async () => {
    for (let round = 0; round < 5; round++) {
      const effect = `effect-${round}-${Date.now()}`;
      const [a, b] = await Promise.all([create({ effect }), create({ effect })]);
      const results = await Promise.all([claim(a!), claim(b!), claim(a!), claim(b!)]);
      expect(results.filter((r) => r.status === 'claimed'), `round ${round}`).toHaveLength(1);
      expect(results.filter((r) => r.status === 'duplicate'), `round ${round}`).toHaveLength(1);
      expect([await statusOf(a!), await statusOf(b!)].sort()).toEqual(['cancelled', 'executing']);
    }
  });

  it('the same effect an hour later is a new message and runs', async () => {
    const effect = `later-${Date.now()}`;
    const a = await create({ effect });
    expect((await claim(a)).status).toBe('claimed');
    await db.pg.query(`update slack_pending_actions set decided_at = now() - interval '61 minutes' where id = $1`, [a]);
    expect((await claim(await create({ effect }))).status).toBe('claimed');
  });

  it('concurrent finishes and sweeps of a stuck action: one re-run, one audit row', async () => {
    const id = await create();
    expect((await claim(id)).status).toBe('claimed');
    await db.pg.query(`update slack_pending_actions set lease_until = now() - interval '1 second' where id = $1`, [id]);
    const sweeps = await Promise.all(
      Array.from({ length: 4 }, () => db.rpc<{ redrive: Array<{ id: string }>; interrupted: unknown[] }>('slack_action_recover', { p_now: new Date(), p_redrivable: ['enviar_mensagem'] })),
    );
    expect(sweeps.flatMap((s) => s.redrive).filter((r) => r.id === id)).toHaveLength(1);
    // The click's own late finish and the re-run's finish race: one of them records.
    const finishes = await Promise.all([0, 1, 2].map(() => db.rpc<{ recorded: boolean }>('slack_action_finish', { p_id: id, p_ok: true, p_result: { mensagem: 'ok' } })));
    expect(finishes.filter((f) => f.recorded)).toHaveLength(1);
    expect(await audits(id)).toBe(1);
    expect(await statusOf(id)).toBe('done');
  });

  it('a tool that is not idempotent is closed as interrupted with its one audit row; its attempts are bounded', async () => {
    const stuck = await create();
    await claim(stuck);
    await db.pg.query(`update slack_pending_actions set lease_until = now() - interval '1 second' where id = $1`, [stuck]);
    const r = await db.rpc<{ redrive: unknown[]; interrupted: Array<{ id: string }> }>('slack_action_recover', { p_now: new Date(), p_redrivable: [] });
    expect(r.interrupted.map((x) => x.id)).toContain(stuck);
    expect(await statusOf(stuck)).toBe('failed');
    expect(await audits(stuck)).toBe(1);

    const looping = await create();
    await claim(looping);
    for (let i = 0; i < 3; i++) {
      await db.pg.query(`update slack_pending_actions set lease_until = now() - interval '1 second' where id = $1`, [looping]);
      await db.rpc('slack_action_recover', { p_now: new Date(), p_redrivable: ['enviar_mensagem'], p_max_attempts: 3 });
    }
    expect(await statusOf(looping)).toBe('failed');
    expect(await audits(looping)).toBe(1);
  });

  it('a failed turn withdraws only its own pending previews', async () => {
    const [mine, confirmed, other] = await Promise.all([create({ turn: 'T-1' }), create({ turn: 'T-1' }), create({ turn: 'T-2' })]);
    await claim(confirmed!);
    const withdrawn = await db.rpc<Array<{ id: string }>>('slack_action_cancel_turn', { p_turn_key: 'T-1', p_now: new Date() });
    expect(withdrawn.map((w) => w.id)).toEqual([mine]);
    expect(await statusOf(mine!)).toBe('cancelled');
    expect(await statusOf(confirmed!)).toBe('executing');
    expect(await statusOf(other!)).toBe('pending');
    expect((await claim(mine!)).status).toBe('already_cancelled');
  });
});
