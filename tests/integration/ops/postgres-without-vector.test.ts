import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDb, listMigrations, migrate } from '../../../src/db/index.js';
import { withoutVector } from '../../../src/db/vector-support.js';
import { createKnowledge, createLocalEmbedder, indexKnowledge, KNOWLEDGE_DIR } from '../../../src/retrieval/index.js';
import { createScratchDatabase, type ScratchDatabase } from '../../helpers/test-postgres.js';

// The machine's PostgreSQL 15 has no pgvector package: the same migrations must
// apply, knowledge must index and be found by full text, and memories must work.
describe('PostgreSQL without pgvector', () => {
  let scratch: ScratchDatabase;
  let db: ReturnType<typeof createPostgresDb>;
  const embedder = createLocalEmbedder();

  beforeAll(async () => {
    scratch = await createScratchDatabase('novec');
    db = createPostgresDb({ url: scratch.url, max: 4 });
  });
  afterAll(async () => {
    await db?.close();
    await scratch?.drop();
  });

  it('applies every migration, records the on-disk checksums, and a second run applies nothing', async () => {
    const [ext] = await db.query<{ n: number }>("select count(*)::int as n from pg_available_extensions where name = 'vector'");
    expect(ext!.n).toBe(0);
    const applied = await migrate(db);
    const files = listMigrations();
    expect(applied).toEqual(files.map((f) => f.name));
    const ledger = await db.query<{ name: string; checksum: string }>('select name, checksum from schema_migrations order by name');
    expect(ledger).toEqual(files.map((f) => ({ name: f.name, checksum: f.checksum })));
    expect(await migrate(db)).toEqual([]);
    const [col] = await db.query<{ t: string }>(
      "select data_type as t from information_schema.columns where table_name = 'knowledge_chunks' and column_name = 'embedding'",
    );
    expect(col!.t).toBe('text');
    expect(await db.rpc('knowledge_capabilities')).toEqual({ vector: false });
  });

  it('lets web and workers boot at the same moment, on a fresh database and on a migrated one', async () => {
    // Every process runs migrate() at boot. The ledger and the text-cosine shim used to be
    // written outside the migration lock, and two processes replacing the shim at once got
    // "tuple concurrently updated": a worker died at boot.
    const fresh = await createScratchDatabase('novecboot');
    const pools = Array.from({ length: 6 }, () => createPostgresDb({ url: fresh.url, max: 1 }));
    try {
      for (let round = 0; round < 3; round++) {
        const results = await Promise.allSettled(pools.map((p) => migrate(p)));
        expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
        const applied = results.flatMap((r) => (r as PromiseFulfilledResult<string[]>).value);
        expect(applied).toEqual(round === 0 ? expect.arrayContaining(listMigrations().map((f) => f.name)) : []);
        expect(applied).toHaveLength(round === 0 ? listMigrations().length : 0);
      }
    } finally {
      await Promise.all(pools.map((p) => p.close()));
      await fresh.drop();
    }
  });

  it('indexes the playbooks and retrieves them by full text only', async () => {
    const report = await indexKnowledge({ db, embedder, dir: KNOWLEDGE_DIR });
    expect(report.embedded).toBeGreaterThan(10);
    const warnings: string[] = [];
    const logger = { warn: (m: unknown) => warnings.push(String(m)), info() {}, debug() {}, error() {}, child() { return logger; } };
    const { retriever } = createKnowledge({ db, embedder, logger: logger as never });
    const top = await retriever.retrieve('o valor do plantão está baixo', { k: 3 });
    expect(top.length).toBeGreaterThan(0);
    expect(top.every((c) => c.via.length === 1 && c.via[0] === 'text')).toBe(true);
    await retriever.retrieve('nao tenho tempo', { k: 3 });
    // Said once (at boot), not on every query.
    expect(warnings.filter((w) => w.includes('full text only'))).toHaveLength(1);
  });

  it('saves, dedupes and ranks doctor memories with the exact text-cosine fallback', async () => {
    const doctor = await db.rpc<{ id: string }>('doctor_upsert', { p_phone: '5511988887777', p_name: 'Dra. Sem Vetor' });
    const { memory } = createKnowledge({ db, embedder });
    const first = await memory.save(doctor.id, { tipo: 'preferencia', informacao: 'prefere plantões noturnos na zona sul', confianca: 'alta' });
    expect(first.status).toBe('saved');
    expect((await memory.save(doctor.id, { tipo: 'preferencia', informacao: 'prefere plantões noturnos na zona sul', confianca: 'alta' })).status).toBe('duplicate');
    await memory.save(doctor.id, { tipo: 'restricao', informacao: 'não trabalha aos domingos', confianca: 'media' });
    const found = await memory.relevant(doctor.id, 'plantão noturno zona sul', 2);
    expect(found[0]!.id).toBe(first.id);
    expect(found[0]!.score!).toBeGreaterThan(found[1]!.score!);
  });

  it('rewrites only what needs pgvector', () => {
    const sql = 'create extension if not exists vector;\ncreate table t (e vector(1024) not null, tsv tsvector);\n' +
      'create index i on t using hnsw (e vector_cosine_ops);\nselect $1::vector;';
    expect(withoutVector(sql)).toBe(
      '-- (pgvector absent) extension skipped\ncreate table t (e text not null, tsv tsvector);\n' +
        '-- (pgvector absent) vector index skipped\nselect $1::text;',
    );
  });
});
