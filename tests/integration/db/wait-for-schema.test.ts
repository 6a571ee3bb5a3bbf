import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/shared/errors.js';
import { createPostgresDb, listMigrations, migrate, waitForSchema } from '../../../src/db/index.js';
import { createScratchDatabase } from '../../helpers/test-postgres.js';

// `julia web` does not migrate. Started beside the workers on a new database it used to
// die at boot ("function job_signing_key() does not exist"); it now waits for them.
const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const c of closers.splice(0).reverse()) await c();
});

async function scratch() {
  const s = await createScratchDatabase('schemawait');
  closers.push(() => s.drop());
  const web = createPostgresDb({ url: s.url, max: 1 });
  const worker = createPostgresDb({ url: s.url, max: 1 });
  closers.push(() => web.close(), () => worker.close());
  return { web, worker };
}

function recordingLogger() {
  const lines: Array<{ level: string; msg: string; obj?: unknown }> = [];
  const at = (level: string) => (a: unknown, b?: unknown) => lines.push(typeof a === 'string' ? { level, msg: a } : { level, msg: String(b), obj: a });
  const logger = { warn: at('warn'), info: at('info'), debug() {}, error: at('error'), child: () => logger };
  return { logger: logger as never, lines };
}

describe('waitForSchema (julia web beside the migrating workers)', () => {
  it('waits on an empty database until a worker has migrated it, saying so once', async () => {
    const { web, worker } = await scratch();
    const { logger, lines } = recordingLogger();
    let migratedAt = 0;
    setTimeout(() => void migrate(worker).then(() => (migratedAt = Date.now())), 800);
    await waitForSchema(web, { timeoutMs: 60_000, pollMs: 100, logger });
    expect(migratedAt).toBeGreaterThan(0);
    expect(Date.now()).toBeGreaterThanOrEqual(migratedAt);
    const warns = lines.filter((l) => l.level === 'warn');
    expect(warns).toHaveLength(1);
    expect(warns[0]!.obj).toMatchObject({ pending: listMigrations().length, first: listMigrations()[0]!.name });
    expect(lines.at(-1)).toMatchObject({ level: 'info', msg: 'database schema is up to date' });
    // The function web failed on is there now.
    expect((await web.rpc<{ key: string }>('job_signing_key')).key).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives up after its bound with an error that says what to run', async () => {
    const { web } = await scratch();
    const err = await waitForSchema(web, { timeoutMs: 400, pollMs: 100 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toBe(
      `database schema is not up to date: ${listMigrations().length} migration(s) pending (first: ${listMigrations()[0]!.name}). ` +
        'Run `julia migrate`, or start a `julia worker`, which migrates at boot.',
    );
  });

  it('answers at once, silently, when the schema is up to date', async () => {
    const { web, worker } = await scratch();
    await migrate(worker);
    const { logger, lines } = recordingLogger();
    const started = Date.now();
    await waitForSchema(web, { timeoutMs: 60_000, pollMs: 1_000, logger });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(lines).toEqual([]);
  });
});
