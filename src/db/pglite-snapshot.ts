import type { PGlite } from '@electric-sql/pglite';

/**
 * An embedded database's rows as they are now, to put it back to later: a fresh database per run of something
 * (an eval scenario, a test file) without starting PGlite again. Starting PGlite from a dump costs about a second
 * of CPU however the dump is loaded; restoring costs a few tens of milliseconds. Only rows, sequences and the
 * session are put back: `unchanged()` says whether the schema, grants, functions, triggers, policies and roles are
 * still as they were, and a caller throws the database away when they are not.
 */
export interface PgliteSnapshot {
  restore(): Promise<void>;
  unchanged(): Promise<boolean>;
}

const USER_SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`;

const USER_TABLES = `select c.oid, format('%I.%I', n.nspname, c.relname) as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind = 'r' and ${USER_SCHEMAS}`;

const FINGERPRINT = `select md5(string_agg(x, '|' order by x)) as f from (
  select format('c %s %s %s %s %s', n.nspname, c.relname, c.relkind, c.relacl, c.relrowsecurity) x
    from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${USER_SCHEMAS}
  union all
  select format('a %s %s %s %s %s', a.attrelid::regclass, a.attname, a.atttypid, a.attnotnull, a.attisdropped)
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
   where a.attnum > 0 and ${USER_SCHEMAS}
  union all
  select format('p %s %s %s %s', p.oid::regprocedure, md5(p.prosrc), p.proacl, p.prosecdef)
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname not in ('pg_catalog', 'information_schema')
  union all select format('t %s %s %s', tgrelid::regclass, tgname, tgenabled) from pg_trigger
  union all select format('r %s %s', polrelid::regclass, polname) from pg_policy
  union all select format('u %s %s %s', rolname, rolsuper, rolbypassrls) from pg_roles
) t`;

async function fingerprint(pg: PGlite): Promise<string> {
  return (await pg.query<{ f: string }>(FINGERPRINT)).rows[0]!.f;
}

export async function snapshotPglite(pg: PGlite): Promise<PgliteSnapshot> {
  const tables = (await pg.query<{ oid: number; name: string }>(USER_TABLES)).rows;
  const rows: Array<{ table: string; columns: string; blob: Blob }> = [];
  for (const t of tables) {
    if (!(await pg.query(`select 1 from only ${t.name} limit 1`)).rows.length) continue;
    // Generated columns are computed again; COPY writes identity columns as given.
    const { rows: cols } = await pg.query<{ name: string }>(
      `select quote_ident(attname) as name from pg_attribute where attrelid = $1 and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
      [t.oid],
    );
    const columns = cols.map((c) => c.name).join(', ');
    rows.push({ table: t.name, columns, blob: (await pg.query(`copy ${t.name} (${columns}) to '/dev/blob'`)).blob! });
  }
  const { rows: sequences } = await pg.query<{ name: string; last: string | null }>(
    `select format('%I.%I', schemaname, sequencename) as name, last_value::text as last from pg_sequences`,
  );
  const taken = await fingerprint(pg);
  return {
    async restore() {
      // A clean session first: settings, role, advisory locks, temporary tables, prepared statements, listeners.
      // Then the rows, with triggers (and so foreign-key checks) off: the rows put back are the ones that were there.
      await pg.exec(`reset all; reset role; reset session authorization; select pg_advisory_unlock_all(); discard temp;
        deallocate all; unlisten *; set session_replication_role = replica; truncate ${tables.map((t) => t.name).join(', ')};`);
      try {
        for (const r of rows) await pg.query(`copy ${r.table} (${r.columns}) from '/dev/blob'`, [], { blob: r.blob });
        for (const s of sequences)
          await pg.exec(s.last === null ? `alter sequence ${s.name} restart` : `select setval('${s.name}', ${s.last}, true)`);
      } finally {
        await pg.exec('reset session_replication_role');
      }
    },
    unchanged: async () => !pg.closed && (await fingerprint(pg).catch(() => '')) === taken,
  };
}
