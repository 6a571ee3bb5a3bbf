import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JULIA_TOOLS, runToolCall, type AgentDeps } from '../../../src/agent/index.js';
import { createPostgresDb } from '../../../src/db/index.js';
import { servePglite } from '../../helpers/pg-wire.js';
import type { PGlite } from '@electric-sql/pglite';
import { onPostgres } from '../../helpers/test-db.js';
import { createHarness, query, type Harness } from './harness.js';

const DOCTORS = 50;
let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

/** 50 doctors, each with a conversation in which the same first shift was offered as v1. */
async function fiftyDoctors(deps: AgentDeps, prefix: string) {
  const doctors: Array<{ doctorId: string; conversationId: string }> = [];
  for (let i = 0; i < DOCTORS; i++) {
    const d = await deps.db.rpc<{ id: string }>('doctor_upsert', { p_phone: `55119${prefix}${String(i).padStart(4, '0')}`, p_name: `Dr. Teste ${i}` });
    const c = await deps.db.rpc<{ id: string }>('agent_conversation_open', { p_doctor_id: d.id });
    const search = await runToolCall(JULIA_TOOLS, 'buscar_vagas', { limite: 1 }, { doctorId: d.id, conversationId: c.id, deps });
    expect(search.isError).toBe(false);
    doctors.push({ doctorId: d.id, conversationId: c.id });
  }
  const [conv] = await query<{ state: { offered: Array<{ ref: string; shiftId: string; date: string }> } }>(
    h.db, 'select state from conversations where id = $1', [doctors[0]!.conversationId]);
  return { doctors, target: conv!.state.offered[0]! };
}

async function race(deps: AgentDeps, prefix: string) {
  const { doctors, target } = await fiftyDoctors(deps, prefix);
  const notifiedBefore = h.notifications.length;
  const results = await Promise.all(
    doctors.map((d) => runToolCall(JULIA_TOOLS, 'reservar_plantao', { data_plantao: target.date, vaga_ref: target.ref, confirmacao: 'aceito' }, { ...d, deps })),
  );
  const winners = results.filter((r) => (r.result as { reservado: boolean }).reservado === true);
  const refusals = results.filter((r) => !r.isError && (r.result as { reservado: boolean; motivo?: string }).reservado === false);
  expect(winners).toHaveLength(1);
  expect(refusals).toHaveLength(DOCTORS - 1);
  expect(refusals.every((r) => (r.result as { motivo: string; explicacao: string }).motivo === 'taken')).toBe(true);
  expect((refusals[0]!.result as { explicacao: string }).explicacao).toMatch(/preenchida por outro médico/);

  const winnerIndex = results.indexOf(winners[0]!);
  const [shift] = await query<{ status: string; reserved_by: string }>(h.db, 'select status, reserved_by from shifts where id = $1', [target.shiftId]);
  expect(shift).toEqual({ status: 'reserved', reserved_by: doctors[winnerIndex]!.doctorId });
  const events = await query<{ doctor_id: string }>(h.db, "select doctor_id from business_events where event_type = 'offer_accepted' and shift_id = $1", [target.shiftId]);
  expect(events).toEqual([{ doctor_id: doctors[winnerIndex]!.doctorId }]);
  expect(h.notifications.length - notifiedBefore).toBe(1);
}

describe('50 concurrent reservar_plantao on one shift', () => {
  it(`${onPostgres ? 'PostgreSQL, pool of 8' : 'embedded PGlite'}: exactly one winner, 49 clear refusals, one offer_accepted`, { timeout: 120_000 }, async () => {
    await race(h.deps, '1');
  });

  // PGlite pass: pglite-socket 0.2 interleaves extended-protocol messages of
  // concurrent connections on its single session ("bind message supplies 4
  // parameters, but prepared statement requires 1"), so the wire variant uses one
  // connection: it proves the DATABASE_URL adapter path, with the 50 calls still
  // in flight at once. PostgreSQL pass: one connection per doctor, so the 50 calls
  // really run at the same time in 50 backends. Setting up 50 doctors takes tens of
  // seconds on a loaded two-core machine, hence the generous bounds.
  it('postgres adapter over the wire: same guarantees', { timeout: 120_000 }, async () => {
    const server = h.db.url ? undefined : await servePglite((h.db as unknown as { pg: PGlite }).pg, 1);
    const db = createPostgresDb({ url: h.db.url ?? server!.url, max: h.db.url ? DOCTORS : 1 });
    try {
      await race({ ...h.deps, db }, '2');
    } finally {
      await db.close();
      await server?.stop();
    }
  });
});
