/**
 * The database's share of one reply, alone: the SQL calls the outbound wrapper
 * makes for a reply that goes out (outbound_begin, then outbound_record_sent),
 * run one after the other on one connection, no queue, no provider, no
 * concurrency. Prints the time per send (and the process CPU per send on the
 * embedded engine, which runs in this process). It isolates the part of
 * bench/outbound.ts that migrations change, so a SQL change can be compared on
 * a machine too busy for the throughput bench.
 *
 *   node --import tsx bench/outbound-sql.ts [--database-url postgres://127.0.0.1:5432] [--sends 2000] [--path begin|prepare]
 *
 * --path begin (default): the reply's reservation in the snapshot's call (outbound_begin,
 * 3 database calls per send fewer by one); --path prepare: outbound_prepare, then
 * outbound_reserve_checked, then outbound_record_sent, as the wrapper does when
 * reserveWithSnapshot is off.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createPgliteDb, createPostgresDb, migrate, type SqlDb } from '../src/db/index.js';
import { REPLY_PROOF_WINDOW_MS } from '../src/policy/index.js';
import { cpuSeconds } from './support/cpu-time.js';
import { databaseUrlArg } from './support/engine.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const SENDS = arg('sends', 2_000);
const DOCTORS = 1_000;
const WARM = 200;
const url = databaseUrlArg();
const pathAt = process.argv.indexOf('--path');
const PATH = pathAt >= 0 ? process.argv[pathAt + 1] : 'begin';
if (PATH !== 'begin' && PATH !== 'prepare') throw new Error('--path is begin or prepare');

let db: SqlDb;
let drop: (() => Promise<void>) | undefined;
if (url) {
  const name = `julia_bench_sql_${randomUUID().slice(0, 8)}`;
  const admin = createPostgresDb({ url: new URL('/postgres', url).toString(), max: 1 });
  await admin.exec(`create database ${name}`);
  db = createPostgresDb({ url: new URL(`/${name}`, url).toString(), max: 1 });
  drop = async () => {
    await admin.exec(`drop database if exists ${name} with (force)`);
    await admin.close();
  };
} else {
  db = await createPgliteDb();
}
await migrate(db);
await db.exec(`
  insert into doctors (phone) select '55119' || lpad(g::text, 8, '0') from generate_series(1, ${DOCTORS}) g;
  insert into doctor_state (doctor_id) select id from doctors;
  insert into conversations (doctor_id, instance) select id, 'julia' from doctors;
  insert into interactions (conversation_id, doctor_id, direction, instance, provider_message_id, body, occurred_at)
    select c.id, c.doctor_id, 'inbound', 'julia', gen_random_uuid()::text, 'oi', now() from conversations c;`);
const rows = await db.query<{ doctor_id: string; conversation_id: string; id: string }>(
  `select doctor_id, conversation_id, id from interactions where direction = 'inbound'`,
);

async function send(n: number) {
  const r = rows[n % rows.length]!;
  const now = new Date();
  const key = `sql-bench-${n}-${randomUUID()}`;
  const checks = { opt_out: false, human_control: true, answers: r.id, r2: false, r3: false, r3_cap: 3, safe_mode: 'block', reattempt: false };
  const snapshot = { p_doctor_id: r.doctor_id, p_idempotency_key: key, p_inbound_interaction_id: r.id, p_now: now, p_conversation_id: r.conversation_id };
  const contentHash = randomUUID();
  const prep = PATH === 'begin'
    ? await db.rpc<{ reservation?: { status: string; id: string } }>('outbound_begin', {
        ...snapshot,
        p_reserve: {
          method: 'REPLY', content_hash: contentHash, actor: 'julia', instance: 'julia', instances: ['julia'],
          proof_window_ms: REPLY_PROOF_WINDOW_MS, checks,
        },
      })
    : await prepareThenReserve(snapshot, r, contentHash, checks, now);
  if (prep.reservation?.status !== 'reserved') throw new Error(`send ${n}: not reserved (${JSON.stringify(prep.reservation)})`);
  const sent = await db.rpc<{ status: string }>('outbound_record_sent', {
    p_id: prep.reservation.id, p_provider_message_id: `prov-${key}`, p_body: 'Oi, doutor! Tenho um plantão para você.',
    p_instance: 'julia', p_next_allowed_at: now, p_props: {}, p_now: now,
  });
  if (sent.status !== 'sent') throw new Error(`send ${n}: ${sent.status}`);
}

async function prepareThenReserve(
  snapshot: Record<string, unknown>, r: (typeof rows)[number], contentHash: string, checks: Record<string, unknown>, now: Date,
) {
  const p = await db.rpc<{ doctor: { phone: string }; state: { permission_state: string } }>('outbound_prepare', snapshot);
  const reservation = await db.rpc<{ status: string; id: string }>('outbound_reserve_checked', {
    p_idempotency_key: snapshot.p_idempotency_key, p_doctor_id: r.doctor_id, p_conversation_id: r.conversation_id,
    p_phone: p.doctor.phone, p_instance: 'julia', p_method: 'REPLY', p_content_hash: contentHash, p_proactive: false,
    p_permission_state: p.state.permission_state, p_inbound_interaction_id: r.id, p_actor: 'julia', p_checks: checks, p_now: now,
  });
  return { reservation };
}

for (let n = 0; n < WARM; n++) await send(n);
// PostgreSQL: the one backend serving this connection, for the server's CPU per send.
const backend = url ? Number((await db.query<{ pid: number }>('select pg_backend_pid() as pid'))[0]!.pid) : undefined;
const server0 = backend ? (await cpuSeconds([backend]))[0]! : 0;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
for (let n = WARM; n < WARM + SENDS; n++) await send(n);
const ms = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
const serverS = backend ? (await cpuSeconds([backend]))[0]! - server0 : 0;
await db.close();
await drop?.();
console.log(JSON.stringify({
  bench: 'outbound-sql',
  engine: url ? 'postgres' : 'embedded',
  path: PATH,
  sends: SENDS,
  ms_per_send: Math.round((ms / SENDS) * 1000) / 1000,
  // Embedded: PGlite runs in this process, so this is the database's CPU (plus the client's).
  ...(url ? {} : { cpu_ms_per_send: Math.round(((cpu.user + cpu.system) / 1000 / SENDS) * 1000) / 1000 }),
  // PostgreSQL: the backend's CPU (this machine's server; /proc ticks are 10 ms, so use --sends 3000 or more).
  ...(backend ? { server_cpu_ms_per_send: Math.round(((serverS * 1000) / SENDS) * 1000) / 1000 } : {}),
}));
