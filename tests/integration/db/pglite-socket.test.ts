import { existsSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import postgres from 'postgres';
import { afterEach, describe, expect, it } from 'vitest';
import { createPgliteWorkerDb, socketPathFor, SOCKET_IDLE_TIMEOUT_MS, type SqlDb } from '../../../src/db/index.js';

const SETUP = `
  create table t (id serial primary key, who text not null);
  create function t_add(p_who text) returns jsonb language sql as $$ insert into t (who) values (p_who) returning jsonb_build_object('id', id) $$;
  create function t_whos() returns jsonb language sql as $$ select coalesce(jsonb_agg(who order by id), '[]') from t $$;
  create function echo(p_n int) returns jsonb language sql as $$ select jsonb_build_object('n', p_n) $$;
`;

/**
 * The embedded database served on a Unix socket by the thread that holds it, with the
 * service's own statements on the same one PGlite session (docs/decisions/0255).
 */
describe('PGlite served on a socket beside the service', () => {
  const open: Array<{ end(o?: { timeout?: number }): Promise<void> }> = [];
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const c of open.splice(0)) await c.end({ timeout: 0 }).catch(() => {});
    for (const c of closers.splice(0)) await c().catch(() => {});
  });

  async function service(dataDir = mkdtempSync(join(tmpdir(), 'pglite-socket-'))): Promise<{ db: SqlDb; path: string; dataDir: string }> {
    const path = socketPathFor(dataDir);
    const db = await createPgliteWorkerDb({ dataDir, socketPath: path });
    closers.push(() => db.close());
    return { db, path, dataDir };
  }
  const client = (path: string) => {
    const sql = postgres({ path, max: 1, prepare: false, onnotice: () => {} });
    open.push(sql);
    return sql;
  };
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('a client transaction is its own: the service neither sees it half done nor loses its writes to its rollback', async () => {
    const { db, path } = await service();
    await db.exec(SETUP);
    const sql = client(path);
    let seenDuring: string[] | undefined;
    const rolledBack = sql
      .begin(async (tx) => {
        await tx`insert into t (who) values ('client')`;
        await sleep(300);
        await tx`select 1/0`;
      })
      .catch((err: Error) => err.message);
    await sleep(80);
    // The service writes and reads while the client's transaction is open.
    const during = (async () => {
      await db.rpc('t_add', { p_who: 'service' });
      seenDuring = await db.rpc<string[]>('t_whos');
    })();
    expect(await rolledBack).toBe('division by zero');
    await during;
    // It waited for the client: never saw the client's uncommitted row, and its own row survived the rollback.
    expect(seenDuring).toEqual(['service']);
    expect(await db.rpc('t_whos')).toEqual(['service']);
    expect(await sql`select who from t order by id`).toEqual([{ who: 'service' }]);
  });

  it('every answer goes to whoever asked, however the two sides interleave', async () => {
    const { db, path } = await service();
    await db.exec(SETUP);
    const sql = client(path);
    await sql`select 1`;
    // One at a time on each side, both sides at once: their turns alternate.
    const fromService: Array<{ n: number }> = [];
    const fromClient: number[] = [];
    await Promise.all([
      (async () => {
        for (let n = 0; n < 200; n++) fromService.push(await db.rpc<{ n: number }>('echo', { p_n: n }));
      })(),
      (async () => {
        for (let n = 0; n < 60; n++) fromClient.push((await sql`select ${-n - 1}::int as m`)[0]!.m as number);
      })(),
    ]);
    expect(fromService.map((r) => r.n)).toEqual(Array.from({ length: 200 }, (_, n) => n));
    expect(fromClient).toEqual(Array.from({ length: 60 }, (_, n) => -n - 1));
  });

  it('a client that goes away inside a transaction is rolled back, and the service goes on', async () => {
    const { db, path } = await service();
    await db.exec(SETUP);
    const sql = client(path);
    const left = sql
      .begin(async (tx) => {
        await tx`insert into t (who) values ('gone')`;
        await sleep(60_000);
      })
      .catch(() => 'closed');
    await sleep(150);
    await sql.end({ timeout: 0 });
    expect(await left).toBe('closed');
    expect(await db.rpc('t_add', { p_who: 'after' })).toHaveProperty('id');
    expect(await db.rpc('t_whos')).toEqual(['after']);
    // Several clients at once take turns.
    const many = await Promise.all(Array.from({ length: 4 }, async (_, i) => (await client(path)`select ${i}::int as i`)[0]!.i));
    expect(many).toEqual([0, 1, 2, 3]);
  });

  it('clients in transactions at once each get their own, and only the committed ones stay', async () => {
    const { db, path } = await service();
    await db.exec(SETUP);
    const committed = new Set<string>();
    const run = (who: string, fail: boolean) =>
      client(path)
        .begin(async (tx) => {
          for (let i = 0; i < 3; i++) {
            await tx`insert into t (who) values (${who})`;
            const rows = (await tx`select who from t where who <> 'service'`) as unknown as Array<{ who: string }>;
            // Its own rows so far, and of the others only what they had committed.
            expect(rows.filter((r) => r.who === who)).toHaveLength(i + 1);
            for (const other of rows.filter((r) => r.who !== who)) expect(committed.has(other.who)).toBe(true);
            await sleep(20);
          }
          if (fail) throw new Error('desiste');
        })
        .then(
          () => {
            committed.add(who);
            return 'committed';
          },
          (err: Error) => err.message,
        );
    const service_ = (async () => {
      for (let i = 0; i < 10; i++) await db.rpc('t_add', { p_who: 'service' });
    })();
    const outcomes = await Promise.all([run('a', false), run('b', true), run('c', false), service_]);
    expect(outcomes.slice(0, 3)).toEqual(['committed', 'desiste', 'committed']);
    const whos = await db.rpc<string[]>('t_whos');
    expect(whos.filter((w) => w === 'service')).toHaveLength(10);
    expect(whos.filter((w) => w !== 'service').sort()).toEqual(['a', 'a', 'a', 'c', 'c', 'c']);
  });

  it('a client that opens a transaction and goes silent is cut off, and the service waits no longer than that', async () => {
    const { db, path } = await service();
    await db.exec(SETUP);
    const sql = client(path);
    const silent = sql
      .begin(async (tx) => {
        await tx`insert into t (who) values ('silent')`;
        await sleep(60_000);
      })
      .catch(() => 'cut off');
    await sleep(150);
    const started = Date.now();
    expect(await db.rpc('t_add', { p_who: 'service' })).toHaveProperty('id');
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThan(SOCKET_IDLE_TIMEOUT_MS - 1_000);
    expect(waited).toBeLessThan(SOCKET_IDLE_TIMEOUT_MS + 5_000);
    expect(await silent).toBe('cut off');
    expect(await db.rpc('t_whos')).toEqual(['service']);
  }, 60_000);

  it('listens only for its user, removes the socket on close, and replaces a stale one on start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pglite-socket-'));
    const path = socketPathFor(dataDir);
    // A socket file left by a holder that was killed.
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, 'stale');
    const first = await createPgliteWorkerDb({ dataDir, socketPath: path });
    expect(statSync(path).isSocket()).toBe(true);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(path)).mode & 0o777).toBe(0o700);
    expect(await client(path)`select 41 + 1 as n`).toEqual([{ n: 42 }]);
    await first.close();
    expect(existsSync(path)).toBe(false);
  });

  it('a DATA_DIR too deep for a socket path is served from a private directory named after it', async () => {
    const deep = join(mkdtempSync(join(tmpdir(), 'pglite-socket-')), 'x'.repeat(120));
    const path = socketPathFor(deep);
    expect(Buffer.byteLength(path)).toBeLessThan(104);
    expect(path.startsWith(deep)).toBe(false);
    expect(socketPathFor(deep)).toBe(path);
    expect(socketPathFor(`${deep}y`)).not.toBe(path);
    const { db } = await service(deep);
    await db.exec(SETUP);
    await db.rpc('t_add', { p_who: 'deep' });
    expect(statSync(dirname(path)).mode & 0o777).toBe(0o700);
    expect(await client(path)`select who from t`).toEqual([{ who: 'deep' }]);
  });
});
