import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresDb, DbError, throughRestart, waitForDatabase } from '../../../src/db/index.js';
import { startTcpGate, type TcpGate } from '../../../bench/support/tcp-gate.js';
import { freePort } from '../../helpers/free-port.js';
import { TEST_POSTGRES_URL } from '../../helpers/test-postgres.js';

// Regression (bench/chaos.ts): a worker restarted while PostgreSQL restarted exited
// at boot with ECONNREFUSED. The database here is the machine's PostgreSQL behind a
// loopback gate that refuses connections until it opens.
const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});

async function behindGate() {
  const port = await freePort();
  const url = new URL(TEST_POSTGRES_URL);
  const target = Number(url.port || 5432);
  url.port = String(port);
  url.hostname = '127.0.0.1';
  const db = createPostgresDb({ url: url.toString(), max: 1 });
  closers.push(() => db.close());
  return { db, open: async () => { const g: TcpGate = await startTcpGate(port, target); closers.push(() => g.close()); } };
}

describe('waitForDatabase', () => {
  it('waits for a database that refuses connections, then proceeds once it answers', async () => {
    const { db, open } = await behindGate();
    const started = Date.now();
    setTimeout(() => void open(), 1_500);
    await waitForDatabase(db, { timeoutMs: 30_000, firstDelayMs: 100 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
    expect(await db.query<{ n: number }>('select 1 as n')).toEqual([{ n: 1 }]);
  });

  it('gives up with the connection error once its time is spent', async () => {
    const { db } = await behindGate();
    const started = Date.now();
    await expect(waitForDatabase(db, { timeoutMs: 1_000, firstDelayMs: 100 })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('does not wait on an error that waiting cannot fix', async () => {
    const url = new URL(TEST_POSTGRES_URL);
    url.pathname = '/julia_no_such_database_h13';
    const db = createPostgresDb({ url: url.toString(), max: 1 });
    closers.push(() => db.close());
    const started = Date.now();
    await expect(waitForDatabase(db, { timeoutMs: 30_000 })).rejects.toMatchObject({ code: '3D000' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('a boot step is run again after a cut connection reported through our DbError, and not after any other error', async () => {
    let calls = 0;
    const key = await throughRestart(async () => {
      if (++calls < 3) throw new DbError('job_signing_key', 'ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432');
      return 'k';
    }, { timeoutMs: 10_000, firstDelayMs: 10 });
    expect([key, calls]).toEqual(['k', 3]);
    let missing = 0;
    const undefinedFunction = throughRestart(async () => {
      missing++;
      throw new DbError('job_signing_key', '42883', 'function job_signing_key() does not exist');
    }, { timeoutMs: 10_000, firstDelayMs: 10 });
    await expect(undefinedFunction).rejects.toMatchObject({ sqlState: '42883' });
    expect(missing).toBe(1);
  });
});
