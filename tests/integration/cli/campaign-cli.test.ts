import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { describe, expect, it, onTestFinished } from 'vitest';
import { dropPrefix, TEST_REDIS_URL, testRedis } from '../../helpers/test-redis.js';
import { migratedDataDir } from '../../helpers/test-db.js';

const JULIA = join(import.meta.dirname, '../../../src/julia.mjs');

describe('julia campaign', () => {
  it('creates, starts, pauses and shows a campaign, each command its own process', { timeout: 300_000 }, async () => {
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      LOG_LEVEL: 'warn',
      DATA_DIR: migratedDataDir('campaign'),
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: `t-campaign-cli-${process.pid}`,
    };
    const julia = (...args: string[]) => spawnSync(process.execPath, [JULIA, 'campaign', ...args], { env, encoding: 'utf8', timeout: 90_000 });
    const redis = testRedis();
    onTestFinished(async () => {
      await dropPrefix(redis, env.REDIS_PREFIX);
      redis.disconnect();
    });

    const created = julia('create', '--name', 'Reativação março', '--type', 'reativacao', '--template', 'Oi {{primeiro_nome}}!', '--inactive-days', '60');
    expect(created.stderr).toBe('');
    expect(created.status).toBe(0);
    const id = /criada: ([0-9a-f-]{36})\s+draft/.exec(created.stdout)?.[1];
    expect(id).toBeDefined();

    expect(julia('start', id!).stdout).toMatch(/^draft -> scheduled/);
    // The start asked the service's dispatcher for a run now (no worker runs here, so it waits in the queue).
    const scheduled = new Queue('scheduled', { connection: redis as never, prefix: env.REDIS_PREFIX });
    try {
      expect((await scheduled.getJobs(['waiting'])).map((j) => j.name)).toEqual(['campaign-dispatch']);
    } finally {
      await scheduled.close();
    }
    const paused = julia('pause', id!);
    expect(paused.stdout).toMatch(/^scheduled -> paused/);
    // Each command is its own process: state lives in the database.
    const shown = julia('show', id!);
    expect(JSON.parse(shown.stdout)).toMatchObject({ status: 'paused', type: 'reativacao', audience: { inactive_days: 60 }, progress: { planned: 0 } });
    expect(julia('bogus').status).toBe(2);

    // An unknown template variable is refused at creation, with the valid ones listed; nothing is created.
    const refused = julia('create', '--name', 'Errada', '--type', 'custom', '--template', 'Oi {{constructor}}, tudo bem?');
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('{{constructor}}');
    expect(refused.stderr).toContain('{{primeiro_nome}}');
    expect(julia('list').stdout).not.toContain('Errada');
  });
});
