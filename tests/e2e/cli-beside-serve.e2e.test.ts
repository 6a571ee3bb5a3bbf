import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE, openDb, socketPathFor, type SqlDb } from '../../src/db/index.js';
import { evolutionPayload } from '../helpers/evolution-fixture.js';
import { waitFor } from '../helpers/wait-for.js';
import { inboundDone, juliaBeside, startServed, type Ran, type Served } from './served.js';


/**
 * "With `npm start` running on the embedded default, from another shell: `julia status`,
 * `julia campaign create … && julia campaign start ID` all work" (issue 27). Each
 * command is its own process, with nothing configured but what `julia serve` has.
 */
describe('the CLI beside julia serve on the embedded default', () => {
  let s: Served;
  const julia = (...args: string[]) => juliaBeside(s, ...args);
  const ok = (r: Ran) => {
    expect(r.stderr, r.stdout).toBe('');
    expect(r.status).toBe(0);
    return r.stdout;
  };
  let answered = 0;

  beforeAll(async () => {
    s = await startServed({ anthropic: () => ({ text: `Oi! Tudo bem? (${++answered})` }) });
    await s.start();
  }, 120_000);
  afterAll(() => s?.close());

  it('status, campaign create/start/list, groups and invariants succeed while the service runs', async () => {
    const status = JSON.parse(ok(await julia('status', '--json')));
    expect(status).toHaveProperty('queues');

    const created = ok(await julia('campaign', 'create', '--name', 'Reativação ao lado', '--type', 'reativacao', '--template', 'Oi {{primeiro_nome}}!', '--inactive-days', '60'));
    const id = /criada: ([0-9a-f-]{36})\s+draft/.exec(created)?.[1];
    expect(id).toBeDefined();
    expect(ok(await julia('campaign', 'start', id!))).toMatch(/^draft -> scheduled/);
    expect(ok(await julia('campaign', 'list'))).toContain('Reativação ao lado');
    ok(await julia('groups', 'review'));
    ok(await julia('groups', 'stats'));
    expect(ok(await julia('invariants'))).toContain('all invariants hold');

    // The socket is private to the user, inside DATA_DIR, and the service still owns the lock.
    const socket = socketPathFor(s.dataDir);
    expect(socket.startsWith(s.dataDir)).toBe(true);
    expect(statSync(socket).mode & 0o777).toBe(0o600);
    expect(statSync(join(s.dataDir, 'run')).mode & 0o777).toBe(0o700);
  }, 240_000);

  it('the service keeps answering /readyz and processing a webhook while a command runs', async () => {
    const invariants = julia('invariants', '--hours', '720');
    const readyz: Array<{ status: number; body: string }> = [];
    const poll = (async () => {
      const until = Date.now() + 1_500;
      while (Date.now() < until) {
        const r = await fetch(`${s.url}/readyz`);
        readyz.push({ status: r.status, body: await r.text() });
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const res = await s.post(evolutionPayload('text-conversation', { id: 'BESIDE-1', remoteJid: '5511976541001@s.whatsapp.net', text: 'oi, tem plantão?' }));
    expect(res.status).toBe(200);
    await inboundDone(s, 'BESIDE-1');
    await poll;
    expect(ok(await invariants)).toContain('all invariants hold');
    expect(readyz.length).toBeGreaterThan(3);
    expect(readyz.filter((r) => r.status !== 200)).toEqual([]);
    // Read through the same socket, from this process: the message is stored once.
    const db = (await openDb({ kind: 'pglite', dataDir: s.dataDir })) as SqlDb;
    try {
      const rows = await db.query<{ n: number }>(
        "select count(*)::int as n from interactions where provider_message_id = 'BESIDE-1' and direction = 'inbound'",
      );
      expect(rows[0]!.n).toBe(1);
    } finally {
      await db.close();
    }
  }, 120_000);

  it('commands at once, under a burst of webhooks, corrupt nothing', async () => {
    const ids = Array.from({ length: 30 }, (_, i) => `BESIDE-LOAD-${i}`);
    const posts = ids.map((id, i) =>
      s.post(evolutionPayload('text-conversation', { id, remoteJid: `55119765420${String(i).padStart(2, '0')}@s.whatsapp.net`, text: `oi ${i}` })),
    );
    const commands = await Promise.all([
      julia('status', '--json'),
      julia('campaign', 'list'),
      julia('invariants'),
      julia('campaign', 'create', '--name', 'Sob carga', '--type', 'reativacao', '--template', 'Oi {{primeiro_nome}}!', '--inactive-days', '30'),
    ]);
    for (const r of commands) ok(r);
    expect((await Promise.all(posts)).every((r) => r.status === 200)).toBe(true);
    for (const id of ids) await inboundDone(s, id);
    expect(ok(await julia('invariants'))).toContain('all invariants hold');
    const db = (await openDb({ kind: 'pglite', dataDir: s.dataDir })) as SqlDb;
    try {
      const [stored] = await db.query<{ n: number }>(
        "select count(*)::int as n from interactions where provider_message_id like 'BESIDE-LOAD-%' and direction = 'inbound'",
      );
      expect(stored!.n).toBe(ids.length);
      const [campaigns] = await db.query<{ n: number }>("select count(*)::int as n from campaigns where name = 'Sob carga'");
      expect(campaigns!.n).toBe(1);
    } finally {
      await db.close();
    }
    // Still serving after all of it.
    expect((await fetch(`${s.url}/readyz`)).status).toBe(200);
  }, 240_000);

  it('once the service stops, commands open the directory themselves; a crash leaves nothing in the way', async () => {
    expect(await s.stop()).toBe(0);
    const socket = socketPathFor(s.dataDir);
    expect(existsSync(socket)).toBe(false);
    expect(existsSync(join(s.dataDir, LOCK_FILE))).toBe(false);
    expect(ok(await julia('campaign', 'list'))).toContain('Reativação ao lado');

    // Killed: the lock and the socket file stay behind.
    await s.start();
    expect(s.kill('SIGKILL')).toBe(true);
    await waitFor(async () => !s.running(), { timeoutMs: 10_000, what: 'the killed service to exit' });
    expect(existsSync(socket)).toBe(true);
    expect(existsSync(join(s.dataDir, LOCK_FILE))).toBe(true);
    // A command takes the dead holder's directory over, as before.
    expect(ok(await julia('campaign', 'list'))).toContain('Reativação ao lado');
    // And the next start serves again over the stale socket file.
    await s.start();
    expect(ok(await julia('campaign', 'list'))).toContain('Sob carga');
  }, 240_000);
});
