import type { ScenarioScore } from './score.js';

export interface EvalTotals {
  scenarios: number;
  taskSuccessRate: number;
  toolCallAccuracy: number;
  handoffRate: number;
  guardrailViolations: number;
  validateOutputViolations: number;
  regenerations: number;
  meanLatencyMs: number;
  tokens: { input: number; output: number; cacheRead: number; cacheWrite: number };
  usdPerConversation: number;
  /** Calls that read the cached prefix, over all model calls. */
  cacheHitRate: number;
  /** Fill plans over every scenario's database, pooled (not an average of scenarios). */
  fill: { shifts: number; filled: number; fillRate: number | null; medianTimeToFillS: number | null; offersPerFilledShift: number | null };
}

function median(xs: number[]): number | null {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

function fillTotals(scores: ScenarioScore[]): EvalTotals['fill'] {
  const shifts = scores.reduce((a, s) => a + (s.fill?.shifts ?? 0), 0);
  const filled = scores.reduce((a, s) => a + (s.fill?.filled ?? 0), 0);
  const offers = scores.reduce((a, s) => a + (s.fill?.offersSent ?? 0), 0);
  return {
    shifts,
    filled,
    fillRate: shifts ? filled / shifts : null,
    medianTimeToFillS: median(scores.flatMap((s) => s.fill?.fillSeconds ?? [])),
    offersPerFilledShift: filled ? offers / filled : null,
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** Expected tools matched, over expected plus tools called without being expected. */
export function toolAccuracy(s: Pick<ScenarioScore, 'toolsExpected' | 'toolsMatched' | 'toolsUnexpected'>): number {
  const denom = s.toolsExpected + s.toolsUnexpected;
  return denom === 0 ? 1 : s.toolsMatched / denom;
}

export function totals(scores: ScenarioScore[]): EvalTotals {
  const n = scores.length || 1;
  const sum = (f: (s: ScenarioScore) => number) => scores.reduce((a, s) => a + f(s), 0);
  const expected = sum((s) => s.toolsExpected);
  const denom = expected + sum((s) => s.toolsUnexpected);
  return {
    scenarios: scores.length,
    taskSuccessRate: sum((s) => (s.success ? 1 : 0)) / n,
    toolCallAccuracy: denom === 0 ? 1 : sum((s) => s.toolsMatched) / denom,
    handoffRate: sum((s) => (s.handoff ? 1 : 0)) / n,
    guardrailViolations: sum((s) => s.guardrailViolations),
    validateOutputViolations: sum((s) => s.validateOutputViolations),
    regenerations: sum((s) => s.regenerations),
    meanLatencyMs: Math.round(sum((s) => s.latencyMs) / n),
    tokens: { input: sum((s) => s.usage.input), output: sum((s) => s.usage.output), cacheRead: sum((s) => s.usage.cacheRead), cacheWrite: sum((s) => s.usage.cacheWrite) },
    usdPerConversation: sum((s) => s.usage.usd) / n,
    cacheHitRate: sum((s) => s.cache.calls) === 0 ? 0 : sum((s) => s.cache.hits) / sum((s) => s.cache.calls),
    fill: fillTotals(scores),
  };
}

/** A fixed-width table, one line per scenario, then the totals. */
export function renderTable(scores: ScenarioScore[]): string {
  const head = ['cenário', 'ok', 'tools', 'handoff', 'guard', 'valid', 'regen', 'ms', 'in', 'out', 'c.read', 'c.write', 'US$', 'cache'];
  const rows = scores.map((s) => [
    s.id,
    s.success ? 'sim' : 'NÃO',
    pct(toolAccuracy(s)),
    s.handoff ? 'sim' : '-',
    String(s.guardrailViolations),
    String(s.validateOutputViolations),
    String(s.regenerations),
    String(s.latencyMs),
    String(s.usage.input),
    String(s.usage.output),
    String(s.usage.cacheRead),
    String(s.usage.cacheWrite),
    s.usage.usd.toFixed(4),
    `${s.cache.hits}/${s.cache.calls}`,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const t = totals(scores);
  const failures = scores.filter((s) => !s.success).flatMap((s) => s.failures.map((f) => `  ${s.id}: ${f}`));
  const misses = scores.flatMap((s) => s.cache.misses.map((m) => `  ${s.id}: ${m}`));
  return [
    line(head),
    ...rows.map(line),
    '',
    `TOTAL ${t.scenarios} cenários | sucesso ${pct(t.taskSuccessRate)} | acurácia de ferramentas ${pct(t.toolCallAccuracy)} | hand-off ${pct(t.handoffRate)} | ` +
      `violações guardrail ${t.guardrailViolations} | ValidateOutput ${t.validateOutputViolations} | regenerações ${t.regenerations} | ` +
      `latência média ${t.meanLatencyMs} ms | tokens in ${t.tokens.input} out ${t.tokens.output} cache-read ${t.tokens.cacheRead} cache-write ${t.tokens.cacheWrite} | ` +
      `US$ ${t.usdPerConversation.toFixed(4)}/conversa | cache ${pct(t.cacheHitRate)} das chamadas`,
    `preenchimento automático: ${t.fill.filled} de ${t.fill.shifts} vagas com plano preenchidas (${t.fill.fillRate === null ? '-' : pct(t.fill.fillRate)}) | ` +
      `tempo mediano até preencher ${t.fill.medianTimeToFillS === null ? '-' : `${t.fill.medianTimeToFillS.toFixed(1)} s`} | ` +
      `ofertas por vaga preenchida ${t.fill.offersPerFilledShift === null ? '-' : t.fill.offersPerFilledShift.toFixed(2)}`,
    ...(failures.length ? ['', 'falhas:', ...failures] : []),
    // Cache diagnostics: why each call that read nothing from the cache missed it.
    ...(misses.length ? ['', 'chamadas sem leitura de cache:', ...misses] : []),
  ].join('\n');
}
