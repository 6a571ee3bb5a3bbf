import { randomUUID } from 'node:crypto';
import { createFlagStore, type FlagStore } from '../../../src/flags/index.js';
import { createEvolutionClient, type WhatsAppProvider } from '../../../src/integrations/evolution/index.js';
import { createRateLimiter, createSendOutbound, type OutboundContext, type SendOutbound } from '../../../src/outbound/index.js';
import { fixedClock, silentLogger } from '../../../src/shared/index.js';
import { startEvolutionFake, type EvolutionFake, type EvolutionFakeOptions } from '../../fakes/evolution-fake.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';
import { dropPrefix, testPrefix, testRedis } from '../../helpers/test-redis.js';

/** A Wednesday, 12:00 in São Paulo: inside business hours. */
export const WEDNESDAY_NOON = '2026-03-04T15:00:00Z';

export interface Harness {
  db: TestDb;
  redis: ReturnType<typeof testRedis>;
  prefix: string;
  fake: EvolutionFake;
  provider: WhatsAppProvider;
  flags: FlagStore;
  clock: ReturnType<typeof fixedClock>;
  send: SendOutbound;
  /** What the wrapper posted to the managers' channel. */
  alerts: string[];
  close(): Promise<void>;
}

export interface HarnessOptions {
  instances?: string[];
  graceMs?: number;
  seed?: boolean;
  /** Extra options for the Evolution fake (its `instances` default to ours). */
  fake?: EvolutionFakeOptions;
  /** The key the client sends (default: the fake's). */
  apiKey?: string;
  timeoutMs?: number;
  /** Send "composing" first; with `wrap` it is the hook between the decision and the provider call. */
  presence?: boolean;
  wrap?: (p: WhatsAppProvider, clock: ReturnType<typeof fixedClock>) => WhatsAppProvider;
  /** OutboundDeps.reserveWithSnapshot (default on, as Júlia runs on both engines). */
  reserveWithSnapshot?: boolean;
}

export async function createHarness(opts: HarnessOptions = {}): Promise<Harness> {
  const instances = opts.instances ?? ['julia'];
  const db = await createTestDb({ seed: opts.seed ?? false });
  const redis = testRedis();
  const prefix = testPrefix('outbound');
  const fake = await startEvolutionFake({ instances, ...opts.fake });
  const clock = fixedClock(WEDNESDAY_NOON);
  const client = createEvolutionClient({
    baseUrl: fake.url,
    apiKey: opts.apiKey ?? fake.apiKey,
    logger: silentLogger,
    backoffMs: 5,
    ...(opts.timeoutMs && { timeoutMs: opts.timeoutMs }),
  });
  const provider = opts.wrap ? opts.wrap(client, clock) : client;
  const alerts: string[] = [];
  const flags = createFlagStore({ db, redis, prefix, logger: silentLogger, localTtlMs: 0 });
  const send = createSendOutbound({
    db,
    flags,
    provider,
    rateLimiter: createRateLimiter(redis, prefix),
    instances,
    clock,
    logger: silentLogger,
    inDoubtGraceMs: opts.graceMs ?? 15_000,
    presence: opts.presence ?? false,
    ...(opts.reserveWithSnapshot !== undefined && { reserveWithSnapshot: opts.reserveWithSnapshot }),
    alert: async (text) => {
      alerts.push(text);
    },
  });
  return {
    db,
    redis,
    prefix,
    fake,
    provider,
    flags,
    clock,
    send,
    alerts,
    async close() {
      await fake.close();
      await dropPrefix(redis, prefix);
      redis.disconnect();
      await db.close();
    },
  };
}

let phoneSeq = 0;
/** A doctor with an active conversation; `inboundAt` adds the inbound message a reply answers. */
export async function createDoctor(db: TestDb, opts: { inboundAt?: Date; instance?: string; phone?: string } = {}) {
  const phone = opts.phone ?? `55119${String(process.pid % 1000).padStart(3, '0')}${String(++phoneSeq).padStart(5, '0')}`;
  const doctor = await db.rpc<{ id: string }>('doctor_upsert', { p_phone: phone });
  const conv = await db.pg.query<{ id: string }>(
    `insert into conversations (doctor_id, instance) values ($1, $2) returning id`,
    [doctor.id, opts.instance ?? null],
  );
  const conversationId = conv.rows[0]!.id;
  let inboundId: string | undefined;
  if (opts.inboundAt) {
    const res = await db.pg.query<{ id: string }>(
      `insert into interactions (conversation_id, doctor_id, direction, instance, provider_message_id, body, occurred_at)
       values ($1, $2, 'inbound', $3, $4, 'oi', $5) returning id`,
      [conversationId, doctor.id, opts.instance ?? 'julia', randomUUID(), opts.inboundAt],
    );
    inboundId = res.rows[0]!.id;
    await db.pg.query(`insert into business_events (event_type, doctor_id, interaction_id) values ('doctor_inbound', $1, $2)`, [doctor.id, inboundId]);
  }
  return { id: doctor.id, phone, conversationId, inboundId, inboundAt: opts.inboundAt };
}

export function replyCtx(d: Awaited<ReturnType<typeof createDoctor>>): OutboundContext {
  return {
    method: 'REPLY',
    doctorId: d.id,
    conversationId: d.conversationId,
    inboundInteractionId: d.inboundId!,
    lastInboundAt: d.inboundAt!.toISOString(),
    actor: 'julia',
  };
}

export async function eventsOf(db: TestDb, doctorId: string) {
  const res = await db.pg.query<{ event_type: string; props: Record<string, unknown>; interaction_id: string | null }>(
    `select event_type, props, interaction_id from business_events where doctor_id = $1 and event_type <> 'doctor_inbound' order by id`,
    [doctorId],
  );
  return res.rows;
}
