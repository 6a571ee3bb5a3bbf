/**
 * Fill plans at scale. Prints one JSON object: planning 1,000 urgent shifts (all
 * starting within 48 h, so waves of 8) against 100,000 doctors, i.e. one run of
 * the fill job: plans created, every candidate of each shift's specialty ranked
 * in SQL, the wave's offers stored with their score parts, each offer's text
 * composed and handed to the outbound port (a counting port: the queue is not
 * what is measured). peak_rss_mb is the planning process's; the database runs
 * in a process of its own (embedded PGlite, as `julia worker` beside a database
 * would) or is a real PostgreSQL with --database-url (a scratch database is
 * created and dropped).
 *
 *   node --import tsx bench/fill.ts [--doctors 100000] [--shifts 1000] [--database-url postgres://...]
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createPostgresDb, createSupabaseDb, migrate, type Db } from '../src/db/index.js';
import { toFlags } from '../src/flags/index.js';
import { createFillPlanner } from '../src/fill/index.js';
import type { OutboundEnqueuer } from '../src/outbound/index.js';
import { silentLogger, type Clock } from '../src/shared/index.js';
import { spawnDb } from './support/spawn-db.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const DOCTORS = Number(arg('doctors') ?? 100_000);
const SHIFTS = Number(arg('shifts') ?? 1_000);
const DATABASE_URL = arg('database-url');

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 25);
const mb = (b: number) => Math.round(b / 1024 / 1024);

interface Target {
  db: Db;
  exec(sql: string): Promise<unknown>;
  dbRssMb(): Promise<number | null>;
  stop(): Promise<void>;
}

async function open(): Promise<Target> {
  if (!DATABASE_URL) {
    const pg = await spawnDb();
    return { db: createSupabaseDb({ url: pg.url, serviceRoleKey: pg.key }), exec: (s) => pg.exec(s), dbRssMb: () => pg.maxRssMb(), stop: () => pg.stop() };
  }
  const name = `bench_fill_${randomUUID().slice(0, 8)}`;
  const admin = createPostgresDb({ url: DATABASE_URL, max: 1 });
  await admin.exec(`create database ${name}`);
  const url = new URL(DATABASE_URL);
  url.pathname = `/${name}`;
  const db = createPostgresDb({ url: url.toString(), max: 4 });
  await migrate(db);
  return {
    db,
    exec: (s) => db.exec(s),
    dbRssMb: async () => null,
    async stop() {
      await db.close();
      await admin.exec(`drop database ${name}`);
      await admin.close();
    },
  };
}

const target = await open();
process.once('uncaughtException', (err) => {
  console.error(err);
  void target.stop().finally(() => process.exit(1));
});
// A Tuesday 10:00 in São Paulo: inside business hours.
const NOW = new Date('2026-03-10T13:00:00Z');
const clock: Clock = { now: () => NOW };

// The population (not timed): 8 specialties, 10 hospitals in 5 regions, 100,000 doctors
// (2% opted out, 1% cooling off, 0.5% with a person in control, 3% registration pending,
// a fifth with stated preferences), 20,000 past reservations as history, and the open shifts.
await target.exec(`
  ${DATABASE_URL ? 'set statement_timeout = 0;' : ''}
  insert into specialties (slug, name) select 'b-sp-' || g, 'Especialidade ' || g from generate_series(1, 8) g;
  insert into hospitals (slug, name, address, city, region)
    select 'b-h-' || g, 'Hospital Bench ' || g, 'Rua ' || g, 'São Paulo', 'zona ' || (g % 5) from generate_series(1, 10) g;
  insert into doctors (phone, name, specialty_id, city, region, preferences, registration_status)
    select '5511' || lpad((900000000 + g)::text, 9, '0'), 'Dr. Médico ' || g,
      (select id from specialties where slug = 'b-sp-' || (1 + g % 8)), 'São Paulo', 'zona ' || (g % 5),
      case when g % 5 = 0 then jsonb_build_object('periodo', case when g % 2 = 0 then 'diurno' else 'noturno' end,
        'regioes', jsonb_build_array('zona ' || (g % 5)), 'valor_minimo', 100000 + (g % 7) * 20000, 'dias_semana', jsonb_build_array('sab', 'dom'))
      else '{}'::jsonb end,
      case when g % 33 = 0 then 'pendente' else 'aprovado' end
    from generate_series(1, ${DOCTORS}) g;
  insert into doctor_state (doctor_id, permission_state, cooling_off_until)
    select id, case when n % 50 = 0 then 'opted_out' when n % 100 = 1 then 'cooling_off' else 'opted_in' end,
      case when n % 100 = 1 then '${NOW.toISOString()}'::timestamptz + interval '30 days' end
    from (select id, row_number() over (order by id) n from doctors) d;
  insert into conversations (doctor_id, controlled_by)
    select id, 'human' from (select id, row_number() over (order by id) n from doctors) d where n % 200 = 3;
  insert into shifts (hospital_id, specialty_id, starts_at, ends_at, period, duration_hours, value_cents, status, reserved_by, reserved_at)
    select h.id, d.specialty_id, t, t + interval '12 hours', 'diurno', 12, 150000, 'completed', d.id, t - interval '3 days'
    from (select id, specialty_id, row_number() over (order by id) n from doctors) d
    cross join lateral (select '${NOW.toISOString()}'::timestamptz - make_interval(days => 1 + (d.n % 300)::int) as t) tt
    join hospitals h on h.slug = 'b-h-' || (1 + d.n % 10)
    where d.n % 5 < 1;
  insert into shifts (hospital_id, specialty_id, starts_at, ends_at, period, duration_hours, value_cents)
    select (select id from hospitals where slug = 'b-h-' || (1 + g % 10)), (select id from specialties where slug = 'b-sp-' || (1 + g % 8)),
      t, t + interval '12 hours', case when g % 2 = 0 then 'diurno' else 'noturno' end, 12, 120000 + (g % 6) * 20000
    from generate_series(1, ${SHIFTS}) g
    cross join lateral (select '${NOW.toISOString()}'::timestamptz + make_interval(hours => 6 + (g % 40)) as t) tt;
  analyze;`);

let handed = 0;
const outbound: OutboundEnqueuer = {
  async enqueueOutbound(_ctx, text) {
    if (!text) throw new Error('empty offer');
    handed += 1;
    return { jobId: String(handed) };
  },
};
const flagValues = { safe_mode: { enabled: false }, campaigns: { enabled: true }, policy_engine: { enabled: true }, disabled_rules: { rules: [] }, fill_plans: { enabled: true } };
const planner = createFillPlanner({
  db: target.db, clock, logger: silentLogger, outbound,
  flags: { get: async () => toFlags(flagValues, 'memory') },
  withdraw: async () => [], horizonDays: 20, registrationRequired: true,
});

peakRss = process.memoryUsage().rss;
const started = performance.now();
const res = await planner.tick();
const planMs = Math.round(performance.now() - started);
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage().rss);

const dbRss = await target.dbRssMb();
await target.stop();
console.log(JSON.stringify({
  engine: DATABASE_URL ? 'postgres' : 'pglite',
  plan_ms: planMs,
  peak_rss_mb: mb(peakRss),
  ...(dbRss !== null && { db_process_peak_rss_mb: dbRss }),
  shifts: SHIFTS,
  doctors: DOCTORS,
  waves: res.waves,
  offers_planned: res.planned,
  offers_handed_to_outbound: res.enqueued,
  ms_per_shift: Math.round((planMs / Math.max(1, res.waves)) * 10) / 10,
}));
process.exit(0);
