import type { Db } from '../db/index.js';
import type { BusinessHours } from '../shared/business-hours.js';

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

/**
 * The spec's 9.4 checks (I1-I6, O1-O4), run as SQL: shared by `julia invariants` and the alert job.
 * O3 checks the configured business hours; without them, spec O3's Monday-Friday 08-20.
 */
export function runInvariants(db: Db, since: Date, now?: Date, hours?: BusinessHours): Promise<InvariantReport> {
  return db.rpc<InvariantReport>('julia_invariants', {
    p_since: since,
    ...(now ? { p_now: now } : {}),
    ...(hours ? { p_business_start: hours.startHour, p_business_end: hours.endHour, p_business_days: [...hours.days] } : {}),
  });
}

/** One line per check; failing ones carry their count and sample ids (never text or phones). */
export function formatInvariantLines(report: InvariantReport): string[] {
  return report.checks.map((c) => {
    const mark = c.violations === 0 ? 'ok  ' : 'FAIL';
    return `${mark} ${c.id.padEnd(3)} ${c.description}${c.violations ? `: ${c.violations} (e.g. ${c.sample.join(', ')})` : ''}`;
  });
}
