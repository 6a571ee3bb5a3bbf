import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startEvolutionFake, type EvolutionFake } from '../../fakes/evolution-fake.js';
import { fileDbSharedWithProcesses } from '../../helpers/shared-db.js';
import { childAppEnv } from '../../helpers/child-app.js';
import { dropPrefix, testPrefix, testRedis } from '../../helpers/test-redis.js';
import { waitFor } from '../../helpers/wait-for.js';
import { openShift, seedFill } from './fill-fixtures.js';

const CHILD = fileURLToPath(new URL('./fill-child.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
// Wednesday 2026-03-04, 10:00 in São Paulo: waves go out inside business hours.
const BASE = new Date('2026-03-04T13:00:00Z');
const HOUR = 3_600_000;

const file = fileDbSharedWithProcesses();
const redis = testRedis();
file.cleanups.push(() => redis.disconnect());
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

function spawnChild(env: Record<string, string>): { proc: ChildProcess; ready: Promise<void>; exited: Promise<void>; output: () => string } {
  const proc = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', HUMANIZED_DELAY: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(proc);
  let out = '';
  proc.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  proc.stderr!.on('data', (b: Buffer) => (out += b.toString()));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    proc.stdout!.on('data', () => out.includes('ready') && resolve());
    void exited.then(() => reject(new Error(`child exited before ready: ${out.slice(-2000)}`)));
  });
  ready.catch(() => {});
  return { proc, ready, exited, output: () => out };
}

async function setup(label: string) {
  const prefix = testPrefix(label);
  const instances = ['n1', 'n2'];
  const fake: EvolutionFake = await startEvolutionFake({ instances });
  file.cleanups.push(async () => {
    await fake.close();
    await dropPrefix(redis, prefix);
  });
  const env = { ...childAppEnv(file.served, prefix, fake, instances), CHILD_CLOCK_BASE: BASE.toISOString(), CATCHUP_INTERVAL_MS: '0' };
  return { fake, env };
}

const sentFills = async (specialty: string) =>
  (await file.db.query<{ n: number }>(
    `select count(*)::int n from outbound_messages m join fill_offers o on o.outbound_key = m.idempotency_key
     join shifts s on s.id = o.shift_id join specialties sp on sp.id = s.specialty_id
     where m.status = 'sent' and sp.slug = $1`, [specialty]))[0]!.n;

/** Each phone the fake heard from, with how many offers it got. */
function perPhone(fake: EvolutionFake): Map<string, number> {
  const m = new Map<string, number>();
  for (const s of fake.sentTexts()) m.set(s.number, (m.get(s.number) ?? 0) + 1);
  return m;
}

describe('fill waves across worker processes', () => {
  it('two processes planning and sending at once never send the same offer twice', { timeout: 240_000 }, async () => {
    const { fake, env } = await setup('fill-two');
    await seedFill(file.db, { doctors: 30, specialty: 'fill-mp1', hospital: 'fill-mp1-h' });
    // Four shifts 3 days out: a wave of 5 each, 20 offers in all.
    for (let i = 0; i < 4; i++) await openShift(file.db, new Date(BASE.getTime() + 72 * HOUR + i * 13 * HOUR), { specialty: 'fill-mp1', hospital: 'fill-mp1-h' });
    const a = spawnChild({ ...env, CHILD_TICK_MS: '150' });
    const b = spawnChild({ ...env, CHILD_TICK_MS: '170' });
    await Promise.all([a.ready, b.ready]);
    await waitFor(async () => (await sentFills('fill-mp1')) === 20, { timeoutMs: 120_000, what: '20 offers sent' }).catch((err: Error) => {
      throw new Error(`${err.message}\n${a.output().slice(-1500)}\n${b.output().slice(-1500)}`);
    });
    // Both keep ticking a while longer: nothing more may leave.
    await new Promise((r) => setTimeout(r, 2_000));
    const phones = perPhone(fake);
    expect(fake.sentTexts()).toHaveLength(20);
    expect(phones.size).toBe(20);
    expect([...phones.values()].every((n) => n === 1)).toBe(true);
    expect((await file.db.query<{ n: number }>(`select count(*)::int n from fill_offers o join shifts s on s.id = o.shift_id join specialties sp on sp.id = s.specialty_id where sp.slug = 'fill-mp1'`))[0]!.n).toBe(20);
    a.proc.kill('SIGKILL');
    b.proc.kill('SIGKILL');
    await Promise.all([a.exited, b.exited]);
  });

  it('a process killed in the middle of a wave: the next one sends the rest, nothing skipped, nothing twice', { timeout: 240_000 }, async () => {
    const { fake, env } = await setup('fill-kill');
    await seedFill(file.db, { doctors: 20, from: 101, specialty: 'fill-mp2', hospital: 'fill-mp2-h' });
    for (let i = 0; i < 3; i++) await openShift(file.db, new Date(BASE.getTime() + 72 * HOUR + i * 13 * HOUR), { specialty: 'fill-mp2', hospital: 'fill-mp2-h' });
    // Dies right after handing the queue its 7th offer: 2 of the second wave's 5.
    const doomed = spawnChild({ ...env, CHILD_DIE_AFTER: '7' });
    await Promise.race([doomed.exited, new Promise((_, reject) => setTimeout(() => reject(new Error(`never died: ${doomed.output().slice(-1500)}`)), 90_000))]);
    expect(doomed.proc.signalCode).toBe('SIGKILL');
    const planned = await file.db.query<{ n: number }>(
      `select count(*)::int n from fill_offers o join shifts s on s.id = o.shift_id join specialties sp on sp.id = s.specialty_id where sp.slug = 'fill-mp2'`);
    expect(planned[0]!.n).toBe(10);
    const next = spawnChild({ ...env, CHILD_TICK_MS: '200' });
    await next.ready;
    await waitFor(async () => (await sentFills('fill-mp2')) === 15, { timeoutMs: 120_000, what: '15 offers sent' }).catch((err: Error) => {
      throw new Error(`${err.message}\n${next.output().slice(-2000)}`);
    });
    await new Promise((r) => setTimeout(r, 2_000));
    const phones = perPhone(fake);
    expect(fake.sentTexts()).toHaveLength(15);
    expect(phones.size).toBe(15);
    expect([...phones.values()].every((n) => n === 1)).toBe(true);
    next.proc.kill('SIGKILL');
    await next.exited;
  });
});
