import type { Db } from '../db/index.js';
import type { FillMetrics } from '../fill/index.js';
import { humanDuration } from './handoff-outcomes.js';

/** What `fill_metrics(p_since, p_until)` returns: the fill plans of the period and how they ended. */
export type FillOutcomes = FillMetrics;

/** The rolling window /metrics reports over (gauges labelled with it). */
export const FILL_METRICS_WINDOW_DAYS = 30;

export function loadFillOutcomes(db: Db, period: { since: Date; until: Date }): Promise<FillOutcomes> {
  return db.rpc<FillOutcomes>('fill_metrics', { p_since: period.since, p_until: period.until });
}

const pct = (x: number | null) => (x === null ? '-' : `${Math.round(x * 100)}%`);

/** One line for the managers' report and the terminal. */
export function formatFillOutcomes(o: FillOutcomes, label: string): string {
  const offers = o.offers_per_filled_shift === null ? '-' : o.offers_per_filled_shift.toFixed(1).replace('.', ',');
  const lead = o.median_lead_hours === null ? '' : ` · antecedência mediana ${Math.round(o.median_lead_hours)}h`;
  return `Preenchimento automático (${label}): ${o.filled} de ${o.shifts} vagas preenchidas (${pct(o.fill_rate)}) · ` +
    `tempo mediano até preencher ${humanDuration(o.median_time_to_fill_s)} · ofertas por vaga preenchida ${offers}${lead}`;
}

/** The /metrics gauges; a figure with nothing to measure (no filled shift yet) is left out rather than shown as 0. */
export function fillMetricValues(o: FillOutcomes | undefined) {
  const window = `${FILL_METRICS_WINDOW_DAYS}d`;
  const one = (v: number | null | undefined) => (v === null || v === undefined ? [] : [{ value: v, labels: { window } }]);
  return {
    shifts: one(o?.shifts),
    filled: one(o?.filled),
    rate: one(o?.fill_rate),
    median: one(o?.median_time_to_fill_s),
    offers: one(o?.offers_per_filled_shift),
  };
}
