import { parseArgs } from 'node:util';
import type { Config } from '../config.js';
import { isSqlDb, migrate, openDb, type Db } from '../db/index.js';
import { createFillStore, type FillShiftStatus } from '../fill/index.js';
import { createFlagStore } from '../flags/index.js';
import { createRedis, locateRedis } from '../redis/index.js';
import { createLogger, spParts, systemClock } from '../shared/index.js';

const USAGE = `usage: julia fill <command>
  status [--json]              vagas urgentes: hospital, especialidade, início (São Paulo), onda, ofertas, respostas, horas restantes
  on  [--hospital NOME] [--by quem]   liga o preenchimento automático (chave geral, ou só no hospital)
  off [--hospital NOME] [--by quem]   desliga`;

const pad = (n: number) => String(n).padStart(2, '0');
function spShort(iso: string): string {
  const p = spParts(new Date(iso));
  return `${pad(p.day)}/${pad(p.month)} ${pad(p.hour)}:${pad(p.minute)}`;
}

/** The status as a fixed-width table, soonest shift first (the order fill_status returns). */
export function formatFillTable(rows: FillShiftStatus[], globalOn: boolean): string {
  const head = ['hospital', 'especialidade', 'início (SP)', 'onda', 'ofertas', 'aceit/recus/pend', 'horas', 'plano'];
  const body = rows.map((r) => [
    r.hospital, r.specialty, spShort(r.starts_at), String(r.wave), String(r.offers_sent),
    `${r.answers.accepted}/${r.answers.refused}/${r.answers.pending}`, Number(r.hours_left).toFixed(1), r.plan_status ?? 'sem plano',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i < 3 || i === 7 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ').trimEnd();
  return [
    `preenchimento automático: chave geral ${globalOn ? 'ligada' : 'DESLIGADA'}`,
    ...(rows.length ? [line(head), ...body.map(line)] : ['nenhuma vaga urgente com plano de preenchimento']),
  ].join('\n');
}

async function resolveHospital(db: Db, name: string): Promise<{ id: string; name: string } | string> {
  const r = await db.rpc<{ hospitalId: string | null; hospital: string | null; hospitalSuggestions: string[] | null }>('admin_shift_resolve', { p_hospital: name, p_specialty: '' });
  if (r.hospitalId) return { id: r.hospitalId, name: r.hospital! };
  return `hospital "${name}" não está no catálogo (parecidos: ${(r.hospitalSuggestions ?? []).join(', ') || 'nenhum'})`;
}

/**
 * `julia fill ...`: the fill plans at a terminal, through the same store the
 * Slack tools use. `on|off` without a hospital sets the `fill_plans` flag
 * through the flag store, so running processes see it within a second.
 */
export async function run(config: Config, args: string[] = []): Promise<number> {
  const [sub, ...rest] = args;
  const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: { json: { type: 'boolean' }, hospital: { type: 'string' }, by: { type: 'string' } } });
  if (!sub || !['status', 'on', 'off'].includes(sub) || positionals.length || (sub === 'status' && values.hospital)) {
    console.error(USAGE);
    return 2;
  }
  const redisUrl = await locateRedis(config.REDIS_URL, { dataDir: config.DATA_DIR });
  const redis = createRedis(redisUrl, { name: 'fill-cli' });
  const db = await openDb(config.database).catch((err: unknown) => {
    redis.disconnect();
    throw err;
  });
  const flags = createFlagStore({ db, redis, prefix: config.REDIS_PREFIX, logger: createLogger('silent') });
  try {
    if (isSqlDb(db)) await migrate(db);
    const store = createFillStore(db);
    if (sub === 'status') {
      const [rows, f] = await Promise.all([store.status(systemClock.now(), config.FILL_HORIZON_DAYS), flags.get()]);
      console.log(values.json ? JSON.stringify({ enabled: f.fillPlans.enabled, shifts: rows }, null, 2) : formatFillTable(rows, f.fillPlans.enabled));
      return 0;
    }
    const enabled = sub === 'on';
    const by = values.by ?? `cli:${process.env.USER ?? 'operador'}`;
    if (values.hospital) {
      const h = await resolveHospital(db, values.hospital);
      if (typeof h === 'string') {
        console.error(`julia fill ${sub}: ${h}`);
        return 1;
      }
      await store.setHospitalEnabled(h.id, enabled, by);
      const global = (await flags.get()).fillPlans.enabled;
      console.log(`preenchimento automático ${enabled ? 'ligado' : 'desligado'} no ${h.name}` + (enabled && !global ? ' (a chave geral está desligada: nada sai até julia fill on)' : ''));
    } else {
      await flags.set('fill_plans', { enabled }, by);
      console.log(`preenchimento automático ${enabled ? 'ligado' : 'desligado'} em todos os hospitais (chave geral)`);
    }
    return 0;
  } finally {
    redis.disconnect();
    await db.close();
  }
}
