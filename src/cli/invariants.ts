import type { Config } from '../config.js';
import { openDb } from '../db/index.js';

interface Check {
  id: string;
  description: string;
  violations: number;
  sample: string[];
}

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
    const report = await db.rpc<{ checks: Check[]; violations: number }>('julia_invariants', { p_since: since });
    for (const c of report.checks) {
      const mark = c.violations === 0 ? 'ok  ' : 'FAIL';
      console.log(`${mark} ${c.id.padEnd(3)} ${c.description}${c.violations ? `: ${c.violations} (e.g. ${c.sample.join(', ')})` : ''}`);
    }
    console.log(report.violations === 0 ? `all invariants hold (last ${hours} h)` : `${report.violations} violation(s) (last ${hours} h)`);
    return report.violations === 0 ? 0 : 1;
  } finally {
    await db.close();
  }
}
