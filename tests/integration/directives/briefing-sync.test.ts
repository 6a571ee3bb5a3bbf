import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDb } from '../../../src/db/index.js';
import { createGoogleDocsReader } from '../../../src/integrations/google-docs/index.js';
import { createSlackNotifier } from '../../../src/integrations/slack/index.js';
import { createLogger, silentLogger } from '../../../src/shared/index.js';
import { briefingSyncHandler } from '../../../workers/briefing-sync.js';
import { startGoogleDocsFake, startSlackFake, type GoogleDocsFake, type SlackFake } from '../../fakes/index.js';
import { createTestDb, onPostgres, type TestDb } from '../../helpers/test-db.js';

const DOC = 'briefingDoc0000001';
const BRIEFING = [
  'Prioridades',
  '- Fechar os plantões de sábado.',
  'Hospital Santa Clara: pode oferecer até R$ 1.800 no noturno',
  'Não dizer',
  '- Não prometer pagamento em 7 dias.',
].join('\n');

let db: TestDb;
let docs: GoogleDocsFake;
let slack: SlackFake;
beforeAll(async () => {
  db = await createTestDb({ seed: true });
  docs = await startGoogleDocsFake();
  slack = await startSlackFake({ token: 'xoxb-sync' });
});
afterAll(async () => {
  await Promise.all([db.close(), docs.close(), slack.close()]);
});

function sync(docId: string | undefined, logger = silentLogger) {
  return briefingSyncHandler({
    db,
    documents: createGoogleDocsReader({ baseUrl: docs.url }),
    notices: createSlackNotifier({ token: 'xoxb-sync', channel: 'CGESTAO', apiUrl: `${slack.url}/api`, logger: silentLogger }),
    clock: { now: () => new Date() },
    logger,
    ...(docId ? { docId } : {}),
  });
}
const active = async () =>
  (await db.pg.query<{ id: string; text: string; scope: string; max_value_cents: number | null; period: string | null }>(
    `select id, text, scope, max_value_cents, period from manager_directives where source = $1 and revoked_at is null order by text`, [`briefing:${DOC}`])).rows;

