import type { EnqueueOutboundOptions, OutboundContext, OutboundEnqueuer } from '../../../src/outbound/index.js';
import { toFlags, type Flags } from '../../../src/flags/index.js';
import type { TestDb } from '../../helpers/test-db.js';

export const phoneOf = (n: number) => '5511' + String(970000000 + n).padStart(9, '0');

/** One hospital (zona leste), one specialty, doctors from..from+count-1 (phoneOf) approved and opted in. */
export async function seedFill(db: TestDb, opts: { doctors: number; from?: number; specialty?: string; hospital?: string; region?: string }) {
  const sp = opts.specialty ?? 'fill-clinica';
  const h = opts.hospital ?? 'fill-hospital';
  await db.exec(`
    insert into specialties (slug, name) values ('${sp}', 'Clínica Médica') on conflict (slug) do nothing;
    insert into hospitals (slug, name, address, city, region) values ('${h}', 'Hospital ${h}', 'Rua 1', 'São Paulo', '${opts.region ?? 'zona leste'}')
      on conflict (slug) do nothing;
    with d as (
      insert into doctors (phone, name, specialty_id, city, region, registration_status)
      select '${phoneOf(0).slice(0, 4)}' || lpad((970000000 + g)::text, 9, '0'), 'Dr. Médico ' || g,
        (select id from specialties where slug = '${sp}'), 'São Paulo', 'zona sul', 'aprovado'
      from generate_series(${opts.from ?? 1}, ${(opts.from ?? 1) + opts.doctors - 1}) g
      on conflict (phone) do nothing
      returning id)
    insert into doctor_state (doctor_id) select id from d;`);
}

export async function doctorId(db: TestDb, n: number): Promise<string> {
  return (await db.query<{ id: string }>(`select id from doctors where phone = $1`, [phoneOf(n)]))[0]!.id;
}

/** An open shift at `startsAt` (12 h, diurno, R$ 1.500), returns its id. */
export async function openShift(db: TestDb, startsAt: Date, opts: { specialty?: string; hospital?: string } = {}): Promise<string> {
  const rows = await db.query<{ id: string }>(
    `insert into shifts (hospital_id, specialty_id, starts_at, ends_at, period, duration_hours, value_cents)
     values ((select id from hospitals where slug = $1), (select id from specialties where slug = $2), $3, $3::timestamptz + interval '12 hours', 'diurno', 12, 150000)
     returning id`,
    [opts.hospital ?? 'fill-hospital', opts.specialty ?? 'fill-clinica', startsAt.toISOString()],
  );
  return rows[0]!.id;
}

export interface RecordedSend {
  ctx: OutboundContext;
  text: string;
  opts: EnqueueOutboundOptions;
}

/** Records what the planner hands the outbound queue. */
export function recordingOutbound(): OutboundEnqueuer & { sends: RecordedSend[] } {
  const sends: RecordedSend[] = [];
  return {
    sends,
    async enqueueOutbound(ctx, text, opts) {
      sends.push({ ctx, text, opts });
      return { jobId: opts.idempotencyKey };
    },
  };
}

export function flagsOf(over: Partial<Record<string, unknown>> = {}): { get(): Promise<Flags>; values: Record<string, unknown> } {
  const values: Record<string, unknown> = {
    safe_mode: { enabled: false },
    campaigns: { enabled: true },
    policy_engine: { enabled: true },
    disabled_rules: { rules: [] },
    fill_plans: { enabled: true },
    ...over,
  };
  return { values, get: async () => toFlags(values, 'memory') };
}
