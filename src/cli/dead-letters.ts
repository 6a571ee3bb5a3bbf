import type { Config } from '../config.js';
import { openDb } from '../db/index.js';
import { createDeadLetters } from '../inbound/index.js';
import { silentLogger } from '../shared/index.js';

/**
 * `julia dead-letters [--limit N] [--source evolution|chatwoot] [--json]`:
 * webhook payloads refused because they can never be queued, newest first.
 * Bodies were masked when stored; this prints what is there.
 */
export async function run(config: Config, args: string[] = []): Promise<number> {
  const opt = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const limit = Number(opt('--limit') ?? 20);
  if (!Number.isInteger(limit) || limit <= 0) {
    console.error('julia dead-letters: --limit must be a positive integer');
    return 2;
  }
  const source = opt('--source');
  const db = await openDb(config.database);
  try {
    const rows = await createDeadLetters(db, silentLogger).list({ limit, ...(source ? { source } : {}) });
    if (args.includes('--json')) {
      for (const r of rows) console.log(JSON.stringify(r));
      return 0;
    }
    if (rows.length === 0) console.log('no dead letters');
    for (const r of rows) {
      console.log(`${r.lastSeenAt} ${r.source} x${r.attempts} ${r.bodyBytes} B  ${r.reason}`);
      console.log(`  ${r.body.slice(0, 300)}`);
    }
    return 0;
  } finally {
    await db.close();
  }
}