describe('daily briefing sync', () => {
  it('stores the document as directives (the hospital line scoped, with its margin), posts the difference once; a second run changes nothing', async () => {
    docs.publish(DOC, BRIEFING);
    const first = (await sync(DOC)()) as { added: unknown[]; revoked: unknown[] };
    expect(first.added).toHaveLength(3);
    const rows = await active();
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.text.startsWith('Hospital Santa Clara'))).toMatchObject({ scope: 'hospital', max_value_cents: 180_000, period: 'noturno' });
    expect(slack.posted()).toHaveLength(1);
    expect(slack.posted()[0]!.text).toContain('3 diretriz(es) nova(s), 0 revogada(s)');
    expect(slack.posted()[0]!.text).toContain('Hospital Santa Clara, plantões noturnos');
    expect(slack.posted()[0]!.text).toContain('máximo R$ 1.800,00');

    const second = (await sync(DOC)()) as { added: unknown[]; revoked: unknown[] };
    expect(second).toMatchObject({ added: [], revoked: [] });
    expect((await active()).map((r) => r.id)).toEqual(rows.map((r) => r.id));
    expect(slack.posted()).toHaveLength(1);
  });

  it('an edited document: the removed line revoked, the new one added, the unchanged ones untouched; escaped and without personal data', async () => {
    const before = await active();
    docs.publish(DOC, BRIEFING.replace('- Fechar os plantões de sábado.', '- Avisar <!channel> e ligar para 11 98765-4321 se faltar gente.').replace('R$ 1.800', 'R$ 1.900'));
    const r = (await sync(DOC)()) as { added: Array<{ text: string }>; revoked: Array<{ text: string }> };
    expect(r.added.map((d) => d.text).sort()).toEqual(['Avisar <!channel> e ligar para 11 98765-4321 se faltar gente.', 'Hospital Santa Clara: pode oferecer até R$ 1.900 no noturno']);
    expect(r.revoked.map((d) => d.text).sort()).toEqual(['Fechar os plantões de sábado.', 'Hospital Santa Clara: pode oferecer até R$ 1.800 no noturno']);
    const kept = before.find((d) => d.text === 'Não prometer pagamento em 7 dias.')!;
    expect((await active()).find((d) => d.text === kept.text)!.id).toBe(kept.id);
    const post = slack.posted().at(-1)!.text ?? '';
    expect(post).toContain('2 diretriz(es) nova(s), 2 revogada(s)');
    expect(post).not.toContain('<!channel>');
    expect(post.replace(/\D/g, '')).not.toContain('987654321');
  });

  it(`${onPostgres ? 'PostgreSQL' : 'PGlite'}: two runs at once make one change set and one post`, async () => {
    docs.publish(DOC, `${BRIEFING}\n- Item novo para a corrida.`);
    const posts = slack.posted().length;
    const [a, b] = (await Promise.all([sync(DOC)(), sync(DOC)()])) as Array<{ added: unknown[]; revoked: unknown[] }>;
    expect(a!.added.length + b!.added.length).toBe(3);
    expect(a!.revoked.length + b!.revoked.length).toBe(2);
    expect([a!.added.length, b!.added.length].sort()).toEqual([0, 3]);
    expect(await active()).toHaveLength(4);
    expect(slack.posted().length - posts).toBe(1);
  });

  it(`${onPostgres ? 'PostgreSQL' : 'PGlite'}: six directive_sync calls at once on one document store each item once`, async () => {
    const items = [{ kind: 'outro', text: 'Sync simultâneo A' }, { kind: 'hospital', text: 'Santa Clara teto', hospital: 'Hospital Santa Clara', maxValueCents: 170_000 }];
    const runs = await Promise.all(
      Array.from({ length: 6 }, () => db.rpc<{ added: unknown[] }>('directive_sync', { p_source: 'briefing:raceDoc00001', p_items: items, p_by: 'briefing-sync', p_now: new Date() })),
    );
    expect(runs.map((r) => r.added.length).sort()).toEqual([0, 0, 0, 0, 0, 2]);
    const { rows } = await db.pg.query(`select 1 from manager_directives where source = 'briefing:raceDoc00001' and revoked_at is null`);
    expect(rows).toHaveLength(2);
  });

  it('a run that died between storing the change and posting it: the next run posts it once; a live claim is left alone', async () => {
    const doc = 'briefingCrash00001';
    docs.publish(doc, 'Prioridades\n- Item de quem caiu no meio.');
    // The process dies right after the SQL commit: nothing was posted.
    await db.rpc('directive_sync', { p_source: `briefing:${doc}`, p_items: [{ kind: 'prioridade', text: 'Item de quem caiu no meio.' }], p_by: 'briefing-sync', p_now: new Date() });
    const posts = slack.posted().length;
    const next = (await sync(doc)()) as { added: unknown[] };
    expect(next.added).toEqual([]);
    expect(slack.posted().length - posts).toBe(1);
    expect(slack.posted().at(-1)!.text).toContain('Item de quem caiu no meio.');
    await sync(doc)();
    expect(slack.posted().length - posts).toBe(1);

    // Died after claiming: the lease holds it for a while, then a later run posts it.
    docs.publish(doc, 'Prioridades\n- Outro item.');
    await db.rpc('directive_sync', { p_source: `briefing:${doc}`, p_items: [{ kind: 'prioridade', text: 'Outro item.' }], p_by: 'briefing-sync', p_now: new Date() });
    expect(await db.rpc<unknown[]>('directive_sync_claim', { p_source: `briefing:${doc}`, p_now: new Date() })).toHaveLength(1);
    await sync(doc)();
    expect(slack.posted().length - posts).toBe(1);
    const later = briefingSyncHandler({
      db, documents: createGoogleDocsReader({ baseUrl: docs.url }),
      notices: createSlackNotifier({ token: 'xoxb-sync', channel: 'CGESTAO', apiUrl: `${slack.url}/api`, logger: silentLogger }),
      clock: { now: () => new Date(Date.now() + 5 * 60_000) }, logger: silentLogger, docId: doc,
    });
    await later();
    expect(slack.posted().length - posts).toBe(2);
    expect(slack.posted().at(-1)!.text).toContain('Outro item.');
  });

  it('an empty or unreadable document revokes nothing', async () => {
    const before = await active();
    docs.publish(DOC, '\n\n');
    await expect(sync(DOC)()).rejects.toThrow(/no directives found/);
    await expect(sync('naoCompartilhado01')()).rejects.toThrow(/401/);
    expect(await active()).toEqual(before);
  });

  it('with no document configured it does nothing and says so once', async () => {
    const lines: string[] = [];
    const logger = createLogger('info', new Writable({ write: (c, _e, cb) => (lines.push(String(c)), cb()) }));
    const posts = slack.posted().length;
    const run = sync(undefined, logger);
    expect(await run()).toEqual({ skipped: 'no_document' });
    expect(await run()).toEqual({ skipped: 'no_document' });
    expect(lines.filter((l) => l.includes('BRIEFING_DOC_ID is not set'))).toHaveLength(1);
    expect(slack.posted().length).toBe(posts);
  });
});

describe.runIf(onPostgres)('PostgreSQL: the sync holds its document while it runs', () => {
  it('a second sync started while the first is uncommitted waits for it, then finds nothing to change', async () => {
    const own = createPostgresDb({ url: db.url!, max: 1 });
    const items = [{ kind: 'outro', text: 'Sync em espera' }];
    const args = ['briefing:holdDoc000001', JSON.stringify(items)];
    try {
      let second: Promise<{ added: unknown[] }> | undefined;
      let settled = false;
      await own.withMigrationLock(async (tx) => {
        const [first] = await tx.query<{ r: { added: unknown[] } }>(`select directive_sync($1, ($2::text)::jsonb, 'briefing-sync', now()) r`, args);
        expect(first!.r.added).toHaveLength(1);
        second = db.rpc<{ added: unknown[] }>('directive_sync', { p_source: args[0], p_items: items, p_by: 'briefing-sync', p_now: new Date() });
        void second.then(() => (settled = true));
        await new Promise((r) => setTimeout(r, 500));
        expect(settled).toBe(false);
      });
      expect((await second!).added).toEqual([]);
      expect((await db.pg.query(`select 1 from manager_directives where source = $1`, [args[0]])).rows).toHaveLength(1);
    } finally {
      await own.close();
    }
  });
});
