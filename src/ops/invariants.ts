import type { Db } from '../db/index.js';

export interface InvariantCheck {
  id: string;
  description: string;
  violations: number;
  sample: string[];
}

export interface InvariantReport {
  checks: InvariantCheck[];
  violations: number;
}

/** The spec's 9.4 checks (I1-I6, O1-O4), run as SQL: shared by `julia invariants` and the alert job. */
export function runInvariants(db: Db, since: Date, now?: Date): Promise<InvariantReport> {
  return db.rpc<InvariantReport>('julia_invariants', { p_since: since, ...(now ? { p_now: now } : {}) });
}

/** One line per check; failing ones carry their count and sample ids (never text or phones). */
export function formatInvariantLines(report: InvariantReport): string[] {
  return report.checks.map((c) => {
    const mark = c.violations === 0 ? 'ok  ' : 'FAIL';
    return `${mark} ${c.id.padEnd(3)} ${c.description}${c.violations ? `: ${c.violations} (e.g. ${c.sample.join(', ')})` : ''}`;
  });
}
