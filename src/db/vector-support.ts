import type { SqlTx } from './rpc.js';

/**
 * PostgreSQL without pgvector (a plain Debian server, some managed offers) must
 * still run Júlia. Existing migrations are checksummed and never edited, so the
 * runner adapts them as it applies them: when the `vector` extension is neither
 * installed nor installable, every file goes through `withoutVector` first. The
 * checksum is always that of the file on disk, so a database migrated either way
 * verifies the same history.
 *
 * What changes without pgvector (documented in docs/decisions/0009-postgres-without-pgvector.md):
 * - `create extension ... vector` is dropped;
 * - `vector(N)` columns and variables become `text` (the same '[0.1,...]' literal
 *   the adapters already send), `::vector` casts become `::text`;
 * - HNSW/IVFFlat indexes are dropped;
 * - `<=>` is defined for text pairs by VECTOR_SHIM_SQL: an exact cosine distance
 *   in SQL, slow but correct, which keeps doctor memories (few per doctor) working.
 *   Knowledge retrieval does not use it: it runs full text only (HybridRetriever).
 */
export type VectorSupport = 'vector' | 'text-only';

export async function vectorSupport(tx: Pick<SqlTx, 'query'>): Promise<VectorSupport> {
  const [row] = await tx.query<{ installed: boolean; available: boolean; applied: boolean }>(
    `select exists(select 1 from pg_extension where extname = 'vector') as installed,
            exists(select 1 from pg_available_extensions where name = 'vector') as available,
            exists(select 1 from schema_migrations) as applied`,
  );
  if (!row || row.installed) return 'vector';
  // A database first migrated without pgvector stays text-only even if the
  // package appears later: its columns are text, and converting them is a
  // deliberate migration, not something a boot should do behind one's back.
  return row.available && !row.applied ? 'vector' : 'text-only';
}

const RULES: Array<[RegExp, string]> = [
  [/^\s*create\s+extension\s+(if\s+not\s+exists\s+)?"?vector"?[^;]*;/gim, '-- (pgvector absent) extension skipped'],
  [/^\s*create\s+index\b[^;]*\busing\s+(hnsw|ivfflat)\b[^;]*;/gim, '-- (pgvector absent) vector index skipped'],
  [/\bvector\s*\(\s*\d+\s*\)/gi, 'text'],
  [/::\s*vector\b/gi, '::text'],
];

export function withoutVector(sql: string): string {
  return RULES.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), sql);
}

/** Applied once, before the first file, on a text-only database. Idempotent. */
export const VECTOR_SHIM_SQL = `
create or replace function julia_text_cosine_distance(a text, b text) returns float8
language sql immutable parallel safe as $fn$
  select 1 - sum(x * y) / nullif(sqrt(sum(x * x)) * sqrt(sum(y * y)), 0)
  from unnest(string_to_array(btrim(a, '[]'), ',')::float8[], string_to_array(btrim(b, '[]'), ',')::float8[]) as t(x, y)
$fn$;
do $do$ begin
  if not exists (select 1 from pg_operator where oprname = '<=>' and oprleft = 'text'::regtype and oprright = 'text'::regtype) then
    create operator <=> (leftarg = text, rightarg = text, function = julia_text_cosine_distance);
  end if;
end $do$;
`;
