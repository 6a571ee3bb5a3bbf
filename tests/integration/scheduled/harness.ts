import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { EnqueueOutboundOptions, OutboundContext, OutboundEnqueuer } from '../../../src/outbound/index.js';
import { fixedClock, silentLogger } from '../../../src/shared/index.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';

/** Records what the jobs asked the outbound queue for; the queue itself is tested in tests/integration/outbound. */
export class RecordingOutbound implements OutboundEnqueuer {
  readonly jobs: Array<{ ctx: OutboundContext; text: string; opts: EnqueueOutboundOptions }> = [];
  async enqueueOutbound(ctx: OutboundContext, text: string, opts: EnqueueOutboundOptions) {
    this.jobs.push({ ctx, text, opts });
    return { jobId: opts.idempotencyKey };
  }
}

export interface ScheduledHarness {
  db: TestDb;
  clock: ReturnType<typeof fixedClock>;
  outbound: RecordingOutbound;
  notices: { posts: string[]; post(text: string): Promise<void> };
  logger: typeof silentLogger;
  specialtyId: string;
  hospitalId: string;
  close(): Promise<void>;
}

export async function createScheduledHarness(now: string): Promise<ScheduledHarness> {
  const db = await createTestDb();
  const sp = await db.pg.query<{ id: string }>(`insert into specialties (slug, name) values ('clinica', 'Clínica Médica') returning id`);
  const h = await db.pg.query<{ id: string }>(
    `insert into hospitals (slug, name, address, city, region) values ('hosp-maua', 'Hospital de Mauá', 'Av. Brasil, 100', 'Mauá', 'ABC') returning id`,
  );
  const posts: string[] = [];
  return {
    db,
    clock: fixedClock(now),
    outbound: new RecordingOutbound(),
    notices: { posts, post: async (t: string) => void posts.push(t) },
    logger: silentLogger,
    specialtyId: sp.rows[0]!.id,
    hospitalId: h.rows[0]!.id,
    close: () => db.close(),
  };
}

/**
 * One test file's harness at `now`, called at the top of the file: made before its first test and closed after its
 * last; before each test the clock is back at `now` and the managers' notices are emptied.
 */
export function scheduledHarnessForFile(now: string): ScheduledHarness {
  const h = {} as ScheduledHarness;
  beforeAll(async () => void Object.assign(h, await createScheduledHarness(now)));
  afterAll(() => h.close?.());
  beforeEach(() => {
    h.notices.posts.length = 0;
    h.clock.set(now);
  });
  return h;
}

let seq = 0;
export async function doctorWithConversation(h: ScheduledHarness, name = 'Larissa Souza') {
  const phone = `5511977${String(process.pid % 1000).padStart(3, '0')}${String(++seq).padStart(3, '0')}`;
  const d = await h.db.rpc<{ id: string }>('doctor_upsert', { p_phone: phone, p_name: name });
  await h.db.pg.query(`update doctors set specialty_id = $2, region = 'ABC' where id = $1`, [d.id, h.specialtyId]);
  const c = await h.db.rpc<{ id: string }>('agent_conversation_open', { p_doctor_id: d.id });
  return { id: d.id, conversationId: c.id };
}

/** A message in the conversation, as the inbound path / the wrapper record it (timestamps on the conversation). */
export async function message(h: ScheduledHarness, who: { id: string; conversationId: string }, direction: 'inbound' | 'outbound', at: string) {
  await h.db.pg.query(
    `insert into interactions (conversation_id, doctor_id, direction, instance, provider_message_id, body, occurred_at, created_at)
     values ($1, $2, $3, 'julia', $4, 'msg', $5, $5)`,
    [who.conversationId, who.id, direction, randomUUID(), at],
  );
  const col = direction === 'inbound' ? 'last_inbound_at' : 'last_outbound_at';
  await h.db.pg.query(`update conversations set ${col} = $2 where id = $1`, [who.conversationId, at]);
}

export async function shift(h: ScheduledHarness, startsAt: string, endsAt: string, opts: { reservedBy?: string; period?: 'diurno' | 'noturno' } = {}) {
  const r = await h.db.pg.query<{ id: string }>(
    `insert into shifts (hospital_id, specialty_id, starts_at, ends_at, period, duration_hours, value_cents, status, reserved_by, reserved_at)
     values ($1, $2, $3, $4, $5, 12, 150000, $6, $7, $8) returning id`,
    [h.hospitalId, h.specialtyId, startsAt, endsAt, opts.period ?? 'noturno', opts.reservedBy ? 'reserved' : 'open', opts.reservedBy ?? null, opts.reservedBy ? startsAt : null],
  );
  return r.rows[0]!.id;
}

export async function rows<T>(h: ScheduledHarness, sql: string, params: unknown[] = []): Promise<T[]> {
  return (await h.db.pg.query<T>(sql, params)).rows;
}
