/**
 * A fresh embedded database per test file or eval scenario: starting PGlite from the migrated and seeded dump
 * against restoring one database in place (src/db/pglite-snapshot.ts). Run: node --import tsx bench/pglite-restore.ts
 * Prints JSON: wall and CPU milliseconds per fresh database, median of BENCH_ROUNDS (default 8) each.
 */
import { readFileSync } from 'node:fs';
import { createPgliteDb, migrate, snapshotPglite } from '../src/db/index.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function measure(fn: () => Promise<void>): Promise<{ wall_ms: number; cpu_ms: number }> {
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    const c = process.cpuUsage();
    await fn();
    const used = process.cpuUsage(c);
    walls.push(performance.now() - t);
    cpus.push((used.user + used.system) / 1000);
  }
  return { wall_ms: Math.round(median(walls)), cpu_ms: Math.round(median(cpus)) };
}

const db = await createPgliteDb();
await migrate(db);
await db.exec(readFileSync(new URL('../supabase/seed.sql', import.meta.url), 'utf8'));
const dump = await db.pg.dumpDataDir('none');

const start = await measure(async () => {
  const fresh = await createPgliteDb({ loadDataDir: dump });
  await fresh.query('select 1');
  await fresh.close();
});

const snapshot = await snapshotPglite(db.pg);
// Each round first leaves what a test would: a doctor, a conversation and a reserved shift.
const restore = await measure(async () => {
  const d = await db.rpc<{ id: string }>('doctor_upsert', { p_phone: `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`, p_name: 'Bench' });
  await db.rpc('agent_conversation_open', { p_doctor_id: d.id });
  await db.exec(`update shifts set status = 'reserved', reserved_by = '${d.id}' where id = (select id from shifts where status = 'open' limit 1)`);
  await snapshot.restore();
});
const unchanged = await measure(async () => void (await snapshot.unchanged()));
await db.close();

console.log(JSON.stringify({ rounds: ROUNDS, start_from_dump: start, restore_in_place: restore, catalog_check: unchanged }, null, 2));
