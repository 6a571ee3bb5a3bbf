import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgliteDb } from '../../../src/db/index.js';
import { spParts } from '../../../src/shared/index.js';
import { migratedDataDir } from '../../helpers/test-db.js';
import { dropPrefix, testPrefix, testRedis, TEST_REDIS_URL } from '../../helpers/test-redis.js';

const JULIA = join(import.meta.dirname, '../../../src/julia.mjs');
const pad = (n: number) => String(n).padStart(2, '0');

/** Two urgent seeded shifts with plans: one in wave 2 (a refusal, an open offer, an acceptance pending elsewhere), one not offered yet. */
async function prepare(dataDir: string, startsAt: Date) {
  const db = await createPgliteDb({ dataDir });
  await db.exec(readFileSync(join(import.meta.dirname, '../../../supabase/seed.sql'), 'utf8'));
  const q = async <T>(sql: string, p: unknown[] = []) => (await db.pg.query<T>(sql, p)).rows;
  const [a, b] = await q<{ id: string }>(
    `select s.id from shifts s join hospitals h on h.id = s.hospital_id where s.status = 'open' and h.slug = 'santa-clara-tatuape' order by s.starts_at limit 2`,
  );
  await q(`update shifts set starts_at = $2, ends_at = $2::timestamptz + interval '12 hours' where id = $1`, [a!.id, startsAt]);
  await q(`update shifts set starts_at = $2::timestamptz + interval '2 days', ends_at = $2::timestamptz + interval '60 hours' where id = $1`, [b!.id, startsAt]);
  await q(`insert into fill_plans (shift_id, status, wave, started_at) values ($1, 'active', 2, now() - interval '3 hours'), ($2, 'active', 0, now())`, [a!.id, b!.id]);
  const doctors = await q<{ id: string }>(`select id from doctors order by phone limit 3`);
  for (const [i, st] of ['refused', 'sent', 'sent'].entries()) {
    await q(
      `insert into fill_offers (shift_id, doctor_id, wave, score, score_parts, status, outbound_key, created_at, sent_at)
       values ($1, $2, $3, 0.5, '{}'::jsonb, $4, $5, now() - interval '2 hours', now() - interval '1 hour')`,
      [a!.id, doctors[i]!.id, i === 0 ? 1 : 2, st, `fill:${a!.id}:${doctors[i]!.id}`],
    );
  }
  await db.close();
  return { first: a!.id };
}

describe('julia fill', () => {
  const dirs: string[] = [];
  const prefix = testPrefix('fill-cli');
  afterAll(async () => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    const r = testRedis();
    await dropPrefix(r, prefix);
    r.disconnect();
  });

  it('status as a table and as JSON; on/off globally and per hospital by name, each command its own process', { timeout: 300_000 }, async () => {
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'warn', DATA_DIR: migratedDataDir('fill'), REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix };
    dirs.push(env.DATA_DIR);
    const startsAt = new Date(Date.now() + 20 * 3_600_000);
    const { first } = await prepare(env.DATA_DIR, startsAt);
    const julia = (...args: string[]) => spawnSync(process.execPath, [JULIA, 'fill', ...args], { env, encoding: 'utf8', timeout: 90_000 });

    const table = julia('status');
    expect(table.stderr).toBe('');
    expect(table.status).toBe(0);
    const lines = table.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^preenchimento automático: chave geral (ligada|DESLIGADA)$/);
    expect(lines[1]).toMatch(/^hospital\s+especialidade\s+início \(SP\)\s+onda\s+ofertas\s+aceit\/recus\/pend\s+horas\s+plano$/);
    const p = spParts(startsAt);
    // The soonest shift first: its start in São Paulo time, wave 2, three offers sent, one refusal and two waiting.
    expect(lines[2]).toMatch(new RegExp(`^Hospital Santa Clara\\s+\\S.*\\s+${pad(p.day)}/${pad(p.month)} ${pad(p.hour)}:${pad(p.minute)}\\s+2\\s+3\\s+0/1/2\\s+(19\\.\\d|20\\.0)\\s+active$`));
    const later = spParts(new Date(startsAt.getTime() + 48 * 3_600_000));
    const laterLine = lines.find((l) => l.startsWith('Hospital Santa Clara') && l.includes(`${pad(later.day)}/${pad(later.month)} ${pad(later.hour)}:${pad(later.minute)}`));
    expect(laterLine).toMatch(/\s0\s+0\s+0\/0\/0\s+(67\.\d|68\.0)\s+active$/);
    // Open shifts in the horizon the planner has not reached yet are listed too, without a plan.
    expect(lines.some((l) => /\ssem plano$/.test(l))).toBe(true);

    const json = JSON.parse(julia('status', '--json').stdout) as { enabled: boolean; shifts: Array<{ shift_id: string; wave: number; offers_sent: number; answers: unknown }> };
    expect(json.shifts[0]).toMatchObject({ shift_id: first, wave: 2, offers_sent: 3, answers: { accepted: 0, refused: 1, pending: 2 } });

    const on = julia('on');
    expect(on.status).toBe(0);
    expect(on.stdout.trim()).toBe('preenchimento automático ligado em todos os hospitais (chave geral)');
    expect(julia('status').stdout).toMatch(/^preenchimento automático: chave geral ligada/);
    const off = julia('off', '--hospital', 'santa clara', '--by', 'ana');
    expect(off.stdout.trim()).toBe('preenchimento automático desligado no Hospital Santa Clara');
    const unknown = julia('on', '--hospital', 'Hospital Santa Clarisse do Norte');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/não está no catálogo \(parecidos: .*Hospital Santa Clara/);
    expect(julia('off').stdout.trim()).toBe('preenchimento automático desligado em todos os hospitais (chave geral)');
    expect(julia('status').stdout).toMatch(/^preenchimento automático: chave geral DESLIGADA/);
    expect(julia('planets').status).toBe(2);

    const db = await createPgliteDb({ dataDir: env.DATA_DIR });
    try {
      const rows = (await db.pg.query<{ enabled: boolean; updated_by: string }>(
        `select f.enabled, f.updated_by from fill_hospital_settings f join hospitals h on h.id = f.hospital_id where h.slug = 'santa-clara-tatuape'`,
      )).rows;
      expect(rows).toEqual([{ enabled: false, updated_by: 'ana' }]);
    } finally {
      await db.close();
    }
  });
});
