import type { InvariantReport } from './invariants.js';

/** Thresholds of the 15-minute alert job; beyond them the managers' channel hears about it. */
export const ALERT_LIMITS = {
  /** Jobs waiting (not delayed) in one queue. */
  queueDepth: 500,
  /** Share of decided sends blocked by a rule, over at least `minSends`. */
  blockedRate: 0.3,
  minSends: 10,
  /** Agent turns that ended in a model error. */
  modelFailures: 3,
} as const;

export interface AlertInput {
  queueDepths: Record<string, number>;
  /** Evolution instances whose circuit is open, with when it may close. */
  openCircuits: Array<{ instance: string; until: Date }>;
  sends: number;
  blocked: number;
  turns: number;
  modelFailures: number;
  invariants?: InvariantReport;
}

export interface Alert {
  /** Stable per condition, so a condition that lasts is reported once per quiet period. */
  key: string;
  text: string;
}

/** Pure: which conditions are alarming now (Portuguese text for the managers). */
export function evaluateAlerts(input: AlertInput): Alert[] {
  const out: Alert[] = [];
  for (const [queue, depth] of Object.entries(input.queueDepths)) {
    if (depth > ALERT_LIMITS.queueDepth) out.push({ key: `queue-${queue}`, text: `Fila ${queue} acumulada: ${depth} jobs esperando.` });
  }
  for (const c of input.openCircuits) {
    out.push({ key: `circuit-${c.instance}`, text: `WhatsApp: circuito aberto na instância ${c.instance} até ${c.until.toISOString()}; envios adiados.` });
  }
  if (input.sends >= ALERT_LIMITS.minSends && input.blocked / input.sends > ALERT_LIMITS.blockedRate) {
    const pct = Math.round((100 * input.blocked) / input.sends);
    out.push({ key: 'blocked-rate', text: `${pct}% dos envios bloqueados por regra nos últimos 15 min (${input.blocked} de ${input.sends}).` });
  }
  if (input.modelFailures >= ALERT_LIMITS.modelFailures) {
    out.push({ key: 'model-failures', text: `Modelo falhando: ${input.modelFailures} de ${input.turns} turnos com erro nos últimos 15 min.` });
  }
  if (input.invariants && input.invariants.violations > 0) {
    const failing = input.invariants.checks.filter((c) => c.violations > 0).map((c) => `${c.id} (${c.violations})`);
    out.push({ key: 'invariants', text: `julia invariants falhando: ${failing.join(', ')}.` });
  }
  return out;
}
