import type { Config } from '../config.js';
import { openDb } from '../db/index.js';
import { formatInvariantLines, runInvariants } from '../ops/index.js';

/**
 * `julia invariants [--hours N]`: runs the spec's 9.4 checks (I1-I6, O1-O4)
 * as SQL in the database and exits 1 listing every violation.
 */
export async function run(config: Config, args: string[] = []): Promise<number> {
  const i = args.indexOf('--hours');
  const hours = i >= 0 ? Number(args[i + 1]) : 24;
  if (!Number.isFinite(hours) || hours <= 0) {
    console.error('julia invariants: --hours must be a positive number');
    return 2;
  }
  const db = await openDb(config.database);
  try {
    const since = new Date(Date.now() - hours * 3_600_000);
    const report = await runInvariants(db, since, undefined, config.businessHours);
    for (const line of formatInvariantLines(report)) console.log(line);
    console.log(report.violations === 0 ? `all invariants hold (last ${hours} h)` : `${report.violations} violation(s) (last ${hours} h)`);
    return report.violations === 0 ? 0 : 1;
  } finally {
    await db.close();
  }
}
