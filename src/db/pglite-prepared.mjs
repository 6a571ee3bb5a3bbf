// One round into PGlite per rpc, on a statement prepared once per SQL text.
// Plain JS: the PGlite worker thread (pglite-thread.mjs) imports it without the tsx
// loader, and pglite.ts (in process) uses the same code.
//
// Why: PGlite's query() makes six calls into WebAssembly for every statement (Parse,
// Describe, Bind, Describe, Execute, Sync), each with its own message parsing in JS,
// and PostgreSQL parses and resolves `select fn(a => $1, ...)` anew each time. On the
// embedded engine the database thread is the bottleneck of a burst of doctors
// (bench/burst.ts), and a turn makes about sixteen such calls. An rpc's SQL text is
// fixed per function and argument set, so each text is prepared once under a name
// (Parse + Describe, which also gives the parameter types the values are serialized
// by), and each call is then one Bind + Describe + Execute + Sync. Values are
// serialized and rows parsed by PGlite's own serializers and parsers, so a call
// answers exactly what query() would.
import { parse, protocol } from '@electric-sql/pglite';

const { serialize } = protocol;

/** SQLSTATEs that mean a cached statement no longer fits the schema: prepare it again. */
const STALE = new Set(['26000', '0A000']);

function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export function createPreparedRunner(pg) {
  /** sql -> { name, types } */
  const statements = new Map();
  let seq = 0;

  async function prepare(sql) {
    const name = `julia_rpc_${++seq}`;
    const { messages } = await pg.execProtocol(
      concat([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]),
    );
    const description = messages.find((m) => m.name === 'parameterDescription');
    const statement = { name, types: description?.dataTypeIDs ?? [] };
    statements.set(sql, statement);
    return statement;
  }

  async function execute(statement, params) {
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = pg.serializers[statement.types[i]];
      return serializer ? serializer(value) : value.toString();
    });
    const { messages } = await pg.execProtocol(
      concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    return parse.parseResults(messages, pg.parsers)[0]?.rows ?? [];
  }

  /** Rows of `sql` with `params`, as pg.query(sql, params).rows. */
  return async function run(sql, params = []) {
    // The same locks query() takes: never inside another caller's open transaction.
    return pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(async () => {
        const known = statements.get(sql);
        try {
          return await execute(known ?? (await prepare(sql)), params);
        } catch (err) {
          if (!known || !STALE.has(err?.code)) throw err;
          statements.delete(sql);
          await pg.execProtocol(concat([serialize.close({ type: 'S', name: known.name }), serialize.sync()])).catch(() => {});
          return execute(await prepare(sql), params);
        }
      }),
    );
  };
}
